"""Idempotency records of game writes: the answer's bytes as first sent, zlib-compressed (`pack`).

A retry within the retention (``TABLEKEEPER_IDEMPOTENCY_RETENTION_HOURS``, default 24) answers those
bytes again; older records are pruned in small batches after a write, at most once a minute per worker,
and a retry after that is answered as any move on an old version (412).  Migration 0009 expired the
records kept in earlier formats (docs/storage.md).
"""
from __future__ import annotations

import logging
import sqlite3
import threading
import time
import zlib
from datetime import datetime, timedelta, timezone

from sqlite_utils import Database

from api.storage.db import write_transaction
from api.storage.errors import DatabaseFault

DEFAULT_RETENTION_HOURS = 24.0
PRUNE_BATCH = 500
ZLIB_LEVEL = 1  # a 4.7 KB answer: 0.11 ms and 604 bytes; level 6 0.17 ms and 524 bytes
log = logging.getLogger(__name__)


def pack(body: bytes) -> bytes:
    """The stored form of an answer: its bytes, zlib-compressed."""
    return zlib.compress(body, ZLIB_LEVEL)


def unpack(stored: bytes) -> bytes:
    """The answer's bytes as first sent."""
    return zlib.decompress(bytes(stored))


def one_format(db: Database) -> None:
    """Migration 0009: delete (at most a day old, so not worth converting) the game-write records kept in
    the formats before `pack`; import keys stay, their never-read answer set to ``pack(b"{}")``."""
    db.conn.execute("DELETE FROM idempotency WHERE key NOT LIKE 'import:%'")
    db.conn.execute("UPDATE idempotency SET response = ?", (pack(b"{}"),))


class Retention:
    """How long records are kept, and when this worker last pruned each table."""

    def __init__(self, hours: float = DEFAULT_RETENTION_HOURS, interval_s: float = 60.0):
        self.seconds = max(0.0, float(hours) * 3600)
        self.interval_s = interval_s
        self._next: dict[str, float] = {}
        self._lock = threading.Lock()

    def cutoff(self, now: datetime | None = None) -> str:
        """Records created before this timestamp (same format as ``created_at``) may go."""
        now = now or datetime.now(timezone.utc)
        return (now - timedelta(seconds=self.seconds)).isoformat(timespec="milliseconds")

    def due(self, table: str = "idempotency") -> bool:
        """True at most once per interval for `table` (the caller then prunes it)."""
        clock = time.monotonic()
        with self._lock:
            if clock < self._next.get(table, 0.0):
                return False
            self._next[table] = clock + self.interval_s
            return True


def prune(db: Database, cutoff: str, limit: int = PRUNE_BATCH) -> int:
    """Delete up to `limit` game-write records created before `cutoff`; return how many.

    The key that created a game from a phone's offline copy (``import:<key>``) is kept: it is one
    row per game, and a phone that retries its import days later must still find the game.
    """
    return prune_batch(db, "idempotency", "game_id", "import:", cutoff, limit)


def prune_batch(db: Database, table: str, owner: str, kept: str, cutoff: str, limit: int) -> int:
    """Delete up to `limit` rows of `table` created before `cutoff` whose key does not start with `kept`."""
    with write_transaction(db):
        # By primary key (`owner`, key): the same SQL on both backends.
        return db.conn.execute(
            f"DELETE FROM {table} WHERE ({owner}, key) IN "
            f"(SELECT {owner}, key FROM {table} WHERE created_at < ? AND key NOT LIKE '{kept}%' LIMIT ?)",
            (cutoff, limit)).rowcount


def prune_all(db: Database, cutoff: str, batch=None) -> int:
    """Delete every record created before `cutoff`, batch by batch (`batch`: `prune` or another table's
    pruner with its signature); return how many."""
    batch = batch or prune
    total = 0
    while True:
        n = batch(db, cutoff)
        total += n
        if n < PRUNE_BATCH:
            return total


def maybe_prune(db: Database, retention: Retention | None, table: str = "idempotency", batch=None) -> None:
    """Prune one batch of `table` (`batch`: its pruner, `prune` by default) if this worker's interval has
    passed; a failure never fails the write."""
    if retention is None or not retention.due(table):
        return
    try:
        (batch or prune)(db, retention.cutoff())
    except (sqlite3.Error, DatabaseFault) as exc:  # the write itself is committed; the next interval tries again
        log.warning("%s pruning failed: %s", table, exc)
