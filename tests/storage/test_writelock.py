"""The OS write lock beside a SQLite database: writers take turns, a dead holder blocks nobody, waits are bounded."""
from __future__ import annotations

import multiprocessing
import os
import threading
import time

import pytest

from api.storage.db import connect, write_transaction
from api.storage.errors import DatabaseFault
from api.storage.writelock import WriteLock, lock_path
from tests.helpers import bearer, create, take

FORK = multiprocessing.get_context("fork")


@pytest.fixture
def database(tmp_path):
    """A WAL database with one table of rows (pid, n)."""
    path = str(tmp_path / "w.db")
    db = connect(path)
    db.conn.execute("PRAGMA journal_mode = WAL")
    db.conn.execute("CREATE TABLE rows (pid INTEGER, n INTEGER)")
    db.close()
    return path


class HeldElsewhere:
    """The database's write lock held by another thread (this thread's own hold would count as nested)."""

    def __init__(self, path: str):
        self.path, self.taken, self.done = path, threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._hold)

    def _hold(self) -> None:
        lock = WriteLock(self.path, 1.0)
        assert lock.acquire()
        self.taken.set()
        self.done.wait(30)
        lock.release()

    def __enter__(self):
        self.thread.start()
        assert self.taken.wait(10)
        return self

    def __exit__(self, *exc):
        self.done.set()
        self.thread.join(10)


def _write_rows(path: str, count: int) -> None:
    db = connect(path, busy_timeout_ms=10_000)
    for n in range(count):
        with write_transaction(db):
            db.conn.execute("INSERT INTO rows VALUES (?, ?)", (os.getpid(), n))
    os._exit(0)


def test_two_processes_writing_take_turns_and_every_write_is_kept(database):
    writers = [FORK.Process(target=_write_rows, args=(database, 150)) for _ in range(2)]
    for w in writers:
        w.start()
    for w in writers:
        w.join(60)
        assert w.exitcode == 0
    db = connect(database)
    per_pid = db.conn.execute("SELECT pid, COUNT(*), COUNT(DISTINCT n) FROM rows GROUP BY pid").fetchall()
    assert sorted(c for _, c, _ in per_pid) == [150, 150] and all(d == 150 for _, _, d in per_pid)
    assert os.path.exists(lock_path(database))


def _hold_then_die(path: str, holding) -> None:
    db = connect(path)
    with write_transaction(db):
        db.conn.execute("INSERT INTO rows VALUES (?, ?)", (os.getpid(), -1))
        holding.set()
        time.sleep(60)  # killed here, inside the transaction, holding both locks


def test_a_process_killed_while_holding_the_lock_blocks_nobody_and_its_write_is_lost(database):
    holding = FORK.Event()
    child = FORK.Process(target=_hold_then_die, args=(database, holding))
    child.start()
    assert holding.wait(20)
    probe = WriteLock(database, 0.2)
    with pytest.raises(DatabaseFault) as busy:  # held: a writer waits at most its timeout
        probe.acquire()
    assert busy.value.code == "database_busy"
    child.kill()
    child.join(10)
    db = connect(database)
    started = time.monotonic()
    with write_transaction(db):
        db.conn.execute("INSERT INTO rows VALUES (0, 1)")
    assert time.monotonic() - started < 2  # the kernel released the dead holder's lock
    assert db.conn.execute("SELECT pid, n FROM rows").fetchall() == [(0, 1)]  # the uncommitted write is gone


def test_a_write_that_waits_past_the_busy_timeout_is_database_busy_and_writes_nothing(database):
    db = connect(database, busy_timeout_ms=150)
    with HeldElsewhere(database):
        started = time.monotonic()
        with pytest.raises(DatabaseFault) as busy:
            with write_transaction(db):
                db.conn.execute("INSERT INTO rows VALUES (1, 1)")
        assert busy.value.code == "database_busy" and busy.value.retry_after
        assert 0.1 < time.monotonic() - started < 2
        assert not db.conn.in_transaction
    with write_transaction(db):  # released: the same write goes through
        db.conn.execute("INSERT INTO rows VALUES (1, 2)")
    assert db.conn.execute("SELECT n FROM rows").fetchall() == [(2,)]


def test_threads_of_one_process_take_turns_and_a_nested_write_does_not_wait_for_itself(database):
    errors = []

    def write(count: int) -> None:
        db = connect(database)
        try:
            for n in range(count):
                with write_transaction(db):
                    db.conn.execute("INSERT INTO rows VALUES (?, ?)", (threading.get_ident(), n))
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(100,)) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    outer, inner = connect(database), connect(database, busy_timeout_ms=100)
    with write_transaction(outer):
        assert inner.tablekeeper_writelock.acquire() is False  # this thread holds it: no wait, nothing to release
    assert outer.conn.execute("SELECT COUNT(*) FROM rows").fetchone()[0] == 300


def test_the_lock_can_be_turned_off(database, monkeypatch):
    monkeypatch.setenv("TABLEKEEPER_WRITE_LOCK", "0")
    assert getattr(connect(database), "tablekeeper_writelock", None) is None


def test_a_move_while_another_writer_holds_the_lock_is_503_and_changes_nothing(make_app, db_path, sqlite_only):
    app = make_app(BUSY_TIMEOUT_MS=200)
    client = app.test_client()
    game = create(client)
    with HeldElsewhere(db_path):
        resp = take(client, game, 1)
        assert resp.status_code == 503 and resp.get_json()["code"] == "database_busy"
        assert resp.headers["Retry-After"]
    view = client.get(game.url, headers=bearer(game.token)).get_json()
    assert view["version"] == 1 and view["live_actions"] == 0
    assert take(client, game, 1).status_code == 200  # the lock is free: the same move goes through
