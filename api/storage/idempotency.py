"""Idempotency records of game writes: what a replay needs, kept for a retention period.

A record holds the request hash, the HTTP status and the version the write
produced, and a ``response`` whose first byte names its format.  Format 3
(written since migration 0007, `FORMAT_3`) is that byte alone: the answer is
not stored but rebuilt, on a retry, from the log the write left (the record's
``head_seq``, ``applied`` and ``full_view`` name the write; see
`api.storage.replays`), so a record is ~0.15 KB instead of ~1.2 KB.  Records
written before hold the body exactly as it was first sent, compressed, and are
still read: format 2 is zstd at level `ZSTD_LEVEL` with a dictionary trained
on real move answers (``api/data/idempotency-dictionary-2.zdict``, made by
``tools/idempotency_dictionary.py``), format 1 zlib with a preset dictionary of
sample answers (``api/data/idempotency-dictionary-1.json``), older rows plain
zlib or the JSON text; `unpack` reads them all.  A dictionary file must never
change: a new one is a new format byte.  Records older than the retention
(``TABLEKEEPER_IDEMPOTENCY_RETENTION_HOURS``, default 24, as Stripe keeps its
keys) are pruned in small batches after a write, at most once a minute per
worker, so the table never grows with the age of the database.  A retry
within the retention answers the identical body.
"""
from __future__ import annotations

import functools
import json
import logging
import sqlite3
import threading
import time
import zlib
from datetime import datetime, timedelta, timezone
from pathlib import Path

from sqlite_utils import Database

try:  # Python 3.14+
    from compression import zstd
except ImportError:  # before: the backport
    from backports import zstd

from api.storage.db import write_transaction
from api.storage.errors import DatabaseFault

DEFAULT_RETENTION_HOURS = 24.0
PRUNE_BATCH = 500
log = logging.getLogger(__name__)


DICTIONARY_1 = Path(__file__).resolve().parents[1] / "data" / "idempotency-dictionary-1.json"
DICTIONARY_BYTES = 8192  # setting a preset dictionary costs per record: 8 KB gets most of the gain
FORMAT_1 = b"\x01"
DICTIONARY_2 = Path(__file__).resolve().parents[1] / "data" / "idempotency-dictionary-2.zdict"
FORMAT_2 = b"\x02"
FORMAT_3 = b"\x03"  # no body: rebuilt from the log (`api.storage.replays`)
ZSTD_LEVEL = 5  # ~0.04 ms for a move answer; 3 is 0.015 ms for 15 % more bytes, 6 0.07 ms for 10 % fewer
_local = threading.local()  # a compressor is not thread-safe; one per thread keeps the digested dictionary


@functools.cache
def _dictionary_1() -> bytes:
    samples = json.loads(DICTIONARY_1.read_text(encoding="utf-8"))["samples"]
    return "".join(samples).encode()[-DICTIONARY_BYTES:]


@functools.cache
def _dictionary_2() -> "zstd.ZstdDict":
    return zstd.ZstdDict(DICTIONARY_2.read_bytes())


def pack(body: bytes) -> bytes:
    """The stored form of format 2 (zstd with dictionary 2), as records written before format 3 hold."""
    packer = getattr(_local, "packer", None)
    if packer is None:
        packer = _local.packer = zstd.ZstdCompressor(ZSTD_LEVEL, zstd_dict=_dictionary_2())
    return FORMAT_2 + packer.compress(body, zstd.ZstdCompressor.FLUSH_FRAME)


def pack_format_1(body: bytes) -> bytes:
    """The stored form of format 1 (deflate with dictionary 1), as records written before format 2 hold."""
    packer = zlib.compressobj(6, zdict=_dictionary_1())
    return FORMAT_1 + packer.compress(body) + packer.flush()


def is_rebuilt(stored: str | bytes) -> bool:
    """True for a format-3 record: its answer is rebuilt from the log, not stored."""
    return not isinstance(stored, str) and bytes(stored) == FORMAT_3


def unpack(stored: str | bytes) -> bytes:
    """The response body of a stored record (format 2 or 1, plain zlib, or legacy JSON text)."""
    if isinstance(stored, str):
        return stored.encode()
    stored = bytes(stored)
    if stored == FORMAT_3:
        raise ValueError("a format-3 record stores no body: rebuild it with api.storage.replays")
    if stored[:1] in (b"{", b"["):  # legacy JSON text in a BYTEA column (PostgreSQL)
        return stored
    if stored[:1] == FORMAT_2:
        return zstd.decompress(stored[1:], zstd_dict=_dictionary_2())
    if stored[:1] == FORMAT_1:
        unpacker = zlib.decompressobj(zdict=_dictionary_1())
        return unpacker.decompress(stored[1:]) + unpacker.flush()
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
    """Delete up to `limit` game-write records created before `cutoff`; return how many.

    The key that created a game from a phone's offline copy (``import:<key>``) is kept: it is one
    row per game, and a phone that retries its import days later must still find the game.
    """
    with write_transaction(db):
        # By primary key: since 0008 SQLite's table has no rowid (PostgreSQL's either way).
        cur = db.conn.execute(
            "DELETE FROM idempotency WHERE (game_id, key) IN "
            "(SELECT game_id, key FROM idempotency WHERE created_at < ? AND key NOT LIKE 'import:%' LIMIT ?)",
            (cutoff, limit))
        return cur.rowcount


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


def maybe_prune(db: Database, retention: Retention | None) -> None:
    """Prune one batch if this worker's interval has passed; a failure never fails the write."""
    if retention is None or not retention.due():
        return
    try:
        prune(db, retention.cutoff())
    except (sqlite3.Error, DatabaseFault) as exc:  # the write itself is committed; the next interval tries again
        log.warning("idempotency pruning failed: %s", exc)
