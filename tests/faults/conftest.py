"""The real gunicorn (master + 2 workers, started as the Procfile starts it: tests.live_server) on a temporary database,
with the helpers the fault-injection tests need: moves that remember which were acknowledged,
the worker pids, and a read of what finally reached the database file."""
from __future__ import annotations

import os
import signal
import sqlite3
import time
import uuid
from pathlib import Path

import pytest
import requests

from tests.live_server import LiveServer

ENGINES = "tests.toy_engine:ENGINE"
EDITION = {"schema_version": "1.0", "edition": {"id": "faults"}, "max_take": 3, "pile": 1_000_000,
           "provenance": {"/max_take": "rulebook", "/pile": "placeholder"}}
PLAYERS = [{"name": "a", "color": "r"}, {"name": "b", "color": "b"}]
STORAGE_FAULTS = {"database_missing", "database_replaced", "database_read_only", "disk_full", "database_corrupt",
                  "database_io_error", "database_busy"}


class Gunicorn(LiveServer):
    """The app as the Procfile serves it (tests.live_server), on `db`, with 2 workers and the toy engine;
    its output kept in memory (a pipe: a file-size limit a test puts on the server cannot touch it)."""

    def __init__(self, db: Path, **env):
        super().__init__(env={"TABLEKEEPER_CREATES_PER_MINUTE": "0", "TABLEKEEPER_DATABASE": str(db),
                              "TABLEKEEPER_TEST_ENGINES": ENGINES, "TABLEKEEPER_AUTO_MIGRATE": "0",
                              "WEB_CONCURRENCY": "2", **env})
        self.db = db

    def log(self) -> str:
        return self.log_text()

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
