"""``GET /api/engine-bundle``: the rules engine as the phone runs it under Pyodide.

The zip is built once per process by `api.packaging` (the packaging moved out of ``api/web``).
Its content hash is the **engine version**: the zip's ETag and ``engine_version`` in ``GET
/api/health``.  A phone whose cached bundle has another hash fetches the new one when it is
online; the server re-validates every move it syncs anyway.
"""
from __future__ import annotations

import functools
import threading

from flask import Blueprint, Response, request

from api.packaging import Bundle, build

bp = Blueprint("engine_bundle", __name__, url_prefix="/api")


_building = threading.Lock()


def current() -> Bundle:
    """This process's bundle (the sources do not change under a running server): built by the first
    request that needs it; requests that come meanwhile wait for that build instead of each building
    their own (a restarted server's first requests come together: the phones' health checks and resends)."""
    with _building:
        return _built()


@functools.lru_cache(maxsize=1)
def _built() -> Bundle:
    return build()


def engine_version() -> str:
    """The content hash of the engine this server runs."""
    return current().version


@bp.get("/engine-bundle")
def engine_bundle():
    """The engine bundle zip; ETag = engine version, If-None-Match → 304."""
    bundle = current()
    headers = {"ETag": f'"{bundle.version}"', "Cache-Control": "public, no-cache", "X-Engine-Version": bundle.version}
    inm = request.if_none_match
    if inm and (inm.star_tag or inm.contains_weak(bundle.version)):
        return Response(status=304, headers=headers)
    return Response(bundle.data, 200, mimetype="application/zip",
                    headers={**headers, "Content-Disposition": 'attachment; filename="engine-bundle.zip"'})
