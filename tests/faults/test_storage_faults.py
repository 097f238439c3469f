"""Fault injection against the real gunicorn (issue 16, "Storage faults"): the database file deleted,
made immutable, the disk full (RLIMIT_FSIZE), a page corrupted, a corrupt file at start.

Each test asserts 503 problem+json with Retry-After for moves and health, no acknowledged move
lost, no new empty database created, and recovery once the fault is removed.  The read-only and the
full-disk tests share one server (starting gunicorn costs ~3 s of CPU), each on its own game: each removes
its fault and asserts that the server recovered before it ends; the others break the file for good and keep
a server of their own.
"""
from __future__ import annotations

import os
import resource
import shutil
import sqlite3
import subprocess
import time

import pytest

from tests.faults.conftest import Gunicorn, assert_storage_fault, stored_moves

MOVES = 5


def _play(server, game, n: int = MOVES) -> None:
    for _ in range(n):
        assert server.move(game).status_code == 200


def _assert_refused_while_faulty(server, game) -> None:
    before = list(game["acked"])
    for _ in range(4):  # enough requests to reach both workers
        assert_storage_fault(server.move(game))
        assert_storage_fault(server.health())
    assert game["acked"] == before


def _assert_recovered_and_nothing_lost(server, game, stop: bool = True) -> None:
    """Healthy again, both workers write, and the file holds every acknowledged move (read after the
    server stopped, or beside it, as SQLite's WAL lets a reader, when `stop` is False: a shared server)."""
    deadline = time.monotonic() + 10
    while server.health().status_code != 200 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert server.health().status_code == 200, server.health().text
    _play(server, game, 4)  # both workers write again
    if stop:
        server.stop()
    assert stored_moves(server.db, game["game_id"]) == game["acked"]


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """One real gunicorn for the tests whose fault is removed again (see the module docstring)."""
    started = Gunicorn(tmp_path_factory.mktemp("recovering") / "faults.db").start()
    yield started
    started.stop()


def test_deleted_database_is_503_never_a_new_empty_one(gunicorn):
    server = gunicorn()
    game = server.create_game()
    _play(server, game)
    keep = server.db.with_name("kept-inode.db")
    os.link(server.db, keep)  # the same inode under another name, to put back later
    os.unlink(server.db)
    _assert_refused_while_faulty(server, game)
    assert server.move(game).json()["code"] == "database_missing"
    os.kill(server.workers()[0], 9)  # a respawned worker must not create and migrate a new database
    time.sleep(1.5)
    _assert_refused_while_faulty(server, game)
    assert not server.db.exists()
    assert "has disappeared" in server.log() or "does not exist" in server.log()
    os.link(keep, server.db)
    _assert_recovered_and_nothing_lost(server, game)


def test_a_new_file_at_the_path_is_not_used_until_restart(gunicorn):
    server = gunicorn()
    game = server.create_game()
    _play(server, game)
    old = server.db.with_name("old.db")
    os.rename(server.db, old)
    shutil.copyfile(old, server.db)  # same content, another inode: not the file the server started with
    resp = server.move(game)
    assert assert_storage_fault(resp) == "database_replaced"
    assert_storage_fault(server.health())


def _chattr(flag: str, *paths) -> bool:
    try:
        return subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True).returncode == 0
    except FileNotFoundError:
        return False


def test_read_only_database_is_503_and_recovers(shared):
    server = shared
    game = server.create_game()
    _play(server, game)
    files = [p for p in (server.db, server.db.with_name(server.db.name + "-wal")) if p.exists()]
    if _chattr("+i", *files):  # immutable: even the open file descriptors can no longer write
        undo = lambda: _chattr("-i", *files)  # noqa: E731
    elif os.geteuid() != 0:  # no CAP_LINUX_IMMUTABLE (a CI runner): a read-only file, opened afresh
        modes = {p: p.stat().st_mode for p in files}
        for p in files:
            p.chmod(0o444)
        server.replace_workers()
        undo = lambda: [p.chmod(m) for p, m in modes.items()]  # noqa: E731
    else:
        pytest.skip("root without CAP_LINUX_IMMUTABLE: the file cannot be made read-only")
    try:
        _assert_refused_while_faulty(server, game)
    finally:
        undo()
    _assert_recovered_and_nothing_lost(server, game, stop=False)


def _limit_file_size(pids, limit: int) -> None:
    for pid in pids:
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))


def test_full_disk_is_503_and_recovers(shared):
    server = shared
    game = server.create_game()
    _play(server, game)
    pids = [server.proc.pid, *server.workers()]
    _limit_file_size(pids, 0)  # no file may grow: every WAL append fails as on a full disk
    try:
        _assert_refused_while_faulty(server, game)
        assert server.proc.poll() is None and set(server.workers()) == set(pids[1:])  # nobody died
    finally:
        _limit_file_size([server.proc.pid, *server.workers()], resource.RLIM_INFINITY)
    _assert_recovered_and_nothing_lost(server, game, stop=False)


def _corrupt_all_but_the_header(path) -> bytes:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    good = path.read_bytes()
    with open(path, "r+b") as fh:  # in place: the same inode, as a failing disk would leave it
        fh.seek(page)
        fh.write(os.urandom(len(good) - page))
    return good


def test_corrupt_database_is_503_and_the_master_stays_up(gunicorn):
    server = gunicorn()
    game = server.create_game()
    _play(server, game)
    good = _corrupt_all_but_the_header(server.db)
    server.replace_workers()  # fresh workers boot on the corrupt file: they must not crash-loop the master
    _assert_refused_while_faulty(server, game)
    assert server.proc.poll() is None and len(server.workers()) == 2
    assert "cannot be used" in server.log() or "corrupt" in server.log()
    with open(server.db, "r+b") as fh:  # the operator restores the file
        fh.write(good)
    _assert_recovered_and_nothing_lost(server, game)


def test_corrupt_file_at_start_keeps_the_server_up_answering_503(gunicorn, tmp_path):
    (tmp_path / "garbage.db").write_bytes(os.urandom(8192))
    server = gunicorn("garbage.db", expect_healthy=False)
    time.sleep(1)
    assert server.proc.poll() is None, server.log()[-2000:]
    assert assert_storage_fault(server.health()) == "database_corrupt"
    assert "cannot be used" in server.log()
