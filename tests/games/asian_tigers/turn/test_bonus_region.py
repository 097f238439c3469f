"""Rules tests: region bonus tokens, REGION-02..07 (AMB-25, AMB-26, AMB-37)."""
from __future__ import annotations

import pytest

from api.games.asian_tigers import apply, legal_actions
from api.games.asian_tigers.errors import ActionShapeError
from tests.games.asian_tigers.builders.bonus import at_bonus, built, resolve
from tests.games.asian_tigers.builders import decision_kind, find_action, of_kind, rejects


@pytest.mark.parametrize("source, choice, fires", [
    ("sector:S5", {"tiger": "SK"}, True),     # headquarters
    ("sector:S8", {"tiger": "SK"}, True),     # +3 upper
    ("sector:S9", {"tiger": "HK"}, True),     # +3 lower
    ("sector:S1", {"tiger": "SK"}, True),     # +5 any
    ("sector:S6", {"tiger": "SK"}, False),    # +7 any: no region bonus
    ("row:C1", {"tiger": "SK"}, False),       # nation +3 upper
    ("row:C2", {"tiger": "HK"}, False),       # nation +3 lower
    ("sector:S11", {"space": "SK.SP"}, False),  # building a satellite
])
def test_region_02_only_some_effects_fire_a_region_bonus(source, choice, fires):
    # REGION-02 / AMB-25
    state = at_bonus(source)
    step = resolve(state, state.pending_bonuses[0]["id"], **choice)
    assert bool(of_kind(step.events, "region_bonus_activated")) is fires


def test_region_03_a_tigers_influence_token_goes_on_that_tiger_without_a_choice():
    # REGION-03: Hong Kong's RB2 after the +5 there.
    step = resolve(at_bonus("sector:S1"), "influence_any_5", tiger="HK")
    assert step.state.players[0].influence["HK"] == 8
    assert all(e["decision"] != "choose_region_bonus" for e in of_kind(step.events, "auto_resolved"))


def _factories_on_taiwan(data):
    built(data, "1", "TW.F2")  # Machinery
    built(data, "1", "TW.F3")  # Electronics


def test_region_04_a_tigers_good_token_gives_a_good_made_there():
    # REGION-04 / AMB-26: any participant's factory on Taiwan counts.
    state = resolve(at_bonus("sector:S5", change=_factories_on_taiwan), "headquarters", tiger="TW").state
    assert decision_kind(state) == "choose_region_bonus" and not state.decisions[-1]["declinable"]
    assert [a["good"] for a in legal_actions(state)] == ["Electronics", "Machinery"]
    rejects(state, {"kind": "take_region_bonus", "good": "Ships"}, "good_not_produced_here", "REGION-04")
    rejects(state, {"kind": "take_region_bonus", "good": "Gold"}, "good_required", error=ActionShapeError)
    rejects(state, {"kind": "take_region_bonus", "tiger": "TW"}, "good_required", error=ActionShapeError)
    after = apply(state, find_action(state, {"good": "Electronics"})).state
    assert after.players[0].goods["Electronics"] == 1
    assert after.supply_goods["Electronics"] == state.supply_goods["Electronics"] - 1


def test_region_04_the_neutral_players_factory_counts():
    # REGION-04 / AMB-26 / AMB-22: in a 3-player game the neutral's TW.F4 blocker makes Finance.
    state = at_bonus("sector:S5", count=3)
    assert any(p.owner == "neutral" and p.space == "TW.F4" for p in state.pieces)
    step = resolve(state, "headquarters", tiger="TW")
    assert step.state.players[0].goods["Finance"] == 2  # 1 at the start + the region good
    assert of_kind(step.events, "auto_resolved")[0]["action"]["good"] == "Finance"


def test_region_04_nothing_without_a_factory_there_or_goods_in_the_supply():
    # REGION-04 / AMB-26 / AMB-37
    step = resolve(at_bonus("sector:S5"), "headquarters", tiger="SG")
    assert "no factory" in of_kind(step.events, "region_bonus_empty")[0]["text"]

    def empty(data):
        _factories_on_taiwan(data)
        data["supply_goods"].update(Machinery=0, Electronics=0)
        data["players"][1]["goods"].update(Machinery=10, Electronics=10)
    step = resolve(at_bonus("sector:S5", change=empty), "headquarters", tiger="TW")
    assert "supply" in of_kind(step.events, "region_bonus_empty")[0]["text"]


def test_region_04_an_empty_supply_leaves_the_other_good():
    # REGION-04 / AMB-37
    def change(data):
        _factories_on_taiwan(data)
        data["supply_goods"]["Machinery"] = 0
        data["players"][1]["goods"]["Machinery"] = 10
    step = resolve(at_bonus("sector:S5", change=change), "headquarters", tiger="TW")
    assert step.state.players[0].goods["Electronics"] == 1


def test_region_05_and_06_science_and_energy_tokens_on_a_tiger():
    # REGION-05 / REGION-06
    def change(data):
        data["region_tokens"] = {"SK": "RB5", "HK": "RB6", "TW": "RB3", "SG": "RB4"}
        data["leftover_region_tokens"] = ["RB1", "RB2"]
    state = at_bonus("sector:S8", "sector:S9", change=change)
    state = resolve(state, "influence_upper_3", tiger="SK").state
    assert state.players[0].science == 6
    state = resolve(state, "influence_lower_3", tiger="HK").state
    assert state.players[0].energy == 6


def test_region_07_a_token_fires_again_for_every_later_effect():
    # REGION-07 / AMB-25: South Korea's RB1 fires for the +3 and again for the +5.
    state = at_bonus("sector:S8", "sector:S1")
    state = resolve(state, "influence_upper_3", tiger="SK").state
    state = resolve(state, "influence_any_5", tiger="SK").state
    assert state.players[0].influence["SK"] == 3 + 3 + 5 + 3
    assert state.region_tokens["SK"] == "RB1"
