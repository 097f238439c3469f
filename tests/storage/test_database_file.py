"""The database file is created once (init-db, or a first start) and never silently re-created (issue 16)."""
from __future__ import annotations

import os

import pytest

from tests.helpers import create, take


def test_a_deleted_database_is_not_recreated_by_a_new_worker(make_app, db_path, sqlite_only):
    app = make_app()
    client = app.test_client()
    game = create(client)
    assert take(client, game).status_code == 200
    os.unlink(db_path)
    resp = take(client, game)
    assert resp.status_code == 503 and resp.get_json()["code"] == "database_missing"
    assert int(resp.headers["Retry-After"]) > 0
    respawned = make_app()  # what a replacement worker does: build the app again
    health = respawned.test_client().get("/api/health")
    assert health.status_code == 503 and health.get_json()["code"] == "database_missing"
    assert not os.path.exists(db_path)
    result = respawned.test_cli_runner().invoke(args=["init-db"])  # the operator's explicit choice
    assert result.exit_code == 0 and os.path.exists(db_path)
    assert make_app().test_client().get("/api/health").status_code == 200


def test_a_first_start_creates_and_marks_the_database(make_app, db_path, sqlite_only):
    assert not os.path.exists(db_path)
    client = make_app().test_client()
    assert client.get("/api/health").status_code == 200
    assert os.path.exists(db_path) and os.path.exists(db_path + ".initialised")


def test_a_corrupt_database_builds_the_app_and_answers_503(make_app, db_path, caplog, sqlite_only):
    with open(db_path, "wb") as fh:
        fh.write(b"not a database at all" * 500)
    app = make_app()  # must not raise: a worker that cannot boot makes gunicorn's master exit
    assert "cannot be used" in caplog.text
    client = app.test_client()
    for resp in (client.get("/api/health"), client.post("/api/games", json={"game": "toy", "options": {
            "players": [{"name": "a", "color": "r"}, {"name": "b", "color": "b"}]}})):
        assert resp.status_code == 503 and resp.get_json()["code"] == "database_corrupt", resp.get_json()


def test_an_outside_writer_past_the_busy_timeout_is_503_database_busy_and_changes_nothing(make_app, db_path,
                                                                                        sqlite_only):
    import sqlite3

    from tests.helpers import bearer

    app = make_app(BUSY_TIMEOUT_MS=200)
    client = app.test_client()
    game = create(client)
    outside = sqlite3.connect(db_path, isolation_level=None)
    outside.execute("BEGIN IMMEDIATE")  # SQLite's write lock, as the sqlite3 shell would hold it
    try:
        resp = take(client, game, 1)
        assert resp.status_code == 503 and resp.get_json()["code"] == "database_busy"
        assert resp.headers["Retry-After"] == "1"
        assert client.get("/api/health").get_json()["code"] == "database_busy"
    finally:
        outside.execute("ROLLBACK")
        outside.close()
    assert client.get(game.url, headers=bearer(game.token)).get_json()["version"] == 1
    assert take(client, game, 1).status_code == 200


def test_a_pooled_postgresql_connection_bounds_locks_and_statements(db_path, backend):
    """A request's connection: lock and statement timeouts of the busy timeout; the operator's: no statement
    timeout (a migration or a replay-check may run long)."""
    if backend != "postgresql":
        pytest.skip("PostgreSQL only")
    from api.storage import Storage
    from api.storage.db import connect
    from api.storage.engines import default_registry

    store = Storage(db_path, default_registry(), busy_timeout_ms=4321)
    try:
        conn = store.repository().db.conn
        assert [conn.execute(f"SHOW {s}").fetchone()[0] for s in ("lock_timeout", "statement_timeout")] == [
            "4321ms", "4321ms"]
    finally:
        store.close()
    assert connect(db_path, 4321).conn.execute("SHOW statement_timeout").fetchone()[0] == "0"
