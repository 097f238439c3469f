"""A JSON Patch (RFC 6902) from one view to the next: what a move answer carries instead of the view.

Only ``add``, ``remove`` and ``replace`` are produced (no ``move``/``copy``),
so a client applies them with a dozen lines (`pwa/js/patch.js`); general
diff libraries emit the other operations too.  Objects are compared key by
key; a list that only grew at its end gets ``add`` at ``/-`` per new item; a
list of the same length is compared item by item (or replaced whole when that
is shorter); any other change replaces the value.  Equality is strict about types (``1`` is not ``true``).

Equal subtrees are skipped at C speed: Python's ``==`` first (it stops at the
first difference, but takes ``1`` for ``true``), then, for subtrees it finds
equal, their orjson encodings.  A board view is ~45 KB and a move changes a
few values of it, so only the branches that changed are walked in Python.
"""
from __future__ import annotations

from typing import Any

import orjson


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def same(a: Any, b: Any) -> bool:
    """JSON equality that tells ``1``, ``1.0`` and ``true`` apart."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def diff(old: Any, new: Any, path: str = "") -> list[dict]:
    """Operations that turn `old` into `new` (an empty list when they are the same)."""
    ops: list[dict] = []
    _diff(old, new, path, ops)
    return ops


def _strictly_equal(a: Any, b: Any) -> bool:
    """`a` and `b`, already equal for Python (``1 == True``), are equal as JSON: their encodings match."""
    try:
        return orjson.dumps(a) == orjson.dumps(b)
    except TypeError:  # not orjson-encodable (e.g. a big integer): the strict walk decides
        return same(a, b)


def _diff(old: Any, new: Any, path: str, ops: list[dict]) -> None:
    if old == new and (type(old) is type(new) if type(new) in _SCALARS else _strictly_equal(old, new)):
        return
    if type(old) is dict and type(new) is dict:
        ops.extend({"op": "remove", "path": f"{path}/{_escape(str(key))}"} for key in old if key not in new)
        for key, value in new.items():
            if key in old:
                _diff(old[key], value, f"{path}/{_escape(str(key))}", ops)
            else:
                ops.append({"op": "add", "path": f"{path}/{_escape(str(key))}", "value": value})
        return
    if type(old) is list and type(new) is list:
        if len(new) == len(old):
            start = len(ops)
            for index, (a, b) in enumerate(zip(old, new)):
                _diff(a, b, f"{path}/{index}", ops)
            if len(ops) - start > 1:
                _shortest(new, path, ops, start)
            return
        if len(new) > len(old) and old == new[:len(old)] and _strictly_equal(old, new[:len(old)]):
            ops.extend({"op": "add", "path": f"{path}/-", "value": v} for v in new[len(old):])
            return
    ops.append({"op": "replace", "path": path, "value": new})


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _shortest(new: list, path: str, ops: list[dict], start: int) -> None:
    """The ops from `start` on (a list's changes item by item) replaced by one ``replace`` of the whole list
    when that is shorter: the next question's options, as many as the last one's, share little with them."""
    whole = {"op": "replace", "path": path, "value": new}
    try:
        if len(orjson.dumps(whole)) < len(orjson.dumps(ops[start:])):
            ops[start:] = [whole]
    except TypeError:  # not orjson-encodable (a big integer): keep the item-by-item changes
        pass


def apply(document: Any, ops: list[dict]) -> Any:
    """`ops` applied to a copy of `document` (the reference for clients; used by the tests)."""
    import copy

    root = copy.deepcopy(document)
    for op in ops:
        parts = [p.replace("~1", "/").replace("~0", "~") for p in op["path"].split("/")[1:]]
        if not parts:
            root = copy.deepcopy(op["value"])
            continue
        *parents, last = parts
        target = root
        for part in parents:
            target = target[int(part)] if isinstance(target, list) else target[part]
        if isinstance(target, list):
            index = len(target) if last == "-" else int(last)
            if op["op"] == "add":
                target.insert(index, copy.deepcopy(op["value"]))
            elif op["op"] == "remove":
                del target[index]
            else:
                target[index] = copy.deepcopy(op["value"])
        elif op["op"] == "remove":
            del target[last]
        else:
            target[last] = copy.deepcopy(op["value"])
    return root
