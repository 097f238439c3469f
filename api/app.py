"""Flask application factory: configuration, storage, blueprints, error handlers."""
from __future__ import annotations

from flask import Flask, request
from werkzeug.exceptions import RequestEntityTooLarge

from api.config import load_config
from api.storage import Storage
from api.storage.db import connect
from api.storage.engines import default_registry
from api.storage.errors import StorageUnavailable
from api.storage.migrations import migrate, pending
from api.web.problems import ApiProblem


def build_app(config=None) -> Flask:
    """Create the app; `config` overrides the defaults and the environment.

    Migrations are normally run once before the workers start (``flask --app
    api init-db`` or the gunicorn ``on_starting`` hook); with AUTO_MIGRATE
    (the default, convenient for ``flask run`` and tests) a worker that finds
    pending migrations applies them itself, under the write lock.  Without it,
    an unmigrated database makes every /api request answer 503
    ``database_not_migrated`` until ``init-db`` has run.
    """
    settings = load_config(config)
    app = Flask(__name__, static_folder=None)
    app.config.update(settings)
    app.json.sort_keys = False

    engines = default_registry(app.config.get("TEST_ENGINES", ""))
    store = Storage(app.config["DATABASE"], engines, int(app.config["BUSY_TIMEOUT_MS"]),
                    float(app.config["IDEMPOTENCY_RETENTION_HOURS"]), int(app.config["DB_POOL"]))
    app.extensions["tablekeeper"] = store
    app.teardown_appcontext(lambda _exc: store.release())  # a PostgreSQL connection goes back to the pool
    ready = {"schema": prepare_database(app.config["DATABASE"], int(app.config["BUSY_TIMEOUT_MS"]),
                                        bool(app.config["AUTO_MIGRATE"]))}

    @app.before_request
    def guard():
        limit = app.config.get("MAX_CONTENT_LENGTH")
        if limit and request.content_length is not None and request.content_length > limit:
            raise RequestEntityTooLarge()
        if not ready["schema"] and request.path.startswith("/api"):
            ready["schema"] = not pending(store.repository().db)
            if not ready["schema"]:
                raise ApiProblem(503, "database_not_migrated",
                                 f"database {app.config['DATABASE']} is not migrated: run 'flask --app api init-db'")

    if app.config.get("PROXY_HOPS"):
        from werkzeug.middleware.proxy_fix import ProxyFix

        hops = int(app.config["PROXY_HOPS"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)

    from api.web import register

    register(app)
    if app.config.get("EDITION_FILE"):
        check_edition_file(app)

    from api.cli import register as register_cli

    register_cli(app)
    return app


def prepare_database(path: str, busy_timeout_ms: int, auto_migrate: bool) -> bool:
    """Migrate when allowed; return True when the schema is current."""
    try:
        db = connect(path, busy_timeout_ms)
    except StorageUnavailable:  # a database server that is down: start anyway and answer 503 until it is back
        return False
    try:
        if pending(db) and auto_migrate:
            migrate(db)
        return not pending(db)
    finally:
        db.close()


def check_edition_file(app: Flask) -> None:
    """Fail at start-up, naming the bad value, when TABLEKEEPER_EDITION is invalid."""
    from api.storage.engines import EditionInvalid
    from api.web.games import default_edition

    kind = app.config["DEFAULT_GAME"]
    if not app.extensions["tablekeeper"].engines.available(kind):
        return
    with app.app_context():
        try:
            default_edition(kind)
        except EditionInvalid as exc:
            raise RuntimeError(f"TABLEKEEPER_EDITION={app.config['EDITION_FILE']}: {exc}") from None
        except OSError as exc:
            raise RuntimeError(f"TABLEKEEPER_EDITION={app.config['EDITION_FILE']}: {exc}") from None
