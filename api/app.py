"""Flask application factory: configuration, storage, blueprints, error handlers."""
from __future__ import annotations

import logging
import os
import sqlite3
from urllib.parse import urlsplit

from flask import Flask, request
from flask.sessions import NullSession, SecureCookieSessionInterface

from api.config import load_config
from api.games.messages import msg
from api.storage import Storage
from api.storage.db import DatabaseFault, connect, is_file_path, mark_initialised, was_initialised
from api.storage.engines import default_registry
from api.storage.migrations import migrate, pending
from api.web.problems import ApiProblem

log = logging.getLogger("tablekeeper")
LOCAL_HOSTS = ("localhost", "127.0.0.1")  # always allowed, whatever TABLEKEEPER_HOSTS and TABLEKEEPER_SITE add


class NoSessions(SecureCookieSessionInterface):
    """Flask's sessions, of which tablekeeper uses none: every request gets the one null session.

    Flask's default looks for a secret key and builds a new `NullSession` on every request (~2 µs);
    a null session refuses every change, so one can serve them all.
    """

    null = NullSession()

    def open_session(self, app, request):  # noqa: ARG002 - Flask's signature
        """The shared null session (never saved: Flask skips saving a null session)."""
        return self.null


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
    # Flask refuses (400) a Host not in this list: a DNS-rebinding page cannot talk to a server on localhost.
    app.config["TRUSTED_HOSTS"] = [*LOCAL_HOSTS, *host_names(settings["HOSTS"]), *host_names(settings["SITE"])]
    app.session_interface = NoSessions()

    engines = default_registry(app.config.get("TEST_ENGINES", ""))
    ready = {"schema": prepare_database(app.config["DATABASE"], int(app.config["BUSY_TIMEOUT_MS"]),
                                        bool(app.config["AUTO_MIGRATE"]))}
    store = Storage(app.config["DATABASE"], engines, int(app.config["BUSY_TIMEOUT_MS"]),
                    float(app.config["IDEMPOTENCY_RETENTION_HOURS"]), int(app.config["DB_POOL"]))
    app.extensions["tablekeeper"] = store
    if getattr(store.pool, "release", None) is not None:  # SQLite keeps one connection per thread: nothing to do
        app.teardown_appcontext(lambda _exc: store.release())  # a PostgreSQL connection goes back to the pool

    from api.web import guards

    @app.before_request
    def guard():
        guards.check_request()
        if not ready["schema"] and request.path.startswith("/api"):
            ready["schema"] = schema_current(store, app.config["DATABASE"])
            if not ready["schema"]:
                raise ApiProblem(503, "database_not_migrated",
                                 msg("database {database} is not migrated: run 'flask --app api init-db'",
                                     database=app.config["DATABASE"]),
                                 headers={"Retry-After": "10"})

    if app.config.get("PROXY_HOPS"):
        from werkzeug.middleware.proxy_fix import ProxyFix

        hops = int(app.config["PROXY_HOPS"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)

    from api.web import language, pwa, register, security

    register(app)
    language.register(app)  # Content-Language (api/web/language.py)
    pwa.install(app)
    security.install(app, guards.allowed_origins)  # outermost: its headers reach the static files too
    if app.config.get("EDITION_FILE"):
        check_edition_file(app)

    from api.cli import register as register_cli

    register_cli(app)
    return app


def host_names(addresses: str) -> list[str]:
    """The host names of comma-separated site addresses (``games.example.org``, ``https://192.168.1.20:8443``)."""
    names = []
    for address in (a.strip() for a in addresses.split(",")):
        if address:
            names.append(urlsplit(address if "//" in address else f"//{address}").hostname or address.lower())
    return names


def prepare_database(path: str, busy_timeout_ms: int, auto_migrate: bool) -> bool:
    """Migrate when allowed; return True when the schema is current.

    A new file is created only when no database was ever initialised at `path` (and
    AUTO_MIGRATE allows it); a missing file where one existed, or an unreadable one, is
    logged and left alone: the app still starts (so gunicorn's master does not exit in a
    loop) and answers 503 until the operator repairs or restores the file.
    """
    missing = is_file_path(path) and not os.path.exists(path)
    if missing and (was_initialised(path) or not auto_migrate):
        if was_initialised(path):
            log.error("tablekeeper: database %s has disappeared; not creating a new one "
                      "(restore it, or run 'flask --app api init-db' to start empty)", path)
        return False
    try:
        db = connect(path, busy_timeout_ms)
        try:
            if pending(db) and auto_migrate:
                migrate(db)
            current = not pending(db)
        finally:
            db.close()
    except DatabaseFault:  # a PostgreSQL server that is down: start anyway and answer 503 until it is back
        return False
    except sqlite3.DatabaseError as exc:
        log.error("tablekeeper: database %s cannot be used: %s (check it with 'flask --app api check-db')",
                  path, exc)
        return False
    if current:
        mark_initialised(path)
    return current


def schema_current(store: Storage, path: str) -> bool:
    """Re-check a database that was not ready at start (init-db may have run, a file been restored)."""
    try:
        return not pending(store.repository().db)
    except DatabaseFault as exc:
        if exc.code == "database_missing" and not was_initialised(path):
            return False  # never initialised: the answer is "run init-db"
        raise


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
