"""Every problem of a scorer input at once, not one per submit (issue 34).

A scorer reads its input field by field.  While `all_problems` runs a scoring, a
field-level check (a number out of its bounds, not a number, a count beyond the
components) notes its error with `refuse_field` and lets the reading go on with a
harmless stand-in value; at the end the first error is raised carrying the others
(`error.others`).  A check across fields that fails while field errors are noted is
dropped: it may only be the stand-in values speaking, and the fields come first.
Pure Python; works for any error class with ``path`` and ``message``.
"""
from __future__ import annotations

from contextvars import ContextVar
from typing import Any, Callable, TypeVar

T = TypeVar("T")
_NOTED: ContextVar[list | None] = ContextVar("scorer_noted_problems", default=None)


def refuse_field(error: Exception) -> None:
    """Raise `error`, or note it while `all_problems` runs (the caller then goes on with a stand-in value)."""
    noted = _NOTED.get()
    if noted is None:
        raise error
    if all(getattr(e, "path", None) != getattr(error, "path", None) for e in noted):
        noted.append(error)


def all_problems(score: Callable[..., T], *args: Any, errors: tuple = (ValueError,)) -> T:
    """`score(*args)`, raising the first input error with every other field error in its ``others``."""
    noted: list = []
    token = _NOTED.set(noted)
    try:
        result = score(*args)
    except errors:
        if noted:
            raise _merged(noted) from None
        raise
    finally:
        _NOTED.reset(token)
    if noted:
        raise _merged(noted)
    return result


def _merged(noted: list) -> Exception:
    first = noted[0]
    first.others = list(noted[1:])
    return first


def problem_list(error: Exception) -> list[dict]:
    """The error and its ``others`` as plain dicts: path, message, field (in words), code, rule."""
    listed = []
    for e in [error, *getattr(error, "others", [])]:
        entry = {"path": getattr(e, "path", None) or "/", "message": getattr(e, "message", None) or str(e),
                 "code": getattr(e, "code", None), "rule": getattr(e, "rule", None)}
        if getattr(e, "field", None):
            entry["field"] = e.field
        listed.append(entry)
    return listed
