"""Storage: SQLite via sqlite-utils (the default) or PostgreSQL via psycopg (`api.storage.pg`).

Migrations, games, actions, snapshots, idempotency.  Game-agnostic: rules
engines are reached through `api.storage.engines`.
"""
from __future__ import annotations

from api.storage.cache import StateCache
from api.storage.db import ConnectionPool, is_database_url
from api.storage.engines import EngineRegistry
from api.storage.errors import BUSY_TIMEOUT_MS
from api.storage.idempotency import DEFAULT_RETENTION_HOURS, Retention
from api.storage.notify import Broker, PgListener
from api.storage.repository import GameRepository


class Storage:
    """A database (SQLite path or PostgreSQL URL), a connection per thread, the engines to play with,
    this worker's state cache and the broker of its event streams."""

    def __init__(self, path: str, engines: EngineRegistry, busy_timeout_ms: int = BUSY_TIMEOUT_MS,
                 idempotency_retention_hours: float = DEFAULT_RETENTION_HOURS, pool_size: int = 10):
        self.path = str(path)
        self.engines = engines
        self.states = StateCache()
        self.retention = Retention(idempotency_retention_hours)
        self.dialect = "postgresql" if is_database_url(self.path) else "sqlite"
        self.broker = Broker()  # version changes for this process's event streams
        self.listener: PgListener | None = None
        if self.dialect == "postgresql":
            try:
                from api.storage.pg import PgPool
                from api.storage.pg_schema import NOTIFY_CHANNEL
            except ImportError as exc:
                raise RuntimeError(f"the database is a PostgreSQL URL but {exc.name} is missing: "
                                   "pip install 'tablekeeper[postgres]'") from exc

            self.pool = PgPool(self.path, busy_timeout_ms, pool_size)
            self.listener = PgListener(self.path, self.broker, NOTIFY_CHANNEL)
        else:
            self.pool = ConnectionPool(self.path, busy_timeout_ms)

    def repository(self) -> GameRepository:
        """A repository on this thread's connection (sharing the worker's state cache)."""
        return GameRepository(self.pool.get(), self.engines, self.states, self.retention)

    def release(self) -> None:
        """End of a request: a PostgreSQL connection goes back to the pool (SQLite keeps one per thread)."""
        release = getattr(self.pool, "release", None)
        if release is not None:
            release()

    def close(self) -> None:
        """Close the pooled connections and the listener (PostgreSQL); SQLite's close with their threads."""
        if self.listener is not None:
            self.listener.stop()
        close = getattr(self.pool, "close", None)
        if close is not None:
            close()


__all__ = ["Storage", "GameRepository", "EngineRegistry"]
