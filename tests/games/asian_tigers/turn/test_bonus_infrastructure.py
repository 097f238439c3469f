"""Rules tests: the 12 infrastructure (player-board sector) bonuses, IBONUS-03..16, BUILD-HQ, BUILD-SAT,
BUILD-PARTS.  Positions: `bonus_builders.at_bonus` (seat 0 at its bonus question)."""
from __future__ import annotations

from api.games.asian_tigers import apply, legal_actions
from api.games.asian_tigers.errors import ActionShapeError
from tests.games.asian_tigers.builders.bonus import (at_bonus, built, options_of, pending_id, resolve, satellite)
from tests.games.asian_tigers.builders import decision_kind, kinds, of_kind, rejects, seat_now


def _resolve_action(state, bonus, **choices):
    return {"kind": "resolve_bonus", "bonus": pending_id(state, bonus), **choices}


# -- IBONUS-03 / IBONUS-04 -----------------------------------------------------------------
def test_ibonus_03_a_bonus_may_be_ignored_and_is_then_gone():
    # IBONUS-03
    state = at_bonus("sector:S6", "sector:S1")
    step = apply(state, {"kind": "ignore_bonus", "bonus": pending_id(state, "influence_any_7")})
    assert of_kind(step.events, "bonus_ignored")[0]["bonus"] == "influence_any_7"
    assert [b["bonus"] for b in step.state.pending_bonuses] == ["influence_any_5"]
    assert decision_kind(step.state) == "choose_bonus" and options_of(step.state, "influence_any_5") != []
    rejects(step.state, {"kind": "resolve_bonus", "bonus": state.pending_bonuses[0]["id"], "tiger": "SK"},
            "unknown_bonus", "CASCADE-03")


def test_ibonus_03_ending_the_turn_forfeits_what_is_left():
    # IBONUS-03 / CASCADE-03
    state = at_bonus("sector:S6", "sector:S8")
    state = resolve(state, "influence_any_7", tiger="HK").state
    step = apply(state, {"kind": "end_turn"})
    assert of_kind(step.events, "turn_ended")[0]["forfeited"] == ["influence_upper_3"]
    assert step.state.pending_bonuses == [] and seat_now(step.state) == "1"


def test_ibonus_04_funds_are_paid_where_the_bonus_is_used():
    # IBONUS-04: triggered by a build in Singapore, used (and paid) in Hong Kong.
    state = at_bonus("sector:S6")
    after = resolve(state, "influence_any_7", tiger="HK").state
    assert after.players[0].funds == {"SK": 6, "HK": 5, "TW": 6, "SG": 5}


def test_a_bonus_that_cannot_be_used_now_offers_nothing_but_stays_in_the_queue():
    # IBONUS-03 / CASCADE-03: no funds anywhere for the +7.
    state = at_bonus("sector:S6", change=lambda d: d["players"][0]["funds"].update(SK=0, HK=0, TW=0, SG=0))
    assert options_of(state, "influence_any_7") == []
    assert {a["kind"] for a in legal_actions(state)} == {"ignore_bonus", "end_turn"}
    rejects(state, _resolve_action(state, "influence_any_7", tiger="SK"), "insufficient_funds", "IBONUS-12")


# -- IBONUS-05: free parts factory --------------------------------------------------------
def _with_factory(data, space="SK.F2", **extra):
    built(data, "0", space, **extra)


def test_ibonus_05_free_parts_factory():
    # IBONUS-05 / BUILD-PARTS-01/02 / AMB-05: free, attached under an own factory, 1 good produced.
    state = at_bonus("sector:S7", change=_with_factory)
    assert options_of(state, "parts_factory_free") == [{"space": "SK.F2"}]
    step = resolve(state, "parts_factory_free", space="SK.F2")
    after = step.state
    piece = next(p for p in after.pieces if p.space == "SK.F2")
    assert piece.parts_factory and after.supply_parts_factories == state.supply_parts_factories - 1
    assert after.players[0].energy == 4 and after.players[0].goods["Electronics"] == 1
    assert "parts_factory_attached" in kinds(step.events) and after.pending_bonuses == []


def test_ibonus_05_refused_without_an_own_factory():
    # BUILD-PARTS-03: no built factory → nothing offered; a named space is refused.
    state = at_bonus("sector:S7", change=lambda d: built(d, "1", "SK.F2"))
    assert options_of(state, "parts_factory_free") == []
    rejects(state, _resolve_action(state, "parts_factory_free", space="SK.F2"), "not_your_factory", "BUILD-PARTS-01")
    rejects(state, _resolve_action(state, "parts_factory_free"), "space_required", error=ActionShapeError)


def test_ibonus_05_refused_on_a_factory_that_has_one_or_when_the_supply_is_empty():
    # BUILD-PARTS-01 / BUILD-PARTS-03 / AMB-37
    state = at_bonus("sector:S7", change=lambda d: _with_factory(d, parts_factory=True))
    rejects(state, _resolve_action(state, "parts_factory_free", space="SK.F2"), "parts_factory_present",
            "BUILD-PARTS-01")

    def empty(data):
        _with_factory(data)
        data["supply_parts_factories"] = 0
    state = at_bonus("sector:S7", change=empty)
    assert options_of(state, "parts_factory_free") == []
    rejects(state, _resolve_action(state, "parts_factory_free", space="SK.F2"), "no_parts_factory_left",
            "BUILD-PARTS-03")


# -- IBONUS-06 / IBONUS-07: performance tokens (details in test_bonus_performance) ------------
def test_ibonus_06_dollar_bonus_offers_only_dollar_tokens():
    # IBONUS-06
    state = at_bonus("sector:S2")
    tokens = {o["token"] for o in options_of(state, "performance_dollar")}
    assert tokens == {"D1", "D2", "D3", "D4", "D5", "D6"}
    rejects(state, _resolve_action(state, "performance_dollar", token="Y1"), "wrong_token_set", "IBONUS-06")


def test_ibonus_07_yen_bonus_offers_only_yen_tokens():
    # IBONUS-07: Y3 (no satellite) and Y4 (no special flag), Y5 (no sale), Y6 (no factory) cannot be used now.
    state = at_bonus("sector:S3")
    assert {o["token"] for o in options_of(state, "performance_yen")} == {"Y1", "Y2"}
    rejects(state, _resolve_action(state, "performance_yen", token="D3", tigers=["SK"]), "wrong_token_set",
            "IBONUS-07")


# -- IBONUS-08: headquarters ----------------------------------------------------------------
def test_ibonus_08_headquarters_then_the_region_bonus_of_that_tiger():
    # IBONUS-08 / BUILD-HQ-01: free, on a Tiger without one; Taiwan's RB3 gives a good made there.
    state = at_bonus("sector:S5", change=lambda d: built(d, "1", "TW.F2"))
    assert options_of(state, "headquarters") == [{"tiger": t} for t in ("SK", "HK", "TW", "SG")]
    step = resolve(state, "headquarters", tiger="TW")
    after = step.state
    assert after.headquarters == {"TW": "0"} and after.players[0].headquarters_available is False
    assert after.players[0].funds == state.players[0].funds  # costs nothing
    assert kinds(step.events)[:4] == ["bonus_resolved", "headquarters_built", "region_bonus_activated",
                                      "auto_resolved"]
    assert after.players[0].goods["Machinery"] == 1 and after.region_tokens["TW"] == "RB3"


def test_build_hq_02_a_tiger_with_another_players_headquarters_is_refused():
    # BUILD-HQ-02
    state = at_bonus("sector:S5", change=lambda d: d["headquarters"].update(HK="1"))
    assert {"tiger": "HK"} not in options_of(state, "headquarters")
    err = rejects(state, _resolve_action(state, "headquarters", tiger="HK"), "headquarters_taken", "BUILD-HQ-02")
    assert "Bob" in err.message


def test_build_hq_02_one_headquarters_per_player():
    # BUILD-HQ-02
    def change(data):
        data["headquarters"]["SK"] = "0"
        data["players"][0]["headquarters_available"] = False
    state = at_bonus("sector:S5", change=change)
    assert options_of(state, "headquarters") == []
    rejects(state, _resolve_action(state, "headquarters", tiger="HK"), "headquarters_already_built", "BUILD-HQ-02")
    rejects(state, _resolve_action(state, "headquarters", tiger="XX"), "tiger_required", error=ActionShapeError)


# -- IBONUS-09..12: influence purchases ------------------------------------------------------
def test_ibonus_09_upper_area_plus_3_for_1_fund_and_the_region_bonus():
    # IBONUS-09 / REGION-03: South Korea's RB1 (influence 3) adds 3 more there.
    state = at_bonus("sector:S8")
    assert options_of(state, "influence_upper_3") == [{"tiger": "SK"}, {"tiger": "TW"}]
    step = resolve(state, "influence_upper_3", tiger="SK")
    player = step.state.players[0]
    assert player.funds["SK"] == 5 and player.influence["SK"] == 6
    assert [e["amount"] for e in of_kind(step.events, "influence_gained")] == [3, 3]


def test_ibonus_09_refuses_a_lower_tiger_and_missing_funds():
    # IBONUS-09
    state = at_bonus("sector:S8", change=lambda d: d["players"][0]["funds"].update(TW=0))
    assert options_of(state, "influence_upper_3") == [{"tiger": "SK"}]
    rejects(state, _resolve_action(state, "influence_upper_3", tiger="HK"), "tiger_not_in_area", "IBONUS-09")
    rejects(state, _resolve_action(state, "influence_upper_3", tiger="TW"), "insufficient_funds", "IBONUS-09")


def test_ibonus_10_lower_area_plus_3_for_1_fund_and_the_region_bonus():
    # IBONUS-10: Hong Kong's RB2 adds 3 more there.
    state = at_bonus("sector:S9")
    assert options_of(state, "influence_lower_3") == [{"tiger": "HK"}, {"tiger": "SG"}]
    player = resolve(state, "influence_lower_3", tiger="HK").state.players[0]
    assert player.funds["HK"] == 5 and player.influence["HK"] == 6
    rejects(state, _resolve_action(state, "influence_lower_3", tiger="TW"), "tiger_not_in_area", "IBONUS-10")


def test_ibonus_11_any_tiger_plus_5_for_1_fund_and_the_region_bonus():
    # IBONUS-11 / AMB-26: Singapore's good token gives nothing with no factory on Singapore.
    state = at_bonus("sector:S1")
    assert len(options_of(state, "influence_any_5")) == 4
    step = resolve(state, "influence_any_5", tiger="SG")
    player = step.state.players[0]
    assert player.funds["SG"] == 4 and player.influence["SG"] == 5
    assert of_kind(step.events, "region_bonus_empty") and sum(player.goods.values()) == 1


def test_ibonus_12_any_tiger_plus_7_for_1_fund_without_region_bonus():
    # IBONUS-12 / REGION-02
    state = at_bonus("sector:S6")
    step = resolve(state, "influence_any_7", tiger="TW")
    player = step.state.players[0]
    assert player.funds["TW"] == 5 and player.influence["TW"] == 7
    assert not of_kind(step.events, "region_bonus_activated")


# -- IBONUS-13..16: satellites ----------------------------------------------------------------
def test_ibonus_13_laboratory_satellite_for_2_funds():
    # IBONUS-13 / BUILD-SAT-01: only laboratory-row satellite spaces.
    state = at_bonus("sector:S12")
    assert options_of(state, "satellite_laboratory") == [{"space": f"{t}.SL"} for t in ("SK", "HK", "TW", "SG")]
    step = resolve(state, "satellite_laboratory", space="HK.SL")
    after = step.state
    assert after.satellites == {"HK.SL": {"owner": "0", "satellite": "laboratory"}}
    assert after.players[0].satellites == ["factory", "power_plant", "any"] and after.players[0].funds["HK"] == 4
    assert of_kind(step.events, "satellite_built")[0]["funds_paid"] == 2


def test_ibonus_14_power_plant_satellite_for_2_funds():
    # IBONUS-14
    state = at_bonus("sector:S11")
    after = resolve(state, "satellite_power_plant", space="SK.SP").state
    assert after.satellites["SK.SP"] == {"owner": "0", "satellite": "power_plant"}
    assert after.players[0].funds["SK"] == 4
    rejects(state, _resolve_action(state, "satellite_power_plant", space="SK.SF"), "wrong_satellite_row",
            "BUILD-SAT-01")


def test_ibonus_15_factory_satellite_for_2_funds():
    # IBONUS-15
    state = at_bonus("sector:S10")
    after = resolve(state, "satellite_factory", space="SG.SF").state
    assert after.satellites["SG.SF"] == {"owner": "0", "satellite": "factory"} and after.players[0].funds["SG"] == 3


def test_ibonus_16_generic_satellite_on_any_row():
    # IBONUS-16 / AMB-07: any row's satellite space.
    state = at_bonus("sector:S4")
    assert len(options_of(state, "satellite_any")) == 12
    after = resolve(state, "satellite_any", space="TW.SP").state
    assert after.satellites["TW.SP"] == {"owner": "0", "satellite": "any"} and "any" not in after.players[0].satellites


def test_build_sat_01_a_taken_satellite_space_is_refused():
    # BUILD-SAT-01: one satellite per space, of any player.
    state = at_bonus("sector:S12", change=lambda d: satellite(d, "1", "SK.SL", "laboratory"))
    assert {"space": "SK.SL"} not in options_of(state, "satellite_laboratory")
    err = rejects(state, _resolve_action(state, "satellite_laboratory", space="SK.SL"), "satellite_space_taken",
                  "BUILD-SAT-01")
    assert "Bob" in err.message


def test_build_sat_01_two_funds_on_the_target_tiger_are_needed():
    # BUILD-SAT-01 / FUNDS-02
    state = at_bonus("sector:S4", change=lambda d: d["players"][0]["funds"].update(SK=1))
    assert not [o for o in options_of(state, "satellite_any") if o["space"].startswith("SK.")]
    rejects(state, _resolve_action(state, "satellite_any", space="SK.SF"), "insufficient_funds", "IBONUS-16")


def test_build_sat_02_each_satellite_is_built_once():
    # BUILD-SAT-02 / AMB-36
    state = at_bonus("sector:S12", change=lambda d: satellite(d, "0", "SK.SL", "laboratory"))
    assert options_of(state, "satellite_laboratory") == []
    rejects(state, _resolve_action(state, "satellite_laboratory", space="HK.SL"), "satellite_already_built",
            "BUILD-SAT-02")


def test_satellite_bonus_refuses_an_ordinary_space_and_extra_fields():
    # BUILD-SAT-01: satellites go only on satellite spaces (AMB-07).
    state = at_bonus("sector:S4")
    rejects(state, _resolve_action(state, "satellite_any", space="SK.F2"), "unknown_satellite_space",
            error=ActionShapeError)
    rejects(state, _resolve_action(state, "satellite_any", space="SK.SF", tiger="SK"), "unexpected_field",
            error=ActionShapeError)
