"""Storage: SQLite via sqlite-utils (migrations, games, actions, snapshots, idempotency).

Game-agnostic: rules engines are reached through `api.storage.engines`.
"""
from __future__ import annotations

from api.storage.db import ConnectionPool
from api.storage.engines import EngineRegistry
from api.storage.repository import GameRepository


class Storage:
    """A database path, a connection per thread, and the engines to play with."""

    def __init__(self, path: str, engines: EngineRegistry, busy_timeout_ms: int = 10_000):
        self.path = str(path)
        self.engines = engines
        self.pool = ConnectionPool(self.path, busy_timeout_ms)

    def repository(self) -> GameRepository:
        """A repository on this thread's connection."""
        return GameRepository(self.pool.get(), self.engines)


__all__ = ["Storage", "GameRepository", "EngineRegistry"]
