"""The Asian Tigers scorer's refusal: `ScorerInputError`, with the JSON pointer helpers every reader of a table's
input shares (`scorer_input`, `scorer_derived`, `scorer_checks`, `board_input`)."""
from __future__ import annotations

from typing import Any

from api.games.messages import Message, msg
from api.games.scorekit import FieldProblem, child


class ScorerInputError(FieldProblem):
    """Table input the scorer refuses: `rule` is None for a malformed input; `field` (the value in words,
    scorer_words) is set by `score_table`."""

    def __init__(self, code: str, path: str, message: str | Message, rule: str | None = None):
        super().__init__(f"{path or '/'}: {message}" + (f" ({rule})" if rule else ""), code, path, rule, message)

    def to_dict(self) -> dict:
        """JSON-ready description (the web layer turns it into problem+json)."""
        return {"code": self.code, "path": self.path, "rule": self.rule, "message": self.message}


def ptr(*parts: Any) -> str:
    """JSON pointer from segments, escaping ``~`` and ``/`` (RFC 6901)."""
    return child("", *parts)


def fail(code: str, path: str, message: str | Message, rule: str | None = None):
    """Raise a `ScorerInputError`."""
    raise ScorerInputError(code, path, message, rule)


def and_words(items: list) -> Message | str:
    """"a and b and c" (as the refusals always said it), each "and" in the reader's language."""
    return items[0] if len(items) == 1 else msg("{first} and {rest}", first=items[0], rest=and_words(items[1:]))
