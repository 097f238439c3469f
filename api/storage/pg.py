"""PostgreSQL: the repositories' SQL on psycopg 3 connections from a psycopg-pool pool.

`PgDatabase` offers the small surface the repositories use on SQLite through sqlite-utils
(``db.conn.execute`` with ``?`` placeholders, ``executemany``, ``in_transaction``, ``db.query``,
``db.table_names()``).  Only the placeholder is rewritten (``?`` → ``%s``): the SQL is written in what both
databases understand, and where they differ the caller writes each form (``is_postgresql(db)``), row locks
included (`db.lock_row`, `db.lock_key`, `db.lock_throttle`).  The schema is `api.storage.pg_schema`.

Every wait is bounded so that a request is answered within 3 s (docs/storage.md, "Faults"): the pool
hands out a connection within 3/4 of the busy timeout, a new connection gives up after
``connect_timeout``, a statement and a lock wait after the busy timeout.  A request borrows a connection on
its first statement and gives it back at its end (`PgPool.release`), so event streams hold none.
"""
from __future__ import annotations

import threading
from typing import Any, Iterable, Iterator

import psycopg
from psycopg.pq import TransactionStatus

from api.storage.errors import BUSY_TIMEOUT_MS, DatabaseFault, msg

CONNECT_TIMEOUT_S = 2  # libpq's smallest


def placeholders(sql: str) -> str:
    """`sql` with psycopg's placeholders: ``?`` → ``%s`` (and a literal ``%`` → ``%%``)."""
    return sql.replace("%", "%%").replace("?", "%s")


BUSY = (psycopg.errors.LockNotAvailable, psycopg.errors.QueryCanceled)
READ_ONLY = (psycopg.errors.ReadOnlySqlTransaction,)
FULL = (psycopg.errors.DiskFull,)


def storage_fault(exc: BaseException) -> DatabaseFault:
    """The 503 fault for a database that did not answer (connection lost or refused, pool or lock timeout).

    A pool timeout is reported as unavailable: the pool waits for a free connection and keeps trying to
    open new ones, so it times out both when the server is down and when every connection stays busy.
    """
    detail = f"{type(exc).__name__}: {str(exc).strip()[:200]}"
    if isinstance(exc, BUSY):
        return DatabaseFault("database_busy", msg("the database is busy ({detail})", detail=detail), 1)
    if isinstance(exc, READ_ONLY):
        return DatabaseFault("database_read_only", msg("the database cannot be written ({detail})", detail=detail))
    if isinstance(exc, FULL):
        return DatabaseFault("disk_full", msg("the database server's disk is full ({detail})", detail=detail))
    return DatabaseFault("database_unavailable", msg("the database server does not answer ({detail})", detail=detail), 2)


FAULTS = (psycopg.OperationalError, *READ_ONLY, *FULL)


class PgConnection:
    """The ``db.conn`` of a `PgDatabase`: sqlite3-style ``execute`` on a borrowed psycopg connection."""

    def __init__(self, acquire, give_back):
        self._acquire = acquire
        self._give_back = give_back
        self._conn: psycopg.Connection | None = None

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

    def execute(self, sql: str, params: Iterable[Any] = ()) -> psycopg.Cursor:
        """Run one statement (``?`` placeholders) and return its cursor."""
        params = tuple(params) if params else ()
        conn = self._connection()
        try:
            return conn.execute(placeholders(sql) if params else sql, params or None)
        except FAULTS as exc:  # lock and statement timeouts, lost connections, a read-only or full server
            raise storage_fault(exc) from exc

    def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> psycopg.Cursor:
        """Run one statement for each parameter row."""
        cur = self._connection().cursor()
        try:
            cur.executemany(placeholders(sql), [tuple(r) for r in rows])
        except FAULTS as exc:
            raise storage_fault(exc) from exc
        return cur

    def release(self) -> None:
        """Give the connection back (rolling back an unfinished transaction first)."""
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            if not conn.closed and conn.info.transaction_status != TransactionStatus.IDLE:
                conn.rollback()
        except psycopg.Error:
            pass  # a broken connection: the pool discards it
        self._give_back(conn)

    close = release  # a dedicated connection is closed by its `give_back`


class PgDatabase:
    """The sqlite-utils ``Database`` surface the repositories use, on PostgreSQL."""

    dialect = "postgresql"

    def __init__(self, conn: PgConnection):
        self.conn = conn

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


def session_settings(busy_timeout_ms: int, statement_timeout_ms: int = 0) -> list[str]:
    """Settings every connection gets: durable commits, bounded lock waits, no forgotten transactions;
    a request's connection also a bounded statement (`statement_timeout_ms`; 0: none, for the operator's
    tools and migrations, which may run long)."""
    return [
        "SET synchronous_commit = on",
        f"SET lock_timeout = {int(busy_timeout_ms)}",
        f"SET statement_timeout = {int(statement_timeout_ms)}",
        "SET idle_in_transaction_session_timeout = 60000",
        "SET application_name = 'tablekeeper'",
    ]


def open_connection(url: str, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> psycopg.Connection:
    """A dedicated autocommit connection with the session settings (CLI, migrations, listeners)."""
    try:
        conn = psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S)
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
        settings = session_settings(busy_timeout_ms, busy_timeout_ms)

        def configure(conn: psycopg.Connection) -> None:
            for statement in settings:
                conn.execute(statement)

        self._pool = ConnectionPool(
            url, min_size=1, max_size=max(1, int(max_size)), configure=configure,
            kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT_S},
            check=ConnectionPool.check_connection, timeout=0.75 * busy_timeout_ms / 1000, open=False,
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

    discard = release  # after a storage fault: the pool drops the connection if it is broken

    def close(self) -> None:
        """Close every pooled connection."""
        self.release()
        if self._opened:
            self._pool.close()
            self._opened = False
