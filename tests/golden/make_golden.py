"""(Re)generate the golden Asian Tigers games — deliberately, never in CI.

    python tests/golden/make_golden.py            # rewrite every golden game
    python tests/golden/make_golden.py --check    # only report whether the files would change

Each game is created and played to its end through the HTTP API (Flask's test
client on a throw-away database): POST /api/games with fixed options and seed,
then one random legal action at a time (a fixed-seed RNG picks among the
`legal_actions` the API lists) until the game is over.  The export document
(GET /api/games/{id}/export) is written to ``tests/golden/<name>.json`` and a
summary of GET /api/games/{id}/outcome to ``tests/golden/outcomes/<name>.json``.
See README.md in this folder.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

from api import create_app  # noqa: E402

COLORS = ["red", "blue", "green", "yellow"]
NAMES = ["Ann", "Bo", "Cy", "Di"]

# name → (player count, extra options, game seed, action-picking seed)
GAMES = {
    "asian-tigers-2p": (2, {}, 2024, 1),
    "asian-tigers-3p-advanced-neutral": (3, {"advanced_neutral": True}, 3033, 2),
    "asian-tigers-4p": (4, {}, 4044, 3),
    "asian-tigers-solo-automa": (1, {"solo": {"difficulty": 3}}, 5055, 4),
}
MAX_ACTIONS = 5000


def play(client, players: int, extra: dict, seed: int, pick_seed: int) -> tuple[dict, dict]:
    """Create and finish one game over HTTP; return (export document, outcome response)."""
    options = {"players": [{"name": NAMES[i], "color": COLORS[i]} for i in range(players)], **extra}
    created = client.post("/api/games", json={"game": "asian_tigers", "options": options, "seed": seed})
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    game_id, auth = body["game_id"], {"Authorization": f"Bearer {body['table_token']}"}
    game = body["game"]
    rng = random.Random(pick_seed)
    for move in range(MAX_ACTIONS):
        if game["over"] or not game["legal_actions"]:
            break
        action = rng.choice(game["legal_actions"])
        resp = client.post(f"/api/games/{game_id}/actions", json={"action": action},
                           headers={**auth, "If-Match": f'"{game["version"]}"', "Idempotency-Key": f"golden-{move}"})
        assert resp.status_code == 200, resp.get_json()
        game = resp.get_json()["game"]
    assert game["over"], f"the game did not end within {MAX_ACTIONS} actions"
    export = client.get(f"/api/games/{game_id}/export", headers=auth)
    outcome = client.get(f"/api/games/{game_id}/outcome", headers=auth)
    assert export.status_code == 200 and outcome.status_code == 200, (export.get_json(), outcome.get_json())
    return export.get_json(), outcome.get_json()["outcome"]


def outcome_summary(outcome: dict) -> dict:
    """What the golden test compares: winner, standings, every participant's total and rank."""
    return {
        "winner": outcome["winner"],
        "final_turn_order": outcome["final_turn_order"],
        "standings": [{"participant": s["participant"], "rank": s["rank"], "total": s["total"]}
                      for s in outcome["standings"]],
        "participants": {pid: {"total": p["total"], "rank": p["rank"], "recorded": p["recorded"]}
                         for pid, p in outcome["participants"].items()},
    }


def dumps_export(doc: dict) -> str:
    """The export document as JSON: one line per top-level key and per action (small, diff-friendly)."""
    compact = {"separators": (",", ":"), "ensure_ascii": False}
    head = [f"  {json.dumps(key)}: {json.dumps(value, **compact)}" for key, value in doc.items() if key != "actions"]
    actions = ",\n".join(f"    {json.dumps(action, **compact)}" for action in doc["actions"])
    return "{\n" + ",\n".join(head) + ',\n  "actions": [\n' + actions + "\n  ]\n}\n"


def dumps_outcome(summary: dict) -> str:
    return json.dumps(summary, indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="report changes without writing")
    args = parser.parse_args()
    changed = []
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "golden.db"), "TESTING": True})
        client = app.test_client()
        (HERE / "outcomes").mkdir(exist_ok=True)
        for name, (players, extra, seed, pick_seed) in GAMES.items():
            export, outcome = play(client, players, extra, seed, pick_seed)
            files = {HERE / f"{name}.json": dumps_export(export),
                     HERE / "outcomes" / f"{name}.json": dumps_outcome(outcome_summary(outcome))}
            for path, text in files.items():
                if not path.exists() or path.read_text(encoding="utf-8") != text:
                    changed.append(path.relative_to(ROOT))
                    if not args.check:
                        path.write_text(text, encoding="utf-8")
            print(f"{name}: {len(export['actions'])} actions, winner {outcome['winner']}, "
                  f"state {export['state_hash'][:12]}")
    verb = "would change" if args.check else "changed"
    print(f"{verb}: {', '.join(map(str, changed)) if changed else 'nothing'}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
