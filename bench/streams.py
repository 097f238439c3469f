"""Game night at scale, through the real front (run by hand; figures go in closing notes, never asserted).

Starts ``deploy/serve.py`` (gunicorn + the stream service + Caddy with its internal CA) on free ports with
a temporary database and Caddy data directory, then, all over HTTPS through Caddy:

1. creates TABLES games (the toy engine: this measures the front and the streams, not the rules) and
   opens PHONES event streams per table;
2. makes one move at every table and checks that every stream hears its table's move (how many did,
   and the delivery time from the move's answer, p50/p99/max);
3. paces moves at 100 tables (one every ~2 s each) for a while: move latency p50/p99;
4. memory: RSS (and PSS) of Caddy + the stream service + the app (all processes) before and with the
   streams open, per idle stream and per part, and Caddy's own Go statistics (goroutine stacks, heap);
5. the same paced moves beside 100 slow clients (bodies trickled a byte every 2 s): p99 with and without.

    python bench/streams.py [--tables 2500] [--phones 4] [--seconds 20] [--http2]

The phones speak HTTP/1.1 over TLS to Caddy, or HTTP/2 with --http2 (as browsers do).  Open streams are
capped by file descriptors: Caddy holds one per stream (its streams share a few HTTP/2 connections to
the stream service) and the phones' process one, so a hard ``ulimit -n`` of 20,000 (this machine) fits
10,000; the benchmark raises its soft limit to the hard one.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import resource
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.aclient import Connection  # noqa: E402

EDITION = {"schema_version": "1.0", "edition": {"id": "bench"}, "max_take": 3, "pile": 1_000_000_000,
           "provenance": {"/max_take": "rulebook", "/pile": "placeholder"}}
PLAYERS = [{"name": "a", "color": "r"}, {"name": "b", "color": "b"}]


FAILED: list[str] = []  # moves answered other than 200 (the run goes on; the count is printed)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def ms(value: float) -> str:
    return f"{value * 1000:.1f} ms"


class TlsConnection(Connection):
    """`bench.aclient.Connection` over TLS to Caddy (trusting its local CA)."""

    def __init__(self, port: int, context: ssl.SSLContext):
        super().__init__("localhost", port)
        self.context = context

    async def open(self) -> "TlsConnection":
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port, ssl=self.context,
                                                                 server_hostname="localhost")
        self.reused = False
        return self


def tree_rss_kb(pid: int) -> int:
    """RSS (kB) of `pid` and all its descendants."""
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        try:
            for line in Path(f"/proc/{current}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        todo.extend(int(c) for c in children)
    return total


def tree_pss_kb(pid: int) -> int:
    """PSS (kB) of `pid` and all its descendants: pages shared between processes (gunicorn's forked
    workers) are split between them instead of counted in each."""
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        try:
            for line in Path(f"/proc/{current}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
            todo.extend(int(c) for c in Path(f"/proc/{current}/task/{current}/children").read_text().split())
        except OSError:
            continue
    return total


def caddy_memstats(admin: str) -> dict[str, int]:
    """Go's own account of Caddy's memory (its admin endpoint's /debug/vars): bytes of goroutine
    stacks, of heap in use, and all it took from the system; empty when the endpoint does not answer."""
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://{admin}/debug/vars", timeout=5) as answer:
            stats = json.loads(answer.read())["memstats"]
    except (OSError, ValueError, KeyError):
        return {}
    return {"stacks": stats["StackInuse"], "heap": stats["HeapInuse"], "sys": stats["Sys"],
}


def tree_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of `pid` and all its descendants."""
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            todo.extend(int(c) for c in Path(f"/proc/{current}/task/{current}/children").read_text().split())
        except OSError:
            continue
    return total


def parts_cpu(pid: int) -> dict[str, float]:
    """CPU seconds of each part `deploy/serve.py` started, by name."""
    parts: dict[str, float] = {}
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        cmdline = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
        name = next((n for n in ("caddy", "hypercorn", "uvicorn", "gunicorn") if any(n.encode() in a for a in cmdline)), child)
        parts[name] = tree_cpu_seconds(int(child))
    return parts


def parts_rss_kb(pid: int) -> dict[str, int]:
    """RSS (kB) of each part `deploy/serve.py` started (its children with their descendants), by name."""
    parts: dict[str, int] = {}
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        cmdline = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
        name = next((n for n in ("caddy", "hypercorn", "uvicorn", "gunicorn") if any(n.encode() in a for a in cmdline)), child)
        parts[name] = tree_rss_kb(int(child))
    return parts


class Stream:
    """One phone's event stream: records when each version arrived.  HTTP/1.1 over TLS by default;
    HTTP/2 over TLS (ALPN h2, as a phone's browser speaks to Caddy) with `http2`."""

    def __init__(self, game: dict, http2: bool = False):
        self.game = game
        self.http2 = http2
        self.heard: dict[int, float] = {}  # version -> when it arrived (time.monotonic: one clock for all processes)
        self.task: asyncio.Task | None = None
        self.buffer = b""
        self.opened: asyncio.Event | None = None

    def feed(self, data: bytes) -> None:
        """Take a piece of the SSE text; note the version of every complete event in it."""
        self.buffer += data
        while b"\n\n" in self.buffer:
            block, self.buffer = self.buffer.split(b"\n\n", 1)
            for line in block.split(b"\n"):
                if line.startswith(b"data: "):
                    self.heard[json.loads(line[6:])["version"]] = time.monotonic()
                    if self.opened is not None:
                        self.opened.set()
                        self.opened = None

    async def run(self, port: int, context: ssl.SSLContext, opened: asyncio.Event | None = None) -> None:
        self.opened = opened
        reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=context, server_hostname="localhost")
        try:
            if self.http2:
                await self.run_h2(reader, writer, port)
                return
            writer.write(f"GET /api/games/{self.game['game_id']}/events HTTP/1.1\r\nHost: localhost:{port}\r\n"
                         f"Authorization: Bearer {self.game['table_token']}\r\nAccept: text/event-stream\r\n\r\n"
                         .encode())
            head = await reader.readuntil(b"\r\n\r\n")
            if b" 200 " not in head.split(b"\r\n", 1)[0]:
                raise RuntimeError(head.split(b"\r\n", 1)[0].decode())
            while True:  # chunked transfer coding from Caddy; SSE blocks inside
                size = int((await reader.readuntil(b"\r\n")).strip(), 16)
                self.feed((await reader.readexactly(size + 2))[:-2])
        finally:
            writer.close()

    async def run_h2(self, reader, writer, port: int) -> None:
        """The same stream as one HTTP/2 request on its own connection (the h2 library: pip install h2)."""
        import h2.config
        import h2.connection
        import h2.events

        if writer.get_extra_info("ssl_object").selected_alpn_protocol() != "h2":
            raise RuntimeError("the server did not agree to HTTP/2")
        conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
        conn.initiate_connection()
        conn.send_headers(1, [(":method", "GET"), (":path", f"/api/games/{self.game['game_id']}/events"),
                              (":scheme", "https"), (":authority", f"localhost:{port}"),
                              ("authorization", f"Bearer {self.game['table_token']}"),
                              ("accept", "text/event-stream")], end_stream=True)
        writer.write(conn.data_to_send())
        while data := await reader.read(65536):
            for event in conn.receive_data(data):
                if isinstance(event, h2.events.ResponseReceived):
                    status = dict(event.headers).get(b":status")
                    if status != b"200":
                        raise RuntimeError(f"status {status!r}")
                elif isinstance(event, h2.events.DataReceived):
                    conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
                    self.feed(event.data)
                elif isinstance(event, (h2.events.StreamEnded, h2.events.StreamReset)):
                    return
            writer.write(conn.data_to_send())


async def move(conn: TlsConnection, game: dict) -> tuple[float, float]:
    """One move; (seconds it took, when its answer came)."""
    started = time.monotonic()
    status, _headers, body = await conn.request(
        "POST", f"/api/games/{game['game_id']}/actions", json.dumps({"action": {"kind": "take", "amount": 1}}).encode(),
        {"Authorization": f"Bearer {game['table_token']}", "If-Match": f'"{game["version"]}"',
         "Idempotency-Key": str(uuid.uuid4())})
    done = time.monotonic()
    if status != 200:
        FAILED.append(f"{status} {body[:100]!r}")
        return done - started, done
    game["version"] = json.loads(body)["version"]
    return done - started, done


async def paced(port: int, context: ssl.SSLContext, games: list[dict], seconds: float) -> list[float]:
    """100 tables, each moving about every 2 s, for `seconds`: the moves' latencies."""
    latencies: list[float] = []
    end = time.monotonic() + seconds

    async def table(game: dict, offset: float) -> None:
        conn = await TlsConnection(port, context).open()  # the TLS handshake is not part of a move
        await asyncio.sleep(offset)
        while time.monotonic() < end:
            took, _ = await move(conn, game)
            latencies.append(took)
            await asyncio.sleep(max(0.0, 2.0 - took))
        await conn.close()

    await asyncio.gather(*(table(game, i * 0.02) for i, game in enumerate(games[:100])))
    return latencies


async def slow_client(port: int, context: ssl.SSLContext, game: dict, stop: asyncio.Event) -> None:
    """A valid move's headers (the app would have to read its body), then the body a byte every 2 s."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=context, server_hostname="localhost")
    writer.write(f"POST /api/games/{game['game_id']}/actions HTTP/1.1\r\nHost: localhost:{port}\r\n"
                 f"Content-Type: application/json\r\nContent-Length: 100000\r\n"
                 f"Authorization: Bearer {game['table_token']}\r\nIf-Match: \"{game['version']}\"\r\n"
                 f"Idempotency-Key: {uuid.uuid4()}\r\n\r\n".encode())
    while not stop.is_set():
        writer.write(b" ")
        await writer.drain()
        try:
            await asyncio.wait_for(stop.wait(), 2.0)
        except TimeoutError:
            pass
    writer.close()


async def hold_streams(pipe, games: list[dict], phones: int, https: int, cafile: str, http2: bool) -> None:
    """The phones (in their own process, so reading 10,000 streams does not slow the movers' clock):
    open the streams, report, then answer "report" with what each stream heard, until "stop"."""
    context = ssl.create_default_context(cafile=cafile)
    if http2:
        context.set_alpn_protocols(["h2"])
    streams = [Stream(game, http2) for game in games for _ in range(phones)]
    started = time.monotonic()
    for first in range(0, len(streams), 200):  # 200 handshakes at a time
        batch = streams[first:first + 200]
        events = [asyncio.Event() for _ in batch]
        for stream, opened in zip(batch, events, strict=True):
            stream.task = asyncio.create_task(stream.run(https, context, opened))
        await asyncio.wait([asyncio.create_task(e.wait()) for e in events], timeout=60)
    alive = [s for s in streams if not s.task.done() and s.heard]
    failure = next((repr(s.task.exception())[:200] for s in streams if s.task.done() and s.task.exception()), "")
    pipe.send(("opened", len(alive), len(streams), time.monotonic() - started, failure))
    loop = asyncio.get_running_loop()
    while (message := await loop.run_in_executor(None, pipe.recv)) != "stop":
        pipe.send([(s.game["game_id"], s.heard) for s in alive])
    for stream in streams:
        stream.task.cancel()
    await asyncio.gather(*(s.task for s in streams), return_exceptions=True)


def phones_main(pipe, games: list[dict], phones: int, https: int, cafile: str, http2: bool) -> None:
    """Entry point of the phones' process."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
    asyncio.run(hold_streams(pipe, games, phones, https, cafile, http2))


async def bench(args, ports: dict, cafile: str, serve_pid: int) -> None:
    https = int(ports["HTTPS_PORT"])
    context = ssl.create_default_context(cafile=cafile)
    loop = asyncio.get_running_loop()
    # 1. tables and their streams
    started = time.monotonic()
    games: list[dict] = []

    async def creator(count: int) -> None:
        conn = TlsConnection(https, context)
        for _ in range(count):
            status, _h, body = await conn.request("POST", "/api/games", json.dumps(
                {"game": "toy", "edition": EDITION, "seed": 1, "options": {"players": PLAYERS}}).encode())
            assert status == 201, body[:200]
            game = json.loads(body)
            game["version"] = game["game"]["version"]
            games.append(game)
        await conn.close()

    await asyncio.gather(*(creator(args.tables // 8 + (1 if i < args.tables % 8 else 0)) for i in range(8)))
    print(f"created {len(games)} tables in {time.monotonic() - started:.1f} s", flush=True)
    await asyncio.sleep(2)
    rss_before, pss_before = tree_rss_kb(serve_pid), tree_pss_kb(serve_pid)
    parts_before = parts_rss_kb(serve_pid)
    go_before = caddy_memstats(ports["CADDY_ADMIN"])
    mp = multiprocessing.get_context("spawn")
    pipe, child_pipe = mp.Pipe()
    phones = mp.Process(target=phones_main, args=(child_pipe, games, args.phones, https, cafile, args.http2), daemon=True)
    phones.start()
    _opened, alive, total, took, failure = await loop.run_in_executor(None, pipe.recv)
    print(f"opened {alive} of {total} streams in {took:.1f} s" + (f"; first failure: {failure}" if failure else ""),
          flush=True)
    cpu_before, idle_from = parts_cpu(serve_pid), time.monotonic()
    await asyncio.sleep(10)
    cpu_after, idle = parts_cpu(serve_pid), time.monotonic() - idle_from
    print(f"  idle, {alive} streams open (heartbeats only), CPU in % of one core: " + ", ".join(
        f"{name} {100 * (cpu_after[name] - cpu_before.get(name, 0)) / idle:.1f}" for name in cpu_after))
    rss_with, pss_with = tree_rss_kb(serve_pid), tree_pss_kb(serve_pid)
    parts_with = parts_rss_kb(serve_pid)
    go_with = caddy_memstats(ports["CADDY_ADMIN"])
    if go_before and go_with:
        print("  Caddy by Go's count, kB per open stream: " + ", ".join(
            f"{name} {(go_with[name] - go_before[name]) / 1024 / max(1, alive):.1f}"
            for name in ("stacks", "heap", "sys")) + f" (GOGC={os.environ.get('GOGC', 'default')})")
    print("  per part, kB per open stream: " + ", ".join(
        f"{name} {(parts_with[name] - parts_before.get(name, 0)) / max(1, alive):.1f}" for name in parts_with))
    print(f"memory: {rss_before / 1024:.0f} MB before, {rss_with / 1024:.0f} MB with the streams open:"
          f" {(rss_with - rss_before) / max(1, alive):.1f} kB per idle stream"
          f" (Caddy + stream service + app, RSS; PSS {(pss_with - pss_before) / max(1, alive):.1f} kB);"
          f" all of it / streams: {rss_with / max(1, alive):.1f} kB", flush=True)

    # 2. one move at every table; does every stream hear it, and how soon?
    answered: dict[str, tuple[int, float]] = {}

    async def mover(chunk: list[dict]) -> None:
        conn = TlsConnection(https, context)
        for game in chunk:
            _took, done = await move(conn, game)
            answered[game["game_id"]] = (game["version"], done)
            await asyncio.sleep(0.01)
        await conn.close()

    started = time.monotonic()
    await asyncio.gather(*(mover(games[i::16]) for i in range(16)))
    print(f"  ({len(games)} moves in {time.monotonic() - started:.1f} s)")
    await asyncio.sleep(3)
    pipe.send("report")
    heard = await loop.run_in_executor(None, pipe.recv)
    delays, missed = [], 0
    for game_id, versions in heard:
        version, done = answered[game_id]
        if version in versions:
            delays.append(max(0.0, versions[version] - done))
        else:
            missed += 1
    within = sum(1 for d in delays if d <= 2.0)
    print(f"one move per table: {within} of {len(heard)} streams heard it within 2 s ({missed} never);"
          f" delivery after the move's answer p50 {ms(pct(delays, .5))}, p99 {ms(pct(delays, .99))},"
          f" max {ms(max(delays, default=float('nan')))}", flush=True)

    # 3. paced moves at 100 tables while the streams are open
    lat = await paced(https, context, games, args.seconds)
    print(f"100 paced tables, streams open: {len(lat)} moves, p50 {ms(pct(lat, .5))}, p99 {ms(pct(lat, .99))}",
          flush=True)

    # 5. the same beside 100 slow clients
    stop = asyncio.Event()
    crowd = [asyncio.create_task(slow_client(https, context, games[-1], stop))
             for _ in range(100)]
    await asyncio.sleep(3)
    slow = await paced(https, context, games, args.seconds)
    stop.set()
    await asyncio.gather(*crowd, return_exceptions=True)
    print(f"100 paced tables beside 100 slow clients: {len(slow)} moves, p50 {ms(pct(slow, .5))},"
          f" p99 {ms(pct(slow, .99))} (without them: p99 {ms(pct(lat, .99))};"
          f" ratio {pct(slow, .99) / pct(lat, .99):.2f})", flush=True)
    # the machine's own noise (other work on a shared machine): the same run again, the slow clients gone
    again = await paced(https, context, games, args.seconds)
    print(f"100 paced tables again, slow clients gone: {len(again)} moves, p50 {ms(pct(again, .5))},"
          f" p99 {ms(pct(again, .99))}", flush=True)
    print(f"moves not answered 200: {len(FAILED)}" + (f" (first: {FAILED[0]})" if FAILED else ""))
    pipe.send("stop")
    phones.join(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tables", type=int, default=2500)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--http2", action="store_true",
                        help="the phones speak HTTP/2 to Caddy (as browsers do); default HTTP/1.1 over TLS")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # inherited by Caddy, uvicorn, gunicorn
    print(f"open files limit {hard}; {os.cpu_count()} CPUs", flush=True)
    tmp = Path(tempfile.mkdtemp(prefix="tk-streams-"))
    ports = {name: str(free_port()) for name in ("PORT", "STREAMS_PORT", "HTTPS_PORT", "HTTP_PORT")}
    ports["CADDY_ADMIN"] = f"localhost:{free_port()}"  # its /debug/vars: Go's memory statistics
    env = {**os.environ, **ports, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp / "xdg"),
           "XDG_CONFIG_HOME": str(tmp / "xdg"), "HOME": str(tmp),
           "TABLEKEEPER_SITE": "localhost", "TABLEKEEPER_DATABASE": str(tmp / "bench.db"),
           "TABLEKEEPER_TEST_ENGINES": "tests.toy_engine:ENGINE", "TABLEKEEPER_STREAM_LIFETIME": "3600",
           "TABLEKEEPER_CREATES_PER_MINUTE": "0"}  # 2,500 tables from one address
    log = open(tmp / "serve.log", "wb")
    serve = subprocess.Popen([sys.executable, str(ROOT / "deploy" / "serve.py")], cwd=ROOT, env=env, stdout=log,
                             stderr=log, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while b"tablekeeper is ready" not in (tmp / "serve.log").read_bytes():
            if serve.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the stack did not start; see {tmp / 'serve.log'}")
            time.sleep(0.2)
        cafile = str(tmp / "xdg" / "caddy" / "pki" / "authorities" / "local" / "root.crt")
        asyncio.run(bench(args, ports, cafile, serve.pid))
    finally:
        os.killpg(serve.pid, signal.SIGTERM)
        serve.wait(timeout=30)
        print(f"(server log: {tmp / 'serve.log'})")


if __name__ == "__main__":
    main()
