"""Serve the PWA (``pwa/`` at the repository root) with WhiteNoise, outside ``/api``.

WhiteNoise answers every file of the folder (found once, at start) with its validators and the ``.br`` /
``.gz`` copy made at install time (``make install``); a copy older than its source is removed at start.
``/`` is ``index.html``.  The shell files are ``no-cache``, Pyodide's versioned folder ``immutable``, and
every other file may be reused for a day; installed apps get new files through the service worker.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

from flask import Flask, current_app, request, send_from_directory
from werkzeug.exceptions import HTTPException, NotFound
from whitenoise import WhiteNoise

PWA_DIR = Path(__file__).resolve().parents[2] / "pwa"
ALWAYS_FRESH = frozenset({"/index.html", "/sw.js", "/manifest.webmanifest", "/engine-worker.js"})
IMMUTABLE = "/vendor/pyodide/"
MAX_AGE = 86_400  # seconds a browser may reuse any other file without asking
MIMETYPES = {".webmanifest": "application/manifest+json"}  # WhiteNoise knows the others
log = logging.getLogger(__name__)


def folder(app: Flask) -> Path:
    """The PWA folder `app` serves (``TABLEKEEPER_PWA_DIR`` or ``pwa/``)."""
    return Path(app.config.get("PWA_DIR") or PWA_DIR)


def _cache_headers(headers, _path: str, url: str) -> None:
    if url in ALWAYS_FRESH:
        headers["Cache-Control"] = "no-cache"
    elif url.startswith(IMMUTABLE):
        headers["Cache-Control"] = "public, max-age=31536000, immutable"


def remove_stale_copies(root: Path) -> int:
    """Delete ``.gz`` / ``.br`` copies whose source changed after they were made; return how many.

    ``whitenoise.compress`` gives each copy its source's modification time (to the microsecond), so a
    difference means an edit.
    """
    removed = 0
    for dirpath, dirs, files in os.walk(root):
        if Path(dirpath) == root / "vendor":
            dirs[:] = [d for d in dirs if d != "pyodide"]  # its .gz copies come with it (tools/vendor_pyodide.py)
        for name in files:
            if name.endswith((".gz", ".br")):
                copy, source = Path(dirpath, name), Path(dirpath, name[:-3])
                if source.is_file() and abs(copy.stat().st_mtime - source.stat().st_mtime) > 0.001:
                    copy.unlink()
                    removed += 1
    if removed:
        log.warning("removed %d stale precompressed file(s) under %s; run 'make install' to make them again",
                    removed, root)
    return removed


def install(app: Flask) -> None:
    """Put WhiteNoise in front of `app` for the PWA folder (nothing when there is none)."""
    root = folder(app)
    if not root.is_dir():
        return
    remove_stale_copies(root)
    app.wsgi_app = WhiteNoise(app.wsgi_app, root=str(root), max_age=MAX_AGE, allow_all_origins=False,
                              mimetypes=MIMETYPES, add_headers_function=_cache_headers)


def serve_or_404(exc: HTTPException):
    """``/`` as ``index.html`` (WhiteNoise answers every other file before Flask sees it), else `exc`."""
    root = folder(current_app)
    if request.method in ("GET", "HEAD") and isinstance(exc, NotFound) and request.path == "/" \
            and (root / "index.html").is_file():
        resp = send_from_directory(root, "index.html")
        resp.headers["Cache-Control"] = "no-cache"
        return resp
    return exc
