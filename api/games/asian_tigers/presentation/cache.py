"""A small cache keyed by the edition's content hash (editions are unhashable frozen mappings).

For what depends on the edition alone (labels, a Tiger's spaces, a centre's reach): the state's
parts of the view are rendered afresh every time.
"""
from __future__ import annotations

import functools

MAX_ENTRIES = 4096  # per function: every label of a few editions


def per_edition(function):
    """Memoise ``function(edition, *args)`` on (edition hash, args); the result is shared, never mutate it."""
    cache: dict = {}

    @functools.wraps(function)
    def cached(edition, *args):
        key = (edition.content_hash, args)
        if key not in cache:
            if len(cache) >= MAX_ENTRIES:
                cache.clear()
            cache[key] = function(edition, *args)
        return cache[key]

    return cached
