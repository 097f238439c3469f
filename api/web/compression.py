"""Compression of API answers (flask-compress: brotli or gzip, as the client's Accept-Encoding allows).

Every response says ``Vary: Accept-Encoding``.  JSON answers of 500 bytes or
more are compressed per request, gzip at level 3 (a ~19 KB Asian Tigers move
answer in ~2.2 KB: the level trades 10 % more bytes for half the CPU of 6).
A game's ETag is its version (``"7"``), the same whatever the encoding,
because clients echo it in If-Match / If-None-Match; flask-compress would
append the encoding (``"7:gzip"``), so API ETags are put back after it ran.
The PWA's files are compressed once, at the static layer (`api.web.pwa`),
and flask-compress leaves responses that already have a Content-Encoding alone.
"""
from __future__ import annotations

import os

from flask import Flask, Response, request
from flask_compress import Compress

MIMETYPES = [
    "application/json", "application/problem+json", "text/html", "text/css", "text/javascript",
    "application/javascript", "application/manifest+json", "image/svg+xml", "text/plain",
]


def init(app: Flask) -> None:
    """Enable compression on `app` (call before other after-request hooks are registered)."""

    @app.after_request
    def keep_version_etags(resp: Response) -> Response:  # runs after flask-compress's hook
        etag, weak = resp.get_etag()
        if etag and request.path.startswith("/api") and ":" in etag:
            resp.set_etag(etag.rsplit(":", 1)[0], weak=weak)
        return resp

    app.config.setdefault("COMPRESS_MIMETYPES", MIMETYPES)
    # gzip first: for a 2 KB answer it costs half of brotli's CPU for 8 % more bytes (brotli if only it is accepted)
    app.config.setdefault("COMPRESS_ALGORITHM", ["gzip", "br"])
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)
    # gzip level 3: a ~19 KB move answer in ~0.06 ms for ~2.2 KB; level 6 took ~0.12 ms for ~2.0 KB
    app.config.setdefault("COMPRESS_LEVEL", 3)
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)
    app.config.setdefault("COMPRESS_STREAMS", False)  # streamed answers (an event stream) stay as they are
    if os.environ.get("TABLEKEEPER_COMPRESS", "1").strip().lower() in ("0", "false", "no"):
        app.config["COMPRESS_REGISTER"] = False
    Compress(app)
