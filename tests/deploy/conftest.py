"""The game-night stack as ``make serve`` starts it (``deploy/serve.py``): gunicorn, the stream service and
Debian's Caddy with its internal CA, on free ports, with Caddy's data in a temporary directory."""
from __future__ import annotations

import http.client
import json
import os
import queue
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
CADDY = shutil.which("caddy")
ENGINES = "tests.toy_engine:ENGINE"
EDITION = {"schema_version": "1.0", "edition": {"id": "night"}, "max_take": 3, "pile": 1_000_000,
           "provenance": {"/max_take": "rulebook", "/pile": "placeholder"}}
PLAYERS = [{"name": "a", "color": "r"}, {"name": "b", "color": "b"}]

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Stack:
    """``deploy/serve.py`` running in its own process group; `url` is Caddy's HTTPS address."""

    def __init__(self, tmp: Path, **env):
        self.tmp = tmp
        self.ports = {name: str(free_port()) for name in ("PORT", "STREAMS_PORT", "HTTPS_PORT", "HTTP_PORT")}
        self.url = f"https://localhost:{self.ports['HTTPS_PORT']}"
        self.streams_url = f"http://127.0.0.1:{self.ports['STREAMS_PORT']}"
        self.root_cert = tmp / "xdg" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        self.env = {**os.environ, **self.ports, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp / "xdg"),
                    "XDG_CONFIG_HOME": str(tmp / "xdg"), "HOME": str(tmp), "CADDY_ADMIN": "off",
                    "TABLEKEEPER_SITE": "localhost", "TABLEKEEPER_DATABASE": str(tmp / "night.db"),
                    "TABLEKEEPER_TEST_ENGINES": ENGINES, "WEB_CONCURRENCY": "2",
                    "TABLEKEEPER_CREATES_PER_MINUTE": "0", **env}  # every test's games come from one address
        self.log = open(tmp / "serve.log", "ab")
        self.proc: subprocess.Popen | None = None

    def start(self) -> "Stack":
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "deploy" / "serve.py")], cwd=ROOT, env=self.env,
                                     stdout=self.log, stderr=self.log, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.output()[-3000:]
            if "tablekeeper is ready" in self.output():
                return self
            time.sleep(0.2)
        raise RuntimeError(f"the stack did not start: {self.output()[-3000:]}")

    def output(self) -> str:
        return (self.tmp / "serve.log").read_text(errors="replace")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)  # serve.py stops its three children itself
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()

    # -- the client side ---------------------------------------------------------------------------
    def session(self) -> requests.Session:
        """A client that trusts Caddy's local CA and nothing more (as a phone that installed it)."""
        s = requests.Session()
        s.trust_env = False  # else REQUESTS_CA_BUNDLE (set on CI machines) replaces `verify`
        s.verify = str(self.root_cert)
        return s

    def create_game(self, s: requests.Session) -> dict:
        resp = s.post(self.url + "/api/games", json={"game": "toy", "edition": EDITION, "seed": 1,
                                                     "options": {"players": PLAYERS}}, timeout=10)
        assert resp.status_code == 201, resp.text
        game = resp.json()
        game["version"] = game["game"]["version"]
        return game

    def move(self, s: requests.Session, game: dict, amount: int = 1) -> requests.Response:
        resp = s.post(f"{self.url}/api/games/{game['game_id']}/actions",
                      json={"action": {"kind": "take", "amount": amount}}, timeout=30,
                      headers={"Authorization": f"Bearer {game['table_token']}",
                               "If-Match": f'"{game["version"]}"', "Idempotency-Key": str(uuid.uuid4())})
        if resp.status_code == 200:
            game["version"] = resp.json()["version"]
        return resp

    def open_streams(self) -> int:
        """Open streams in the stream service (its own count, not routed by Caddy)."""
        return requests.get(self.streams_url + "/_streams/stats", timeout=5).json()["open_streams"]


class EventReader:
    """One event stream through Caddy, read on a thread; `next_event` gives the next ``version`` event.

    http.client rather than requests: closing must really close the socket while the reading thread is
    blocked on it (a phone going away), which needs `socket.shutdown` on the connection's public `sock`.
    """

    def __init__(self, stack: "Stack", game: dict, token: str | None = None):
        context = ssl.create_default_context(cafile=str(stack.root_cert))
        self.conn = http.client.HTTPSConnection("localhost", int(stack.ports["HTTPS_PORT"]), context=context,
                                                timeout=30)
        self.conn.request("GET", f"/api/games/{game['game_id']}/events",
                          headers={"Authorization": f"Bearer {token or game['table_token']}"})
        self.response = self.conn.getresponse()
        self.events: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        event: dict = {}
        try:
            while line := self.response.readline():
                line = line.decode().rstrip("\n")
                if line == "":
                    if event.get("event") == "version":
                        self.events.put(event)
                    event = {}
                    continue
                field, _, value = line.partition(": ")
                event[field] = json.loads(value) if field == "data" else value
        except Exception:  # noqa: BLE001 - the test hung up: whatever the read was doing ends here
            pass

    def next_event(self, timeout: float = 10.0) -> dict:
        return self.events.get(timeout=timeout)

    def close(self) -> None:
        """Hang up, as a phone does: FIN now, even though the reading thread is blocked on the socket."""
        self.conn.sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    if CADDY is None:
        message = "Caddy is not installed: apt-get install -y caddy (make test-deps does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    # 2 x 8 app threads: fewer than the slow-client test's 100, however they split between the workers,
    # so without the front's buffering that test would stall (with 2 x 32 it might by luck not).
    running = Stack(tmp_path_factory.mktemp("night"), TABLEKEEPER_STREAMS_PER_GAME="2",
                    TABLEKEEPER_THREADS="8").start()
    yield running
    running.stop()
