"""The WAL is copied into the database file by a worker's background thread, not by a move's commit."""
from __future__ import annotations

import os
import subprocess
import time

import pytest

from api.storage import checkpoints
from api.storage.db import BACKSTOP_PAGES, connect, write_transaction


@pytest.fixture
def wal_db(db_path, sqlite_only):
    """A WAL database with one table, as the server runs it."""
    db = connect(db_path)
    db.conn.execute("PRAGMA journal_mode = wal")
    db.conn.execute("CREATE TABLE blobs (id INTEGER PRIMARY KEY, data BLOB)")
    yield db
    db.conn.close()


def _write_pages(db, count: int) -> None:
    for _ in range(count):
        with write_transaction(db):
            db.conn.execute("INSERT INTO blobs (data) VALUES (?)", (os.urandom(3000),))


def test_commits_below_the_backstop_leave_the_checkpoint_to_the_worker_thread(wal_db, db_path):
    assert wal_db.conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == BACKSTOP_PAGES
    before = os.path.getsize(db_path)
    _write_pages(wal_db, 1200)  # ~1,200 pages: past SQLite's default autocheckpoint of 1,000
    assert os.path.getsize(db_path) == before  # no commit copied the WAL back into the file
    stop = checkpoints.start(db_path, interval_s=0.05)
    try:
        deadline = time.monotonic() + 20
        while os.path.getsize(db_path) <= before + 1000 * 3000 and time.monotonic() < deadline:  # all pages in
            time.sleep(0.05)
    finally:
        stop.set()
    assert os.path.getsize(db_path) > before + 1000 * 3000  # the thread copied the pages in
    assert wal_db.conn.execute("SELECT COUNT(*) FROM blobs").fetchone()[0] == 1200


def _chattr(flag: str, path: str) -> bool:
    try:
        return subprocess.run(["chattr", flag, path], capture_output=True, check=False).returncode == 0
    except FileNotFoundError:
        return False


def test_a_checkpoint_never_creates_a_database_and_skips_an_unwritable_one(tmp_path, wal_db, db_path):
    missing = str(tmp_path / "nowhere.db")
    assert checkpoints.checkpoint(missing) is None and not os.path.exists(missing)
    assert checkpoints.start(":memory:") is None
    _write_pages(wal_db, 3)
    if not _chattr("+i", db_path + "-shm"):
        pytest.skip("no CAP_LINUX_IMMUTABLE: the WAL index cannot be made unwritable")
    try:  # touching the mapped WAL index now would kill this process with SIGBUS
        assert checkpoints.checkpoint(db_path) is None
    finally:
        _chattr("-i", db_path + "-shm")
    assert checkpoints.checkpoint(db_path) is not None
