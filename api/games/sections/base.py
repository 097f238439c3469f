"""Sections and their inputs: what a place of the view shows, and what it is rendered from."""
from __future__ import annotations

import dataclasses
import functools
import json
import operator
from typing import Any, Callable

from api.games.sections.memo import UNSET as _UNSET, SectionMemo, looked_up

try:
    import orjson
except ImportError:  # the offline phone's Pyodide loads only what the engine needs; json gives the same keys
    orjson = None

_IS = operator.is_
_NEW = object.__new__


def encode(value: Any) -> bytes | None:
    """The key of a value: its JSON encoding (dataclasses field by field; None when it has none)."""
    try:
        if orjson is not None:
            return orjson.dumps(value)
        return json.dumps(value, separators=(",", ":"), default=_fields).encode()
    except TypeError:  # e.g. an integer beyond 64 bits: such a section is compared by value instead
        return None


def _fields(value: Any) -> dict:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    raise TypeError(f"{type(value).__name__} has no JSON form")


def identical(a: Any, b: Any) -> bool:
    """`a` is `b`, or both are tuples (or lists) of the same length whose items are identical in turn.

    Lists and tuples are looked into at any depth, anything else compared by identity: a copy of
    a list of strings and small numbers (the engine copies what it may write) holds the very same
    items, so it is found identical without encoding either.
    """
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b) or (kind is not tuple and kind is not list) or len(a) != len(b):
        return False
    if all(map(_IS, a, b)):  # at C speed (the pieces: dozens of shared items)
        return True
    for x, y in zip(a, b):
        if x is not y and (type(x) is not tuple and type(x) is not list or not identical(x, y)):
            return False
    return True


class Shared:
    """A part of a state several sections of one view read (a board container, the people named).

    `value` is the state's own object; its key (encoding) is worked out at most once for all the
    sections that read it.  Unkeyed (`keyed` False: a long list of shared items, the pieces), two
    are the same only when `identical` — never encoded.
    """

    __slots__ = ("value", "keyed", "_key")

    def __init__(self, value: Any, keyed: bool = True):
        self.value, self.keyed, self._key = value, keyed, _UNSET

    @property
    def key(self) -> bytes | None:
        """The value's encoding (None: it has none, or it is unkeyed)."""
        if self._key is _UNSET:
            self._key = encode(self.value) if self.keyed else None
        return self._key


def shared_values(values, keyed: bool = True) -> list[Shared]:
    """`Shared` of each of `values` (without `Shared(...)`'s call per value: a view makes ~20)."""
    out = []
    for value in values:
        part = _NEW(Shared)
        part.value, part.keyed, part._key = value, keyed, _UNSET
        out.append(part)
    return out


def same(a: Shared, b: Shared) -> bool:
    """True when two views' `Shared` inputs certainly render alike: `identical` values, or equal keys."""
    x, y = a.value, b.value
    if x is y or identical(x, y):
        if b._key is _UNSET:  # encodes alike: the next comparison against `b` need not encode it
            b._key = a._key
        return True
    if not b.keyed:
        return False
    key = b.key
    return key is not None and a.key == key


class Facts(tuple):
    """A section's inputs given as `Shared` parts: compared part by part (`same`), keyed by their keys."""

    __slots__ = ()


def facts_key(facts: Facts) -> tuple | None:
    """The keys of `facts`' parts (None when one has none)."""
    keys = tuple(part.key for part in facts)
    return None if None in keys else keys


@functools.lru_cache(maxsize=256)
def named(name: str) -> Shared:
    """A constant `Shared` (a section's name in its memo key): the same object in every view."""
    return Shared(name)


class Section:
    """One place of the view: `path`, `key` and the value, each worked out on first read.

    The key is the encoding of the section's inputs when it has some (`lazy`, `memoised`; the
    tuple of their keys for `Facts`), else of its value (`cheap`); None for a `whole` section, or a
    value that has no encoding (compared by value then).  A view rendered for reading alone
    (`view`) never computes a key.
    """

    __slots__ = ("path", "whole", "_key", "_inputs", "_render", "_value", "_memo")

    def __init__(self, path: tuple, *, value: Any = _UNSET, render: Callable[[], Any] | None = None,
                 inputs: Any = _UNSET, whole: bool = False, memo: tuple | None = None):
        self.path, self.whole = path, whole
        self._key = None if whole else _UNSET
        self._inputs, self._render, self._value = inputs, render, value
        self._memo = memo  # (SectionMemo, edition hash): the value is looked up there first

    @property
    def key(self) -> Any:
        """What the value depends on, encoded: equal keys at one place mean equal values."""
        # Nothing is cleared once worked out: a threaded server may read one section from two
        # requests at once, and each must find what it needs (at worst both work it out).
        if self._key is _UNSET:
            inputs = self.inputs
            if inputs is _UNSET:
                self._key = encode(self.value)
            elif type(inputs) is Facts:
                self._key = facts_key(inputs)
            elif type(inputs) is Shared:
                self._key = inputs.key
            else:
                self._key = encode(inputs)
        return self._key

    @property
    def inputs(self) -> Any:
        """What the value is rendered from (worked out once when given as a function); `_UNSET` for a cheap one."""
        inputs = self._inputs
        if callable(inputs):  # inputs are data: a function stands for them until first read
            inputs = self._inputs = inputs()
        return inputs

    @property
    def value(self) -> Any:
        """The rendered value (shared when it came from a memo: never mutate it)."""
        if self._value is _UNSET:
            if self._render is None:  # `items`
                render = self._item
                self._value = [render(item) for item in self.inputs]
            else:
                self._value = self._render() if self._memo is None else self._remembered()
        return self._value

    def _remembered(self) -> Any:
        # A method rather than a closure over the section: a closure would make every memoised
        # section a reference cycle, and each move's dead views would wait for the cyclic GC.
        memo, edition_hash = self._memo
        return looked_up(memo, edition_hash, self.key, self._render)

    @property
    def rendered(self) -> bool:
        """True once the value exists (for tests: an unchanged section is never rendered)."""
        return self._value is not _UNSET

    def __repr__(self) -> str:
        return f"Section({'/'.join(map(str, self.path))})"


def _section(path: tuple, whole: bool, key: Any, inputs: Any, render: Any, value: Any, memo: Any) -> Section:
    # `Section(...)` without the keyword parsing: a view makes ~40 sections per move.
    section = _NEW(Section)
    section.path, section.whole, section._key, section._inputs = path, whole, key, inputs
    section._render, section._value, section._memo = render, value, memo
    return section


def cheap(path: tuple, value: Any) -> Section:
    """A section rendered already; its key is its encoding."""
    return _section(path, False, _UNSET, _UNSET, None, value, None)


def whole(path: tuple, render: Callable[[], Any]) -> Section:
    """A section that changes with every move: rendered when read, replaced whole by a patch."""
    return _section(path, True, None, _UNSET, render, _UNSET, None)


def lazy(path: tuple, inputs: Any, render: Callable[[], Any]) -> Section:
    """A section keyed by `inputs` (all that `render` reads; a function giving them; `Facts`; one `Shared`), rendered when read.

    For parts cheap to render but not to encode twice: the state's own objects (dataclasses
    included) encode at C speed, so comparing two states' parts costs no rendering at all; the
    very same objects (what a move left alone) are not even encoded.
    """
    return _section(path, False, _UNSET, inputs, render, _UNSET, None)


def memoised(path: tuple, name: str, edition_hash: str, inputs: Any, render: Callable[[], Any],
             memo: SectionMemo | None) -> Section:
    """A `lazy` section whose value is kept in `memo`, shared with every state whose inputs encode alike.

    `inputs` (a function giving them, or `Facts`) is everything `render` reads besides the edition;
    `name` tells sections with similar inputs apart (``tiger:SK``).  The value is looked up under
    (edition hash, key) when first read, and rendered and stored on a miss.
    """
    if type(inputs) is Facts:
        named_inputs: Any = Facts((named(name), *inputs))
    elif callable(inputs):
        named_inputs = lambda: (name, inputs())  # noqa: E731
    else:
        named_inputs = (name, inputs)
    return _section(path, False, _UNSET, named_inputs, render, _UNSET, None if memo is None else (memo, edition_hash))


class Items(Section):
    """A `lazy` section whose value is a list rendered item by item from a list of inputs (the pieces).

    The engine appends to such lists and shares the items between states: when the earlier view's
    inputs are the first items of the later one's, the very same objects, a patch adds the new items'
    renders at the end without rendering or walking the rest (`grown_from`).
    """

    __slots__ = ("_item",)

    def grown_from(self, before: Section, render: bool = True) -> list | None:
        """The rendered items this section has past `before`'s, when `before`'s items are its first ones
        (with `render` False, the new items themselves)."""
        if type(before) is not Items or before._item is not self._item:
            return None
        old, new = before.inputs, self.inputs
        if type(old) is not list or type(new) is not list or len(new) <= len(old) \
                or not all(map(_IS, old, new)):  # map stops at the shorter list: old's items alone
            return None
        if not render:
            return new[len(old):]
        item = self._item
        return [item(x) for x in new[len(old):]]


def items(path: tuple, inputs: Any, render_item: Callable[[Any], Any]) -> Items:
    """A section rendered as ``[render_item(x) for x in inputs]`` (a list, or a function giving it), keyed by `inputs`.

    `render_item` must read nothing but its item (and be the same function for every view, so two
    views' items render alike).
    """
    section = _NEW(Items)
    section.path, section.whole, section._key, section._inputs = path, False, _UNSET, inputs
    section._render, section._value, section._memo, section._item = None, _UNSET, None, render_item
    return section
