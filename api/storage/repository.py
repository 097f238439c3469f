"""GameRepository: create and write (apply / batch / undo); the reads are `api.storage.reads`.

Every write is one write transaction: Idempotency-Key first, then the expected version, then the
appended actions, a snapshot when one is due and the bumped head.  Any exception rolls everything back,
so an error never leaves a changed game behind.  A move is played, hashed and rendered once, before the
lock (from the worker's `StateCache`); under the lock only a version check and the writes remain.  The
idempotency record keeps the answer as sent: a retry answers the same bytes (`api.storage.idempotency`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable

from sqlite_utils import Database

from api.games.provenance import placeholders_in
from api.storage import idempotency, tokens
from api.storage import statements as sql  # the write's SQL, built before the lock
from api.storage.cache import StateCache
from api.storage.db import lock_row, write_transaction
from api.storage.engines import Engine, EngineRegistry, RulesViolation, state_hash
from api.storage.errors import (
    GameNotFound,
    IdempotencyConflict,
    GameFinal,
    NothingToUndo,
    PreconditionRequired,
    ReplayDiverged,
    VersionConflict,
)
from api.storage.jsonio import digest_hex, dumps, dumps_bytes, loads
from api.storage.loading import (  # noqa: F401 (SNAPSHOT_BLOCK re-exported)
    SNAPSHOT_BLOCK, snapshot_due, state_at, stored_hash)
from api.storage.models import (
    CreatedGame,
    GameRecord,
    Idempotency,
    LoadedGame,
    WriteOutcome,
    WriteResult,
    utcnow,
)
from api.storage.reads import GameReads

# ``render(result, full=flag)`` → (status, body): the answer of a write.
Render = Callable[..., tuple[int, dict]]


@dataclass
class _Plan:
    """A write computed in full from the game at `base_version`: statements, new state, answer."""

    base_version: int
    game: LoadedGame
    statements: list[tuple[str, Any, bool]]  # (sql, parameters, executemany?)
    status: int
    body: dict
    encoded: bytes


class GameRepository(GameReads):
    """Games in one database (SQLite or PostgreSQL), played by the engines of `engines`; the reads are
    `GameReads`'."""

    def __init__(self, db: Database, engines: EngineRegistry, states: StateCache | None = None,
                 retention: idempotency.Retention | None = None):
        self.db = db
        self.engines = engines
        self.states = states if states is not None else StateCache()
        self.retention = retention

    def _play(self, engine: Engine, state: Any, actions: Iterable[dict], first_seq: int) -> tuple[Any, list[dict]]:
        """Apply `actions` in order; rows carry seq, action, events and the state hash (computed once).

        A snapshot, when due, encodes the final state: the others are only hashed.
        """
        rows = []
        for index, action in enumerate(actions):
            try:
                state, events, applied = engine.apply_step(state, action)
            except RulesViolation as exc:
                exc.index = index
                raise
            rows.append({"seq": first_seq + index, "action": applied, "events": events,
                         "state_hash": engine.state_hash(state)})
        return state, rows

    def _run(self, statements: list[tuple[str, Any, bool]]) -> None:
        for text, params, many in statements:
            if many:
                self.db.conn.executemany(text, params)
            elif self.db.conn.execute(text, params).rowcount != 1 and text.startswith("UPDATE games"):
                # The head bump names the version it was planned from: never write on top of another.
                raise VersionConflict(str(params[-1]), self.record(params[-2]).version)

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
        initial_hash = state_hash(initial)
        state, rows = self._play(engine, state, actions or [], 1)
        final_hash = rows[-1]["state_hash"] if rows else initial_hash
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
                "INSERT INTO editions (hash, document, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
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
            statements = [sql.snapshot(game_id, 0, initial, initial_hash, now)]
            if rows:
                statements[:0] = [sql.append(game_id, rows, now)]
                statements.append(sql.snapshot(game_id, tail, engine.state_to_dict(state), final_hash, now))
            self._run(statements)
            if on_created is not None:
                on_created(game_id, state, now)
            record = self.record(game_id)
        self.states.put(game_id, record.version, record.tail_seq, state)
        return CreatedGame(LoadedGame(record, engine, edition, state), table_token, spectator_token, join_code)

    def prune_idempotency(self, cutoff: str | None = None) -> int:
        """Delete the idempotency records older than the retention (or than `cutoff`); return how many."""
        retention = self.retention or idempotency.Retention()
        return idempotency.prune_all(self.db, cutoff or retention.cutoff())

    def _check(self, game_id: str, expected: set[str] | None,
               idem: Idempotency | None) -> tuple[WriteOutcome | None, int]:
        """Under the lock, in one statement: the earlier answer if `idem` was seen, else None and the
        checked version."""
        row = self.db.conn.execute(
            "SELECT g.version, i.request_hash, i.status, i.response, i.etag "
            "FROM games g LEFT JOIN idempotency i ON i.game_id = g.id AND i.key = ? WHERE g.id = ?",
            (idem.key if idem is not None else None, game_id),
        ).fetchone()
        if row is None:
            raise GameNotFound(game_id)
        version, request_hash, status, stored, etag = row
        if request_hash is not None:
            if digest_hex(request_hash) != idem.request_hash:
                raise IdempotencyConflict(idem.key)
            encoded = idempotency.unpack(stored)
            return WriteOutcome(status, loads(encoded), int(etag), True, encoded), version
        if not expected:
            raise PreconditionRequired(version)
        if "*" not in expected and str(version) not in expected:
            raise VersionConflict(", ".join(sorted(expected)), version)
        return None, version

    def _finish(self, before: GameRecord, game: LoadedGame, result: WriteResult, statements: list,
                idem: Idempotency | None, render: Render, full: bool, now: str) -> _Plan:
        """Render and encode the answer once; the idempotency record keeps those bytes."""
        statements.append(sql.head(before, game.record))
        status, body = render(result, full=full)
        encoded = dumps_bytes(body)
        if idem is not None:
            statements.append(sql.remember(game.record, idem, status, encoded, now))
        return _Plan(before.version, game, statements, status, body, encoded)

    def _write(self, game_id: str, expected: set[str] | None, idem: Idempotency | None,
               plan_at: Callable[[LoadedGame, str], _Plan], render: Render,
               ahead: tuple[int, Any] | None = None) -> WriteOutcome:
        """Check and write under the lock; `ahead` = (version, plan or refusal) computed before it."""
        with write_transaction(self.db):
            lock_row(self.db, "games", game_id)
            earlier, version = self._check(game_id, expected, idem)
            if earlier is None:
                planned = ahead[1] if ahead is not None and ahead[0] == version else None
                if isinstance(planned, RulesViolation):
                    raise planned  # the same state would refuse the same actions again
                plan = planned if isinstance(planned, _Plan) else plan_at(self._load(game_id), utcnow())
                self._run(plan.statements)
        if earlier is not None:
            return earlier
        record = plan.game.record
        self.states.put(game_id, record.version, record.tail_seq, plan.game.state)
        idempotency.maybe_prune(self.db, self.retention)
        return WriteOutcome(plan.status, plan.body, record.version, False, plan.encoded)

    def apply_actions(self, game_id: str, actions: list[dict], expected: set[str] | None,
                      idem: Idempotency | None, render: Render, known: GameRecord | None = None,
                      full: bool = False) -> WriteOutcome:
        """Apply one or more actions atomically (all or nothing); `render(result, full=full)` is the answer;
        `known`: the game's record as the caller just read it (saves a read when it is current)."""

        def plan_at(game: LoadedGame, now: str) -> _Plan:
            record, engine = game.record, game.engine
            state, rows = self._play(engine, game.state, actions, record.head_seq + 1)
            tail = rows[-1]["seq"]
            statements = [sql.append(game_id, rows, now)]
            if snapshot_due(record.tail_seq, tail):
                statements.append(sql.snapshot(game_id, tail, engine.state_to_dict(state), rows[-1]["state_hash"],
                                               now))
            used = set(record.placeholders_used) | placeholders_in(e for r in rows for e in r["events"])
            after = replace(record, version=record.version + 1, status="over" if engine.is_over(state) else "active",
                            updated_at=now, head_seq=tail, tail_seq=tail, live_actions=record.live_actions + len(rows),
                            placeholders_used=tuple(sorted(used)))
            before, game = game, LoadedGame(after, engine, game.edition, state)
            # The state hash after each move: a phone that answered the move with its own engine compares it.
            applied = [{"seq": r["seq"], "action": r["action"], "events": r["events"], "state_hash": r["state_hash"]}
                       for r in rows]
            return self._finish(record, game, WriteResult(game, applied=applied, previous=before), statements, idem,
                                render, full, now)

        # The costly part of a move (rules, serialising and hashing the state, rendering the answer) runs
        # before the write lock: holding SQLite's single lock while computing it would serialise every
        # table behind it.  Under the lock the plan is used only if the game is still at the version it
        # was computed from; otherwise the locked path decides idempotency, version and rules, in order.
        ahead = None
        try:
            game = self._fresh(game_id, known)
            try:
                ahead = (game.record.version, plan_at(game, utcnow()))
            except RulesViolation as exc:
                ahead = (game.record.version, exc)
        except Exception:  # noqa: BLE001 - any failure is decided again, authoritatively, under the lock
            ahead = None
        return self._write(game_id, expected, idem, plan_at, render, ahead)

    def undo(self, game_id: str, count: int, expected: set[str] | None, idem: Idempotency | None,
             render: Render, full: bool = False) -> WriteOutcome:
        """Mark the last `count` live actions reverted and rebuild the state (under the lock: it is rare)."""

        def plan_at(game: LoadedGame, now: str) -> _Plan:
            record = game.record
            if record.status == "over":  # a finished game is final (checked under the lock, after replays)
                raise GameFinal(record.version)
            seqs = [s for (s,) in self.db.conn.execute(
                "SELECT seq FROM actions WHERE game_id = ? AND reverted = 0 ORDER BY seq DESC LIMIT ?",
                (game_id, count),
            ).fetchall()]
            if len(seqs) < count:
                raise NothingToUndo(count, record.live_actions)
            self.db.conn.executemany(  # the reverting version, kept in the log (the triggers require it)
                "UPDATE actions SET reverted = 1, reverted_at = ?, reverted_version = ? WHERE game_id = ? AND seq = ?",
                [(now, record.version + 1, game_id, s) for s in seqs],
            )
            row = self.db.conn.execute(
                "SELECT MAX(seq) FROM actions WHERE game_id = ? AND reverted = 0", (game_id,)
            ).fetchone()
            tail = row[0] or 0
            # Snapshots past the new tail belong to reverted actions.
            self.db.conn.execute("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, tail))
            state = state_at(self.db, game_id, game.engine, game.edition, tail)
            expected, actual = stored_hash(self.db, game_id, tail), state_hash(game.engine.state_to_dict(state))
            if expected is not None and expected != actual:
                raise ReplayDiverged(game_id, tail, expected, actual)
            live_events = self.db.conn.execute(
                "SELECT events FROM actions WHERE game_id = ? AND reverted = 0", (game_id,)).fetchall()
            used = placeholders_in(e for (events,) in live_events for e in loads(events))
            after = replace(record, version=record.version + 1,
                            status="over" if game.engine.is_over(state) else "active", updated_at=now,
                            tail_seq=tail, live_actions=record.live_actions - len(seqs),
                            placeholders_used=tuple(sorted(used)))
            before, game = game, LoadedGame(after, game.engine, game.edition, state)
            return self._finish(record, game, WriteResult(game, undone=sorted(seqs), previous=before), [], idem,
                                render, full, now)

        return self._write(game_id, expected, idem, plan_at, render)
