"""PostgreSQL specifics: placeholders, explicit row locks, lost connections, a server that is down, health."""
from __future__ import annotations

from api import create_app
from api.config import load_config
from api.storage.pg import placeholders
from tests.conftest import TEST_ENGINES
from tests.helpers import PLAYERS, bearer, create, take


def test_only_the_placeholders_are_converted():
    assert placeholders("SELECT a FROM t WHERE b = ? AND c LIKE '%x'") == (
        "SELECT a FROM t WHERE b = %s AND c LIKE '%%x'")
    assert placeholders("INSERT INTO editions (hash) VALUES (?) ON CONFLICT DO NOTHING") == (
        "INSERT INTO editions (hash) VALUES (%s) ON CONFLICT DO NOTHING")


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
        assert resp.status_code == 503 and resp.get_json()["code"] == "database_unavailable"
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


def test_a_move_that_waits_too_long_for_the_game_row_is_503_busy_and_changes_nothing(pg_cluster):
    import psycopg

    url, schema = pg_cluster.fresh_url()
    app = create_app({"DATABASE": url, "TEST_ENGINES": TEST_ENGINES, "TESTING": True, "BUSY_TIMEOUT_MS": 300})
    client = app.test_client()
    try:
        game = create(client)
        with psycopg.connect(url) as other:  # another writer holds the game's row (a stuck transaction)
            other.execute("SELECT 1 FROM games WHERE id = %s FOR UPDATE", (game.id,))
            resp = take(client, game, 1)
            assert resp.status_code == 503 and resp.get_json()["code"] == "database_busy"
            assert resp.headers["Retry-After"]
            other.rollback()
        view = client.get(game.url, headers=bearer(game.token)).get_json()
        assert view["version"] == 1 and view["live_actions"] == 0
        assert take(client, game, 1).status_code == 200  # the lock is gone: the same move goes through
    finally:
        app.extensions["tablekeeper"].close()
        pg_cluster.drop(schema)


def test_an_edition_update_waits_for_the_row_and_then_sees_the_version_it_left(pg_cluster):
    """Two owners' updates of one edition: the second waits for the first and is refused 412, not written on
    top (the row is locked before it is read: `db.lock_row`)."""
    import threading

    import psycopg

    from api.storage import Storage
    from api.storage.editions import EditionStore, EditionWriteRefused
    from api.storage.engines import default_registry
    from api.storage.migrations import migrate

    url, schema = pg_cluster.fresh_url()
    store = Storage(url, default_registry(TEST_ENGINES))
    try:
        db = store.repository().db
        migrate(db)
        edition = default_registry(TEST_ENGINES).get("toy").load_edition()
        info = default_registry(TEST_ENGINES).get("toy").edition_info(edition)
        counts = {"value_count": 1, "placeholder_count": 0, "checked_count": 0}
        record, token = EditionStore(db).create("toy", "mine", info.document, info.content_hash, counts,
                                                     base_id=None, created_by=None, draft=True)
        store.release()
        outcome = []
        with psycopg.connect(url) as first:  # the first owner's update, not yet committed
            first.execute("SELECT 1 FROM edition_resources WHERE id = %s FOR UPDATE", (record.id,))

            def second():
                try:
                    outcome.append(EditionStore(store.repository().db).update(
                        record.id, token, None, None, None, name="second", expected={"1"}).version)
                except EditionWriteRefused as exc:
                    outcome.append(exc.status)
                finally:
                    store.release()

            waiter = threading.Thread(target=second)
            waiter.start()
            waiter.join(0.5)
            assert waiter.is_alive()  # queued on the row
            first.execute("UPDATE edition_resources SET version = 2, name = 'first' WHERE id = %s", (record.id,))
            first.commit()
            waiter.join(10)
        assert outcome == [412]
        assert EditionStore(store.repository().db).record(record.id).name == "first"
    finally:
        store.close()
        pg_cluster.drop(schema)


def test_a_server_that_is_down_answers_503_unavailable_within_3_s(tmp_path):
    """Default settings: the pool's wait is the 2 s busy timeout (it was 10 s, past the request budget)."""
    import time

    from tests.pgcluster import Cluster

    cluster = Cluster()
    app = create_app({"DATABASE": cluster.url, "TEST_ENGINES": TEST_ENGINES, "TESTING": True})
    client = app.test_client()
    try:
        game = create(client)
        cluster.stop()
        for request in (lambda: client.get("/api/health"), lambda: take(client, game, 1),
                        lambda: client.get(game.url, headers=bearer(game.token))):
            started = time.monotonic()
            resp = request()
            assert time.monotonic() - started < 3
            assert resp.status_code == 503 and resp.get_json()["code"] == "database_unavailable", resp.get_json()
            assert int(resp.headers["Retry-After"]) > 0
    finally:
        app.extensions["tablekeeper"].close()
        if cluster.dir.exists():  # stopped early when the test failed before
            cluster.stop()


def test_concurrent_first_health_checks_on_a_fresh_database_all_answer_200(pg_cluster):
    """No DDL in health: ``_health`` is made by the migrations (it raced on CREATE TABLE IF NOT EXISTS: 500)."""
    from concurrent.futures import ThreadPoolExecutor

    for _ in range(3):
        url, schema = pg_cluster.fresh_url()
        app = create_app({"DATABASE": url, "TEST_ENGINES": TEST_ENGINES, "TESTING": True, "DB_POOL": 8})
        try:
            barrier = __import__("threading").Barrier(8)

            def health(_):
                client = app.test_client()
                barrier.wait()
                return client.get("/api/health").status_code

            with ThreadPoolExecutor(8) as pool:
                assert list(pool.map(health, range(8))) == [200] * 8
        finally:
            app.extensions["tablekeeper"].close()
            pg_cluster.drop(schema)


def test_two_repeats_of_one_import_racing_make_one_game(db_path, backend):
    """The import's key has no row to lock yet: the second repeat waits for the first (`db.lock_key`, an advisory
    lock on PostgreSQL) and then finds its game, instead of both finding none and each making a copy."""
    import threading
    import time

    from api.storage import Storage, import_keys
    from api.storage.engines import default_registry
    from tests.storage.conftest import PLAYERS, idem, toy_edition

    store = Storage(db_path, default_registry(TEST_ENGINES))
    try:
        from api.storage.migrations import migrate

        migrate(store.repository().db)
        other = store.repository().create_game("toy", PLAYERS, 1, toy_edition(store.repository())).game.record.id
        key, barrier, made, twins = idem("offline-game", "body"), threading.Barrier(2), [], []

        def repeat():
            repo = store.repository()

            def keep(game_id, _state, now):
                import_keys.remember(repo.db, key, game_id, now)
                time.sleep(0.3)  # both are inside their transactions before either commits

            barrier.wait()
            try:
                made.append(repo.create_game("toy", PLAYERS, 1, toy_edition(repo), on_created=keep).game.record.id)
            except import_keys.AlreadyImported as twin:
                twins.append(twin.game_id)
            finally:
                store.release()

        threads = [threading.Thread(target=repeat) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(20)
        assert len(made) == 1 and twins == made
        assert sorted(store.repository().game_ids()) == sorted([other, *made])
    finally:
        store.close()


def test_a_read_only_server_answers_503_read_only_not_500(pg_cluster):
    """A hot standby, or a server set read-only: writes and health are 503 ``database_read_only``."""
    from urllib.parse import quote

    url, schema = pg_cluster.fresh_url()
    app = create_app({"DATABASE": url, "TEST_ENGINES": TEST_ENGINES, "TESTING": True})
    client = app.test_client()
    game = create(client)
    app.extensions["tablekeeper"].close()
    read_only = url.replace("&options=", "&options=" + quote("-cdefault_transaction_read_only=on ", safe=""))
    app = create_app({"DATABASE": read_only, "TEST_ENGINES": TEST_ENGINES, "TESTING": True})
    client = app.test_client()
    try:
        for resp in (take(client, game, 1), client.get("/api/health")):
            assert resp.status_code == 503 and resp.get_json()["code"] == "database_read_only", resp.get_json()
            assert int(resp.headers["Retry-After"]) > 0
        assert client.get(game.url, headers=bearer(game.token)).get_json()["version"] == 1  # reads still work
    finally:
        app.extensions["tablekeeper"].close()
        pg_cluster.drop(schema)
