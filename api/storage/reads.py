"""The read half of `GameRepository`: records, the state of a game, the log, the export.

A request under a game's token reads the game's row and the token's in one
statement (`GameReads.record_for_token`).  The state comes from this worker's
`StateCache`: at the record's version it is used as it is; a few versions
behind (the other worker played the last moves) it is brought forward by the
live actions after it, read in one statement; otherwise it is rebuilt from
the nearest snapshot inside a read transaction (`api.storage.loading`).
"""
from __future__ import annotations

from typing import Any

from sqlite_utils import Database

from api.storage.cache import StateCache
from api.storage.db import read_transaction
from api.storage.engines import Engine, EngineRegistry, EngineUnavailable
from api.storage.errors import GameNotFound, UnknownGameKind
from api.storage.jsonio import loads
from api.storage.loading import catch_up, state_at, stored_hash
from api.storage.models import GameRecord, LoadedGame

# The columns of ``games`` in `GameRecord`'s order (`GameRecord.from_values`).
_RECORD = ("g.id, g.kind, g.edition_hash, g.options, g.seed, g.status, g.version, g.head_seq, g.tail_seq, "
           "g.live_actions, g.created_at, g.updated_at, g.placeholders_used")
# The games row and, for the bearer token's hash, the token's game and role (NULLs when unknown).
_RECORD_AND_TOKEN = (f"SELECT {_RECORD}, t.game_id, t.role FROM games g LEFT JOIN tokens t ON t.token_hash = ? "
                     "WHERE g.id = ?")


class GameReads:
    """Reads of games in one database (SQLite or PostgreSQL); `GameRepository` adds the writes."""

    db: Database
    engines: EngineRegistry
    states: StateCache

    def engine(self, kind: str) -> Engine:
        """The engine for `kind`; `UnknownGameKind` if none is registered or importable."""
        engine = self.engines.get(kind)
        if engine is None:
            raise UnknownGameKind(kind, self.engines.names())
        try:
            getattr(engine, "module", None)  # force the lazy import now
        except EngineUnavailable as exc:
            raise UnknownGameKind(kind, self.engines.names(), exc.message) from exc
        return engine

    def record(self, game_id: str) -> GameRecord:
        """The ``games`` row (cheap: no state is loaded)."""
        row = self.db.conn.execute(f"SELECT {_RECORD} FROM games g WHERE g.id = ?", (game_id,)).fetchone()
        if row is None:
            raise GameNotFound(game_id)
        return GameRecord.from_values(row)

    def _document(self, edition_hash: str) -> dict:
        row = self.db.conn.execute("SELECT document FROM editions WHERE hash = ?", (edition_hash,)).fetchone()
        return loads(row[0])

    def _edition(self, engine: Engine, edition_hash: str) -> Any:
        return engine.edition_from_store(edition_hash, lambda: self._document(edition_hash))

    def _cached_state(self, record: GameRecord, engine: Engine) -> Any:
        """The state at `record.version` from this worker's cache (caught up if a few versions behind), or
        None when the cache cannot give it."""
        hit = self.states.get(record.id)
        if hit is None:
            return None
        if hit.version == record.version:
            return hit.state
        state = catch_up(self.db, record, engine, hit)
        if state is not None:
            self.states.catch_ups += 1
            self.states.put(record.id, record.version, record.tail_seq, state)
        return state

    def _current_state(self, record: GameRecord, engine: Engine, edition: Any) -> Any:
        state = self._cached_state(record, engine)
        if state is None:
            state = state_at(self.db, record.id, engine, edition, record.tail_seq)
            self.states.put(record.id, record.version, record.tail_seq, state)
        return state

    def _load(self, game_id: str, record: GameRecord | None = None) -> LoadedGame:
        record = record or self.record(game_id)
        engine = self.engine(record.kind)
        edition = self._edition(engine, record.edition_hash)
        return LoadedGame(record, engine, edition, self._current_state(record, engine, edition))

    def _fresh(self, game_id: str, known: GameRecord | None) -> LoadedGame:
        """The game at `known` from the cache (caught up if a few versions behind), else one consistent read.

        Catching up to `known` needs no transaction: `known` is one row, read in one statement, and the
        actions up to its tail are never rewritten except to be reverted, newest first, so while the
        action at ``known.tail_seq`` is still live (`catch_up` checks it) every action up to it reads as it
        did at `known.version`.
        """
        if known is not None:
            engine = self.engine(known.kind)
            state = self._cached_state(known, engine)
            if state is not None:
                return LoadedGame(known, engine, self._edition(engine, known.edition_hash), state)
        return self.load(game_id)

    def record_for_token(self, game_id: str, token_hash: str) -> tuple[GameRecord, str | None, str | None]:
        """The ``games`` row and the (game id, role) the token with `token_hash` is for (Nones when no token
        has that hash), in one statement; `GameNotFound` when there is no such game."""
        row = self.db.conn.execute(_RECORD_AND_TOKEN, (token_hash, game_id)).fetchone()
        if row is None:
            raise GameNotFound(game_id)
        return GameRecord.from_values(row), row[13], row[14]

    def load(self, game_id: str) -> LoadedGame:
        """The game and its current state, read from one consistent snapshot."""
        with read_transaction(self.db):
            return self._load(game_id)

    def edition_document(self, game_id: str) -> tuple[GameRecord, Any]:
        """The game record and its loaded edition."""
        with read_transaction(self.db):
            record = self.record(game_id)
            engine = self.engine(record.kind)
            return record, self._edition(engine, record.edition_hash)

    def log(self, game_id: str, after: int = 0, limit: int = 500) -> list[dict]:
        """Actions with seq > `after` (reverted ones included and marked)."""
        self.record(game_id)
        cur = self.db.conn.execute(
            "SELECT seq, payload, events, reverted, reverted_at, created_at FROM actions "
            "WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?", (game_id, after, limit),
        )
        return [{"seq": seq, "action": loads(p), "events": loads(e), "reverted": bool(r),
                 "reverted_at": ra, "created_at": c} for seq, p, e, r, ra, c in cur.fetchall()]

    def live_actions(self, game_id: str) -> list[dict]:
        """Payloads of the actions that count (not reverted), in order."""
        cur = self.db.conn.execute(
            "SELECT payload FROM actions WHERE game_id = ? AND reverted = 0 ORDER BY seq", (game_id,)
        )
        return [loads(p) for (p,) in cur.fetchall()]

    def export(self, game_id: str) -> dict:
        """``{format, game, edition, options, seed, actions, state_hash}``: enough to rebuild the game."""
        with read_transaction(self.db):
            record = self.record(game_id)
            return {
                "format": "tablekeeper.game", "format_version": 1, "game": record.kind,
                "edition": self._document(record.edition_hash), "options": record.options, "seed": record.seed,
                "actions": self.live_actions(game_id), "state_hash": stored_hash(self.db, game_id, record.tail_seq),
            }

    def game_ids(self) -> list[str]:
        """Every stored game id, oldest first."""
        return [r[0] for r in self.db.conn.execute("SELECT id FROM games ORDER BY created_at, id").fetchall()]
