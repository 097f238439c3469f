"""Rules tests: cascades, deferral and saving mid-chain (CASCADE-01..04, AMB-12, AMB-13).

The rulebook's example (Appendix, "Cascading Effect") is played step by step in
`test_cascade_04_the_rulebook_example`, reloading the saved state before every step.
"""
from __future__ import annotations

from api.games.asian_tigers import apply, legal_actions, state_from_dict, state_to_dict
from tests.games.asian_tigers.builders.bonus import at_bonus, built, give, options_of, pending_id, resolve
from tests.games.asian_tigers.builders import decision_kind, game, kinds, modified, of_kind, seat_now


def _strip(actions):
    return [{k: v for k, v in a.items() if k != "decision"} for a in actions]


def play_checked(state, action):
    """Apply `action` to `state` and to its save/reload twin; both must agree on everything."""
    twin = state_from_dict(state_to_dict(state), state.edition)
    assert legal_actions(twin) == legal_actions(state)
    assert _strip([action])[0] in _strip(legal_actions(state)), (action, legal_actions(state))
    step, twin_step = apply(state, action), apply(twin, action)
    assert state_to_dict(step.state) == state_to_dict(twin_step.state) and step.events == twin_step.events
    assert all(isinstance(e.get("text"), str) and e["text"] for e in step.events)
    return step


# -- CASCADE-04: the rulebook example ----------------------------------------------------------------
def _example_position():
    """Ann (seat 0): Automobiles + Electronics + Finance; S5 holds one generic (its Automobiles factory is built
    on SK.F3); Bob's Machinery factory stands on Taiwan (RB3: a good made there)."""
    def change(data):
        give(data, "0", Automobiles=1, Electronics=1)
        built(data, "0", "SK.F3")
        data["players"][0]["sectors"]["S5"]["generic"] = 1
        built(data, "1", "TW.F2")
    return modified(game(2), change)


def test_cascade_04_the_rulebook_example():
    # CASCADE-04 / CASCADE-01 / AMB-11 / IBONUS-08 / REGION-04 / AMB-13
    state = _example_position()
    # 1. A worker in trade centre ITC1; sale to the USA; the flag goes into row B1 (nation bonus: remove a generic).
    state = play_checked(state, {"kind": "place_worker", "center": "ITC1"}).state
    assert decision_kind(state) == "choose_sale"
    step = play_checked(state, {"kind": "sell_to_nation", "nation": "USA", "goods": ["Automobiles", "Electronics"],
                                "row": "B1"})
    state = step.state
    assert [(b["source"], b["bonus"]) for b in state.pending_bonuses] == [("row:B1", "remove_generic")]
    assert decision_kind(state) == "choose_sale"  # the sale loop waits; CAN (Machinery + Finance) is not affordable
    assert not [a for a in legal_actions(state) if a["kind"] == "sell_to_nation"]
    # 2. The nation bonus removes the last generic of S5: the headquarters bonus unlocks.
    step = play_checked(state, {"kind": "resolve_bonus", "bonus": pending_id(state, "remove_generic"), "sector": "S5"})
    state = step.state
    assert [e["kind"] for e in step.events] == ["bonus_resolved", "generic_removed", "bonus_unlocked"]
    assert [(b["source"], b["bonus"]) for b in state.pending_bonuses] == [("sector:S5", "headquarters")]
    assert decision_kind(state) == "choose_sale"
    # 3. Headquarters on Taiwan, whose region token gives a good made there: Machinery (the only one).
    step = play_checked(state, {"kind": "resolve_bonus", "bonus": pending_id(state, "headquarters"), "tiger": "TW"})
    state = step.state
    assert kinds(step.events) == ["bonus_resolved", "headquarters_built", "region_bonus_activated", "auto_resolved",
                                  "goods_gained"]
    assert state.headquarters == {"TW": "0"} and state.players[0].goods["Machinery"] == 1
    # 4. The good pays another sale at the same trade centre (the interrupted action resumes).
    assert decision_kind(state) == "choose_sale" and state.pending_bonuses == []
    sale = {"kind": "sell_to_nation", "nation": "CAN", "goods": ["Finance", "Machinery"], "row": "C1"}
    state = play_checked(state, sale).state
    assert state.players[0].rows == {"B1": "USA-1", "C1": "CAN-1"}
    # 5. Finish: one of the two flags bought here moves the global market (AMB-13: the seller chooses).
    state = play_checked(state, {"kind": "finish_sales"}).state
    assert decision_kind(state) == "choose_gm_flag"
    assert [a["flag"] for a in legal_actions(state)] == ["USA-1", "CAN-1"]
    before = state.gm_position("0")
    state = play_checked(state, {"kind": "advance_with_flag", "flag": "USA-1"}).state
    assert state.gm_position("0") == before + 6
    # The CAN flag's bonus (row C1) still waits for the end of the turn.
    assert decision_kind(state) == "choose_bonus" and [b["bonus"] for b in state.pending_bonuses] == [
        "influence_upper_3"]


def test_cascade_04_a_yen_sale_mid_trade_does_not_join_the_global_market_choice():
    # CASCADE-04 / AMB-13 / PERF-08: a ¥ sale during a trade-centre turn never moves the global market.
    def change(data):
        give(data, "0", Automobiles=1, Electronics=1, Ships=1, Chemicals=1)
    state = modified(game(2), change)
    state = apply(state, {"kind": "place_worker", "center": "ITC1"}).state
    state = apply(state, {"kind": "sell_to_nation", "nation": "AUS", "goods": ["Chemicals", "Ships"],
                          "row": "C2"}).state
    # Swap the C2 bonus for a ¥ bonus (a constructed position) and sell to the USA with token Y5.
    state = modified(state, lambda d: d["pending_bonuses"][0].update(source="sector:S3", bonus="performance_yen",
                                                                      type="infrastructure"))
    state = resolve(state, "performance_yen", token="Y5", nation="USA", goods=["Automobiles", "Electronics"],
                    row="D1").state
    assert decision_kind(state) == "choose_sale" and state.players[0].rows == {"C2": "AUS-1", "D1": "USA-1"}
    before = state.gm_position("0")
    step = apply(state, {"kind": "finish_sales"})
    assert [e["action"]["flag"] for e in of_kind(step.events, "auto_resolved")] == ["AUS-1"]
    assert step.state.gm_position("0") == before + state.edition.nations["AUS"].flags[0].value


# -- CASCADE-01..03 ----------------------------------------------------------------------------------
def test_cascade_01_bonuses_chain_to_any_depth():
    # CASCADE-01: ¥ Y4 → row B1's remove-a-generic → S9 empties → +3 lower → Hong Kong's region bonus.
    def change(data):
        data["players"][0]["special_flags"] = ["SK"]
        data["players"][0]["sectors"]["S9"]["generic"] = 1
    state = at_bonus("sector:S3", change=change)
    state = resolve(state, "performance_yen", token="Y4", special_flag="SK", row="B1").state
    state = resolve(state, "remove_generic", sector="S9").state
    step = resolve(state, "influence_lower_3", tiger="HK")
    assert step.state.players[0].influence["HK"] == 6 and step.state.pending_bonuses == []
    assert seat_now(step.state) == "1"  # nothing left: the turn ended by itself


def test_cascade_02_gains_earlier_in_the_turn_pay_for_later_bonuses():
    # CASCADE-02: 2 energy from row E1 make the column-B factory of row E2 affordable.
    state = at_bonus("row:E2", "row:E1", change=lambda d: d["players"][0].update(energy=2))
    assert options_of(state, "build_factory_b_or_c") == []
    state = resolve(state, "energy_2").state
    assert {"space": "SK.F2"} in options_of(state, "build_factory_b_or_c")
    assert resolve(state, "build_factory_b_or_c", space="SK.F2").state.players[0].energy == 0


def test_cascade_03_waiting_bonuses_are_resolved_in_any_order():
    # CASCADE-03 / AMB-12
    state = at_bonus("sector:S8", "sector:S9", "row:F1")
    first, second, third = (b["id"] for b in state.pending_bonuses)
    state = resolve(state, third).state
    assert [b["id"] for b in state.pending_bonuses] == [first, second] and decision_kind(state) == "choose_bonus"
    state = resolve(state, second, tiger="SG").state
    assert [b["id"] for b in state.pending_bonuses] == [first]
    step = resolve(state, first, tiger="TW")
    assert step.state.players[0].influence == {"SK": 0, "HK": 0, "TW": 3, "SG": 3}
    assert seat_now(step.state) == "1"


def test_cascade_03_a_bonus_unlocked_mid_chain_waits_for_the_chain_to_finish():
    # CASCADE-03: the S1 bonus unlocked by the E2 factory is offered only after the second production question.
    def change(data):
        built(data, "0", "HK.F2")
        built(data, "0", "TW.F1")  # Chemicals
        data["players"][0]["sectors"]["S1"]["generic"] = 0
        data["players"][0]["energy"] = 8
    state = at_bonus("row:E2", "sector:S3", change=change)
    state = resolve(state, "build_factory_b_or_c", space="SK.F2").state
    assert [b["bonus"] for b in state.pending_bonuses] == ["performance_yen", "influence_any_5"]
    state = resolve(state, "performance_yen", token="Y6", space="HK.F2").state
    assert decision_kind(state) == "choose_second_production"
    assert not [a for a in legal_actions(state) if a["kind"] in ("resolve_bonus", "ignore_bonus")]
    state = apply(state, {"kind": "run_factory", "space": "TW.F1"}).state
    assert decision_kind(state) == "choose_bonus" and options_of(state, "influence_any_5")


def test_cascade_03_the_queue_is_offered_between_sales_and_after_the_trade():
    # CASCADE-03 / CASCADE-04: bonuses from sales may wait until after the trade action.
    state = modified(game(2), lambda d: give(d, "0", Automobiles=1, Electronics=1))
    state = apply(state, {"kind": "place_worker", "center": "ITC1"}).state
    state = apply(state, {"kind": "sell_to_nation", "nation": "USA", "goods": ["Automobiles", "Electronics"],
                          "row": "A1"}).state
    assert any(a["kind"] == "resolve_bonus" for a in legal_actions(state))
    step = apply(state, {"kind": "finish_sales"})
    assert "auto_resolved" in kinds(step.events)  # the single GM flag
    assert decision_kind(step.state) == "choose_bonus"
    assert [b["bonus"] for b in step.state.pending_bonuses] == ["performance_either"]


# -- saving mid-chain ---------------------------------------------------------------------------------
def test_save_and_reload_at_every_follow_up_question():
    # CASCADE-01 / PERF-05 / PERF-09: a reloaded game asks the same questions and gives the same results.
    def change(data):
        data["region_tokens"] = {"SK": "RB2", "HK": "RB4", "TW": "RB5", "SG": "RB6"}
        data["leftover_region_tokens"] = ["RB1", "RB3"]
        built(data, "0", "SK.F2")
        built(data, "0", "HK.F2")
    state = at_bonus("sector:S3", "row:A1", change=change)
    asked = []
    for action in ({"kind": "resolve_bonus", "bonus": pending_id(state, "performance_yen"), "token": "Y2"},
                   {"kind": "take_region_bonus", "tiger": "TW"},
                   {"kind": "take_region_bonus", "good": "Ships"},
                   {"kind": "resolve_bonus", "bonus": pending_id(state, "performance_either"), "token": "Y6",
                    "space": "SK.F2"},
                   {"kind": "run_factory", "space": "HK.F2"}):
        state = play_checked(state, action).state
        asked.append(decision_kind(state))
    assert asked == ["choose_region_bonus", "choose_region_bonus", "choose_bonus", "choose_second_production",
                     "choose_placement"]
    player = state.players[0]
    assert (player.influence["TW"], player.goods["Ships"], player.goods["Electronics"], player.goods["Finance"]) == \
        (3, 1, 2, 3)
    assert seat_now(state) == "1"
