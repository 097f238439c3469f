"""What only the real server shows (issue 16): a chunked body over the limit, a broken chunked body,
gunicorn's own request-line and header limits under the app's.

One server for the file (starting gunicorn costs ~3 s of CPU); each test plays its own game, so what
one test sends cannot change another's."""
from __future__ import annotations

import http.client
import json
import socket

import pytest
import requests

from tests.faults.conftest import Gunicorn, stored_moves


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The real gunicorn on a database of this file's own."""
    started = Gunicorn(tmp_path_factory.mktemp("edges") / "faults.db").start()
    yield started
    started.stop()


def _chunked_post(server, path: str, body: bytes, headers: dict) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.putrequest("POST", path)
    for name, value in {**headers, "Content-Type": "application/json", "Transfer-Encoding": "chunked"}.items():
        conn.putheader(name, value)
    conn.endheaders()
    try:
        for start in range(0, len(body), 65536):
            piece = body[start:start + 65536]
            conn.send(b"%x\r\n%s\r\n" % (len(piece), piece))
        conn.send(b"0\r\n\r\n")
    except OSError:  # the server may answer 413 and close before the whole body is sent
        pass
    resp = conn.getresponse()
    return resp.status, dict(resp.getheaders()), resp.read()


def test_a_chunked_body_over_the_limit_is_413_not_truncated(server):
    game = server.create_game()
    move = json.dumps({"action": {"kind": "take", "amount": 1}}).encode()
    headers = {"Authorization": f"Bearer {game['table_token']}", "If-Match": '"1"', "Idempotency-Key": "k-1"}
    status, resp_headers, body = _chunked_post(server, f"/api/games/{game['game_id']}/actions",
                                               move + b" " * (2 * 1024 * 1024), headers)
    assert status == 413 and json.loads(body)["code"] == "request_too_large"
    status, _, body = _chunked_post(server, f"/api/games/{game['game_id']}/actions", move,
                                    {**headers, "Idempotency-Key": "k-2"})
    assert status == 200, body  # a chunked body under the limit is read whole
    assert stored_moves(server.db, game["game_id"]) == [1]


def test_a_broken_chunked_body_is_400_and_changes_nothing(server):
    game = server.create_game()
    head = (f"POST /api/games/{game['game_id']}/actions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Bearer {game['table_token']}\r\nIf-Match: \"1\"\r\nIdempotency-Key: k-1\r\n"
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
    status, headers, body = _raw_request(server, head.encode() + b"zz\r\n{}\r\n0\r\n\r\n")
    assert status.startswith("HTTP/1.1 400"), (status, body[:300])
    assert headers["content-type"].startswith("application/problem+json")
    problem = json.loads(body)
    assert problem["code"] == "malformed_body" and "chunk" in problem["detail"].lower(), problem
    assert server.move(game).status_code == 200  # the game was left as it was: version 1, then 2
    assert stored_moves(server.db, game["game_id"]) == [1]


def _raw_request(server, request: bytes) -> tuple[str, dict, bytes]:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    return lines[0], {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}, body


def test_the_apps_url_and_header_limits_answer_problem_json_below_gunicorns(server):
    status, headers, body = _raw_request(server, b"GET /api/health?" + b"x" * 5000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                         b"Connection: close\r\n\r\n")
    assert " 414 " in status and json.loads(body)["code"] == "uri_too_long"  # the app's own, lower limit
    big = b"X-Big: " + b"y" * 9000 + b"\r\n"
    status, headers, body = _raw_request(server, b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                                         + big + b"\r\n")
    assert " 431 " in status and json.loads(body)["code"] == "header_too_large"
    assert headers["x-content-type-options"] == "nosniff"
    resp = requests.get(server.url + "/api/health", timeout=5)
    assert resp.headers["Referrer-Policy"] == "no-referrer"
    assert "frame-ancestors 'none'" in resp.headers["Content-Security-Policy"]
