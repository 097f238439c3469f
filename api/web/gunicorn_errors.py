"""Make gunicorn's own answers look like the app's: problem+json errors and no ``Server`` banner.

gunicorn answers some requests before the app sees them (a request line over
``limit_request_line`` → 414, a header over ``limit_request_field_size`` →
431, a malformed request → 400, a crashed worker → 500) with a small HTML
page, and it names itself in a ``Server: gunicorn`` header on every response.
gunicorn has no setting for either, so `harden` replaces the two functions
that write them.  The app's own, smaller limits (`api.web.guards`) answer
first in the normal case; these are the backstop.  Idempotent.
"""
from __future__ import annotations

import json

from api.web.security import STATIC_HEADERS

CODES = {400: "bad_request", 403: "forbidden", 414: "uri_too_long", 417: "expectation_failed",
         431: "header_too_large", 500: "internal_error", 501: "not_implemented"}


def problem_bytes(status: int, reason: str, detail: str) -> bytes:
    """A complete HTTP/1.1 response carrying an RFC 9457 problem document."""
    code = CODES.get(status, "bad_request")
    body = json.dumps({"type": f"urn:tablekeeper:problem:{code}", "title": reason, "status": status,
                       "detail": detail or reason, "code": code}).encode()
    extra = "".join(f"{k}: {v}\r\n" for k, v in STATIC_HEADERS.items())
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
            f"Cache-Control: no-store\r\n{extra}Content-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1") + body


def harden() -> None:
    """Patch gunicorn (when it is installed) once per process."""
    try:
        from gunicorn import util
        from gunicorn.http import wsgi
    except ImportError:
        return
    if getattr(util, "_tablekeeper_hardened", False):
        return
    util._tablekeeper_hardened = True

    def write_error(sock, status_int, reason, mesg):
        util.write_nonblock(sock, problem_bytes(int(status_int), reason, mesg))

    util.write_error = write_error
    plain = wsgi.Response.default_headers

    def default_headers(self):
        return [h for h in plain(self) if not h.lower().startswith("server:")]

    wsgi.Response.default_headers = default_headers
