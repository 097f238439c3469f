"""What saying the Automa card in the reader's language costs a German solo game's move (issue 37, h37card).

    flock /work/wt/bench.lock python bench/automa_card.py            # 3 rounds x 150 moves each way
    flock /work/wt/bench.lock python bench/automa_card.py --moves 300 --rounds 2

Plays seeded random solo games through the Flask test client as a German phone does (Accept-Language: de,
If-Match, Idempotency-Key, the patch answer) on a temporary SQLite database, alternately with the view's Automa
lines said from the game's events (`views._automa_said`, as shipped) and without (the English lines, as before),
and reports server CPU per move (``time.process_time``) and the stored rows read back per move for the lines.
Also a GET of the whole German view after the board cache was emptied (another worker's first read).  Figures
for notes: never asserted in tests.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api import create_app  # noqa: E402
from api.games import asian_tigers as engine  # noqa: E402
from api.storage.reads import GameReads  # noqa: E402
from api.web import views  # noqa: E402

SOLO = {"players": [{"name": "Ann", "color": "green"}], "solo": {"difficulty": 2}}
READ = {"rows": 0}


def _counting_log(original):
    def log(self, game_id, after=0, limit=500):
        rows = original(self, game_id, after, limit)
        READ["rows"] += len(rows)
        return rows
    return log


def play(client, moves: int, seed: int) -> tuple[float, float]:
    """CPU seconds of `moves` German moves (new games as they end) and of one cold GET per game."""
    cpu, cold, made = 0.0, 0.0, 0
    rng = random.Random(seed)
    while made < moves:
        resp = client.post("/api/games", json={"game": "asian_tigers", "options": SOLO, "seed": seed + made})
        game = resp.get_json()
        url, token, version = f"/api/games/{game['game_id']}", game["table_token"], game["game"]["version"]
        state = engine.new_game(SOLO, engine.load_edition(), seed + made)
        while made < moves and not engine.is_over(state):
            action = rng.choice(engine.legal_actions(state))
            state = engine.apply(state, action).state
            headers = {"Authorization": f"Bearer {token}", "If-Match": f'"{version}"',
                       "Idempotency-Key": str(uuid.uuid4()), "Accept-Language": "de"}
            start = time.process_time()
            resp = client.post(f"{url}/actions", json={"action": action}, headers=headers)
            cpu += time.process_time() - start
            assert resp.status_code == 200, resp.get_json()
            version, made = resp.get_json()["version"], made + 1
        views.BOARDS.clear()
        start = time.process_time()
        client.get(url, headers={"Authorization": f"Bearer {token}", "Accept-Language": "de"})
        cold += time.process_time() - start
    return cpu, cold


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    GameReads.log = _counting_log(GameReads.log)
    shipped, plain = views._automa_said, (lambda engine, view, state, lang, history, before=None: view)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TABLEKEEPER_DATABASE"] = str(Path(tmp) / "bench.db")
        app = create_app()
        client = app.test_client()
        results = {"said": [], "english": []}
        reads = {"said": 0, "english": 0}
        for round_ in range(args.rounds):
            for name, fn in (("english", plain), ("said", shipped)):
                views._automa_said = fn
                READ["rows"] = 0
                results[name].append(play(client, args.moves, 1000 * round_ + 7))
                reads[name] += READ["rows"]
        views._automa_said = shipped
    for name in ("english", "said"):
        per_move = [cpu / args.moves * 1000 for cpu, _ in results[name]]
        cold = [c * 1000 for _, c in results[name]]
        print(f"{name:8} CPU per move {statistics.median(per_move):.2f} ms (rounds {', '.join(f'{x:.2f}' for x in per_move)}); "
              f"cold GETs {statistics.median(cold):.1f} ms per round; log rows read per move "
              f"{reads[name] / (args.moves * args.rounds):.2f}")


if __name__ == "__main__":
    main()
