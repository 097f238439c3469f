"""The engine adapter and registry."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from api.storage.engines import (
    EditionInvalid,
    EngineUnavailable,
    ModuleEngine,
    RulesViolation,
    Unsupported,
    default_registry,
    load_reference,
    placeholder_paths_of,
)
from tests.toy_engine import ENGINE as TOY
from tests.toy_engine_minimal import ENGINE as MINIMAL

ROOT = Path(__file__).resolve().parents[2]


def test_registry_hook_registers_test_engines():
    registry = default_registry("tests.toy_engine:ENGINE, tests.toy_engine_minimal:ENGINE")
    assert registry.names() == ["asian_tigers", "toy", "toy_minimal"]
    assert registry.get("toy") is TOY and registry.available("toy")
    assert not registry.available("chess")
    with pytest.raises(ValueError):
        load_reference("no_colon_here")


def test_missing_module_is_unavailable():
    engine = ModuleEngine("ghost", "api.games.no_such_engine")
    assert not engine.available()
    with pytest.raises(EngineUnavailable):
        engine.load_edition()


def test_rules_errors_become_rules_violations():
    edition = TOY.load_edition()
    state = TOY.new_game({"players": [{"name": "a"}, {"name": "b"}]}, edition, 1)
    with pytest.raises(RulesViolation) as info:
        TOY.apply(state, {"kind": "take", "amount": 4})
    assert info.value.code == "take_too_many" and info.value.rule == "TOY-02"
    assert info.value.details["message"].startswith("you may take")
    with pytest.raises(RulesViolation):
        TOY.new_game({"players": []}, edition, 1)


def test_edition_errors_name_the_path():
    with pytest.raises(EditionInvalid) as info:
        TOY.load_edition({"max_take": 0, "pile": 3})
    assert info.value.path == "/max_take"


def test_optional_features_are_unsupported_when_absent():
    edition = MINIMAL.load_edition()
    state = MINIMAL.new_game({"players": [{"name": "a"}, {"name": "b"}]}, edition, 1)
    with pytest.raises(Unsupported):
        MINIMAL.outcome(state)
    with pytest.raises(Unsupported):
        MINIMAL.provisional_score(state)


def test_edition_cache_loads_once_per_hash():
    calls = []
    TOY.edition_from_store("h-cache-test", lambda: calls.append(1) or TOY.load_edition().document)
    TOY.edition_from_store("h-cache-test", lambda: calls.append(1) or TOY.load_edition().document)
    assert calls == [1]


def test_placeholder_paths_of_the_shipped_edition():
    doc = json.loads((ROOT / "api/data/asian-tigers.placeholder.json").read_text())
    paths = placeholder_paths_of(doc)
    assert paths and all(p.startswith("/") for p in paths)
    assert "/worker_types/0" in paths and not any(p.startswith("/provenance") for p in paths)


def test_the_engine_state_hash_is_the_hash_of_the_whole_state():
    # The Asian Tigers engine assembles its state's canonical bytes from parts it keeps encoded; the
    # hash must be the one of `state_to_dict` (stored and golden hashes never change).  The toy engine
    # has no such function: its hash comes from the data, as before.
    import random

    from api.storage.engines import state_hash

    engine = default_registry().get("asian_tigers")
    state = engine.new_game({"players": [{"color": c} for c in ("red", "blue", "green")]}, engine.load_edition(), 5)
    rng = random.Random(5)
    for _ in range(40):
        assert engine.state_hash(state) == state_hash(engine.state_to_dict(state))
        state, _ = engine.apply(state, rng.choice(engine.legal_actions(state)))
    toy = TOY.new_game({"players": [{"name": "A"}, {"name": "B"}]}, TOY.load_edition(), 1)
    assert TOY.state_hash(toy) == state_hash(TOY.state_to_dict(toy))


def test_apply_step_gives_the_action_in_the_listed_spelling_of_its_sets():
    # TRADE-04/05: the goods paid are a set; a sale sent with them in another order is the listed
    # sale, stored (and answered) in the listed order.
    import random

    engine = default_registry().get("asian_tigers")
    edition = engine.load_edition()
    state = engine.new_game({"players": [{"color": c} for c in ("red", "blue", "green", "yellow")]}, edition, 102)
    moves = random.Random(102)
    while True:
        legal = engine.legal_actions(state)
        listed = next((a for a in legal if len(set(a.get("goods", ()))) > 1), None)
        if listed is not None:
            break
        state, _ = engine.apply(state, moves.choice(legal))
    sent = {**listed, "goods": list(reversed(listed["goods"]))}
    _, events, applied = engine.apply_step(state, sent)
    assert applied == listed and events
    assert engine.apply_step(state, listed)[2] == listed
