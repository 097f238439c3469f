"""Rules tests: turns, worker placement, funds, the per-turn bonus queue, the end of Era I
(TURN-*, PLACE-*, FUNDS-01/02, IBONUS-02/03, CASCADE-03/05, NEUTRAL-04..06)."""
from __future__ import annotations

import pytest

from api.games.asian_tigers import apply, legal_actions
from api.games.asian_tigers.errors import ActionShapeError
from tests.games.asian_tigers.builders import (STC, TEAM, decision_kind, find_action, game, invest, is_legal, kinds,
                                               modified, of_kind, pass_turn, play_out_era, recorded_setup, rejects,
                                               seat_now, to_build)

W2_FIRST = ["W2", "W1", "W1", "W1", "W1", "W2", "W2", "W3", "W3", "W3"]
W3_FIRST = ["W3", "W1", "W1", "W1", "W1", "W2", "W2", "W2", "W3", "W3"]


def _teams(count=2, **teams):
    """A recorded setup where seat N uses teams[f"seat{N}"] (default TEAM)."""
    workers = {str(i): {"team": list(teams.get(f"seat{i}", TEAM))} for i in range(count)}
    return game(count, setup=recorded_setup(count, workers=workers))


def _place(center, **extra):
    return {"kind": "place_worker", "center": center, **extra}


def _centers_offered(state) -> set[str]:
    return {a["center"] for a in legal_actions(state) if a["kind"] == "place_worker"}


def _sectors(**generics):
    """A change() setting seat 0's generic pieces per sector (e.g. S7=1)."""
    def change(data):
        for sector, count in generics.items():
            data["players"][0]["sectors"][sector]["generic"] = count
    return change


# -- TURN --------------------------------------------------------------------------------
def test_turn_01_leftmost_worker_and_turn_order():
    # TURN-01
    state = game(2, setup=recorded_setup(2, turn_order=[1, 0]))
    assert seat_now(state) == "1"
    after = pass_turn(state)
    assert after.players[1].team == TEAM[1:] and after.players[1].placed == {"W1": 1, "W2": 0, "W3": 0}
    assert after.players[0].workers_placed == 0 and seat_now(after) == "0"
    assert seat_now(pass_turn(after)) == "1"


def test_turn_01_refuses_a_worker_other_than_the_leftmost():
    # TURN-01
    state = game(2)
    rejects(state, _place("STC", worker="W2"), "not_leftmost_worker", "TURN-01")
    rejects(state, _place("STC", worker="W9"), "unknown_worker_type", error=ActionShapeError)
    # the leftmost itself is no listed answer either: the engine knows it, so naming it is a field too many
    refused = rejects(state, _place("STC", worker="W1"), "unexpected_field", error=ActionShapeError)
    assert refused.details == {"field": "worker"} and "W1" in refused.message


def test_turn_02_an_investment_worker_must_build():
    # TURN-02: the build question cannot be declined or skipped.
    state, _ = to_build(game(2), "SK.A")
    assert state.decisions[-1]["declinable"] is False
    assert {a["kind"] for a in legal_actions(state)} == {"build"}
    rejects(state, {"kind": "end_turn"}, "unexpected_action")


def test_turn_02_refuses_an_investment_centre_with_nothing_to_build():
    # TURN-02: no generic piece left and no energy for a factory.
    def change(data):
        _sectors(**{f"S{i}": 0 for i in range(1, 13)})(data)
        data["players"][0]["energy"] = 0
    state = modified(game(2), change)
    assert not {c for c in _centers_offered(state) if "." in c}
    rejects(state, _place("SK.A"), "no_legal_build", "TURN-02")


def test_turn_03_the_era_ends_when_everyone_has_placed_ten_workers():
    # TURN-03
    state = game(2)
    for _ in range(19):
        state = pass_turn(state)
    assert state.phase == "turns" and seat_now(state) == "1"
    step = apply(state, STC)
    assert of_kind(step.events, "era_ended")[0]["era"] == 1
    state = step.state
    assert state.phase == "management" and state.turn is None
    assert not any(a["kind"] == "place_worker" for a in legal_actions(state))
    assert [(p.workers_placed, p.team) for p in state.players] == [(10, []), (10, [])]


def test_turn_03_a_player_with_workers_left_keeps_playing_alone():
    # TURN-03
    def change(data):
        data["players"][1].update(workers_placed=10, team=[])
    state = pass_turn(modified(game(2), change))
    assert seat_now(state) == "0" and state.players[0].workers_placed == 1 and state.phase == "turns"


def test_turn_04_unlocked_bonus_is_offered_in_the_same_turn():
    # TURN-04
    state, events = invest(modified(game(2), _sectors(S7=1)), "SK.A", "SK.P1", "S7")
    assert of_kind(events, "bonus_unlocked")[0]["bonus"] == "parts_factory_free"
    assert (decision_kind(state), seat_now(state), state.turn["seat"]) == ("choose_bonus", "0", "0")
    assert {a["kind"] for a in legal_actions(state)} == {"ignore_bonus", "end_turn"}


def test_turn_04_an_answer_to_another_question_is_refused():
    # TURN-04: the game waits for a placement.
    rejects(game(2), {"kind": "end_turn"}, "unexpected_action", "TURN-04")


# -- PLACE -------------------------------------------------------------------------------
def test_place_01_a_setup_worker_fixes_its_centre():
    # PLACE-01: SK.A holds the W1 setup worker; a W2 may not enter.
    state = _teams(seat0=W2_FIRST)
    assert "SK.A" not in _centers_offered(state)
    rejects(state, _place("SK.A"), "center_type_fixed", "PLACE-01")


def test_place_01_the_first_worker_fixes_the_centre_for_everyone():
    # PLACE-01
    state, events = invest(_teams(seat1=W3_FIRST), "HK.A", "HK.Pinf", "S7")
    assert state.centers["HK.A"] == "W1" and "for the rest of the era" in events[0]["text"]
    rejects(state, _place("HK.A"), "center_type_fixed", "PLACE-01")
    assert pass_turn(state).centers["HK.A"] == "W1"


def test_place_02_no_two_centres_of_a_tiger_take_the_same_type():
    # PLACE-02: SK.A is W1, so SK.B and SK.C refuse a W1.
    state = game(2)
    assert not {"SK.B", "SK.C"} & _centers_offered(state)
    rejects(state, _place("SK.B"), "worker_type_taken_in_tiger", "PLACE-02")


def test_place_02_once_two_centres_are_fixed_the_third_takes_the_remaining_type():
    # PLACE-02: HK.B is W2 (setup); a W1 in HK.A leaves HK.C to W3.
    state, _ = invest(_teams(seat1=W3_FIRST), "HK.A", "HK.Pinf", "S7")
    assert "HK.C" in _centers_offered(state)  # seat 1's W3
    state = pass_turn(state)
    assert seat_now(state) == "0" and "HK.C" not in _centers_offered(state)  # seat 0's next W1
    rejects(state, _place("HK.C"), "worker_type_taken_in_tiger", "PLACE-02")


def test_place_03_the_special_trade_centre_takes_any_type_and_is_never_fixed():
    # PLACE-03
    state = game(2, setup=recorded_setup(2, workers={}), worker_entry="stated")
    for worker in ("W1", "W2", "W3", "W1"):
        assert is_legal(state, {"center": "STC", "worker": worker})
        state = pass_turn(state, worker)
    assert "STC" not in state.trade_centers and "STC" not in state.centers
    assert state.trade_centers == {"ITC1": None, "ITC2": None, "RTC": None}


def test_place_04_a_centre_takes_any_number_of_workers_of_its_type():
    # PLACE-04
    state, _ = invest(game(2), "SK.A", "SK.Pinf", "S7")
    state, _ = invest(state, "SK.A", "SK.Pinf", "S7")
    state, _ = invest(state, "SK.A", "SK.Linf", "S8")
    assert state.center_workers["SK.A"] == ["setup", "0", "1", "0"]


@pytest.mark.parametrize("team, center, cost", [(TEAM, "SK.A", 3), (W2_FIRST, "HK.B", 2), (W3_FIRST, "TW.C", 1)])
def test_place_05_centre_costs_three_two_one(team, center, cost):
    # PLACE-05
    tiger = center.split(".")[0]
    state, events = to_build(_teams(seat0=team), center)
    assert events[0]["funds_paid"] == cost
    assert state.players[0].funds == {t: 6 - (cost if t == tiger else 0) for t in ("SK", "HK", "TW", "SG")}


def test_place_05_a_player_who_cannot_pay_cannot_use_the_centre():
    # PLACE-05: two W1 in SK.A spend the 6 SK funds.
    state, _ = invest(game(2), "SK.A", "SK.Pinf", "S7")
    state, _ = invest(pass_turn(state), "SK.A", "SK.Pinf", "S8")
    state = pass_turn(state)
    assert state.players[0].funds["SK"] == 0 and seat_now(state) == "0"
    assert "SK.A" not in _centers_offered(state)
    rejects(state, _place("SK.A"), "insufficient_funds", "PLACE-05")


@pytest.mark.parametrize("team, center, spaces", [
    (W3_FIRST, "SK.C", {"SK.F3", "SK.L3", "SK.Pinf", "SK.Linf"}),
    (W2_FIRST, "SK.B", {"SK.U3", "SK.F2", "SK.F3", "SK.L3", "SK.Pinf", "SK.Linf"}),
    (TEAM, "SK.A", {"SK.U1", "SK.U3", "SK.F2", "SK.F3", "SK.P1", "SK.L3", "SK.Pinf", "SK.Linf"}),
])
def test_place_06_column_reach(team, center, spaces):
    # PLACE-06 (2 players: the 3- and 4-dot spaces are closed)
    state, _ = to_build(_teams(seat0=team), center)
    assert {a["space"] for a in legal_actions(state)} == spaces


@pytest.mark.parametrize("team, center, space", [(W3_FIRST, "SK.C", "SK.P1"), (W3_FIRST, "SK.C", "SK.F2"),
                                                 (W2_FIRST, "SK.B", "SK.U1")])
def test_place_06_refuses_a_space_out_of_reach(team, center, space):
    # PLACE-06
    state, _ = to_build(_teams(seat0=team), center)
    rejects(state, {"kind": "build", "space": space, "sector": "S7"}, "space_out_of_reach", "PLACE-06")


def test_place_07_the_special_trade_centre_is_always_available():
    # PLACE-07: no funds, no piece, no energy: only the special centre, which advances 2.
    def change(data):
        _sectors(**{f"S{i}": 0 for i in range(1, 13)})(data)
        data["players"][0].update(energy=0, funds={t: 0 for t in ("SK", "HK", "TW", "SG")})
    state = modified(game(2), change)
    assert _centers_offered(state) == {"STC"}
    after = pass_turn(state)
    assert after.gm_position("0") == 3 and after.players[0].workers_placed == 1


# -- the end of Era I (TURN-03): the neutral and the funds reset ------------------------------
def _labs(owner, count, tiger="SK"):
    """A change() adding `count` laboratories of `owner` on the infinity space of `tiger`."""
    def change(data):
        data["pieces"] += [{"owner": owner, "space": f"{tiger}.Linf", "tiger": tiger, "kind": "laboratory",
                            "parts_factory": False} for _ in range(count)]
    return change


@pytest.mark.parametrize("advanced, labs, awards", [
    (False, 4, {"neutral": 7, "0": 5}), (False, 5, {"neutral": 7, "0": 5}), (False, 6, {"0": 7, "neutral": 5}),
    (True, 6, {"neutral": 7, "0": 5}), (True, 7, {"0": 7, "neutral": 5})])
def test_neutral_04_and_06_the_neutral_is_ranked_with_five_or_six_ip_and_wins_ties(advanced, labs, awards):
    # NEUTRAL-04 (5 IP per Tiger, 6 advanced) / NEUTRAL-06 (a tie goes to the neutral); Era I 3p table [7, 5, 3, 1]
    state, events = play_out_era(modified(game(3, advanced_neutral=advanced), _labs("0", labs)))
    sk = next(e for e in of_kind(events, "influence_awarded") if e["tiger"] == "SK")
    assert sk["awards"] == awards and sk["ranking"]["ranking"] == list(awards)
    tie = [(t["ahead"], t["decided_by"]) for t in sk["ranking"]["tie_breaks"]]
    assert tie == ([("neutral", "neutral")] if labs == (6 if advanced else 5) else [])
    assert next(e for e in of_kind(events, "influence_awarded") if e["tiger"] == "HK")["awards"] == {"neutral": 7}


def test_neutral_05_the_neutral_always_accepts_a_special_flag():
    # NEUTRAL-05 / AMB-22: it leads everywhere (5 + 7 = 12), accepts, drops to 10; the flags leave the game.
    state, events = play_out_era(game(3))
    accepted = of_kind(events, "special_flag_accepted")
    assert sorted(e["tiger"] for e in accepted) == ["HK", "SG", "SK", "TW"]
    assert {e["participant"] for e in accepted} == {"neutral"} and not of_kind(events, "special_flag_declined")
    assert state.neutral["influence"] == {"SK": 10, "HK": 10, "TW": 10, "SG": 10}
    assert state.special_flags_available == [] and all(p.special_flags == [] for p in state.players)
    assert "neutral" not in {pid for stack in state.global_market.values() for pid in stack}


@pytest.mark.parametrize("influence, offered_first", [(12, "neutral"), (13, "0")])
def test_neutral_06_a_special_flag_tie_goes_to_the_neutral(influence, offered_first):
    # NEUTRAL-06: seat 0 at 12 on SK ties the neutral (5 + 7); at 13 it leads and is asked first.
    state = modified(game(3), lambda d: d["players"][0]["influence"].update(SK=influence))
    for _ in range(30):
        state = apply(state, find_action(state, {"kind": "place_worker", "center": "STC"})).state
        while decision_kind(state) in ("choose_special_trade", "choose_bonus"):
            state = apply(state, legal_actions(state)[-1]).state
    asked = (decision_kind(state), seat_now(state), state.decisions[-1].get("tiger"))
    if offered_first == "neutral":
        assert asked != ("choose_special_flag", "0", "SK")
        assert "SK" not in state.special_flags_available and state.neutral["influence"]["SK"] == 10
    else:
        assert asked == ("choose_special_flag", "0", "SK")


@pytest.mark.parametrize("labs, funds", [(0, 6), (3, 9), (5, 10)])
def test_funds_01_the_era_one_reset_is_capped_at_ten(labs, funds):
    # FUNDS-01 / AMB-16 (with FUNDS-03 / BUILD-LAB-02): 6 + 1 per laboratory, never above 10.
    state = modified(game(2), _labs("0", labs))
    state = modified(state, lambda d: d["players"][0]["funds"].update(HK=1))
    state, _ = play_out_era(state)
    assert state.players[0].funds == {"SK": funds, "HK": 6, "TW": 6, "SG": 6}
    assert state.players[1].funds == {"SK": 6, "HK": 6, "TW": 6, "SG": 6}


# -- FUNDS -------------------------------------------------------------------------------
@pytest.mark.parametrize("funds, legal", [(3, True), (2, False)])
def test_funds_01_funds_may_reach_zero_but_never_go_below(funds, legal):
    # FUNDS-01
    state = modified(game(2), lambda d: d["players"][0]["funds"].update(SK=funds))
    assert ("SK.A" in _centers_offered(state)) is legal
    if legal:
        assert to_build(state, "SK.A")[0].players[0].funds["SK"] == 0
    else:
        rejects(state, _place("SK.A"), "insufficient_funds", "PLACE-05")


def test_funds_02_funds_pay_only_on_their_own_tiger():
    # FUNDS-02: SK empty, HK full: HK.A is usable, SK.A is not; paying HK touches HK only.
    state = modified(game(2), lambda d: d["players"][0]["funds"].update(SK=0))
    offered = _centers_offered(state)
    assert "HK.A" in offered and "SK.A" not in offered
    after, _ = to_build(state, "HK.A")
    assert after.players[0].funds == {"SK": 0, "HK": 3, "TW": 6, "SG": 6}
    assert after.players[1].funds == {"SK": 6, "HK": 6, "TW": 6, "SG": 6}


# -- the bonus queue (IBONUS-02/03, CASCADE-03/05) ------------------------------------------
def test_ibonus_02_emptying_a_sector_unlocks_its_bonus():
    # IBONUS-02
    state, events = invest(modified(game(2), _sectors(S7=1)), "SK.A", "SK.L3", "S7")
    queued = [(b["seat"], b["source"], b["bonus"]) for b in state.pending_bonuses]
    assert queued == [("0", "sector:S7", "parts_factory_free")]
    assert of_kind(events, "bonus_unlocked")[0]["sector"] == "S7"


def test_ibonus_02_a_sector_still_holding_its_factory_is_not_empty():
    # IBONUS-02: S1 keeps the Electronics factory after its last generic leaves; the factory empties it.
    state, events = invest(modified(game(2), _sectors(S1=1)), "SK.A", "SK.L3", "S1")
    assert state.pending_bonuses == [] and not of_kind(events, "bonus_unlocked")
    state, events = invest(modified(game(2), _sectors(S1=0)), "SK.A", "SK.F2")
    assert [b["bonus"] for b in state.pending_bonuses] == ["influence_any_5"]


def test_ibonus_03_an_ignored_bonus_is_gone():
    # IBONUS-03
    state, _ = invest(modified(game(2), _sectors(S7=1)), "SK.A", "SK.L3", "S7")
    step = apply(state, find_action(state, {"kind": "ignore_bonus"}))
    assert kinds(step.events)[:2] == ["bonus_ignored", "auto_resolved"]
    assert of_kind(step.events, "turn_ended")[0]["forfeited"] == []
    assert step.state.pending_bonuses == [] and seat_now(step.state) == "1"
    assert step.state.players[0].sectors["S7"]["bonus_unlocked"] is True


def test_ibonus_03_ending_the_turn_forfeits_an_unused_bonus():
    # IBONUS-03 / CASCADE-03
    state, _ = invest(modified(game(2), _sectors(S7=1)), "SK.A", "SK.L3", "S7")
    step = apply(state, {"kind": "end_turn"})
    assert of_kind(step.events, "turn_ended")[0]["forfeited"] == ["parts_factory_free"]
    assert step.state.pending_bonuses == [] and seat_now(step.state) == "1"


def test_cascade_03_refuses_an_unknown_bonus():
    # CASCADE-03
    state, _ = invest(modified(game(2), _sectors(S7=1)), "SK.A", "SK.L3", "S7")
    rejects(state, {"kind": "ignore_bonus", "bonus": 99}, "unknown_bonus", "CASCADE-03")


def _university_chain():
    """Seat 0: SK.A, sells Finance to SK.MA, university SK.U1 from S7 (its last piece), department SK.D1 from S8."""
    state = modified(game(2), _sectors(S7=1, S8=1))
    asked, events = [], []
    for partial in ({"kind": "place_worker", "center": "SK.A"}, {"kind": "sell_local", "market": "SK.MA"},
                    {"kind": "build", "space": "SK.U1", "sector": "S7"},
                    {"kind": "build_department", "space": "SK.D1", "sector": "S8"}):
        step = apply(state, partial)
        state, events = step.state, events + step.events
        asked.append(decision_kind(state))
        if asked[-1] == "choose_local_sale":
            assert state.players[0].funds["SK"] == 3  # LMKT-02 / CASCADE-05: paid before the sale
    return state, events, asked


def test_cascade_03_held_bonuses_wait_in_the_queue_and_are_forfeited_at_the_end():
    # CASCADE-03
    state, _, _ = _university_chain()
    assert [b["bonus"] for b in state.pending_bonuses] == ["parts_factory_free", "influence_upper_3"]
    first = state.pending_bonuses[0]["id"]
    state = apply(state, {"kind": "ignore_bonus", "bonus": first}).state
    assert (decision_kind(state), seat_now(state)) == ("choose_bonus", "0")
    assert [b["bonus"] for b in state.pending_bonuses] == ["influence_upper_3"]
    step = apply(state, {"kind": "end_turn"})
    assert of_kind(step.events, "turn_ended")[0]["forfeited"] == ["influence_upper_3"]


def test_cascade_05_order_inside_an_investment_action():
    # CASCADE-05: pay, sale, build, university action then bonus, then the sector bonuses.
    state, events, asked = _university_chain()
    assert asked == ["choose_local_sale", "choose_build", "choose_university_action", "choose_bonus"]
    order = [e["kind"] for e in events if e["kind"] != "bonus_unlocked"]
    assert order == ["worker_placed", "local_sale_made", "influence_gained", "infrastructure_built", "science_paid",
                     "infrastructure_built", "global_market_advanced"]
    assert [e["space"] for e in of_kind(events, "infrastructure_built")] == ["SK.U1", "SK.D1"]
    assert state.gm_position("0") == 4 and state.players[0].influence["SK"] == 3
    assert [b["source"] for b in state.pending_bonuses] == ["sector:S7", "sector:S8"]  # still waiting: step 5
