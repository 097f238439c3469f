"""Which games this stream service's open streams follow, and how it hears of their new versions.

Everything here runs on the service's one asyncio event loop (uvicorn's), so
plain dicts need no lock.  News of a version comes from the database, never
from process memory, so it does not matter which app server took the move:

- PostgreSQL: one ``LISTEN`` connection per service process (psycopg's async
  connection) hears the ``games`` trigger's ``NOTIFY`` on commit;
- SQLite (one machine): one query every `SQLITE_POLL_SECONDS` reads the
  versions of every followed game at once, however many streams follow them.
  On PostgreSQL the same query runs every `PG_POLL_SECONDS` to cover a lost
  ``LISTEN`` connection.
"""
from __future__ import annotations

import asyncio
import json
import logging

from anyio import to_thread

from api.storage.notify import StreamLimit

log = logging.getLogger("tablekeeper")

SQLITE_POLL_SECONDS = 0.25
PG_POLL_SECONDS = 5.0
SQLITE_VERSIONS = "SELECT id, version FROM games WHERE id IN (SELECT value FROM json_each(?))"
PG_VERSIONS = "SELECT id, version FROM games WHERE id = ANY(?)"


class Watch:
    """Open streams per game, the newest version heard of each followed game, and the streams' wake-ups."""

    def __init__(self, per_game: int, per_process: int):
        self.per_game = per_game
        self.per_process = per_process
        self.streams: dict[str, int] = {}
        self.latest: dict[str, int] = {}
        self._changed: dict[str, asyncio.Event] = {}
        self.total = 0
        self.ended = 0  # streams closed since the start (for the stats)
        self.listening = False

    def open(self, game_id: str) -> None:
        """Count one more stream of `game_id`; `StreamLimit` when a cap is reached."""
        if self.total >= self.per_process:
            raise StreamLimit("on this server", self.per_process)
        if self.streams.get(game_id, 0) >= self.per_game:
            raise StreamLimit("for this game", self.per_game)
        self.streams[game_id] = self.streams.get(game_id, 0) + 1
        self._changed.setdefault(game_id, asyncio.Event())
        self.total += 1

    def close(self, game_id: str) -> None:
        """A stream of `game_id` ended (its phone went away, or its lifetime is over)."""
        left = self.streams.get(game_id, 0) - 1
        if left > 0:
            self.streams[game_id] = left
        else:
            self.streams.pop(game_id, None)
            self.latest.pop(game_id, None)
            self._changed.pop(game_id, None)
        self.total = max(0, self.total - 1)
        self.ended += 1

    def games(self) -> list[str]:
        """The games that have an open stream here."""
        return list(self.streams)

    def publish(self, game_id: str, version: int) -> None:
        """`game_id` is at `version` (ignored when no stream follows it, or when it is old news)."""
        if game_id in self.streams and version > self.latest.get(game_id, 0):
            self.latest[game_id] = version
            changed = self._changed[game_id]
            self._changed[game_id] = asyncio.Event()  # later waiters wait for the next change
            changed.set()

    async def wait(self, game_id: str, known: int, timeout: float) -> None:
        """Return when a version newer than `known` is heard of, or after `timeout` seconds."""
        if self.latest.get(game_id, 0) > known or game_id not in self._changed:
            return
        try:
            async with asyncio.timeout(max(0.0, timeout)):  # no extra task per wait, unlike wait_for
                await self._changed[game_id].wait()
        except TimeoutError:
            pass


def read_versions(store, game_ids: list[str]) -> list[tuple[str, int]]:
    """(id, version) of the given games, in one statement (runs on a worker thread)."""
    sql, arg = (PG_VERSIONS, game_ids) if store.dialect == "postgresql" else (SQLITE_VERSIONS, json.dumps(game_ids))
    try:
        return [(str(row[0]), int(row[1])) for row in store.pool.get().execute(sql, [arg]).fetchall()]
    finally:
        store.release()


async def poll_versions(watch: Watch, store) -> None:
    """Read the followed games' versions periodically and publish them (runs until cancelled)."""
    while True:
        await asyncio.sleep(PG_POLL_SECONDS if watch.listening else SQLITE_POLL_SECONDS)
        games = watch.games()
        if not games:
            continue
        try:
            versions = await to_thread.run_sync(read_versions, store, games)
        except Exception as exc:  # noqa: BLE001 - a database away for a moment: the next round tries again
            log.warning("tablekeeper streams: version check failed (%s)", exc)
            continue
        for game_id, version in versions:
            watch.publish(game_id, version)


async def listen(watch: Watch, url: str, channel: str) -> None:
    """PostgreSQL: publish every committed version change ``NOTIFY``'d on `channel` (runs until cancelled)."""
    import psycopg

    backoff = 0.5
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(url, autocommit=True, connect_timeout=5) as conn:
                await conn.execute(f"LISTEN {channel}")
                watch.listening, backoff = True, 0.5
                async for note in conn.notifies():
                    deliver(watch, note.payload)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - a lost database: the version check carries on meanwhile
            log.warning("tablekeeper streams: LISTEN connection lost (%s); reconnecting", exc)
        watch.listening = False
        await asyncio.sleep(backoff)
        backoff = min(backoff * 2, 10.0)


def deliver(watch: Watch, payload: str) -> None:
    """Publish one notification's ``{"game_id", "version"}``."""
    try:
        data = json.loads(payload)
        watch.publish(str(data["game_id"]), int(data["version"]))
    except (ValueError, KeyError, TypeError):
        log.warning("tablekeeper streams: ignored a malformed notification %r", payload[:100])
