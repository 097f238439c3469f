"""The real gunicorn, two game-affine workers (api.web.workers): each game's moves are served by one
worker while several tables play at once, and a worker killed mid-game loses nothing acknowledged."""
from __future__ import annotations

import os
import re
import signal
import threading
import time

import uuid

import pytest
import requests

from tests.faults.conftest import stored_moves

ACCESS = "--access-logfile - --access-logformat 'served-by %(p)s %(m)s %(U)s %(s)s'"
# With more than one thread gunicorn would run any sync worker class as gthread.
CLASSES = {"gthread": "", "sync": " -k api.web.workers.AffineSyncWorker --threads 1"}


def _routing(server):
    """`server` once both workers take their games' connections (they start serving before that)."""
    deadline = time.monotonic() + 30
    while len(re.findall(r"takes the connections of slot", server.log())) < 2:
        assert time.monotonic() < deadline, server.log()[-3000:]
        time.sleep(0.05)
    return server


def _play(server, games, moves_each):
    def table(game):
        for _ in range(moves_each):
            assert server.move(game).status_code == 200

    threads = [threading.Thread(target=table, args=(g,)) for g in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)


def _servers_of(log: str, game_id: str) -> set[str]:
    return set(re.findall(rf"served-by <(\d+)> POST /api/games/{re.escape(game_id)}/actions 200", log))


LOST: list[str] = []  # the moves whose connection was lost (and which were sent again)


def _move_as_a_phone_does(server, game) -> int:
    """One move; a connection lost before the answer is sent again with the same Idempotency-Key."""
    headers = {"Authorization": f"Bearer {game['table_token']}", "If-Match": f'"{game["version"]}"',
               "Idempotency-Key": str(uuid.uuid4())}
    for _ in range(5):
        try:
            resp = requests.post(f"{server.url}/api/games/{game['game_id']}/actions", headers=headers, timeout=10,
                                 json={"action": {"kind": "take", "amount": 1}})
        except requests.ConnectionError:  # the worker holding the connection was killed
            LOST.append(game["game_id"])
            time.sleep(0.2)
            continue
        if resp.status_code == 200:
            game["version"] = resp.json()["version"]
            game["acked"].append(1)
        return resp.status_code
    return 0


def _phones(server, games, moves_each, pause, started=None) -> tuple[list, list[int]]:
    """Each game played by its own phone (a started thread) as `_move_as_a_phone_does`: the threads, and
    the list they put every status other than 200 in."""
    failures = []

    def table(game):
        if started is not None:
            started.set()
        for _ in range(moves_each):
            status = _move_as_a_phone_does(server, game)
            if status != 200:
                failures.append(status)
            time.sleep(pause)

    threads = [threading.Thread(target=table, args=(g,)) for g in games]
    for t in threads:
        t.start()
    return threads, failures


@pytest.mark.parametrize("kind", sorted(CLASSES))
def test_each_games_moves_are_served_by_one_worker_while_tables_play_at_once(gunicorn, kind):
    # No owner ever too busy to wait for (a busy owner otherwise gives games to the idle worker:
    # tests/web/test_affinity.py).
    server = _routing(gunicorn(GUNICORN_CMD_ARGS=ACCESS + CLASSES[kind], TABLEKEEPER_AFFINITY_QUEUE="1000",
                               TABLEKEEPER_AFFINITY_BUSIER_BY="1000"))
    games = [server.create_game() for _ in range(6)]
    _play(server, games, 15)
    server.stop()  # the workers report their routing as they exit
    log = server.log()
    for game in games:
        assert stored_moves(server.db, game["game_id"]) == game["acked"] == [1] * 15
        # The first move may be served by whichever worker accepted it; from then on, its owner.
        assert len(_servers_of(log, game["game_id"])) == 1, (game["game_id"], log[-3000:])
    passed = sum(int(n) for n in re.findall(r"passed (\d+) connections to their games' workers", log))
    assert passed > 0, log[-3000:]  # both workers accepted, so connections were routed, not just lucky


@pytest.mark.parametrize("kind", sorted(CLASSES))
def test_a_worker_killed_mid_game_loses_no_acknowledged_move_and_the_game_goes_on(gunicorn, kind):
    server = gunicorn(GUNICORN_CMD_ARGS=CLASSES[kind].strip())
    games = [server.create_game() for _ in range(4)]
    _play(server, games, 5)
    os.kill(server.workers()[0], signal.SIGKILL)  # its slot, socket and queued connections die with it
    threads, failures = _phones(server, games, 8, 0.01)
    for t in threads:
        t.join(60)
    # The other worker served what the dead one owned, and its replacement takes its slot; a move
    # whose connection died with it was sent again and applied once (its Idempotency-Key).
    assert not failures
    server.stop()
    for game in games:
        assert stored_moves(server.db, game["game_id"]) == game["acked"] == [1] * 13


@pytest.mark.parametrize("kind", sorted(CLASSES))
def test_workers_replaced_while_tables_play_serve_every_move_once(gunicorn, kind):
    server = gunicorn(GUNICORN_CMD_ARGS=CLASSES[kind].strip())
    games = [server.create_game() for _ in range(4)]
    _play(server, games, 3)
    playing = threading.Event()
    threads, failures = _phones(server, games, 30, 0.02, playing)
    playing.wait(5)
    LOST.clear()
    server.replace_workers()  # SIGHUP: new workers claim the slots as the old ones stop taking
    for t in threads:
        t.join(60)
    assert not failures
    assert not LOST  # a stopping worker serves what was passed to it before it goes: nothing is dropped
    server.stop()
    for game in games:
        assert stored_moves(server.db, game["game_id"]) == game["acked"] == [1] * 33


def test_one_kept_alive_connection_carrying_many_tables_is_routed_request_by_request(gunicorn):
    # As behind a proxy: one connection, many games' moves. Each must still reach its game's owner.
    server = _routing(gunicorn(GUNICORN_CMD_ARGS=ACCESS, TABLEKEEPER_AFFINITY_QUEUE="1000",
                               TABLEKEEPER_AFFINITY_BUSIER_BY="1000"))
    games = []
    for _ in range(4):  # tables on their own connections first, until both workers own some games
        batch = [server.create_game() for _ in range(4)]
        _play(server, batch, 2)
        games += batch
        if len({pid for g in games for pid in _servers_of(server.log(), g["game_id"])}) == 2:
            break
    before = len(server.log())
    with requests.Session() as proxy:
        for _ in range(3):
            for game in games:
                resp = proxy.post(f"{server.url}/api/games/{game['game_id']}/actions", timeout=10,
                                  json={"action": {"kind": "take", "amount": 1}},
                                  headers={"Authorization": f"Bearer {game['table_token']}",
                                           "If-Match": f'"{game["version"]}"', "Idempotency-Key": str(uuid.uuid4())})
                assert resp.status_code == 200, resp.text
                game["version"] = resp.json()["version"]
                game["acked"].append(1)
    server.stop()
    log = server.log()
    assert len({pid for g in games for pid in _servers_of(log[before:], g["game_id"])}) == 2  # one connection
    for game in games:
        assert len(_servers_of(log, game["game_id"])) == 1, game["game_id"]
        assert stored_moves(server.db, game["game_id"]) == game["acked"] == [1] * 5
