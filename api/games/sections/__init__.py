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
  walks only the parts that changed;
* a **whole** section (``choices``, ``legal_actions``) changes with
  every move: rendered only when read, never compared (a patch replaces it).

Inputs read by several sections (a state's board containers: every Tiger reads
the centres) are given as `Shared` (`Facts` of them): each is compared, and
encoded when it must be, once per view (`same`).  A parted section's parts
are first compared by those containers (`PartFacts`), then by their own flat
inputs, by identity before encoding.

Two renders with equal keys at a place have equal values, so a patch between
two states (`api.web.patch.diff_sections`) needs only the places whose keys
differ (`changed`: scalars and inputs of the very same objects are compared
without encoding), and the previous state never has to be rendered in full.
A section found unchanged takes the earlier view's key and value.

Modules: `memo` (`SectionMemo`), `base` (sections, `Shared`, `identical`),
`parted` (a Tiger's kind), `compare` (`changed`).
Keys are orjson bytes (a tuple of them for a parted section): strict about
types (``1`` is not ``true``), so equal keys mean equal JSON.  Everything here is pure Python (it runs under Pyodide too).
"""
from __future__ import annotations

from typing import Any

from api.games.sections.base import (Facts, Items, Section, Shared, cheap, encode, facts_key, identical, items,
                                     lazy, memoised, same, shared_values, whole)
from api.games.sections.compare import changed, changed_places
from api.games.sections.memo import UNSET as _UNSET, SectionMemo
from api.games.sections.parted import PartFacts, Parted, parted

__all__ = ["Facts", "Items", "PartFacts", "Parted", "Section", "SectionMemo", "Shared", "assemble", "changed",
           "changed_places", "cheap", "encode", "facts_key", "identical", "items", "lazy", "memoised", "parted",
           "same", "shared_values", "whole"]


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
