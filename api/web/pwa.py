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

What is served is not byte for byte what is in git: JavaScript (outside the
vendored Pyodide) loses its comments and the whitespace between tokens, CSS
its comments (`api.web.jsstrip`, proven token for token; a file it cannot
prove is served as it is, with a warning in the log).  That happens once per
file version, before the ETag and the compression.

The service worker's two precache lists (``SHELL`` and ``LATER`` in
``sw.js``) are also served as one response each, ``/precache/shell.bundle``
and ``/precache/later.bundle``: brotli then compresses across files (~20 %
fewer bytes than file by file).  A bundle is one line of JSON (the sw.js
``VERSION``, the headers every file is served with, and per file its URL,
Content-Type and size), a ``\n``, then the files' bodies one after the
other, each exactly what ``GET <url>`` sends.  Like the files, it is built
and compressed once per version of its files, with a strong ETag.

``TABLEKEEPER_COMPRESS=0`` serves the files as they are: not compressed,
not stripped (readable in the browser's developer tools).
"""
from __future__ import annotations

import gzip
import hashlib
import json
import logging
import mimetypes
import re
import threading
from pathlib import Path

import brotli
from flask import Response, current_app, request, send_from_directory
from werkzeug.exceptions import HTTPException, NotFound
from werkzeug.security import safe_join
from werkzeug.utils import get_content_type

from api.web.jsstrip import StripError, strip_css, strip_js

PWA_DIR = Path(__file__).resolve().parents[2] / "pwa"
VENDORED_ENGINE = "vendor/pyodide/"  # ~14 MB: streamed from disk, pre-compressed by `make pyodide`
ENGINE_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                ".zip": "application/zip", ".json": "application/json"}
ALWAYS_FRESH = frozenset({"index.html", "sw.js", "manifest.webmanifest", "engine-worker.js"})
MAX_AGE = 86_400  # seconds a browser may reuse a file other than ALWAYS_FRESH without asking
ENCODINGS = ("br", "gzip")
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/manifest+json", "image/svg+xml")
_ENCODERS = {"br": lambda data: brotli.compress(data, quality=11), "gzip": lambda data: gzip.compress(data, 9, mtime=0)}
STRIPPERS = {".js": strip_js, ".mjs": strip_js, ".css": strip_css}
BUNDLES = {"precache/shell.bundle": "SHELL", "precache/later.bundle": "LATER"}  # URL → list in sw.js
BUNDLE_TYPE = "application/octet-stream"
SW_VERSION = re.compile(r'const VERSION = "([^"]+)";')
log = logging.getLogger(__name__)
mimetypes.add_type("application/manifest+json", ".webmanifest")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("text/javascript", ".js")


class _File:
    """One file version: its bytes, ETag and compressed copies (made on first request)."""

    def __init__(self, version: tuple, content: bytes, mimetype: str, compressible: bool | None = None):
        self.version, self.content, self.mimetype = version, content, mimetype
        self.etag = hashlib.sha256(content).hexdigest()[:20]
        self.compressible = mimetype.startswith(COMPRESSIBLE) if compressible is None else compressible
        self._encoded: dict[str, bytes | None] = {}
        self._encoding = threading.Lock()  # two first requests at once compress once

    def encoded(self, encoding: str | None) -> bytes | None:
        """The bytes in `encoding` (None when not worth it)."""
        if encoding is None or not self.compressible:
            return None
        if encoding not in self._encoded:
            with self._encoding:
                if encoding not in self._encoded:
                    packed = _ENCODERS[encoding](self.content)
                    self._encoded[encoding] = packed if len(packed) < len(self.content) else None
        return self._encoded[encoding]


_FILES: dict[tuple[str, bool], _File] = {}
_LOCK = threading.Lock()


def _folder() -> Path:
    return Path(current_app.config.get("PWA_DIR") or PWA_DIR)


def _as_they_are() -> bool:
    """True under ``TABLEKEEPER_COMPRESS=0``: files neither stripped nor compressed."""
    return not current_app.config.get("COMPRESS_REGISTER", True)


def stripped(name: str, content: bytes) -> bytes:
    """`content` as served: JavaScript and CSS stripped (`api.web.jsstrip`), else (or if that fails) unchanged."""
    strip = STRIPPERS.get(Path(name).suffix)
    if strip is None:
        return content
    try:
        return strip(content.decode("utf-8")).encode("utf-8")
    except (StripError, UnicodeDecodeError) as exc:
        log.warning("serving %s as it is, not stripped: %s", name, exc)
        return content


def _file(name: str, target: Path, strip: bool = True) -> _File:
    stat = target.stat()
    version = (stat.st_size, stat.st_mtime_ns)
    key = (str(target), strip)
    with _LOCK:
        found = _FILES.get(key)
        if found is not None and found.version == version:
            return found
    content = target.read_bytes()
    found = _File(version, stripped(name, content) if strip else content,
                  mimetypes.guess_type(name)[0] or "application/octet-stream")
    with _LOCK:
        _FILES[key] = found
        return found


def _send(file: _File, cache_control: str, compress: bool) -> Response:
    """`file` in the best encoding the request accepts, with its ETag, conditional on If-None-Match."""
    encoding = request.accept_encodings.best_match(ENCODINGS) if compress else None
    body = file.encoded(encoding)
    resp = Response(body if body is not None else file.content, mimetype=file.mimetype)
    if body is not None:
        resp.headers["Content-Encoding"] = encoding
    resp.set_etag(f"{file.etag}:{encoding}" if body is not None else file.etag)  # one strong ETag per representation
    resp.vary.add("Accept-Encoding")
    resp.headers["Cache-Control"] = cache_control
    return resp.make_conditional(request)


def serve_or_404(exc: HTTPException):
    """A PWA file for a GET outside /api, else the original error."""
    folder = _folder()
    if request.method not in ("GET", "HEAD") or not isinstance(exc, NotFound) or not folder.is_dir():
        return exc
    name = request.path.lstrip("/") or "index.html"
    if name in BUNDLES:
        bundle = precache_bundle(folder, BUNDLES[name], strip=not _as_they_are())
        return exc if bundle is None else _send(bundle, "no-cache", not _as_they_are())
    target = safe_join(str(folder), name)
    if target is None or not Path(target).is_file():
        return exc
    if name.startswith(VENDORED_ENGINE):
        return serve_engine_file(folder, name)
    as_they_are = _as_they_are()  # TABLEKEEPER_COMPRESS=0 turns both compression layers and the stripping off
    file = _file(name, Path(target), strip=not as_they_are)
    return _send(file, "no-cache" if name in ALWAYS_FRESH else f"public, max-age={MAX_AGE}", not as_they_are)


def precache_lists(sw_source: str) -> tuple[str | None, dict[str, list[str]]]:
    """sw.js's VERSION and its precache lists (``{"SHELL": [...], "LATER": [...]}``)."""
    version = SW_VERSION.search(sw_source)
    lists = {}
    for name in set(BUNDLES.values()):
        block = re.search(rf"const {name} = \[(.*?)\];", sw_source, re.S)
        lists[name] = re.findall(r'"([^"]+)"', block.group(1)) if block else []
    return (version.group(1) if version else None), lists


_BUNDLES: dict[tuple[str, str, bool], _File] = {}
_BUILDING = threading.Lock()  # one bundle built at a time: a second request for it waits, then reuses it


def precache_bundle(folder: Path, list_name: str, strip: bool = True) -> _File | None:
    """One precache list of `folder`'s sw.js as one body (see the module's docstring); None if a file is missing.

    Rebuilt when sw.js or any listed file changed (each is a `_file`, so a check is a stat per file).
    The first build strips every listed file (~1 s of CPU): the request budget spares these URLs
    (`api.web.budget`), since a cut build would only start over.
    """
    if not (folder / "sw.js").is_file():
        return None
    with _BUILDING:
        return _build_bundle(folder, list_name, strip)


def _build_bundle(folder: Path, list_name: str, strip: bool) -> _File | None:
    sw = _file("sw.js", folder / "sw.js", strip=False)
    version, lists = precache_lists(sw.content.decode("utf-8"))
    files = []
    for url in lists[list_name]:
        target = safe_join(str(folder), url.lstrip("/"))
        if target is None or not Path(target).is_file():
            log.warning("precache %s: %s is listed in sw.js but there is no such file", list_name, url)
            return None
        files.append((url, _file(url.lstrip("/"), Path(target), strip=strip)))
    key = (str(folder), list_name, strip)
    stamp = (sw.etag, *(file.etag for _, file in files))
    with _LOCK:
        found = _BUNDLES.get(key)
        if found is not None and found.version == stamp:
            return found
    # The headers api.web.security's middleware adds to every response, this file's alone included.
    index = {"version": version, "headers": dict(current_app.extensions.get("security_headers", ())),
             "files": [{"url": url, "type": get_content_type(file.mimetype, "utf-8"), "size": len(file.content)}
                       for url, file in files]}
    body = json.dumps(index, separators=(",", ":")).encode() + b"\n" + b"".join(file.content for _, file in files)
    found = _File(stamp, body, BUNDLE_TYPE, compressible=True)
    with _LOCK:
        _BUNDLES[key] = found
        return found


def strip_ahead(folder: Path | None = None) -> int:
    """Strip every file sw.js precaches now, before gunicorn forks its workers; return how many.

    Stripping is ~1.3 s of CPU the first request for each file would otherwise pay in every
    worker; done once in the master, the workers inherit the stripped copies (`_file` still
    checks each file's size and mtime, so a changed file is stripped again).
    """
    folder = folder or PWA_DIR
    sw = folder / "sw.js"
    if not sw.is_file():
        return 0
    _version, lists = precache_lists(sw.read_text("utf-8"))
    done = 0
    for url in (url for urls in lists.values() for url in urls):
        target = safe_join(str(folder), url.lstrip("/"))
        if target is not None and Path(target).is_file() and Path(target).suffix in STRIPPERS:
            _file(url.lstrip("/"), Path(target), strip=True)
            done += 1
    return done


def serve_engine_file(folder: Path, name: str):
    """A vendored Pyodide file: right type, its ``.gz`` copy when the client takes gzip, cached for a year.

    The folder is named after the pinned version, so a file never changes under its URL; the files
    are too big to hold in memory and compress per process like the shell's.
    """
    mimetype = ENGINE_TYPES.get(Path(name).suffix)
    gz = Path(safe_join(str(folder), name + ".gz") or "")
    if "gzip" in request.headers.get("Accept-Encoding", "") and gz.is_file():
        resp = send_from_directory(folder, name + ".gz", mimetype=mimetype)
        resp.headers["Content-Encoding"] = "gzip"
    else:
        resp = send_from_directory(folder, name, mimetype=mimetype)
    resp.vary.add("Accept-Encoding")
    resp.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    return resp
