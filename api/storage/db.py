"""SQLite connections: pragmas on every connection and explicit transactions (both backends).

Connections run in driver autocommit mode, so the code decides where transactions begin.  On SQLite a
write is ``BEGIN IMMEDIATE``: a worker's threads take turns on one in-process lock, and the worker then
waits on SQLite's own lock, both within one busy timeout (`BUSY_TIMEOUT_MS`), then answer 503
``database_busy`` (docs/decisions/one-sqlite-writer-per-worker.md).  On PostgreSQL a write is a READ COMMITTED
transaction whose writers queue on the row they change (`lock_row`).  ``synchronous=FULL``: a commit
reaches the disk before the answer is sent (docs/storage.md, "Durability").
"""
from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import quote

from sqlite_utils import Database

from api.storage import jsonio

# The storage fault (503) lives in `api.storage.errors`, so that the PostgreSQL adapter raises it too.
from api.storage.errors import BUSY_TIMEOUT_MS, RETRY_AFTER, DatabaseFault, msg  # noqa: F401 (re-exported)

MARKER_SUFFIX = ".initialised"
BACKSTOP_PAGES = 10_000  # `connect`: the WAL pages past which a commit checkpoints by itself
# SQLite result-code names (Python's `sqlite_errorname`) → (problem code, what it means for the operator).
_FAULTS = (
    ("SQLITE_FULL", "disk_full", msg("the disk holding the database is full")),
    ("SQLITE_READONLY", "database_read_only", msg("the database file cannot be written")),
    ("SQLITE_CORRUPT", "database_corrupt", msg("the database file is corrupt")),
    ("SQLITE_NOTADB", "database_corrupt", msg("the database file is not an SQLite database")),
    ("SQLITE_IOERR", "database_io_error", msg("reading or writing the database file failed")),
    ("SQLITE_CANTOPEN", "database_missing", msg("the database file cannot be opened")),
    ("SQLITE_PERM", "database_read_only", msg("the database file cannot be written")),
    ("SQLITE_BUSY", "database_busy", msg("the database is busy")),
    ("SQLITE_LOCKED", "database_busy", msg("the database is busy")),
)


def fault_from(exc: BaseException) -> DatabaseFault | None:
    """The `DatabaseFault` an sqlite3 error stands for, or None when it is a programming error."""
    if isinstance(exc, DatabaseFault):
        return exc
    if not isinstance(exc, sqlite3.DatabaseError) or isinstance(exc, (sqlite3.IntegrityError,
                                                                     sqlite3.ProgrammingError)):
        return None
    name = exc.sqlite_errorname or ""  # set on every error SQLite reports (Python 3.11+)
    for prefix, code, meaning in _FAULTS:
        if name.startswith(prefix):
            return DatabaseFault(code, msg("{fault} ({detail})", fault=meaning, detail=str(exc)),
                                 1 if code == "database_busy" else RETRY_AFTER)
    return None


def file_identity(path: str) -> tuple[int, int] | None:
    """(device, inode) of the file at `path`, None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def is_database_url(path: str) -> bool:
    """True for a PostgreSQL URL (``postgresql://`` or ``postgres://``)."""
    return str(path).startswith(("postgresql://", "postgres://"))


def is_file_path(path: str) -> bool:
    """True for a plain SQLite file path (not ``:memory:``, a ``file:`` URI nor a database URL)."""
    path = str(path)
    return bool(path) and path != ":memory:" and not path.startswith("file:") and not is_database_url(path)


def marker_path(path: str) -> Path:
    """The file recording that a database was initialised at `path`."""
    return Path(f"{path}{MARKER_SUFFIX}")


def was_initialised(path: str) -> bool:
    """True when a database was ever initialised at `path` (so a missing file is a fault, not a fresh start)."""
    return is_file_path(path) and marker_path(path).exists()


def mark_initialised(path: str) -> None:
    """Record that the database at `path` exists; a worker never creates a new one where one existed."""
    if not is_file_path(path):
        return
    marker = marker_path(path)
    if not marker.exists():
        with contextlib.suppress(OSError):  # a read-only directory: the identity check still guards the server
            marker.write_text(f"tablekeeper database {os.path.abspath(path)} initialised; do not delete\n")


# The (device, inode) the server started with, per path: set by the gunicorn master before it forks
# its workers, so a respawned worker compares against the original file, not whatever is there now.
PINNED: dict[str, tuple[int, int]] = {}


def pin_identity(path: str) -> None:
    """Remember the file now at `path` as the server's database (no-op when there is none)."""
    found = file_identity(path) if is_file_path(path) else None
    if found:
        PINNED[str(path)] = found


def shared_memory_fault(path: str) -> DatabaseFault | None:
    """`database_read_only` when the WAL index ``<database>-shm`` exists but cannot be written.

    SQLite maps that file into memory (WAL mode, whatever ``mmap_size`` says) and writes to the
    mapping on every read and write; when the file cannot be written (made immutable, a read-only
    remount), that store kills the whole worker with SIGBUS.  Checked before a connection is used
    (one ``access`` call), so the request is answered 503 instead.
    """
    shm = f"{path}-shm"
    # Asked twice: another connection may create the file between `access` (no file yet) and `exists`.
    for _ in range(2):
        if os.access(shm, os.W_OK) or not os.path.exists(shm):
            return None
    return DatabaseFault("database_read_only", msg("the database's shared-memory file {file} cannot be written", file=shm))


# One lock per SQLite file per process: the threads of a worker take their turn at SQLite's write lock by
# waiting here, woken as soon as it is free, instead of polling in SQLite's busy handler (sleeps of up to
# 100 ms, so a newcomer overtakes a thread that has waited long): only the processes poll each other.
_WRITE_LOCKS: dict[str, threading.Lock] = {}
_WRITE_LOCKS_GUARD = threading.Lock()


def _write_lock(path: str) -> threading.Lock | None:
    """This process's write lock for the SQLite file `path` (None for ``:memory:`` and URIs)."""
    if not is_file_path(path):
        return None
    with _WRITE_LOCKS_GUARD:
        return _WRITE_LOCKS.setdefault(os.path.abspath(path), threading.Lock())


def connect(path: str, busy_timeout_ms: int = BUSY_TIMEOUT_MS, must_exist: bool = False) -> Database:
    """Open `path` with the pragmas every connection needs, in sqlite-utils (a PostgreSQL URL: `api.storage.pg`);
    with `must_exist` a missing file is an error (``unable to open``), not a new empty database."""
    if is_database_url(path):
        from api.storage import pg

        return pg.connect(str(path), busy_timeout_ms)
    target, uri = str(path), False
    fault = shared_memory_fault(target) if is_file_path(target) else None
    if fault is not None:
        raise fault
    if must_exist and is_file_path(target):
        target, uri = f"file:{quote(os.path.abspath(target))}?mode=rw", True
    conn = sqlite3.connect(
        target,
        timeout=busy_timeout_ms / 1000,
        isolation_level=None,
        check_same_thread=False,
        uri=uri,
    )
    conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA mmap_size = 0")  # read the file, never map it: a mapped file that fails kills with SIGBUS
    # A worker's thread checkpoints the WAL every second (`api.storage.checkpoints`); a commit checkpoints
    # only past this backstop (~40 MB of WAL), should that thread not run (a CLI, another server).
    conn.execute(f"PRAGMA wal_autocheckpoint = {BACKSTOP_PAGES}")
    db = Database(conn, execute_plugins=False)
    db.tablekeeper_write_lock = _write_lock(str(path))
    db.tablekeeper_busy_timeout_ms = int(busy_timeout_ms)
    return db


def is_postgresql(db: Database) -> bool:
    """True for a `api.storage.pg.PgDatabase`."""
    return getattr(db, "dialect", "sqlite") == "postgresql"


# The rows a write locks on PostgreSQL (`lock_row`), by table: never a name from a request.
_LOCKS = {table: f"SELECT 1 FROM {table} WHERE id = ? FOR UPDATE"
          for table in ("games", "campaigns", "edition_resources")}


def lock_row(db: Database, table: str, row_id: str) -> None:
    """Inside a write transaction, before reading the row it will change: make writers of that row queue.

    PostgreSQL: ``SELECT … FOR UPDATE`` as a statement of its own, so that the reads after it (READ
    COMMITTED) see everything the previous holder committed (its Idempotency-Key, its version).
    SQLite: nothing to do, ``BEGIN IMMEDIATE`` already holds the database's only write lock.
    """
    if is_postgresql(db):
        db.conn.execute(_LOCKS[table], (row_id,))


def lock_throttle(db: Database) -> None:
    """Inside a write transaction: the per-address throttle counts and records in one turn across every
    server (PostgreSQL: a self-exclusive table lock; SQLite: already so)."""
    if is_postgresql(db):
        db.conn.execute("LOCK TABLE join_failures IN SHARE ROW EXCLUSIVE MODE")


def lock_key(db: Database, key: str) -> None:
    """Inside a write transaction: writers naming the same `key` (an import's or a new campaign's
    Idempotency-Key, which has no row to lock yet) take turns, so the second finds what the first stored.

    PostgreSQL: a transaction-scoped advisory lock on the key's hash; SQLite: already so.
    """
    if is_postgresql(db):
        db.conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (key,))


@contextlib.contextmanager
def _writers_turn(db: Database) -> Iterator[None]:
    """Hold this process's write lock for the file behind `db` (SQLite files only), within its busy timeout.

    The time spent waiting here is taken off SQLite's own busy timeout for the ``BEGIN IMMEDIATE`` that
    follows, so both waits together stay within one busy timeout: a move is still answered in time.
    """
    lock = getattr(db, "tablekeeper_write_lock", None)
    if lock is None:
        yield
        return
    budget_ms = db.tablekeeper_busy_timeout_ms
    started = time.monotonic()
    if not lock.acquire(timeout=budget_ms / 1000):
        raise DatabaseFault("database_busy", msg("the database is busy (this worker's writes waited past the busy "
                                                 "timeout)"), 1)
    try:
        waited_ms = int(1000 * (time.monotonic() - started))
        if waited_ms:
            db.conn.execute(f"PRAGMA busy_timeout = {max(1, budget_ms - waited_ms)}")
        try:
            yield
        finally:
            if waited_ms:
                with contextlib.suppress(sqlite3.Error):  # a broken connection is discarded anyway
                    db.conn.execute(f"PRAGMA busy_timeout = {budget_ms}")
    finally:
        lock.release()


@contextlib.contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """``BEGIN IMMEDIATE`` (SQLite, after `_writers_turn`) or ``BEGIN`` (PostgreSQL, READ COMMITTED) …
    ``COMMIT``; roll back on any exception."""
    with _writers_turn(db):
        db.conn.execute("BEGIN" if is_postgresql(db) else "BEGIN IMMEDIATE")
        try:
            yield db
            check_identity(db)  # never acknowledge a write into a deleted or replaced file
            db.conn.execute("COMMIT")
        except BaseException:
            if db.conn.in_transaction:
                db.conn.execute("ROLLBACK")
            raise


def check_identity(db: Database) -> None:
    """`DatabaseFault` when the file behind `db` is no longer the one the server started with."""
    expected = getattr(db, "tablekeeper_identity", None)
    if expected is None:
        return
    path, identity = expected
    found = file_identity(path)
    if found is None:
        raise DatabaseFault("database_missing", msg("the database file {file} has been deleted or moved", file=path))
    if found != identity:
        raise DatabaseFault("database_replaced", msg("the database file {file} was replaced while the server ran; "
                                                     "restart the server", file=path))


@contextlib.contextmanager
def read_transaction(db: Database) -> Iterator[Database]:
    """A transaction so several reads see one consistent snapshot (PostgreSQL: REPEATABLE READ)."""
    db.conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ" if is_postgresql(db) else "BEGIN")
    try:
        yield db
    finally:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")


class ConnectionPool:
    """One connection per thread for a database path (threads never share one).

    The pool never creates the file: it opens an existing database only, and only the
    file the server started with (device and inode, `PINNED` or the file found at start),
    so a deleted or swapped database answers 503 instead of silently starting anew.
    """

    def __init__(self, path: str, busy_timeout_ms: int = BUSY_TIMEOUT_MS):
        self.path = str(path)
        self.busy_timeout_ms = busy_timeout_ms
        self._local = threading.local()
        self.checked = is_file_path(self.path)
        self.identity = PINNED.get(self.path) or (file_identity(self.path) if self.checked else None)

    def get(self) -> Database:
        """This thread's connection, opened on first use; `DatabaseFault` if the file is gone or replaced."""
        if self.checked:
            found = file_identity(self.path)
            if found is None and self.identity is None and not was_initialised(self.path):
                connect(self.path, self.busy_timeout_ms).close()  # no database was ever here: a fresh start
                found = file_identity(self.path)
            if self.identity is None and found is not None:  # created after we started (init-db, a fresh start)
                self.identity = found
            if found is None or found != self.identity:
                self.discard()
                raise DatabaseFault(*(("database_missing", msg("the database file {file} does not exist", file=self.path))
                                      if found is None else ("database_replaced", msg(
                                          "the database file {file} was replaced while the server ran; restart the "
                                          "server", file=self.path))))
            fault = shared_memory_fault(self.path)
            if fault is not None:  # not even closing the connection: that would touch the mapping too
                raise fault
        db = getattr(self._local, "db", None)
        if db is None:
            db = connect(self.path, self.busy_timeout_ms, must_exist=True)
            if self.checked:
                db.tablekeeper_identity = (self.path, self.identity)
            self._local.db = db
        else:
            if db.conn.in_transaction:  # a request died mid-transaction: never leak it
                db.conn.execute("ROLLBACK")
        return db

    def discard(self) -> None:
        """Close this thread's connection (after a fault the next request opens a fresh one); kept open
        while its shared memory cannot be written (closing writes to it: `shared_memory_fault`)."""
        db = getattr(self._local, "db", None)
        if self.checked and shared_memory_fault(self.path) is not None:
            return
        self._local.db = None
        if db is not None:
            with contextlib.suppress(sqlite3.Error):
                db.conn.close()


HEALTH_WRITE = ("INSERT INTO _health (id, checked_at) VALUES (1, ?) "
                "ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at")


def free_space_fault(path: str, min_free_mb: float) -> DatabaseFault | None:
    """`disk_full` when the file system holding the SQLite file `path` has less than `min_free_mb` MB free."""
    if not is_file_path(path) or min_free_mb <= 0:
        return None
    try:
        fs = os.statvfs(os.path.dirname(os.path.abspath(path)))
    except OSError:
        return None  # the write below decides
    free_mb = fs.f_bavail * fs.f_frsize / 2**20
    if free_mb >= min_free_mb:
        return None
    return DatabaseFault("disk_full", msg("only {free} MB free on the disk holding the database (below TABLEKEEPER_"
                                          "MIN_FREE_MB={least})", free=f"{free_mb:.1f}", least=f"{min_free_mb:g}"))


def probe(db: Database, path: str = "", min_free_mb: float = 0) -> None:
    """Prove the database can take a write now: (SQLite) enough free space and a sound file, then one
    committed write to ``_health`` (a table of migration 0009: no DDL here).  `DatabaseFault` otherwise."""
    fault = free_space_fault(path, min_free_mb)
    if fault is not None:
        raise fault
    if not is_postgresql(db):  # PostgreSQL guards its own pages
        verdict = db.conn.execute("PRAGMA quick_check(1)").fetchone()[0]
        if verdict != "ok":
            raise DatabaseFault("database_corrupt", msg("the database file is corrupt: {verdict}", verdict=verdict))
    with write_transaction(db):
        db.conn.execute(HEALTH_WRITE, (datetime.now(timezone.utc).isoformat(),))


def canonical(value: Any) -> str:
    """Canonical JSON for hashing (sorted keys, no spaces); the stdlib form (`jsonio`)."""
    return jsonio.canonical_bytes(value).decode()
