"""Engine III: the end of Era I and its management phase through the full engine.

TURN-03, MGMT1-01..08, TIE-01..06, IP-01..04, NEUTRAL-04..06, AMB-16/18/20/22/23,
SCORE-INF-01 (the Era I snapshot).  Positions are built piece by piece at the end of
Era I (mgmt_builders) and the engine's own management phase is run on them, or the
end of the era is reached by play.

Recorded setup (builders): prosperity SK PT1 > HK PT2 > TW PT3 > SG PT4, turn order =
seat order, GM start 1, 2, 3, 4 by turn position.  Era I influence tables (DATA-01):
2p [6, 3], 3p [7, 5, 3, 1], 4p [8, 5, 3, 1].
"""
from __future__ import annotations

import pytest

from api.games.asian_tigers import apply, legal_actions
from api.games.asian_tigers.engine import advance
from api.games.asian_tigers import flow
from tests.games.asian_tigers.builders import STC, decision_kind, find_action, game, pass_turn, seat_now
from tests.games.asian_tigers.builders.management import (answer, answer_offers, at_end_of_era, awards, decline_all,
                                                    events_of, fresh, offer, put, ranking_of, run_management,
                                                    seeded, set_influence, through_era1_management, tie_breaks)

MGMT_KINDS = {"turn_order_set", "influence_awarded", "special_flag_accepted", "special_flag_declined",
              "special_flag_returned", "global_market_advanced", "funds_reset", "era2_prepared", "era_started"}
SEAT1_FIRST = {"8": ["1"], "6": ["0"]}  # MGMT1-02 sets turn order ["1", "0"]
SEAT0_FIRST = {"8": ["0"], "6": ["1"]}


def _mgmt_kinds(events):
    return [e["kind"] for e in events if e["kind"] in MGMT_KINDS]


# -- TURN-03: the era ends, management begins ---------------------------------------------
def test_turn_03_the_twentieth_placement_ends_era_one_and_opens_management():
    # TURN-03 / MGMT1-01: 2 players pass at the special centre (+2 GM each time): 1 → 21, 2 → 22.
    state = game(2)
    for _ in range(19):
        state = pass_turn(state)
    assert (state.phase, state.era, seat_now(state)) == ("turns", 1, "1")
    assert [p.workers_placed for p in state.players] == [10, 9]
    step = apply(state, find_action(state, STC))  # the +2 and the end of the turn resolve themselves
    state, events = step.state, step.events
    assert state.global_market == {"22": ["1"], "21": ["0"]}
    kinds = [e["kind"] for e in events]
    assert kinds[kinds.index("turn_ended"):] == (["turn_ended", "era_ended", "turn_order_set"]
                                                 + ["influence_awarded"] * 4)
    assert events_of(events, "era_ended")[0]["era"] == 1
    assert state.phase == "management" and state.turn is None and state.era == 1
    assert state.turn_order == ["1", "0"]  # MGMT1-02: 22 before 21
    # MGMT1-04 / AMB-23: everyone at 0 influence; the offer goes to the leader anyway, tie by turn order.
    assert (decision_kind(state), seat_now(state), state.decisions[-1]["tiger"]) == ("choose_special_flag", "1", "SK")
    assert [a["kind"] for a in legal_actions(state)] == ["accept_special_flag", "decline_special_flag"]


def test_turn_03_the_last_worker_lands_on_a_stack_and_goes_first_tie_04_by_play():
    # TURN-03 / GM-02 / TIE-04: seat 1 places its 10th worker at the special centre, 3 → 5, on top of
    # seat 0 (already on 5): seat 0, lower in the stack, goes first in Era II.
    state = at_end_of_era(game(2), gm={"5": ["0"], "3": ["1"]})
    seat1 = state.players[1]
    seat1.workers_placed, seat1.placed, seat1.team = 9, {"W1": 4, "W2": 3, "W3": 2}, ["W3"]
    state.phase, state.turn_index = "turns", 1
    flow.begin_turn(state)
    advance(state, [])
    assert seat_now(state) == "1"
    step = apply(state, find_action(state, STC))
    assert step.state.global_market == {"5": ["0", "1"]}
    set_event = events_of(step.events, "turn_order_set")[0]
    assert set_event["turn_order"] == ["0", "1"] == step.state.turn_order
    assert [(t["ahead"], t["behind"], t["decided_by"], t["rule"]) for t in set_event["ranking"]["tie_breaks"]] == \
        [("0", "1", "stack", "TIE-04")]


# -- MGMT1-01: four steps in fixed order ----------------------------------------------------
def test_mgmt1_01_two_players_steps_in_order_with_every_offer_declined():
    # MGMT1-01: Global Market, Influence (one event per Tiger, SK HK TW SG), Special Flags (each Tiger in
    # turn, offered down the track), Investment Funds (one event per player), then the Era II setup.
    state, events = run_management(at_end_of_era(fresh(2), gm=SEAT0_FIRST))
    state, more, asked = answer_offers(state, decline_all)
    events += more
    assert asked == [(s, t, "decline") for t in ("SK", "HK", "TW", "SG") for s in ("0", "1")]
    assert decision_kind(state) == "record_era2_draws"  # a recorded table records its Era II draws
    state, last = answer(state, {"kind": "draw_era2_setup"})
    events += last
    per_tiger = ["special_flag_declined", "special_flag_declined", "special_flag_returned"]
    assert _mgmt_kinds(events) == (["turn_order_set"] + ["influence_awarded"] * 4 + per_tiger * 4
                                   + ["funds_reset"] * 2 + ["era2_prepared", "era_started"])
    assert [e["tiger"] for e in events_of(events, "influence_awarded")] == ["SK", "HK", "TW", "SG"]
    assert [e["tiger"] for e in events_of(events, "special_flag_returned")] == ["SK", "HK", "TW", "SG"]
    assert [e["participant"] for e in events_of(events, "funds_reset")] == ["0", "1"]
    assert (state.era, state.phase) == (2, "turns")


def test_mgmt1_01_three_players_run_through_in_one_go_the_neutral_accepting_every_flag():
    # MGMT1-01 / MGMT1-09 / NEUTRAL-05: nobody has built, so the neutral (5 IP) is alone on every Tiger,
    # gains 7 (5 → 12), leads every track, accepts every flag (12 → 10); draws generated: no question.
    state = at_end_of_era(seeded(3, seed=5))
    state, events = run_management(state)
    assert _mgmt_kinds(events) == (["turn_order_set"] + ["influence_awarded"] * 4 + ["special_flag_accepted"] * 4
                                   + ["funds_reset"] * 3 + ["era2_prepared", "era_started"])
    assert [e["participant"] for e in events_of(events, "special_flag_accepted")] == ["neutral"] * 4
    assert [awards(events, t) for t in ("SK", "HK", "TW", "SG")] == [{"neutral": 7}] * 4
    assert state.neutral["influence"] == {"SK": 10, "HK": 10, "TW": 10, "SG": 10}
    assert (state.era, state.phase, decision_kind(state)) == (2, "turns", "choose_placement")


# -- MGMT1-02 / TIE-04: turn order from the global market -----------------------------------
def test_mgmt1_02_turn_order_from_gm_positions_and_stack_order():
    # MGMT1-02 / TIE-04: further first; on a shared space the lower marker (arrived first) first.
    state = at_end_of_era(fresh(4), gm={"9": ["2"], "6": ["3", "0"], "4": ["1"]})
    assert state.turn_order == ["0", "1", "2", "3"]
    state, events = run_management(state)
    event = events_of(events, "turn_order_set")[0]
    assert event["turn_order"] == ["2", "3", "0", "1"] == state.turn_order
    assert [(t["ahead"], t["behind"], t["decided_by"], t["rule"]) for t in event["ranking"]["tie_breaks"]] == \
        [("3", "0", "stack", "TIE-04")]
    # ERA2-06: Era II is played in that order.
    state, _, asked = answer_offers(state, decline_all)
    assert asked[:4] == [("2", "SK", "decline"), ("3", "SK", "decline"), ("0", "SK", "decline"),
                         ("1", "SK", "decline")]  # TIE-05 at 0 influence uses the new order (AMB-18)
    state, _ = answer(state, {"kind": "draw_era2_setup"})
    assert (state.era, seat_now(state), state.turn_index) == (2, "2", 0)


# -- MGMT1-03: influence by IP rank ---------------------------------------------------------
@pytest.mark.parametrize("count, pieces, expected", [
    # 2p [6, 3]
    (2, {"0": ["U1", "U3"], "1": ["P1"]}, {"0": 6, "1": 3}),
    # 3p [7, 5, 3, 1]: the neutral (5 IP, NEUTRAL-04) is ranked like a player
    (3, {"0": ["U1", "U3", "F2", "P1", "L3", "Linf"], "1": ["F1", "P2"], "2": ["L2"]},
     {"0": 7, "neutral": 5, "1": 3, "2": 1}),
    # 4p [8, 5, 3, 1]
    (4, {"0": ["U1", "U2", "U3", "D1"], "1": ["F1", "F2", "F3"], "2": ["P1", "P2"], "3": ["L1"]},
     {"0": 8, "1": 5, "2": 3, "3": 1}),
])
def test_mgmt1_03_influence_by_ip_rank_uses_the_era_one_table(count, pieces, expected):
    # MGMT1-03 / DATA-01 / IP-01: one IP per piece; each gains the era_1 value of its rank on SK.
    state = at_end_of_era(fresh(count))
    for pid in [str(i) for i in range(count)]:
        set_influence(state, **{f"s{pid}": {"SK": 2, "HK": 2}})
    for pid, codes in pieces.items():
        put(state, pid, "SK", *codes)
    state, events = run_management(state)
    assert awards(events, "SK") == expected
    assert ranking_of(events, "SK")["ranking"] == list(expected)
    after = state.management["era1"]["influence"]  # the tracks right after the Influence step
    for pid, gain in expected.items():
        assert after[pid]["SK"] == (5 if pid == "neutral" else 2) + gain
    # No player has IP on HK: nothing is awarded to them there (only the neutral's blockers count).
    assert awards(events, "HK") == ({"neutral": 7} if count == 3 else {})
    assert all(after[str(i)]["HK"] == 2 for i in range(count))


def test_mgmt1_03_ip_counts_parts_factories_satellites_hq_and_infinity_pieces():
    # IP-01..04 / AMB-08 / AMB-19 through the engine: seat 0 on SK: F2 + parts factory + factory-row
    # satellite = 3 (column B), the satellite 1, Pinf 1 (∞: not boosted even with SP), SP 1, HQ 1 → 7,
    # columns (0, 3, 0); seat 1: U1, U3, D1, F3, P1, L3 = 6.
    state = at_end_of_era(fresh(2))
    put(state, "0", "SK", "F2+PF", "SF", "Pinf", "SP", "HQ")
    put(state, "1", "SK", "U1", "U3", "D1", "F3", "P1", "L3")
    state, events = run_management(state)
    assert awards(events, "SK") == {"0": 6, "1": 3}
    assert state.management["era1"]["ip"]["0"]["SK"] == {"A": 0, "B": 3, "C": 0, "none": 4}
    assert state.management["era1"]["ip"]["1"]["SK"] == {"A": 2, "B": 1, "C": 3, "none": 0}
    assert "7 IP" in events_of(events, "influence_awarded")[0]["text"]


def test_mgmt1_03_amb_20_zero_ip_is_not_ranked_and_lower_awards_go_unused():
    # MGMT1-03 / AMB-20 (4p [8, 5, 3, 1]): on HK three players have IP, the 4th rank value (1) is not
    # awarded; seat 3 (0 IP) gains nothing.  On TW only seat 3 built: it takes rank 1 (8).  SG: nobody.
    state = at_end_of_era(fresh(4))
    put(state, "0", "HK", "U1", "U2", "U3")
    put(state, "1", "HK", "F1", "F2")
    put(state, "2", "HK", "L1")
    put(state, "3", "TW", "Linf")
    state, events = run_management(state)
    assert awards(events, "HK") == {"0": 8, "1": 5, "2": 3}
    assert ranking_of(events, "HK")["unranked"] == ["3"]
    assert awards(events, "TW") == {"3": 8} and ranking_of(events, "TW")["unranked"] == ["0", "1", "2"]
    assert awards(events, "SG") == {}
    assert "nobody has investment points" in events_of(events, "influence_awarded")[3]["text"]
    after = state.management["era1"]["influence"]
    assert [after[p]["HK"] for p in "0123"] == [8, 5, 3, 0]
    assert [after[p]["TW"] for p in "0123"] == [0, 0, 0, 8]


# -- MGMT1-03: every tie-break level (TIE-01/02/03/06) --------------------------------------
# The GM puts seat 1 first in the turn order, so every level but TIE-03 has to beat the turn order.
@pytest.mark.parametrize("seat0, seat1, order, decided_by, rule", [
    # TIE-01: equal IP (2); seat 1 would win on column A, but seat 0 has the headquarters on SK.
    (["HQ", "L3"], ["U1", "U3"], ["0", "1"], "headquarters", "TIE-01"),
    # TIE-02: column A 1 > 0.
    (["U1", "L3"], ["U3", "F3"], ["0", "1"], "column_A", "TIE-02"),
    # TIE-02: A equal, column B 1 > 0.
    (["U1", "U3"], ["P1", "L3"], ["0", "1"], "column_B", "TIE-02"),
    # TIE-02: A, B equal, column C 1 > 0; seat 1's ∞ power plant is in no column (AMB-10/19).
    (["U1", "U3", "L3"], ["P1", "F2", "Pinf"], ["0", "1"], "column_C", "TIE-02"),
    # TIE-02 / AMB-19: column IP are full values: the parts factory on F2 makes column B 2 > 1 (3 IP each).
    (["U1", "F2+PF"], ["P1", "U3", "L3"], ["0", "1"], "column_B", "TIE-02"),
    # ... and so does the satellite boost (F2 in the factory row with SF: 2 in B; SF itself in no column).
    (["U1", "F2", "SF"], ["P1", "U3", "L3", "Linf"], ["0", "1"], "column_B", "TIE-02"),
    # TIE-02 / AMB-19: a satellite is in no column: seat 0's lab-row satellite does not beat column C.
    (["U1", "SL"], ["P1", "F3"], ["1", "0"], "column_C", "TIE-02"),
    # TIE-03 / AMB-18: columns equal, no HQ: the turn order set by this phase's MGMT1-02 ([1, 0], while the
    # Era I order was [0, 1]) decides.
    (["U1"], ["P1"], ["1", "0"], "turn_order", "TIE-03"),
])
def test_mgmt1_03_ties_on_ip_go_through_the_chain(seat0, seat1, order, decided_by, rule):
    state = at_end_of_era(fresh(2), gm=SEAT1_FIRST)
    put(state, "0", "SK", *seat0)
    put(state, "1", "SK", *seat1)
    put(state, "1", "HK", "HQ")  # a headquarters on another Tiger plays no part on SK (TIE-01)
    state, events = run_management(state)
    assert state.turn_order == ["1", "0"]
    assert ranking_of(events, "SK")["ranking"] == order
    assert awards(events, "SK") == {order[0]: 6, order[1]: 3}
    assert tie_breaks(events, "SK") == [(order[0], order[1], decided_by, rule)]


def test_mgmt1_03_all_tie_levels_on_one_tiger_with_four_players():
    # TIE-01..03: four players at 2 IP on SK; turn order from the GM: 2, 1, 0, 3.
    # Seat 3 has the HQ (TIE-01); seat 0 beats seats 1 and 2 on column B (TIE-02); seats 2 and 1 have
    # equal columns (1, 0, 1): seat 2 is earlier in the turn order (TIE-03).  Table [8, 5, 3, 1].
    state = at_end_of_era(fresh(4), gm={"9": ["2"], "8": ["1"], "7": ["0"], "6": ["3"]})
    put(state, "3", "SK", "HQ", "Linf")
    put(state, "0", "SK", "U1", "U3")
    put(state, "1", "SK", "P1", "L3")
    put(state, "2", "SK", "U2", "D1")
    state, events = run_management(state)
    assert state.turn_order == ["2", "1", "0", "3"]
    assert ranking_of(events, "SK")["ranking"] == ["3", "0", "2", "1"]
    assert awards(events, "SK") == {"3": 8, "0": 5, "2": 3, "1": 1}
    assert tie_breaks(events, "SK") == [("3", "0", "headquarters", "TIE-01"), ("0", "2", "column_B", "TIE-02"),
                                        ("2", "1", "turn_order", "TIE-03")]


@pytest.mark.parametrize("advanced", [False, True])
def test_tie_06_the_neutral_wins_an_ip_tie_against_hq_and_better_columns(advanced):
    # TIE-06 / NEUTRAL-04/06: the neutral's blockers U2, D3, F4, P3, L1 give 5 IP, columns (2, 0, 3)
    # (advanced: parts factory on F4 → 6).  Seat 0 ties it with the HQ and columns (2, 2, 0) and still
    # comes second; seat 1 (first in turn order) ties too and comes third.  3p table [7, 5, 3, 1].
    state = at_end_of_era(fresh(3, advanced_neutral=advanced), gm={"9": ["1"], "8": ["0"], "7": ["2"]})
    extra = ["D2"] if advanced else []
    put(state, "0", "SK", "HQ", "U1", "U3", "F2", "P1", *extra)
    put(state, "1", "SK", "F1", "F3", "P2", "L2", "Linf", *(["Pinf"] if advanced else []))
    state, events = run_management(state)
    assert ranking_of(events, "SK")["ranking"] == ["neutral", "0", "1"]
    assert awards(events, "SK") == {"neutral": 7, "0": 5, "1": 3}
    assert tie_breaks(events, "SK") == [("neutral", "0", "neutral", "TIE-06"), ("0", "1", "headquarters", "TIE-01")]


# -- MGMT1-04..06: special flags ------------------------------------------------------------
def test_mgmt1_04_05_the_leader_accepts_drops_to_the_icon_below_and_gains_two_gm():
    # MGMT1-04: SK offered first to the leader (seat 0, 12 > 3); MGMT1-05: 12 → 10, flag to the
    # special-flag section (no row, no nation bonus), +2 GM (6 → 8, on top of seat 1).
    # AMB-23: the +2 comes after MGMT1-02, so the Era II order stays [1, 0].
    state = at_end_of_era(fresh(2), gm=SEAT1_FIRST)
    set_influence(state, s0={"SK": 12}, s1={"SK": 3})
    state, _ = run_management(state)
    assert offer(state) == ("0", "SK")
    state, events = answer(state, {"kind": "accept_special_flag"})
    accepted = events_of(events, "special_flag_accepted")
    assert [(e["participant"], e["tiger"]) for e in accepted] == [("0", "SK")]
    moved = events_of(events, "global_market_advanced")[0]
    assert (moved["participant"], moved["amount"], moved["from"], moved["to"]) == ("0", 2, 6, 8)
    player = state.players[0]
    assert player.influence["SK"] == 10 and player.special_flags == ["SK"] and player.rows == {}
    assert state.players[1].influence["SK"] == 3 and state.players[1].special_flags == []
    assert state.global_market == {"8": ["1", "0"]}
    assert "SK" not in state.special_flags_available
    assert offer(state) == ("1", "HK")  # next Tiger: both at 0, turn order [1, 0] (TIE-05, AMB-23)
    state, _, _ = answer_offers(state, decline_all)
    state, _ = answer(state, {"kind": "draw_era2_setup"})
    assert state.turn_order == ["1", "0"] and seat_now(state) == "1"


@pytest.mark.parametrize("before, after", [(12, 10), (10, 5), (6, 5), (5, 0), (3, 0), (1, 0), (0, 0), (41, 40),
                                           (45, 40)])
def test_mgmt1_05_accepting_drops_to_the_nearest_tiger_icon_strictly_below(before, after):
    # MGMT1-05 / DATA-08 / AMB-23 (I05, I06): icons every 5 from 0, continuing past 40; a marker on an
    # icon still drops to the previous one; a marker on 0 stays on 0.
    state = at_end_of_era(fresh(2), gm=SEAT0_FIRST)
    set_influence(state, s0={"TW": before})
    state, _ = run_management(state)
    state, _, asked = answer_offers(state, lambda seat, tiger: "accept" if tiger == "TW" else "decline")
    assert ("0", "TW", "accept") in asked
    assert state.players[0].influence["TW"] == after
    assert state.players[0].special_flags == ["TW"]


def test_mgmt1_06_tie_05_refused_offers_pass_down_the_track_by_influence_then_turn_order():
    # MGMT1-06 / TIE-05: SK influence after the Influence step: seat 1 12, seat 2 8, seat 0 8 (0 + 8 for its
    # HQ, the only IP on SK), seat 3 2.  Turn order from the GM: 3, 2, 0, 1.  Seats 2 and 0 tie at 8: the
    # offer goes to seat 2 (earlier in turn order) although the chain (HQ) would favour seat 0.
    state = at_end_of_era(fresh(4), gm={"9": ["3"], "8": ["2"], "7": ["0"], "6": ["1"]})
    put(state, "0", "SK", "HQ")
    set_influence(state, s1={"SK": 12}, s2={"SK": 8}, s3={"SK": 2})
    state, events = run_management(state)
    assert awards(events, "SK") == {"0": 8}
    state, more, asked = answer_offers(state, lambda seat, tiger: "accept" if (seat, tiger) == ("0", "SK")
                                       else "decline")
    assert asked[:3] == [("1", "SK", "decline"), ("2", "SK", "decline"), ("0", "SK", "accept")]
    assert [state.players[i].influence["SK"] for i in range(4)] == [5, 12, 8, 2]  # 8 → 5
    assert state.players[0].special_flags == ["SK"]
    assert state.global_market["9"] == ["3", "0"]  # 7 → 9, on top of seat 3
    # MGMT1-06: HK, TW, SG: all at 0, offered in turn order 3, 2, 0, 1, refused by all: back to the box.
    assert asked[3:] == [(s, t, "decline") for t in ("HK", "TW", "SG") for s in ("3", "2", "0", "1")]
    assert [e["tiger"] for e in events_of(more, "special_flag_returned")] == ["HK", "TW", "SG"]
    assert state.special_flags_available == []
    assert [p.special_flags for p in state.players] == [["SK"], [], [], []]
    assert [p.influence["HK"] for p in state.players] == [0, 0, 0, 0]


def test_mgmt1_06_nobody_takes_it_the_flag_returns_to_the_box_and_nothing_changes():
    # MGMT1-06: every participant refuses SK: the flag leaves the game; no influence, no GM changes.
    state = at_end_of_era(fresh(2), gm=SEAT0_FIRST)
    set_influence(state, s0={"SK": 7}, s1={"SK": 9})
    state, _ = run_management(state)
    gm_before = dict(state.global_market)
    state, events, asked = answer_offers(state, decline_all)
    assert asked[:2] == [("1", "SK", "decline"), ("0", "SK", "decline")]
    assert events_of(events, "special_flag_returned")[0]["tiger"] == "SK"
    assert [p.influence["SK"] for p in state.players] == [7, 9]
    assert state.global_market == gm_before and not events_of(events, "global_market_advanced")
    assert "SK" not in state.special_flags_available and all(p.special_flags == [] for p in state.players)


def test_neutral_05_offer_passed_down_to_the_neutral_is_accepted_without_asking_and_leaves_the_game():
    # NEUTRAL-05 / AMB-22: seat 0 (20) leads SK and refuses; the neutral (5 + 7 = 12) is next and always
    # accepts (12 → 10); seat 1 and 2 are never asked; the flag leaves the game, no GM for the neutral.
    state = at_end_of_era(fresh(3), gm={"9": ["0"], "8": ["1"], "7": ["2"]})
    set_influence(state, s0={"SK": 20}, s1={"SK": 11})
    state, _ = run_management(state)
    assert offer(state) == ("0", "SK")
    gm_before = {k: list(v) for k, v in state.global_market.items()}
    state, events = answer(state, {"kind": "decline_special_flag"})
    assert [(e["participant"], e["tiger"]) for e in events_of(events, "special_flag_accepted")][0] == ("neutral", "SK")
    assert state.neutral["influence"]["SK"] == 10
    assert [p.influence["SK"] for p in state.players] == [20, 11, 0]
    assert "SK" not in state.special_flags_available and all(p.special_flags == [] for p in state.players)
    assert state.global_market == gm_before
    assert offer(state) is None or offer(state)[1] != "SK"


def test_neutral_06_a_tie_for_the_lead_with_the_neutral_goes_to_the_neutral():
    # TIE-05 / TIE-06 / AMB-23: seat 0 at 12 ties the neutral (5 + 7) on HK; the neutral is offered first
    # and accepts, so seat 0 is never asked about HK.
    state = at_end_of_era(fresh(3), gm={"9": ["0"], "8": ["1"], "7": ["2"]})
    set_influence(state, s0={"HK": 12})
    state, events = run_management(state)
    state, more, asked = answer_offers(state, decline_all)
    accepted = [(e["participant"], e["tiger"]) for e in events_of(events + more, "special_flag_accepted")]
    assert accepted == [("neutral", t) for t in ("SK", "HK", "TW", "SG")]
    assert asked == [] and state.players[0].influence["HK"] == 12


# -- MGMT1-08: investment funds --------------------------------------------------------------
def test_mgmt1_08_funds_reset_to_six_plus_one_per_laboratory_capped_at_ten():
    # MGMT1-08 / BUILD-LAB-02 / AMB-16: seat 0 SK: L3 + 2 on ∞ → 9; HK: L3 + 4 on ∞ → 11 → 10; TW: 4 on ∞
    # → 10; SG: none → 6 (whatever was left: 0, 10, 3, 10).  Seat 1 SG: L3 → 7.
    state = at_end_of_era(fresh(2))
    put(state, "0", "SK", "L3", "Linf", "Linf")
    put(state, "0", "HK", "L3", "Linf", "Linf", "Linf", "Linf")
    put(state, "0", "TW", "Linf", "Linf", "Linf", "Linf")
    put(state, "1", "SG", "L3")
    state.players[0].funds = {"SK": 0, "HK": 10, "TW": 3, "SG": 10}
    state.players[1].funds = {"SK": 2, "HK": 0, "TW": 6, "SG": 1}
    state, events = through_era1_management(state)
    assert state.players[0].funds == {"SK": 9, "HK": 10, "TW": 10, "SG": 6}
    assert state.players[1].funds == {"SK": 6, "HK": 6, "TW": 6, "SG": 7}
    assert [e["funds"] for e in events_of(events, "funds_reset")] == [state.players[0].funds, state.players[1].funds]


def test_mgmt1_08_the_neutral_laboratories_give_nobody_funds():
    # MGMT1-08: the neutral's L1 blocker is its own piece; the players have no lab: 6 everywhere.
    state, events = through_era1_management(at_end_of_era(fresh(3)))
    assert [p.funds for p in state.players] == [{"SK": 6, "HK": 6, "TW": 6, "SG": 6}] * 3
    assert [e["participant"] for e in events_of(events, "funds_reset")] == ["0", "1", "2"]


# -- SCORE-INF-01: the Era I snapshot -------------------------------------------------------
@pytest.mark.parametrize("rounds", [1, 2])
def test_score_inf_01_the_era_one_snapshot_is_taken_after_influence_before_special_flags(rounds):
    # SCORE-INF-01 / AMB-28: seat 0's ∞ lab (1 IP) gives +6 on SK (0 → 6); seat 1 is at 5 (no IP).
    # Seat 0 accepts the SK flag (6 → 5); the snapshot keeps 6, the turn order [1, 0], the HQ and IP.
    state = at_end_of_era(fresh(2, rules_options={"prosperity_from_influence_rounds": rounds}), gm=SEAT1_FIRST)
    put(state, "0", "SK", "Linf")
    set_influence(state, s1={"SK": 5})
    state, events = run_management(state)
    snapshot = state.management["era1"]
    assert offer(state) == ("0", "SK")
    state, _ = answer(state, {"kind": "accept_special_flag"})
    assert state.players[0].influence["SK"] == 5
    assert state.management["era1"] == snapshot
    assert snapshot["influence"] == {"0": {"SK": 6, "HK": 0, "TW": 0, "SG": 0},
                                     "1": {"SK": 5, "HK": 0, "TW": 0, "SG": 0}}
    assert snapshot["turn_order"] == ["1", "0"]
    assert snapshot["headquarters"] == {"SK": None, "HK": None, "TW": None, "SG": None}
    assert snapshot["ip"]["0"]["SK"] == {"A": 0, "B": 0, "C": 0, "none": 1}


def test_comp_09_round_marker_walks_the_management_track():
    # COMP-09 / SETUP-15 / MGMT1-01: first Era I space during play, the step being resolved in management
    from api.games.asian_tigers import view
    from api.games.asian_tigers.management.era1 import round_marker

    state = fresh(2)
    assert round_marker(state) == {"era": 1, "space": 1, "step": "global_market_turn_order"}
    state, _ = run_management(at_end_of_era(state))
    assert state.decisions[-1]["kind"] == "choose_special_flag"  # stopped in step 3 (special flags)
    assert view(state)["round_marker"] == {"era": 1, "space": 3, "step": "special_flags"}
