"""Load benchmark: tablekeeper moves through gunicorn vs a bare one-row insert.

    python bench/api_load.py [--tables 4] [--moves 300] [--workers 2] [--engine toy|asian_tigers]

Starts gunicorn twice on loopback, each time on a fresh temporary database:
1. tablekeeper (``api:create_app()``): N tables each create a game and post
   M moves one after another (If-Match + Idempotency-Key, like a phone);
2. a bare Flask app whose one endpoint inserts one row with sqlite-utils
   (same pragmas: WAL, synchronous=FULL), hit the same way.
Prints throughput, p50/p99 latency, the ratio, and the cost of move #M vs
move #1 (does a move get dearer as the game grows?).  Every loop is bounded;
only 127.0.0.1 is contacted.  Figures are for notes, never asserted in tests.
"""
from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]


def bare_app():
    """The baseline: POST /move inserts one row, nothing else."""
    from flask import Flask, jsonify

    from api.storage.db import ConnectionPool

    path = os.environ["BENCH_BARE_DATABASE"]
    pool = ConnectionPool(path)
    app = Flask(__name__)

    @app.post("/move/<table>")
    def move(table):
        db = pool.get()
        db["moves"].insert({"table_id": table, "at": time.time()})
        return jsonify({"ok": True})

    return app


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _gunicorn(target: str, env: dict, workers: int, conf: bool, threads: int = 1) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    cmd = [sys.executable, "-m", "gunicorn", "-w", str(workers), "-b", f"127.0.0.1:{port}", "--log-level", "warning",
           "--threads", str(threads)]
    if conf:
        cmd[3:3] = ["-c", "python:api.web.gunicorn_conf"]
    proc = subprocess.Popen(cmd + [target], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), **env},
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            requests.get(base + "/api/health", timeout=1)
            return proc, base
        except requests.RequestException:
            time.sleep(0.1)
    _stop(proc)
    raise SystemExit("gunicorn did not start")


def _stop(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(proc.pid, signal.SIGKILL)


def _run_tables(tables: int, worker) -> tuple[float, list[list[float]]]:
    results: list[list[float]] = [[] for _ in range(tables)]
    threads = [threading.Thread(target=worker, args=(i, results[i])) for i in range(tables)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start, results


def bench_tablekeeper(args, db: str) -> tuple[float, list[list[float]]]:
    env = {"TABLEKEEPER_DATABASE": db, "TABLEKEEPER_TEST_ENGINES": "tests.toy_engine:ENGINE",
           "TABLEKEEPER_AUTO_MIGRATE": "0"}
    proc, base = _gunicorn("api:create_app()", env, args.workers, conf=True, threads=args.threads)
    try:
        def table(index: int, latencies: list[float]) -> None:
            session = requests.Session()
            rng = random.Random(index)
            body = {"game": args.engine, "options": {"players": PLAYERS}, "seed": index}
            if args.engine == "toy":
                body["edition"] = {"schema_version": "1.0", "edition": {"id": "bench"}, "max_take": 3,
                                   "pile": 10 * args.moves + 10,
                                   "provenance": {"/max_take": "rulebook", "/pile": "placeholder"}}
            created = session.post(base + "/api/games", json=body).json()
            gid, token = created["game_id"], created["table_token"]
            version, legal = 1, created["game"]["legal_actions"]
            for _ in range(args.moves):
                if not legal:
                    break
                action = legal[0] if args.engine == "toy" else rng.choice(legal)
                t0 = time.perf_counter()
                r = session.post(f"{base}/api/games/{gid}/actions", json={"action": action},
                                 headers={"Authorization": f"Bearer {token}", "If-Match": f'"{version}"',
                                          "Idempotency-Key": str(uuid.uuid4())})
                latencies.append(time.perf_counter() - t0)
                if r.status_code != 200:
                    raise SystemExit(f"move refused: {r.status_code} {r.text[:300]}")
                data = r.json()
                version, legal = data["version"], data["game"]["legal_actions"]

        return _run_tables(args.tables, table)
    finally:
        _stop(proc)


def bench_bare(args, db: str) -> tuple[float, list[list[float]]]:
    from api.storage.db import connect
    from api.storage.migrations import enable_wal

    setup = connect(db)
    enable_wal(setup)
    setup["moves"].create({"id": int, "table_id": str, "at": float}, pk="id")
    setup.close()
    proc, base = _gunicorn("bench.api_load:bare_app()", {"BENCH_BARE_DATABASE": db}, args.workers, conf=False,
                           threads=args.threads)
    try:
        def table(index: int, latencies: list[float]) -> None:
            session = requests.Session()
            for _ in range(args.moves):
                t0 = time.perf_counter()
                r = session.post(f"{base}/move/{index}", json={"action": {"kind": "take", "amount": 1}})
                latencies.append(time.perf_counter() - t0)
                r.raise_for_status()

        return _run_tables(args.tables, table)
    finally:
        _stop(proc)


def _summary(name: str, wall: float, results: list[list[float]]) -> dict:
    flat = sorted(x for r in results for x in r)
    n = len(flat)
    out = {"name": name, "moves": n, "throughput": n / wall if wall else 0.0,
           "p50_ms": 1000 * flat[n // 2] if n else 0.0,
           "p99_ms": 1000 * flat[min(n - 1, int(n * 0.99))] if n else 0.0}
    print(f"{name:12s} {n:6d} moves in {wall:6.2f} s = {out['throughput']:7.1f}/s   "
          f"p50 {out['p50_ms']:6.2f} ms   p99 {out['p99_ms']:6.2f} ms")
    return out


def _by_index(results: list[list[float]], lo: int, hi: int) -> float:
    sample = [x for r in results for x in r[lo:hi]]
    return 1000 * statistics.median(sample) if sample else float("nan")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=4, help="concurrent tables (threads)")
    parser.add_argument("--moves", type=int, default=300, help="moves per table (bounded)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=1, help="threads per worker, both servers (gthread when > 1)")
    parser.add_argument("--engine", default="toy", choices=["toy", "asian_tigers"])
    args = parser.parse_args(argv)
    args.moves = max(10, min(args.moves, 5000))
    args.tables = max(1, min(args.tables, 200))
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{args.tables} tables x {args.moves} moves, {args.workers} gunicorn workers, engine {args.engine}")
        tk_wall, tk = bench_tablekeeper(args, str(Path(tmp) / "tk.db"))
        bare_wall, bare = bench_bare(args, str(Path(tmp) / "bare.db"))
    a = _summary("tablekeeper", tk_wall, tk)
    b = _summary("bare insert", bare_wall, bare)
    if b["throughput"]:
        print(f"ratio        tablekeeper throughput = {a['throughput'] / b['throughput']:.2f} x bare insert")
    played = min(len(r) for r in tk)
    if played >= 20:
        first, last = _by_index(tk, 0, 10), _by_index(tk, played - 10, played)
        print(f"move cost    moves 1-10 median {first:.2f} ms, moves {played - 9}-{played} median {last:.2f} ms "
              f"(x{last / first:.2f})")


if __name__ == "__main__":
    main()
