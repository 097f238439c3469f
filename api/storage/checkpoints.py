"""SQLite WAL checkpoints off the request path: one background thread per gunicorn worker.

SQLite copies the WAL back into the database file (a checkpoint: ~600 pages written and fsynced, 8-20
ms on this project's disk) inside the ``COMMIT`` that takes the WAL past ``wal_autocheckpoint`` pages,
so one move in ~130 paid for it, and the writers of its worker queued behind it
(docs/decisions/wal-checkpoints-off-the-request-path.md).  Here a worker's daemon thread runs a ``PASSIVE``
checkpoint (it never waits for, nor blocks, readers and writers) every `INTERVAL_S`; the request
connections keep a backstop autocheckpoint (`api.storage.db.BACKSTOP_PAGES`), so the WAL
stays bounded should this thread ever stop.
"""
from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading

from api.storage.db import connect, is_file_path, shared_memory_fault
from api.storage.errors import DatabaseFault

INTERVAL_S = 1.0
log = logging.getLogger(__name__)


def checkpoint(path: str, db=None):
    """One ``PASSIVE`` checkpoint of the SQLite file `path` on `db` (opened when None, never creating the
    file); the connection, or None when the database cannot be checkpointed now (the next round retries)."""
    if shared_memory_fault(path) is not None:  # touching an unwritable WAL index kills the process (SIGBUS)
        return None
    try:
        if db is None:
            db = connect(path, busy_timeout_ms=0, must_exist=True)
        db.conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        return db
    except (sqlite3.Error, DatabaseFault) as exc:  # a full disk, a read-only or missing file: requests report it
        log.debug("checkpoint of %s skipped: %s", path, exc)
        if db is not None:
            with contextlib.suppress(sqlite3.Error):
                db.conn.close()
        return None


def start(path: str, interval_s: float = INTERVAL_S) -> threading.Event | None:
    """Checkpoint the SQLite file `path` every `interval_s` from a daemon thread; the event that stops it
    (None for PostgreSQL, which has no WAL of ours to tend)."""
    if not is_file_path(path):
        return None
    stop = threading.Event()

    def run() -> None:
        db = None
        while not stop.wait(interval_s):
            db = checkpoint(path, db)
        if db is not None:
            db.conn.close()

    threading.Thread(target=run, name="tablekeeper-checkpoint", daemon=True).start()
    return stop
