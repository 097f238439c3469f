"""SQLite connections: pragmas on every connection and explicit transactions.

Every connection runs in driver autocommit mode (``isolation_level=None``) so
that the code decides where transactions begin: writes use
``BEGIN IMMEDIATE``, which takes the write lock up front, so two writers
queue on the busy timeout instead of failing half-way with "database is
locked".  ``synchronous=FULL`` makes every commit reach the disk before the
HTTP answer is sent (see README, "Durability").
"""
from __future__ import annotations

import contextlib
import sqlite3
import threading
from typing import Any, Iterator

from sqlite_utils import Database

from api.storage import codec


def connect(path: str, busy_timeout_ms: int = 10_000) -> Database:
    """Open `path` with the pragmas every connection needs and wrap it in sqlite-utils.

    A ``postgresql://`` URL opens a PostgreSQL connection with the same surface instead (`api.storage.pg`).
    """
    if str(path).startswith(("postgresql://", "postgres://")):
        from api.storage import pg

        return pg.connect(str(path), busy_timeout_ms)
    conn = sqlite3.connect(
        str(path),
        timeout=busy_timeout_ms / 1000,
        isolation_level=None,
        check_same_thread=False,
    )
    conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    return Database(conn, execute_plugins=False)


@contextlib.contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """``BEGIN IMMEDIATE`` … ``COMMIT``; roll back on any exception."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise
    else:
        db.conn.execute("COMMIT")


@contextlib.contextmanager
def read_transaction(db: Database) -> Iterator[Database]:
    """A deferred transaction so several reads see one consistent snapshot."""
    db.conn.execute("BEGIN")
    try:
        yield db
    finally:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")


class ConnectionPool:
    """One connection per thread for a database path (threads never share one)."""

    def __init__(self, path: str, busy_timeout_ms: int = 10_000):
        self.path = str(path)
        self.busy_timeout_ms = busy_timeout_ms
        self._local = threading.local()

    def get(self) -> Database:
        """This thread's connection, opened on first use."""
        db = getattr(self._local, "db", None)
        if db is None:
            db = connect(self.path, self.busy_timeout_ms)
            self._local.db = db
        elif db.conn.in_transaction:  # a request died mid-transaction: never leak it
            db.conn.execute("ROLLBACK")
        return db


def dumps(value: Any) -> str:
    """Compact JSON for storage; key order is kept (engines may depend on it)."""
    return codec.dumps(value)


def canonical(value: Any) -> str:
    """Canonical JSON for hashing (sorted keys, no spaces); the bytes of the stdlib form (see `codec`)."""
    return codec.canonical_bytes(value).decode()
