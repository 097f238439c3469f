"""Idempotency records of game writes: what a replay needs, kept for a retention period.

A record holds the request hash, the HTTP status, the version the write
produced and the response body exactly as it was first sent, zlib-compressed
(a move answer is a few KB of repetitive JSON; compressed it is a few hundred
bytes).  Rows written before compression hold the JSON text; `unpack` reads
both.  Records older than the retention (``TABLEKEEPER_IDEMPOTENCY_RETENTION_HOURS``,
default 24, as Stripe keeps its keys) are pruned in small batches after a
write, at most once a minute per worker, so the table never grows with the
age of the database.  A retry within the retention answers the identical body.
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

DEFAULT_RETENTION_HOURS = 24.0
PRUNE_BATCH = 500
log = logging.getLogger(__name__)


def pack(body: bytes) -> bytes:
    """The stored form of a response body."""
    return zlib.compress(body, 6)


def unpack(stored: str | bytes) -> bytes:
    """The response body of a stored record (compressed BLOB, or legacy JSON text)."""
    if isinstance(stored, str):
        return stored.encode()
    if bytes(stored[:1]) in (b"{", b"["):  # legacy JSON text in a BYTEA column (PostgreSQL)
        return bytes(stored)
    return zlib.decompress(stored)


class Retention:
    """How long records are kept, and when this worker last pruned."""

    def __init__(self, hours: float = DEFAULT_RETENTION_HOURS, interval_s: float = 60.0):
        self.seconds = max(0.0, float(hours) * 3600)
        self.interval_s = interval_s
        self._next = 0.0
        self._lock = threading.Lock()

    def cutoff(self, now: datetime | None = None) -> str:
        """Records created before this timestamp (same format as ``created_at``) may go."""
        now = now or datetime.now(timezone.utc)
        return (now - timedelta(seconds=self.seconds)).isoformat(timespec="milliseconds")

    def due(self) -> bool:
        """True at most once per interval (the caller then prunes)."""
        clock = time.monotonic()
        with self._lock:
            if clock < self._next:
                return False
            self._next = clock + self.interval_s
            return True


def prune(db: Database, cutoff: str, limit: int = PRUNE_BATCH) -> int:
    """Delete up to `limit` game-write records created before `cutoff`; return how many."""
    with write_transaction(db):
        cur = db.conn.execute(
            "DELETE FROM idempotency WHERE rowid IN "
            "(SELECT rowid FROM idempotency WHERE created_at < ? LIMIT ?)", (cutoff, limit))
        return cur.rowcount


def prune_all(db: Database, cutoff: str) -> int:
    """Delete every record created before `cutoff` (batch by batch); return how many."""
    total = 0
    while True:
        n = prune(db, cutoff)
        total += n
        if n < PRUNE_BATCH:
            return total


def maybe_prune(db: Database, retention: Retention | None) -> None:
    """Prune one batch if this worker's interval has passed; a failure never fails the write."""
    if retention is None or not retention.due():
        return
    try:
        prune(db, retention.cutoff())
    except sqlite3.Error as exc:  # the write itself is committed; the next interval tries again
        log.warning("idempotency pruning failed: %s", exc)
