"""Plain records passed between the repository and the web layer."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from api.storage.engines import Engine
from api.storage.jsonio import loads


def utcnow() -> str:
    """Current UTC time, ISO 8601 with offset."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class GameRecord:
    """One row of ``games``, decoded."""

    id: str
    kind: str
    edition_hash: str
    options: dict
    seed: int
    status: str
    version: int
    head_seq: int
    tail_seq: int
    live_actions: int
    created_at: str
    updated_at: str
    placeholders_used: tuple[str, ...] = ()

    @classmethod
    def from_values(cls, values) -> "GameRecord":
        """Decode the first 13 values of a row that names the columns in this class's field order."""
        return cls(values[0], values[1], values[2], loads(values[3]), values[4], values[5], values[6], values[7],
                   values[8], values[9], values[10], values[11], tuple(loads(values[12] or "[]")))


@dataclass
class LoadedGame:
    """A game with its engine, edition and current state."""

    record: GameRecord
    engine: Engine
    edition: Any
    state: Any


@dataclass(frozen=True)
class Idempotency:
    """An Idempotency-Key and the hash of the request it came with."""

    key: str
    request_hash: str


@dataclass
class WriteResult:
    """What a write changed; `render` turns it into the stored response body."""

    game: LoadedGame
    applied: list[dict] = field(default_factory=list)
    undone: list[int] = field(default_factory=list)
    previous: LoadedGame | None = None  # the game before the write (a move answer is a patch of its view)


@dataclass(frozen=True)
class WriteOutcome:
    """The response of a write, fresh or replayed from the idempotency store."""

    status: int
    body: dict
    version: int
    replayed: bool
    encoded: bytes | None = None  # `body` as sent (JSON bytes), when the repository already encoded it


@dataclass
class CreatedGame:
    """A new game and the secrets that were handed out once."""

    game: LoadedGame
    table_token: str
    spectator_token: str
    join_code: str
