"""The engine bundle: the rules engine as the phone runs it under Pyodide.

``GET /api/engine-bundle`` is a plain zip of ``api/__init__.py``, ``api/games/``,
``api/offline/`` (their Python sources) and the edition files of ``api/data/``
(``*.placeholder.json``; the server's own data files stay on the server),
built once per process and byte-for-byte reproducible (fixed timestamps,
sorted names).  Its content hash (SHA-256 over every path and content) is the
**engine version**: the zip's ETag and ``engine_version`` in ``GET
/api/health``.  A phone whose cached bundle has another hash fetches the new
one when it is online; the server re-validates every move it syncs anyway.
"""
from __future__ import annotations

import functools
import hashlib
import io
import zipfile
from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, Response, request

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("api/games", "api/offline")
EDITIONS = "api/data/*.placeholder.json"
EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest zip date: the same bytes on every machine

bp = Blueprint("engine_bundle", __name__, url_prefix="/api")


@dataclass(frozen=True)
class Bundle:
    """The zip's bytes and its content hash."""

    data: bytes
    version: str


def bundle_files(root: Path = ROOT) -> list[str]:
    """Repository-relative paths of the files in the bundle, sorted."""
    names = ["api/__init__.py"] + [p.relative_to(root).as_posix() for p in root.glob(EDITIONS)]
    for package in PACKAGES:
        names += [p.relative_to(root).as_posix() for p in (root / package).rglob("*")
                  if p.is_file() and p.suffix in (".py", ".json") and "__pycache__" not in p.parts]
    return sorted(set(names))


def build(root: Path = ROOT) -> Bundle:
    """Zip the engine files of `root` (deterministic) and hash their contents."""
    digest = hashlib.sha256()
    buffer = io.BytesIO()
    names = bundle_files(root)
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in names:
            content = (root / name).read_bytes()
            digest.update(name.encode() + b"\0" + content + b"\0")
            info = zipfile.ZipInfo(name, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, content)
    return Bundle(buffer.getvalue(), digest.hexdigest())


@functools.lru_cache(maxsize=1)
def current() -> Bundle:
    """This process's bundle (the sources do not change under a running server)."""
    return build()


def engine_version() -> str:
    """The content hash of the engine this server runs."""
    return current().version


@bp.get("/engine-bundle")
def engine_bundle():
    """The engine bundle zip; ETag = engine version, If-None-Match → 304."""
    bundle = current()
    tag = f'"{bundle.version}"'
    headers = {"ETag": tag, "Cache-Control": "public, no-cache", "X-Engine-Version": bundle.version}
    inm = request.if_none_match
    if inm and (inm.star_tag or inm.contains_weak(bundle.version)):
        return Response(status=304, headers=headers)
    return Response(bundle.data, 200, mimetype="application/zip",
                    headers={**headers, "Content-Disposition": 'attachment; filename="engine-bundle.zip"'})
