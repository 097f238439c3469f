"""PostgreSQL specifics: the SQL translation, lost connections and an unreachable server."""
from __future__ import annotations

import pytest

from api import create_app
from api.config import load_config
from api.storage.pg import THROTTLE_LOCK, translate
from tests.conftest import TEST_ENGINES
from tests.helpers import PLAYERS, bearer, create, take


def test_placeholders_and_insert_or_ignore_are_translated():
    assert translate("SELECT a FROM t WHERE b = ? AND c LIKE '%x'", True, False) == (
        "SELECT a FROM t WHERE b = %s AND c LIKE '%%x'", None)
    assert translate("INSERT OR IGNORE INTO editions (hash) VALUES (?)", True, False)[0] == (
        "INSERT INTO editions (hash) VALUES (%s) ON CONFLICT DO NOTHING")
    assert translate("SELECT 100 % 7", False, False)[0] == "SELECT 100 % 7"  # no parameters: sent as it is


def test_a_write_transaction_locks_the_game_row_before_reading_it():
    joined = ("SELECT g.version, i.status FROM games g LEFT JOIN idempotency i ON i.game_id = g.id AND i.key = ? "
              "WHERE g.id = ?")
    assert translate(joined, True, True)[1] == "SELECT 1 FROM games WHERE id = %s FOR UPDATE"
    assert translate("SELECT * FROM campaigns WHERE id = ?", True, True)[1] == (
        "SELECT 1 FROM campaigns WHERE id = %s FOR UPDATE")
    assert translate(joined, True, False)[1] is None  # reads never lock
    assert translate("SELECT seq FROM actions WHERE game_id = ?", True, True)[1] is None
    assert translate("SELECT COUNT(*) FROM join_failures WHERE ip = ? AND at > ?", True, True)[1] == THROTTLE_LOCK


def test_sqlite_only_sql_fails_loudly():
    for sql in ("INSERT OR REPLACE INTO t VALUES (?)", "PRAGMA journal_mode"):
        with pytest.raises(NotImplementedError, match="SQLite-only"):
            translate(sql, False, False)


def test_database_url_is_read_when_tablekeeper_database_is_not_set():
    url = "postgresql://tk@db.example/tablekeeper"
    assert load_config(environ={"DATABASE_URL": url})["DATABASE"] == url
    assert load_config(environ={"DATABASE_URL": url, "TABLEKEEPER_DATABASE": "/tmp/x.db"})["DATABASE"] == "/tmp/x.db"


def test_an_unreachable_database_answers_503_not_500(tmp_path):
    url = f"postgresql://postgres@/nowhere?host={tmp_path}&connect_timeout=1"  # no server on this socket
    app = create_app({"DATABASE": url, "TEST_ENGINES": TEST_ENGINES, "TESTING": True, "BUSY_TIMEOUT_MS": 1000})
    client = app.test_client()
    try:
        assert client.get("/api/health").status_code == 503
        resp = client.post("/api/games", json={"game": "toy", "options": {"players": PLAYERS}})
        assert resp.status_code == 503 and resp.get_json()["code"] == "storage_unavailable"
        assert resp.headers["Retry-After"] and resp.mimetype == "application/problem+json"
    finally:
        app.extensions["tablekeeper"].close()


def test_connections_killed_by_the_server_are_replaced(pg_cluster):
    import psycopg

    url, schema = pg_cluster.fresh_url()
    app = create_app({"DATABASE": url, "TEST_ENGINES": TEST_ENGINES, "TESTING": True, "DB_POOL": 2})
    client = app.test_client()
    try:
        game = create(client)
        assert take(client, game, 1).status_code == 200
        with psycopg.connect(pg_cluster.url, autocommit=True) as admin:  # a database restart, a failover
            killed = admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                   "WHERE application_name = 'tablekeeper' AND pid <> pg_backend_pid()").fetchone()[0]
        assert killed >= 1
        assert take(client, game, 2).status_code == 200  # the pool checks each connection before lending it
        view = client.get(game.url, headers=bearer(game.token)).get_json()
        assert view["version"] == 3 and view["live_actions"] == 2
    finally:
        app.extensions["tablekeeper"].close()
        pg_cluster.drop(schema)
