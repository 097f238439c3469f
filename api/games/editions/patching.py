"""Corrections on top of an edition: RFC 6902 patches and the `owner-checked` provenance.

An owner corrects or confirms values against the physical box.  A patch is a
list of JSON Patch operations (``replace`` to correct a value, ``test`` to
confirm that a value is what the box shows, ``add``/``remove`` for lists that
change length).  Every placeholder leaf an operation touches gets provenance
``owner-checked``: an exact-path pattern is added to the document's
``provenance`` map, which then out-ranks the broader ``placeholder`` pattern
(README of the components, section 1).  Patterns that no longer decide any
value are dropped, so the document keeps passing the provenance checks.

Pure Python (the `jsonpatch` library); no web or storage imports.
"""
from __future__ import annotations

import collections
import copy
from typing import Any, Iterable

import jsonpatch
import jsonpointer

from api.games.messages import msg
from api.games.provenance import (OWNER_CHECKED, EditionError, ProvenanceMap, iter_leaves, pointer,
                                  split_pointer)

PATCH_OPS = ("add", "remove", "replace", "move", "copy", "test")
# Operations whose target the owner looked at: its placeholder values become owner-checked.
CHECKING_OPS = ("add", "replace", "move", "copy", "test")
OWNER_CHECKED_MEANING = "checked against a physical copy by its owner (confirmed or corrected)"
MAX_OPS = 5000


def _leaf_words(document: dict, mapping: dict[str, str], meta_keys: Iterable[str]) -> tuple[dict, set[str]]:
    """(JSON pointer → word for every leaf, the patterns that decide some leaf).

    Same answer as resolving each leaf through `ProvenanceMap`, but fast when many values are
    owner-checked: a pattern that is a leaf's own pointer is that leaf's most specific pattern
    (longest, all literal) and can match no other leaf, so it is looked up directly and only the
    broader patterns go through the matcher.  Without this a checked box (1,000 exact patterns)
    compared every leaf with every pattern and a PATCH took seconds.
    """
    meta = set(meta_keys)
    data = {k: v for k, v in document.items() if k not in meta}
    leaves = [(pointer(path), path) for path, _ in iter_leaves(data)]
    words = {p: v for p, v in mapping.items() if isinstance(v, str)}
    exact = {ptr for ptr, _ in leaves if ptr in words}
    broad = ProvenanceMap.from_mapping({p: v for p, v in words.items() if p not in exact})
    out: dict[str, str | None] = {}
    used = set(exact)
    for ptr, path in leaves:
        if ptr in exact:
            out[ptr] = words[ptr]
            continue
        top = broad.candidates(path)
        used.update(top)
        out[ptr] = words[top[0]] if top else None
    return out, used


def leaf_provenance(document: dict, meta_keys: Iterable[str]) -> dict[str, str]:
    """JSON pointer → provenance word for every leaf outside the meta keys (None when uncovered)."""
    mapping = document.get("provenance")
    if not isinstance(mapping, dict):
        return {}
    return _leaf_words(document, mapping, meta_keys)[0]


def count_by_provenance(document: dict, meta_keys: Iterable[str]) -> dict[str, int]:
    """How many leaves carry each provenance word."""
    return dict(collections.Counter(str(word) for word in leaf_provenance(document, meta_keys).values()))


def _check_op(index: int, op: Any, meta_keys: frozenset[str]) -> dict:
    where = f"/patch/{index}"
    if not isinstance(op, dict):
        raise EditionError(where, msg("each patch operation is an object such as {{\"op\": \"replace\", \"path\": "
                                      "\"/prosperity_tokens/PT1/by_player_count/2/ranks/0\", \"value\": 25}}"))
    if op.get("op") not in PATCH_OPS:
        raise EditionError(f"{where}/op", msg("the operation must be one of {patch_ops}",
                                              patch_ops=', '.join(PATCH_OPS)))
    for key in ("path", "from") if op["op"] in ("move", "copy") else ("path",):
        target = op.get(key)
        if not isinstance(target, str) or not (target == "" or target.startswith("/")):
            raise EditionError(f"{where}/{key}", msg("must be a JSON pointer such as "
                                                     "/tigers/SK/local_markets/SK.MA/good"))
        head = jsonpointer.unescape(target.split("/")[1]) if target.count("/") else ""
        if head == "" or head in meta_keys:
            raise EditionError(f"{where}/{key}", msg("{value} cannot be patched: the server keeps the edition's "
                                                     "metadata and provenance itself", value=target or '/'))
    if op["op"] in ("add", "replace", "test") and "value" not in op:
        raise EditionError(f"{where}/value", msg("a {op} operation needs a value", op=op['op']))
    return op


def apply_patch(document: dict, ops: Any, meta_keys: Iterable[str]) -> tuple[dict, list[str]]:
    """Apply `ops` to a copy of `document`; return ``(new document, target pointers)``.

    Raises `EditionError` whose path is ``/patch/<index>`` (or a field of it) for
    an operation that is malformed, addresses the metadata, names a value that does
    not exist, or whose ``test`` fails, with a sentence saying why.
    """
    meta = frozenset(meta_keys)
    if not isinstance(ops, list):
        raise EditionError("/patch", msg("a patch is a list of RFC 6902 operations"))
    if len(ops) > MAX_OPS:
        raise EditionError("/patch", msg("a patch may hold at most {max_ops} operations", max_ops=MAX_OPS))
    result = copy.deepcopy(document)
    targets: list[str] = []
    for index, op in enumerate(ops):
        op = _check_op(index, op, meta)
        try:
            result = jsonpatch.JsonPatch([op]).apply(result, in_place=True)
        except jsonpatch.JsonPatchTestFailed:
            raise EditionError(f"/patch/{index}", msg("the value at {path} is not {value} (a test operation "
                                                      "confirms the current value)", path=op['path'],
                                                      value=repr(op['value']))) from None
        except (jsonpatch.JsonPatchConflict, jsonpointer.JsonPointerException, jsonpatch.InvalidJsonPatch) as exc:
            raise EditionError(f"/patch/{index}/path", msg("{path} cannot be changed: {exc}", path=op['path'],
                                                           exc=exc)) from None
        if op["op"] in CHECKING_OPS:
            targets.append(_resolved(result, op["path"]))
    return result, targets


def _resolved(document: dict, target: str) -> str:
    """`target` with a final ``-`` (RFC 6902: append to the list) replaced by the index it got."""
    if not target.endswith("/-"):
        return target
    parent = target[:-2]
    node = jsonpointer.resolve_pointer(document, parent)
    return f"{parent}/{len(node) - 1}" if isinstance(node, list) and node else target


def mark_checked(document: dict, targets: Iterable[str], meta_keys: Iterable[str]) -> tuple[dict, list[str]]:
    """Mark the placeholder leaves at or under each target pointer `owner-checked` (in place).

    Returns the document and the pointers newly marked.  Values the rules text
    states (``rulebook``) or that record a rule reading (``interpretation``) keep
    their provenance: only invented numbers can be checked against the box.
    """
    words = leaf_provenance(document, meta_keys)
    wanted = {tuple(jsonpointer.unescape(s) for s in t.split("/")[1:]) for t in targets}
    marked = []
    for ptr, word in words.items():
        if word != "placeholder":
            continue
        segments = split_pointer(ptr)
        if any(segments[:n] in wanted for n in range(len(segments) + 1)):  # at or under a target
            marked.append(ptr)
    mapping = dict(document.get("provenance") or {})
    for ptr in marked:
        mapping[ptr] = OWNER_CHECKED
    document["provenance"] = prune_dead_patterns(document, mapping, meta_keys)
    if marked:
        meta = document.get("edition")
        if isinstance(meta, dict) and isinstance(meta.get("provenance_values"), dict):
            meta["provenance_values"].setdefault(OWNER_CHECKED, OWNER_CHECKED_MEANING)
    return document, marked


def prune_dead_patterns(document: dict, mapping: dict[str, str], meta_keys: Iterable[str]) -> dict[str, str]:
    """`mapping` without the non-interpretation patterns that decide no leaf of `document`.

    A placeholder pattern dies when every value under it was checked, and an
    owner-checked pattern dies when its value was removed; both would fail the
    "no dead pattern" rule.  Interpretation patterns are listed by the
    interpretations and are left for the validator to judge.
    """
    _, used = _leaf_words(document, mapping, meta_keys)
    return {p: v for p, v in mapping.items() if p in used or v == "interpretation"}


def corrected(base: dict, ops: Any, meta_keys: Iterable[str]) -> tuple[dict, list[str]]:
    """`base` with `ops` applied and the touched placeholder values marked owner-checked."""
    document, targets = apply_patch(base, ops, meta_keys)
    return mark_checked(document, targets, meta_keys)
