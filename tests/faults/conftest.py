"""The real gunicorn (master + 2 workers, the project's gunicorn.conf.py) on a temporary database,
with the helpers the fault-injection tests need: moves that remember which were acknowledged,
the worker pids, and a read of what finally reached the database file."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
ENGINES = "tests.toy_engine:ENGINE"
EDITION = {"schema_version": "1.0", "edition": {"id": "faults"}, "max_take": 3, "pile": 1_000_000,
           "provenance": {"/max_take": "rulebook", "/pile": "placeholder"}}
PLAYERS = [{"name": "a", "color": "r"}, {"name": "b", "color": "b"}]
STORAGE_FAULTS = {"database_missing", "database_replaced", "database_read_only", "disk_full", "database_corrupt",
                  "database_io_error", "database_busy"}


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Gunicorn:
    """One gunicorn master we started (its own process group), its output kept in memory."""

    def __init__(self, db: Path, **env):
        self.db = db
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "TABLEKEEPER_CREATES_PER_MINUTE": "0", "TABLEKEEPER_DATABASE": str(db),
                    "TABLEKEEPER_TEST_ENGINES": ENGINES,
                    "TABLEKEEPER_AUTO_MIGRATE": "0", "PYTHONPATH": str(ROOT), "WEB_CONCURRENCY": "2", **env}
        self.output: list[str] = []
        self.proc: subprocess.Popen | None = None

    def start(self, expect_healthy: bool = True) -> "Gunicorn":
        # Output goes to a pipe (not a file) so that a file-size limit on the server cannot touch it.
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"), "-b", f"127.0.0.1:{self.port}",
             "api:create_app()"], cwd=ROOT, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            start_new_session=True, text=True, errors="replace")
        threading.Thread(target=lambda: self.output.extend(self.proc.stdout), daemon=True).start()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, f"gunicorn exited: {self.log()[-3000:]}"
            try:
                status = requests.get(self.url + "/api/health", timeout=2).status_code
                if status == 200 or not expect_healthy:
                    return self
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise AssertionError(f"gunicorn did not come up: {self.log()[-3000:]}")

    def log(self) -> str:
        return "".join(self.output)

    def workers(self) -> list[int]:
        path = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        return [int(p) for p in path.read_text().split()]

    def replace_workers(self) -> None:
        """SIGHUP: gunicorn starts fresh workers (new imports, new connections) and retires the old ones."""
        old = set(self.workers())
        os.kill(self.proc.pid, signal.SIGHUP)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            now = set(self.workers())
            if len(now) == 2 and not now & old:
                time.sleep(0.5)  # let them finish booting
                return
            time.sleep(0.1)
        raise AssertionError(f"workers were not replaced: {self.log()[-2000:]}")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)

    # -- the game --------------------------------------------------------------------------
    def create_game(self) -> dict:
        resp = requests.post(self.url + "/api/games", json={"game": "toy", "edition": EDITION, "seed": 1,
                                                            "options": {"players": PLAYERS}}, timeout=10)
        assert resp.status_code == 201, resp.text
        game = resp.json()
        game["version"] = game["game"]["version"]
        game["acked"] = []  # the amounts of every move answered 2xx, in order
        return game

    def move(self, game: dict, amount: int = 1) -> requests.Response:
        """One move; remembered when acknowledged."""
        resp = requests.post(f"{self.url}/api/games/{game['game_id']}/actions",
                             json={"action": {"kind": "take", "amount": amount}}, timeout=10,
                             headers={"Authorization": f"Bearer {game['table_token']}",
                                      "If-Match": f'"{game["version"]}"', "Idempotency-Key": str(uuid.uuid4())})
        if resp.status_code == 200:
            game["version"] = resp.json()["version"]
            game["acked"].append(amount)
        return resp

    def health(self) -> requests.Response:
        return requests.get(self.url + "/api/health", timeout=10)


def stored_moves(db: Path, game_id: str) -> list[int]:
    """The live moves of `game_id` as the database file holds them (read after the server stopped)."""
    import json

    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT payload FROM actions WHERE game_id = ? AND reverted = 0 ORDER BY seq",
                            (game_id,)).fetchall()
    finally:
        conn.close()
    return [json.loads(p)["amount"] for (p,) in rows]


def assert_storage_fault(resp: requests.Response) -> str:
    """A 503 problem+json naming a storage fault, with Retry-After; returns its code."""
    assert resp.status_code == 503, (resp.status_code, resp.text[:300])
    assert resp.headers["Content-Type"].startswith("application/problem+json")
    assert int(resp.headers["Retry-After"]) > 0
    code = resp.json()["code"]
    assert code in STORAGE_FAULTS, resp.json()
    return code


@pytest.fixture
def gunicorn(tmp_path):
    """Factory: a started gunicorn on `tmp_path/<name>`; every one is stopped after the test."""
    servers: list[Gunicorn] = []

    def make(name: str = "faults.db", expect_healthy: bool = True, **env) -> Gunicorn:
        server = Gunicorn(tmp_path / name, **env)
        servers.append(server)
        return server.start(expect_healthy)

    yield make
    for server in servers:
        server.stop()
