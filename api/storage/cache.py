"""The last state of each game this worker served, so a move does not reload and re-parse it.

Entries are keyed by game id and checked against the game's version, which
every write bumps and the write transaction compares anyway: a hit at the
current version *is* the stored state.  An entry a few versions behind (the
other worker played the last move) is brought up to date by applying the
live actions after it; anything else is rebuilt from a snapshot.  States are
never mutated (engines return a new state from ``apply``), so threads may
share them.  Only committed states are put here.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

DEFAULT_SIZE = 512  # games per worker; an Asian Tigers state is ~50 KB of Python objects


@dataclass(frozen=True)
class CachedState:
    """A game's state at `version`, after the live actions up to `tail_seq`."""

    version: int
    tail_seq: int
    state: Any


class StateCache:
    """A bounded, thread-safe LRU of `CachedState` by game id."""

    def __init__(self, size: int = DEFAULT_SIZE):
        self.size = max(0, int(size))
        self._entries: OrderedDict[str, CachedState] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.catch_ups = self.misses = 0  # for benchmarks and tests

    def get(self, game_id: str) -> CachedState | None:
        """The entry for `game_id` (any version), or None."""
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is not None:
                self._entries.move_to_end(game_id)
            return entry

    def put(self, game_id: str, version: int, tail_seq: int, state: Any) -> None:
        """Remember `state` as the game's state at `version` (never goes back to an older version)."""
        if not self.size:
            return
        with self._lock:
            old = self._entries.get(game_id)
            if old is not None and old.version > version:
                return
            self._entries[game_id] = CachedState(version, tail_seq, state)
            self._entries.move_to_end(game_id)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._entries.clear()
