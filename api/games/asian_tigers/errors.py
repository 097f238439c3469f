"""Errors raised by the Asian Tigers engine.

Every refusal is a `RulesError` with a stable snake_case `code`, the catalogue
`rule` it enforces (e.g. ``PLACE-05``) and a message a player understands: `text` (a `Message`,
said in any language at the edge) and `message`, its English.  The engine never changes a state before raising.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from api.games.messages import Message, and_list, msg, msg_n  # noqa: F401 - the rule modules take them from here


class RulesError(ValueError):
    """An action or request the rules do not allow."""

    default_code = "rules_error"

    def __init__(self, message: Message | str, *, code: str | None = None, rule: str | None = None, **details):
        super().__init__(str(message))
        self.message = str(message)
        self.text = message if isinstance(message, Message) else None
        self.code = code or self.default_code
        self.rule = rule
        self.details = details

    def to_dict(self) -> dict:
        """JSON-ready description (the API turns it into problem+json)."""
        data = {"code": self.code, "rule": self.rule, "message": self.message}
        if self.text is not None:  # the phone says it in its language (api/offline, pwa/js/i18n.js `localize`)
            data["message_message"] = self.text.as_json()
        if self.details:
            data["details"] = self.details
        return data


def listed(items: list[str]) -> str | Message:
    """Ids listed in a refusal ("a, b"), or "none"."""
    return joined(list(items), ", ") if items else msg("none")  # each id said in words by `engine.apply`


def joined(parts: list, separator: str) -> Message:
    """Parts joined by `separator` (punctuation: the same in every language), as one message value."""
    return functools.reduce(lambda a, b: Message("{a}" + separator + "{b}", {"a": a, "b": b}), parts)


def either(items: list) -> str | Message:
    """Names joined by "or" ("a or b or c"), each "or" in the reader's language."""
    return functools.reduce(lambda a, b: msg("{a} or {b}", a=a, b=b), items) if items else ""


class ActionShapeError(RulesError):
    """The action is malformed: unknown kind, missing or mistyped field."""

    default_code = "malformed_action"


class IllegalActionError(RulesError):
    """A well-formed action the rules forbid right now."""

    default_code = "illegal_action"


class StaleDecisionError(RulesError):
    """The action answers a decision that is no longer the current one."""

    default_code = "stale_decision"


class GameOverError(RulesError):
    """The game has ended; no action is accepted."""

    default_code = "game_over"


class SetupError(RulesError):
    """New-game options or recorded setup draws are invalid."""

    default_code = "invalid_setup"


@dataclass(frozen=True)
class Refusal:
    """A rule's verdict against an action, as data: the one check of a rule returns it (or None),
    the options skip what it refuses and `apply` raises `error()`."""

    message: Message
    code: str
    rule: str | None
    kind: type = IllegalActionError
    details: dict = field(default_factory=dict)

    def error(self) -> RulesError:
        """The `RulesError` that `apply` raises for this refusal."""
        return self.kind(self.message, code=self.code, rule=self.rule, **self.details)
