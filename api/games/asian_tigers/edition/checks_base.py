"""Plumbing shared by the Asian Tigers edition checks: typed access and comparison.

Every read of the edition document goes through `Doc`, so a missing key or a
value of the wrong JSON type becomes an `EditionError` naming its JSON pointer
instead of a KeyError or TypeError deep inside a rule.  Rule checks are
generators of `EditionError`: a group *yields* a broken rule and *raises* when
the data is too malformed to go on.
"""
from __future__ import annotations

import json
import pathlib
from typing import Any, Callable, Iterator

from api.games.asian_tigers.errors import either
from api.games.messages import Message, msg
from api.games.provenance import EditionError, ProvenanceMap, pointer

Path = tuple[str, ...]
Check = Iterator[EditionError]

TIGERS = ("SK", "HK", "TW", "SG")
PLAYER_COUNTS = (2, 3, 4)
COLUMNS = ("A", "B", "C")
KIND_ROW = {"university": "university", "department": "university", "factory": "factory",
            "power_plant": "power_plant", "laboratory": "laboratory"}


_TABLES = pathlib.Path(__file__).with_name("pinned_values.json")


def table(name: str) -> dict[str, Any]:
    """A table of ``pinned_values.json``: JSON pointer -> the one value an edition may hold there."""
    return json.loads(_TABLES.read_text(encoding="utf-8"))[name]


def is_int(value: Any) -> bool:
    """True for a JSON integer; bools are excluded although Python counts them as ints."""
    return isinstance(value, int) and not isinstance(value, bool)


_KINDS: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": is_int,
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
# The type names said in the reader's language (issue 37); values quoted from the file and its keys stay as they are.
TYPE_WORDS = {"object": msg("object"), "array": msg("array"), "string": msg("string"), "integer": msg("integer"),
              "boolean": msg("boolean"), "null": msg("null"), "number": msg("number")}


def json_type(value: Any) -> Message | str:
    """The JSON type name of `value`, as a reader of the file would say it (a message; a Python type's own name)."""
    name = next((name for name, test in _KINDS.items() if test(value)), "number" if isinstance(value, float) else None)
    return type(value).__name__ if name is None else TYPE_WORDS[name]


def show(value: Any, limit: int = 80) -> str:
    """A short JSON rendering of `value` for messages."""
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def fail(path: Path | tuple, message: str) -> EditionError:
    """An `EditionError` for the value at `path` (a tuple of segments)."""
    return EditionError(pointer(tuple(str(p) for p in path)), message)


def same(a: Any, b: Any) -> bool:
    """Deep equality that tells 1 from 1.0 and from true, as the JSON text does."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def member(value: Any, allowed: Any) -> bool:
    """`value in allowed`, but type-aware (see `same`)."""
    return any(same(value, a) for a in allowed)


def first_diff(have: Any, want: Any, path: Path) -> tuple[Path, str] | None:
    """The deepest path where `have` differs from `want`, with a description; None if equal."""
    if isinstance(want, dict) and isinstance(have, dict):
        for key in want:
            if key not in have:
                return path + (key,), msg("is missing; expected {value}", value=show(want[key]))
            found = first_diff(have[key], want[key], path + (key,))
            if found:
                return found
        for key in have:
            if key not in want:
                return path + (key,), msg("is not expected here (expected only keys {keys})", keys=show(list(want)))
        return None
    if isinstance(want, list) and isinstance(have, list) and len(want) == len(have):
        for index, (h, w) in enumerate(zip(have, want)):
            found = first_diff(h, w, path + (str(index),))
            if found:
                return found
        return None
    if same(have, want):
        return None
    return path, msg("is {value}, expected {want}", value=show(have), want=show(want))


def expect(doc: "Doc", path: Path, want: Any, rule: str) -> Check:
    """An error at `path` unless its value equals `want` (see `same`): `rule`, then what was found."""
    return expect_one_of(doc, path, (want,), rule)


def expect_one_of(doc: "Doc", path: Path, allowed: Any, rule: str) -> Check:
    """An error at `path` unless its value is one of `allowed` (see `member`): `rule`, then what was found."""
    have = doc.at(*path)
    if not member(have, allowed):
        yield fail(path, msg("{rule}, found {have}", rule=rule, have=show(have)))


def duplicate(items: list[tuple[Path, Any]], message: Callable[[Any], str]) -> Check:
    """An error at the first (path, value) whose value already appeared earlier in `items`."""
    seen: list[Any] = []
    for path, value in items:
        if member(value, seen):
            yield fail(path, message(value))
            return
        seen.append(value)


def multiset_mismatch(items: list[tuple[Path, Any]], expected: list[Any], where: Path, what: str) -> Check:
    """Compare the values of `items` with `expected` as multisets (at most one error).

    Points at the first surplus value (unknown or repeated) when there is one,
    otherwise at `where` naming what is missing.
    """
    remaining = list(expected)
    try:
        listing = show(sorted(expected), 240)
    except TypeError:
        listing = show(sorted(map(str, expected)), 240)
    for path, value in items:
        for i, want in enumerate(remaining):
            if same(value, want):
                del remaining[i]
                break
        else:
            said = msg("{what}: {value} is unknown; expected each of {listing} exactly once") if not member(
                value, expected) else msg("{what}: {value} is used once too often; expected each of {listing} exactly once")
            yield fail(path, Message(said.id, {"what": what, "value": show(value), "listing": listing}))
            return
    if remaining:
        yield fail(where, msg("{what}: missing {remaining}; expected each of {listing} exactly once", what=what,
                              remaining=show(remaining), listing=listing))


EDITION_INT_MAX = 10_000  # the shipped edition's largest number is 161 (a rank-table bound)


class Doc:
    """Typed, path-aware read access to one edition document."""

    def __init__(self, root: Any, *, require_default_options: bool = True):
        self.root = root
        self.prov: ProvenanceMap | None = None
        self.require_default_options = require_default_options

    def at(self, *path: Any, kind: str | None = None) -> Any:
        """The value at `path`; `kind` is a JSON type name or several joined by '|'."""
        node = self.root
        for depth, seg in enumerate(path):
            here = path[: depth + 1]
            if isinstance(node, dict) and isinstance(seg, str):
                if seg not in node:
                    raise fail(here, msg("missing required key {seg}", seg=repr(seg)))
                node = node[seg]
            elif isinstance(node, list) and is_int(seg):
                if not 0 <= seg < len(node):
                    raise fail(here, msg("missing item {seg} (the array has {count})", seg=seg, count=len(node)))
                node = node[seg]
            elif isinstance(node, (dict, list)):
                want = msg("expected an array, found {type} {value}") if is_int(seg) else msg(
                    "expected an object, found {type} {value}")
                raise fail(path[:depth], Message(want.id, {"type": json_type(node), "value": show(node)}))
            else:
                raise fail(path[:depth], msg("expected an object or array, found {type} {value}",
                                             type=json_type(node), value=show(node)))
        if kind and not any(_KINDS[k](node) for k in kind.split("|")):
            raise fail(path, msg("expected {kind}, found {type} {value}", type=json_type(node), value=show(node),
                                 kind=either([TYPE_WORDS[k] for k in kind.split("|")])))
        if is_int(node) and abs(node) > EDITION_INT_MAX:  # checks build ranges from these: bound them first
            raise fail(path, msg("{value} is beyond any printed component (at most {max})", value=node,
                                 max=EDITION_INT_MAX))
        return node

    def obj(self, *path: Any) -> dict:
        """The object at `path`."""
        return self.at(*path, kind="object")

    def arr(self, *path: Any) -> list:
        """The array at `path`."""
        return self.at(*path, kind="array")

    def int(self, *path: Any) -> int:
        """The integer at `path`."""
        return self.at(*path, kind="integer")

    def entries(self, *path: Any) -> list[tuple[str, dict]]:
        """The (key, object) pairs of the object at `path`; every value must be an object."""
        return [(key, self.obj(*path, key)) for key in self.obj(*path)]

    def items_of(self, *path: Any, kind: str) -> list[Any]:
        """The array at `path`, each item checked to be of `kind`."""
        return [self.at(*path, i, kind=kind) for i in range(len(self.arr(*path)))]

    def nonempty(self, *path: Any, kind: str, what: Message = msg("this value")) -> Any:
        """A value of `kind` at `path` that must not be empty."""
        value = self.at(*path, kind=kind)
        if not value:
            raise fail(path, msg("{what} must not be empty (found {value})", what=what, value=show(value)))
        return value
