"""HTTP hygiene only the real server shows (issue 29): an answer after which gunicorn closes the connection
says ``Connection: close`` (and one that says keep-alive keeps it usable); no secret from a malformed
``Authorization`` line or a query string reaches gunicorn's log.

One server for the file (starting gunicorn costs ~3 s of CPU), its access log on as an operator may turn
it on: the log test reads what every request of the file left there."""
from __future__ import annotations

import socket
import time

import pytest

from tests.faults.conftest import Gunicorn

SECRET = "S3cretT0kenNeverLogged"


def _exchange(server, head: bytes, body_pieces=(), then: bytes | None = None) -> tuple[bytes, bytes | None]:
    """Send `head` and `body_pieces` on one connection; (the first answer, the answer to `then` on the same
    connection, or None when the server closed it)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(head)
        for piece in body_pieces:
            try:
                sock.sendall(piece)
            except OSError:  # the server answered and closed before the whole body was sent
                break
        first = _one_answer(sock)
        if then is None:
            return first, None
        try:
            sock.sendall(then)
            second = _one_answer(sock)
        except OSError:
            return first, None
        return first, second or None


def _one_answer(sock) -> bytes:
    """Read one answer (its headers and Content-Length bytes of body); b"" when the connection closed."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return head + b"\r\n\r\n" + body


def _connection(answer: bytes) -> str:
    head = answer.partition(b"\r\n\r\n")[0].decode("latin-1").lower()
    return next(line.split(":", 1)[1].strip() for line in head.split("\r\n") if line.startswith("connection:"))


HEALTH = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The real gunicorn on a database of this file's own, with the access log too."""
    started = Gunicorn(tmp_path_factory.mktemp("hygiene") / "faults.db", GUNICORN_CMD_ARGS="--access-logfile -")
    yield started.start()
    started.stop()


def test_a_413_says_connection_close_and_the_server_closes(server):
    size = 2 * 1024 * 1024
    for head, pieces in [
        (f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
         f"Content-Length: {size}\r\n\r\n".encode(), [b" " * size]),
        (b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
         b"Transfer-Encoding: chunked\r\n\r\n", [b"10000\r\n" + b" " * 65536 + b"\r\n"] * 32 + [b"0\r\n\r\n"]),
    ]:
        answer, again = _exchange(server, head, pieces, then=HEALTH)
        assert b" 413 " in answer.split(b"\r\n")[0], answer[:200]
        assert _connection(answer) == "close"
        assert again is None  # closed, as it said


def test_an_answer_that_says_keep_alive_leaves_the_connection_usable(server):
    # Refused before its body is read (no token): gunicorn drains the small body and serves the next request.
    body = b'{"action": {"kind": "take", "amount": 1}}' + b" " * 30_000
    head = (f"POST /api/games/nosuch/actions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    answer, again = _exchange(server, head, [body], then=HEALTH)
    assert b" 404 " in answer.split(b"\r\n")[0] and _connection(answer) == "keep-alive"
    assert again is not None and b" 200 " in again.split(b"\r\n")[0]


def test_malformed_authorization_lines_and_token_query_strings_never_reach_the_log(server):
    lines = [f"Authorization Bearer {SECRET}", f"Authorization: Bearer {SECRET}\x01",
             f"Authorization : Bearer {SECRET}", f"Authorization: Bearer {SECRET}\x00",
             f"Authorization:\r\n Bearer {SECRET}", f" Authorization: {SECRET}"]
    for line in lines:
        request = f"GET /api/games/x HTTP/1.1\r\nHost: 127.0.0.1\r\n{line}\r\nConnection: close\r\n\r\n"
        answer, _ = _exchange(server, request.encode("latin-1"))
        assert b" 400 " in answer.split(b"\r\n")[0], (line, answer[:100])
    answer, _ = _exchange(server, f"GET /api/games/x/events?token={SECRET} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                  f"Connection: close\r\n\r\n".encode())
    assert answer
    deadline = time.monotonic() + 10  # the log reaches us through a pipe: wait for the last request's line
    while "/events?token=" not in server.log() and time.monotonic() < deadline:
        time.sleep(0.1)
    log = server.log()
    assert "Invalid" in log and "/events?token=" in log  # the lines were logged...
    assert SECRET not in log  # ...without the secret
