"""Rules tests: general setup, player setup, the 3-player neutral (SETUP-*, PSETUP-*, NEUTRAL-*, AMB-01, AMB-27)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from api.games.asian_tigers import apply, legal_actions, new_game
from api.games.asian_tigers.errors import ActionShapeError, SetupError
from tests.games.asian_tigers.builders import (TEAM, edition, edition_document, edition_from, game, pass_turn, players,
                                               recorded_options, recorded_setup, rejects, setup_rejected,
                                               to_build)

TIGERS = ("SK", "HK", "TW", "SG")
SEEDS = st.integers(min_value=0, max_value=10**9)


def _fixed_centers(state) -> dict:
    return {c: t for c, t in state.centers.items() if t is not None}


# -- general setup -----------------------------------------------------------------------
@pytest.mark.parametrize("count", [0, 1, 5])
def test_setup_01_refuses_fewer_than_two_or_more_than_four_players(count):
    # SETUP-01
    roster = players(4)[:count] if count <= 4 else players(4) + [{"name": "Eve", "color": "red"}]
    setup_rejected({"players": roster}, "invalid_player_count", "SETUP-01")


def test_setup_01_two_player_face_closes_three_and_four_dot_spaces():
    # SETUP-01 / DATA-20: with 2 players SK.L2 (3 dots) is closed; with 3 it is open.
    two, _ = to_build(game(2), "SK.A")
    assert {a["space"] for a in legal_actions(two)} == {"SK.U1", "SK.U3", "SK.F2", "SK.F3", "SK.P1", "SK.L3",
                                                        "SK.Pinf", "SK.Linf"}
    rejects(two, {"kind": "build", "space": "SK.L2", "sector": "S7"}, "space_closed", "SETUP-01")
    three, _ = to_build(game(3), "SK.A")
    built = apply(three, {"kind": "build", "space": "SK.L2", "sector": "S7"}).state
    assert built.pieces[-1].space == "SK.L2" and built.pieces[-1].owner == "0"


def test_setup_02_recorded_prosperity_tokens_are_stored_and_the_fifth_leaves():
    # SETUP-02
    state = game(2)
    assert state.prosperity_tokens == {"SK": "PT1", "HK": "PT2", "TW": "PT3", "SG": "PT4"}
    assert "PT5" not in state.prosperity_tokens.values()


@pytest.mark.parametrize("tokens", [
    {"SK": "PT1", "HK": "PT1", "TW": "PT3", "SG": "PT4"},  # duplicate
    {"SK": "PT1", "HK": "PT2", "TW": "PT3"},  # a Tiger without a token
    {"SK": "PT1", "HK": "PT2", "TW": "PT3", "SG": "PT9"},  # unknown token
])
def test_setup_02_refuses_a_bad_prosperity_draw(tokens):
    # SETUP-02
    setup_rejected(recorded_options(2, setup=recorded_setup(2, prosperity_tokens=tokens)),
                   "invalid_recorded_draw", "SETUP-02")


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_setup_02_generated_prosperity_draw_is_four_distinct_tokens_and_reproducible(seed):
    # SETUP-02
    options = {"players": players(2)}
    state = new_game(options, edition(), seed)
    assert sorted(state.prosperity_tokens) == sorted(TIGERS)
    assert len(set(state.prosperity_tokens.values())) == 4
    assert set(state.prosperity_tokens.values()) < {"PT1", "PT2", "PT3", "PT4", "PT5"}
    assert new_game(options, edition(), seed).prosperity_tokens == state.prosperity_tokens


def test_setup_03_and_05_tokens_are_read_at_the_player_count_value():
    # SETUP-03 / SETUP-05: PT1 and PT5 swap their 2-player headlines only.
    doc = edition_document()
    tables = doc["prosperity_tokens"]
    tables["PT1"]["by_player_count"]["2"]["headline"], tables["PT5"]["by_player_count"]["2"]["headline"] = 12, 24
    swapped = edition_from(doc)
    tokens = {"SK": "PT1", "HK": "PT2", "TW": "PT3", "SG": "PT5"}
    four = new_game(recorded_options(4, setup=recorded_setup(4, prosperity_tokens=tokens)), swapped, 1)
    two = new_game(recorded_options(2, setup=recorded_setup(2, prosperity_tokens=tokens)), swapped, 1)
    assert _fixed_centers(four) == {"SK.A": "W1", "HK.B": "W2", "TW.C": "W3"}  # SK 24 > HK 21 > TW 18 > SG 12
    assert _fixed_centers(two) == {"SG.A": "W1", "HK.B": "W2", "TW.C": "W3"}  # SG 24 > HK 21 > TW 18 > SK 12


def test_setup_04_recorded_region_tokens_and_two_leftovers():
    # SETUP-04
    state = game(2)
    assert state.region_tokens == {"SK": "RB1", "HK": "RB2", "TW": "RB3", "SG": "RB4"}
    assert sorted(state.leftover_region_tokens) == ["RB5", "RB6"]


def test_setup_04_refuses_a_region_token_on_two_tigers():
    # SETUP-04
    tokens = {"SK": "RB1", "HK": "RB1", "TW": "RB3", "SG": "RB4"}
    setup = recorded_setup(2, region_tokens=tokens)
    setup_rejected(recorded_options(2, setup=setup), "invalid_recorded_draw", "SETUP-04")


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_setup_04_generated_region_tokens_use_all_six_once(seed):
    # SETUP-04
    state = new_game({"players": players(3)}, edition(), seed)
    assert len(state.leftover_region_tokens) == 2
    assert sorted(list(state.region_tokens.values()) + state.leftover_region_tokens) == [f"RB{i}" for i in range(1, 7)]


def test_setup_05_and_amb_27_tigers_ranked_by_headline_highest_first():
    # SETUP-05 / AMB-27: HK PT1 (24) > SG PT2 (21) > TW PT3 (18) > SK PT5 (12)
    tokens = {"SK": "PT5", "HK": "PT1", "TW": "PT3", "SG": "PT2"}
    state = game(2, setup=recorded_setup(2, prosperity_tokens=tokens))
    assert _fixed_centers(state) == {"HK.A": "W1", "SG.B": "W2", "TW.C": "W3"}


def test_setup_06_setup_workers_fix_a_b_c_of_the_top_three_and_the_fourth_gets_none():
    # SETUP-06
    state = game(4, setup=recorded_setup(4, setup_workers={"A": "W3", "B": "W1", "C": "W2"}))
    assert _fixed_centers(state) == {"SK.A": "W3", "HK.B": "W1", "TW.C": "W2"}
    assert state.center_workers["SK.A"] == ["setup"] and state.center_workers["TW.C"] == ["setup"]
    assert all(state.centers[f"SG.{c}"] is None and not state.center_workers[f"SG.{c}"] for c in "ABC")


@pytest.mark.parametrize("workers", [{"A": "W1", "B": "W1", "C": "W3"}, {"A": "W1", "B": "W2"},
                                     {"A": "W1", "B": "W2", "C": "W4"}])
def test_setup_06_refuses_setup_workers_that_are_not_one_of_each_type(workers):
    # SETUP-06
    setup = recorded_setup(2, setup_workers=workers)
    setup_rejected(recorded_options(2, setup=setup), "invalid_recorded_draw", "SETUP-06")


@settings(max_examples=20, deadline=None)
@given(SEEDS)
def test_setup_06_generated_setup_workers_are_one_of_each_type(seed):
    # SETUP-06
    state = new_game({"players": players(2)}, edition(), seed)
    assert sorted(_fixed_centers(state).values()) == ["W1", "W2", "W3"]
    assert sorted(c.split(".")[1] for c in _fixed_centers(state)) == ["A", "B", "C"]


@pytest.mark.parametrize("count, per_nation", [(2, 2), (3, 3), (4, 4)])
def test_setup_07_flags_filtered_by_player_count(count, per_nation):
    # SETUP-07: 2 players drop 3- and 4-dot flags, 3 players drop 4-dot flags.
    state = game(count)
    assert {n: len(s) for n, s in state.flag_stacks.items()} == {n: per_nation for n in edition().nations}
    assert state.flag_stacks["USA"] == ["USA-1", "USA-2", "USA-3", "USA-4"][:per_nation]


def test_setup_08_each_stack_has_the_highest_value_on_top():
    # SETUP-08
    values = {f.id: f.value for n in edition().nations.values() for f in n.flags}
    state = game(4)
    assert [values[f] for f in state.flag_stacks["IDN"]] == [7, 6, 5, 4]
    for stack in state.flag_stacks.values():
        assert [values[f] for f in stack] == sorted((values[f] for f in stack), reverse=True)


def test_setup_09_all_twelve_performance_tokens_start_face_up():
    # SETUP-09
    assert sorted(game(2).performance_tokens) == sorted([f"D{i}" for i in range(1, 7)] + [f"Y{i}" for i in range(1, 7)])


def test_setup_10_general_supply():
    # SETUP-10: 10 goods per type minus the dealt starting goods; 24 parts factories.
    state = game(2)  # seat 0 Finance, seat 1 Chemicals
    assert state.supply_goods == {"Electronics": 10, "Automobiles": 10, "Machinery": 10, "Finance": 9, "Ships": 10,
                                  "Chemicals": 9}
    assert state.supply_parts_factories == 24


def test_setup_11_recorded_turn_order_decides_who_plays_first():
    # SETUP-11
    state = game(3, setup=recorded_setup(3, turn_order=[2, 0, 1]))
    assert state.turn_order == ["2", "0", "1"]
    assert (state.decisions[-1]["kind"], state.decisions[-1]["seat"]) == ("choose_placement", "2")


@pytest.mark.parametrize("order", [[0, 0], [0], [0, 1, 2], [0, 2], ["x", 1]])
def test_setup_11_refuses_a_bad_turn_order(order):
    # SETUP-11
    setup_rejected(recorded_options(2, setup=recorded_setup(2, turn_order=order)), "invalid_recorded_draw", "SETUP-11")


def test_setup_12_global_market_start_follows_turn_position():
    # SETUP-12
    state = game(4, setup=recorded_setup(4, turn_order=[2, 0, 3, 1]))
    assert state.global_market == {"1": ["2"], "2": ["0"], "3": ["3"], "4": ["1"]}


def test_setup_13_and_14_six_funds_and_zero_influence_on_every_tiger():
    # SETUP-13 / SETUP-14
    for player in game(4).players:
        assert player.funds == {t: 6 for t in TIGERS}
        assert player.influence == {t: 0 for t in TIGERS}


def test_setup_15_the_game_starts_at_the_first_turn_of_era_one():
    # SETUP-15: the round marker is on Era I; no management step has started.
    state = game(2)
    assert (state.era, state.phase, state.management, state.turn_index) == (1, "turns", None, 0)
    assert state.turn == {"seat": "0", "worker": None, "center": None}


def test_setup_16_components_unused_at_the_player_count_leave_the_game():
    # SETUP-16
    state = game(2)
    dotted = {f.id for n in edition().nations.values() for f in n.flags if f.dots}
    assert not dotted & {f for s in state.flag_stacks.values() for f in s}
    assert state.neutral is None and state.pieces == []
    assert "PT5" not in state.prosperity_tokens.values()
    assert state.supply_goods["Electronics"] == state.supply_goods["Machinery"] == 10  # undealt goods stay in supply


# -- player setup ------------------------------------------------------------------------
def test_psetup_01_player_board_starts_full():
    # PSETUP-01 / COMP-02: 24 generics, 6 factories; satellites and HQ beside the board.
    player = game(2).players[0]
    assert sum(s["generic"] for s in player.sectors.values()) == 24
    assert sum(s["factory"] for s in player.sectors.values()) == 6
    assert [sid for sid, s in player.sectors.items() if s["factory"]] == ["S1", "S2", "S3", "S4", "S5", "S6"]
    assert sorted(player.satellites) == ["any", "factory", "laboratory", "power_plant"]
    assert player.headquarters_available is True


@settings(max_examples=30, deadline=None)
@given(SEEDS)
def test_psetup_02_03_04_and_amb_01_generated_bag_draw(seed):
    # PSETUP-02 (12 workers, 4 per type) / PSETUP-03 + AMB-01 (set-aside pair of two types) / PSETUP-04 (10 in the team)
    state = new_game({"players": players(4)}, edition(), seed)
    for player in state.players:
        assert len(player.team) == 10 and len(player.set_aside) == 2
        assert player.set_aside[0] != player.set_aside[1]
        bag = player.team + player.set_aside
        assert {t: bag.count(t) for t in ("W1", "W2", "W3")} == {"W1": 4, "W2": 4, "W3": 4}


@pytest.mark.parametrize("workers, rule", [
    ({"set_aside": ["W2", "W3"], "team": ["W1"] * 5 + ["W2", "W2", "W3", "W3", "W3"]}, "PSETUP-03"),  # five W1
    ({"team": ["W1", "W1", "W1", "W1", "W2", "W2", "W2", "W2", "W3", "W3"]}, "PSETUP-03"),  # 4/4/2
    ({"set_aside": ["W1", "W2"], "team": ["W1"] * 4 + ["W2"] * 3 + ["W3"] * 3}, "PSETUP-03"),  # pair does not fit
])
def test_psetup_03_refuses_a_sequence_that_does_not_fit_the_bag(workers, rule):
    # PSETUP-03
    setup = recorded_setup(2, workers={"0": workers})
    setup_rejected(recorded_options(2, setup=setup), "sequence_does_not_fit_bag", rule)


def test_psetup_03_and_amb_01_refuse_a_same_type_set_aside_pair():
    # PSETUP-03 / AMB-01: a same-type pair goes back to the bag, so it can never be recorded.
    team = ["W1", "W1"] + ["W2"] * 4 + ["W3"] * 4
    setup = recorded_setup(2, workers={"0": {"set_aside": ["W1", "W1"], "team": team}})
    setup_rejected(recorded_options(2, setup=setup), "invalid_recorded_draw", "PSETUP-03")


def test_psetup_03_set_aside_pair_is_derived_from_a_recorded_team():
    # PSETUP-03: a 3/4/3 team means W1 and W3 were set aside.
    team = ["W2", "W1", "W2", "W3", "W2", "W1", "W3", "W2", "W1", "W3"]
    state = game(2, setup=recorded_setup(2, workers={"0": {"team": team}}))
    assert state.players[0].set_aside == ["W1", "W3"] and state.players[0].team == team


@pytest.mark.parametrize("workers", [{"set_aside": ["W2", "W3"]}, {"team": ["W1"] * 4 + ["W2"] * 3 + ["W3"] * 2}])
def test_psetup_04_refuses_a_missing_or_short_team_sequence(workers):
    # PSETUP-04
    setup_rejected(recorded_options(2, setup=recorded_setup(2, workers={"0": workers})), "invalid_recorded_draw",
                   "PSETUP-04")


def test_psetup_04_team_sequence_is_the_order_of_play():
    # PSETUP-04: the first placement uses the leftmost recorded worker (W3 here, so TW.C is open to it).
    team = ["W3", "W1", "W1", "W1", "W1", "W2", "W2", "W2", "W3", "W3"]
    state = game(2, setup=recorded_setup(2, workers={"0": {"team": team}}))
    assert {"kind": "place_worker", "center": "TW.C", "decision": 1} in legal_actions(state)
    after = pass_turn(state)
    assert after.players[0].team == team[1:] and after.players[0].placed == {"W1": 0, "W2": 0, "W3": 1}


def test_psetup_05_four_energy_and_two_science():
    # PSETUP-05
    assert {(p.energy, p.science) for p in game(4).players} == {(4, 2)}


def test_psetup_06_one_starting_good_each():
    # PSETUP-06
    state = game(4, setup=recorded_setup(4, turn_order=[3, 2, 1, 0]))
    held = [{g: n for g, n in p.goods.items() if n} for p in state.players]
    assert held == [{"Finance": 1}, {"Chemicals": 1}, {"Electronics": 1}, {"Machinery": 1}]


@pytest.mark.parametrize("goods", [{"0": "Finance", "1": "Finance"}, {"0": "Ships", "1": "Finance"}, {"0": "Finance"}])
def test_psetup_06_refuses_a_bad_starting_good_deal(goods):
    # PSETUP-06: different goods, from Electronics/Machinery/Finance/Chemicals, one per seat.
    setup = recorded_setup(2, starting_goods=goods)
    setup_rejected(recorded_options(2, setup=setup), "invalid_recorded_draw", "PSETUP-06")


@settings(max_examples=20, deadline=None)
@given(SEEDS)
def test_psetup_06_generated_deal(seed):
    # PSETUP-06
    state = new_game({"players": players(3)}, edition(), seed)
    dealt = [g for p in state.players for g, n in p.goods.items() for _ in range(n)]
    assert len(dealt) == 3 and len(set(dealt)) == 3
    assert set(dealt) <= {"Electronics", "Machinery", "Finance", "Chemicals"}
    assert sum(state.supply_goods.values()) == 57


# -- option validation -------------------------------------------------------------------
@pytest.mark.parametrize("options, code", [
    ({"players": [{"color": "red"}, {"color": "purple"}]}, "unknown_color"),
    ({"players": [{"color": "red"}, {"color": "red"}]}, "duplicate_color"),
    ({"players": players(2), "rules_options": {"house_rule": True}}, "unknown_rules_option"),
    ({"players": players(2), "rules_options": {"prosperity_from_influence_rounds": 3}}, "invalid_rules_option"),
    ({"players": players(2), "worker_entry": "guess"}, "invalid_worker_entry"),
    ({"players": players(2), "rules_options": ["prosperity_from_influence_rounds"]}, "invalid_options"),
    ({"players": players(2), "setup": ["SK"]}, "invalid_options"),
])
def test_setup_options_are_validated(options, code):
    # SETUP-01 options / SCORE-END-03: unknown colour, unknown or invalid rules option, options not an object.
    setup_rejected(options, code)


@pytest.mark.parametrize("key, value", [
    ("workers", [{"team": TEAM}]),  # PSETUP-03/04: a list instead of {seat: record}
    ("workers", {"0": "W1"}),  # PSETUP-03/04: a seat record that is not an object
    ("starting_goods", ["Finance", "Chemicals"]),  # PSETUP-06: a list instead of {seat: good}
    ("turn_order", 1),  # SETUP-11: not a list
    ("setup_workers", {"A": ["W1"], "B": "W2", "C": "W3"}),  # SETUP-06: a list as a worker type
])
def test_setup_refuses_a_malformed_recorded_draw(key, value):
    # SETUP-06 / SETUP-11 / PSETUP-03 / PSETUP-04 / PSETUP-06
    with pytest.raises(SetupError):
        new_game(recorded_options(2, setup=recorded_setup(2, **{key: value})), edition(), 7)


def test_a_bad_recorded_set_aside_pair_names_its_field():
    # PSETUP-03: the refusal names the seat's recorded field (setup/workers/<seat>/set_aside), as sent.
    setup = recorded_setup(2)
    setup["workers"]["1"] = {**setup["workers"]["1"], "set_aside": ["W1", "W1"]}
    with pytest.raises(SetupError) as refused:
        new_game(recorded_options(2, setup=setup), edition(), 7)
    assert refused.value.details["field"] == "setup/workers/1/set_aside"


# -- stated worker entry -----------------------------------------------------------------
def _stated(count=2, workers=None):
    return game(count, setup=recorded_setup(count, workers=workers or {}), worker_entry="stated")


def _stc(worker):
    return {"kind": "place_worker", "center": "STC", "worker": worker}


def test_psetup_03_stated_mode_needs_the_worker_type():
    # PSETUP-03/04 (stated entry): the table names the worker it places.
    state = _stated()
    assert state.players[0].team is None
    rejects(state, {"kind": "place_worker", "center": "STC"}, "worker_type_required", error=ActionShapeError)


def test_psetup_03_stated_mode_refuses_a_fifth_of_one_type_and_a_fourth_of_a_second():
    # PSETUP-03: the team holds 4/3/3, so one type may reach 4 and the others 3.
    state = _stated()
    seat1 = iter(["W3", "W3", "W3", "W2", "W2", "W2", "W1"])
    for _ in range(4):
        state = pass_turn(pass_turn(state, "W1"), next(seat1))
    assert state.players[0].placed == {"W1": 4, "W2": 0, "W3": 0}
    assert {a["worker"] for a in legal_actions(state)} == {"W2", "W3"}
    rejects(state, _stc("W1"), "worker_not_in_team", "PSETUP-03")
    for _ in range(3):
        state = pass_turn(pass_turn(state, "W2"), next(seat1))
    rejects(state, _stc("W2"), "worker_not_in_team", "PSETUP-03")
    assert apply(state, _stc("W3")).state.players[0].placed == {"W1": 4, "W2": 3, "W3": 1}


def test_psetup_03_stated_mode_with_a_recorded_pair_caps_those_types_at_three():
    # PSETUP-03: W1 and W2 set aside, so at most 3 W1 in the team.
    state = _stated(workers={"0": {"set_aside": ["W1", "W2"]}})
    for _ in range(3):
        state = pass_turn(pass_turn(state, "W1"), "W3")
    rejects(state, _stc("W1"), "worker_not_in_team", "PSETUP-03")


# -- three-player neutral ------------------------------------------------------------------
def test_neutral_01_blockers_fill_every_four_dot_space_in_an_unused_colour():
    # NEUTRAL-01
    state = game(3)
    assert state.neutral["color"] == "yellow"
    assert {(p.space, p.kind) for p in state.pieces if p.tiger == "SK"} == {
        ("SK.U2", "university"), ("SK.D3", "department"), ("SK.F4", "factory"), ("SK.P3", "power_plant"),
        ("SK.L1", "laboratory")}
    assert len(state.pieces) == 20 and {p.owner for p in state.pieces} == {"neutral"}
    assert all(state.pieces[state.occupancy[p.space]] is p for p in state.pieces)
    odd = new_game({"players": [{"color": "red"}, {"color": "yellow"}, {"color": "blue"}]}, edition(), 3)
    assert odd.neutral["color"] == "green"


@pytest.mark.parametrize("count", [2, 4])
def test_neutral_01_no_neutral_with_two_or_four_players(count):
    # NEUTRAL-01
    state = game(count)
    assert state.neutral is None and state.pieces == []


@pytest.mark.parametrize("advanced, influence", [(False, 5), (True, 6)])
def test_neutral_02_starting_influence(advanced, influence):
    # NEUTRAL-02
    assert game(3, advanced_neutral=advanced).neutral["influence"] == {t: influence for t in TIGERS}


def test_neutral_03_advanced_neutral_factories_carry_parts_factories():
    # NEUTRAL-03: one per Tiger, taken from the 24 in the supply.
    basic, advanced = game(3), game(3, advanced_neutral=True)
    assert [p.space for p in advanced.pieces if p.parts_factory] == ["SK.F4", "HK.F4", "TW.F4", "SG.F4"]
    assert advanced.supply_parts_factories == 20
    assert not any(p.parts_factory for p in basic.pieces) and basic.supply_parts_factories == 24
