"""PostgreSQL: the repository's SQL on psycopg 3 connections from a psycopg-pool pool.

The repositories (`api.storage.repository`, `campaigns`, `tokens`, `verify`)
are written once, in the SQL both databases understand, against the small
surface sqlite-utils gives them: ``db.conn.execute(sql, params)`` with ``?``
placeholders, ``executemany``, ``in_transaction``, ``db.query`` and
``db.table_names()``.  `PgDatabase` offers that surface on PostgreSQL, so a
change to the write path (and every optimisation of it) serves both backends.

What the translation does, and why (`translate`):

- ``?`` becomes ``%s`` (and a literal ``%`` becomes ``%%``); ``INSERT OR
  IGNORE`` becomes ``INSERT … ON CONFLICT DO NOTHING``.  Anything else
  SQLite-only fails loudly here, so the PostgreSQL test run catches it.
- ``BEGIN IMMEDIATE`` (SQLite's "take the write lock now") becomes ``BEGIN``
  in READ COMMITTED, and inside such a write transaction the first read of a
  game or campaign row (``SELECT … FROM games [g …] WHERE [g.]id = ?``) is
  preceded by ``SELECT 1 FROM games WHERE id = ? FOR UPDATE`` (a separate
  statement, so the read itself sees everything committed before the lock was
  granted, joined rows included).  Writers of one game therefore queue on its row exactly as
  they queue on SQLite's lock, and after the wait they see what the winner
  committed (the stored Idempotency-Key, the new version): one wins, the other
  gets 412 or the replayed answer.  Writers of different games never wait for
  each other.  The ``(game_id, seq)`` primary key stays the last guard.
- The join-code throttle counts failures and then records one; a write
  transaction that touches ``join_failures`` first locks that table (in a
  self-exclusive mode), so the count holds across every server.
- A plain ``BEGIN`` (the repository's consistent reads) is REPEATABLE READ.

Connections run in autocommit (the code decides where transactions begin),
with ``synchronous_commit = on`` (a 2xx means the commit reached the WAL on
disk) and ``lock_timeout`` = the busy timeout.  A request borrows a connection
on its first statement and gives it back at the end of the request
(`PgPool.release`), so long-lived event streams hold none.  A lost server, a
pool timeout or a lock timeout raise the storage fault `DatabaseFault` (503 with Retry-After): ``database_unavailable``, or
``database_busy`` for a lock timeout.
"""
from __future__ import annotations

import re
import threading
from functools import lru_cache
from typing import Any, Iterable, Iterator

import psycopg
from psycopg.pq import TransactionStatus

from api.storage.errors import BUSY_TIMEOUT_MS, DatabaseFault

DIALECT = "postgresql"
URL_PREFIXES = ("postgresql://", "postgres://")

_LOCK_ROW = re.compile(
    r"^\s*SELECT\s[^;]*?\sFROM\s+(games|campaigns)\b[^;]*\sWHERE\s+(?:\w+\.)?id\s*=\s*\?\s*$", re.I | re.S)
_INSERT_OR_IGNORE = re.compile(r"^\s*INSERT\s+OR\s+IGNORE\s+INTO\s", re.I)
_SQLITE_ONLY = re.compile(r"\b(INSERT\s+OR\s+(REPLACE|ABORT|FAIL|ROLLBACK)|PRAGMA|GLOB|AUTOINCREMENT)\b", re.I)
_THROTTLE = re.compile(r"\b(FROM|INTO)\s+join_failures\b", re.I)
THROTTLE_LOCK = "LOCK TABLE join_failures IN SHARE ROW EXCLUSIVE MODE"


def is_postgres(database: str) -> bool:
    """True when the configured database is a ``postgresql://`` URL (otherwise it is a SQLite file)."""
    return str(database).startswith(URL_PREFIXES)


@lru_cache(maxsize=1024)
def translate(sql: str, has_params: bool, writing: bool) -> tuple[str, str | None]:
    """(PostgreSQL text of `sql`, a statement to run once before it in this transaction or None).

    A row lock ``before`` statement takes the last parameter of `sql` (the id) as its own.
    """
    if _SQLITE_ONLY.search(sql):
        raise NotImplementedError(f"SQLite-only SQL has no PostgreSQL translation: {sql.strip()[:80]}")
    before = THROTTLE_LOCK if writing and _THROTTLE.search(sql) else None
    text = sql
    lock = _LOCK_ROW.match(text) if writing and has_params else None
    if lock:
        before = f"SELECT 1 FROM {lock.group(1).lower()} WHERE id = %s FOR UPDATE"
    if _INSERT_OR_IGNORE.match(text):
        text = _INSERT_OR_IGNORE.sub("INSERT INTO ", text, count=1).rstrip() + " ON CONFLICT DO NOTHING"
    if has_params:
        text = text.replace("%", "%%").replace("?", "%s")
    return text, before


BUSY = (psycopg.errors.LockNotAvailable, psycopg.errors.QueryCanceled)


def storage_fault(exc: BaseException) -> DatabaseFault:
    """The 503 fault for a database that did not answer (connection lost or refused, pool or lock timeout).

    A pool timeout is reported as unavailable: the pool waits for a free connection and keeps trying to
    open new ones, so it times out both when the server is down and when every connection stays busy.
    """
    detail = f"{type(exc).__name__}: {str(exc).strip()[:200]}"
    if isinstance(exc, BUSY):
        return DatabaseFault("database_busy", f"the database is busy ({detail})", 1)
    return DatabaseFault("database_unavailable", f"the database server does not answer ({detail})", 2)


class PgConnection:
    """The ``db.conn`` of a `PgDatabase`: sqlite3-style ``execute`` on a borrowed psycopg connection."""

    def __init__(self, acquire, give_back):
        self._acquire = acquire
        self._give_back = give_back
        self._conn: psycopg.Connection | None = None
        self._writing = False
        self._prefixed: set[tuple] = set()

    def _connection(self) -> psycopg.Connection:
        if self._conn is None:
            try:
                self._conn = self._acquire()
            except psycopg.Error as exc:  # PoolTimeout, connection refused
                raise storage_fault(exc) from exc
        return self._conn

    @property
    def in_transaction(self) -> bool:
        """True between BEGIN and COMMIT/ROLLBACK (or after a failed statement in a transaction)."""
        return self._conn is not None and self._conn.info.transaction_status != TransactionStatus.IDLE

    def _control(self, sql: str) -> str | None:
        if len(sql) > 24:  # not a transaction statement (the common case, checked cheaply)
            return None
        word = " ".join(sql.split()).upper()
        if word == "BEGIN IMMEDIATE":
            self._writing, self._prefixed = True, set()
            return "BEGIN"
        if word in ("BEGIN", "BEGIN DEFERRED"):
            self._writing = False
            return "BEGIN ISOLATION LEVEL REPEATABLE READ"
        if word in ("COMMIT", "ROLLBACK", "END"):
            self._writing = False
            return word
        return None

    def _lock_first(self, conn: psycopg.Connection, before: str, params: tuple) -> None:
        """Run a lock statement once per transaction (per locked row)."""
        args = (params[-1],) if "%s" in before else None
        key = (before, args)
        if key not in self._prefixed:
            conn.execute(before, args)
            self._prefixed.add(key)

    def execute(self, sql: str, params: Iterable[Any] = ()) -> psycopg.Cursor:
        """Run one statement (``?`` placeholders) and return its cursor."""
        params = tuple(params) if params else ()
        conn = self._connection()
        control = self._control(sql)
        try:
            if control is not None:
                return conn.execute(control)
            text, before = translate(sql, bool(params), self._writing)
            if before is not None:
                self._lock_first(conn, before, params)
            return conn.execute(text, params or None)
        except psycopg.OperationalError as exc:  # includes lock and statement timeouts, lost connections
            raise storage_fault(exc) from exc

    def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> psycopg.Cursor:
        """Run one statement for each parameter row."""
        text, before = translate(sql, True, self._writing)
        rows = [tuple(r) for r in rows]
        cur = self._connection().cursor()
        try:
            if before is not None and rows:
                self._lock_first(self._connection(), before, rows[0])
            cur.executemany(text, rows)
        except psycopg.OperationalError as exc:
            raise storage_fault(exc) from exc
        return cur

    def release(self) -> None:
        """Give the connection back (rolling back an unfinished transaction first)."""
        conn, self._conn, self._writing = self._conn, None, False
        if conn is None:
            return
        try:
            if not conn.closed and conn.info.transaction_status != TransactionStatus.IDLE:
                conn.rollback()
        except psycopg.Error:
            pass  # a broken connection: the pool discards it
        self._give_back(conn)

    def close(self) -> None:
        """Same as `release` (a dedicated connection is closed there)."""
        self.release()


class PgDatabase:
    """The sqlite-utils ``Database`` surface the repositories use, on PostgreSQL."""

    dialect = DIALECT

    def __init__(self, conn: PgConnection):
        self.conn = conn

    def execute(self, sql: str, params: Iterable[Any] = ()) -> psycopg.Cursor:
        """``db.execute`` as in sqlite-utils."""
        return self.conn.execute(sql, params)

    def query(self, sql: str, params: Iterable[Any] = ()) -> Iterator[dict]:
        """Rows of `sql` as dicts."""
        cur = self.conn.execute(sql, params)
        names = [d[0] for d in cur.description]
        for row in cur.fetchall():
            yield dict(zip(names, row, strict=True))

    def table_names(self) -> list[str]:
        """Tables of the current schema (the first on the search path)."""
        return [r[0] for r in self.conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename").fetchall()]

    def close(self) -> None:
        """Release (or close) the underlying connection."""
        self.conn.close()


def session_settings(busy_timeout_ms: int) -> list[str]:
    """Settings every connection gets: durable commits, bounded lock waits, no forgotten transactions."""
    return [
        "SET synchronous_commit = on",
        f"SET lock_timeout = {int(busy_timeout_ms)}",
        "SET idle_in_transaction_session_timeout = 60000",
        "SET application_name = 'tablekeeper'",
    ]


def open_connection(url: str, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> psycopg.Connection:
    """A dedicated autocommit connection with the session settings (CLI, migrations, listeners)."""
    try:
        conn = psycopg.connect(url, autocommit=True, connect_timeout=max(1, busy_timeout_ms // 1000))
    except psycopg.OperationalError as exc:
        raise storage_fault(exc) from exc
    for statement in session_settings(busy_timeout_ms):
        conn.execute(statement)
    return conn


def connect(url: str, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> PgDatabase:
    """A `PgDatabase` on a dedicated connection (closed by ``db.close()``)."""
    conn = open_connection(url, busy_timeout_ms)
    return PgDatabase(PgConnection(lambda: conn, lambda c: None if c.closed else c.close()))


class PgPool:
    """A psycopg-pool pool; each thread's `PgDatabase` borrows one connection per request."""

    def __init__(self, url: str, busy_timeout_ms: int = BUSY_TIMEOUT_MS, max_size: int = 10):
        from psycopg_pool import ConnectionPool

        self.url = url
        settings = session_settings(busy_timeout_ms)

        def configure(conn: psycopg.Connection) -> None:
            for statement in settings:
                conn.execute(statement)

        self._pool = ConnectionPool(
            url, min_size=1, max_size=max(1, int(max_size)), kwargs={"autocommit": True}, configure=configure,
            check=ConnectionPool.check_connection, timeout=busy_timeout_ms / 1000, open=False,
            name="tablekeeper")
        self._opened = False
        self._open_lock = threading.Lock()
        self._local = threading.local()

    def _acquire(self) -> psycopg.Connection:
        if not self._opened:  # opened on first use: a forked gunicorn worker opens its own
            with self._open_lock:
                if not self._opened:
                    self._pool.open(wait=False)
                    self._opened = True
        return self._pool.getconn()

    def get(self) -> PgDatabase:
        """This thread's database handle (it borrows a connection on its first statement)."""
        db = getattr(self._local, "db", None)
        if db is None:
            db = PgDatabase(PgConnection(self._acquire, self._pool.putconn))
            self._local.db = db
        elif db.conn.in_transaction:  # a request died mid-transaction: never leak it
            db.conn.release()
        return db

    def release(self) -> None:
        """Give this thread's connection back to the pool (end of a request)."""
        db = getattr(self._local, "db", None)
        if db is not None:
            db.conn.release()

    def discard(self) -> None:
        """After a storage fault: give the connection back (the pool drops it if it is broken)."""
        self.release()

    def close(self) -> None:
        """Close every pooled connection."""
        self.release()
        if self._opened:
            self._pool.close()
            self._opened = False
