"""The stream service (`api.streams`) on both backends: uvicorn serving it in a thread of the test, moves
made through the Flask app on the same database (as another server would)."""
from __future__ import annotations

import http.client
import json
import queue
import socket
import threading
import time

import pytest
import uvicorn

from api.streams import create_app as create_streams
from tests.conftest import TEST_ENGINES
from tests.helpers import create, take

SOON = 5.0  # generous: SQLite's shared check runs four times a second, NOTIFY takes milliseconds


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def streams(db_path):
    """The stream service on a free port, on the test's database; yields (port, the Starlette app)."""
    app = create_streams({"DATABASE": db_path, "TEST_ENGINES": TEST_ENGINES, "STREAM_HEARTBEAT": 0.5,
                          "STREAM_LIFETIME": 30, "STREAMS_PER_GAME": 2, "DB_POOL": 4})
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield port, app
    server.should_exit = True
    thread.join(timeout=10)


class Stream:
    """One open event stream, read on a thread (http.client, so `close` hangs up for real)."""

    def __init__(self, port: int, game_id: str, token: str | None, **headers):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.conn.request("GET", f"/api/games/{game_id}/events", headers=headers)
        self.response = self.conn.getresponse()
        self.blocks: queue.Queue = queue.Queue()
        if self.response.status == 200:
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        block: dict = {}
        try:
            while line := self.response.readline():
                line = line.decode().rstrip("\n")
                if line == "":
                    self.blocks.put(block)
                    block = {}
                    continue
                field, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                block["comment" if field == "" else field] = json.loads(value) if field == "data" else value
        except Exception:  # noqa: BLE001 - the test hung up
            pass

    def next_event(self, timeout: float = SOON) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            block = self.blocks.get(timeout=max(0.01, deadline - time.monotonic()))
            if block.get("event") == "version":
                return block

    def problem(self) -> dict:
        assert self.response.getheader("Content-Type") == "application/problem+json"
        return json.loads(self.response.read())

    def close(self) -> None:
        self.conn.sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()


def open_streams(port: int) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/_streams/stats")
    return json.loads(conn.getresponse().read())


def eventually(predicate, seconds: float = SOON) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not predicate():
        time.sleep(0.05)
    return predicate()


def test_a_move_by_an_app_server_reaches_the_stream_with_its_lines(streams, make_app, backend):
    port, _app = streams
    client = make_app().test_client()
    game = create(client)
    stream = Stream(port, game.id, game.token)
    assert stream.response.getheader("Content-Type").startswith("text/event-stream")
    first = stream.next_event()
    assert first["id"] == "1-0" and first["data"]["entries"] == []
    assert take(client, game, 2).status_code == 200
    event = stream.next_event()
    assert event["id"] == "2-1" and event["data"]["version"] == 2
    [entry] = event["data"]["entries"]
    assert entry["action"] == {"kind": "take", "amount": 2} and entry["lines"]
    if backend == "postgresql":
        assert open_streams(port)["listening"], "the service should hear NOTIFY, not only its periodic check"
    stream.close()


def test_last_event_id_resumes_with_what_was_missed(streams, make_app):
    port, _app = streams
    client = make_app().test_client()
    game = create(client)
    take(client, game, 1)
    take(client, game, 2)
    stream = Stream(port, game.id, game.token, **{"Last-Event-ID": "1-0"})
    event = stream.next_event()
    assert event["data"]["version"] == 3 and [e["seq"] for e in event["data"]["entries"]] == [1, 2]
    up_to_date = Stream(port, game.id, game.token, **{"Last-Event-ID": "3-2"})
    blocks = [up_to_date.blocks.get(timeout=SOON) for _ in range(3)]
    assert blocks == [{"retry": "2000"}, {"comment": "heartbeat"}, {"comment": "heartbeat"}]
    stream.close()
    up_to_date.close()


def test_streams_are_token_checked_like_the_apps_reads(streams, make_app):
    port, _app = streams
    client = make_app().test_client()
    game, other = create(client), create(client)
    missing = Stream(port, game.id, None)
    assert missing.response.status == 401 and missing.problem()["code"] == "token_missing"
    wrong = Stream(port, game.id, other.token)
    assert wrong.response.status == 403 and wrong.problem()["code"] == "token_wrong_game"
    nowhere = Stream(port, "nope", game.token)
    assert nowhere.response.status == 404
    spectator = Stream(port, game.id, game.spectator)
    assert spectator.next_event()["data"]["version"] == 1
    spectator.close()


def test_a_full_table_is_refused_and_a_phone_that_hangs_up_frees_its_slot(streams, make_app):
    port, _app = streams
    client = make_app().test_client()
    game = create(client)
    phones = [Stream(port, game.id, game.token) for _ in range(2)]
    for phone in phones:
        phone.next_event()
    refused = Stream(port, game.id, game.token)
    assert refused.response.status == 503
    assert refused.problem()["code"] == "too_many_streams" and refused.response.getheader("Retry-After")
    assert open_streams(port)["open_streams"] == 2
    phones[0].close()
    assert eventually(lambda: open_streams(port)["open_streams"] == 1)
    again = Stream(port, game.id, game.token)
    assert again.next_event()["data"]["version"] == 1
    for phone in (again, phones[1]):
        phone.close()
    assert eventually(lambda: open_streams(port)["open_streams"] == 0)
    assert open_streams(port)["games"] == 0  # nothing left to check for the game


def test_the_phones_of_a_table_each_hear_every_move(streams, make_app):
    """Phones at the same point share one read of the news; each still gets the whole event, in order."""
    port, _app = streams
    client = make_app().test_client()
    game = create(client)
    phones = [Stream(port, game.id, game.token) for _ in range(2)]
    assert [phone.next_event()["id"] for phone in phones] == ["1-0", "1-0"]
    for amount in (1, 2, 3):
        assert take(client, game, amount).status_code == 200
        heard = [phone.next_event() for phone in phones]
        assert heard[0] == heard[1] and heard[0]["data"]["entries"][-1]["action"]["amount"] == amount
    for phone in phones:
        phone.close()


def test_phones_that_hang_up_at_once_leave_no_slot_taken(streams, make_app):
    """A phone whose connection drops right after asking (before a byte of the stream) frees its slot too."""
    port, _app = streams
    client = make_app().test_client()
    games = [create(client) for _ in range(20)]
    before = open_streams(port)["ended"]
    for game in games:
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(f"GET /api/games/{game.id}/events HTTP/1.1\r\nHost: x\r\n"
                         f"Authorization: Bearer {game.token}\r\n\r\n".encode())
            sock.shutdown(socket.SHUT_RDWR)
    # Not a matter of speed here (each request's token check waits for a worker thread) but of none
    # being left behind: all 20 streams ended, none holds a slot.
    assert eventually(lambda: open_streams(port)["ended"] - before == 20, 30), open_streams(port)
    assert open_streams(port)["open_streams"] == 0
