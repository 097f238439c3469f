"""Engine III: the end of the game through the full engine, the rules options, and complete games.

MGMT2-01..06 / SCORE-END-01..03 / TIE-07 / TIE-08 / NEUTRAL-07 / SCORE-NAT-01 / SCORE-INF-01 on end
positions built piece by piece (mgmt_builders) or reached by play, then complete random games for
2, 3 and 4 players with the engine's invariants checked after every action.

(The scoring arithmetic itself is covered through the scorer-only entry point in test_scoring_*.py;
here the engine derives the end position from its own state and runs its own final phase.)

Recorded setup: prosperity SK PT1 > HK PT2 > TW PT3 > SG PT4.  DATA-02: PT1 2p [24, 12], 3p
[24, 16, 9, 3]; PT2 2p [21, 10], 3p [21, 14, 8, 3]; PT3 2p [18, 9], 3p [18, 12, 7, 2]; PT4 2p [15, 7],
3p [15, 10, 6, 2].  Era II influence (DATA-01): 2p [8, 4], 3p [9, 6, 4, 2].
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from api.games.asian_tigers import apply, is_over, legal_actions, new_game, replay, state_from_dict, state_to_dict, view
from api.games.asian_tigers.errors import GameOverError
from api.games.asian_tigers.management.era2 import outcome, provisional_score
from tests.games.asian_tigers.builders import COLORS, edition, recorded_options, rejects
from tests.games.asian_tigers.builders.management import (answer, answer_offers, at_end_of_era, events_of, final_scoring,
                                                    fresh, pass_everything, put, run_management, set_influence)

GENERIC_KINDS = ("university", "department", "power_plant", "laboratory")


def _category_sum(score: dict) -> int:
    """SCORE-END-01: prosperity from influence (+ Era I round) + FSB + nations."""
    fsb = (score["final_scoring_bonuses"] or {}).get("total", 0)
    nations = (score["nations"] or {}).get("points", 0)
    return score["prosperity_from_influence"] + score.get("prosperity_from_influence_era1", 0) + fsb + nations


def _check_outcome(result: dict, player_ids: list[str]) -> None:
    """MGMT2 / SCORE-END-01 / NEUTRAL-07 / TIE-07 on any final outcome."""
    people = result["participants"]
    for pid, score in people.items():
        assert score["total"] == _category_sum(score), (pid, score)
    assert result["winner"] in player_ids
    assert [s["participant"] for s in result["standings"]] == sorted(
        player_ids, key=lambda p: (-people[p]["total"], result["final_turn_order"].index(p)))
    assert result["winner"] == result["standings"][0]["participant"]
    if "neutral" in people:  # NEUTRAL-07: ranked on the Tigers, never recorded, cannot win
        assert people["neutral"]["recorded"] is False and people["neutral"]["rank"] is None
        assert people["neutral"]["final_scoring_bonuses"] is None and people["neutral"]["nations"] is None
        assert "neutral" not in [s["participant"] for s in result["standings"]]
        assert "neutral" not in result["final_turn_order"]


def _end_of_era2(count=2, *, gm, **options):
    """A recorded game turned into the moment its last Era II worker is placed; no leftovers."""
    return at_end_of_era(fresh(count, **options), era=2, gm=gm, keep_goods=False)


# -- MGMT2-02 / TIE-04 / TIE-07: equal totals go to the final turn order ---------------------
@pytest.mark.parametrize("seat0_gm, leftovers, final_order", [
    (16, 0, ["0", "1"]),   # seat 0 further on the GM
    (14, 0, ["1", "0"]),   # seat 1 further
    (14, 3, ["1", "0"]),   # MGMT2-02: 3 leftovers → +1 → 15, on top of seat 1 (TIE-04): seat 1 first
    (14, 6, ["0", "1"]),   # 6 leftovers → +2 → 16
    (14, 5, ["1", "0"]),   # 5 → +1, the remainder is lost (AMB-31)
])
def test_tie_07_equal_totals_go_to_the_earlier_in_the_final_turn_order(seat0_gm, leftovers, final_order):
    # SCORE-END-01 / TIE-07: seat 0 first on HK (PT2 rank 1 = 21); seat 1 first on TW (PT3 rank 1 = 18)
    # + nations: 1 special flag × 3 milestones (GM 15: 5, 10, 15) = 3 → 21 each.
    state = _end_of_era2(gm={str(seat0_gm): ["0"], "15": ["1"]})
    set_influence(state, s0={"HK": 5}, s1={"TW": 5})
    state.players[1].special_flags = ["SG"]
    state.players[0].energy = leftovers
    state, result, events = final_scoring(state)
    assert result["final_turn_order"] == final_order
    totals = {pid: p["total"] for pid, p in result["participants"].items()}
    assert totals == {"0": 21, "1": 21}
    assert result["participants"]["0"]["prosperity_by_tiger"]["HK"] == {"influence": 5, "rank": 1, "points": 21}
    assert result["participants"]["1"]["nations"]["points"] == 3
    assert result["winner"] == final_order[0]
    assert [(t["ahead"], t["behind"], t["decided_by"], t["rule"]) for t in result["standings_tie_breaks"]] == \
        [(final_order[0], final_order[1], "turn_order", "TIE-07")]
    assert result["global_market"]["0"]["advance"] == leftovers // 3
    assert events_of(events, "game_over")[0]["winner"] == final_order[0]
    assert is_over(state) and legal_actions(state) == [] and outcome(state) == result
    _check_outcome(result, ["0", "1"])


def test_mgmt2_a_finished_game_refuses_every_action():
    # SCORE-END-01: once over, no action is accepted (the state is untouched).
    state, _, _ = final_scoring(_end_of_era2(gm={"9": ["0"], "5": ["1"]}))
    rejects(state, {"kind": "place_worker", "center": "STC"}, "game_over", error=GameOverError)


def test_neutral_07_the_neutral_scores_on_every_tiger_but_is_never_recorded_and_cannot_win():
    # NEUTRAL-07 / AMB-21 (3p): the neutral (5 + 9 Era II influence → 39 everywhere) ranks first on every
    # Tiger: 24 + 21 + 18 + 15 = 78, unrecorded.  Seat 0 2nd on SK (PT1 3p rank 2 = 16), seat 1 2nd on HK
    # (14), seat 2 nothing: seat 0 wins with 16.
    state = _end_of_era2(3, gm={"9": ["2"], "8": ["1"], "7": ["0"]})
    set_influence(state, neutral={t: 30 for t in ("SK", "HK", "TW", "SG")}, s0={"SK": 3}, s1={"HK": 3})
    state, result, _ = final_scoring(state)
    people = result["participants"]
    assert people["neutral"]["total"] == 78 and people["neutral"]["recorded"] is False
    assert [people[p]["total"] for p in "012"] == [16, 14, 0]
    assert result["winner"] == "0"
    assert result["influence_step"]["SK"]["gain"] == {"neutral": 9}
    assert [s["participant"] for s in result["standings"]] == ["0", "1", "2"]
    _check_outcome(result, ["0", "1", "2"])


# -- SCORE-END-03 rules options through the engine ------------------------------------------
@pytest.mark.parametrize("option, seat0_sk, influence_winner, prosperity_tie, points", [
    # TIE-08 "chain" (default): equal IP (2) on SK; seat 1 holds the HQ there (TIE-01): +8 for seat 1, +4 for 0.
    ("chain", 0, "1", None, {"0": 12, "1": 24}),
    # "turn_order": the Era II IP tie goes straight to the final turn order (seat 0 first): +8 for seat 0.
    ("turn_order", 0, "0", None, {"0": 24, "1": 12}),
    # Prosperity tie: seat 0 at 9 (+4 = 13), seat 1 at 5 (+8 = 13): the chain gives SK's 24 to the HQ.
    ("chain", 9, "1", ("1", "headquarters", "TIE-01"), {"0": 12, "1": 24}),
    # Under "turn_order" seat 0 gains 8 (17 > 9): no tie left, seat 0 first.
    ("turn_order", 9, "0", None, {"0": 24, "1": 12}),
])
def test_tie_08_option_tiebreak_era2_tiger_ties(option, seat0_sk, influence_winner, prosperity_tie, points):
    # TIE-08 / AMB-17 / MGMT2-03/04: seat 0 U1 + U3 (columns 1, 1, 0); seat 1 HQ + L3 (0, 0, 1).
    # Final turn order [0, 1] (GM 8 > 6).  No flags: FSB and nations 0, so totals = the SK points.
    state = _end_of_era2(gm={"8": ["0"], "6": ["1"]}, rules_options={"tiebreak_era2_tiger_ties": option})
    put(state, "0", "SK", "U1", "U3")
    put(state, "1", "SK", "HQ", "L3")
    set_influence(state, s0={"SK": seat0_sk}, s1={"SK": 5} if seat0_sk else {})
    state, result, _ = final_scoring(state)
    assert result["rules_options"]["tiebreak_era2_tiger_ties"] == option
    influence = result["influence_step"]["SK"]
    assert influence["ranking"][0] == influence_winner
    assert influence["gain"] == {influence_winner: 8, ("0" if influence_winner == "1" else "1"): 4}
    decided = [(t["decided_by"], t["rule"]) for t in influence["tie_breaks"]]
    assert decided == ([("headquarters", "TIE-01")] if option == "chain" else [("turn_order", "TIE-08")])
    tie = [(t["ahead"], t["decided_by"], t["rule"]) for t in result["prosperity_from_influence"]["SK"]["tie_breaks"]]
    assert tie == ([prosperity_tie] if prosperity_tie else [])
    assert result["prosperity_from_influence"]["SK"]["points"] == points
    assert {pid: p["total"] for pid, p in result["participants"].items()} == points
    _check_outcome(result, ["0", "1"])


@pytest.mark.parametrize("option", ["chain", "turn_order"])
def test_tie_08_the_neutral_wins_its_era_two_ties_under_both_options(option):
    # TIE-08 / TIE-06: seat 0 ties the neutral's 5 IP on SK with the HQ and is first in turn order; the
    # neutral still comes first (+9, seat 0 +6; 3p Era II [9, 6, 4, 2]).
    state = _end_of_era2(3, gm={"9": ["0"], "8": ["1"], "7": ["2"]}, rules_options={"tiebreak_era2_tiger_ties": option})
    put(state, "0", "SK", "HQ", "U1", "U3", "F2", "P1")
    state, result, _ = final_scoring(state)
    sk = result["influence_step"]["SK"]
    assert sk["ranking"] == ["neutral", "0"] and sk["gain"] == {"neutral": 9, "0": 6}
    assert [(t["ahead"], t["decided_by"], t["rule"]) for t in sk["tie_breaks"]] == [("neutral", "neutral", "TIE-06")]


def test_tie_08_era_one_ties_use_the_chain_whatever_the_option():
    # AMB-17: the option touches only Era II; in the Era I Influence step the HQ still decides (TIE-01)
    # although seat 1 is first in turn order.
    state = at_end_of_era(fresh(2, rules_options={"tiebreak_era2_tiger_ties": "turn_order"}),
                          gm={"8": ["1"], "6": ["0"]})
    put(state, "0", "SK", "HQ", "L3")
    put(state, "1", "SK", "U1", "U3")
    state, events = run_management(state)
    sk = next(e for e in events if e["kind"] == "influence_awarded" and e["tiger"] == "SK")
    assert sk["awards"] == {"0": 6, "1": 3}
    assert [t["decided_by"] for t in sk["ranking"]["tie_breaks"]] == ["headquarters"]


@pytest.mark.parametrize("on_space, position, milestones", [
    (True, 10, 2), (False, 10, 1), (True, 11, 2), (False, 11, 2), (True, 4, 0), (False, 5, 0), (True, 5, 1)])
def test_score_nat_01_option_milestone_counts_on_space(on_space, position, milestones):
    # SCORE-NAT-01 / AMB-29 / AMB-30: seat 0 holds USA-1 (row A1), CAN-1 (C1) and the SK special flag: 3
    # distinct flags × milestones; standing exactly on a milestone counts only with the default option.
    state = _end_of_era2(gm={str(position): ["0"], "2": ["1"]}, rules_options={"milestone_counts_on_space": on_space})
    state.players[0].rows = {"A1": state.flag_stacks["USA"].pop(0), "C1": state.flag_stacks["CAN"].pop(0)}
    state.players[0].special_flags = ["SK"]
    state, result, _ = final_scoring(state)
    nations = result["participants"]["0"]["nations"]
    assert (nations["distinct_flags"], nations["milestones"], nations["points"]) == (3, milestones, 3 * milestones)
    # The flags' stars (USA-1 1 in A, CAN-1 2 in C) score nothing: no Tiger meets A (8 IP) or C (satellite).
    assert result["participants"]["0"]["final_scoring_bonuses"]["total"] == 0
    assert result["participants"]["0"]["total"] == 3 * milestones
    _check_outcome(result, ["0", "1"])


@pytest.mark.parametrize("rounds, totals", [(1, {"0": 30, "1": 12}), (2, {"0": 54, "1": 24})])
def test_score_inf_01_option_prosperity_from_influence_rounds_through_a_played_era_two(rounds, totals):
    # SCORE-INF-01 / AMB-28, from the end of Era I to the end of the game by play:
    # Era I: seat 0's ∞ lab (1 IP) → +6 on SK (0 → 6); seat 1 sits at 5.  Turn order [1, 0] (GM 8 > 6).
    # Seat 0 accepts the SK flag: 6 → 5, GM 6 → 8 (on top of seat 1).  Era II: both pass at the special
    # centre (+20 → 28), leftovers 4 energy + 2 science + 1 good = 7 → +2 (30); final order [1, 0].
    # Era II Influence: seat 0 +8 → 13: SK 24 for seat 0, 12 for seat 1.  Nations: seat 0 1 special flag
    # × 6 milestones = 6.  With 2 rounds the Era I snapshot (6 vs 5, before the flag) also scores 24 / 12;
    # a snapshot taken after the flag (5 = 5, turn order) would have given seat 1 the 24.
    state = at_end_of_era(fresh(2, rules_options={"prosperity_from_influence_rounds": rounds}),
                          gm={"8": ["1"], "6": ["0"]})
    put(state, "0", "SK", "Linf")
    set_influence(state, s1={"SK": 5})
    state, _ = run_management(state)
    state, _, asked = answer_offers(state, lambda s, t: "accept" if (s, t) == ("0", "SK") else "decline")
    assert asked[0] == ("0", "SK", "accept")
    state, _ = answer(state, {"kind": "draw_era2_setup"})
    state, events = pass_everything(state)
    result = outcome(state)
    assert {pid: p["total"] for pid, p in result["participants"].items()} == totals
    assert result["final_turn_order"] == ["1", "0"] and result["winner"] == "0"
    assert result["participants"]["0"]["prosperity_by_tiger"]["SK"] == {"influence": 13, "rank": 1, "points": 24}
    assert result["participants"]["0"]["nations"]["points"] == 6
    if rounds == 2:
        assert result["prosperity_from_influence_era1"]["SK"]["points"] == {"0": 24, "1": 12}
        assert result["participants"]["0"]["prosperity_by_tiger_era1"]["SK"] == {"influence": 6, "rank": 1,
                                                                               "points": 24}
        assert [p["prosperity_from_influence_era1"] for p in result["participants"].values()] == [24, 12]
    else:
        assert "prosperity_from_influence_era1" not in result
        assert all("prosperity_from_influence_era1" not in p for p in result["participants"].values())
    _check_outcome(result, ["0", "1"])


def test_score_inf_01_era_one_round_ties_use_the_era_one_chain_not_the_final_board():
    # SCORE-INF-01 / AMB-28 ("Era I ties by the chain"): after the Era I Influence step seat 0 and seat 1
    # are both at 5 on SK (no IP, no HQ; Era I order [0, 1]).  In Era II seat 1 builds the SK headquarters
    # and U1 and moves first on the GM.  The Era I round still breaks the tie with the Era I facts: turn
    # order [0, 1] (TIE-03) → seat 0 24, seat 1 12.  Era II: seat 1 +8 → 13 > 5 → seat 1 24, seat 0 12.
    state = at_end_of_era(fresh(2, rules_options={"prosperity_from_influence_rounds": 2}), gm={"8": ["0"], "6": ["1"]})
    set_influence(state, s0={"SK": 5}, s1={"SK": 5})
    state, _ = run_management(state)
    state, _, asked = answer_offers(state, lambda s, t: "decline")
    assert asked[:2] == [("0", "SK", "decline"), ("1", "SK", "decline")]
    state, _ = answer(state, {"kind": "draw_era2_setup"})
    state = at_end_of_era(state, era=2, gm={"20": ["1"], "10": ["0"]}, keep_goods=False)
    put(state, "1", "SK", "HQ", "U1")
    state, result, _ = final_scoring(state)
    era1 = result["prosperity_from_influence_era1"]["SK"]
    assert era1["points"] == {"0": 24, "1": 12}
    assert [(t["ahead"], t["decided_by"], t["rule"]) for t in era1["tie_breaks"]] == [("0", "turn_order", "TIE-03")]
    assert result["prosperity_from_influence"]["SK"]["points"] == {"1": 24, "0": 12}
    # Nations: no flag → 0; totals 24 + 12 = 36 each; final order [1, 0] (GM 20 > 10) → seat 1 (TIE-07).
    assert {pid: p["total"] for pid, p in result["participants"].items()} == {"0": 36, "1": 36}
    assert result["winner"] == "1"
    _check_outcome(result, ["0", "1"])


# -- complete games by play -----------------------------------------------------------------
def test_mgmt2_a_game_of_passes_ends_in_a_zero_zero_tie_won_on_turn_order():
    # TURN-03 ×2 / MGMT1-02 / MGMT2-02 / TIE-07: everyone passes at the special centre, every flag is
    # refused.  GM: seat 0 1 → 21, seat 1 2 → 22 (Era II order [1, 0]); Era II → 41 / 42; leftovers 7 → +2
    # each: 43 / 44.  Nobody scores anything: 0 = 0, seat 1 wins on the final turn order.
    state, events = pass_everything(fresh(2))
    result = outcome(state)
    assert [e["era"] for e in events_of(events, "era_ended")] == [1, 2]
    assert {pid: p["total"] for pid, p in result["participants"].items()} == {"0": 0, "1": 0}
    assert {pid: m["after"] for pid, m in result["global_market"].items()} == {"0": 43, "1": 44}
    assert result["final_turn_order"] == ["1", "0"] and result["winner"] == "1"
    assert events[-1]["kind"] == "game_over" and events[-1]["winner"] == "1"
    _check_outcome(result, ["0", "1"])


def test_mgmt1_05_four_special_flags_then_a_full_era_two_by_play():
    # MGMT1-05 / AMB-23 / SCORE-NAT-01 / AMB-30: seat 1 refuses, seat 0 accepts all four flags (0 stays 0,
    # +2 GM each: 21 → 29); the Era II order stays [1, 0].  Era II: 22 → 42 and 29 → 49; leftovers +2:
    # 44 / 51.  Seat 0: 4 special flags (no sector stars) × 10 milestones = 40.
    state = at_end_of_era(fresh(2), gm={"22": ["1"], "21": ["0"]})
    state, _ = run_management(state)
    state, _, asked = answer_offers(state, lambda s, t: "accept" if s == "0" else "decline")
    assert asked == [(s, t, "accept" if s == "0" else "decline") for t in ("SK", "HK", "TW", "SG") for s in "10"]
    assert state.gm_position("0") == 29 and state.players[0].special_flags == ["SK", "HK", "TW", "SG"]
    assert state.players[0].influence == {"SK": 0, "HK": 0, "TW": 0, "SG": 0}
    state, _ = answer(state, {"kind": "draw_era2_setup"})
    assert state.turn_order == ["1", "0"]
    state, _ = pass_everything(state)
    result = outcome(state)
    assert {pid: m["after"] for pid, m in result["global_market"].items()} == {"0": 51, "1": 44}
    seat0 = result["participants"]["0"]
    assert (seat0["nations"]["distinct_flags"], seat0["nations"]["milestones"]) == (4, 10)
    assert seat0["final_scoring_bonuses"]["total"] == 0 and seat0["total"] == 40
    assert result["winner"] == "0" and result["final_turn_order"] == ["0", "1"]
    _check_outcome(result, ["0", "1"])


# -- complete random games with invariants after every action --------------------------------
class Invariants:
    """Everything that must hold after every action of any game (conservation, bounds, shape)."""

    def __init__(self, state):
        ed = state.edition
        self.per_type = ed.document["components"]["goods_per_type"]
        self.parts = ed.document["components"]["parts_factories"]
        per_color = ed.document["components"]["per_color"]
        self.generics, self.factories = per_color["generic_infrastructures"], per_color["factories"]
        self.satellites = per_color["satellites"]
        self.nation_flags = Counter(f for stack in state.flag_stacks.values() for f in stack)
        self.special_total = len(state.special_flags_available)
        self.special_gone = 0
        self.removed = {p.id: 0 for p in state.players}

    def check(self, state, events):
        ed = state.edition
        players = state.players
        self.special_gone += sum(1 for e in events if e["kind"] == "special_flag_returned"
                                 or (e["kind"] == "special_flag_accepted" and e["participant"] == "neutral"))
        # goods: supply + held + on local markets = 10 per type (AMB-37)
        on_markets = Counter(m["good"] for m in state.local_markets.values() if m)
        for good in ed.goods:
            assert state.supply_goods[good] + sum(p.goods[good] for p in players) + on_markets[good] \
                == self.per_type, good
            assert state.supply_goods[good] >= 0
        # parts factories: supply + attached
        assert state.supply_parts_factories >= 0
        assert state.supply_parts_factories + sum(p.parts_factory for p in state.pieces) == self.parts
        # nation flags: stacks + rows, each flag exactly once; special flags: available + held + gone
        held_flags = Counter(f for p in players for f in p.rows.values() if not f.startswith("special:"))
        assert Counter(f for s in state.flag_stacks.values() for f in s) + held_flags == self.nation_flags
        held_special = sum(len(p.special_flags) + sum(f.startswith("special:") for f in p.rows.values())
                           for p in players)
        assert len(state.special_flags_available) + held_special + self.special_gone == self.special_total
        # board: one piece per ordinary space, occupancy consistent
        ordinary = [p.space for p in state.pieces if not ed.space(p.space).infinite]
        assert len(ordinary) == len(set(ordinary))
        assert {s: state.pieces[i].space for s, i in state.occupancy.items()} == {s: s for s in ordinary}
        for player in players:
            pid = player.id
            built = [p for p in state.pieces if p.owner == pid]
            on_board = sum(s["generic"] for s in player.sectors.values())
            removed = self.generics - on_board - sum(p.kind in GENERIC_KINDS for p in built)
            assert removed >= self.removed[pid], (pid, "a generic piece appeared from nowhere")
            if removed > self.removed[pid]:  # a nation bonus may take a generic off the board (NBONUS)
                assert any("remov" in e["kind"] for e in events), (pid, "a generic piece vanished")
            self.removed[pid] = removed
            assert sum(s["factory"] for s in player.sectors.values()) + \
                sum(p.kind == "factory" for p in built) == self.factories
            assert len(player.satellites) + sum(s["owner"] == pid for s in state.satellites.values()) \
                == self.satellites
            hq_built = [t for t, owner in state.headquarters.items() if owner == pid]
            assert len(hq_built) == (0 if player.headquarters_available else 1)
            # no negative resource; funds within 0..10 (FUNDS-01)
            assert player.energy >= 0 and player.science >= 0
            assert all(v >= 0 for v in player.goods.values()) and all(v >= 0 for v in player.influence.values())
            assert all(0 <= v <= 10 for v in player.funds.values()), player.funds
            # workers (TURN-01/03)
            assert player.workers_placed == sum(player.placed.values()) <= 10
            if player.team is not None and state.phase == "turns":
                assert len(player.team) + player.workers_placed == 10
        if state.neutral:
            assert all(v >= 0 for v in state.neutral["influence"].values())
        # global market: every player exactly once, the neutral never; turn order a permutation
        markers = [pid for stack in state.global_market.values() for pid in stack]
        assert sorted(markers) == sorted(p.id for p in players) and all(state.global_market.values())
        assert sorted(state.turn_order) == sorted(p.id for p in players)
        # the decision contract
        if is_over(state):
            assert legal_actions(state) == [] and outcome(state) is not None
        else:
            assert legal_actions(state), "no legal action before the end"


DULL = {"end_turn", "ignore_bonus", "skip_local_sale", "skip_university_action", "decline_special_flag"}


def _choose(rng: random.Random, legal: list[dict]) -> dict:
    """A random legal action, biased towards trade centres and doing something (more sales, bonuses, ties)."""
    weights = []
    for action in legal:
        if action["kind"] == "place_worker":
            weights.append(6 if action["center"] in ("ITC1", "ITC2", "RTC") else 1)
        else:
            weights.append(1 if action["kind"] in DULL else 3)
    return rng.choices(legal, weights=weights)[0]


def _check_era2_start(state, turn_order_set: list[str]) -> None:
    """ERA2-02..06 and MGMT1-08 right when Era II starts in a random game."""
    assert state.turn_order == turn_order_set  # ERA2-06: the order of MGMT1-02
    assert all(m is None for m in state.local_markets.values())  # ERA2-02
    assert len([c for c, t in state.centers.items() if t]) == 3  # ERA2-05
    assert all(t is None for t in state.trade_centers.values())
    for player in state.players:  # ERA2-03 / MGMT1-08
        assert player.workers_placed == 0 and set(player.placed.values()) == {0}
        for tiger, funds in player.funds.items():
            labs = sum(1 for p in state.pieces if p.owner == player.id and p.tiger == tiger and p.kind == "laboratory")
            assert funds == min(10, 6 + labs)


GAMES = [
    # (players, seed, worker entry, advanced neutral, rules options, recorded setup)
    (2, 101, "sequence", False, {}, False),
    (2, 102, "stated", False, {"milestone_counts_on_space": False}, False),
    (2, 103, "sequence", False, {"prosperity_from_influence_rounds": 2}, True),
    (3, 201, "sequence", True, {"tiebreak_era2_tiger_ties": "turn_order"}, False),
    (3, 202, "stated", False, {}, False),
    (3, 203, "stated", True, {"prosperity_from_influence_rounds": 2}, False),
    (4, 301, "sequence", False, {}, False),
    (4, 302, "stated", False, {"tiebreak_era2_tiger_ties": "turn_order", "milestone_counts_on_space": False}, False),
    (4, 303, "sequence", False, {"prosperity_from_influence_rounds": 2}, True),
]


@pytest.mark.parametrize("count, seed, entry, advanced, rules, recorded", GAMES)
def test_complete_random_game_keeps_every_invariant(count, seed, entry, advanced, rules, recorded):
    # TURN-03, MGMT1-*, ERA2-*, MGMT2-*, SCORE-END-01..03, NEUTRAL-07, TIE-07 on a whole random game.
    if recorded:
        options = recorded_options(count, rules_options=rules, worker_entry=entry, advanced_neutral=advanced)
    else:
        options = {"players": [{"color": c} for c in COLORS[:count]], "worker_entry": entry,
                   "advanced_neutral": advanced, "rules_options": rules}
    ed = edition()
    state = new_game(options, ed, seed)
    rng = random.Random(seed)
    invariants = Invariants(state)
    invariants.check(state, [])
    actions, kinds, turn_order_set = [], [], None
    while not is_over(state):
        legal = legal_actions(state)
        assert legal, "legal_actions is empty before the end"
        action = _choose(rng, legal)
        step = apply(state, action)
        actions.append(action)
        kinds += [e["kind"] for e in step.events]
        assert all(isinstance(e.get("text"), str) and e["text"] for e in step.events)
        state = step.state
        invariants.check(state, step.events)
        for event in step.events:
            if event["kind"] == "turn_order_set":
                turn_order_set = event["turn_order"]
            if event["kind"] == "era_started":
                _check_era2_start(state, turn_order_set)
        data = state_to_dict(state)
        assert state_to_dict(state_from_dict(data, ed)) == data  # serialization round trip
        assert len(actions) < 2000
    # the flow: two eras, one management phase each, one game over, last
    assert [k for k in kinds if k in ("era_ended", "era_started", "game_over")] == \
        ["era_ended", "era_started", "era_ended", "game_over"]
    assert kinds[-1] == "game_over" and kinds.count("turn_order_set") == 1
    assert kinds.count("influence_awarded") == 4 and kinds.count("funds_reset") == count
    assert state.era == 2 and state.phase == "over"
    result = outcome(state)
    assert result is not None and result["rules_options"] == {**ed.rules_options, **rules}
    assert ("prosperity_from_influence_era1" in result) == (rules.get("prosperity_from_influence_rounds") == 2)
    _check_outcome(result, [str(i) for i in range(count)])
    if count == 3:
        assert set(result["participants"]) == {"0", "1", "2", "neutral"}
    # the live scoreboard of the final position shows the recorded outcome
    live = provisional_score(state)
    assert live.pop("final") is True
    assert live == result
    assert view(state)
    # replay(options, edition, seed, actions) reproduces the final state
    assert state_to_dict(replay(options, ed, seed, actions)) == state_to_dict(state)
    with pytest.raises(GameOverError):
        apply(state, {"kind": "end_turn"})
