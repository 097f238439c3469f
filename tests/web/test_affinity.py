"""Game-affine routing between workers (api.web.affinity): slots, owners, and passing a live connection on."""
from __future__ import annotations

import shutil
import socket
import tempfile
import threading
import zlib

import pytest

from api.web import affinity


@pytest.fixture
def directory(monkeypatch):
    monkeypatch.setattr(affinity, "DIRECTORY", None)  # prepare() sets the master's; put it back after
    base = tempfile.mkdtemp(prefix="aff", dir="/tmp")  # short: a socket path has at most 108 bytes
    yield affinity.prepare(base)
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def routes(directory):
    made = [affinity.Route.join(2, directory), affinity.Route.join(2, directory)]
    yield made
    for route in made:
        try:
            route.close()
        except OSError:
            pass


@pytest.fixture
def connection():
    """A connected TCP pair: (the client's end, the server's end as a worker would have accepted it)."""
    listener = socket.create_server(("127.0.0.1", 0))
    client = socket.create_connection(listener.getsockname())
    served, _ = listener.accept()
    listener.close()
    yield client, served
    client.close()
    served.close()


def arrives(route, connection, request: bytes):
    """`request` sent on the client's end of `connection`; the accepted end, once `route` sees it readable."""
    client, served = connection
    client.sendall(request)
    assert route.wait_readable(served, 2)
    return served


def test_the_game_id_is_read_from_the_request_line_only_when_the_path_names_a_game():
    assert affinity.game_in(b"POST /api/games/Gx_7-a/actions HTTP/1.1\r\nHost: x\r\n") == "Gx_7-a"
    assert affinity.game_in(b"GET /api/games/abc HTTP/1.1\r\n") == "abc"
    assert affinity.game_in(b"GET /api/games/abc?full=1 HTTP/1.1\r\n") == "abc"
    assert affinity.game_in(b"POST /api/games HTTP/1.1\r\n") is None  # creating one: no game yet
    assert affinity.game_in(b"GET /api/health HTTP/1.1\r\n") is None
    assert affinity.game_in(b"POST /api/games/abc") is None  # the line has not all arrived: served where it is
    assert affinity.game_in(b"POST /static/api/games/abc/ HTTP/1.1") is None


def test_each_worker_claims_its_own_slot_and_a_third_finds_none(directory, routes):
    assert sorted(r.slot for r in routes) == [0, 1]
    assert affinity.Route.join(2, directory) is None
    assert affinity.Route.join(1, directory) is None  # one worker: nothing to route


def test_without_the_masters_directory_a_worker_is_gunicorns_own(monkeypatch):
    monkeypatch.setattr(affinity, "DIRECTORY", None)  # gunicorn run without api.web.gunicorn_conf
    assert affinity.Route.join(2) is None


def test_a_slot_given_up_is_claimed_again_by_the_next_worker(directory, routes):
    routes[0].close()
    again = affinity.Route.join(2, directory)
    try:
        assert again.slot == routes[0].slot
    finally:
        again.close()


def test_a_game_starts_with_the_worker_its_hash_names_whichever_accepts_it(routes, connection):
    first, second = routes
    games = [f"game-{n}" for n in range(40)]
    owners = [first.owner(g) for g in games]
    assert owners == [second.owner(g) for g in games] == [zlib.crc32(g.encode()) % 2 for g in games]
    assert 10 < owners.count(0) < 30  # spread over both
    mine = next(g for g in games if first.owner(g) == first.slot)
    served = arrives(first, connection, f"POST /api/games/{mine}/actions HTTP/1.1\r\n\r\n".encode())
    assert not first.pass_on(served) and first.passed == 0  # its own: served here


def test_a_request_line_still_on_its_way_is_waited_for_only_when_asked(routes, connection):
    first, second = routes
    second.claim("g1")
    client, served = connection
    assert not first.pass_on(served) and first.passed == 0  # nothing has arrived and no wait: served here
    late = threading.Timer(0.05, client.sendall, [b"POST /api/games/g1/actions HTTP/1.1\r\n\r\n"])
    late.start()
    assert first.pass_on(served, 0, wait=5)  # waited for, then passed to the owner
    late.join()
    served.close()
    [(handed, _peer, _index)] = second.take()
    handed.close()


def test_a_connection_for_anothers_game_is_passed_with_its_request_unread(routes, connection):
    first, second = routes
    second.claim("g1")
    client, served = connection
    request = b"POST /api/games/g1/actions HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}"
    client.sendall(request)
    assert first.wait_readable(served, 2)
    assert first.pass_on(served)
    served.close()  # the accepting worker lets its copy go; the connection lives on in the owner
    [(handed, _peer, listener_index)] = second.take()
    try:
        assert listener_index == 0
        assert handed.recv(len(request), socket.MSG_WAITALL) == request  # nothing was taken off it
        handed.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        assert client.recv(100).endswith(b"ok")
    finally:
        handed.close()
    assert (first.passed, second.taken_in, first.waiting_at(second.slot)) == (1, 1, 0)


def test_a_busy_owner_loses_the_game_to_the_worker_that_has_to_wait(routes):
    first, second = routes
    second.claim("g1")
    listener = socket.create_server(("127.0.0.1", 0))
    opened = []
    try:
        for _ in range(affinity.PASS_LIMIT + 1):
            client = socket.create_connection(listener.getsockname())
            served, _ = listener.accept()
            opened += [client, served]
            client.sendall(b"GET /api/games/g1 HTTP/1.1\r\n\r\n")
            assert first.wait_readable(served, 2)
            passed = first.pass_on(served)
        assert not passed  # PASS_LIMIT of them wait at the owner: the next is served where it was accepted
        assert first.owner("g1") == first.slot and first.kept == 1
        assert first.waiting_at(second.slot) == affinity.PASS_LIMIT
        taken = second.take()
        assert len(taken) == affinity.PASS_LIMIT and first.waiting_at(second.slot) == 0
        opened += [s for s, _, _ in taken]
    finally:
        listener.close()
        for s in opened:
            s.close()


def test_a_threaded_owner_much_busier_than_the_accepting_worker_loses_the_game(routes, connection):
    first, second = routes
    first.busier_by = second.busier_by = 3  # a threaded worker's margin (its thread count by default)
    second.claim("g1")
    for _ in range(3):
        second.serving(+1)
    served = arrives(first, connection, b"GET /api/games/g1 HTTP/1.1\r\n\r\n")
    assert not first.pass_on(served)
    assert first.owner("g1") == first.slot and first.kept == 1
    second.serving(-1)  # one fewer: it would have waited there
    second.claim("g1")
    assert first.pass_on(served)


def test_a_sync_workers_owner_is_judged_by_its_queue_alone(routes, connection):
    first, second = routes
    assert first.busier_by is None  # joined without a margin, as AffineSyncWorker joins
    second.claim("g1")
    for _ in range(50):
        second.serving(+1)
    served = arrives(first, connection, b"GET /api/games/g1 HTTP/1.1\r\n\r\n")
    assert first.pass_on(served)


def test_an_owner_that_stopped_taking_is_skipped(routes, connection):
    first, second = routes
    second.claim("g1")
    second.stop_taking()  # stopping, or restarting: its socket is gone
    served = arrives(first, connection, b"GET /api/games/g1/log HTTP/1.1\r\n\r\n")
    assert not first.pass_on(served)  # served where it was accepted ...
    assert first.owner("g1") == second.slot  # ... and still the owner's, for when its replacement is up


def test_what_a_dead_worker_was_passed_does_not_count_against_its_replacement(directory, routes, connection):
    first, second = routes
    second.claim("g1")
    served = arrives(first, connection, b"GET /api/games/g1 HTTP/1.1\r\n\r\n")
    assert first.pass_on(served) and first.waiting_at(second.slot) == 1
    second.close()  # it died with the connection queued
    replacement = affinity.Route.join(2, directory)
    try:
        assert replacement.slot == second.slot
        assert first.waiting_at(replacement.slot) == 0
    finally:
        replacement.close()


def test_a_request_that_names_no_game_is_served_where_it_was_accepted(routes, connection):
    first, second = routes
    served = arrives(first, connection, b"POST /api/games HTTP/1.1\r\n\r\n")
    assert not first.pass_on(served) and first.passed == 0


def test_a_worker_that_cannot_make_its_socket_routes_nothing_and_frees_its_slot(tmp_path, monkeypatch):
    monkeypatch.setattr(affinity, "DIRECTORY", None)
    deep = tmp_path / ("d" * 100)
    deep.mkdir()
    made = affinity.prepare(str(deep))  # slot-0.sock there is beyond AF_UNIX's path limit
    assert affinity.Route.join(2, made) is None  # no exception: the worker runs as gunicorn's own
    import fcntl
    import os

    fd = os.open(os.path.join(made, "slot-0.lock"), os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # the slot was let go
    finally:
        os.close(fd)


def test_a_directory_left_by_a_killed_master_is_removed_when_the_next_one_starts(tmp_path, monkeypatch):
    monkeypatch.setattr(affinity, "DIRECTORY", None)
    import subprocess
    import sys

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    orphan = tmp_path / f"tablekeeper-workers-{int(gone.stdout)}-abc"  # its master's pid no longer runs
    orphan.mkdir()
    alive = tmp_path / f"tablekeeper-workers-{__import__('os').getpid()}-def"  # this process: alive
    alive.mkdir()
    made = affinity.prepare(str(tmp_path))
    assert not orphan.exists() and alive.exists() and made.startswith(str(tmp_path))
