"""The real gunicorn, one gthread worker whose requests take turns (api.web.turns): neither a runaway
request nor a phone sending its body slowly holds back the other tables that worker serves."""
from __future__ import annotations

import json
import re
import socket
import threading
import time
import uuid

import requests

PLAYERS = [{"name": "a", "color": "r"}, {"name": "b", "color": "b"}]


def test_a_runaway_request_does_not_hold_back_the_other_tables_of_its_worker(gunicorn):
    server = gunicorn(WEB_CONCURRENCY="1")
    stall = requests.post(server.url + "/api/games", json={"game": "stall", "seed": 1, "options": {
        "players": PLAYERS}}, timeout=10).json()
    table = server.create_game()
    answered: list[tuple[str, int]] = []
    started = threading.Event()

    def runaway() -> None:
        started.set()
        resp = requests.post(f"{server.url}/api/games/{stall['game_id']}/actions", timeout=40,
                             json={"action": {"kind": "stall", "seconds": 60}},
                             headers={"Authorization": f"Bearer {stall['table_token']}", "If-Match": '"1"',
                                      "Idempotency-Key": str(uuid.uuid4())})
        answered.append(("runaway", resp.status_code))

    thread = threading.Thread(target=runaway)
    thread.start()
    started.wait(5)
    time.sleep(0.5)  # the runaway is computing, turn in hand
    moves = [server.move(table).status_code for _ in range(3)]
    answered.append(("moves", moves))
    thread.join(30)
    # The moves were answered while the runaway still ran (it is cut by its 2 s budget only after).
    assert answered == [("moves", [200, 200, 200]), ("runaway", 503)], answered
    assert server.move(table).status_code == 200
    server.stop()  # the worker says at exit how often requests went ahead of a runaway
    assert re.search(r"worker \d+: [1-9]\d* requests went ahead of one that kept its turn past 50 ms", server.log())


def test_a_body_sent_slowly_does_not_hold_back_the_other_tables_of_its_worker(gunicorn):
    server = gunicorn(WEB_CONCURRENCY="1")
    slow_table, table = server.create_game(), server.create_game()
    body = json.dumps({"action": {"kind": "take", "amount": 1}}).encode()
    head = (f"POST /api/games/{slow_table['game_id']}/actions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Bearer {slow_table['table_token']}\r\nIf-Match: \"{slow_table['version']}\"\r\n"
            f"Idempotency-Key: {uuid.uuid4()}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as slow:
        slow.sendall(head + body[:5])  # the phone's signal drops mid-body
        time.sleep(0.3)
        assert [server.move(table).status_code for _ in range(3)] == [200, 200, 200]
        slow.sendall(body[5:])  # the rest arrives: that move is served too
        answer = b""
        while chunk := slow.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200"), answer[:300]
    assert json.loads(requests.get(f"{server.url}/api/games/{slow_table['game_id']}", timeout=10, headers={
        "Authorization": f"Bearer {slow_table['table_token']}"}).text)["version"] == slow_table["version"] + 1
