"""Per-address limits kept in the database (so every worker and server counts together).

* Joining: a right join code always joins; only wrong guesses are counted, and past the limit a wrong
  guess is answered 429 instead of 404 (phones behind one NAT are never locked out of their own game).
* Creating: games created anonymously (``POST /api/games``, ``/api/imports``) are counted per address;
  past the limit a create is answered 429 with ``Retry-After``.

Both use the ``join_failures`` table (address, time); a create is stored under ``create:<address>``,
so the two counts never mix and no migration was needed.
"""
from __future__ import annotations

import time

from sqlite_utils import Database

from api.storage.db import lock_throttle, write_transaction
from api.storage.errors import JoinCodeUnknown, StorageError, TooManyAttempts, msg
from api.storage.tokens import add_token, game_for_join_code

CREATE_PREFIX = "create:"


class TooManyCreates(StorageError):
    """This address created `limit` games within the window; try again after `retry_after` seconds."""

    def __init__(self, retry_after: int):
        super().__init__(msg("too many new games from this address; try again in {n} s", n=retry_after))
        self.retry_after = retry_after


def _recent(db: Database, key: str, window: float, now: float) -> tuple[int, float | None]:
    return db.conn.execute("SELECT COUNT(*), MIN(at) FROM join_failures WHERE ip = ? AND at > ?",
                           (key, now - window)).fetchone()


def _remember(db: Database, key: str, window: float, now: float) -> None:
    db.conn.execute("DELETE FROM join_failures WHERE at <= ?", (now - window,))  # every address's old rows
    db.conn.execute("INSERT INTO join_failures (ip, at) VALUES (?, ?)", (key, now))


def _wait(oldest: float, window: float, now: float) -> int:
    return max(1, int(oldest + window - now) + 1)


def join(db: Database, code: str, ip: str, limit: int, window: float, now_iso: str) -> tuple[str, str]:
    """Trade a join code for a new table token: ``(game_id, token)``; a wrong code raises `JoinCodeUnknown`
    (and counts), or `TooManyAttempts` once `ip` has `limit` wrong guesses within `window` seconds."""
    now = time.time()
    with write_transaction(db):
        lock_throttle(db)
        game_id = game_for_join_code(db, code)
        if game_id is not None:
            return game_id, add_token(db, game_id, "table", now_iso)
        count, oldest = _recent(db, ip, window, now)
        if count >= limit:
            failed: Exception = TooManyAttempts(_wait(oldest, window, now))
        else:
            _remember(db, ip, window, now)
            failed = JoinCodeUnknown()
    raise failed  # after COMMIT, so the wrong guess is remembered


def check_create(db: Database, ip: str, limit: int, window: float = 60.0) -> None:
    """`TooManyCreates` when `ip` created `limit` games within `window` seconds (``limit`` 0: no limit)."""
    if limit <= 0:
        return
    now = time.time()
    count, oldest = _recent(db, CREATE_PREFIX + ip, window, now)
    if count >= limit:
        raise TooManyCreates(_wait(oldest, window, now))


def count_create(db: Database, ip: str, limit: int, window: float = 60.0) -> None:
    """Remember that `ip` created a game now (nothing when there is no limit)."""
    if limit <= 0:
        return
    with write_transaction(db):
        lock_throttle(db)
        _remember(db, CREATE_PREFIX + ip, window, time.time())
