"""Live updates: the Server-Sent Events stream of a game (both backends)."""
from __future__ import annotations

import json
import queue
import threading
import time

from tests.contract import CONTRACT
from tests.helpers import bearer, create, take

FAST = {"STREAM_LIFETIME": 20, "STREAM_HEARTBEAT": 0.3}
# How long a test waits for a move's event on the stream that is open.  SQLite's version check runs
# twice a second and NOTIFY takes milliseconds, so it comes within about a second; the wait is generous
# so a busy machine does not fail it.  What is tested is that the event comes on the open stream at all
# (the stream is never reopened here); how fast is a figure for bench/, not an assertion.
WAIT = 10


def parse(block: str) -> dict:
    """One SSE block → ``{"event", "id", "data", "comment", "retry"}`` (the fields it has)."""
    out: dict = {}
    for line in block.split("\n"):
        field, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if field == "":
            out["comment"] = value
        elif field == "data":
            out["data"] = json.loads(value)
        else:
            out[field] = value
    return out


class Reader:
    """Reads a streamed response on a thread; `next_event` waits for the next ``version`` event."""

    def __init__(self, response):
        self.response = response
        self.blocks: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        buffer = ""
        for chunk in self.response.response:
            buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
            while "\n\n" in buffer:
                block, buffer = buffer.split("\n\n", 1)
                self.blocks.put(parse(block))
        self.blocks.put(None)

    def next_block(self, timeout: float = 5.0) -> dict | None:
        return self.blocks.get(timeout=timeout)

    def next_event(self, timeout: float = 5.0) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            block = self.next_block(max(0.01, deadline - time.monotonic()))
            assert block is not None, "the stream ended before the event came"
            if block.get("event") == "version":
                errors = list(CONTRACT.validator("/components/schemas/GameEvent").iter_errors(block["data"]))
                assert not errors, errors[0].message
                return block

    def finish(self, app=None) -> None:
        """End the stream (every stream of `app`, as a stopping server does) and wait for its thread."""
        if app is not None:
            app.extensions["tablekeeper"].broker.shutdown()
        self.thread.join(timeout=10)
        assert not self.thread.is_alive()


def stream(client, game, token=None, query="", **headers):
    resp = client.get(f"{game.url}/events{query}", headers={**bearer(token or game.token), **headers},
                      buffered=False)
    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert resp.mimetype == "text/event-stream"
    return Reader(resp)


def test_a_move_reaches_an_open_stream_with_its_lines(make_app):
    app = make_app(**FAST)
    client = app.test_client()
    game = create(client)
    reader = stream(client, game)
    first = reader.next_event()
    assert first["data"]["version"] == 1 and first["id"] == "1-0" and first["data"]["entries"] == []
    assert take(client, game, 2).status_code == 200
    event = reader.next_event(timeout=WAIT)
    assert event["id"] == "2-1" and event["data"]["version"] == 2 and event["data"]["head_seq"] == 1
    [entry] = event["data"]["entries"]
    assert entry["seq"] == 1 and entry["action"] == {"kind": "take", "amount": 2} and entry["lines"]
    reader.finish(app)


def test_a_move_accepted_by_another_server_reaches_the_stream(make_app):
    """Two apps on one database are two servers (their own brokers): only the database links them."""
    here, there = make_app(**FAST), make_app(**FAST)
    game = create(here.test_client())
    reader = stream(here.test_client(), game)
    assert reader.next_event()["data"]["version"] == 1
    assert take(there.test_client(), game, 1).status_code == 200
    event = reader.next_event(timeout=WAIT)  # on the open stream: only the database links the two apps
    assert event["data"]["version"] == 2 and [e["seq"] for e in event["data"]["entries"]] == [1]
    reader.finish(here)


def test_last_event_id_resumes_with_what_was_missed(make_app):
    app = make_app(**FAST)
    client = app.test_client()
    game = create(client)
    take(client, game, 1)
    take(client, game, 2)
    reader = stream(client, game, **{"Last-Event-ID": "1-0"})
    event = reader.next_event()
    assert event["data"]["version"] == 3 and [e["seq"] for e in event["data"]["entries"]] == [1, 2]
    # up to date (the id as a query parameter, for clients that cannot set headers): only heartbeats
    current = stream(client, game, query="?last_event_id=3-2")
    blocks = [current.next_block(), current.next_block(), current.next_block()]
    assert blocks == [{"retry": "2000"}, {"comment": "heartbeat"}, {"comment": "heartbeat"}]
    reader.finish(app)
    current.finish()


def test_undo_is_an_event_too(make_app):
    app = make_app(**FAST)
    client = app.test_client()
    game = create(client)
    take(client, game, 1)
    reader = stream(client, game)
    assert reader.next_event()["data"]["live_actions"] == 1
    resp = client.post(f"{game.url}/undo", json={"count": 1}, headers={**bearer(game.token), "If-Match": '"2"'})
    assert resp.status_code == 200
    event = reader.next_event(timeout=2)
    assert event["data"]["version"] == 3 and event["data"]["live_actions"] == 0
    reader.finish(app)


def test_streams_are_token_checked_like_reads(make_app):
    app = make_app(**FAST)
    client = app.test_client()
    game, other = create(client), create(client)
    assert client.get(f"{game.url}/events").status_code == 401
    assert client.get(f"{game.url}/events", headers=bearer(other.token)).status_code == 403
    assert client.get("/api/games/nope/events", headers=bearer(game.token)).status_code == 404
    reader = stream(client, game, token=game.spectator)  # spectators may watch
    assert reader.next_event()["data"]["version"] == 1
    reader.finish(app)


def test_stream_caps_per_game_and_per_server(make_app):
    app = make_app(**FAST, STREAMS_PER_GAME=1, STREAMS_PER_SERVER=2)
    client = app.test_client()
    game, second, third = create(client), create(client), create(client)
    first = stream(client, game)
    refused = client.get(f"{game.url}/events", headers=bearer(game.token))
    assert refused.status_code == 503 and refused.get_json()["code"] == "too_many_streams"
    assert refused.headers["Retry-After"]
    other = stream(client, second)
    full = client.get(f"{third.url}/events", headers=bearer(third.token))
    assert full.status_code == 503 and "on this server" in full.get_json()["detail"]
    first.finish(app)
    other.finish()
    broker = app.extensions["tablekeeper"].broker
    assert broker.open_streams() == 0
    broker.closing = False  # the server carries on: the slots are free again
    again = stream(client, game)
    assert again.next_event()["data"]["version"] == 1
    again.finish(app)
