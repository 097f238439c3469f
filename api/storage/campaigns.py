"""CampaignRepository: campaigns, their hashed tokens, their session games and idempotent writes.

A campaign is one ``campaigns`` row whose ``data`` is a JSON document the
web layer builds with the game's pure campaign functions (storage never reads
inside it), the edition it was created with (``edition_hash``: every session
game gets that edition) and a ``version`` bumped by every write.
``campaign_games`` links each session game to its campaign with a status:
``open`` (being played, at most one), ``recorded`` (its outcome is in the
document, ``session`` = its number) or ``abandoned`` (replaced by a restart).
Tokens are stored as SHA-256 hashes only, like the games' tokens.

Writes are single write transactions: the Idempotency-Key is checked first,
then the expected version (If-Match, optional here), then the campaign's own
state.  The remembered answers (``campaign_requests``) are pruned like the
games' idempotency records, with the same retention (`api.storage.idempotency`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable

from sqlite_utils import Database

from api.storage import tokens
from api.storage.db import lock_key, lock_row, write_transaction
from api.storage.jsonio import dumps
from api.storage.engines import Engine
from api.storage.errors import CampaignNotFound, CampaignRefused, IdempotencyConflict, VersionConflict, msg
from api.storage.idempotency import PRUNE_BATCH, Retention, maybe_prune, prune_all, prune_batch
from api.storage.models import Idempotency, LoadedGame, WriteOutcome, utcnow
from api.storage.repository import GameRepository

OPEN, RECORDED, ABANDONED = "open", "recorded", "abandoned"
CREATE_PREFIX = "create:"  # campaign_requests key of the request that created the campaign


def prune_requests(db: Database, cutoff: str, limit: int = PRUNE_BATCH) -> int:
    """Delete up to `limit` remembered campaign answers created before `cutoff`; return how many.

    The key that created a campaign (``create:<key>``) is kept, one row per campaign: a phone
    re-sending a campaign it started offline, however late, must not make a second one.
    """
    return prune_batch(db, "campaign_requests", "campaign_id", CREATE_PREFIX, cutoff, limit)


@dataclass(frozen=True)
class CampaignRecord:
    """One row of ``campaigns``, decoded."""

    id: str
    kind: str
    edition_hash: str
    data: dict
    version: int
    created_at: str
    updated_at: str

    @classmethod
    def from_row(cls, row: dict) -> "CampaignRecord":
        """Decode a ``campaigns`` row."""
        return cls(row["id"], row["kind"], row["edition_hash"], json.loads(row["data"]), row["version"],
                   row["created_at"], row["updated_at"])


@dataclass(frozen=True)
class SessionGame:
    """One row of ``campaign_games``: a session game and where it stands in its campaign."""

    game_id: str
    status: str
    session: int | None
    tile: str | None
    created_at: str
    updated_at: str


@dataclass(frozen=True)
class Replay:
    """A stored answer to an earlier write with the same Idempotency-Key."""

    status: int
    body: dict
    game_id: str | None


class CampaignRepository:
    """Campaigns in one SQLite database; `games` creates and loads their session games."""

    def __init__(self, db: Database, games: GameRepository):
        self.db = db
        self.games = games
        self.retention = games.retention

    def record(self, campaign_id: str) -> CampaignRecord:
        """The ``campaigns`` row; `CampaignNotFound` when there is none."""
        rows = list(self.db.query("SELECT * FROM campaigns WHERE id = ?", (campaign_id,)))
        if not rows:
            raise CampaignNotFound(campaign_id)
        return CampaignRecord.from_row(rows[0])

    def session_games(self, campaign_id: str) -> list[SessionGame]:
        """Every game started for the campaign, oldest first."""
        rows = self.db.conn.execute(
            "SELECT game_id, status, session, tile, created_at, updated_at FROM campaign_games "
            "WHERE campaign_id = ? ORDER BY created_at, rowid", (campaign_id,)).fetchall()
        return [SessionGame(*row) for row in rows]

    def campaign_for_token(self, token: str) -> str | None:
        """The campaign a token opens, or None."""
        row = self.db.conn.execute("SELECT campaign_id FROM campaign_tokens WHERE token_hash = ?",
                                   (tokens.hash_secret(token),)).fetchone()
        return row[0] if row else None

    def load_game(self, game_id: str) -> LoadedGame:
        """A session game and its state (inside a write transaction too)."""
        return self.games._load(game_id) if self.db.conn.in_transaction else self.games.load(game_id)

    def edition(self, engine: Engine, record: CampaignRecord) -> Any:
        """The edition the campaign was created with (loaded once per process, by hash)."""
        return self.games._edition(engine, record.edition_hash)

    def replayed(self, campaign_id: str, idem: Idempotency | None) -> Replay | None:
        """The stored answer for this Idempotency-Key (422 when the key came with another request)."""
        if idem is None:
            return None
        row = self.db.conn.execute(
            "SELECT request_hash, status, response, game_id FROM campaign_requests WHERE campaign_id = ? AND key = ?",
            (campaign_id, idem.key)).fetchone()
        if row is None:
            return None
        if row[0] != idem.request_hash:
            raise IdempotencyConflict(idem.key)
        return Replay(row[1], json.loads(row[2]), row[3])

    def created_by(self, idem: Idempotency | None) -> str | None:
        """The campaign an earlier create with this Idempotency-Key made (422 if it came with another body).

        A create has no campaign to scope its key to beforehand: it is kept under the campaign it
        made as ``create:<key>`` (a phone sending a campaign it started offline).
        """
        if idem is None:
            return None
        row = self.db.conn.execute("SELECT campaign_id, request_hash FROM campaign_requests WHERE key = ?",
                                   (CREATE_PREFIX + idem.key,)).fetchone()
        if row is None:
            return None
        if row[1] != idem.request_hash:
            raise IdempotencyConflict(idem.key)
        return row[0]

    def prune_requests(self, cutoff: str | None = None) -> int:
        """Delete every remembered answer older than the retention (or than `cutoff`); return how many."""
        return prune_all(self.db, cutoff or (self.retention or Retention()).cutoff(), prune_requests)

    def maybe_prune(self) -> None:
        """After a write: one batch if this worker's interval has passed; a failure never fails the write."""
        maybe_prune(self.db, self.retention, "campaign_requests", prune_requests)

    def create(self, kind: str, edition_hash: str, edition_document: dict, data: dict,
               idem: Idempotency | None = None) -> tuple[CampaignRecord, str, bool]:
        """Store a new campaign; returns it, its secret token (shown once) and whether an earlier
        create with the same Idempotency-Key had made it (then nothing new is stored but a token)."""
        now = utcnow()
        campaign_id = tokens.new_game_id()
        token = tokens.new_token()
        with write_transaction(self.db):
            if idem is not None:
                lock_key(self.db, CREATE_PREFIX + idem.key)  # a twin racing in waits here, then finds this one
            earlier = self.created_by(idem)  # checked again here: two repeats racing make one campaign
            if earlier is not None:
                self.db.conn.execute(
                    "INSERT INTO campaign_tokens (token_hash, campaign_id, created_at) VALUES (?, ?, ?)",
                    (tokens.hash_secret(token), earlier, now))
                return self.record(earlier), token, True
            self.db.conn.execute("INSERT INTO editions (hash, document, created_at) VALUES (?, ?, ?) "
                                 "ON CONFLICT DO NOTHING",
                                 (edition_hash, dumps(edition_document), now))
            self.db.conn.execute(
                "INSERT INTO campaigns (id, kind, data, version, created_at, updated_at, edition_hash) "
                "VALUES (?, ?, ?, 1, ?, ?, ?)", (campaign_id, kind, dumps(data), now, now, edition_hash))
            self.db.conn.execute("INSERT INTO campaign_tokens (token_hash, campaign_id, created_at) VALUES (?, ?, ?)",
                                 (tokens.hash_secret(token), campaign_id, now))
            if idem is not None:
                self._remember(campaign_id, Idempotency(CREATE_PREFIX + idem.key, idem.request_hash), 201,
                               {"campaign_id": campaign_id}, None, now)
            record = self.record(campaign_id)
        return record, token, False

    def _check(self, campaign_id: str, expected: set[str] | None, idem: Idempotency | None) -> CampaignRecord:
        lock_row(self.db, "campaigns", campaign_id)  # in a write: its writers queue (PostgreSQL)
        record = self.record(campaign_id)
        if idem is not None and self.db.conn.execute(
                "SELECT 1 FROM campaign_requests WHERE campaign_id = ? AND key = ?",
                (campaign_id, idem.key)).fetchone():
            raise IdempotencyConflict(idem.key)  # the same key raced in from another request
        if expected and "*" not in expected and str(record.version) not in expected:
            raise VersionConflict(", ".join(sorted(expected)), record.version)
        return record

    def _bump(self, campaign_id: str, data: dict | None, now: str) -> None:
        self.db.conn.execute("UPDATE campaigns SET data = COALESCE(?, data), version = version + 1, updated_at = ? "
                             "WHERE id = ?", (None if data is None else dumps(data), now, campaign_id))

    def _remember(self, campaign_id: str, idem: Idempotency | None, status: int, body: dict,
                  game_id: str | None, now: str) -> None:
        if idem is not None:
            self.db.conn.execute(
                "INSERT INTO campaign_requests (campaign_id, key, request_hash, status, response, game_id, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)", (campaign_id, idem.key, idem.request_hash, status, dumps(body),
                                                 game_id, now))

    def linker(self, campaign_id: str, expected: set[str] | None, idem: Idempotency | None, restart: bool,
               check: Callable[[CampaignRecord], None], tile_of: Callable[[Any], str | None]
               ) -> Callable[[str, Any, str], None]:
        """The `on_created` hook of `GameRepository.create_game` that makes the new game the open session.

        Inside the creating transaction: re-check the key, the version and `check(record)` (the campaign
        may still have a session), refuse while another session is open (409 ``session_in_progress``)
        unless `restart` (the open one becomes ``abandoned``), link the game, bump the version.
        """
        def link(game_id: str, state: Any, now: str) -> None:
            record = self._check(campaign_id, expected, idem)
            check(record)
            for game in self.session_games(campaign_id):
                if game.status != OPEN:
                    continue
                if not restart:
                    raise CampaignRefused(409, "session_in_progress", msg(
                        "session game {game} is still open: record it when it ends, or start again with restart: true "
                        "(it is then abandoned)", game=game.game_id), game_id=game.game_id)
                self.db.conn.execute("UPDATE campaign_games SET status = ?, updated_at = ? WHERE game_id = ?",
                                     (ABANDONED, now, game.game_id))
            self.db.conn.execute(
                "INSERT INTO campaign_games (game_id, campaign_id, status, session, tile, created_at, updated_at) "
                "VALUES (?, ?, ?, NULL, ?, ?, ?)", (game_id, campaign_id, OPEN, tile_of(state), now, now))
            self._bump(campaign_id, None, now)
            self._remember(campaign_id, idem, 201, {"game_id": game_id}, game_id, now)
        return link

    def record_session(self, campaign_id: str, game_id: str, expected: set[str] | None, idem: Idempotency | None,
                       decide: Callable[[CampaignRecord, LoadedGame], tuple[dict, int]],
                       render: Callable[[CampaignRecord], tuple[int, dict]]) -> WriteOutcome:
        """Record the finished session game `game_id`: `decide` returns the new document and the session number.

        Refusals: 422 ``game_not_in_campaign``, 409 ``session_already_recorded`` / ``session_abandoned``;
        whatever `decide` raises (game not over, turn-down choice missing) rolls everything back.
        """
        with write_transaction(self.db):
            lock_row(self.db, "campaigns", campaign_id)
            replay = self.replayed(campaign_id, idem)
            if replay is not None:
                return WriteOutcome(replay.status, replay.body, self.record(campaign_id).version, True)
            record = self._check(campaign_id, expected, None)
            row = self.db.conn.execute("SELECT status FROM campaign_games WHERE game_id = ? AND campaign_id = ?",
                                       (game_id, campaign_id)).fetchone()
            if row is None:
                raise CampaignRefused(422, "game_not_in_campaign", msg("game {game} is not a session of this campaign",
                                                                       game=repr(game_id)))
            if row[0] == RECORDED:
                raise CampaignRefused(409, "session_already_recorded", msg("game {game} is already recorded",
                                                                           game=game_id), game_id=game_id)
            if row[0] == ABANDONED:
                raise CampaignRefused(409, "session_abandoned", msg(
                    "game {game} was abandoned when a new session started", game=game_id), game_id=game_id)
            data, number = decide(record, self.load_game(game_id))
            now = utcnow()
            self._bump(campaign_id, data, now)
            self.db.conn.execute("UPDATE campaign_games SET status = ?, session = ?, updated_at = ? WHERE game_id = ?",
                                 (RECORDED, number, now, game_id))
            record = self.record(campaign_id)
            status, body = render(record)
            self._remember(campaign_id, idem, status, body, game_id, now)
        self.maybe_prune()
        return WriteOutcome(status, body, record.version, False)
