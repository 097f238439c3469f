"""Crash test: real gunicorn (2 workers), moves from several threads, kill -9, restart.

Every move that was answered 2xx must be in the log afterwards, and replaying
every stored game must give the stored state.  (kill -9 proves that nothing is
acknowledged before its transaction commits; surviving a power cut is what
``synchronous=FULL`` adds on top, which no test here can cut the power for.)
"""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import requests

from tests.live_server import LiveServer

ROOT = Path(__file__).resolve().parents[2]
PILE = 1_000_000


def test_kill_9_loses_no_acknowledged_move(tmp_path):
    db = str(tmp_path / "crash.db")
    log_path = tmp_path / "gunicorn.log"
    server = LiveServer(env={"TABLEKEEPER_CREATES_PER_MINUTE": "0", "TABLEKEEPER_DATABASE": db, "TABLEKEEPER_TEST_ENGINES": "tests.toy_engine:ENGINE",
                             "TABLEKEEPER_AUTO_MIGRATE": "0", "WEB_CONCURRENCY": "2"}, log=log_path)
    base = server.start().url  # the same port after the restart below
    try:
        edition = {"schema_version": "1.0", "edition": {"id": "crash"}, "max_take": 3, "pile": PILE,
                   "provenance": {"/max_take": "rulebook", "/pile": "placeholder"}}
        games = []
        for _ in range(3):
            r = requests.post(f"{base}/api/games", json={"game": "toy", "edition": edition, "seed": 1,
                                                         "options": {"players": [{"name": "a", "color": "r"},
                                                                                 {"name": "b", "color": "b"}]}})
            assert r.status_code == 201, r.text
            games.append(r.json())
        acked: dict[str, list[tuple[int, dict]]] = {g["game_id"]: [] for g in games}
        pending: list[tuple[str, str, dict, str]] = []
        stop = threading.Event()
        lock = threading.Lock()

        def player(game: dict, amount: int) -> None:
            session = requests.Session()
            gid, token = game["game_id"], game["table_token"]
            version = 1
            for _ in range(2000):  # bounded
                if stop.is_set():
                    return
                key = str(uuid.uuid4())
                body = {"action": {"kind": "take", "amount": amount}}
                try:
                    r = session.post(f"{base}/api/games/{gid}/actions", json=body, timeout=5,
                                     headers={"Authorization": f"Bearer {token}", "If-Match": f'"{version}"',
                                              "Idempotency-Key": key})
                except requests.RequestException:
                    with lock:
                        pending.append((gid, token, body, key))
                    return
                if r.status_code == 200:
                    data = r.json()
                    version = data["version"]
                    with lock:
                        acked[gid].append((data["applied"][0]["seq"], body["action"]))
                elif r.status_code == 412:
                    version = r.json()["current_version"]
                else:
                    raise AssertionError(f"unexpected {r.status_code}: {r.text}")

        threads = [threading.Thread(target=player, args=(g, a), daemon=True) for g in games for a in (1, 2)]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and sum(len(v) for v in acked.values()) < 150:
            time.sleep(0.02)
        server.kill()
        stop.set()
        for t in threads:
            t.join(timeout=10)
        total = sum(len(v) for v in acked.values())
        print(f"acknowledged {total} moves, {len(pending)} in flight at the kill")
        assert total >= 20, f"too few moves before the kill ({total}); see {log_path}"

        server.start()
        for game in games:
            gid, token = game["game_id"], game["table_token"]
            headers = {"Authorization": f"Bearer {token}"}
            entries, after = [], 0
            while True:
                page = requests.get(f"{base}/api/games/{gid}/log?after={after}", headers=headers).json()
                entries += page["entries"]
                after = page["next_after"]
                if not page["more"]:
                    break
            stored = {e["seq"]: e for e in entries}
            for seq, action in acked[gid]:
                assert seq in stored and stored[seq]["action"] == action and not stored[seq]["reverted"]
            view = requests.get(f"{base}/api/games/{gid}", headers=headers).json()
            taken = sum(e["action"]["amount"] for e in entries if not e["reverted"])
            assert view["view"]["pile"] == PILE - taken
            assert view["live_actions"] == len(entries) >= len(acked[gid])
        for gid, token, body, key in pending:  # a retried in-flight move is applied at most once
            headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": key, "If-Match": "*"}
            before = requests.get(f"{base}/api/games/{gid}", headers=headers).json()["live_actions"]
            r = requests.post(f"{base}/api/games/{gid}/actions", json=body, headers=headers)
            assert r.status_code == 200
            after_count = requests.get(f"{base}/api/games/{gid}", headers=headers).json()["live_actions"]
            assert after_count == before + (0 if r.headers.get("Idempotent-Replayed") else 1)
    finally:
        server.kill()

    check = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "api", "replay-check"], cwd=ROOT, capture_output=True, text=True,
        env={**os.environ, "TABLEKEEPER_DATABASE": db, "TABLEKEEPER_TEST_ENGINES": "tests.toy_engine:ENGINE",
             "PYTHONPATH": str(ROOT)}, timeout=120,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    assert "3 games checked, 0 diverged" in check.stdout
    assert sqlite3.connect(db).execute("PRAGMA integrity_check").fetchone()[0] == "ok"
