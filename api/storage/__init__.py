"""Storage: SQLite via sqlite-utils (migrations, games, actions, snapshots, idempotency).

Game-agnostic: rules engines are reached through `api.storage.engines`.
"""
from __future__ import annotations

from api.storage.cache import StateCache
from api.storage.db import ConnectionPool
from api.storage.engines import EngineRegistry
from api.storage.idempotency import DEFAULT_RETENTION_HOURS, Retention
from api.storage.repository import GameRepository


class Storage:
    """A database path, a connection per thread, the engines to play with, and this worker's state cache."""

    def __init__(self, path: str, engines: EngineRegistry, busy_timeout_ms: int = 10_000,
                 idempotency_retention_hours: float = DEFAULT_RETENTION_HOURS):
        self.path = str(path)
        self.engines = engines
        self.pool = ConnectionPool(self.path, busy_timeout_ms)
        self.states = StateCache()
        self.retention = Retention(idempotency_retention_hours)

    def repository(self) -> GameRepository:
        """A repository on this thread's connection (sharing the worker's state cache)."""
        return GameRepository(self.pool.get(), self.engines, self.states, self.retention)


__all__ = ["Storage", "GameRepository", "EngineRegistry"]
