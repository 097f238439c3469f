"""Change notifications: "game X is now at version V", fanned out to this process's event streams.

`Broker` is the in-process half: writers of this process `publish` after a
commit, stream threads `wait` for a version newer than the one they sent.
Whatever else moved the game is found by the stream's own cheap version
check (a primary-key read) or, on PostgreSQL, by `PgListener`: one thread per
process holding one connection that ``LISTEN``\\s on the channel the
``games`` trigger notifies on commit, so a move accepted by any server
reaches every server's streams within milliseconds.

The broker also counts open streams, per game and per process, so a table
cannot take every worker thread (`StreamLimit`).
"""
from __future__ import annotations

import json
import logging
import threading
import time

from api.storage.errors import StorageError, msg

log = logging.getLogger("tablekeeper")


class StreamLimit(StorageError):
    """Too many open streams (for this game, or on this server process; `where` says which)."""

    def __init__(self, where, limit: int):
        super().__init__(msg("too many open event streams {where} (limit {n}); poll instead, or retry later",
                             where=where, n=limit))


class Broker:
    """Latest known version of each game that has an open stream here, and the streams' wake-ups."""

    def __init__(self):
        self._lock = threading.Lock()
        self._wakeups: dict[str, threading.Condition] = {}  # one per followed game, all on `_lock`
        self._latest: dict[str, int] = {}
        self._streams: dict[str, int] = {}  # open streams per game
        self.closing = False

    def shutdown(self) -> None:
        """End every open stream at its next wake-up (a server stopping; tests)."""
        with self._lock:
            self.closing = True
            for wakeup in self._wakeups.values():
                wakeup.notify_all()

    def open(self, game_id: str, per_game: int, per_server: int) -> None:
        """Count one more stream of `game_id`; `StreamLimit` when a cap is reached."""
        with self._lock:
            if sum(self._streams.values()) >= per_server:
                raise StreamLimit(msg("on this server"), per_server)
            if self._streams.get(game_id, 0) >= per_game:
                raise StreamLimit(msg("for this game"), per_game)
            self._streams[game_id] = self._streams.get(game_id, 0) + 1
            self._wakeups.setdefault(game_id, threading.Condition(self._lock))

    def close(self, game_id: str) -> None:
        """A stream of `game_id` ended."""
        with self._lock:
            left = self._streams.get(game_id, 0) - 1
            if left > 0:
                self._streams[game_id] = left
            else:
                self._streams.pop(game_id, None)
                self._latest.pop(game_id, None)
                self._wakeups.pop(game_id, None)

    def open_streams(self, game_id: str | None = None) -> int:
        """Open streams of `game_id` (or of every game) in this process."""
        with self._lock:
            return sum(self._streams.values()) if game_id is None else self._streams.get(game_id, 0)

    def publish(self, game_id: str, version: int) -> None:
        """`game_id` reached `version` (ignored when no stream here follows it, or when it is old news)."""
        with self._lock:
            if game_id in self._streams and version > self._latest.get(game_id, 0):
                self._latest[game_id] = version
                self._wakeups[game_id].notify_all()  # only this game's streams wake

    def latest(self, game_id: str) -> int:
        """The newest version heard of (0 when none)."""
        with self._lock:
            return self._latest.get(game_id, 0)

    def wait(self, game_id: str, known: int, timeout: float) -> int:
        """Block until a version newer than `known` is published or `timeout` s pass; the latest version."""
        deadline = time.monotonic() + max(0.0, timeout)
        with self._lock:
            wakeup = self._wakeups.get(game_id)
            while wakeup is not None and self._latest.get(game_id, 0) <= known and not self.closing:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                wakeup.wait(left)
            return self._latest.get(game_id, 0)


class PgListener:
    """A daemon thread that LISTENs for committed version changes and publishes them to `broker`."""

    def __init__(self, url: str, broker: Broker, channel: str):
        self.url = url
        self.broker = broker
        self.channel = channel
        self.connected = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def ensure_started(self) -> None:
        """Start the thread on first use (after gunicorn forked this worker)."""
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="tablekeeper-listen", daemon=True)
                self._thread.start()

    def stop(self) -> None:
        """Ask the thread to end (it notices within a second)."""
        self._stop.set()

    def _run(self) -> None:
        import psycopg

        backoff = 0.5
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {self.channel}")
                    self.connected.set()
                    backoff = 0.5
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0):
                            self._deliver(note.payload)
            except Exception as exc:  # noqa: BLE001 - a lost database: streams fall back to their own checks
                if not self._stop.is_set():
                    log.warning("tablekeeper: LISTEN connection lost (%s); reconnecting", exc)
            self.connected.clear()
            self._stop.wait(backoff)
            backoff = min(backoff * 2, 10.0)

    def _deliver(self, payload: str) -> None:
        try:
            data = json.loads(payload)
            self.broker.publish(str(data["game_id"]), int(data["version"]))
        except (ValueError, KeyError, TypeError):
            log.warning("tablekeeper: ignored a malformed notification %r", payload[:100])
