"""The database file is created once (init-db, or a first start) and never silently re-created (issue 16)."""
from __future__ import annotations

import os

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
