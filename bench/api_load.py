"""Load benchmark: a recorded tablekeeper move vs a bare durable insert, through gunicorn.

    python bench/api_load.py                   # real engine, 16 connections, 100 tables, paced, 3 reps
    python bench/api_load.py --quick           # one repetition, shorter runs
    python bench/api_load.py --root /tmp/old   # serve another checkout's `api` (before/after figures)
    python bench/api_load.py --database postgresql --servers 2   # PostgreSQL (a throwaway cluster), 2 app servers

Each repetition starts two servers on loopback, each with 2 gthread gunicorn
workers × 32 threads (as gunicorn.conf.py) on a fresh temporary SQLite database
(WAL, synchronous=FULL), and runs
each scenario on one then the other (the order swapped every repetition, so the
two figures of a ratio are seconds apart on a machine whose speed drifts):

1. tablekeeper (``api:create_app()``, the real Asian Tigers engine by default):
   every connection is a table that creates a 4-player game and plays random
   legal moves from each answer (If-Match + Idempotency-Key, like a phone),
   starting a new game when one ends;
2. the bare app (`bench/bare_app.py`): Flask + one sqlite-utils insert per move.

Load comes from one asyncio process (`bench/aclient.py`), so the client is not
the bottleneck (its CPU is printed; a worker's CPU is user + system, the
system part printed apart).
Scenarios: `--connections` flat out, 100 tables flat out, and paced (100 tables, one move every 1-5 s each: p50/p99);
then one table playing whole games alone (move #150+ vs moves #1-10), and the
database bytes per move (`--scenarios` picks a subset).  Answers 503 are counted,
not hidden: a refused move is an error and the table plays on; a refused game
creation (503 database_busy, 429) is retried after its Retry-After, counted, and
a table gives up after 10 in a row.  Ratios are medians over the repetitions.  Figures
are for notes: never asserted in tests.  Only 127.0.0.1 is contacted.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from bench.aclient import Connection  # noqa: E402

# What Chrome on a phone sends over HTTPS (the server then answers zstd, its cheapest encoding).
ACCEPT_ENCODING = "gzip, deflate, br, zstd"
CREATE_TRIES = 10  # a table gives up after this many refused creations in a row
PLAYERS = [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Bo", "blue"), ("Cy", "green"), ("Di", "yellow"))]
TOY_EDITION = {"schema_version": "1.0", "edition": {"id": "bench"}, "max_take": 1, "pile": 100_000,
               "provenance": {"/max_take": "rulebook", "/pile": "placeholder"}}


@dataclass
class Server:
    """A running gunicorn: its master process, port and database."""

    proc: subprocess.Popen
    port: int
    database: str

    def workers(self) -> list[int]:
        """Pids of the worker processes."""
        try:
            text = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text()
        except OSError:
            return []
        return [int(p) for p in text.split()]

    def cpu_split(self) -> tuple[float, float]:
        """User and system CPU seconds of the workers so far."""
        tick = os.sysconf("SC_CLK_TCK")
        user = system = 0.0
        for pid in self.workers():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            user += int(fields[11]) / tick
            system += int(fields[12]) / tick
        return user, system

    def cpu_seconds(self) -> float:
        """User + system CPU of the workers so far."""
        return sum(self.cpu_split())


@dataclass
class Run:
    """What one scenario measured on one server."""

    name: str
    latencies: list[float] = field(default_factory=list)
    by_move: list[tuple[int, float]] = field(default_factory=list)
    seconds: float = 0.0
    worker_cpu: float = 0.0
    worker_sys: float = 0.0  # the kernel's part of worker_cpu (TCP, the WAL's writes and fsyncs)
    client_cpu: float = 0.0
    errors: int = 0
    busy: int = 0  # moves answered 503 database_busy (counted in `errors` too; the table plays on)
    create_busy: int = 0  # game creations answered 503 or 429 (retried after Retry-After)
    gave_up: int = 0  # tables that stopped: their game could not be created after `CREATE_TRIES`

    @property
    def throughput(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def pct(self, q: float) -> float:
        data = sorted(self.latencies)
        return 1000 * data[min(len(data) - 1, int(len(data) * q))] if data else float("nan")

    @property
    def cpu_per_move_ms(self) -> float:
        return 1000 * self.worker_cpu / len(self.latencies) if self.latencies else float("nan")

    def line(self) -> str:
        return (f"  {self.name:12s} {len(self.latencies):6d} moves {self.throughput:8.1f}/s  p50 {self.pct(.5):7.2f} ms"
                f"  p99 {self.pct(.99):7.2f} ms  worker CPU {self.cpu_per_move_ms:5.2f} ms/move"
                f" (sys {1000 * self.worker_sys / max(len(self.latencies), 1):4.2f})"
                f"  client CPU {100 * self.client_cpu / self.seconds if self.seconds else 0:4.0f}%"
                + (f"  errors {self.errors}" if self.errors else "")
                + (f" (503 database_busy {self.busy})" if self.busy else "")
                + (f"  creates refused {self.create_busy}" if self.create_busy else "")
                + (f"  tables gave up {self.gave_up}" if self.gave_up else ""))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(kind: str, args, database: str) -> Server:
    """Start tablekeeper or the bare app and wait until it answers."""
    port = _free_port()
    cmd = [sys.executable, "-m", "gunicorn", "-w", str(args.workers), "-b", f"127.0.0.1:{port}",
           "--log-level", "warning", "--backlog", "2048", "-k", args.worker_class, "--threads",
           str(args.threads)]
    if kind == "tablekeeper":
        env = {"TABLEKEEPER_DATABASE": database, "TABLEKEEPER_TEST_ENGINES": "tests.toy_engine:ENGINE",
               "TABLEKEEPER_CREATES_PER_MINUTE": "0", "PYTHONPATH": str(args.root)}
        conf = Path(args.root) / "gunicorn.conf.py"  # an older checkout (--root) has api/web/gunicorn_conf.py
        cmd += ["-c", str(conf) if conf.exists() else "python:api.web.gunicorn_conf", "api:create_app()"]
        cwd = args.root
    else:
        from bench.bare_app import prepare

        prepare(database)
        env = {"BENCH_BARE_DATABASE": database, "PYTHONPATH": str(ROOT)}
        cmd += ["-c", "/dev/null", "bench.bare_app:create_app()"]  # not ./gunicorn.conf.py: tablekeeper's hooks
        cwd = ROOT
    proc = subprocess.Popen(cmd, cwd=cwd, env={**os.environ, **env}, start_new_session=True)
    server = Server(proc, port, database)

    async def ready() -> bool:
        for _ in range(600):
            try:
                conn = await Connection("127.0.0.1", port).open()
                status, _, _ = await conn.request("GET", "/api/health")
                await conn.close()
                if status in (200, 503) and len(server.workers()) >= args.workers:
                    return True
            except OSError:
                pass
            await asyncio.sleep(0.1)
        return False

    if not asyncio.run(ready()):
        stop(server)
        raise SystemExit(f"{kind}: gunicorn did not start")
    time.sleep(1.0)  # let post_worker_init warm-ups finish
    return server


def stop(server: Server) -> None:
    """Stop a server and all its workers."""
    try:
        os.killpg(server.proc.pid, signal.SIGTERM)
        server.proc.wait(timeout=20)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(server.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


class Table:
    """One table: its game on tablekeeper (or its id on the bare app) and a random source."""

    def __init__(self, kind: str, index: int, port: int, engine: str):
        self.kind, self.index, self.engine = kind, index, engine
        self.conn = Connection("127.0.0.1", port)
        self.rng = random.Random(index)
        self.game = None

    async def new_game(self, run: Run) -> bool:
        """Create this table's next game; False when it was refused `CREATE_TRIES` times (recorded in `run`).

        A 503 (the database busy under saturation) or a 429 is what a phone sees too: it waits the
        answer's Retry-After and tries again.  Each refusal is counted, never hidden.
        """
        body = {"game": self.engine, "options": {"players": PLAYERS}, "seed": self.rng.randrange(2**31)}
        if self.engine == "toy":
            body["options"] = {"players": PLAYERS[:2]}
            body["edition"] = TOY_EDITION
        for _ in range(CREATE_TRIES):
            status, headers, data = await self.conn.request("POST", "/api/games", orjson.dumps(body))
            if status not in (429, 503):
                break
            run.create_busy += 1
            await asyncio.sleep(min(float(headers.get("retry-after", "1") or 1), 5.0))
        else:
            self.game = None
            run.gave_up += 1
            return False
        if status != 201:
            raise SystemExit(f"create refused: {status} {data[:300]!r}")
        created = orjson.loads(data)
        self.game = {"id": created["game_id"], "token": created["table_token"], "version": created["game"]["version"],
                     "legal": created["game"]["legal_actions"], "moves": 0}
        return True

    async def move(self, run: Run) -> bool:
        """One move, timed; False when the table stops (its next game could not be created)."""
        if self.kind == "bare":
            t0 = time.perf_counter()
            status, _, _ = await self.conn.request("POST", f"/move/{self.index}",
                                                   b'{"action":{"kind":"take","amount":1}}')
            run.latencies.append(time.perf_counter() - t0)
            run.errors += status != 200
            run.busy += status == 503
            return True
        if (self.game is None or not self.game["legal"]) and not await self.new_game(run):
            return False
        g = self.game
        action = self.rng.choice(g["legal"])
        headers = {"Authorization": f"Bearer {g['token']}", "If-Match": f'"{g["version"]}"',
                   "Idempotency-Key": uuid.uuid4().hex, "Accept-Encoding": ACCEPT_ENCODING}
        t0 = time.perf_counter()
        status, _, data = await self.conn.request("POST", f"/api/games/{g['id']}/actions",
                                                  orjson.dumps({"action": action}), headers)
        elapsed = time.perf_counter() - t0
        if status == 503:  # nothing was changed: the game plays on (a phone's outbox sends it again)
            run.errors += 1
            run.busy += b"database_busy" in data
            return True
        if status != 200:
            run.errors += 1
            self.game = None
            return True
        answer = orjson.loads(data)
        g["moves"] += 1
        run.latencies.append(elapsed)
        run.by_move.append((g["moves"], elapsed))
        g["version"], g["legal"] = answer["version"], answer["game"]["legal_actions"]
        return True


async def _drive(tables: list[Table], seconds: float, run: Run, server: Server, paced: bool) -> None:
    if tables[0].kind == "tablekeeper":
        await asyncio.gather(*(t.new_game(run) for t in tables))
    deadline = time.perf_counter() + seconds

    async def loop(table: Table) -> None:
        if paced:
            await asyncio.sleep(table.rng.uniform(0, 5))
        while time.perf_counter() < deadline:
            if not await table.move(run):
                return
            if paced:
                await asyncio.sleep(table.rng.uniform(1, 5))

    (user0, sys0), client0, t0 = server.cpu_split(), time.process_time(), time.perf_counter()
    await asyncio.gather(*(loop(t) for t in tables))
    run.seconds = time.perf_counter() - t0
    user1, sys1 = server.cpu_split()
    run.worker_cpu, run.worker_sys = user1 - user0 + sys1 - sys0, sys1 - sys0
    run.client_cpu = time.process_time() - client0
    for t in tables:
        await t.conn.close()


class Fleet(list):
    """Several app servers on one database: tables are spread over them round-robin."""

    def cpu_split(self) -> tuple[float, float]:
        """User and system CPU of every server's workers so far."""
        splits = [s.cpu_split() for s in self]
        return sum(u for u, _ in splits), sum(k for _, k in splits)

    def cpu_seconds(self) -> float:
        """Worker CPU of every server of the fleet so far."""
        return sum(self.cpu_split())


def scenario(kind: str, server: Server | Fleet, args, connections: int, seconds: float, paced: bool = False) -> Run:
    """Drive `server` (or every server of a fleet) with `connections` tables for `seconds`."""
    run = Run(kind)
    servers = server if isinstance(server, Fleet) else [server]
    tables = [Table(kind, i, servers[i % len(servers)].port, args.engine) for i in range(connections)]
    asyncio.run(_drive(tables, seconds, run, server, paced))
    return run


def game_length_costs(server: Server, args) -> tuple[float, float, int]:
    """One table alone playing whole games: median latency of moves 1-10 and of moves 150+."""
    run = Run("alone")
    table = Table("tablekeeper", 10_000, server.port, args.engine)

    async def play() -> None:
        for _ in range(args.long_games):
            await table.new_game(run)
            while table.game and table.game["legal"]:
                await table.move(run)
        await table.conn.close()

    asyncio.run(play())
    early = [t for n, t in run.by_move if n <= 10]
    late = [t for n, t in run.by_move if n >= 150]
    return (1000 * statistics.median(early) if early else float("nan"),
            1000 * statistics.median(late) if late else float("nan"), len(late))


def database_bytes(path: str) -> tuple[dict[str, int], int]:
    """Bytes of the database file after a checkpoint and of each table and index; the moves stored."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    moves = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    sizes = {"file": Path(path).stat().st_size}
    try:
        for name, size in conn.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name"):
            sizes[name] = size
    except sqlite3.OperationalError:  # dbstat not compiled in: the file size alone
        pass
    conn.close()
    return sizes, moves


def _ratio_line(label: str, tk: list[Run], bare: list[Run]) -> str:
    thr = statistics.median(a.throughput / b.throughput for a, b in zip(tk, bare) if b.throughput)
    cpu = statistics.median(a.cpu_per_move_ms / b.cpu_per_move_ms for a, b in zip(tk, bare) if b.latencies)
    return (f"{label:24s} throughput tablekeeper/bare = {thr:.2f}   worker CPU per move x{cpu:.2f}   "
            f"tablekeeper p50 {statistics.median(r.pct(.5) for r in tk):.1f} ms p99 "
            f"{statistics.median(r.pct(.99) for r in tk):.1f} ms   bare p50 {statistics.median(r.pct(.5) for r in bare):.1f}"
            f" ms p99 {statistics.median(r.pct(.99) for r in bare):.1f} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=16, help="connections in the flat-out scenario")
    parser.add_argument("--tables", type=int, default=100, help="tables in the many-tables and paced scenarios")
    parser.add_argument("--seconds", type=float, default=15, help="length of each flat-out run")
    parser.add_argument("--paced-seconds", type=float, default=40, help="length of the paced run")
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers, both servers")
    parser.add_argument("--engine", default="asian_tigers", choices=["asian_tigers", "toy"])
    parser.add_argument("--long-games", type=int, default=2, help="whole games played alone (move-cost growth)")
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout whose `api` package is served")
    parser.add_argument("--quick", action="store_true", help="1 repetition, 6 s runs, 15 s paced")
    parser.add_argument("--database", default="sqlite",
                        help="sqlite (temporary files), postgresql (a throwaway cluster, fsync on) or a "
                             "postgresql:// URL (a fresh schema per run); the bare app uses the same kind")
    parser.add_argument("--servers", type=int, default=1, help="tablekeeper app servers on the one database")
    parser.add_argument("--worker-class", default="gthread", help="gunicorn worker class, both servers "
                        "(gthread: production's, gunicorn.conf.py)")
    parser.add_argument("--threads", type=int, default=32, help="threads per worker, both servers (as gunicorn.conf.py)")
    parser.add_argument("--scenarios", default="flat,tables,paced,alone",
                        help="comma-separated subset of flat, tables, paced, alone (the one-table and bytes figures)")
    args = parser.parse_args(argv)
    chosen = set(args.scenarios.split(","))
    if args.quick:
        args.repetitions, args.seconds, args.paced_seconds, args.long_games = 1, 6, 15, 1
    args.root = args.root.resolve()
    print(f"engine {args.engine}, {args.workers} {args.worker_class} workers per server, {args.servers} tablekeeper "
          f"server(s) on {args.database}, serving {args.root}; load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} CPUs")
    from bench.pg import Databases, is_postgres

    pg = Databases(args.database) if is_postgres(args.database) else None
    results: dict[str, dict[str, list[Run]]] = {s: {"tablekeeper": [], "bare": []} for s in ("flat", "tables", "paced")}
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as cleanup:
        if pg:
            cleanup.callback(pg.close)  # drop the schemas, stop a throwaway cluster, even after a failure
        for rep in range(args.repetitions):
            print(f"repetition {rep + 1}/{args.repetitions}")
            # Both servers are up for the whole repetition and take each scenario in turn, the order
            # swapped every repetition: the two figures of a ratio are taken seconds apart, so a shared
            # machine's drift (its speed moves by tens of per cent over minutes) does not side with one.
            fleets = {}
            for kind in ("tablekeeper", "bare"):
                database = pg.fresh() if pg else str(Path(tmp) / f"{kind}-{rep}.db")
                count = args.servers if kind == "tablekeeper" else 1
                fleets[kind] = fleet = Fleet()
                cleanup.callback(lambda f=fleet: [stop(each) for each in f])
                fleet.extend(start(kind, args, database) for _ in range(count))
            order = ("tablekeeper", "bare") if rep % 2 == 0 else ("bare", "tablekeeper")
            for name, conns, secs, paced in (("flat", args.connections, args.seconds, False),
                                             ("tables", args.tables, args.seconds, False),
                                             ("paced", args.tables, args.paced_seconds, True)):
                if name not in chosen:
                    continue
                for kind in order:
                    fleet = fleets[kind]
                    server = fleet if len(fleet) > 1 else fleet[0]
                    db_cpu = pg.server_cpu_seconds() if pg else None
                    run = scenario(kind, server, args, conns, secs, paced)
                    run.name = f"{kind}/{name}"
                    results[name][kind].append(run)
                    print(run.line())
                    if db_cpu is not None and run.latencies:
                        print(f"    postgres CPU {1000 * (pg.server_cpu_seconds() - db_cpu) / len(run.latencies):.2f}"
                              " ms/move")
            for each in fleets["bare"]:
                stop(each)
            fleet = fleets["tablekeeper"]
            if rep == 0 and "alone" in chosen:
                early, late, n = game_length_costs(fleet[0], args)
                print(f"  one table alone: moves 1-10 median {early:.2f} ms, moves 150+ median {late:.2f} ms "
                      f"({n} moves) = x{late / early:.2f}")
                database = fleet[0].database
                sizes, moves = pg.database_bytes(database) if pg else database_bytes(database)
                detail = ", ".join(f"{k} {v / 1024:.0f} KiB" for k, v in sorted(sizes.items()) if k != "file")
                print(f"  database: {sizes['file'] / 1024:.0f} KiB for {moves} moves = "
                      f"{sizes['file'] / max(moves, 1):.0f} bytes/move ({detail})")
                if "idempotency" in sizes:
                    kept = sizes["file"] - sizes["idempotency"] - sizes.get("idempotency_created_at", 0)
                    print(f"  database once the idempotency records are pruned: "
                          f"{kept / max(moves, 1):.0f} bytes/move")
            for each in fleet:
                stop(each)
    print("medians over repetitions:")
    for name, label in (("flat", f"{args.connections} connections"), ("tables", f"{args.tables} tables flat out")):
        if name in chosen:
            print(_ratio_line(label, results[name]["tablekeeper"], results[name]["bare"]))
    for name in ("flat", "tables"):
        runs = results[name]["tablekeeper"]
        if name in chosen and any(r.busy or r.create_busy or r.gave_up for r in runs):
            print(f"{name:24s} tablekeeper 503 database_busy: moves {sum(r.busy for r in runs)} of "
                  f"{sum(len(r.latencies) + r.errors for r in runs)}, creates refused "
                  f"{sum(r.create_busy for r in runs)}, tables gave up {sum(r.gave_up for r in runs)} (all repetitions)")
    paced = results["paced"]
    if "paced" in chosen:
        print(f"{'paced ' + str(args.tables) + ' tables':24s} tablekeeper p50 "
              f"{statistics.median(r.pct(.5) for r in paced['tablekeeper']):.1f} ms p99 "
              f"{statistics.median(r.pct(.99) for r in paced['tablekeeper']):.1f} ms   bare p50 "
              f"{statistics.median(r.pct(.5) for r in paced['bare']):.1f} ms p99 "
              f"{statistics.median(r.pct(.99) for r in paced['bare']):.1f} ms")


if __name__ == "__main__":
    main()
