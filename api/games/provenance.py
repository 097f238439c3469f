"""Provenance of edition values: rulebook, placeholder or interpretation.

Every edition file (Asian Tigers, Nippon, Asara) maps JSON-pointer-like path
patterns to a provenance word.  A pattern covers its whole subtree; a ``*``
segment matches any one key or index; when several patterns match a leaf the
one with more segments wins, then the one with more literal segments.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterable, Iterator

from api.games.messages import msg

# "owner-checked": a placeholder value the owner of a physical copy confirmed or
# corrected against the box (editions resource, README "Editions").
OWNER_CHECKED = "owner-checked"
PROVENANCE_VALUES = ("rulebook", "placeholder", "interpretation", OWNER_CHECKED)


class EditionError(ValueError):
    """An edition file breaks a consistency rule; `path` names the bad value."""

    def __init__(self, path: str, message: Any):  # a Message (said per language at the edge) or English text
        super().__init__(f"{path}: {message}")
        self.path, self.message, self.text = path, str(message), message
        self.code = "invalid_edition"


def pointer(path: tuple[str, ...] | list[str]) -> str:
    """Render a path tuple as a JSON pointer (``('a', '0')`` → ``/a/0``)."""
    return "/" + "/".join(str(p) for p in path)


def content_hash(document: dict) -> str:
    """SHA-256 of the canonical JSON (sorted keys): the id games store for an edition."""
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def split_pointer(ptr: str) -> tuple[str, ...]:
    """Split a JSON pointer into its segments."""
    return tuple(s for s in ptr.strip("/").split("/") if s != "")


def iter_leaves(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Yield ``(path, value)`` for every leaf (scalar, empty list or empty dict)."""
    if isinstance(node, dict) and node:
        for key, value in node.items():
            yield from iter_leaves(value, path + (str(key),))
    elif isinstance(node, list) and node:
        for index, value in enumerate(node):
            yield from iter_leaves(value, path + (str(index),))
    else:
        yield path, node


def _matches(segments: tuple[str, ...], path: tuple[str, ...]) -> bool:
    return len(segments) <= len(path) and all(s == "*" or s == q for s, q in zip(segments, path))


@dataclass(frozen=True)
class ProvenanceMap:
    """The pattern → provenance map of one edition file."""

    patterns: tuple[tuple[str, tuple[str, ...], str], ...]
    _resolved: dict[tuple[str, ...] | str, str | None] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def from_mapping(cls, mapping: dict[str, str]) -> "ProvenanceMap":
        """Build from the file's ``provenance`` object (validated by `validate`)."""
        return cls(tuple((p, split_pointer(p), v) for p, v in mapping.items()))

    @cached_property
    def _index(self) -> tuple[dict[tuple[str, ...], list[str]], list[tuple[str, tuple[str, ...]]]]:
        # Literal patterns by their segments, found by looking up each prefix of a leaf's path; the
        # few ``*`` patterns are compared one by one.  An owner-checked edition holds ~1,000 exact
        # patterns, so comparing every leaf with every pattern made one validation take seconds.
        literal: dict[tuple[str, ...], list[str]] = {}
        wild: list[tuple[str, tuple[str, ...]]] = []
        for pattern, segments, _ in self.patterns:
            if "*" in segments:
                wild.append((pattern, segments))
            else:
                literal.setdefault(segments, []).append(pattern)
        return literal, wild

    @cached_property
    def _by_pattern(self) -> dict[str, str]:
        return {pattern: value for pattern, _, value in self.patterns}

    def candidates(self, path: tuple[str, ...]) -> list[str]:
        """The most specific patterns matching `path` (normally exactly one)."""
        literal, wild = self._index
        hits = [(n, n, p) for n in range(len(path) + 1) for p in literal.get(path[:n], ())]
        hits += [(len(s), sum(x != "*" for x in s), p) for p, s in wild if _matches(s, path)]
        if not hits:
            return []
        best = max(h[:2] for h in hits)
        return [h[2] for h in hits if h[:2] == best]

    def resolve(self, path: tuple[str, ...] | str) -> str | None:
        """Provenance of the value at `path`, or None when no pattern covers it."""
        # Kept by the path as given: the final scoring asks thousands of pointers, each split only once.
        if path not in self._resolved:
            top = self.candidates(split_pointer(path) if isinstance(path, str) else path)
            self._resolved[path] = self._by_pattern[top[0]] if top else None
        return self._resolved[path]

    def is_placeholder(self, path: tuple[str, ...] | str) -> bool:
        """True when the value at `path` was invented for the placeholder edition."""
        return self.resolve(path) == "placeholder"


def validate_provenance(document: dict, meta_keys: set[str]) -> ProvenanceMap:
    """Check the provenance scheme of `document`; raise `EditionError` naming the path.

    Every leaf outside `meta_keys` must resolve; no pattern may be dead; two
    equally specific patterns may not disagree; values must be known words.
    """
    mapping = document.get("provenance")
    if not isinstance(mapping, dict) or not mapping:
        raise EditionError("/provenance", msg("must be a non-empty object of path pattern → provenance"))
    for pattern, value in mapping.items():
        if not pattern.startswith("/"):
            raise EditionError(f"/provenance/{pattern}", msg("a provenance pattern must start with '/'"))
        if value not in PROVENANCE_VALUES:
            raise EditionError(f"/provenance/{pattern}", msg("unknown provenance {value}; expected one of {values}",
                                                             value=repr(value), values=", ".join(PROVENANCE_VALUES)))
    prov = ProvenanceMap.from_mapping(mapping)
    by_pattern = prov._by_pattern
    used: set[str] = set()
    data = {k: v for k, v in document.items() if k not in meta_keys}
    for path, _ in iter_leaves(data):
        top = prov.candidates(path)
        if not top:
            raise EditionError(pointer(path), msg("no provenance pattern covers this value"))
        if len({by_pattern[t] for t in top}) > 1:
            raise EditionError(pointer(path), msg("conflicting provenance patterns {patterns}", patterns=str(sorted(top))))
        used.update(top)
    for pattern in by_pattern:
        if pattern not in used:
            raise EditionError(f"/provenance/{pattern}", msg("dead provenance pattern (it decides no value)"))
    return prov


def placeholders_in(events: Iterable[dict]) -> set[str]:
    """Edition pointers the engine flagged as placeholder values in `events` (``placeholder_values``)."""
    found: set[str] = set()
    for event in events:
        values = event.get("placeholder_values") if isinstance(event, dict) else None
        if isinstance(values, (list, tuple)):
            found.update(v for v in values if isinstance(v, str))
    return found
