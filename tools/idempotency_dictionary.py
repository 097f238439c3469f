"""How `api/data/idempotency-dictionary-2.zdict` was made: a zstd dictionary trained on real move answers.

    python tools/idempotency_dictionary.py /tmp/candidate.zdict   # train a candidate (never overwrite format 2)

Plays seeded random Asian Tigers games (2, 3 and 4 players) through the Flask
test client, as a phone does, keeps every move answer's bytes and trains a
64 KB dictionary on them (zstd's own trainer).  A stored idempotency record
names its dictionary by its format byte, so a shipped dictionary file never
changes: a better one becomes a new file and a new format byte in
`api/storage/idempotency.py` (older records keep replaying with theirs).
"""
from __future__ import annotations

import os
import random
import sys
import tempfile
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZE = 65536
PLAYERS = [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Bo", "blue"), ("Cy", "green"), ("Di", "yellow"))]


def answers(seeds: range) -> list[bytes]:
    """Every move answer of one random game per seed (2 to 4 players by seed)."""
    import orjson

    os.environ["TABLEKEEPER_DATABASE"] = os.path.join(tempfile.mkdtemp(prefix="zdict-"), "t.db")
    from api import create_app
    from api.storage import idempotency

    idempotency.pack = idempotency.pack_format_1  # the records of these games need no new dictionary
    client = create_app().test_client()
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        created = client.post("/api/games", json={"game": "asian_tigers", "seed": seed,
                                                  "options": {"players": PLAYERS[:2 + seed % 3]}}).get_json()
        game_id, token = created["game_id"], created["table_token"]
        version, legal = created["game"]["version"], created["game"]["legal_actions"]
        while legal:
            resp = client.post(f"/api/games/{game_id}/actions", data=orjson.dumps({"action": rng.choice(legal)}),
                               content_type="application/json",
                               headers={"Authorization": f"Bearer {token}", "If-Match": f'"{version}"',
                                        "Idempotency-Key": uuid.uuid4().hex})
            out.append(resp.data)
            answer = orjson.loads(resp.data)
            version, legal = answer["version"], answer["game"]["legal_actions"]
    return out


def main() -> None:
    from api.storage.idempotency import zstd

    target = Path(sys.argv[1] if len(sys.argv) > 1 else "idempotency-dictionary.zdict")
    samples = answers(range(100, 112))
    target.write_bytes(zstd.train_dict(samples, SIZE).dict_content)
    print(f"{target}: {target.stat().st_size} bytes from {len(samples)} answers")


if __name__ == "__main__":
    main()
