"""Profile of a recorded move, in process: server CPU per move and where it goes.

    python bench/move_profile.py                  # 3 x 300 moves: CPU ms/move, then a cProfile of 300
    python bench/move_profile.py --moves 1000 --profile 0
    python bench/move_profile.py --root /tmp/old  # another checkout's `api` (before/after figures)
    python bench/move_profile.py --sort tottime --lines 60
    python bench/move_profile.py --workers 2      # as gunicorn's 2 workers: a move finds the last one's caches half the time
    python bench/move_profile.py --moves 300 --profile 0 --fields   # where an answer's bytes go, field by field

Plays random 4-player Asian Tigers games through the Flask test client the way
a phone does (If-Match, Idempotency-Key, Chrome's ``Accept-Encoding``, the patch
answer, no ``?full=1``) on a temporary SQLite database, starting a new game when
one ends.  CPU time (``time.process_time``) is not disturbed much by other
processes on a shared machine, unlike wall-clock throughput, so this is the
figure to compare before and after a change; `bench/api_load.py` measures the
same through gunicorn.  The player's own work (choosing, encoding the body,
parsing the answer) is not counted; a trivial request (``GET /bench/noop``, a
route the profile adds, through the same test client, Flask and its hooks) is timed as the floor any request
pays, and the move's own cost is what a move takes above it.  Finally the
database bytes per move (idempotency records within retention, and the rest).
Figures are for notes: never asserted in tests.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import shutil
import sqlite3
import sys
import tempfile
import time
import uuid
from pathlib import Path

# What Chrome on a phone sends over HTTPS.  The app answers uncompressed (docs/decisions/no-api-compression.md);
# an answer that comes encoded all the same (a server configured to compress) is decoded and counted as sent.
ACCEPT_ENCODING = "gzip, deflate, br, zstd"
PLAYERS = [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Bo", "blue"), ("Cy", "green"), ("Di", "yellow"))]


def _zstd():
    try:  # Python 3.14+ (a failed import is not cached: looked up once here, not per answer)
        from compression import zstd
    except ImportError:
        from backports import zstd
    globals()["_zstd"] = lambda: zstd
    return zstd


def decoded(data: bytes, encoding: str | None) -> bytes:
    """An answer's body as JSON bytes (zstd or gzip decoded, as a browser does)."""
    if encoding == "zstd":
        return _zstd().decompress(data)
    if encoding == "gzip":
        import gzip

        return gzip.decompress(data)
    return data


class Player:
    """One table playing random legal moves through a test client."""

    def __init__(self, workers: list, seed: int):
        import orjson

        self.orjson = orjson
        self.workers = workers  # [(test client, that worker's board cache or None)]
        self.client = workers[0][0]
        self.rng = random.Random(seed)
        self.pick = random.Random(seed + 1)
        self.game: dict | None = None
        self.moves = 0
        self.client_cpu = 0.0
        self.answer_bytes: list[tuple[int, int]] = []  # (JSON, as sent) of every move's answer
        self.answers: list[dict] | None = None  # every answer, parsed, when a field breakdown is asked

    def new_game(self) -> None:
        """Create a 4-player game."""
        r = self.client.post("/api/games", json={"game": "asian_tigers", "options": {"players": PLAYERS},
                                                 "seed": self.rng.randrange(2**31)})
        j = r.get_json()
        self.game = {"id": j["game_id"], "token": j["table_token"], "version": j["game"]["version"],
                     "legal": j["game"]["legal_actions"]}

    def move(self) -> None:
        """One random legal move (a new game first when the last one ended)."""
        if self.game is None or not self.game["legal"]:
            self.new_game()
        g = self.game
        self.client, boards = self.workers[self.pick.randrange(len(self.workers))]
        if boards is not None:  # each simulated worker process has its own module-level board cache
            import api.web.views

            api.web.views.BOARDS = boards
        t0 = time.process_time()
        body = self.orjson.dumps({"action": self.rng.choice(g["legal"])})
        headers = {"Authorization": f"Bearer {g['token']}", "If-Match": f'"{g["version"]}"',
                   "Idempotency-Key": uuid.uuid4().hex, "Accept-Encoding": ACCEPT_ENCODING}
        t1 = time.process_time()
        r = self.client.post(f"/api/games/{g['id']}/actions", data=body, content_type="application/json",
                             headers=headers)
        t2 = time.process_time()
        if r.status_code != 200:
            raise SystemExit(f"move refused: {r.status_code} {r.data[:300]!r}")
        raw = decoded(r.data, r.headers.get("Content-Encoding"))
        self.answer_bytes.append((len(raw), len(r.data)))
        answer = self.orjson.loads(raw)
        if self.answers is not None:
            self.answers.append(answer)
        g["version"], g["legal"] = answer["version"], answer["game"]["legal_actions"]
        self.moves += 1
        self.client_cpu += (t1 - t0) + (time.process_time() - t2)


def answer_sizes(sizes: list[tuple[int, int]]) -> str:
    """Median, 90th percentile and mean of the answers' JSON and of what was sent (its Content-Encoding)."""
    def line(values: list[int]) -> str:
        ordered = sorted(values)
        median, p90 = ordered[len(ordered) // 2], ordered[int(len(ordered) * .9)]
        return (f"median {median:,d} B ({median / 1024:.1f} KiB), p90 {p90:,d} B ({p90 / 1024:.1f} KiB),"
                f" mean {sum(ordered) / len(ordered) / 1024:.1f} KiB")
    return (f"{len(sizes)} move answers, JSON {line([j for j, _ in sizes])}; as sent "
            f"{line([w for _, w in sizes])}")


def field_bytes(answers: list[dict]) -> str:
    """Mean JSON bytes per answer of each field: the top level (``game.*`` inside the update), the
    ``view_patch`` by its first path segment, the options (``choices``) it carries by option field, and
    the ``applied`` events' fields: where to look for what is sent twice."""
    import orjson

    def size(key: str, value) -> int:  # '"key":value,'
        return len(key) + 4 + len(orjson.dumps(value))

    tally: dict[str, int] = {}

    def count(name: str, key: str, value) -> None:
        tally[name] = tally.get(name, 0) + size(key, value)

    for answer in answers:
        for key, value in answer.items():
            for inner, part in (value.items() if key == "game" else [(None, value)]):
                count(f"game.{inner}" if inner else key, inner or key, part)
        for op in answer["game"].get("view_patch", []):
            count("view_patch " + "/".join(op["path"].split("/")[:2]), "", op)
            options = op.get("value") if op["path"] == "/choices" else [op.get("value")] \
                if op["path"].count("/") == 2 and op["path"].startswith("/choices/") else []
            for choice in options if isinstance(options, list) else []:
                for key, value in (choice.items() if isinstance(choice, dict) else ()):
                    count(f"choices[].{key}", key, value)
        for entry in answer["applied"]:
            for event in entry["events"]:
                for key, value in event.items():
                    count(f"applied[].events[].{key}", key, value)
    rows = sorted(tally.items(), key=lambda kv: -kv[1])
    return "\n".join(f"  {name:40s} {total / len(answers):8.0f} B" for name, total in rows if total >= len(answers))


def client_overhead(client, n: int = 300) -> float:
    """CPU seconds of a trivial request (test client, Flask and its hooks, a route answering a constant)."""
    t0 = time.process_time()
    for _ in range(n):
        client.get("/bench/noop")
    return (time.process_time() - t0) / n


def database_bytes(path: str) -> dict[str, int]:
    """Bytes of each table and index after a checkpoint."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    sizes = {"file": Path(path).stat().st_size}
    try:
        sizes.update(dict(conn.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").fetchall()))
    except sqlite3.OperationalError:
        pass
    conn.close()
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300, help="timed moves per round (no profiler)")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds; the best is printed")
    parser.add_argument("--profile", type=int, default=300, help="moves under cProfile (0: none)")
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[1]),
                        help="checkout whose `api` is served")
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--lines", type=int, default=45)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fields", action="store_true", help="also the answers' mean bytes, field by field")
    parser.add_argument("--workers", type=int, default=1,
                        help="simulated worker processes (own caches, one database); each move goes to one at random")
    args = parser.parse_args()

    sys.path.insert(0, str(Path(args.root).resolve()))
    directory = tempfile.mkdtemp(prefix="move-profile-")
    database = os.path.join(directory, "t.db")
    os.environ["TABLEKEEPER_DATABASE"] = database
    from api import create_app

    import api.web.views

    workers = []
    for _ in range(args.workers):
        app = create_app()
        app.add_url_rule("/bench/noop", "bench_noop", lambda: {"ok": True})  # the floor of any request
        cache = getattr(api.web.views, "BoardCache", None)
        workers.append((app.test_client(), cache(256) if cache else None))
    client = workers[0][0]
    player = Player(workers, args.seed)
    player.answers = [] if args.fields else None
    for _ in range(args.warmup):
        player.move()
    import gc

    gc.freeze()  # as a gunicorn worker after its warm-up (gunicorn.conf.py)
    overhead = client_overhead(client)

    rounds = []
    for _ in range(args.rounds):
        player.client_cpu, start_moves = 0.0, player.moves
        t0 = time.process_time()
        for _ in range(args.moves):
            player.move()
        spent = time.process_time() - t0
        rounds.append((spent - player.client_cpu) / (player.moves - start_moves))
    per_move = min(rounds)  # the least disturbed round: other processes only ever add to CPU time
    print(f"served from {args.root}")
    print(f"{args.moves} moves x {args.rounds} rounds: {1000 * per_move:.2f} ms CPU per move, best round "
          f"(app + test client; rounds {', '.join(f'{1000 * r:.2f}' for r in rounds)}); a trivial request "
          f"(GET /bench/noop) {1000 * overhead:.2f} ms; the move's own cost {1000 * (per_move - overhead):.2f} ms")

    if args.profile:
        profile = cProfile.Profile(time.process_time)  # CPU time: waits for the disk are not counted
        profile.enable()
        for _ in range(args.profile):
            player.move()
        profile.disable()
        pstats.Stats(profile).sort_stats(args.sort).print_stats(args.lines)

    print("answers: " + answer_sizes(player.answer_bytes))
    if player.answers:
        print("mean bytes per answer, by field (the whole answer's fields, the patch's, the options'):")
        print(field_bytes(player.answers))
    sizes = database_bytes(database)
    conn = sqlite3.connect(database)
    total_moves = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    conn.close()
    idem = sum(v for k, v in sizes.items() if "idempotency" in k)
    print(f"database: {sizes['file'] / total_moves:.0f} bytes/move over {total_moves} moves "
          f"(idempotency {idem / total_moves:.0f}, the rest {(sizes['file'] - idem) / total_moves:.0f})")
    for name, size in sorted(sizes.items(), key=lambda kv: -kv[1])[:8]:
        print(f"  {name:40s} {size:>10,d}")
    shutil.rmtree(directory, ignore_errors=True)  # the database is the run's own: leave nothing in /tmp


if __name__ == "__main__":
    main()
