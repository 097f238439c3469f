"""Serve the PWA (``pwa/`` at the repository root) for paths outside ``/api``.

No route is registered for it (so the URL map holds only the API and matches
openapi.yaml exactly); GET requests that match no route end up here through
the 404 handler and are answered from the folder when a file exists.

Files are read once per version (path, size, modification time) and kept in
memory, compressed once per encoding at the highest levels (brotli 11, gzip
9: they are compressed once, not per request), with a strong ETag that is a
hash of their content plus the encoding (``"<hash>:br"``), the same on every
server, so a revalidation is a 304 without touching the disk.  ``index.html``,
``sw.js`` and the manifest must be fresh (``no-cache``: always revalidated);
every other file may be reused for a day without asking.  Installed apps get
new files through the service worker, whose install fetches bypass the HTTP
cache (``cache: "reload"``), so a deploy never mixes versions there.
"""
from __future__ import annotations

import gzip
import hashlib
import mimetypes
import threading
from pathlib import Path

import brotli
from flask import Response, current_app, request
from werkzeug.exceptions import HTTPException, NotFound
from werkzeug.security import safe_join

PWA_DIR = Path(__file__).resolve().parents[2] / "pwa"
ALWAYS_FRESH = frozenset({"index.html", "sw.js", "manifest.webmanifest"})
MAX_AGE = 86_400  # seconds a browser may reuse a file other than ALWAYS_FRESH without asking
ENCODINGS = ("br", "gzip")
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/manifest+json", "image/svg+xml")
_ENCODERS = {"br": lambda data: brotli.compress(data, quality=11), "gzip": lambda data: gzip.compress(data, 9, mtime=0)}
mimetypes.add_type("application/manifest+json", ".webmanifest")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("text/javascript", ".js")


class _File:
    """One file version: its bytes, ETag and compressed copies (made on first request)."""

    def __init__(self, version: tuple[int, int], content: bytes, mimetype: str):
        self.version, self.content, self.mimetype = version, content, mimetype
        self.etag = hashlib.sha256(content).hexdigest()[:20]
        self._encoded: dict[str, bytes | None] = {}

    def encoded(self, encoding: str | None) -> bytes | None:
        """The bytes in `encoding` (None when not worth it)."""
        if encoding is None or not self.mimetype.startswith(COMPRESSIBLE):
            return None
        if encoding not in self._encoded:
            packed = _ENCODERS[encoding](self.content)
            self._encoded[encoding] = packed if len(packed) < len(self.content) else None
        return self._encoded[encoding]


_FILES: dict[str, _File] = {}
_LOCK = threading.Lock()


def _folder() -> Path:
    return Path(current_app.config.get("PWA_DIR") or PWA_DIR)


def _file(name: str, target: Path) -> _File:
    stat = target.stat()
    version = (stat.st_size, stat.st_mtime_ns)
    with _LOCK:
        found = _FILES.get(str(target))
        if found is not None and found.version == version:
            return found
    found = _File(version, target.read_bytes(), mimetypes.guess_type(name)[0] or "application/octet-stream")
    with _LOCK:
        _FILES[str(target)] = found
        return found


def serve_or_404(exc: HTTPException):
    """A PWA file for a GET outside /api, else the original error."""
    folder = _folder()
    if request.method not in ("GET", "HEAD") or not isinstance(exc, NotFound) or not folder.is_dir():
        return exc
    name = request.path.lstrip("/") or "index.html"
    target = safe_join(str(folder), name)
    if target is None or not Path(target).is_file():
        return exc
    file = _file(name, Path(target))
    enabled = current_app.config.get("COMPRESS_REGISTER", True)  # TABLEKEEPER_COMPRESS=0 turns both layers off
    encoding = request.accept_encodings.best_match(ENCODINGS) if enabled else None
    body = file.encoded(encoding)
    resp = Response(body if body is not None else file.content, mimetype=file.mimetype)
    if body is not None:
        resp.headers["Content-Encoding"] = encoding
    resp.set_etag(f"{file.etag}:{encoding}" if body is not None else file.etag)  # one strong ETag per representation
    resp.vary.add("Accept-Encoding")
    resp.headers["Cache-Control"] = "no-cache" if name in ALWAYS_FRESH else f"public, max-age={MAX_AGE}"
    return resp.make_conditional(request)
