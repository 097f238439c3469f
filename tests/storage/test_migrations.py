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
    assert db.conn.execute("PRAGMA mmap_size").fetchone()[0] == 0


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


def test_a_database_from_before_0007_keeps_serving_its_games_and_expires_its_old_records(db_path, backend,
                                                                                        monkeypatch):
    """0007: snapshots compressed, placeholders recounted; 0009: records of the old formats expired (an import
    key kept), new ones keep the answer as sent."""
    import zlib

    from api.storage import Storage, migrations, pg_schema
    from api.storage.engines import default_registry, state_hash
    from api.storage.errors import VersionConflict
    from api.storage.jsonio import dumps, loads
    from api.storage.verify import verify_game
    from tests.conftest import TEST_ENGINES
    from tests.storage.conftest import PLAYERS, TAKE1, idem, render

    db = connect(db_path)
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:6])
    monkeypatch.setattr(pg_schema, "MIGRATIONS", pg_schema.MIGRATIONS[:6])
    migrate(db)
    monkeypatch.undo()
    # A game as the code before 0007 stored it: 28 moves, the last two undone, snapshots as JSON text,
    # the last move's answer stored (zlib), an import key, and placeholders_used left [] as before 0003.
    engine = default_registry(TEST_ENGINES).get("toy")
    edition = engine.load_edition({**engine.load_edition().document, "pile": 100})
    info, now = engine.edition_info(edition), "2026-01-01T00:00:00.000+00:00"
    state = engine.new_game(PLAYERS, edition, 5)
    states = [engine.state_to_dict(state)]
    db.conn.execute("INSERT INTO editions (hash, document, created_at) VALUES (?, ?, ?)",
                    (info.content_hash, dumps(info.document), now))
    db.conn.execute("INSERT INTO games (id, kind, edition_hash, options, seed, status, version, head_seq, tail_seq, "
                    "live_actions, created_at, updated_at) VALUES ('g', 'toy', ?, ?, 5, 'active', 30, 28, 26, 26, ?, ?)",
                    (info.content_hash, dumps(PLAYERS), now, now))
    for seq in range(1, 29):
        state, events = engine.apply(state, TAKE1)
        states.append(engine.state_to_dict(state))
        if seq == 3:
            events = [{**events[0], "placeholder_values": ["/pile"]}]
        db.conn.execute("INSERT INTO actions (game_id, seq, payload, events, state_hash, idempotency_key, reverted, "
                        "reverted_at, created_at) VALUES ('g', ?, ?, ?, ?, NULL, ?, ?, ?)",
                        (seq, dumps(TAKE1), dumps(events), state_hash(states[-1]), int(seq > 26),
                         now if seq > 26 else None, now))
    for seq in (0, 25):
        db.conn.execute("INSERT INTO snapshots (game_id, seq, state, state_hash, created_at) VALUES ('g', ?, ?, ?, ?)",
                        (seq, dumps(states[seq]), state_hash(states[seq]), now))
    body = b'{"version":29,"stored":"before 0007"}'
    db.conn.execute("INSERT INTO idempotency (game_id, key, request_hash, status, response, etag, created_at) "
                    "VALUES ('g', 'old', ?, 200, ?, '29', ?)", (idem("old").request_hash, zlib.compress(body), now))
    db.conn.execute("INSERT INTO idempotency (game_id, key, request_hash, status, response, etag, created_at) "
                    "VALUES ('g', 'import:i', ?, 201, '{}', '1', ?)", (idem("i").request_hash, now))

    assert migrate(db) == ["0007_replays_from_the_log", "0008_clustered_log", "0009_one_idempotency_format",
                           "0010_event_messages", "0011_reverted_event_messages"]
    assert [k for (k,) in db.conn.execute("SELECT key FROM idempotency")] == ["import:i"]
    stored = [s for (s,) in db.conn.execute("SELECT state FROM snapshots WHERE game_id = 'g' ORDER BY seq")]
    assert all(isinstance(s, bytes) and s[:1] != b"{" for s in stored)  # compressed
    assert loads(db.conn.execute("SELECT placeholders_used FROM games").fetchone()[0]) == ["/pile"]
    store = Storage(db_path, default_registry(TEST_ENGINES))
    try:
        repo = store.repository()
        assert verify_game(repo, "g").ok
        assert state_hash(engine.state_to_dict(repo.load("g").state)) == state_hash(states[26])
        with pytest.raises(VersionConflict):  # its record expired: a retry is a move on an old version
            repo.apply_actions("g", [TAKE1], {"29"}, idem("old", "h"), render)
        firsts = [repo.undo("g", 2, {"30"}, idem("u", "h"), render),
                  repo.apply_actions("g", [TAKE1], {"31"}, idem("a", "h"), render)]
        replays = [repo.undo("g", 2, {"1"}, idem("u", "h"), render),
                   repo.apply_actions("g", [TAKE1], {"1"}, idem("a", "h"), render)]
        assert [r.encoded for r in replays] == [f.encoded for f in firsts] and all(r.replayed for r in replays)
        assert firsts[0].body["undone"] == [25, 26]
        # Hashes are written as their 32 bytes; older ones (hex text on SQLite) read the same.
        new_hash, request_hash = db.conn.execute(
            "SELECT a.state_hash, i.request_hash FROM actions a JOIN idempotency i ON i.game_id = a.game_id "
            "AND i.key = 'a' WHERE a.game_id = 'g' AND a.seq = 29").fetchone()
        assert len(bytes(new_hash)) == 32 and len(bytes(request_hash)) == 32
        assert verify_game(repo, "g").ok and repo.export("g")["state_hash"] == bytes(new_hash).hex()
    finally:
        store.close()


def test_an_idempotency_record_of_a_few_kb_stays_in_its_table_page(db_path, sqlite_only):
    """0009: a rowid table again, so a compressed answer of 1-3 KB takes no overflow page of its own."""
    import os

    db = connect(db_path)
    migrate(db)
    db.conn.execute("INSERT INTO editions (hash, document) VALUES ('e', '{}')")
    db.conn.execute("INSERT INTO games (id, kind, edition_hash, options, seed, status, version, head_seq, tail_seq, "
                    "live_actions) VALUES ('g', 'toy', 'e', '{}', 1, 'active', 1, 0, 0, 0)")
    db.conn.executemany("INSERT INTO idempotency (game_id, key, request_hash, status, response, etag, created_at) "
                        "VALUES ('g', ?, 'h', 200, ?, '2', '2026-01-01')",
                        [(f"k{i}", os.urandom(1000 + 100 * i)) for i in range(20)])
    kinds = dict(db.conn.execute("SELECT pagetype, COUNT(*) FROM dbstat WHERE name = 'idempotency' "
                                 "GROUP BY pagetype").fetchall())
    assert kinds.get("overflow", 0) == 0 and kinds["leaf"] < 20  # fewer pages than records
