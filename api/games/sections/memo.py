"""The memo of rendered view sections, shared by every game a process serves."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable

UNSET = object()  # "not worked out yet" (None is a value)


class SectionMemo:
    """A bounded LRU of rendered view sections: ``(edition hash, section, fingerprint) -> value``.

    The fingerprint is the encoding of every input the section reads (see `sections`), so an entry
    is right for any state whose inputs encode the same, in any game.  Values are shared between
    views: never mutate one.  Sized for the sections a busy worker still needs (~10 per active game);
    an entry is a few KB of Python objects.
    """

    def __init__(self, size: int = 2048):
        self.size = size
        self._entries: OrderedDict[tuple, Any] = OrderedDict()
        self._lock = threading.Lock()  # a threaded server shares one memo between requests
        self.hits = self.misses = 0  # for benchmarks and tests

    def get(self, key: tuple, default: Any = None) -> Any:
        """The value stored under `key` (now the most recently used), or `default`."""
        with self._lock:
            value = self._entries.get(key, default)
            if value is default:
                self.misses += 1
            else:
                self._entries.move_to_end(key)
                self.hits += 1
            return value

    def put(self, key: tuple, value: Any) -> None:
        """Store `value` under `key`, forgetting the least recently used entries beyond `size`."""
        with self._lock:
            self._entries[key] = value
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)


def looked_up(memo: SectionMemo, edition_hash: str, key: bytes | tuple | None, render: Callable[[], Any]) -> Any:
    """`memo`'s value under (edition hash, key), rendered and stored on a miss (rendered alone without a key)."""
    if key is None:
        return render()
    slot = (edition_hash, key)
    value = memo.get(slot, UNSET)
    if value is UNSET:
        value = render()
        memo.put(slot, value)
    return value
