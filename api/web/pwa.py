"""Serve the PWA (``pwa/`` at the repository root) for paths outside ``/api``.

No route is registered for it (so the URL map holds only the API and matches
openapi.yaml exactly); GET requests that match no route end up here through
the 404 handler and are answered from the folder when a file exists.
"""
from __future__ import annotations

from pathlib import Path

from flask import current_app, request, send_from_directory
from werkzeug.exceptions import HTTPException, NotFound
from werkzeug.security import safe_join

PWA_DIR = Path(__file__).resolve().parents[2] / "pwa"
VENDORED_ENGINE = "vendor/pyodide/"
ENGINE_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                ".zip": "application/zip", ".json": "application/json"}


def serve_or_404(exc: HTTPException):
    """A PWA file for a GET outside /api, else the original error."""
    folder = Path(current_app.config.get("PWA_DIR") or PWA_DIR)
    if request.method not in ("GET", "HEAD") or not isinstance(exc, NotFound) or not folder.is_dir():
        return exc
    name = request.path.lstrip("/") or "index.html"
    target = safe_join(str(folder), name)
    if target is None or not Path(target).is_file():
        return exc
    if name.startswith(VENDORED_ENGINE):
        return serve_engine_file(folder, name)
    resp = send_from_directory(folder, name)
    if name in ("index.html", "sw.js", "engine-worker.js"):
        resp.headers["Cache-Control"] = "no-cache"
    return resp


def serve_engine_file(folder: Path, name: str):
    """A vendored Pyodide file: right type, gzip when the client takes it, cached for a year.

    The folder is named after the pinned version, so a file never changes under its URL.
    """
    mimetype = ENGINE_TYPES.get(Path(name).suffix)
    gz = Path(safe_join(str(folder), name + ".gz") or "")
    if "gzip" in request.headers.get("Accept-Encoding", "") and gz.is_file():
        resp = send_from_directory(folder, name + ".gz", mimetype=mimetype)
        resp.headers["Content-Encoding"] = "gzip"
    else:
        resp = send_from_directory(folder, name, mimetype=mimetype)
    resp.headers["Vary"] = "Accept-Encoding"
    resp.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    return resp
