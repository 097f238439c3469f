"""Idempotent imports: a phone that created a game offline sends it with an Idempotency-Key.

An import creates a new game, so there is no game to scope the key to beforehand;
the key is kept in the ``idempotency`` table under the game it created, as
``import:<key>``.  A repeat of the same request (its answer was lost) finds that
game and gets fresh secrets for it instead of a second copy of the game; the
same key with another body is refused.  The check runs again inside the
creating transaction, so two concurrent repeats still make one game.
"""
from __future__ import annotations

from sqlite_utils import Database

from api.storage import idempotency
from api.storage.db import lock_key
from api.storage.errors import IdempotencyConflict
from api.storage.jsonio import digest_bytes, digest_hex
from api.storage.models import Idempotency

PREFIX = "import:"


class AlreadyImported(Exception):
    """The game of this Idempotency-Key exists (raised inside the creating transaction to undo the copy)."""

    def __init__(self, game_id: str):
        super().__init__(game_id)
        self.game_id = game_id


def find(db: Database, idem: Idempotency) -> str | None:
    """The game an earlier identical import created; `IdempotencyConflict` if the key came with another body."""
    row = db.conn.execute("SELECT game_id, request_hash FROM idempotency WHERE key = ?",
                          (PREFIX + idem.key,)).fetchone()
    if row is None:
        return None
    if digest_hex(row[1]) != idem.request_hash:
        raise IdempotencyConflict(idem.key)
    return row[0]


def remember(db: Database, idem: Idempotency, game_id: str, now: str) -> None:
    """Inside the creating transaction: record the key, or undo the copy if a twin got there first."""
    lock_key(db, PREFIX + idem.key)  # a twin racing in waits here, then finds this one
    earlier = find(db, idem)
    if earlier is not None:
        raise AlreadyImported(earlier)
    db.conn.execute(
        "INSERT INTO idempotency (game_id, key, request_hash, status, response, etag, created_at) "
        "VALUES (?, ?, ?, 201, ?, '1', ?)",
        (game_id, PREFIX + idem.key, digest_bytes(idem.request_hash), idempotency.pack(b"{}"), now))

