"""The global market: trade centres, sales, flags and the GM track (TRADE-*, FLAG-*, GM-*, PLACE-03).

Positions come from the recorded 2-player setup of `builders` (seat 0 to play, W1 first;
SK.A is fixed to W1, HK.B to W2, TW.C to W3; every trade centre is free).
"""
import pytest

from api.games.asian_tigers import apply, legal_actions
from api.games.asian_tigers.errors import ActionShapeError
from tests.games.asian_tigers.builders import (STC, act, decision_kind, game, is_legal, modified,
                                               of_kind, pass_turn, rejects)


def with_goods(state, seat="0", **goods):
    """`state` with the given goods in a player's hand (and the supply reduced to match)."""
    def change(data):
        for good, count in goods.items():
            data["players"][int(seat)]["goods"][good] += count
            data["supply_goods"][good] -= count
    return modified(state, change)


def at_center(state, center):
    return apply(state, {"kind": "place_worker", "center": center}).state


def sales(state):
    return {(a["nation"], tuple(a["goods"]), a["row"]) for a in legal_actions(state) if a["kind"] == "sell_to_nation"}


def test_trade_01_04_international_centre_sells_each_nation_its_two_goods():
    # TRADE-01 / TRADE-04: ITC1 holds USA, CAN, AUS; USA demands Automobiles + Electronics
    state = at_center(with_goods(game(2), Automobiles=1, Electronics=1), "ITC1")
    assert decision_kind(state) == "choose_sale"
    # rows: A1 and D1 list USA; B1 and E2 accept any flag (placeholder board)
    assert sales(state) == {("USA", ("Automobiles", "Electronics"), row) for row in ("A1", "D1", "B1", "E2")}
    rejects(state, {"kind": "sell_to_nation", "nation": "USA", "goods": ["Automobiles", "Finance"], "row": "A1"},
            "wrong_goods", "TRADE-04")
    rejects(state, {"kind": "sell_to_nation", "nation": "GBR", "goods": ["Finance", "Ships"], "row": "A1"},
            "nation_not_available", "TRADE-02")


def test_trade_03_sale_pays_goods_takes_top_flag_and_fills_its_row():
    # TRADE-03 / FLAG-03: goods back to the supply, the top flag (highest value) into the row, its bonus queued
    state = at_center(with_goods(game(2), Automobiles=1, Electronics=1), "ITC1")
    supply_before = dict(state.supply_goods)
    step = act(state, {"kind": "sell_to_nation", "nation": "USA", "row": "D1"})
    after = step.state
    assert after.players[0].rows == {"D1": "USA-1"}
    assert after.flag_stacks["USA"] == ["USA-2"]  # 2 players: only the two unmarked flags (SETUP-07)
    assert after.players[0].goods["Automobiles"] == after.players[0].goods["Electronics"] == 0
    assert after.supply_goods["Automobiles"] == supply_before["Automobiles"] + 1
    assert [b["bonus"] for b in after.pending_bonuses] == ["parts_factory_for_energy"]  # row D1's nation bonus
    assert of_kind(step.events, "bonus_unlocked")[0]["row"] == "D1"


def test_trade_02_06_one_sale_per_nation_then_the_seller_picks_the_flag_that_moves_the_gm():
    # TRADE-02: once per nation; TRADE-06 / AMB-13: exactly one of the turn's flags advances the GM, seller's choice
    state = at_center(with_goods(game(2), Automobiles=1, Electronics=1, Machinery=1, Finance=0), "ITC1")
    state = with_goods(state, Finance=0)
    state = act(state, {"kind": "sell_to_nation", "nation": "USA", "row": "A1"}).state
    assert not any(a.get("nation") == "USA" for a in legal_actions(state) if a["kind"] == "sell_to_nation")
    state = act(state, {"kind": "sell_to_nation", "nation": "CAN", "row": "C1"}).state  # seat 0 started with Finance
    state = act(state, {"kind": "finish_sales"}).state
    assert decision_kind(state) == "choose_gm_flag"
    assert {a["flag"] for a in legal_actions(state)} == {"USA-1", "CAN-1"}
    before = state.gm_position("0")
    rejects(state, {"kind": "advance_with_flag", "flag": "USA-2"}, "flag_not_bought_here", "TRADE-06")
    step = act(state, {"flag": "CAN-1"})
    assert step.state.gm_position("0") == before + 5  # CAN-1 is worth 5 (placeholder edition)
    assert of_kind(step.events, "global_market_advanced")[0]["placeholder_values"]


def test_trade_05_regional_centre_takes_any_different_goods_in_the_printed_number():
    # TRADE-05 / AMB-15: JPN any 2 different goods, IDN any 3; at most 2 sales at the regional centre
    state = at_center(with_goods(game(2), Ships=1, Chemicals=1), "RTC")  # plus the starting Finance
    jpn = {goods for nation, goods, _ in sales(state) if nation == "JPN"}
    idn = {goods for nation, goods, _ in sales(state) if nation == "IDN"}
    assert jpn == {("Chemicals", "Finance"), ("Chemicals", "Ships"), ("Finance", "Ships")}
    assert idn == {("Chemicals", "Finance", "Ships")}
    rejects(state, {"kind": "sell_to_nation", "nation": "JPN", "goods": ["Ships", "Ships"], "row": "A2"},
            "wrong_goods", "TRADE-05")
    rejects(state, {"kind": "sell_to_nation", "nation": "JPN", "goods": ["Ships", "Chemicals", "Finance"],
                    "row": "A2"}, "wrong_goods", "TRADE-05")


def test_trade_07_special_centre_sells_without_moving_or_advances_two():
    # TRADE-07: a sale to a nation of another centre with no GM movement, or +2 on the GM
    state = at_center(with_goods(game(2), Automobiles=1, Electronics=1), "STC")
    assert decision_kind(state) == "choose_special_trade"
    assert is_legal(state, {"kind": "special_sale", "nation": "USA"}) and is_legal(state, {"kind": "special_advance"})
    before = state.gm_position("0")
    sold = act(state, {"kind": "special_sale", "nation": "USA", "row": "A1"}).state
    assert sold.gm_position("0") == before and sold.players[0].rows == {"A1": "USA-1"}
    advanced = act(state, {"kind": "special_advance"}).state
    assert advanced.gm_position("0") == before + 2


def test_trade_08_an_empty_flag_stack_cannot_be_sold_to():
    # TRADE-08
    state = modified(with_goods(game(2), Automobiles=1, Electronics=1, Ships=1, Chemicals=1),
                     lambda d: d["flag_stacks"].update(USA=[]))
    state = at_center(state, "ITC1")
    assert {n for n, _, _ in sales(state)} == {"AUS"}
    rejects(state, {"kind": "sell_to_nation", "nation": "USA", "goods": ["Automobiles", "Electronics"], "row": "A1"},
            "no_flag_left", "TRADE-08")


def test_trade_09_amb_49_no_worker_where_no_sale_is_possible():
    # TRADE-09 / AMB-49: a restricted trade centre needs one affordable sale with an open row; the special one never
    state = game(2)  # seat 0 holds only one Finance
    assert not is_legal(state, {"kind": "place_worker", "center": "ITC1"})
    rejects(state, {"kind": "place_worker", "center": "ITC1"}, "no_possible_sale", "TRADE-09")
    assert is_legal(state, STC)  # PLACE-07


def test_flag_02_amb_35_a_flag_needs_an_empty_accepting_row():
    # FLAG-02 / AMB-35: rows accept listed nations, hold one flag; a sale with no open row is not offered
    state = modified(with_goods(game(2), Automobiles=2, Electronics=2), lambda d: d["players"][0]["rows"].update(
        A1="GBR-1"))
    state = at_center(state, "ITC1")
    assert {row for _, _, row in sales(state)} == {"D1", "B1", "E2"}
    rejects(state, {"kind": "sell_to_nation", "nation": "USA", "goods": ["Automobiles", "Electronics"], "row": "A1"},
            "row_not_available", "FLAG-02")
    rejects(state, {"kind": "sell_to_nation", "nation": "USA", "goods": ["Automobiles", "Electronics"], "row": "C1"},
            "row_not_available", "FLAG-02")
    rejects(state, {"kind": "sell_to_nation", "nation": "USA", "goods": ["Automobiles", "Electronics"]},
            "row_required", error=ActionShapeError)
    full = modified(with_goods(game(2), Automobiles=1, Electronics=1),
                    lambda d: d["players"][0]["rows"].update(A1="GBR-1", D1="CAN-1", B1="NLD-1", E2="DEU-1"))
    assert not is_legal(full, {"kind": "place_worker", "center": "ITC1"})  # USA was the only nation payable


def test_flag_04_several_flags_are_placed_one_at_a_time_and_their_bonuses_wait_in_any_order():
    # FLAG-04 / CASCADE-03: each sale places its flag and queues its row's bonus; the player orders them
    state = at_center(with_goods(game(2), Automobiles=1, Electronics=1, Machinery=1), "ITC1")
    state = act(state, {"kind": "sell_to_nation", "nation": "USA", "row": "A1"}).state
    assert [b["bonus"] for b in state.pending_bonuses] == ["performance_either"]
    state = act(state, {"kind": "sell_to_nation", "nation": "CAN", "row": "D1"}).state
    assert [b["bonus"] for b in state.pending_bonuses] == ["performance_either", "parts_factory_for_energy"]
    later = state.pending_bonuses[1]["id"]
    state = act(state, {"kind": "ignore_bonus", "bonus": later}).state  # the second one first
    assert [b["bonus"] for b in state.pending_bonuses] == ["performance_either"]


def test_flag_05_mgmt1_07_special_flags_are_never_sold():
    # FLAG-05 / MGMT1-07: special flags are no nation; they come only from the Era I management step
    state = at_center(with_goods(game(2), Automobiles=1, Electronics=1), "ITC1")
    rejects(state, {"kind": "sell_to_nation", "nation": "SK", "goods": ["Finance"], "row": "B1"}, "unknown_nation",
            error=ActionShapeError)


def test_place_03_trade_centres_fix_types_and_never_share_one():
    # PLACE-03 / PLACE-01: the first worker fixes ITC1; no other restricted trade centre takes that type
    state = with_goods(game(2), Automobiles=1, Electronics=1)
    state = at_center(state, "ITC1")
    assert state.trade_centers["ITC1"] == "W1"
    state = act(state, {"kind": "sell_to_nation", "nation": "USA", "row": "A1"}).state
    state = act(state, {"kind": "finish_sales"}).state
    while decision_kind(state) != "choose_placement" or state.decisions[-1]["seat"] != "1":
        state = apply(state, legal_actions(state)[-1]).state
    state = with_goods(state, seat="1", Finance=1, Ships=1)  # GBR at ITC2; seat 1 places W1 too
    rejects(state, {"kind": "place_worker", "center": "ITC2"}, "worker_type_taken_at_market", "PLACE-03")
    assert is_legal(state, STC)


def test_gm_02_a_marker_landing_on_an_occupied_space_goes_on_top():
    # GM-02 / TIE-04: seat 0 starts on 1, seat 1 on 2; seat 0 advancing 1 lands under... on top of seat 1
    state = modified(game(2), lambda d: d.update(global_market={"1": ["0"], "3": ["1"]}))
    state = pass_turn(state)  # +2: from 1 to 3, on top of seat 1
    assert state.global_market["3"] == ["1", "0"]


def test_gm_03_movement_sources_flag_special_centre_and_university():
    # GM-03: flag value (TRADE-06), the special trade centre (+2), a university bonus (U1: +3, placeholder)
    state = pass_turn(game(2))
    assert state.gm_position("0") == 1 + 2
    built = modified(game(2), lambda d: None)
    step = apply(built, {"kind": "place_worker", "center": "SK.A"})
    state = step.state
    if decision_kind(state) == "choose_local_sale":
        state = act(state, {"kind": "skip_local_sale"}).state
    before = state.gm_position("0")
    state = act(state, {"kind": "build", "space": "SK.U1", "sector": "S7"}).state
    if decision_kind(state) == "choose_university_action":
        state = act(state, {"kind": "skip_university_action"}).state
    assert state.gm_position("0") == before + 3


@pytest.mark.parametrize("seat_positions, expected", [({"0": 5, "1": 9}, ["1", "0"]), ({"0": 9, "1": 5}, ["0", "1"])])
def test_gm_04_management_sets_turn_order_from_the_gm(seat_positions, expected):
    # GM-04 / MGMT1-02: the next turn order is read from the global market
    from tests.games.asian_tigers.builders.management import at_end_of_era, run_management

    state = at_end_of_era(game(2), gm={str(p): [s] for s, p in seat_positions.items()})
    state, events = run_management(state)
    assert of_kind(events, "turn_order_set")[0]["turn_order"] == expected
