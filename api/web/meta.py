"""Health check."""
from __future__ import annotations

from flask import Blueprint, current_app

from api.storage.db import probe
from api.storage.migrations import MIGRATIONS, applied
from api.web.engine_bundle import engine_version
from api.web.http import json_response, repo, storage
from api.web.problems import ApiProblem, msg

bp = Blueprint("meta", __name__, url_prefix="/api")


@bp.get("/health")
def health():
    """``{"status": "ok"}`` when the database is current and takes a write now (`probe`); else 503 with
    Retry-After, storage faults through the error handlers like every other request (docs/storage.md)."""
    db = repo().db  # checks that the file is still the one the server started with
    done = applied(db)
    missing = [name for name, _ in MIGRATIONS if name not in done]
    if missing:
        raise ApiProblem(503, "database_not_migrated",
                         msg("run 'flask --app api init-db' first; pending migrations: {m}", m=", ".join(missing)),
                         headers={"Retry-After": "10"})
    probe(db, storage().path, float(current_app.config["MIN_FREE_MB"]))
    engines = {name: storage().engines.available(name) for name in storage().engines.names()}
    return json_response({"status": "ok", "schema": done[-1] if done else None, "engines": engines,
                          "engine_version": engine_version()})
