"""Language negotiation: the API answers in the language the request's ``Accept-Language`` prefers.

One of `api.i18n.LANGUAGES` (English when none matches, werkzeug's `LanguageAccept` matching
``de-AT`` to ``de``).  A view that says something in that language calls `request_language()`,
and the answer then names it in ``Content-Language``.  Answers that say nothing language-dependent
carry no such header (their English is not a choice made for the request).
"""
from __future__ import annotations

from flask import Flask, Response, g, has_request_context, request

from api.i18n import LANGUAGES


def request_language() -> str:
    """The language to answer this request in (the answer will say so in ``Content-Language``); English
    outside a Flask request (tests, tools, the stream service)."""
    if not has_request_context():
        return LANGUAGES[0]
    g.content_language = request.accept_languages.best_match(LANGUAGES, default=LANGUAGES[0])
    return g.content_language


def _say_language(resp: Response) -> Response:
    lang = g.get("content_language")
    if lang:
        resp.headers["Content-Language"] = lang
        resp.vary.add("Accept-Language")
    return resp


def register(app: Flask) -> None:
    """Name the answer's language in ``Content-Language`` whenever a view chose one."""
    app.after_request(_say_language)
