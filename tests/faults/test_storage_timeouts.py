"""Storage faults answered in time, with the right code, on the real gunicorn (issue 29): an outside writer
holding SQLite's lock, a WAL index that cannot be written (it used to kill both workers with SIGBUS), and a
disk with 64 KB left (health said 200 while the writes failed).

The lock and the WAL index tests share one server (starting gunicorn costs ~3 s of CPU), each on its own
game; each undoes its fault and asserts that the server recovered before it ends."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import time
import uuid
from pathlib import Path

import pytest
import requests

from tests.faults.conftest import Gunicorn, assert_storage_fault, stored_moves

# The request budget (api.deadline, removed by issue 29) would cut a 2 s lock wait at its own 2 s: off here.


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The real gunicorn on a database of this file's own."""
    started = Gunicorn(tmp_path_factory.mktemp("timeouts") / "faults.db").start()
    yield started
    started.stop()


def test_an_outside_writer_holding_the_lock_is_503_database_busy_within_3_s(server):
    game = server.create_game()
    assert server.move(game).status_code == 200
    outside = sqlite3.connect(server.db, isolation_level=None)  # the sqlite3 shell, a backup script, ...
    outside.execute("BEGIN IMMEDIATE")
    try:
        for _ in range(3):  # both workers
            started = time.monotonic()
            resp = server.move(game)
            assert time.monotonic() - started < 3
            assert assert_storage_fault(resp) == "database_busy"
    finally:
        outside.execute("ROLLBACK")
        outside.close()
    assert server.move(game).status_code == 200
    assert stored_moves(server.db, game["game_id"]) == game["acked"]


def _chattr(flag: str, *paths) -> bool:
    try:
        return subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True).returncode == 0
    except FileNotFoundError:
        return False


def test_an_immutable_wal_index_is_503_read_only_and_no_worker_dies(server):
    game = server.create_game()
    for _ in range(3):
        assert server.move(game).status_code == 200
    workers = set(server.workers())
    files = [p for p in server.db.parent.iterdir() if p.name.startswith(server.db.name + "-") or p == server.db]
    assert any(p.name.endswith("-shm") for p in files)
    # Each worker's checkpoint thread (api.storage.checkpoints) writes the mapped WAL index while it copies
    # frames back: an index made unwritable during such a copy kills that worker (SIGBUS; SQLite cannot be
    # told, gunicorn starts another). A request checks the index before it touches SQLite, which is what this
    # test is about, so the moves' frames are copied back first (TRUNCATE waits for a running copy): the
    # threads then find nothing to copy, and touch nothing.
    outside = sqlite3.connect(server.db, isolation_level=None, timeout=10)
    try:
        assert outside.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0  # 0: not busy, done
    finally:
        outside.close()
    if not _chattr("+i", *files):
        pytest.skip("no CAP_LINUX_IMMUTABLE: the files cannot be made immutable")
    try:
        for _ in range(4):  # reads and writes on both workers: each touched the mapped WAL index
            assert assert_storage_fault(server.move(game)) == "database_read_only"
            assert assert_storage_fault(server.health()) == "database_read_only"
            view = requests.get(f"{server.url}/api/games/{game['game_id']}", timeout=10,
                                headers={"Authorization": f"Bearer {game['table_token']}"})
            assert_storage_fault(view)
        assert set(server.workers()) == workers, server.log()[-3000:]  # nobody died (else: gunicorn says why)
    finally:
        _chattr("-i", *files)
    deadline = time.monotonic() + 10
    while server.health().status_code != 200 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert server.move(game).status_code == 200
    assert stored_moves(server.db, game["game_id"]) == game["acked"]


@pytest.fixture
def small_disk():
    """A 3 MB tmpfs of our own (root only), unmounted after the test."""
    mount = Path(f"/tmp/tk-small-disk-{uuid.uuid4().hex[:8]}")
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(mount)],
                      capture_output=True).returncode != 0:
        mount.rmdir()
        pytest.skip("cannot mount a small tmpfs here (not root)")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], capture_output=True)
    mount.rmdir()


def test_with_64_kb_left_health_is_503_while_writes_fail_and_both_recover(small_disk):
    server = Gunicorn(small_disk / "faults.db", TABLEKEEPER_MIN_FREE_MB="1")
    try:
        server.start()
        game = server.create_game()
        for _ in range(3):
            assert server.move(game).status_code == 200
        fs = os.statvfs(small_disk)
        filler = small_disk / "filler"
        filler.write_bytes(b"\0" * (fs.f_bavail * fs.f_frsize - 64 * 1024))  # 64 KB left
        codes = []
        for _ in range(90):
            resp = server.move(game)
            if resp.status_code != 200:
                codes.append(assert_storage_fault(resp))
            health = server.health()
            assert health.status_code == 503 and health.json()["code"] == "disk_full", health.text
        assert codes and set(codes) == {"disk_full"}  # every refused write says why, none is a 500
        assert server.proc.poll() is None and len(server.workers()) == 2
        filler.unlink()
        assert server.health().status_code == 200
        assert server.move(game).status_code == 200
        server.stop()
        assert stored_moves(server.db, game["game_id"]) == game["acked"]
    finally:
        server.stop()
