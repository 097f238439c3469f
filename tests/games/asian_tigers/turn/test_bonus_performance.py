"""Rules tests: the 12 performance tokens, PERF-01..09 (AMB-13, AMB-16, AMB-24, AMB-34)."""
from __future__ import annotations

from api.games.asian_tigers import apply, legal_actions, state_to_dict
from api.games.asian_tigers.errors import ActionShapeError
from tests.games.asian_tigers.builders.bonus import at_bonus, built, give, options_of, pending_id, resolve, satellite
from tests.games.asian_tigers.builders import decision_kind, find_action, kinds, of_kind, rejects, seat_now


def _action(state, bonus, **choices):
    return {"kind": "resolve_bonus", "bonus": pending_id(state, bonus), **choices}


# -- PERF-01 ---------------------------------------------------------------------------------
def test_perf_01_a_used_token_is_gone_for_everyone():
    # PERF-01
    state = at_bonus("sector:S2", "row:A1")
    step = resolve(state, "performance_dollar", token="D3", tigers=["SK"])
    after = step.state
    assert "D3" not in after.performance_tokens and len(after.performance_tokens) == 11
    assert of_kind(step.events, "performance_token_used")[0]["token"] == "D3"
    assert "D3" not in {o["token"] for o in options_of(after, "performance_either")}
    rejects(after, _action(after, "performance_either", token="D3", tigers=["SK"]), "token_used", "PERF-01")


def test_perf_01_an_unknown_token_is_a_shape_error():
    # PERF-01
    state = at_bonus("sector:S2")
    rejects(state, _action(state, "performance_dollar", token="Z9"), "token_required", error=ActionShapeError)
    rejects(state, _action(state, "performance_dollar"), "token_required", error=ActionShapeError)


# -- PERF-03: $ tokens --------------------------------------------------------------------------
def test_perf_03_area_token_raises_one_or_both_tigers():
    # PERF-03 / DATA-18: D1 = +2 on one or both upper Tigers.
    state = at_bonus("sector:S2")
    d1 = [o["tigers"] for o in options_of(state, "performance_dollar") if o["token"] == "D1"]
    assert d1 == [["SK"], ["TW"], ["SK", "TW"]]
    both = resolve(state, "performance_dollar", token="D1", tigers=["SK", "TW"]).state.players[0].funds
    assert both == {"SK": 8, "HK": 6, "TW": 8, "SG": 5}
    one = resolve(state, "performance_dollar", token="D2", tigers=["SG"]).state.players[0].funds
    assert one == {"SK": 6, "HK": 6, "TW": 6, "SG": 7}


def test_perf_03_named_token_raises_its_tiger_and_the_cap_is_10():
    # PERF-03 / FUNDS-01 / AMB-16
    state = at_bonus("sector:S2", change=lambda d: d["players"][0]["funds"].update(HK=9))
    assert [o for o in options_of(state, "performance_dollar") if o["token"] == "D5"] == [
        {"token": "D5", "tigers": ["HK"]}]
    step = resolve(state, "performance_dollar", token="D5", tigers=["HK"])
    assert step.state.players[0].funds["HK"] == 10
    gained = of_kind(step.events, "funds_gained")[0]
    assert (gained["amount"], gained["requested"]) == (1, 3) and "lost" in gained["text"]


def test_perf_03_refuses_tigers_outside_the_token():
    # PERF-03
    state = at_bonus("sector:S2")
    rejects(state, _action(state, "performance_dollar", token="D1", tigers=["HK"]), "tiger_not_in_scope", "PERF-03")
    rejects(state, _action(state, "performance_dollar", token="D3", tigers=["SK", "TW"]), "tiger_not_in_scope",
            "PERF-03")
    rejects(state, _action(state, "performance_dollar", token="D1", tigers=["SK", "SK"]), "tiger_not_in_scope",
            "PERF-03")
    rejects(state, _action(state, "performance_dollar", token="D1", tigers=[]), "tigers_required",
            error=ActionShapeError)
    rejects(state, _action(state, "performance_dollar", token="D1"), "tigers_required", error=ActionShapeError)


def test_perf_03_the_tigers_are_a_set_applied_in_the_listed_order():
    # PERF-03: the Tigers raised are a set, listed once in the token's order; the same Tigers in
    # another order are that option: applied alike and stored in the listed order.
    state = at_bonus("sector:S2")
    assert {"token": "D1", "tigers": ["SK", "TW"]} in options_of(state, "performance_dollar")
    listed = resolve(state, "performance_dollar", token="D1", tigers=["SK", "TW"])
    reordered = resolve(state, "performance_dollar", token="D1", tigers=["TW", "SK"])
    assert reordered.action["tigers"] == ["SK", "TW"] == listed.action["tigers"]
    assert state_to_dict(reordered.state) == state_to_dict(listed.state)
    assert reordered.events == listed.events
    rejects(state, _action(state, "performance_dollar", token="D2", tigers=["SG", "SK"]), "tiger_not_in_scope",
            "PERF-03")


# -- PERF-04: GM per distinct flag ---------------------------------------------------------------
def test_perf_04_one_space_per_distinct_flag_special_flags_included():
    # PERF-04 / AMB-30: USA twice counts once; each special flag (row or section) counts.
    def change(data):
        data["players"][0]["rows"] = {"A1": "USA-1", "D1": "USA-2", "E1": "GBR-1", "B1": "special:SK"}
        data["players"][0]["special_flags"] = ["HK"]
    state = at_bonus("sector:S3", change=change)
    step = resolve(state, "performance_yen", token="Y1")
    assert step.state.gm_position("0") == state.gm_position("0") + 4
    assert of_kind(step.events, "global_market_advanced")[0]["amount"] == 4


def test_perf_04_without_flags_the_token_moves_nothing():
    # PERF-04: it may still be taken (it is then gone for everyone).
    state = at_bonus("sector:S3")
    step = resolve(state, "performance_yen", token="Y1")
    assert step.state.gm_position("0") == state.gm_position("0") and "Y1" not in step.state.performance_tokens
    assert of_kind(step.events, "global_market_unchanged")


# -- PERF-05: both leftover region tokens ---------------------------------------------------------
def test_perf_05_both_leftover_region_tokens():
    # PERF-05 / REGION-05 / REGION-06 / REGION-07: RB5 science 2, RB6 energy 2; the tokens stay.
    state = at_bonus("sector:S3")
    step = resolve(state, "performance_yen", token="Y2")
    player = step.state.players[0]
    assert (player.science, player.energy) == (6, 6)
    assert [e["token"] for e in of_kind(step.events, "region_bonus_activated")] == ["RB5", "RB6"]
    assert step.state.leftover_region_tokens == ["RB5", "RB6"]


def test_perf_05_leftover_tokens_let_the_player_choose_the_tiger_and_the_good():
    # PERF-05 / REGION-03 / REGION-04: a leftover influence token goes on any Tiger, a good token gives any good.
    def change(data):
        data["region_tokens"] = {"SK": "RB2", "HK": "RB4", "TW": "RB5", "SG": "RB6"}
        data["leftover_region_tokens"] = ["RB1", "RB3"]
    state = resolve(at_bonus("sector:S3", change=change), "performance_yen", token="Y2").state
    assert decision_kind(state) == "choose_region_bonus"
    assert [a["tiger"] for a in legal_actions(state)] == ["SK", "HK", "TW", "SG"]
    state = apply(state, find_action(state, {"tiger": "SG"})).state
    assert state.players[0].influence["SG"] == 3 and decision_kind(state) == "choose_region_bonus"
    assert len(legal_actions(state)) == 6
    state = apply(state, find_action(state, {"good": "Ships"})).state
    assert state.players[0].goods["Ships"] == 1
    assert decision_kind(state) == "choose_placement" and seat_now(state) == "1"  # queue empty: the turn ended


# -- PERF-06: relocate a satellite -------------------------------------------------------------------
def _satellites(data):
    satellite(data, "0", "SK.SL", "laboratory")
    satellite(data, "0", "TW.SP", "any")
    satellite(data, "1", "HK.SL", "laboratory")


def test_perf_06_relocates_a_satellite_to_another_tiger_and_fires_its_region_bonus():
    # PERF-06 / REGION-03: to Singapore's laboratory row; SG's RB4 (good) gives nothing without a factory there.
    state = at_bonus("sector:S3", change=_satellites)
    moves = {(o["satellite"], o["space"]) for o in options_of(state, "performance_yen") if o["token"] == "Y3"}
    assert ("SK.SL", "SG.SL") in moves and ("SK.SL", "HK.SL") not in moves and ("SK.SL", "SG.SF") not in moves
    assert ("TW.SP", "SK.SF") in moves and ("TW.SP", "TW.SF") not in moves
    step = resolve(state, "performance_yen", token="Y3", satellite="TW.SP", space="SK.SF")
    after = step.state
    assert after.satellites["SK.SF"] == {"owner": "0", "satellite": "any"} and "TW.SP" not in after.satellites
    assert after.players[0].influence["SK"] == 3 and after.players[0].funds == state.players[0].funds
    assert kinds(step.events)[2:4] == ["satellite_relocated", "region_bonus_activated"]


def test_perf_06_refusals():
    # PERF-06 / BUILD-SAT-01
    state = at_bonus("sector:S3", change=_satellites)
    rejects(state, _action(state, "performance_yen", token="Y3", satellite="SK.SL", space="SK.SF"), "same_tiger",
            "PERF-06")
    rejects(state, _action(state, "performance_yen", token="Y3", satellite="SK.SL", space="TW.SF"),
            "wrong_satellite_row", "BUILD-SAT-01")
    rejects(state, _action(state, "performance_yen", token="Y3", satellite="SK.SL", space="HK.SL"),
            "satellite_space_taken", "PERF-06")
    rejects(state, _action(state, "performance_yen", token="Y3", satellite="HK.SL", space="SG.SL"),
            "not_your_satellite", "PERF-06")
    rejects(state, _action(state, "performance_yen", token="Y3", satellite="SK.SL"), "unknown_satellite_space",
            error=ActionShapeError)


def test_perf_06_not_offered_without_a_satellite():
    # PERF-06
    state = at_bonus("sector:S3")
    assert not [o for o in options_of(state, "performance_yen") if o["token"] == "Y3"]
    rejects(state, _action(state, "performance_yen", token="Y3", satellite="SK.SL", space="HK.SL"),
            "not_your_satellite", "PERF-06")


# -- PERF-07: relocate a special flag ----------------------------------------------------------------------
def test_perf_07_moves_a_special_flag_into_an_any_row_and_fires_its_nation_bonus():
    # PERF-07 / AMB-24 / CASCADE-01: rows B1 and E2 accept any flag.
    state = at_bonus("sector:S3", change=lambda d: d["players"][0].update(special_flags=["TW"]))
    assert [o for o in options_of(state, "performance_yen") if o["token"] == "Y4"] == [
        {"token": "Y4", "special_flag": "TW", "row": "B1"}, {"token": "Y4", "special_flag": "TW", "row": "E2"}]
    step = resolve(state, "performance_yen", token="Y4", special_flag="TW", row="E2")
    player = step.state.players[0]
    assert player.rows == {"E2": "special:TW"} and player.special_flags == []
    assert [(b["source"], b["bonus"], b["type"]) for b in step.state.pending_bonuses] == [
        ("row:E2", "build_factory_b_or_c", "nation")]


def test_perf_07_refusals():
    # PERF-07 / AMB-24 / FLAG-02
    def change(data):
        data["players"][0].update(special_flags=["TW"], rows={"B1": "USA-1"})
    state = at_bonus("sector:S3", change=change)
    rejects(state, _action(state, "performance_yen", token="Y4", special_flag="TW", row="A1"),
            "row_not_for_special_flag", "AMB-24")
    rejects(state, _action(state, "performance_yen", token="Y4", special_flag="TW", row="B1"),
            "row_not_available", "FLAG-02")
    rejects(state, _action(state, "performance_yen", token="Y4", special_flag="SK", row="E2"), "no_special_flag",
            "PERF-07")
    rejects(state, _action(state, "performance_yen", token="Y4", special_flag="TW", row="Z9"), "row_required",
            error=ActionShapeError)


# -- PERF-08: a sale without a worker --------------------------------------------------------------------
def test_perf_08_a_sale_without_worker_and_without_global_market():
    # PERF-08 / AMB-13 / FLAG-03
    state = at_bonus("sector:S3", change=lambda d: give(d, "0", Automobiles=1, Electronics=1))
    sales = [o for o in options_of(state, "performance_yen") if o["token"] == "Y5"]
    assert {"token": "Y5", "nation": "USA", "goods": ["Automobiles", "Electronics"], "row": "D1"} in sales
    assert {o["nation"] for o in sales} == {"USA", "JPN", "IDN"}  # IDN: any 3 different goods
    step = resolve(state, "performance_yen", token="Y5", nation="USA", goods=["Automobiles", "Electronics"], row="D1")
    after = step.state
    assert after.players[0].rows == {"D1": "USA-1"} and after.gm_position("0") == state.gm_position("0")
    assert after.players[0].workers_placed == state.players[0].workers_placed
    assert after.trade_centers == state.trade_centers
    assert [b["source"] for b in after.pending_bonuses] == ["row:D1"]
    assert not of_kind(step.events, "global_market_advanced")


def test_perf_08_refuses_a_sale_the_rules_refuse():
    # PERF-08 / TRADE-03 / TRADE-04
    state = at_bonus("sector:S3", change=lambda d: give(d, "0", Automobiles=1, Electronics=1))
    rejects(state, _action(state, "performance_yen", token="Y5", nation="CAN", goods=["Finance", "Machinery"],
                           row="C1"), "missing_goods", "TRADE-03")
    rejects(state, _action(state, "performance_yen", token="Y5", nation="USA", goods=["Automobiles", "Finance"],
                           row="D1"), "wrong_goods", "TRADE-04")
    rejects(state, _action(state, "performance_yen", token="Y5", nation="USA", goods=["Automobiles", "Electronics"],
                           row="C1"), "row_not_available")



def test_perf_08_the_goods_paid_are_a_set_applied_in_the_listed_order():
    # PERF-08 / TRADE-05 / TRADE-04: the goods paid are a set, listed once (sorted); the same goods in
    # another order are that option, applied alike and stored in the listed order.
    state = at_bonus("sector:S3", change=lambda d: give(d, "0", Finance=1, Ships=1, Chemicals=1))
    listed = [o for o in options_of(state, "performance_yen") if o["token"] == "Y5" and o["nation"] == "IDN"]
    assert {"token": "Y5", "nation": "IDN", "goods": ["Chemicals", "Finance", "Ships"], "row": "F1"} in listed
    step = resolve(state, "performance_yen", token="Y5", nation="IDN", goods=["Finance", "Ships", "Chemicals"],
                   row="F1")
    assert step.action["goods"] == ["Chemicals", "Finance", "Ships"]
    assert step.state.players[0].rows == {"F1": "IDN-1"}
    same = resolve(state, "performance_yen", token="Y5", nation="IDN", goods=["Chemicals", "Finance", "Ships"],
                   row="F1")
    assert state_to_dict(step.state) == state_to_dict(same.state)
    # TRADE-05: a set with a good twice is no set of different goods: refused with its rule
    rejects(state, _action(state, "performance_yen", token="Y5", nation="IDN", goods=["Ships", "Ships", "Finance"],
                           row="F1"), "wrong_goods", "TRADE-05")


# -- PERF-09: production for energy ---------------------------------------------------------------------
def _factories(data):
    built(data, "0", "SK.F2", parts_factory=True)
    built(data, "0", "HK.F2")


def test_perf_09_one_run_for_one_energy_and_an_optional_second():
    # PERF-09 / AMB-34: 2 goods per run; the parts factory adds nothing.
    state = at_bonus("sector:S3", change=_factories)
    assert [o["space"] for o in options_of(state, "performance_yen") if o["token"] == "Y6"] == ["SK.F2", "HK.F2"]
    state = resolve(state, "performance_yen", token="Y6", space="SK.F2").state
    assert (state.players[0].energy, state.players[0].goods["Electronics"]) == (3, 2)
    assert decision_kind(state) == "choose_second_production" and state.decisions[-1]["declinable"]
    assert [a["kind"] for a in legal_actions(state)] == ["run_factory", "skip_second_production"]
    rejects(state, {"kind": "run_factory", "space": "SK.F2"}, "same_factory", "PERF-09")
    second = apply(state, find_action(state, {"kind": "run_factory", "space": "HK.F2"})).state
    assert (second.players[0].energy, second.players[0].goods["Finance"]) == (2, 3)
    skipped = apply(state, {"kind": "skip_second_production"})
    assert skipped.state.players[0].energy == 3 and kinds(skipped.events)[0] == "second_production_skipped"


def test_perf_09_no_second_run_without_energy_or_a_second_factory():
    # PERF-09
    def change(data):
        _factories(data)
        data["players"][0]["energy"] = 1
    state = at_bonus("sector:S3", "row:E1", change=change)
    after = resolve(state, "performance_yen", token="Y6", space="HK.F2").state
    assert after.players[0].energy == 0 and decision_kind(after) == "choose_bonus"
    poor = at_bonus("sector:S3", change=lambda d: (_factories(d), d["players"][0].update(energy=0)))
    assert not [o for o in options_of(poor, "performance_yen") if o["token"] == "Y6"]
    rejects(poor, _action(poor, "performance_yen", token="Y6", space="HK.F2"), "cannot_afford_production", "PERF-09")
    rejects(poor, _action(poor, "performance_yen", token="Y6", space="TW.F2"), "not_your_factory", "PERF-09")
