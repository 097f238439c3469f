"""The web layer's own CPU per recorded move, in process, against a bare Flask app.

    python bench/web_layer.py                 # tablekeeper vs bare, best of rounds, µs per request
    python bench/web_layer.py --profile 2000  # then a cProfile of the tablekeeper request
    python bench/web_layer.py --root /tmp/old # another checkout's `api` (before/after figures)

A move request as a phone sends it (``POST /api/games/{id}/actions`` with
Authorization, If-Match, Idempotency-Key, Origin, Chrome's ``Accept-Encoding``
and a JSON action) goes through everything tablekeeper does around the
write, with the repository's ``apply_actions`` replaced by a stub that hands
back one recorded answer (`--answer` bytes of JSON): the guards, the record
and token reads, the schemas, the idempotency digest, publishing, the answer
and its headers, compression.  The same request to a bare Flask app that
parses the body and answers a small JSON object (`bench/bare_app.py` without
its insert), through the same test client, is the floor.  CPU time
(``time.process_time``, all threads), best of `--rounds`.  Figures are for
notes: never asserted in tests.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import sys
import tempfile
import time
import uuid
from pathlib import Path

PLAYERS = [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Bo", "blue"), ("Cy", "green"), ("Di", "yellow"))]


def bare_client():
    """A test client of a bare Flask app: parse the JSON body, answer a small object."""
    from flask import Flask, jsonify, request

    app = Flask("bare")

    @app.post("/api/games/<game_id>/actions")
    def move(game_id: str):
        body = request.get_json(force=True)
        return jsonify({"ok": True, "table": game_id, "action": body.get("action")})

    return app.test_client()


def sample_answer(game_id: str, size: int) -> bytes:
    """JSON bytes about `size` long that compress like a move answer (keys repeat, numbers vary)."""
    import orjson

    rng = random.Random(7)
    body = {"game_id": game_id, "version": 2, "changes": []}
    while len(orjson.dumps(body)) < size:
        body["changes"].append({"op": "replace", "path": f"/players/{rng.randrange(4)}/cash",
                                "value": rng.randrange(100), "label": rng.choice(["Build", "Invest", "Pass"])})
    return orjson.dumps(body)


def tablekeeper_client(answer_bytes: int):
    """A test client of tablekeeper with one toy game whose moves are answered by a recorded outcome."""
    os.environ["TABLEKEEPER_DATABASE"] = os.path.join(tempfile.mkdtemp(prefix="web-layer-"), "t.db")
    from api import create_app
    from api.storage.models import WriteOutcome
    from api.storage.repository import GameRepository

    app = create_app()
    client = app.test_client()
    created = client.post("/api/games", json={"game": "asian_tigers", "seed": 1,
                                              "options": {"players": PLAYERS}}).get_json()
    encoded = sample_answer(created["game_id"], answer_bytes)

    def apply_actions(self, game_id, actions, expected, idem, render, known=None, **_options):
        return WriteOutcome(200, {}, 2, False, encoded)

    GameRepository.apply_actions = apply_actions
    return client, created["game_id"], created["table_token"]


def timed(send, n: int, rounds: int) -> float:
    """Best CPU µs per call over `rounds` rounds of `n`."""
    best = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        for _ in range(n):
            send()
        best = min(best, (time.process_time() - t0) / n)
    return best * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000, help="requests per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--answer", type=int, default=3000, help="bytes of the recorded move answer")
    parser.add_argument("--accept-encoding", default="gzip, deflate, br, zstd",
                        help="the request's Accept-Encoding (default: what Chrome sends over HTTPS)")
    parser.add_argument("--profile", type=int, default=0, help="tablekeeper requests under cProfile (0: none)")
    parser.add_argument("--sort", default="tottime")
    parser.add_argument("--lines", type=int, default=40)
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[1]),
                        help="checkout whose `api` is served")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.root).resolve()))

    client, game_id, token = tablekeeper_client(args.answer)
    bare = bare_client()
    url = f"/api/games/{game_id}/actions"
    body = b'{"action":{"kind":"take","amount":1}}'
    fixed = {"Authorization": f"Bearer {token}", "If-Match": '"1"', "Accept-Encoding": args.accept_encoding,
             "Origin": "http://localhost"}

    def send(c):
        def go():
            r = c.post(url, data=body, content_type="application/json",
                       headers={**fixed, "Idempotency-Key": uuid.uuid4().hex})
            if r.status_code != 200:
                raise SystemExit(f"refused: {r.status_code} {r.data[:300]!r}")
        return go

    tk, floor = send(client), send(bare)
    for _ in range(200):
        tk(), floor()
    t_tk = timed(tk, args.requests, args.rounds)
    t_bare = timed(floor, args.requests, args.rounds)
    print(f"served from {args.root}")
    print(f"move request, apply_actions stubbed ({args.answer} B answer): tablekeeper {t_tk:.1f} µs CPU, "
          f"bare Flask {t_bare:.1f} µs; the web layer's own cost {t_tk - t_bare:.1f} µs per move")
    if args.profile:
        profile = cProfile.Profile(time.process_time)
        profile.enable()
        for _ in range(args.profile):
            tk()
        profile.disable()
        pstats.Stats(profile).sort_stats(args.sort).print_stats(args.lines)


if __name__ == "__main__":
    main()
