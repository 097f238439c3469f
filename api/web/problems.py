"""RFC 9457 problem details for every error under ``/api``.

Each problem has ``type`` (``urn:tablekeeper:problem:<code>``), ``title``,
``status``, ``detail`` and a stable snake_case ``code``; illegal moves add
``rule``, shape errors add ``errors`` (field path → messages), version
conflicts add ``current_version``.
"""
from __future__ import annotations

import json
import logging
import sqlite3
from http import HTTPStatus
from typing import Any

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import HTTPException, SecurityError

from api.games.messages import msg  # every detail is a message (issue 37): the web modules import it from here
from api.i18n.problems import ILLEGAL_ACTION, INVALID_EDITION, STORAGE_UNAVAILABLE, said
from api.storage import errors as se
from api.storage.db import DatabaseFault, fault_from
from api.web.language import request_language
from api.i18n.library_words import as_message

PROBLEM_TYPE = "urn:tablekeeper:problem:"
MIMETYPE = "application/problem+json"
log = logging.getLogger("tablekeeper")


class ApiProblem(Exception):
    """Raise anywhere in a view to answer with a problem document."""

    def __init__(self, status: int, code: str, detail: str, *, title: str | None = None,
                 headers: dict | None = None, **extra: Any):
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.title = title
        self.headers = headers or {}
        self.extra = extra


def problem_response(status: int, code: str, detail: str, *, title: str | None = None,
                     headers: dict | None = None, **extra: Any) -> Response:
    """Build an ``application/problem+json`` response, said in the request's language (`title`, `detail` and
    ``errors`` may be messages: api/i18n/problems.py)."""
    title, detail, extra = said(request_language(), status, title, detail, extra)
    body = {"type": PROBLEM_TYPE + code, "title": title, "status": status, "detail": detail, "code": code}
    body.update({k: v for k, v in extra.items() if v is not None or k == "rule"})
    resp = Response(json.dumps(body, ensure_ascii=False), status=status, mimetype=MIMETYPE)
    resp.headers.update(headers or {})
    resp.headers.setdefault("Cache-Control", "no-store")
    return resp


def from_problem(exc: ApiProblem) -> Response:
    """Response for an `ApiProblem`."""
    return problem_response(exc.status, exc.code, exc.detail, title=exc.title, headers=exc.headers, **exc.extra)


def from_storage(exc: Exception) -> Response:
    """Map a storage or engine error to its problem response."""
    if isinstance(exc, se.RulesViolation):
        extra = {"rule": exc.rule}
        if exc.index is not None:
            extra["action_index"] = exc.index
        if exc.details:
            extra["engine"] = exc.details
        return problem_response(422, exc.code, exc.message, title=ILLEGAL_ACTION, **extra)
    if isinstance(exc, se.EditionInvalid):
        return problem_response(422, exc.code, msg("edition value {path}: {problem}", path=exc.path, problem=exc.text),
                                title=INVALID_EDITION, path=exc.path, errors={exc.path: [exc.text]})
    if isinstance(exc, se.Unsupported):
        return problem_response(404, "not_supported", msg("this game engine does not provide {feature}",
                                                          feature=exc.feature), feature=exc.feature)
    if isinstance(exc, se.EngineUnavailable):
        return problem_response(503, "engine_unavailable", exc.message)
    if isinstance(exc, se.Refused):
        headers = {"WWW-Authenticate": 'Bearer realm="tablekeeper-editions"'} if exc.status == 401 else {}
        if "current_version" in exc.extra:
            headers["ETag"] = f'"{exc.extra["current_version"]}"'
        return problem_response(exc.status, exc.code, exc.message, headers=headers, **exc.extra)
    from api.storage.editions import EditionNotFound

    if isinstance(exc, (se.PreconditionRequired, se.VersionConflict)):
        status = 428 if isinstance(exc, se.PreconditionRequired) else 412
        return problem_response(status, exc.code, exc.message, current_version=exc.current_version,
                                headers={"ETag": f'"{exc.current_version}"'})
    if isinstance(exc, se.GameFinal):
        return problem_response(409, exc.code, exc.message, current_version=exc.current_version)
    if isinstance(exc, se.TooManyAttempts):
        return problem_response(429, exc.code, exc.message, headers={"Retry-After": str(exc.retry_after)},
                                retry_after=exc.retry_after)
    if isinstance(exc, (se.GameNotFound, se.CampaignNotFound, se.JoinCodeUnknown, EditionNotFound)):
        return problem_response(404, exc.code, exc.message)
    if isinstance(exc, (se.UnknownGameKind, se.IdempotencyConflict, se.NothingToUndo, se.ReplayDiverged)):
        return problem_response(422, exc.code, exc.message)
    return internal(exc)


HTTP_CODES = {
    400: "bad_request", 404: "not_found", 405: "method_not_allowed", 413: "request_too_large",
    415: "unsupported_media_type", 429: "too_many_requests",
}


def from_http(exc: HTTPException) -> Response:
    """Problem response for a werkzeug HTTP error (404, 405, 413, …)."""
    status = exc.code or 500
    if isinstance(exc, SecurityError):  # Flask's TRUSTED_HOSTS check (api.app)
        return problem_response(400, "host_not_allowed", msg("this server is not reached by that host name; "
                                                             "an operator adds it to TABLEKEEPER_HOSTS"))
    code = HTTP_CODES.get(status, HTTPStatus(status).phrase.lower().replace(" ", "_").replace("-", "_"))
    detail = {
        404: msg("no such resource: {path}", path=request.path),
        405: msg("{method} is not allowed on {path}", method=request.method, path=request.path),
        413: msg("the request body is larger than this server accepts"),
        415: msg("send the body as Content-Type: application/json"),
    }.get(status, as_message(exc.description or HTTPStatus(status).description))  # werkzeug's words, per language
    headers = {"Allow": ", ".join(sorted(getattr(exc, "valid_methods", None) or []))} if status == 405 else {}
    return problem_response(status, code, detail, headers=headers)


def from_fault(exc: DatabaseFault) -> Response:
    """503 with Retry-After for a storage fault; this thread's connection is reopened next time."""
    log.error("tablekeeper: storage fault on %s %s: %s", request.method, request.path, exc.message)
    current_app.extensions["tablekeeper"].pool.discard()
    return problem_response(503, exc.code, msg("{fault}; nothing was changed, try again later", fault=exc.message),
                            title=STORAGE_UNAVAILABLE, headers={"Retry-After": str(exc.retry_after)},
                            retry_after=exc.retry_after)


def from_sqlite(exc: sqlite3.Error) -> Response:
    """A storage fault (full, read-only, corrupt, I/O, missing, busy) → 503; anything else is a bug → 500."""
    fault = fault_from(exc)
    return from_fault(fault) if fault is not None else internal(exc)


def internal(exc: Exception) -> Response:
    """Log an unexpected exception and answer 500 without leaking internals."""
    log.exception("unexpected error on %s %s", request.method, request.path, exc_info=exc)
    return problem_response(500, "internal_error", msg("the server failed unexpectedly; the game was not changed"))


def register(app: Flask) -> None:
    """Install the error handlers: problem+json for everything under /api."""
    storage_errors = (se.StorageError, se.RulesViolation, se.EditionInvalid, se.Unsupported,
                      se.EngineUnavailable)
    app.register_error_handler(ApiProblem, from_problem)
    app.register_error_handler(DatabaseFault, from_fault)
    app.register_error_handler(sqlite3.Error, from_sqlite)
    for cls in storage_errors:
        app.register_error_handler(cls, from_storage)

    def http_error(exc: HTTPException):
        if not request.path.startswith("/api"):
            from api.web.pwa import serve_or_404
            return serve_or_404(exc)
        return from_http(exc)

    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(Exception, internal)
