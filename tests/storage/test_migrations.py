"""Migrations, pragmas and the append-only guard."""
from __future__ import annotations

import multiprocessing
import sqlite3

import pytest

from api.storage.db import connect
from api.storage.migrations import MIGRATIONS, applied, migrate, pending


def integrity_error(backend):
    """The driver's integrity error class for `backend`."""
    if backend == "postgresql":
        import psycopg

        return psycopg.errors.IntegrityError
    return sqlite3.IntegrityError


def test_fresh_database_is_migrated_once(db_path, backend):
    db = connect(db_path)
    assert pending(db) == [name for name, _ in MIGRATIONS]
    assert migrate(db) == [name for name, _ in MIGRATIONS]
    assert migrate(db) == [] and pending(db) == []
    assert {"games", "actions", "snapshots", "idempotency", "tokens", "editions", "campaigns"} <= set(db.table_names())
    if backend == "sqlite":
        assert db.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_every_connection_sets_its_pragmas(db_path, backend):
    db = connect(db_path, busy_timeout_ms=4321)
    if backend == "postgresql":  # a 2xx means the commit reached the WAL on disk; lock waits are bounded
        assert db.conn.execute("SHOW synchronous_commit").fetchone()[0] == "on"
        assert db.conn.execute("SHOW lock_timeout").fetchone()[0] == "4321ms"
        return
    assert db.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert db.conn.execute("PRAGMA busy_timeout").fetchone()[0] == 4321
    assert db.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_postgresql_has_a_twin_of_every_migration():
    from api.storage import pg_schema

    assert [name for name, _ in pg_schema.MIGRATIONS] == [name for name, _ in MIGRATIONS]


def _migrate_in_child(path, queue):
    try:
        queue.put(migrate(connect(path)))
    except Exception as exc:  # pragma: no cover - reported to the parent
        queue.put(repr(exc))


def test_concurrent_migrations_do_not_fail(db_path):
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    path = db_path
    procs = [ctx.Process(target=_migrate_in_child, args=(path, queue)) for _ in range(4)]
    for p in procs:
        p.start()
    results = [queue.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    assert all(isinstance(r, list) for r in results), results
    assert sorted(len(r) for r in results) == [0, 0, 0, len(MIGRATIONS)]
    assert applied(connect(path)) == sorted(name for name, _ in MIGRATIONS)


def test_unmigrated_database_answers_503_until_init_db(make_app):
    app = make_app(AUTO_MIGRATE=False)
    client = app.test_client()
    health = client.get("/api/health")
    assert health.status_code == 503 and health.get_json()["code"] == "database_not_migrated"
    players = [{"name": "a", "color": "r"}, {"name": "b", "color": "b"}]
    assert client.post("/api/games", json={"game": "toy", "options": {"players": players}}).status_code == 503
    result = app.test_cli_runner().invoke(args=["init-db"])
    assert result.exit_code == 0 and "applied" in result.output
    assert client.get("/api/health").status_code == 200
    assert client.post("/api/games", json={"game": "toy", "options": {"players": players}}).status_code == 201


def test_actions_are_append_only(db_path, backend):
    refused = integrity_error(backend)
    db = connect(db_path)
    migrate(db)
    db.conn.execute("INSERT INTO editions VALUES ('h', '{}', 'now')")
    db.conn.execute("INSERT INTO games (id, kind, edition_hash, options, seed, status, version, head_seq, tail_seq,"
                    " live_actions) VALUES ('g', 'toy', 'h', '{}', 1, 'active', 1, 1, 1, 1)")
    db.conn.execute("INSERT INTO actions (game_id, seq, payload, events, state_hash, reverted)"
                    " VALUES ('g', 1, '{}', '[]', 'x', 0)")
    with pytest.raises(refused, match="append-only"):
        db.conn.execute("DELETE FROM actions")
    with pytest.raises(refused, match="append-only"):
        db.conn.execute("UPDATE actions SET payload = '{\"kind\": 1}'")
    with pytest.raises(refused, match="records the version"):  # a replay's rebuild reads it (0007)
        db.conn.execute("UPDATE actions SET reverted = 1")
    with pytest.raises(refused, match="keeps the version"):
        db.conn.execute("UPDATE actions SET reverted_version = 2")  # not reverted
    db.conn.execute("UPDATE actions SET reverted = 1, reverted_version = 2")
    with pytest.raises(refused, match="keeps the version"):
        db.conn.execute("UPDATE actions SET reverted_version = 3")
    with pytest.raises(refused, match="stays reverted"):
        db.conn.execute("UPDATE actions SET reverted = 0")
    with pytest.raises(refused):
        db.conn.execute("INSERT INTO actions (game_id, seq, payload, events, state_hash, reverted)"
                        " VALUES ('g', 1, '{}', '[]', 'y', 0)")
    if backend == "postgresql":
        with pytest.raises(refused, match="append-only"):
            db.conn.execute("TRUNCATE actions")
