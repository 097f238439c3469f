"""A section built from parts (a Tiger), each compared, keyed and memoised on its own inputs."""
from __future__ import annotations

from typing import Any, Callable

from api.games.sections.base import Facts, Section, SectionMemo, Shared, encode, identical, same
from api.games.sections.memo import UNSET as _UNSET, looked_up


class PartFacts:
    """For each part of a parted section, the `Shared` inputs it is read from (the state's containers),
    as names into `shared` (one view's inputs by name).

    Several parted sections of one view read the same containers (every Tiger reads the centres):
    they share one `PartFacts`, so the parts certainly unchanged between two views are found once
    for all of them (`unchanged`).
    """

    __slots__ = ("names", "shared")

    def __init__(self, names: tuple[tuple[str, ...], ...], shared: dict[str, Shared]):
        self.names, self.shared = names, shared

    def unchanged(self, before: "PartFacts", seen: dict) -> list[bool]:
        """Per part, True when each of its inputs is the `same` as `before`'s (`seen`: found already this patch)."""
        found = seen.get(id(self))  # both views live through the patch: ids stay theirs
        if found is None or found[0] is not before:
            if before.names is not self.names:
                kept = [False] * len(self.names)
            else:
                mine, theirs, alike = self.shared, before.shared, {}
                kept = []
                for names in self.names:
                    for name in names:
                        result = alike.get(name)
                        if result is None:
                            result = alike[name] = same(theirs[name], mine[name])
                        if not result:
                            kept.append(False)
                            break
                    else:
                        kept.append(True)
            found = seen[id(self)] = (before, kept)
        return found[1]


class Parted(Section):
    """A section whose value is built from parts, each keyed (and memoised) on its own inputs.

    A part's *facts* (`PartFacts`) are the state's containers it reads — when all are the `same` as
    in the earlier view, the part did not change; else its *own inputs* (``fine(*args)``: just what
    it reads of them) are compared, by identity first, then by key.  Its key is ``(name, context key,
    own keys…)``: a patch between two views renders and walks only the parts that changed.
    """

    __slots__ = ("_name", "_context", "_facts", "_spec", "_args", "_build", "_fine", "_fine_keys")

    @property
    def key(self) -> tuple | None:
        """The name, the encoded context and each part's encoded own inputs (None if one has no encoding)."""
        if self._key is _UNSET:
            context = self._context.key
            keys = [self.fine_key(index) for index in range(len(self._spec))]
            self._key = None if context is None or None in keys else (self._name, context, *keys)
        return self._key

    @property
    def value(self) -> Any:
        """The parts' values joined by the section's `build` (shared parts: never mutate them)."""
        if self._value is _UNSET:
            self._value = self._build([self.part_value(index) for index in range(len(self._spec))], *self._args)
        return self._value

    def fine_inputs(self, index: int) -> Any:
        """What part `index` reads (besides the context and the edition), worked out once."""
        found = self._fine[index]
        if found is _UNSET:
            found = self._fine[index] = self._spec[index][1](*self._args)
        return found

    def fine_key(self, index: int) -> bytes | None:
        """The encoding of part `index`'s own inputs, worked out once."""
        found = self._fine_keys[index]
        if found is _UNSET:
            found = self._fine_keys[index] = encode(self.fine_inputs(index))
        return found

    def part_value(self, index: int) -> Any:
        """The value of part `index`: from the memo when its inputs were rendered before, else rendered."""
        spec, args = self._spec[index], self._args
        if self._memo is None:
            return spec[2](*args)
        context, key = self._context.key, self.fine_key(index)
        memo, edition_hash = self._memo
        return looked_up(memo, edition_hash, None if context is None or key is None else
                         (self._name, index, context, key), lambda: spec[2](*args))

    def differing(self, before: Section, seen: dict) -> list[int] | None:
        """The indices of the parts that may differ from `before`'s; None when the two are not comparable
        part by part (another kind of section, name, layout or context): then compare the whole values."""
        if type(before) is not Parted or before._name != self._name or before._spec is not self._spec \
                or not same(before._context, self._context):
            return None
        out = []
        fine, keys, their_fine, their_keys = self._fine, self._fine_keys, before._fine, before._fine_keys
        for index, kept in enumerate(self._facts.unchanged(before._facts, seen)):
            if not kept:
                old, new = before.fine_inputs(index), self.fine_inputs(index)
                if not identical(old, new):
                    key = self.fine_key(index)
                    if key is None or key != before.fine_key(index):
                        out.append(index)
                        continue
            # the part reads alike: what `before` worked out of it holds here (the next move compares with this)
            if fine[index] is _UNSET:
                fine[index] = their_fine[index]
            if keys[index] is _UNSET:
                keys[index] = their_keys[index]
        return out

    def changed_parts(self, before: Section, indices: list[int] | None = None) -> list[tuple[str | None, Any, Any]] | None:
        """``(place, before's value, this one's)`` for each part that differs from `before`'s part
        (`indices`: as `differing` found them).

        The place is the key the part's value sits under in the section's value (None: the part is a
        dict merged into it).  None when the two are not comparable part by part.
        """
        if indices is None:
            indices = self.differing(before, {})
            if indices is None:
                return None
        return [(self._spec[index][0], before.part_value(index), self.part_value(index)) for index in indices]


_NEW = object.__new__


def parted(path: tuple, name: str, edition_hash: str, context: Shared, facts: PartFacts, spec: tuple,
           args: tuple, build: Callable[..., Any], memo: SectionMemo | None) -> Parted:
    """A section built from parts: per part in `spec`, ``(place, fine, render)``; ``build(values, *args)`` joins them.

    ``fine(*args)`` is everything the part's ``render(*args)`` reads besides the edition and the
    `context` (a `Shared` every part reads: the players named); `facts.parts[i]` the state's
    containers part i reads from (one `PartFacts` for every such section of a view).  `place` is
    where the part's value sits in the built value (a key of it, or None for a dict whose keys are
    merged into it): a patch walks only the changed parts there.  With `memo`, each part's value is
    kept under (edition hash, name, index, context key, own key), so an unchanged part is the very
    object an earlier render holds (a patch skips it at once).  `spec` must be the same object for
    every view (two views' parts are matched by it).
    """
    section = _NEW(Parted)
    section.path, section.whole, section._key, section._inputs = path, False, _UNSET, _UNSET
    section._render, section._value, section._memo = None, _UNSET, None if memo is None else (memo, edition_hash)
    section._name, section._context, section._facts, section._spec = name, context, facts, spec
    section._args, section._build = args, build
    section._fine, section._fine_keys = [_UNSET] * len(spec), [_UNSET] * len(spec)
    return section
