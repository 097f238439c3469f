"""Where the Automa's worker goes (SOLO-AUTOMA-01..04, -11..13, AMB-41).

Recorded solo game: SK.A = W1, HK.B = W2, TW.C = W3 from setup; the Automa's first
workers are W1 (TEAM).  Each test lets the human pass, then reveals one tile.
"""
from __future__ import annotations

import pytest

from api.games.asian_tigers.solo.automa import destination, flag_choices, target_tiger
from tests.games.asian_tigers.builders.solo import AUTOMA, add_piece, automa_turn, edit, solo_game


def _placed(events):
    return next(e for e in events if e["kind"] == "worker_placed" and e["participant"] == AUTOMA)


def test_solo_automa_01_leftmost_worker_and_the_revealed_tile():
    # SOLO-AUTOMA-01: the leftmost worker of the team area goes where the tile says
    state, events = automa_turn(solo_game(), "AT04")
    assert _placed(events)["worker"] == "W1" and state.player(AUTOMA).team == ["W1"] * 3 + ["W2"] * 3 + ["W3"] * 3
    assert state.player(AUTOMA).workers_placed == 1 and state.solo["revealed"] == ["AT04"]


def test_solo_automa_02_goes_where_its_type_is_already_required():
    # SOLO-AUTOMA-02: SK.A already takes W1 (setup worker), so AT04 (South Korea) sends W1 there
    state, events = automa_turn(solo_game(), "AT04")
    assert _placed(events)["center"] == "SK.A" and state.center_workers["SK.A"] == ["setup", AUTOMA]


def test_solo_automa_03_otherwise_the_leftmost_free_investment_centre():
    # SOLO-AUTOMA-03 / AMB-41: HK.B takes W2, so W1 goes to HK.A (leftmost free), fixing its type
    state, events = automa_turn(solo_game(), "AT05")
    assert _placed(events)["center"] == "HK.A" and state.centers["HK.A"] == "W1"


def test_solo_automa_03_leftmost_free_skips_centres_fixed_to_other_types():
    # SOLO-AUTOMA-03: TW.A takes W2 and TW.C W3 -> W1 goes to TW.B
    state = edit(solo_game(), lambda d: d["centers"].update({"TW.A": "W2"}))
    state, events = automa_turn(state, "AT06")
    assert _placed(events)["center"] == "TW.B"


def test_solo_automa_08_the_automa_pays_no_funds_for_its_centre():
    # SOLO-AUTOMA-08: no funds are ever paid (centre A costs a player 3)
    state, _ = automa_turn(solo_game(), "AT04")
    assert set(state.player(AUTOMA).funds.values()) == {0}


@pytest.mark.parametrize("tile, automa_pieces, expected", [
    ("AT08", [], "SK"),            # more IP of SK / TW, tied at 0 -> default SK
    ("AT08", ["TW.P1"], "TW"),     # more IP in TW
    ("AT09", [], "SG"),            # fewer IP of HK / SG, tied -> default SG
    ("AT09", ["SG.P1"], "HK"),     # fewer IP in HK
    ("AT10", ["HK.P1"], "TW"),     # fewer IP of TW / HK
    ("AT10", ["TW.P1", "HK.P1"], "HK"),  # tie -> default HK
])
def test_solo_automa_04_comparison_tiles_pick_by_automa_ip_and_ties_take_the_default(tile, automa_pieces, expected):
    # SOLO-AUTOMA-04
    def change(data):
        for space in automa_pieces:
            add_piece(data, AUTOMA, space)
    state = edit(solo_game(), change)
    target = state.edition.solo["action_tiles"][tile]["target"]
    assert target_tiger(state, target) == expected
    _, events = automa_turn(state, tile)
    assert _placed(events)["center"].startswith(expected + ".")


def test_solo_automa_13_no_trade_type_fixed_era_1_topmost_free_trade_centre():
    # SOLO-AUTOMA-13 / AMB-41 step 4 / DATA-06: nothing fixed, Era I -> ITC1 (topmost), even for the RTC tile
    state, events = automa_turn(solo_game(), "AT03")
    assert _placed(events)["center"] == "ITC1" and state.trade_centers["ITC1"] == "W1"


def test_solo_automa_13_era_2_takes_the_bottommost_free_trade_centre():
    # SOLO-AUTOMA-13: in Era II the bottommost free trade centre (RTC)
    state = edit(solo_game(), lambda d: d.update(era=2))
    assert destination(state, "AT01", "W1")["center"] == "RTC"
    state = edit(state, lambda d: d["trade_centers"].update({"RTC": "W2"}))
    assert destination(state, "AT01", "W1")["center"] == "ITC2"


def test_solo_automa_13_topmost_free_skips_fixed_trade_centres():
    # SOLO-AUTOMA-13: ITC1 takes W2, so the topmost free centre for W1 is ITC2
    state = edit(solo_game(), lambda d: d["trade_centers"].update({"ITC1": "W2"}))
    _, events = automa_turn(state, "AT02")
    assert _placed(events)["center"] == "ITC2"


def test_solo_automa_02_a_trade_centre_already_taking_its_type_is_used():
    # SOLO-AUTOMA-02 / AMB-41 step 1: RTC takes W1 -> the RTC tile sends W1 there, even though ITC1 is free
    state = edit(solo_game(), lambda d: d["trade_centers"].update({"RTC": "W1"}))
    _, events = automa_turn(state, "AT03")
    assert _placed(events)["center"] == "RTC"


def test_solo_automa_12_named_trade_centre_of_another_type_sends_it_to_the_special_centre():
    # SOLO-AUTOMA-12: RTC takes W2, the Automa holds W1 -> special trade centre, +2 GM
    state = edit(solo_game(), lambda d: d["trade_centers"].update({"RTC": "W2"}))
    before = state.gm_position(AUTOMA)
    state, events = automa_turn(state, "AT03")
    assert _placed(events)["center"] == "STC" and state.gm_position(AUTOMA) == before + 2
    assert not any(state.solo["flags"].values())


def test_solo_automa_12_named_trade_centre_without_flags_sends_it_to_the_special_centre():
    # SOLO-AUTOMA-12: ITC1's nations have no flag left -> special trade centre
    state = edit(solo_game(), lambda d: d["flag_stacks"].update({"USA": [], "CAN": [], "AUS": []}))
    state, events = automa_turn(state, "AT01")
    assert _placed(events)["center"] == "STC"


def test_solo_automa_12_a_named_centre_without_flags_is_not_swapped_for_a_free_one():
    # SOLO-AUTOMA-12 / AMB-41 step 3 before step 4: AT03 names RTC; nothing is fixed yet, but RTC's nations
    # have no flag left, so the Automa goes to the special centre and advances 2 (it used to sell at ITC1).
    from api.games.asian_tigers.turn.market import nations_at

    empty = {n: [] for n in nations_at(solo_game(), "RTC")}
    state = edit(solo_game(), lambda d: d["flag_stacks"].update(empty))
    assert destination(state, "AT03", "W1")["center"] == "STC"
    before = state.gm_position(AUTOMA)
    state, events = automa_turn(state, "AT03")
    assert _placed(events)["center"] == "STC" and state.gm_position(AUTOMA) == before + 2
    assert state.trade_centers["ITC1"] is None  # no centre got a fixed type


def test_place_03_no_free_trade_centre_may_take_a_type_fixed_elsewhere():
    # PLACE-03 / AMB-41 step 5: ITC2 takes W1, so no free centre may take W1 -> special trade centre
    state = edit(solo_game(), lambda d: d["trade_centers"].update({"ITC2": "W1"}))
    assert destination(state, "AT01", "W1")["center"] == "STC"


def test_solo_automa_11_new_nations_first_highest_value_and_one_gm_advance():
    # SOLO-AUTOMA-11 / TRADE-06: AT01 asks 2 flags at ITC1: USA-1 (6) then CAN-1 (5, equal to AUS-1:
    # edition order); the GM moves by the highest value only
    state = solo_game()
    before = state.gm_position(AUTOMA)
    state, events = automa_turn(state, "AT01")
    assert state.solo["flags"]["AF1"] == ["USA-1", "CAN-1"]
    assert state.gm_position(AUTOMA) == before + 6
    assert state.player(AUTOMA).goods == {g: 0 for g in state.edition.goods}  # no goods paid or held


def test_solo_automa_11_prefers_a_nation_it_does_not_hold():
    # SOLO-AUTOMA-11: it holds a USA flag (kept off its board), so it takes CAN-1 and AUS-1 (both 5), advances 5
    state = edit(solo_game(), lambda d: d["solo"]["flags"].update({"off_board": ["USA-2"]}))
    before = state.gm_position(AUTOMA)
    state, _ = automa_turn(state, "AT01")
    assert state.solo["flags"]["AF1"] == ["CAN-1", "AUS-1"] and state.gm_position(AUTOMA) == before + 5


def test_solo_automa_11_repeats_when_nothing_new_is_left_highest_value_first():
    # SOLO-AUTOMA-11: holding USA, CAN and AUS, the Automa repeats: USA-1 (6) first
    state = edit(solo_game(), lambda d: d["solo"]["flags"].update({"AF1": ["USA-2", "CAN-2", "AUS-2"]}))
    assert flag_choices(state, "ITC1", []) == ["USA", "CAN", "AUS"]
    state = edit(state, lambda d: d["solo"]["flags"].update({"AF1": ["CAN-2", "AUS-2"]}))
    assert flag_choices(state, "ITC1", []) == ["USA", "CAN", "AUS"]  # USA new: first anyway
    state = edit(state, lambda d: d["solo"]["flags"].update({"AF1": ["USA-2", "AUS-2"]}))
    assert flag_choices(state, "ITC1", []) == ["CAN", "USA", "AUS"]


def test_solo_automa_11_takes_as_many_flags_as_it_can():
    # SOLO-AUTOMA-11: AT01 asks 2, only USA has flags -> 1 flag
    state = edit(solo_game(), lambda d: d["flag_stacks"].update({"CAN": [], "AUS": []}))
    state, events = automa_turn(state, "AT01")
    assert state.solo["flags"]["AF1"] == ["USA-1"]
    assert [e["flag"] for e in events if e["kind"] == "automa_flag_taken"] == ["USA-1"]


def test_solo_automa_11_regional_tile_takes_one_flag():
    # SOLO-AUTOMA-11 / DATA-21: AT03 asks 1 flag; at ITC1 (topmost free) it takes USA-1
    state, _ = automa_turn(solo_game(), "AT03")
    assert state.solo["flags"]["AF1"] == ["USA-1"]
