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


class LRU:
    """A bounded, thread-safe least-recently-used map by game id (also the views' cache, `api.web.views`)."""

    def __init__(self, size: int):
        self.size = max(0, int(size))
        self._entries: OrderedDict[str, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> Any:
        """The entry for `game_id`, or None."""
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is not None:
                self._entries.move_to_end(game_id)
            return entry

    def _put(self, game_id: str, entry: Any) -> None:  # the caller holds the lock
        self._entries[game_id] = entry
        self._entries.move_to_end(game_id)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._entries.clear()


class StateCache(LRU):
    """`CachedState` by game id (`get`: at any version)."""

    def __init__(self, size: int = DEFAULT_SIZE):
        super().__init__(size)
        self.catch_ups = 0  # for tests: states brought up to date instead of rebuilt

    def put(self, game_id: str, version: int, tail_seq: int, state: Any) -> None:
        """Remember `state` as the game's state at `version` (never goes back to an older version)."""
        with self._lock:
            old = self._entries.get(game_id)
            if old is None or old.version <= version:
                self._put(game_id, CachedState(version, tail_seq, state))
