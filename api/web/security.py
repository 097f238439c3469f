"""Security headers on every response (PWA and API) and the opt-in CORS allow-list.

The headers are the same on every response, so they are built once per app
and added by a WSGI middleware (`SecurityHeaders`) as each response starts,
whatever answered (a view, an error handler, a static file).

`CONTENT_SECURITY_POLICY` is the one place to adjust the PWA's policy.  The
only inline script the PWA has is its import map (the vendored Preact hooks
import the bare name "preact", and browsers cannot load an import map from a
file yet); it is allowed by the SHA-256 of its text, read from
``pwa/index.html``, so editing the map keeps working without touching this
file.  ``'wasm-unsafe-eval'`` lets the Pyodide worker compile WebAssembly; it
does not allow ``eval`` of JavaScript.
"""
from __future__ import annotations

import base64
import hashlib
import re
from functools import lru_cache
from pathlib import Path

from flask import Flask, Response, request

from api.web.pwa import folder

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; "
    "script-src 'self' 'wasm-unsafe-eval' {inline_hashes}; "
    "worker-src 'self'; "
    "style-src 'self'; "
    "img-src 'self' data: blob:; "
    "connect-src 'self'; "
    "manifest-src 'self'; "
    "object-src 'none'; "
    "base-uri 'none'; "
    "form-action 'self'; "
    "frame-ancestors 'none'"
)

STATIC_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",  # the spectator link carries a token in its URL
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}
CORS_METHODS = "GET, POST, OPTIONS"
CORS_HEADERS = "Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key"
CORS_EXPOSE = "ETag, Location, Retry-After, Idempotent-Replayed"
_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S)


@lru_cache(maxsize=8)
def inline_script_hashes(index_html: str) -> str:
    """CSP source expressions for the inline scripts of the PWA's index.html ('' when none)."""
    try:
        text = Path(index_html).read_text(encoding="utf-8")
    except OSError:
        return ""
    return " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()}'"
                    for body in _INLINE_SCRIPT.findall(text))


def security_headers(app: Flask) -> list[tuple[str, str]]:
    """The security headers of every response of `app` (the CSP with its PWA's inline-script hashes)."""
    hashes = inline_script_hashes(str(folder(app) / "index.html"))
    csp = " ".join(CONTENT_SECURITY_POLICY.format(inline_hashes=hashes).split())
    return [("Content-Security-Policy", csp), *STATIC_HEADERS.items()]


class SecurityHeaders:
    """WSGI middleware: add the app's security headers to every response as it starts."""

    def __init__(self, wsgi_app, headers: list[tuple[str, str]]):
        self.wsgi_app = wsgi_app
        self.headers = headers

    def __call__(self, environ, start_response):
        extra = self.headers

        def start(status, headers, exc_info=None):
            headers.extend(extra)
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start)


def install(app: Flask, allowed_origins) -> None:
    """Security headers on every response (wrap the app's WSGI callable); CORS headers only for
    allow-listed origins.  Call after every other middleware is installed, so this one is outermost."""
    headers = security_headers(app)
    app.wsgi_app = SecurityHeaders(app.wsgi_app, headers)

    def add_cors_headers(resp: Response) -> Response:
        origins = allowed_origins()
        if not origins:  # the default: no origin is allowed, nothing to look at
            return resp
        origin = request.environ.get("HTTP_ORIGIN")
        if origin and request.path.startswith("/api") and origin.rstrip("/") in origins:
            resp.headers["Access-Control-Allow-Origin"] = origin
            resp.headers["Access-Control-Expose-Headers"] = CORS_EXPOSE
            if request.method == "OPTIONS":
                resp.headers["Access-Control-Allow-Methods"] = CORS_METHODS
                resp.headers["Access-Control-Allow-Headers"] = CORS_HEADERS
                resp.headers["Access-Control-Max-Age"] = "600"
            resp.vary.add("Origin")
        return resp

    app.after_request(add_cors_headers)
