"""GameRepository: create, load, write (apply / batch / undo) and read the log.

Every write is one ``BEGIN IMMEDIATE`` transaction: Idempotency-Key first,
then the expected version, then the engine, then the appended actions, the
refreshed snapshot and the bumped version.  Any exception rolls everything
back, so an error never leaves a changed game behind.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Iterable

from sqlite_utils import Database

from api.storage import tokens
from api.storage.db import dumps, read_transaction, write_transaction
from api.storage.engines import Engine, EngineRegistry, EngineUnavailable, RulesViolation, state_hash
from api.storage.errors import (
    GameNotFound,
    IdempotencyConflict,
    NothingToUndo,
    PreconditionRequired,
    ReplayDiverged,
    UnknownGameKind,
    VersionConflict,
)
from api.storage.models import (
    CreatedGame,
    GameRecord,
    Idempotency,
    LoadedGame,
    WriteOutcome,
    WriteResult,
    placeholders_in,
    utcnow,
)

SNAPSHOT_BLOCK = 25  # besides the head, keep the earliest snapshot of every block of this many seqs


Render = Callable[[WriteResult], tuple[int, dict]]


class GameRepository:
    """Games in one SQLite database, played by the engines of `engines`."""

    def __init__(self, db: Database, engines: EngineRegistry):
        self.db = db
        self.engines = engines

    # -- helpers --------------------------------------------------------------
    def engine(self, kind: str) -> Engine:
        """The engine for `kind`; `UnknownGameKind` if none is registered or importable."""
        engine = self.engines.get(kind)
        if engine is None:
            raise UnknownGameKind(kind, self.engines.names())
        try:
            getattr(engine, "module", None)  # force the lazy import now
        except EngineUnavailable as exc:
            raise UnknownGameKind(kind, self.engines.names(), str(exc)) from exc
        return engine

    def _record(self, game_id: str) -> GameRecord:
        cur = self.db.conn.execute("SELECT * FROM games WHERE id = ?", (game_id,))
        row = cur.fetchone()
        if row is None:
            raise GameNotFound(game_id)
        return GameRecord.from_row(dict(zip([d[0] for d in cur.description], row, strict=True)))

    def _edition(self, engine: Engine, edition_hash: str) -> Any:
        def document() -> dict:
            row = self.db.conn.execute("SELECT document FROM editions WHERE hash = ?", (edition_hash,)).fetchone()
            return json.loads(row[0])
        return engine.edition_from_store(edition_hash, document)

    def _state_at(self, record: GameRecord, engine: Engine, edition: Any, tail: int) -> Any:
        """State after the live actions up to `tail`: nearest snapshot, then replay."""
        snap_seq, data = self.db.conn.execute(
            """SELECT s.seq, s.state FROM snapshots s
               LEFT JOIN actions a ON a.game_id = s.game_id AND a.seq = s.seq
               WHERE s.game_id = ? AND s.seq <= ? AND (s.seq = 0 OR a.reverted = 0)
               ORDER BY s.seq DESC LIMIT 1""",
            (record.id, tail),
        ).fetchone()
        state = engine.state_from_dict(json.loads(data), edition)
        later = self.db.conn.execute(
            "SELECT seq, payload FROM actions WHERE game_id = ? AND reverted = 0 AND seq > ? AND seq <= ? "
            "ORDER BY seq", (record.id, snap_seq, tail),
        ).fetchall()
        for _seq, payload in later:
            state, _events = engine.apply(state, json.loads(payload))
        return state

    def _load(self, game_id: str) -> LoadedGame:
        record = self._record(game_id)
        engine = self.engine(record.kind)
        edition = self._edition(engine, record.edition_hash)
        return LoadedGame(record, engine, edition, self._state_at(record, engine, edition, record.tail_seq))

    def _save_snapshot(self, game_id: str, seq: int, state_dict: dict, now: str) -> None:
        self.db.conn.execute(
            "INSERT OR IGNORE INTO snapshots (game_id, seq, state, state_hash, created_at) VALUES (?, ?, ?, ?, ?)",
            (game_id, seq, dumps(state_dict), state_hash(state_dict), now),
        )

    def _prune_snapshots(self, game_id: str, previous: int, tail: int) -> None:
        if tail < previous:  # undo: snapshots past the new tail belong to reverted actions
            self.db.conn.execute("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, tail))
        elif tail > previous > 0:  # keep `previous` only if it is the earliest of its block
            block_start = (previous // SNAPSHOT_BLOCK) * SNAPSHOT_BLOCK
            self.db.conn.execute(
                "DELETE FROM snapshots WHERE game_id = ? AND seq = ? AND EXISTS (SELECT 1 FROM snapshots "
                "WHERE game_id = ? AND seq >= ? AND seq < ?)",
                (game_id, previous, game_id, block_start, previous),
            )

    def _play(self, engine: Engine, state: Any, actions: Iterable[dict], first_seq: int) -> tuple[Any, list[dict]]:
        """Apply `actions` in order; rows carry seq, action, events, state dict and hash."""
        rows = []
        for index, action in enumerate(actions):
            try:
                state, events = engine.apply(state, action)
            except RulesViolation as exc:
                exc.index = index
                raise
            sd = engine.state_to_dict(state)
            rows.append({"seq": first_seq + index, "action": action, "events": events,
                         "state": sd, "state_hash": state_hash(sd)})
        return state, rows

    def _append(self, game_id: str, rows: list[dict], idem_key: str | None, now: str) -> None:
        self.db.conn.executemany(
            "INSERT INTO actions (game_id, seq, payload, events, state_hash, idempotency_key, reverted, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, 0, ?)",
            [(game_id, r["seq"], dumps(r["action"]), dumps(r["events"]), r["state_hash"], idem_key, now)
             for r in rows],
        )

    # -- create -------------------------------------------------------------
    def create_game(self, kind: str, options: dict, seed: int, edition: Any,
                    actions: list[dict] | None = None, expected_state_hash: str | None = None,
                    on_created: Callable[[str, Any, str], None] | None = None) -> CreatedGame:
        """Create a game (optionally replaying `actions`, as an import does) and its secrets.

        `on_created(game_id, state, now)` runs inside the creating transaction (a campaign links its
        session game there); if it raises, the game is not stored.
        """
        engine = self.engine(kind)
        info = engine.edition_info(edition)
        state = engine.new_game(options, edition, seed)
        initial = engine.state_to_dict(state)
        state, rows = self._play(engine, state, actions or [], 1)
        final_hash = rows[-1]["state_hash"] if rows else state_hash(initial)
        if expected_state_hash and expected_state_hash != final_hash:
            raise ReplayDiverged(None, len(rows), expected_state_hash, final_hash)
        if rows:  # cross-check the engine's own replay against step-by-step application
            replayed = state_hash(engine.state_to_dict(engine.replay(options, edition, seed, list(actions))))
            if replayed != final_hash:
                raise ReplayDiverged(None, len(rows), final_hash, replayed)
        now = utcnow()
        game_id = tokens.new_game_id()
        tail = len(rows)
        status = "over" if engine.is_over(state) else "active"
        with write_transaction(self.db):
            self.db.conn.execute(
                "INSERT OR IGNORE INTO editions (hash, document, created_at) VALUES (?, ?, ?)",
                (info.content_hash, dumps(info.document), now),
            )
            self.db.conn.execute(
                "INSERT INTO games (id, kind, edition_hash, options, seed, status, version, head_seq, tail_seq, "
                "live_actions, created_at, updated_at, placeholders_used) "
                "VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)",
                (game_id, kind, info.content_hash, dumps(options), seed, status, tail, tail, tail, now, now,
                 dumps(sorted(placeholders_in(e for r in rows for e in r["events"])))),
            )
            table_token = tokens.add_token(self.db, game_id, "table", now)
            spectator_token = tokens.add_token(self.db, game_id, "spectator", now)
            join_code = tokens.set_join_code(self.db, game_id, now)
            self._append(game_id, rows, None, now)
            self._save_snapshot(game_id, 0, initial, now)
            if rows:
                self._save_snapshot(game_id, tail, rows[-1]["state"], now)
            if on_created is not None:
                on_created(game_id, state, now)
            record = self._record(game_id)
        return CreatedGame(LoadedGame(record, engine, edition, state), table_token, spectator_token, join_code)

    # -- reads --------------------------------------------------------------
    def record(self, game_id: str) -> GameRecord:
        """The ``games`` row (cheap: no state is loaded)."""
        return self._record(game_id)

    def load(self, game_id: str) -> LoadedGame:
        """The game and its current state, read from one consistent snapshot."""
        with read_transaction(self.db):
            return self._load(game_id)

    def edition_document(self, game_id: str) -> tuple[GameRecord, Any]:
        """The game record and its loaded edition."""
        with read_transaction(self.db):
            record = self._record(game_id)
            engine = self.engine(record.kind)
            return record, self._edition(engine, record.edition_hash)

    def log(self, game_id: str, after: int = 0, limit: int = 500) -> list[dict]:
        """Actions with seq > `after` (reverted ones included and marked)."""
        self._record(game_id)
        cur = self.db.conn.execute(
            "SELECT seq, payload, events, reverted, reverted_at, created_at FROM actions "
            "WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?", (game_id, after, limit),
        )
        return [{"seq": seq, "action": json.loads(p), "events": json.loads(e), "reverted": bool(r),
                 "reverted_at": ra, "created_at": c} for seq, p, e, r, ra, c in cur.fetchall()]

    def live_actions(self, game_id: str) -> list[dict]:
        """Payloads of the actions that count (not reverted), in order."""
        cur = self.db.conn.execute(
            "SELECT payload FROM actions WHERE game_id = ? AND reverted = 0 ORDER BY seq", (game_id,)
        )
        return [json.loads(p) for (p,) in cur.fetchall()]

    def export(self, game_id: str) -> dict:
        """``{format, game, edition, options, seed, actions, state_hash}``: enough to rebuild the game."""
        with read_transaction(self.db):
            record = self._record(game_id)
            document = self.db.conn.execute(
                "SELECT document FROM editions WHERE hash = ?", (record.edition_hash,)
            ).fetchone()[0]
            if record.tail_seq:
                final = self.db.conn.execute(
                    "SELECT state_hash FROM actions WHERE game_id = ? AND seq = ?", (game_id, record.tail_seq)
                ).fetchone()[0]
            else:
                final = self.db.conn.execute(
                    "SELECT state_hash FROM snapshots WHERE game_id = ? AND seq = 0", (game_id,)
                ).fetchone()[0]
            return {
                "format": "tablekeeper.game", "format_version": 1, "game": record.kind,
                "edition": json.loads(document), "options": record.options, "seed": record.seed,
                "actions": self.live_actions(game_id), "state_hash": final,
            }

    def game_ids(self) -> list[str]:
        """Every stored game id, oldest first."""
        return [r[0] for r in self.db.conn.execute("SELECT id FROM games ORDER BY created_at, id").fetchall()]

    # -- writes -------------------------------------------------------------
    def _write(self, game_id: str, expected: set[str] | None, idem: Idempotency | None, render: Render,
               change: Callable[[LoadedGame, str], WriteResult], preloaded: LoadedGame | None = None) -> WriteOutcome:
        with write_transaction(self.db):
            record = self._record(game_id)
            if idem is not None:
                row = self.db.conn.execute(
                    "SELECT request_hash, status, response, etag FROM idempotency WHERE game_id = ? AND key = ?",
                    (game_id, idem.key),
                ).fetchone()
                if row is not None:
                    if row[0] != idem.request_hash:
                        raise IdempotencyConflict(idem.key)
                    return WriteOutcome(row[1], json.loads(row[2]), int(row[3]), True)
            if not expected:
                raise PreconditionRequired(record.version)
            if "*" not in expected and str(record.version) not in expected:
                raise VersionConflict(", ".join(sorted(expected)), record.version)
            now = utcnow()
            fresh = preloaded is not None and preloaded.record.version == record.version
            result = change(preloaded if fresh else self._load(game_id), now)
            game = result.game
            version = record.version + 1
            status = "over" if game.engine.is_over(game.state) else "active"
            self.db.conn.execute(
                "UPDATE games SET version = ?, status = ?, updated_at = ? WHERE id = ?",
                (version, status, now, game_id),
            )
            game.record = self._record(game_id)
            http_status, body = render(result)
            if idem is not None:
                self.db.conn.execute(
                    "INSERT INTO idempotency (game_id, key, request_hash, status, response, etag, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game_id, idem.key, idem.request_hash, http_status, dumps(body), str(version), now),
                )
            return WriteOutcome(http_status, body, version, False)

    def apply_actions(self, game_id: str, actions: list[dict], expected: set[str] | None,
                      idem: Idempotency | None, render: Render) -> WriteOutcome:
        """Apply one or more actions atomically (all or nothing)."""

        # Optimistic pass outside the write lock: the rules engine and the JSON of the new
        # state are the costly part of a move, and holding SQLite's single write lock while
        # computing them would serialise every table behind it.  Under the lock the result is
        # used only if the game is still at the version it was computed from; otherwise (or if
        # the pass failed: the locked path decides idempotency, version and rules, in that
        # order) the move is recomputed there.
        ahead = self._precompute(game_id, actions)

        def change(game: LoadedGame, now: str) -> WriteResult:
            record = game.record
            if ahead is not None and ahead[0].record.version == record.version:
                state, rows = ahead[1], ahead[2]
            else:
                state, rows = self._play(game.engine, game.state, actions, record.head_seq + 1)
            self._append(game_id, rows, idem.key if idem else None, now)
            tail = rows[-1]["seq"]
            self._save_snapshot(game_id, tail, rows[-1]["state"], now)
            self._prune_snapshots(game_id, record.tail_seq, tail)
            used = set(record.placeholders_used) | placeholders_in(e for r in rows for e in r["events"])
            self.db.conn.execute(
                "UPDATE games SET head_seq = ?, tail_seq = ?, live_actions = live_actions + ?, placeholders_used = ? "
                "WHERE id = ?", (tail, tail, len(rows), dumps(sorted(used)), game_id),
            )
            game.state = state
            applied = [{"seq": r["seq"], "action": r["action"], "events": r["events"]} for r in rows]
            return WriteResult(game, applied=applied)

        return self._write(game_id, expected, idem, render, change, ahead[0] if ahead else None)

    def _precompute(self, game_id: str, actions: list[dict]):
        """(loaded game, new state, rows) computed from the current snapshot, or None."""
        try:
            game = self.load(game_id)
            state, rows = self._play(game.engine, game.state, actions, game.record.head_seq + 1)
            return game, state, rows
        except Exception:  # noqa: BLE001 - any failure is decided again, authoritatively, under the lock
            return None

    def undo(self, game_id: str, count: int, expected: set[str] | None, idem: Idempotency | None,
             render: Render) -> WriteOutcome:
        """Mark the last `count` live actions reverted and rebuild the state."""

        def change(game: LoadedGame, now: str) -> WriteResult:
            record = game.record
            seqs = [s for (s,) in self.db.conn.execute(
                "SELECT seq FROM actions WHERE game_id = ? AND reverted = 0 ORDER BY seq DESC LIMIT ?",
                (game_id, count),
            ).fetchall()]
            if len(seqs) < count:
                raise NothingToUndo(count, record.live_actions)
            self.db.conn.executemany(
                "UPDATE actions SET reverted = 1, reverted_at = ? WHERE game_id = ? AND seq = ?",
                [(now, game_id, s) for s in seqs],
            )
            row = self.db.conn.execute(
                "SELECT MAX(seq) FROM actions WHERE game_id = ? AND reverted = 0", (game_id,)
            ).fetchone()
            tail = row[0] or 0
            state = self._state_at(record, game.engine, game.edition, tail)
            sd = game.engine.state_to_dict(state)
            self._check_hash(game_id, tail, state_hash(sd))
            self._save_snapshot(game_id, tail, sd, now)
            self._prune_snapshots(game_id, record.tail_seq, tail)
            live_events = self.db.conn.execute(
                "SELECT events FROM actions WHERE game_id = ? AND reverted = 0", (game_id,)).fetchall()
            used = placeholders_in(e for (events,) in live_events for e in json.loads(events))
            self.db.conn.execute(
                "UPDATE games SET tail_seq = ?, live_actions = live_actions - ?, placeholders_used = ? WHERE id = ?",
                (tail, len(seqs), dumps(sorted(used)), game_id),
            )
            game.state = state
            return WriteResult(game, undone=sorted(seqs))

        return self._write(game_id, expected, idem, render, change)

    def _check_hash(self, game_id: str, seq: int, actual: str) -> None:
        if seq:
            row = self.db.conn.execute(
                "SELECT state_hash FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq)).fetchone()
        else:
            row = self.db.conn.execute(
                "SELECT state_hash FROM snapshots WHERE game_id = ? AND seq = 0", (game_id,)).fetchone()
        if row and row[0] != actual:
            raise ReplayDiverged(game_id, seq, row[0], actual)
