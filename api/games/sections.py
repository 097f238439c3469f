"""A game view rendered in sections, each with a fingerprint of what it depends on.

Generic (no rules here): an engine may offer ``view_sections(state, memo)``
beside ``view(state)``, and the web layer then patches section by section.
In Asian Tigers a move changes a few things (a Tiger, one player's board, the
market), so most of the view is the same before and after it.
`asian_tigers.view.view_sections` lists the view as `Section`s — a place in
the view (``("board_model", "tigers", 2)``), a *key* and a way to render
the value:

* a **cheap** section (a scalar, the prompt) is rendered at once and its key
  is its own JSON encoding;
* a **lazy** section (a player's holdings, the board in codes) has as key the
  encoding of the state's parts it shows, and is rendered only when read;
* a **memoised** section (the global market, a player board) has as key the
  encoding of every input it reads; its value comes from a `SectionMemo`
  (shared by all games of a process) or is rendered, lazily;
* an **items** section (the pieces) is a lazy list rendered item by item: a
  list that only grew gets the new items' renders added;
* a **parted** section (a Tiger) is built from parts keyed and memoised each
  on its own inputs (its centres, spaces, participants…): a patch renders and
  walks only the parts whose keys changed;
* a **whole** section (``choices``, ``legal_actions``) changes with
  every move: rendered only when read, never compared (a patch replaces it).

Two renders with equal keys at a place have equal values, so a patch between
two states (`api.web.patch.diff_sections`) needs only the places whose keys
differ (`changed`: scalars and inputs of the very same objects are compared
without encoding), and the previous state never has to be rendered in full.
Keys are orjson bytes (a tuple of them for a parted section): strict about
types (``1`` is not ``true``), so equal keys mean equal JSON.  Everything here is pure Python (it runs under Pyodide too).
"""
from __future__ import annotations

import dataclasses
import json
import operator
import threading
from collections import OrderedDict
from typing import Any, Callable

try:
    import orjson
except ImportError:  # the offline phone's Pyodide loads only what the engine needs; json gives the same keys
    orjson = None

_UNSET = object()
_IS = operator.is_


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


class Section:
    """One place of the view: `path`, `key` and the value, each worked out on first read.

    The key is the encoding of the section's inputs when it has some (`lazy`, `memoised`), else
    of its value (`cheap`); None for a `whole` section, or a value that has no encoding (compared
    by value then).  A view rendered for reading alone (`view`) never computes a key.
    """

    __slots__ = ("path", "whole", "_key", "_inputs", "_render", "_value", "_memo")

    def __init__(self, path: tuple, *, value: Any = _UNSET, render: Callable[[], Any] | None = None,
                 inputs: Any = _UNSET, whole: bool = False, memo: tuple | None = None):
        self.path, self.whole = path, whole
        self._key = None if whole else _UNSET
        self._inputs, self._render, self._value = inputs, render, value
        self._memo = memo  # (SectionMemo, edition hash): the value is looked up there first

    @property
    def key(self) -> bytes | None:
        """What the value depends on, encoded: equal keys at one place mean equal values."""
        # Nothing is cleared once worked out: a threaded server may read one section from two
        # requests at once, and each must find what it needs (at worst both work it out).
        if self._key is _UNSET:
            if self._inputs is _UNSET:
                self._key = encode(self.value)
            else:
                self._key = encode(self.inputs)
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
        return _looked_up(memo, edition_hash, self.key, self._render)

    @property
    def rendered(self) -> bool:
        """True once the value exists (for tests: an unchanged section is never rendered)."""
        return self._value is not _UNSET

    def __repr__(self) -> str:
        return f"Section({'/'.join(map(str, self.path))})"


_SCALARS = frozenset({str, int, bool, type(None)})  # `==` is JSON equality between two of one type (no float: NaN)


def changed(old: list[Section], new: list[Section]) -> list[tuple[Section, Section]] | None:
    """The places where two views given as sections may differ: ``(before, after)`` pairs in view order.

    `old` and `new` are an earlier and a later view, laid out alike (None when not: another set of
    places).  A whole section is always listed.  Any other is left out when its value certainly did
    not change, decided without encoding when it can be — two scalars of one type compared as they
    are; inputs made of the very same objects (the engine's copy-on-write shares what a move left
    alone: a player, the pieces) render alike, for states are never changed once made — else by
    keys (listed when either has none).
    """
    out = []
    for before, after in zip(old, new):
        if before.path != after.path:
            return None
        if after.whole:
            out.append((before, after))
            continue
        inputs = after._inputs
        if inputs is _UNSET:
            value = after._value
            if type(value) in _SCALARS and before._inputs is _UNSET:
                prior = before._value
                if type(prior) is not type(value) or prior != value:
                    out.append((before, after))
                continue
        else:
            prior = before._inputs
            if prior is not _UNSET:
                if callable(inputs):  # inputs are data: a function stands for them until first read
                    inputs = after._inputs = inputs()
                if callable(prior):
                    prior = before._inputs = prior()
                if prior is inputs or _identical(prior, inputs):
                    continue
                if type(after) is Items and after.grown_from(before, render=False) is not None:
                    out.append((before, after))  # a list that only grew: changed, no keys needed
                    continue
        key = after.key
        if key is None or before.key != key:
            out.append((before, after))
    return out


def _identical(a: Any, b: Any) -> bool:
    """`a` is `b`, or both are tuples (or lists) of the same length whose items are identical in turn
    (a tuple item is looked into; a list's items are compared by identity alone)."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b) or (kind is not tuple and kind is not list) or len(a) != len(b):
        return False
    if kind is list:
        return all(map(_IS, a, b))
    for x, y in zip(a, b):
        if x is not y and (type(x) is not tuple and type(x) is not list or not _identical(x, y)):
            return False
    return True


def _section(path: tuple, whole: bool, key: Any, inputs: Any, render: Any, value: Any, memo: Any) -> Section:
    # `Section(...)` without the keyword parsing: a view makes ~60 sections per move.
    section = _NEW(Section)
    section.path, section.whole, section._key, section._inputs = path, whole, key, inputs
    section._render, section._value, section._memo = render, value, memo
    return section


_NEW = object.__new__


def cheap(path: tuple, value: Any) -> Section:
    """A section rendered already; its key is its encoding."""
    return _section(path, False, _UNSET, _UNSET, None, value, None)


def whole(path: tuple, render: Callable[[], Any]) -> Section:
    """A section that changes with every move: rendered when read, replaced whole by a patch."""
    return _section(path, True, None, _UNSET, render, _UNSET, None)


def lazy(path: tuple, inputs: Any, render: Callable[[], Any]) -> Section:
    """A section keyed by `inputs` (all that `render` reads; or a function giving them), rendered when read.

    For parts cheap to render but not to encode twice: the state's own objects (dataclasses
    included) encode at C speed, so comparing two states' parts costs no rendering at all.
    """
    return _section(path, False, _UNSET, inputs, render, _UNSET, None)


def memoised(path: tuple, name: str, edition_hash: str, inputs: Any, render: Callable[[], Any],
             memo: SectionMemo | None) -> Section:
    """A `lazy` section whose value is kept in `memo`, shared with every state whose inputs encode alike.

    `inputs` (or a function giving them) is everything `render` reads besides the edition; `name`
    tells sections with similar inputs apart (``tiger:SK``).  The value is looked up under
    (edition hash, key) when first read, and rendered and stored on a miss.
    """
    named = (lambda: (name, inputs())) if callable(inputs) else (name, inputs)
    return _section(path, False, _UNSET, named, render, _UNSET, None if memo is None else (memo, edition_hash))


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


class Parted(Section):
    """A section whose value is built from parts, each keyed (and memoised) on its own inputs.

    Its key is ``(name, context key, part keys…)``: a patch between two views compares it part by
    part (`changed_parts`) and renders and walks only the parts that changed, never the whole value.
    """

    __slots__ = ("_name", "_context", "_parts", "_build", "_listed")

    @property
    def key(self) -> tuple | None:
        """The name, the encoded context and each part's encoded inputs (None if one has no encoding)."""
        if self._key is _UNSET:
            context = self._context()
            keys = [encode(inputs) for _, inputs, _ in self._part_list()]
            self._key = None if context is None or None in keys else (self._name, context, *keys)
        return self._key

    @property
    def value(self) -> Any:
        """The parts' values joined by the section's `build` (shared parts: never mutate them)."""
        if self._value is _UNSET:
            self._value = self._build([self.part_value(index) for index in range(len(self._part_list()))])
        return self._value

    def part_value(self, index: int) -> Any:
        """The value of part `index`: from the memo when its inputs were rendered before, else rendered."""
        render = self._part_list()[index][2]
        key = self.key
        if self._memo is None or key is None:
            return render()
        memo, edition_hash = self._memo
        return _looked_up(memo, edition_hash, (key[0], index, key[1], key[2 + index]), render)

    def changed_parts(self, before: "Section") -> list[tuple[str | None, Any, Any]] | None:
        """``(place, before's value, this one's)`` for each part whose key differs from `before`'s part.

        The place is the key the part's value sits under in the section's value (None: the part is a
        dict merged into it).  None when the two are not comparable part by part (another kind of
        section, another name or context, a part without a key): then compare the whole values.
        """
        mine, theirs = self.key, before.key
        if type(before) is not Parted or mine is None or theirs is None or len(mine) != len(theirs) \
                or mine[:2] != theirs[:2]:
            return None
        listed = self._part_list()
        return [(listed[index][0], before.part_value(index), self.part_value(index))
                for index in range(len(listed)) if mine[2 + index] != theirs[2 + index]]

    def _part_list(self) -> list:
        listed = self._listed
        if listed is None:  # two threads at worst both work it out, alike
            listed = self._listed = self._parts()
        return listed


def parted(path: tuple, name: str, edition_hash: str, context: Callable[[], bytes | None],
           parts: Callable[[], list], build: Callable[[list], Any], memo: SectionMemo | None) -> Parted:
    """A section built from parts: ``parts()`` gives ``(place, inputs, render)`` per part, ``build(values)`` joins them.

    A part's `inputs` are everything its `render` reads besides the edition and the `context` —
    ``context()`` is the encoding of what every part reads (the players named), worked out once for a
    view by the caller.  `place` is where the part's value sits in the built value (a key of it, or
    None for a dict whose keys are merged into it): a patch walks only the changed parts there.  With
    `memo`, each part's value is kept under (edition hash, name, index, context, inputs), so an
    unchanged part is the very object an earlier render holds (a patch skips it at once).
    """
    section = _NEW(Parted)
    section.path, section.whole, section._key, section._inputs = path, False, _UNSET, _UNSET
    section._render, section._value, section._memo = None, _UNSET, None if memo is None else (memo, edition_hash)
    section._name, section._context, section._parts, section._build, section._listed = name, context, parts, build, None
    return section


def _looked_up(memo: SectionMemo, edition_hash: str, key: bytes | tuple | None, render: Callable[[], Any]) -> Any:
    """`memo`'s value under (edition hash, key), rendered and stored on a miss (rendered alone without a key)."""
    if key is None:
        return render()
    slot = (edition_hash, key)
    value = memo.get(slot, _UNSET)
    if value is _UNSET:
        value = render()
        memo.put(slot, value)
    return value


def assemble(sections: list[Section], skip: frozenset | tuple = ()) -> dict:
    """The view the sections make up (top-level keys in `skip` left out).

    A path's parts are dict keys, or list indices given in order (a list grows as its items come).
    """
    root: dict = {}
    for section in sections:
        path = section.path
        if path[0] in skip:
            continue
        target: Any = root
        for part, following in zip(path, path[1:]):
            if type(target) is list:
                if part == len(target):
                    target.append([] if type(following) is int else {})
                target = target[part]
            else:
                if part not in target:
                    target[part] = [] if type(following) is int else {}
                target = target[part]
        last = path[-1]
        if type(target) is list:
            target.append(section.value)
        else:
            target[last] = section.value
    return root
