"""Two app servers (real gunicorn, gthread) on one PostgreSQL database.

What a stateless web tier behind a load balancer must guarantee: racing moves
sent to different servers give one winner per version (the other 412); the
same Idempotency-Key sent to both is applied once; the join-code throttle is
one count for all servers; an event stream on one server hears a move
accepted by the other; kill -9 of one server loses no acknowledged move.
"""
from __future__ import annotations

import json
import threading
import time
import uuid
from pathlib import Path

import pytest
import requests

from tests.live_server import LiveServer, start_server

PLAYERS = [{"name": "a", "color": "r"}, {"name": "b", "color": "b"}]
EDITION = {"schema_version": "1.0", "edition": {"id": "two-servers"}, "max_take": 3, "pile": 1_000_000,
           "provenance": {"/max_take": "rulebook", "/pile": "placeholder"}}
JOIN_ATTEMPTS = 4
# How long a test waits for a move's event on the open stream of the other server: NOTIFY takes
# milliseconds, the wait is generous for a busy machine; what is tested is that it comes at all.
WAIT = 10


def server_on(url: str, log: Path) -> LiveServer:
    """One gunicorn server (its own process group) on the shared database, started; `.url` is its base."""
    return start_server(env={"TABLEKEEPER_CREATES_PER_MINUTE": "0", "TABLEKEEPER_DATABASE": url, "TABLEKEEPER_TEST_ENGINES": "tests.toy_engine:ENGINE",
                             "WEB_CONCURRENCY": "1", "TABLEKEEPER_THREADS": "8",
                             "TABLEKEEPER_JOIN_ATTEMPTS": str(JOIN_ATTEMPTS), "TABLEKEEPER_DB_POOL": "4"}, log=log)


@pytest.fixture(scope="module")
def servers(pg_cluster, tmp_path_factory):
    url, schema = pg_cluster.fresh_url()
    logs = tmp_path_factory.mktemp("two-servers")
    a = server_on(url, logs / "a.log")  # migrates in its master (on_starting)
    b = server_on(url, logs / "b.log")
    yield a, b
    a.kill()
    b.kill()
    pg_cluster.drop(schema)


def new_game(server: LiveServer) -> dict:
    r = requests.post(f"{server.url}/api/games", json={"game": "toy", "edition": EDITION, "seed": 1,
                                                        "options": {"players": PLAYERS}}, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()


def move(server: LiveServer, game: dict, version, key: str | None = None, amount: int = 1) -> requests.Response:
    return requests.post(
        f"{server.url}/api/games/{game['game_id']}/actions", json={"action": {"kind": "take", "amount": amount}},
        headers={"Authorization": f"Bearer {game['table_token']}", "If-Match": f'"{version}"',
                 "Idempotency-Key": key or str(uuid.uuid4())}, timeout=10)


def read(server: LiveServer, game: dict, path: str = "") -> dict:
    r = requests.get(f"{server.url}/api/games/{game['game_id']}{path}",
                     headers={"Authorization": f"Bearer {game['table_token']}"}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def race(calls) -> list[requests.Response]:
    """Run the zero-argument `calls` at the same moment; their responses in order."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i, call):
        barrier.wait()
        results[i] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return results


def test_racing_moves_on_two_servers_one_winner_per_version(servers):
    a, b = servers
    game = new_game(a)
    version = 1
    for _ in range(10):
        first, second = race([lambda: move(a, game, version, amount=1), lambda: move(b, game, version, amount=2)])
        codes = sorted([first.status_code, second.status_code])
        assert codes == [200, 412], (first.text, second.text)
        loser = first if first.status_code == 412 else second
        assert loser.json()["current_version"] == version + 1
        version += 1
    view = read(b, game)
    assert view["version"] == 11 and view["live_actions"] == 10
    assert [e["seq"] for e in read(a, game, "/log")["entries"]] == list(range(1, 11))


def test_one_idempotency_key_sent_to_both_servers_is_applied_once(servers):
    a, b = servers
    game = new_game(a)
    for round_ in range(5):
        key = str(uuid.uuid4())
        version = 1 + round_
        first, second = race([lambda: move(a, game, version, key), lambda: move(b, game, version, key)])
        assert first.status_code == second.status_code == 200, (first.text, second.text)
        replayed = sorted(r.headers.get("Idempotent-Replayed", "false") for r in (first, second))
        assert replayed == ["false", "true"]
        assert first.json() == second.json()  # the replay is the stored answer, byte for byte the same JSON
    assert read(a, game)["live_actions"] == 5


def test_an_event_stream_on_one_server_hears_a_move_on_the_other(servers):
    a, b = servers
    game = new_game(a)
    events: list[dict] = []
    ready = threading.Event()

    def listen():
        with requests.get(f"{a.url}/api/games/{game['game_id']}/events", stream=True, timeout=10,
                          headers={"Authorization": f"Bearer {game['spectator_token']}"}) as resp:
            assert resp.headers["Content-Type"].startswith("text/event-stream")
            for line in resp.iter_lines(decode_unicode=True):
                if line.startswith("data:"):
                    events.append(json.loads(line[5:]))
                    ready.set()
                    if len(events) == 2:
                        return

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    assert ready.wait(10) and events[0]["version"] == 1
    assert move(b, game, 1).status_code == 200
    thread.join(timeout=WAIT)
    assert len(events) == 2, events  # on the stream that was open when the other server took the move
    assert events[1]["version"] == 2 and [e["seq"] for e in events[1]["entries"]] == [1]


def test_the_join_code_throttle_holds_across_servers(servers):
    a, b = servers
    game = new_game(a)
    wrong = "ZZZZZZ" if game["join_code"] != "ZZZZZZ" else "YYYYYY"
    codes = []
    for i in range(JOIN_ATTEMPTS):  # the failures alternate between the servers
        server = (a, b)[i % 2]
        codes.append(requests.post(f"{server.url}/api/join", json={"join_code": wrong}, timeout=10).status_code)
    assert codes == [404] * JOIN_ATTEMPTS
    for server in (a, b):  # both servers now refuse another guess, but never the right code
        r = requests.post(f"{server.url}/api/join", json={"join_code": wrong}, timeout=10)
        assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
        assert requests.post(f"{server.url}/api/join", json={"join_code": game["join_code"]},
                             timeout=10).status_code == 200


def test_kill_9_of_one_server_loses_no_acknowledged_move(servers):
    a, b = servers
    games = [new_game(a) for _ in range(2)]
    acked: dict[str, list[tuple[int, dict]]] = {g["game_id"]: [] for g in games}
    in_flight: list[tuple[dict, dict, str]] = []
    lock = threading.Lock()
    stop = threading.Event()

    def player(server: LiveServer, game: dict, amount: int) -> None:
        session = requests.Session()
        version = 1
        for _ in range(2000):
            if stop.is_set():
                return
            key, body = str(uuid.uuid4()), {"action": {"kind": "take", "amount": amount}}
            try:
                r = session.post(f"{server.url}/api/games/{game['game_id']}/actions", json=body, timeout=5,
                                 headers={"Authorization": f"Bearer {game['table_token']}",
                                          "If-Match": f'"{version}"', "Idempotency-Key": key})
            except requests.RequestException:
                with lock:
                    in_flight.append((game, body, key))
                return
            if r.status_code == 200:
                version = r.json()["version"]
                with lock:
                    acked[game["game_id"]].append((r.json()["applied"][0]["seq"], body["action"]))
            elif r.status_code == 412:
                version = r.json()["current_version"]
            else:
                raise AssertionError(f"unexpected {r.status_code}: {r.text}")

    threads = [threading.Thread(target=player, args=(s, g, amt), daemon=True)
               for g in games for s, amt in ((a, 1), (b, 2))]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and sum(len(v) for v in acked.values()) < 60:
        time.sleep(0.02)
    a.kill()
    time.sleep(0.5)  # server b keeps playing alone for a moment
    stop.set()
    for t in threads:
        t.join(timeout=10)
    assert sum(len(v) for v in acked.values()) >= 20
    for game in games:  # every acknowledged move, from either server, is in the log
        entries = {e["seq"]: e for e in read(b, game, "/log?limit=1000")["entries"]}
        for seq, action in acked[game["game_id"]]:
            assert seq in entries and entries[seq]["action"] == action and not entries[seq]["reverted"]
        view = read(b, game)
        taken = sum(e["action"]["amount"] for e in entries.values() if not e["reverted"])
        assert view["view"]["pile"] == EDITION["pile"] - taken and view["live_actions"] == len(entries)
    for game, body, key in in_flight:  # a move cut off by the kill, retried on the other server: at most once
        before = read(b, game)["live_actions"]
        r = requests.post(f"{b.url}/api/games/{game['game_id']}/actions", json=body, timeout=10,
                          headers={"Authorization": f"Bearer {game['table_token']}", "If-Match": "*",
                                   "Idempotency-Key": key})
        assert r.status_code == 200
        assert read(b, game)["live_actions"] == before + (0 if r.headers.get("Idempotent-Replayed") else 1)
    a.start()  # the killed server comes back on the same database and serves the same games
    assert read(a, games[0])["version"] == read(b, games[0])["version"]
