"""Request guards, run before any view (`check_request`) or when a view reads its body (`read_json`), so
a malformed request never reaches the storage or a rules engine.

A write with a body must be ``application/json`` (415): a cross-site form or a "simple" fetch cannot send
that without a CORS preflight.  A write from another site (``Origin``, ``Sec-Fetch-Site``) is 403 unless
its origin is in ``TABLEKEEPER_CORS_ORIGINS``.  The body limit holds for chunked bodies too (413, never
truncated).  JSON deeper than `MAX_DEPTH` is 400; a NUL or lone surrogate in a string, an integer beyond
64 bits or a number that is not finite is 422 naming the field.
"""
from __future__ import annotations

import json
import math
import re
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from api.games.messages import Message
from api.web.problems import ApiProblem, msg

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
JSON_TYPE = "application/json"
MAX_DEPTH = 64
INT_LIMIT = 2**63 - 1  # SQLite's INTEGER; no game component comes anywhere near it
BAD_TEXT = re.compile("[\x00\ud800-\udfff]")
SAFE_SITES = frozenset({"same-origin", "none"})  # "none": typed in the address bar, a bookmark
BODY_KEY = "tablekeeper.body"  # the request body as read, in the WSGI environ


def check_request() -> None:
    """``before_request``: URL and header sizes, then for writes under /api the origin and media type."""
    if not request.path.startswith("/api"):
        return
    _check_sizes()
    if request.method not in UNSAFE_METHODS:
        return
    refusal = cross_site_refusal()
    if refusal:
        raise ApiProblem(403, "cross_site_request", refusal)
    if _has_body() and request.mimetype != JSON_TYPE:
        raise _unsupported()


def _check_sizes() -> None:
    cfg = current_app.config
    target = request.environ.get("RAW_URI") or request.full_path
    if len(target) > int(cfg["MAX_URL_LENGTH"]):
        raise ApiProblem(414, "uri_too_long", msg("the request target is longer than {n} bytes", n=cfg["MAX_URL_LENGTH"]))
    limit = int(cfg["MAX_HEADER_BYTES"])
    for name, value in request.headers.items():
        if len(name) + len(value) > limit:
            raise ApiProblem(431, "header_too_large", msg("header {name} is longer than {n} bytes", name=name, n=limit),
                             errors={name: [msg("longer than {n} bytes", n=limit)]})


def _has_body() -> bool:
    return bool(request.content_length) or "chunked" in request.headers.get("Transfer-Encoding", "").lower()


def _unsupported() -> ApiProblem:
    sent = request.headers.get("Content-Type") or "none"
    return ApiProblem(415, "unsupported_media_type",
                      msg("send the body as Content-Type: application/json (this request sent {sent})", sent=sent),
                      headers={"Accept-Post": JSON_TYPE})


def allowed_origins() -> frozenset[str]:
    """Origins an operator allowed for cross-origin use (``TABLEKEEPER_CORS_ORIGINS``)."""
    raw = current_app.config.get("CORS_ORIGINS") or ""
    return frozenset(o.strip().rstrip("/") for o in raw.split(",") if o.strip())


def cross_site_refusal() -> Message | None:
    """Why this write looks cross-site, or None when it comes from this site (or an allowed origin)."""
    environ = request.environ
    origin = environ.get("HTTP_ORIGIN")
    if origin is not None and origin.rstrip("/") in allowed_origins():
        return None
    if origin is not None:
        if origin == "null" or urlsplit(origin).netloc.lower() != request.host.lower():
            return msg("writes from another site are refused ({header} {value})", header="Origin", value=origin)
    site = environ.get("HTTP_SEC_FETCH_SITE")
    if site is not None and site.lower() not in SAFE_SITES:
        return msg("writes from another site are refused ({header} {value})", header="Sec-Fetch-Site", value=site)
    return None


def read_body() -> bytes:
    """The raw body (read once per request), at most ``MAX_CONTENT_LENGTH`` bytes; 413 (never a truncated
    body) beyond."""
    environ = request.environ
    raw = environ.get(BODY_KEY)
    if raw is None:
        try:
            raw = environ[BODY_KEY] = _read_body(environ)
        except HTTPException:
            raise
        except Exception as exc:  # noqa: BLE001 - the server's stream failed: a broken chunk, a body cut short
            raise ApiProblem(400, "malformed_body", msg("the request body could not be read as sent: {error}",
                                                        error=str(exc))) from None
    return raw


def _read_body(environ: dict) -> bytes:
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if request.content_length is not None or not limit or not environ.get("wsgi.input_terminated"):
        return request.get_data()  # werkzeug answers 413 for a length over the limit
    # A chunked body: werkzeug would cut it at the limit; read it up to one byte past the limit instead.
    stream = environ["wsgi.input"]
    parts, size = [], 0
    while size <= limit:
        chunk = stream.read(min(65536, limit + 1 - size))
        if not chunk:
            break
        parts.append(chunk)
        size += len(chunk)
    if size > limit:
        raise RequestEntityTooLarge()
    return b"".join(parts)


def _reject_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


def read_json() -> Any:
    """The parsed, structure-checked JSON body (415/413/400/422 as the module docstring says)."""
    if request.mimetype != JSON_TYPE:
        raise _unsupported()
    raw = read_body()
    if not raw.strip():
        raise ApiProblem(400, "malformed_json", msg("the request needs a JSON body"))
    try:
        # surrogatepass: a lone surrogate is kept, for `check_structure` to name its field (422)
        value = json.loads(raw.decode(json.detect_encoding(raw), "surrogatepass"), parse_constant=_reject_constant)
    except RecursionError:
        raise _too_deep(()) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiProblem(400, "malformed_json", msg("the body is not valid JSON: {error}", error=str(exc))) from None
    check_structure(value)
    return value


def _escape(part: Any) -> str:
    """A path segment safe to echo back (surrogates and NUL escaped)."""
    return str(part).encode("utf-8", "backslashreplace").decode("utf-8").replace("\x00", "\\x00")


def _names(parts: tuple) -> tuple[str, str]:
    """(dotted field name as the shape errors use, JSON pointer as the scorers use)."""
    safe = [_escape(p) for p in parts]
    dotted = ".".join(safe) or "_body"
    pointer = "/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in safe)
    return dotted, pointer


def _problem(status: int, code: str, parts: tuple, message: Message) -> ApiProblem:
    dotted, pointer = _names(parts)
    key = pointer if request.path.startswith("/api/scorers") else dotted
    return ApiProblem(status, code, msg("{field}: {problem}", field=key, problem=message), errors={key: [message]},
                      path=pointer, rule=None)


def _too_deep(parts: tuple) -> ApiProblem:
    return _problem(400, "json_too_deep", parts, msg("nested deeper than {n} levels", n=MAX_DEPTH))


def check_structure(value: Any) -> None:
    """Depth, text and number checks over the whole document, iteratively (no recursion)."""
    stack: list[tuple[Any, tuple, int]] = [(value, (), 1)]
    while stack:
        item, parts, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                raise _too_deep(parts)
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            for key, child in pairs:
                if isinstance(key, str) and BAD_TEXT.search(key):
                    raise _problem(422, "invalid_text", parts + (key,), msg("a key holds a NUL or a lone UTF-16 surrogate"))
                stack.append((child, parts + (key,), depth + 1))
        elif isinstance(item, str):
            if BAD_TEXT.search(item):
                raise _problem(422, "invalid_text", parts, msg("text holds a NUL or a lone UTF-16 surrogate"))
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if abs(item) > INT_LIMIT:
                raise _problem(422, "number_out_of_range", parts, msg("integers must lie within ±{n}", n=INT_LIMIT))
        elif isinstance(item, float) and not math.isfinite(item):
            raise _problem(422, "number_out_of_range", parts, msg("numbers must be finite"))
