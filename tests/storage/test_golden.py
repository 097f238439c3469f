"""Golden games: every export in tests/golden/ replays to its recorded state hash."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden").glob("*.json"))


@pytest.mark.skipif(not GOLDEN, reason="no golden games yet (tests/golden/README.md)")
@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_game_replays_to_its_state_hash(repo, path):
    doc = json.loads(path.read_text())
    assert doc.get("state_hash"), f"{path.name} has no state_hash"
    engine = repo.engine(doc["game"])
    created = repo.create_game(doc["game"], doc["options"], doc["seed"], engine.load_edition(doc["edition"]),
                               actions=doc["actions"], expected_state_hash=doc["state_hash"])
    assert repo.export(created.game.record.id)["state_hash"] == doc["state_hash"]
