"""Health check."""
from __future__ import annotations

from flask import Blueprint

from api.storage.migrations import MIGRATIONS, applied
from api.web.engine_bundle import engine_version
from api.web.http import json_response, repo, storage
from api.web.problems import ApiProblem

bp = Blueprint("meta", __name__, url_prefix="/api")


@bp.get("/health")
def health():
    """``{"status": "ok"}`` when the database answers and its schema is current."""
    db = repo().db
    try:
        db.conn.execute("SELECT 1").fetchone()
        done = applied(db)
    except Exception as exc:  # report the outage as a problem, never as a 500
        raise ApiProblem(503, "database_unavailable", f"the database does not answer: {exc}") from None
    missing = [name for name, _ in MIGRATIONS if name not in done]
    if missing:
        raise ApiProblem(503, "database_not_migrated",
                         f"run 'flask --app api init-db' first; pending migrations: {', '.join(missing)}")
    engines = {name: storage().engines.available(name) for name in storage().engines.names()}
    return json_response({"status": "ok", "schema": done[-1] if done else None, "engines": engines,
                          "engine_version": engine_version()})
