"""The Asian Tigers scorer's refusal: `ScorerInputError`, with the JSON pointer helpers every reader of a table's
input shares (`scorer_input`, `scorer_derived`, `scorer_checks`, `board_input`)."""
from __future__ import annotations

from typing import Any

from api.games.scorekit import FieldProblem


class ScorerInputError(FieldProblem):
    """Table input the scorer refuses.

    `code` is a stable snake_case reason, `path` a JSON pointer into the input, `rule`
    the catalogue ID broken (None for a malformed input) and `message` a sentence a
    player understands.
    """

    def __init__(self, code: str, path: str, message: str, rule: str | None = None):
        super().__init__(f"{path or '/'}: {message}" + (f" ({rule})" if rule else ""))
        self.code = code
        self.path = path
        self.rule = rule
        self.message = message
        self.field: str | None = None  # the value in words (scorer_words), set by `score_table`
        self.others: list[ScorerInputError] = []  # the other field problems of the same input

    def to_dict(self) -> dict:
        """JSON-ready description (the web layer turns it into problem+json)."""
        return {"code": self.code, "path": self.path, "rule": self.rule, "message": self.message}


def ptr(*parts: Any) -> str:
    """JSON pointer from segments, escaping ``~`` and ``/`` (RFC 6901)."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def fail(code: str, path: str, message: str, rule: str | None = None):
    """Raise a `ScorerInputError`."""
    raise ScorerInputError(code, path, message, rule)


__all__ = ["ScorerInputError", "fail", "ptr"]
