"""Golden games: every export in tests/golden/ replays to its recorded state hash and outcome.

A rules change that silently alters a stored game fails here; when the change is
intended, regenerate the files (tests/golden/README.md) and say why in the commit.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from api.storage.errors import ReplayDiverged
from tests.golden.make_golden import GAMES, outcome_summary

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "golden"
GOLDEN = sorted(GOLDEN_DIR.glob("*.json"))


def test_every_generated_golden_game_is_present():
    assert {p.stem for p in GOLDEN} >= set(GAMES), "run tests/golden/make_golden.py (see its README)"
    counts = {len(json.loads(p.read_text())["options"]["players"]) for p in GOLDEN}
    assert counts >= {2, 3, 4}


def test_a_game_that_replays_differently_is_refused(repo):
    """The mechanism itself: a replay that ends elsewhere than the recorded hash is ReplayDiverged."""
    doc = json.loads((GOLDEN_DIR / f"{next(iter(GAMES))}.json").read_text())
    engine = repo.engine(doc["game"])
    with pytest.raises(ReplayDiverged):
        repo.create_game(doc["game"], doc["options"], doc["seed"], engine.load_edition(doc["edition"]),
                         actions=doc["actions"][:-1], expected_state_hash=doc["state_hash"])


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_game_replays_to_its_state_hash_and_outcome(repo, path):
    doc = json.loads(path.read_text())
    assert doc.get("state_hash"), f"{path.name} has no state_hash"
    engine = repo.engine(doc["game"])
    created = repo.create_game(doc["game"], doc["options"], doc["seed"], engine.load_edition(doc["edition"]),
                               actions=doc["actions"], expected_state_hash=doc["state_hash"])
    game_id = created.game.record.id
    assert repo.export(game_id) == doc  # the same export, byte for byte once parsed
    game = repo.load(game_id)
    assert game.record.status == "over" and engine.is_over(game.state)
    expected = GOLDEN_DIR / "outcomes" / path.name
    assert expected.exists(), f"{expected} is missing (tests/golden/make_golden.py writes it)"
    assert outcome_summary(engine.outcome(game.state)) == json.loads(expected.read_text())
