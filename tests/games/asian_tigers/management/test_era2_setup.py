"""Engine III: the Era II setup through the full engine (ERA2-01..06, SETUP-06, PSETUP-03/04).

The management phase of Era I ends with the Era II setup: markets emptied, every
centre free again, the three board workers re-placed by prosperity order, every
bag draw redone (generated from the seed, or recorded by the table through the
``record_era2_draws`` decision), and everything else carried over.
"""
from __future__ import annotations

import pytest

from api.games.asian_tigers import apply, legal_actions, replay, state_to_dict
from api.games.asian_tigers.errors import ActionShapeError, SetupError
from api.games.asian_tigers.setup import draw_setup_workers, draw_workers
from tests.games.asian_tigers.builders import TEAM, decision_kind, edition, rejects, seat_now
from tests.games.asian_tigers.builders.management import (answer, answer_offers, at_end_of_era, decline_all, events_of,
                                                    fresh, put, run_management, seeded, set_influence,
                                                    through_era1_management)

GOOD_TEAM_1 = ["W3", "W2", "W1", "W1", "W2", "W3", "W1", "W2", "W3", "W1"]  # 4 W1, 3 W2, 3 W3 (W2 + W3 aside)
GOOD_TEAM_2 = ["W2", "W2", "W2", "W2", "W1", "W1", "W1", "W3", "W3", "W3"]  # 4 W2 (W1 + W3 aside)
WORKER_TYPES = ("W1", "W2", "W3")


def _bag_ok(team, set_aside):
    """PSETUP-03/04: 10 in the team, 2 of different types aside, 4 of each type in all."""
    assert len(team) == 10 and len(set_aside) == 2 and set_aside[0] != set_aside[1]
    assert sorted(team + set_aside) == sorted([t for t in WORKER_TYPES for _ in range(4)])


def _at_record_question(count=2, **kwargs):
    """A recorded table at its Era II draw question (every special flag refused)."""
    gm = {"9": ["1"], "5": ["0"]} if count == 2 else None
    state, _ = run_management(at_end_of_era(fresh(count, **kwargs), gm=gm))
    state, _, _ = answer_offers(state, decline_all)
    assert decision_kind(state) == "record_era2_draws"
    return state


# -- ERA2-02: local markets ---------------------------------------------------------------
def test_era2_02_local_markets_are_emptied_and_their_goods_go_back_to_the_supply():
    # ERA2-02: three goods sold on local markets during Era I (each market takes its own good) go back.
    state = at_end_of_era(fresh(2))
    ed = state.edition
    sold = {"SK.MA": "0", "SK.MC": "1", "TW.MB": "0"}
    for market, seller in sold.items():
        good = ed.tigers[market.split(".")[0]].local_markets[market].good
        state.local_markets[market] = {"good": good, "seller": seller}
        state.supply_goods[good] -= 1
    before_supply = dict(state.supply_goods)
    held = [dict(p.goods) for p in state.players]
    state, events = through_era1_management(state)
    assert all(v is None for v in state.local_markets.values())
    returned = {g: state.supply_goods[g] - before_supply[g] for g in before_supply}
    expected = {g: 0 for g in before_supply}
    for market in sold:
        expected[ed.tigers[market.split(".")[0]].local_markets[market].good] += 1
    assert returned == expected and sum(returned.values()) == 3
    assert [dict(p.goods) for p in state.players] == held  # ERA2-06: goods held carry over
    assert events_of(events, "era2_prepared")


# -- ERA2-05: centres ----------------------------------------------------------------------
def test_era2_05_every_centre_is_free_and_the_recorded_setup_workers_follow_prosperity_order():
    # ERA2-05 / SETUP-05: tokens HK PT1 (24) > SG PT2 (21) > SK PT4 (15) > TW PT5 (12): the three workers
    # go to HK.A, SG.B, SK.C.  Era I types (TW.A W2 with two workers, ITC1 W3, the Era I setup workers)
    # are all freed.
    tokens = {"SK": "PT4", "HK": "PT1", "TW": "PT5", "SG": "PT2"}
    state = at_end_of_era(fresh(2, setup_overrides={"prosperity_tokens": tokens}))
    assert {c: t for c, t in state.centers.items() if t} == {"HK.A": "W1", "SG.B": "W2", "SK.C": "W3"}
    state.centers["TW.A"], state.center_workers["TW.A"] = "W2", ["0", "1"]
    state.trade_centers["ITC1"] = "W3"
    state, _ = run_management(state)
    state, _, _ = answer_offers(state, decline_all)
    state, events = answer(state, {"kind": "draw_era2_setup", "setup_workers": {"A": "W3", "B": "W1", "C": "W2"}})
    assert {c: t for c, t in state.centers.items() if t} == {"HK.A": "W3", "SG.B": "W1", "SK.C": "W2"}
    assert {c: w for c, w in state.center_workers.items() if w} == {"HK.A": ["setup"], "SG.B": ["setup"],
                                                                  "SK.C": ["setup"]}
    assert state.trade_centers == {"ITC1": None, "ITC2": None, "RTC": None}
    assert [e["kind"] for e in events][-1] == "era_started"


def test_era2_05_generated_setup_workers_come_from_the_seed():
    # ERA2-05 / SETUP-06 (generated): the draw labelled "setup_workers/era2" of the game's seed, placed on
    # A, B, C of the top three prosperity Tigers; deterministic for the seed.
    for seed in (3, 4):
        state = at_end_of_era(seeded(2, seed=seed))
        state, _ = through_era1_management(state)
        expected = draw_setup_workers(edition(), {}, seed, "setup_workers/era2")
        order = sorted(state.prosperity_tokens, key=lambda t: -edition().prosperity_tokens[state.prosperity_tokens[t]]
                       ["by_player_count"]["2"]["headline"])
        assert {c: t for c, t in state.centers.items() if t} == {f"{order[i]}.{c}": expected[c]
                                                                for i, c in enumerate("ABC")}
        assert sorted(expected.values()) == list(WORKER_TYPES)


# -- ERA2-03/04: the bag draws -----------------------------------------------------------------
@pytest.mark.parametrize("count", [2, 3, 4])
def test_era2_04_generated_bag_draws_are_redone_from_the_seed(count):
    # ERA2-03/04: every player's workers come back (0 placed), a new draw "workers/era2/<seat>" of the seed.
    seed = 40 + count
    state = at_end_of_era(seeded(count, seed=seed))
    era1 = [(list(p.team or []), list(p.set_aside)) for p in seeded(count, seed=seed).players]
    state, events = through_era1_management(state)
    assert state.era == 2 and not events_of(events, "record_era2_draws")
    changed = 0
    for player, (team1, _) in zip(state.players, era1):
        assert player.workers_placed == 0 and player.placed == {"W1": 0, "W2": 0, "W3": 0}
        _bag_ok(player.team, player.set_aside)
        assert (player.team, player.set_aside) == draw_workers(edition(), None, seed, f"workers/era2/{player.id}",
                                                               False)
        changed += player.team != team1
    assert changed >= 1  # a new draw, not the Era I sequence
    again, _ = through_era1_management(at_end_of_era(seeded(count, seed=seed)))
    assert [p.team for p in again.players] == [p.team for p in state.players]  # deterministic


def test_era2_04_stated_worker_entry_draws_nothing_in_era_two():
    # ERA2-04 with worker_entry "stated": the table states each worker as it places it; no sequence kept.
    state = at_end_of_era(seeded(2, seed=8, worker_entry="stated"))
    state, _ = through_era1_management(state)
    assert [(p.team, p.set_aside, p.workers_placed) for p in state.players] == [(None, None, 0), (None, None, 0)]
    assert decision_kind(state) == "choose_placement"
    assert {a.get("worker") for a in legal_actions(state) if a["center"] == "STC"} == set(WORKER_TYPES)


def test_era2_04_a_recording_table_is_asked_for_its_draws_by_the_first_seat_of_era_two():
    # ERA2-04 [record]: the table recorded its Era I draws, so the app asks (a manual question, not
    # auto-resolved although it has one option); asked of seat 1, first in the new turn order (MGMT1-02).
    state = _at_record_question(2)
    assert state.turn_order == ["1", "0"] and seat_now(state) == "1"
    decision = state.decisions[-1]
    assert legal_actions(state) == [{"kind": "draw_era2_setup", "decision": decision["id"]}]
    recorded = {"0": {"set_aside": ["W2", "W3"], "team": GOOD_TEAM_1},
                "1": {"set_aside": ["W1", "W3"], "team": GOOD_TEAM_2}}
    state, events = answer(state, {"kind": "draw_era2_setup", "setup_workers": {"A": "W2", "B": "W3", "C": "W1"},
                                   "workers": recorded})
    assert [(p.team, p.set_aside) for p in state.players] == [(GOOD_TEAM_1, ["W2", "W3"]), (GOOD_TEAM_2, ["W1", "W3"])]
    assert {c: t for c, t in state.centers.items() if t} == {"SK.A": "W2", "HK.B": "W3", "TW.C": "W1"}
    assert (state.era, state.phase, seat_now(state), decision_kind(state)) == (2, "turns", "1", "choose_placement")
    assert state.players[1].team[0] == "W2"  # TURN-01: the leftmost recorded worker is placed first
    assert [e["kind"] for e in events] == ["era_started"]


def test_era2_04_seats_left_out_of_a_recording_are_drawn_from_the_seed():
    # ERA2-04: only seat 0 recorded; seat 1 and the setup workers are generated (labels of Era II).
    state = _at_record_question(2)
    state, _ = answer(state, {"kind": "draw_era2_setup", "workers": {"0": {"team": GOOD_TEAM_2}}})
    assert (state.players[0].team, state.players[0].set_aside) == (GOOD_TEAM_2, ["W1", "W3"])
    assert (state.players[1].team, state.players[1].set_aside) == draw_workers(edition(), None, 7, "workers/era2/1",
                                                                               False)
    expected = draw_setup_workers(edition(), {}, 7, "setup_workers/era2")
    assert {c: t for c, t in state.centers.items() if t} == {"SK.A": expected["A"], "HK.B": expected["B"],
                                                            "TW.C": expected["C"]}


def test_era2_04_stated_entry_records_only_the_set_aside_pair():
    # ERA2-04 / PSETUP-03 with worker_entry "stated": a seat may record its set-aside pair alone.
    setup_overrides = {"workers": {"0": {"set_aside": ["W1", "W2"]}, "1": {"set_aside": ["W1", "W3"]}}}
    state = _at_record_question(2, worker_entry="stated", setup_overrides=setup_overrides)
    state, _ = answer(state, {"kind": "draw_era2_setup", "workers": {"0": {"set_aside": ["W3", "W2"]}}})
    assert [(p.team, p.set_aside) for p in state.players] == [(None, ["W2", "W3"]), (None, None)]


BAD_RECORDINGS = [
    # SETUP-06: the three setup workers are one of each type
    ({"setup_workers": {"A": "W1", "B": "W1", "C": "W2"}}, SetupError, "invalid_recorded_draw", "SETUP-06"),
    ({"setup_workers": {"A": "W1", "B": "W2"}}, SetupError, "invalid_recorded_draw", "SETUP-06"),
    # PSETUP-03: two set-aside workers of different types
    ({"workers": {"1": {"set_aside": ["W1", "W1"], "team": TEAM}}}, SetupError, "invalid_recorded_draw", "PSETUP-03"),
    # PSETUP-04: ten workers in the team area
    ({"workers": {"1": {"team": TEAM[:9]}}}, SetupError, "invalid_recorded_draw", "PSETUP-04"),
    ({"workers": {"0": {"team": TEAM[:9] + ["W4"]}}}, SetupError, "invalid_recorded_draw", "PSETUP-04"),
    # PSETUP-03: a sequence the bag cannot give (5 W1) / not matching the pair set aside
    ({"workers": {"1": {"team": ["W1"] * 5 + ["W2"] * 3 + ["W3"] * 2}}}, SetupError, "sequence_does_not_fit_bag",
     "PSETUP-03"),
    ({"workers": {"1": {"set_aside": ["W1", "W2"], "team": TEAM}}}, SetupError, "sequence_does_not_fit_bag",
     "PSETUP-03"),
    # PSETUP-04: the sequence mode needs the team sequence
    ({"workers": {"0": {"set_aside": ["W2", "W3"]}}}, SetupError, "invalid_recorded_draw", "PSETUP-04"),
    # shapes
    ({"workers": {"0": ["W1"]}}, SetupError, "invalid_recorded_draw", "PSETUP-03"),
    ({"workers": [1, 2]}, ActionShapeError, "invalid_field", ...),
    ({"setup_workers": "W1 W2 W3"}, ActionShapeError, "invalid_field", ...),
]


@pytest.mark.parametrize("recording, error, code, rule", BAD_RECORDINGS)
def test_era2_04_a_bad_recording_is_refused_and_changes_nothing(recording, error, code, rule):
    # ERA2-04/05 [record]: the draws are validated before anything changes; the question stays open and a
    # good recording is then accepted.
    state = _at_record_question(2)
    action = {"kind": "draw_era2_setup", **recording}
    if "workers" in recording and isinstance(recording["workers"], dict) and "1" in recording["workers"]:
        action["workers"] = {"0": {"team": GOOD_TEAM_1}, **recording["workers"]}  # the bad seat comes last
    rejects(state, action, code, rule, error=error)
    assert decision_kind(state) == "record_era2_draws" and state.era == 1
    after, _ = answer(state, {"kind": "draw_era2_setup", "workers": {"1": {"team": GOOD_TEAM_1}}})
    assert after.era == 2 and after.players[1].team == GOOD_TEAM_1


# -- ERA2-06: the rest carries over -----------------------------------------------------------
def test_era2_06_everything_else_carries_over():
    # ERA2-06: built pieces, satellites, HQ, goods, energy, science, flags in rows, influence (after the
    # Influence step), GM positions, performance tokens, flag stacks; the turn order of MGMT1-02.
    state = at_end_of_era(fresh(2), gm={"12": ["0"], "7": ["1"]})
    put(state, "0", "SK", "U1", "F2+PF", "SF", "HQ")
    put(state, "1", "HK", "L3", "Linf", "SL*")
    state.players[0].rows = {"A1": state.flag_stacks["USA"].pop(0), "C1": state.flag_stacks["CAN"].pop(0)}
    state.players[1].rows = {"F1": state.flag_stacks["JPN"].pop(0)}
    state.players[0].energy, state.players[0].science, state.players[1].science = 9, 4, 7
    state.players[1].goods["Ships"] = 2
    state.supply_goods["Ships"] -= 2
    state.performance_tokens.remove("D2")
    set_influence(state, s0={"TW": 4}, s1={"SG": 9})
    keep = ("pieces", "occupancy", "satellites", "headquarters", "flag_stacks", "performance_tokens",
            "supply_parts_factories", "prosperity_tokens", "region_tokens", "leftover_region_tokens")
    before = state_to_dict(state)
    state, events = through_era1_management(state)
    after = state_to_dict(state)
    for key in keep:
        assert after[key] == before[key], key
    for old, new in zip(before["players"], after["players"]):
        for key in ("goods", "energy", "science", "rows", "special_flags", "sectors", "satellites",
                    "headquarters_available", "name", "color"):
            assert new[key] == old[key], key
    # influence: only the Influence step changed it (every flag refused): SK +6 for seat 0 (6 IP, alone),
    # HK +6 for seat 1 (4 IP, alone).
    assert [p.influence for p in state.players] == [{"SK": 6, "HK": 0, "TW": 4, "SG": 0},
                                                    {"SK": 0, "HK": 6, "TW": 0, "SG": 9}]
    assert state.global_market == {"12": ["0"], "7": ["1"]}
    assert state.turn_order == ["0", "1"] and seat_now(state) == "0" and state.era == 2
    assert state.supply_goods["Ships"] == 8


def test_era2_a_complete_replay_through_the_recorded_question_is_deterministic():
    # ERA2-04 with replay: the recorded answer is part of the action list, so replay rebuilds the same
    # Era II (SCORE-END-03 stores the options; the draws are in the actions).
    from tests.games.asian_tigers.builders import recorded_options

    options = recorded_options(2)
    state, actions = replay(options, edition(), 7, []), []
    while state.era == 1:
        kind = decision_kind(state)
        if kind == "record_era2_draws":
            action = {"kind": "draw_era2_setup", "workers": {"0": {"team": GOOD_TEAM_2}}}
        elif kind == "choose_placement":
            action = {"kind": "place_worker", "center": "STC"}
        else:
            action = legal_actions(state)[-1]
        actions.append(action)
        state = apply(state, action).state
    assert state.players[0].team == GOOD_TEAM_2
    assert state_to_dict(replay(options, edition(), 7, actions)) == state_to_dict(state)
