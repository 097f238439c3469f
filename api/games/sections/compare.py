"""Which places of two views may differ, decided as cheaply as can be (identity, then keys)."""
from __future__ import annotations

from api.games.sections.base import Facts, Items, Section, Shared, same
from api.games.sections.memo import UNSET as _UNSET
from api.games.sections.base import identical
from api.games.sections.parted import Parted

_SCALARS = frozenset({str, int, bool, type(None)})  # `==` is JSON equality between two of one type (no float: NaN)


def changed(old: list[Section], new: list[Section]) -> list[tuple[Section, Section]] | None:
    """The places where two views given as sections may differ: ``(before, after)`` pairs in view order.

    `old` and `new` are an earlier and a later view, laid out alike (None when not: another set of
    places).  A whole section is always listed.  Any other is left out when its value certainly did
    not change, decided without encoding when it can be — two scalars of one type compared as they
    are; inputs made of the very same objects (the engine's copy-on-write shares what a move left
    alone: a player, the pieces, a board container) render alike, for states are never changed once
    made; `Facts` compared part by part (`same`), a parted section part by part — else by keys
    (listed when either has none).
    """
    found = changed_places(old, new)
    return None if found is None else [(before, after) for before, after, _ in found]


def changed_places(old: list[Section], new: list[Section]) -> list[tuple] | None:
    """`changed` as ``(before, after, parts)`` triples: `parts` lists a parted section's differing parts
    (`Parted.differing`; None: compare the whole values)."""
    out = []
    seen: dict = {}  # what the Tigers' shared facts compare as, worked out once for all of them
    for before, after in zip(old, new):
        if before.path != after.path:
            return None
        if after.whole:
            out.append((before, after, None))
            continue
        inputs = after._inputs
        if inputs is _UNSET:
            if type(after) is Parted:
                parts = after.differing(before, seen)
                if parts is None or parts:
                    out.append((before, after, parts))
                else:
                    _adopt(before, after)
                continue
            value = after._value
            if type(value) in _SCALARS and before._inputs is _UNSET:
                prior = before._value
                if type(prior) is not type(value) or prior != value:
                    out.append((before, after, None))
                continue
        elif type(inputs) is Shared:
            prior = before._inputs
            if type(prior) is not Shared or not same(prior, inputs):
                out.append((before, after, None))
            else:
                _adopt(before, after)
            continue
        elif type(inputs) is Facts:
            prior = before._inputs
            if type(prior) is not Facts or len(prior) != len(inputs) or not all(map(same, prior, inputs)):
                out.append((before, after, None))
            else:
                _adopt(before, after)
            continue
        else:
            prior = before._inputs
            if prior is not _UNSET:
                if callable(inputs):  # inputs are data: a function stands for them until first read
                    inputs = after._inputs = inputs()
                if callable(prior):
                    prior = before._inputs = prior()
                if prior is inputs or identical(prior, inputs):
                    _adopt(before, after)
                    continue
                if type(after) is Items and after.grown_from(before, render=False) is not None:
                    out.append((before, after, None))  # a list that only grew: changed, no keys needed
                    continue
        key = after.key
        if key is None or before.key != key:
            out.append((before, after, None))
        elif after._value is _UNSET:
            after._value = before._value
    return out


def _adopt(before: Section, after: Section) -> None:
    """`after`, found to render as `before` does, takes what `before` worked out already (its key, its
    value): the next move compares against `after`, and should not work them out again."""
    if after._key is _UNSET:
        after._key = before._key
    if after._value is _UNSET:
        after._value = before._value
