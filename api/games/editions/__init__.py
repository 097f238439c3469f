"""Editions as data a table owns: validate, correct (RFC 6902), mark owner-checked, summarise, compare.

The same functions serve the three games' data files (Asian Tigers, Nippon,
Asara): `validate` dispatches to each game's own loader, which names the JSON
path of the first bad value (`EditionError`).  Pure Python: the web layer stores
what these functions return.
"""
from __future__ import annotations

import importlib
from typing import Any

from api.games.editions.components import Component, component_of, components_of, group_paths, label_of
from api.games.editions.patching import (OWNER_CHECKED, apply_patch, corrected, count_by_provenance,
                                         leaf_provenance, mark_checked)
from api.games.messages import msg
from api.games.provenance import EditionError, content_hash, iter_leaves, pointer

GAMES = ("asian_tigers", "nippon", "asara")
META_KEYS = {
    "asian_tigers": frozenset({"schema_version", "edition", "provenance", "interpretations"}),
    "nippon": frozenset({"schema_version", "edition", "provenance"}),
    "asara": frozenset({"schema_version", "edition", "provenance"}),
}

__all__ = ["GAMES", "META_KEYS", "OWNER_CHECKED", "EditionError", "Component", "validate", "load", "summary",
           "corrected", "apply_patch", "mark_checked", "leaf_provenance", "diff", "component_of",
           "components_of", "content_hash", "component_table", "label_of"]


# game -> (module, loader); imported on first use so that editions do not import every engine.
LOADERS = {"asian_tigers": ("api.games.asian_tigers", "load_edition"),
           "nippon": ("api.games.nippon", "load_nippon_data"),
           "asara": ("api.games.asara", "load_asara_data")}


def load(game: str, document: dict) -> Any:
    """The game's loaded data for `document` (Asian Tigers `Edition`, `NipponData`, `AsaraData`)."""
    if game not in LOADERS:
        raise EditionError("/game", msg("unknown game {game}; expected one of {games}", game=repr(game),
                                        games=', '.join(GAMES)))
    module, loader = LOADERS[game]
    return getattr(importlib.import_module(module), loader)(document)


def validate(game: str, document: Any) -> None:
    """Raise `EditionError` (JSON path + a sentence) unless `document` is a sound edition of `game`."""
    if not isinstance(document, dict):
        raise EditionError("/", msg("an edition is a JSON object"))
    load(game, document)


def summary(game: str, document: dict) -> dict:
    """Counts: values, placeholders left, owner-checked, and the total to check (placeholder + checked)."""
    counts = count_by_provenance(document, META_KEYS[game])
    placeholder, checked = counts.get("placeholder", 0), counts.get(OWNER_CHECKED, 0)
    return {"value_count": sum(counts.values()), "placeholder_count": placeholder, "checked_count": checked,
            "to_check_count": placeholder + checked}


def component_table(game: str, document: dict, say=str) -> list[dict]:
    """Each component with its values' pointers and progress (the phone lays the values out itself); `say`
    renders the component's title and what to look at (a message; English by default)."""
    words = leaf_provenance(document, META_KEYS[game])
    out = []
    for comp, paths in group_paths(game, words).items():
        out.append({**comp.to_dict(say),
                    "paths": paths,
                    "labels": {p: label_of(p, comp, document, say) for p in paths},
                    "placeholder_count": sum(words[p] == "placeholder" for p in paths),
                    "checked_count": sum(words[p] == OWNER_CHECKED for p in paths)})
    return out


_MISSING = object()


def _leaves(document: dict, game: str) -> dict[str, Any]:
    data = {k: v for k, v in document.items() if k not in META_KEYS[game]}
    return {pointer(path): value for path, value in iter_leaves(data)}


def diff(game: str, left: dict, right: dict, say=str) -> list[dict]:
    """The values that differ between two editions, grouped by component (in calibration order; `say`
    renders a component's title).

    Each change: ``path``, ``label``, ``value`` (left), ``other_value`` (right) and
    both provenances; a value present on one side only has ``missing`` naming the
    side without it.  Provenance alone (checked vs placeholder) is not a difference.
    """
    a, b = _leaves(left, game), _leaves(right, game)
    pa, pb = leaf_provenance(left, META_KEYS[game]), leaf_provenance(right, META_KEYS[game])
    changed = [p for p in list(a) + [p for p in b if p not in a]
               if a.get(p, _MISSING) != b.get(p, _MISSING)
               or type(a.get(p, _MISSING)) is not type(b.get(p, _MISSING))]
    out = []
    for comp, paths in group_paths(game, changed).items():
        rows = []
        for p in paths:
            row = {"path": p, "label": label_of(p, comp, left if p in a else right, say), "value": a.get(p), "other_value": b.get(p),
                   "provenance": pa.get(p), "other_provenance": pb.get(p)}
            if p not in a or p not in b:
                row["missing"] = "left" if p not in a else "right"
            rows.append(row)
        out.append({"component": comp.id, "title": say(comp.title), "changes": rows})
    return out
