"""Problem+json answers in the request's language (issue 37): titles, details, per-field messages and
the engine's refusals.

`api.web.problems` builds every problem document through `said`; a view or the engine may give a title,
a detail or a field's messages as a `Message` (or as text already said).  English is the source
language: there every text stays byte for byte what it was (a title the view left out is HTTP's own
phrase), and an engine refusal keeps its English `message`, which names the board's things in words.
"""
from __future__ import annotations

import copy
from http import HTTPStatus
from typing import Any

from api.games.messages import msg
from api.i18n import localize, render

# The titles the problems say (api/web/problems.py), and a status's title when the view names none.
ILLEGAL_ACTION, INVALID_EDITION, STORAGE_UNAVAILABLE = msg("Illegal action"), msg("Invalid edition"), msg(
    "Storage unavailable")
TITLES = {
    400: msg("Bad Request"), 401: msg("Unauthorized"), 403: msg("Forbidden"), 404: msg("Not Found"),
    405: msg("Method Not Allowed"), 409: msg("Conflict"), 412: msg("Precondition Failed"),
    413: msg("Content Too Large"), 415: msg("Unsupported Media Type"), 422: msg("Unprocessable Content"),
    428: msg("Precondition Required"), 429: msg("Too Many Requests"), 500: msg("Internal Server Error"),
    503: msg("Service Unavailable"),
}


def said(lang: str, status: int, title: Any, detail: Any, extra: dict) -> tuple[str, str, dict]:
    """``(title, detail, extra)`` of a problem said in `lang`.

    An engine refusal (``extra["engine"]`` with its ``message_message``) is said from its message: the
    detail and the engine's own ``message`` both; ``errors`` (field → messages) are said one by one."""
    if extra.get("errors"):
        extra = {**extra, "errors": {k: [render(m, lang) for m in v] for k, v in extra["errors"].items()}}
    if lang not in ("en", None):
        if isinstance(extra.get("engine"), dict) and "message_message" in extra["engine"]:
            extra = {**extra, "engine": localize(dict(extra["engine"]), lang)}
            detail = extra["engine"]["message"]
        title = TITLES.get(status) if title is None else title
    return (HTTPStatus(status).phrase if title is None else render(title, lang)), render(detail, lang), extra


def in_language(document: Any, lang: str) -> Any:
    """`document` (an engine's answer with ``X_message`` siblings) said in `lang`: a copy, or itself in English
    (whose texts are already the engine's words)."""
    return document if lang == "en" else localize(copy.deepcopy(document), lang)
