"""Game night through the real front: Caddy with its internal CA, the app behind it, streams from the
stream service (`api.streams`), all started by ``deploy/serve.py`` as ``make serve`` does."""
from __future__ import annotations

import asyncio
import importlib.util
import socket
import sqlite3
import ssl
import subprocess
import threading
import time
import uuid
from pathlib import Path

import h2.config
import h2.connection
import h2.events
import pytest
import requests

from tests.deploy.conftest import EventReader

# Generous: the bound is about "a second or so", not "30 s or more" (what no front, or a held thread, gives).
SOON = 5.0


def serve_module():
    """deploy/serve.py as a module (deploy/ is not a package)."""
    spec = importlib.util.spec_from_file_location("serve", Path(__file__).resolve().parents[2] / "deploy" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wait_until(predicate, seconds: float = SOON) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def test_a_move_and_its_event_through_https_with_the_internal_ca(stack):
    s = stack.session()
    health = s.get(stack.url + "/api/health", timeout=10)
    assert health.status_code == 200
    assert health.headers["Strict-Transport-Security"].startswith("max-age=")
    assert "Server" not in health.headers  # neither Caddy's banner nor gunicorn's
    game = stack.create_game(s)
    reader = EventReader(stack, game)
    assert reader.response.getheader("Content-Type").startswith("text/event-stream")
    first = reader.next_event()
    assert first["id"] == "1-0" and first["data"]["version"] == 1
    assert stack.move(s, game, 2).status_code == 200
    event = reader.next_event()
    assert event["id"] == "2-1" and event["data"]["head_seq"] == 1
    assert [e["action"] for e in event["data"]["entries"]] == [{"kind": "take", "amount": 2}]
    reader.close()


def test_an_untrusted_certificate_is_refused(stack):
    """The certificate really comes from Caddy's own CA: a client without it refuses the connection."""
    try:
        requests.get(stack.url + "/api/health", timeout=10)
    except requests.exceptions.SSLError:
        pass
    else:
        raise AssertionError("a client that does not trust the local CA should refuse the certificate")


def test_streams_are_token_checked_through_the_front(stack):
    s = stack.session()
    game, other = stack.create_game(s), stack.create_game(s)
    url = f"{stack.url}/api/games/{game['game_id']}/events"
    missing = s.get(url, timeout=10)
    assert missing.status_code == 401 and missing.json()["code"] == "token_missing"
    wrong = s.get(url, headers={"Authorization": f"Bearer {other['table_token']}"}, timeout=10)
    assert wrong.status_code == 403 and wrong.json()["code"] == "token_wrong_game"
    assert wrong.headers["Content-Type"] == "application/problem+json"


def test_a_stream_closed_by_the_phone_frees_its_slot(stack):
    """Two streams per game here (TABLEKEEPER_STREAMS_PER_GAME=2): a third is refused until one closes."""
    s = stack.session()
    game = stack.create_game(s)
    url = f"{stack.url}/api/games/{game['game_id']}/events"
    assert wait_until(lambda: stack.open_streams() == 0), "another test's streams are still open"
    before = 0
    phones = [EventReader(stack, game) for _ in range(2)]
    for phone in phones:
        phone.next_event()
    assert stack.open_streams() == before + 2
    refused = s.get(url, headers={"Authorization": f"Bearer {game['table_token']}"}, timeout=10)
    assert refused.status_code == 503 and refused.json()["code"] == "too_many_streams"
    phones[0].close()  # the phone goes away: Caddy drops the upstream connection, the service cancels it
    assert wait_until(lambda: stack.open_streams() == before + 1), "the closed stream still holds its slot"
    again = EventReader(stack, game)
    assert again.next_event()["data"]["version"] == 1
    for phone in (again, phones[1]):
        phone.close()
    assert wait_until(lambda: stack.open_streams() == before)


async def _trickle(ssl_context, port: int, game: dict, connected: list, stop: asyncio.Event) -> None:
    """One slow client: a valid move's headers at once (so the app must read its body: a request it can
    refuse from its headers alone holds nothing), then the body one byte every 2 s (a bad phone network)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=ssl_context, server_hostname="localhost")
    writer.write(f"POST /api/games/{game['game_id']}/actions HTTP/1.1\r\nHost: localhost:{port}\r\n"
                 f"Content-Type: application/json\r\nContent-Length: 500\r\n"
                 f"Authorization: Bearer {game['table_token']}\r\nIf-Match: \"{game['version']}\"\r\n"
                 f"Idempotency-Key: {uuid.uuid4()}\r\n\r\n".encode())
    await writer.drain()
    connected.append(1)
    try:
        while not stop.is_set():
            writer.write(b" ")
            await writer.drain()
            try:
                await asyncio.wait_for(stop.wait(), 2.0)
            except TimeoutError:
                pass
    finally:
        writer.close()


def test_slow_clients_beside_live_play_leave_moves_quick(stack):
    """100 clients trickling their bodies hold nothing but Caddy's memory: moves stay quick.
    (Straight on gunicorn the same clients stall every move past 30 s: each holds an app thread.)"""
    s = stack.session()
    game, victim = stack.create_game(s), stack.create_game(s)
    context = ssl.create_default_context(cafile=str(stack.root_cert))
    connected: list = []
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()

    async def crowd():
        await asyncio.gather(*(_trickle(context, int(stack.ports["HTTPS_PORT"]), victim, connected, stop)
                               for _ in range(100)), return_exceptions=True)

    runner = threading.Thread(target=loop.run_until_complete, args=(crowd(),), daemon=True)
    runner.start()
    try:
        assert wait_until(lambda: len(connected) == 100, 30), f"only {len(connected)} slow clients connected"
        time.sleep(2)  # the crowd is trickling
        reader = EventReader(stack, game)
        reader.next_event()
        slowest = 0.0
        for _ in range(20):
            started = time.monotonic()
            assert stack.move(s, game, 1).status_code == 200
            reader.next_event()  # live play: the table hears its own move
            slowest = max(slowest, time.monotonic() - started)
        reader.close()
        # Without the front's buffering these clients hold every app thread and a move waits ~30 s (checked
        # once by hand); the bound is generous for a busy machine, far from that stall.
        assert slowest < 5.0, f"a move and its event took {slowest:.2f} s beside 100 slow clients"
    finally:
        loop.call_soon_threadsafe(stop.set)
        runner.join(timeout=10)


def test_phones_reach_the_lan_address_and_the_app_sees_their_address_not_a_forged_one(stack):
    """The certificate covers this machine's LAN address (what the phones open), and the app trusts
    exactly one hop of X-Forwarded-For: Caddy's. A forged header cannot dodge the join-code throttle."""
    lan = serve_module().lan_ip()
    if lan is None:
        pytest.skip("this machine has no LAN address")
    s = stack.session()
    url = f"https://{lan}:{stack.ports['HTTPS_PORT']}/api/join"
    answers = [s.post(url, json={"join_code": "ZZZZZZ"}, headers={"X-Forwarded-For": f"10.9.8.{i}"}, timeout=10)
               for i in range(11)]
    assert [a.status_code for a in answers[:10]] == [404] * 10, answers[0].text
    assert answers[10].status_code == 429 and answers[10].headers["Retry-After"]
    with sqlite3.connect(stack.env["TABLEKEEPER_DATABASE"]) as db:
        seen = {row[0] for row in db.execute("SELECT ip FROM join_failures WHERE ip NOT LIKE 'create:%'")}
    assert seen == {lan}  # Caddy's view of the client (not 127.0.0.1, not the forged addresses)


def test_the_stream_service_speaks_http2_cleartext_to_caddy(stack):
    """Caddy reaches the stream service over HTTP/2 cleartext (``versions h2c``), so thousands of phones
    share a few upstream connections: the service must answer a prior-knowledge HTTP/2 request, and
    several streams opened through Caddy must share one upstream connection."""
    port = int(stack.ports["STREAMS_PORT"])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
        conn.initiate_connection()
        conn.send_headers(1, [(":method", "GET"), (":path", "/_streams/stats"), (":scheme", "http"),
                              (":authority", f"127.0.0.1:{port}")], end_stream=True)
        sock.sendall(conn.data_to_send())
        status, body, ended = None, b"", False
        while not ended:
            data = sock.recv(65536)
            assert data, "the stream service closed the HTTP/2 connection"
            for event in conn.receive_data(data):
                if isinstance(event, h2.events.ResponseReceived):
                    status = dict(event.headers)[b":status"]
                elif isinstance(event, h2.events.DataReceived):
                    body += event.data
                elif isinstance(event, h2.events.StreamEnded):
                    ended = True
            sock.sendall(conn.data_to_send())
    assert status == b"200" and b"open_streams" in body

    s = stack.session()
    game = stack.create_game(s)
    phones = [EventReader(stack, game) for _ in range(2)]
    for phone in phones:
        phone.next_event()
    upstream = subprocess.run(["ss", "-Htn", "state", "established", f"( sport = :{port} )"],
                              capture_output=True, text=True, check=True).stdout
    for phone in phones:
        phone.close()
    assert len(upstream.splitlines()) == 1, upstream  # two phones, one connection from Caddy

