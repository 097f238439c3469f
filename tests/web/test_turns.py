"""A worker's requests take turns (api.web.turns): one runs at a time, a runaway never holds the
others for more than a slice, and the gthread worker's wrapper reads bodies before taking the turn."""
from __future__ import annotations

import io
import threading
import time

from api.web.turns import Turns
from api.web.workers import TurnTaking, read_body_first


def _run(target, *args) -> threading.Thread:
    thread = threading.Thread(target=target, args=args, daemon=True)
    thread.start()
    return thread


def test_requests_holding_the_turn_never_overlap():
    turns = Turns(slice_seconds=30)
    inside, overlaps, done = [], [], []
    lock = threading.Lock()

    def request(n: int) -> None:
        with turns.taken() as got:
            assert got
            with lock:
                inside.append(n)
                if len(inside) > 1:
                    overlaps.append(tuple(inside))
            for _ in range(2000):  # Python work: without the turn the threads would interleave here
                pass
            time.sleep(0.001)
            with lock:
                inside.remove(n)
        done.append(n)

    threads = [_run(request, n) for n in range(8)]
    for thread in threads:
        thread.join(10)
    assert sorted(done) == list(range(8))
    assert overlaps == []
    assert turns.holder() is None and turns.went_ahead == 0


def test_a_waiting_request_runs_as_soon_as_the_turn_is_given_back():
    turns = Turns(slice_seconds=30)
    order: list[str] = []
    first_in, let_go = threading.Event(), threading.Event()

    def first() -> None:
        with turns.taken():
            first_in.set()
            let_go.wait(5)
            order.append("first done")

    def second() -> None:
        with turns.taken() as got:
            order.append(f"second ran, turn {got}")

    a = _run(first)
    assert first_in.wait(5)
    b = _run(second)
    b.join(0.3)
    assert b.is_alive() and order == []  # waiting for the turn, not running beside the holder
    let_go.set()
    a.join(5)
    b.join(5)
    assert order == ["first done", "second ran, turn True"]


def test_a_holder_past_its_slice_no_longer_holds_the_others_back():
    turns = Turns(slice_seconds=0.1)
    holding, let_go = threading.Event(), threading.Event()
    seen: list[bool] = []

    def runaway() -> None:
        with turns.taken():
            holding.set()
            let_go.wait(10)

    a = _run(runaway)
    assert holding.wait(5)
    b = _run(lambda: seen.append(turns.taken().__enter__()))
    b.join(5)
    assert not b.is_alive(), "a request waited on a runaway past its slice"
    assert seen == [False] and turns.went_ahead == 1  # it went ahead, without the turn
    assert a.is_alive()  # while the runaway still runs
    let_go.set()
    a.join(5)
    assert turns.holder() is None
    with turns.taken() as got:  # the next request takes the turn again
        assert got


def test_an_exception_gives_the_turn_back():
    turns = Turns(slice_seconds=30)
    try:
        with turns.taken():
            raise ValueError("boom")
    except ValueError:
        pass
    assert turns.holder() is None
    finished = []
    thread = _run(lambda: finished.append(turns.taken().__enter__()))
    thread.join(5)
    assert finished == [True]


def _environ(body: bytes, **extra) -> dict:
    return {"PATH_INFO": "/api/games/g/actions", "wsgi.input": io.BytesIO(body), **extra}


def test_the_body_is_read_before_the_turn_is_taken():
    turns = Turns(slice_seconds=30)
    events: list[str] = []

    class SlowBody(io.BytesIO):
        def read(self, *args):
            events.append(f"read, turn held by {turns.holder()}")
            return super().read(*args)

    def app(environ, start_response):
        events.append(f"app, turn held: {turns.holder() == threading.get_ident()}")
        return [environ["wsgi.input"].read()]

    wrapped = TurnTaking(app, turns)
    body = b'{"action": {"kind": "take"}}'
    answer = wrapped({"PATH_INFO": "/api/games/g/actions", "wsgi.input": SlowBody(body),
                      "CONTENT_LENGTH": str(len(body))}, None)
    assert answer == [body]
    assert events == ["read, turn held by None", "app, turn held: True"]


def test_event_streams_and_bundles_run_without_the_turn():
    turns = Turns(slice_seconds=30)
    held = []
    wrapped = TurnTaking(lambda environ, start: held.append(turns.holder()) or [b""], turns)
    for path in ("/api/games/g/events", "/precache/app.bundle"):
        wrapped({"PATH_INFO": path, "wsgi.input": io.BytesIO()}, None)
    wrapped({"PATH_INFO": "/api/health", "wsgi.input": io.BytesIO()}, None)
    assert held == [None, None, threading.get_ident()]


def test_the_wrapper_shows_the_apps_attributes():
    class App:
        extensions = {"tablekeeper": "store"}
        config = {"MAX_CONTENT_LENGTH": 1234}

        def __call__(self, environ, start_response):
            return []

    wrapped = TurnTaking(App())
    assert wrapped.extensions == {"tablekeeper": "store"}  # gunicorn hooks read them (gunicorn_conf)
    assert wrapped.body_limit == 1234


def test_bodies_read_ahead_stop_at_the_limit():
    declared = _environ(b"x" * 10, CONTENT_LENGTH="10")
    read_body_first(declared, 100)
    assert isinstance(declared["wsgi.input"], io.BytesIO) and declared["wsgi.input"].read() == b"x" * 10

    too_long = _environ(b"x" * 200, CONTENT_LENGTH="200")
    original = too_long["wsgi.input"]
    read_body_first(too_long, 100)
    assert too_long["wsgi.input"] is original and original.tell() == 0  # left for the app to refuse, unread

    chunked = _environ(b"y" * 500, HTTP_TRANSFER_ENCODING="chunked")
    read_body_first(chunked, 100)
    assert chunked["wsgi.input"].read() == b"y" * 101  # one byte past: the app answers 413

    for bad in ("", "abc", "-5"):
        environ = _environ(b"z", CONTENT_LENGTH=bad)
        original = environ["wsgi.input"]
        read_body_first(environ, 100)
        assert environ["wsgi.input"] is original


def test_turns_are_taken_with_sqlite_and_not_with_postgresql_unless_told():
    from api.web.turns import wanted

    class App:
        def __init__(self, database):
            self.config = {"DATABASE": database}

    sqlite, postgres = App("/var/lib/tablekeeper/t.db"), App("postgresql://db.example/tablekeeper")
    assert wanted(sqlite, {}) and not wanted(postgres, {})
    assert wanted(postgres, {"TABLEKEEPER_TURNS": "1"}) and not wanted(sqlite, {"TABLEKEEPER_TURNS": "0"})
    assert wanted(sqlite, {"TABLEKEEPER_TURNS": "maybe"})  # anything else: the default
    assert wanted(object(), {})  # no config (not our app): SQLite's default
