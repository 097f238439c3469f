"""What the Automa builds and sells (SOLO-AUTOMA-05..10, AMB-42, AMB-43, AMB-44).

AT04 sends the Automa's first worker (W1) to SK.A (setup worker W1): it sells to the
column A market, builds, and advances 2 influence in South Korea.
"""
from __future__ import annotations

import pytest

from api.games.asian_tigers.solo.automa import build_choice, department_space, market_for_sale
from tests.games.asian_tigers.builders.solo import (AUTOMA, HUMAN, add_piece, automa_turn, edit, empty_up_to,
                                                    solo_game, solo_setup)


def _human_pieces(*spaces):
    def change(data):
        for space in spaces:
            add_piece(data, HUMAN, space)
    return change


def _built(events):
    return [(e["space"], e.get("piece")) for e in events if e["kind"] == "infrastructure_built"]


@pytest.mark.parametrize("taken, expected", [
    ((), "SK.U1"),                                            # university first, leftmost
    (("SK.U1",), "SK.U3"),                                    # the other university (column B is in A's reach)
    (("SK.U1", "SK.U3"), "SK.F2"),                            # then a factory, leftmost
    (("SK.U1", "SK.U3", "SK.F2"), "SK.F3"),
    (("SK.U1", "SK.U3", "SK.F2", "SK.F3"), "SK.L3"),          # then a laboratory
    (("SK.U1", "SK.U3", "SK.F2", "SK.F3", "SK.L3"), "SK.P1"),  # then a power plant
])
def test_solo_automa_05_priority_university_factory_laboratory_power_plant(taken, expected):
    # SOLO-AUTOMA-05: the first of university, factory, laboratory, power plant within the centre's reach
    state = edit(solo_game(), _human_pieces(*taken))
    assert build_choice(state, "SK", "A").id == expected


def test_solo_automa_05_a_factory_needs_its_own_factory_piece():
    # SOLO-AUTOMA-06: its Electronics factory is already built, so SK.F2 (Electronics) is skipped
    state = edit(solo_game(), lambda d: (_human_pieces("SK.U1", "SK.U3")(d),
                                         d["players"][1]["sectors"]["AS1"].update(factory=False)))
    assert build_choice(state, "SK", "A").id == "SK.F3"


def test_amb_42_nothing_in_reach_tries_the_next_centres_cyclically():
    # AMB-42: from C (reach C) with F3 and L3 taken nothing fits -> centre A (reach A, B, C): university U1
    state = edit(solo_game(), _human_pieces("TW.F3", "TW.L3"))
    assert build_choice(state, "TW", "C").id == "TW.U1"
    # from B with every B/C space taken: C has nothing, then A: U1; without U1, A's power plant P1
    state = edit(solo_game(), _human_pieces("TW.U3", "TW.F2", "TW.F3", "TW.L3"))
    assert build_choice(state, "TW", "B").id == "TW.U1"
    state = edit(state, _human_pieces("TW.U1"))
    assert build_choice(state, "TW", "B").id == "TW.P1"


def test_solo_automa_05_infinite_fallback_laboratory_then_power_plant():
    # SOLO-AUTOMA-05 / AMB-42: no ordinary space anywhere on the Tiger -> ∞ laboratory (priority order)
    state = edit(solo_game(), _human_pieces("HK.U1", "HK.U3", "HK.D1", "HK.F2", "HK.F3", "HK.L3", "HK.P1"))
    assert build_choice(state, "HK", "A").id == "HK.Linf"
    state, events = automa_turn(state, "AT05")
    assert _built(events) == [("HK.Linf", "piece #1")] and state.player(AUTOMA).science == 0


def test_solo_automa_06_numbered_pieces_in_order():
    # SOLO-AUTOMA-06: university piece #1, department piece #2, then #3 on the next build
    state, events = automa_turn(solo_game(), "AT04")
    assert _built(events) == [("SK.U1", "piece #1"), ("SK.D1", "piece #2")]
    state, events = automa_turn(state, "AT05")
    assert _built(events) == [("HK.U1", "piece #3"), ("HK.D1", "piece #4")]
    assert state.player(AUTOMA).sectors["AS1"] == {"generic": 0, "factory": True}


def test_solo_automa_06_reserve_generics_after_piece_18():
    # SOLO-AUTOMA-06 / I17: with 1..18 gone the 6 reserve generics are used
    state = edit(solo_game(), lambda d: [s.update(generic=0) for s in d["players"][1]["sectors"].values()])
    state, events = automa_turn(state, "AT04")
    assert _built(events) == [("SK.U1", "a reserve generic piece"), ("SK.D1", "a reserve generic piece")]
    assert state.solo["reserve_generics"] == 4


def test_solo_automa_06_without_generic_pieces_only_factories_can_be_built():
    # SOLO-AUTOMA-06: no generic left anywhere -> the university is skipped, a factory is built
    def change(data):
        for sector in data["players"][1]["sectors"].values():
            sector["generic"] = 0
        data["solo"]["reserve_generics"] = 0
    state = edit(solo_game(), change)
    assert build_choice(state, "SK", "A").id == "SK.F2"
    state = edit(state, lambda d: [s.update(factory=False) for s in d["players"][1]["sectors"].values()])
    assert build_choice(state, "SK", "A") is None
    state, events = automa_turn(state, "AT04")
    assert any(e["kind"] == "automa_no_build" for e in events)


def test_solo_automa_07_department_first_open_space_free_of_science():
    # SOLO-AUTOMA-07 / AMB-44: a department on the first open department space, no science paid
    state, events = automa_turn(solo_game(), "AT04")
    assert state.pieces[state.occupancy["SK.D1"]].owner == AUTOMA and state.player(AUTOMA).science == 0
    assert department_space(state, "SK") is None  # D2 / D3 are closed with 2 players


def test_solo_automa_07_no_open_department_no_department():
    # SOLO-AUTOMA-07: SK.D1 already built -> no department
    state = edit(solo_game(), _human_pieces("SK.D1"))
    state, events = automa_turn(state, "AT04")
    assert _built(events) == [("SK.U1", "piece #1")]
    assert any(e["kind"] == "automa_no_department" for e in events)


def test_amb_44_university_bonus_gm_or_influence():
    # AMB-44: the printed university bonus is taken: SK.U1 +3 GM; SK.U3 +2 influence in South Korea
    state = solo_game()
    gm = state.gm_position(AUTOMA)
    state, _ = automa_turn(state, "AT04")
    assert state.gm_position(AUTOMA) == gm + 3
    state = edit(solo_game(), _human_pieces("SK.U1"))
    state, _ = automa_turn(state, "AT04")
    assert state.player(AUTOMA).influence["SK"] == 2 + 2  # university bonus + tile


def test_solo_automa_08_factories_cost_nothing_and_produce_nothing():
    # SOLO-AUTOMA-08 / AMB-44: no energy or science paid, no goods gained
    state = edit(solo_game(), _human_pieces("SK.U1", "SK.U3"))
    supply = dict(state.supply_goods)
    state, events = automa_turn(state, "AT04")
    assert _built(events) == [("SK.F2", None)]
    automa = state.player(AUTOMA)
    assert automa.energy == 0 and not any(automa.goods.values())
    assert automa.sectors["AS1"]["factory"] is False
    supply["Finance"] -= 1  # only the tile's local-market sale took a good
    assert state.supply_goods == supply


def test_solo_automa_08_laboratory_and_power_plant_give_nothing():
    # SOLO-AUTOMA-08: no science from a laboratory, no energy from a power plant
    state = edit(solo_game(), _human_pieces("SK.U1", "SK.U3", "SK.F2", "SK.F3"))
    state, _ = automa_turn(state, "AT04")
    assert state.pieces[state.occupancy["SK.L3"]].owner == AUTOMA and state.player(AUTOMA).science == 0


@pytest.mark.parametrize("tile, tiger, amount", [("AT04", "SK", 2), ("AT05", "HK", 4), ("AT06", "TW", 0)])
def test_solo_automa_09_tile_influence_on_the_acting_tiger(tile, tiger, amount):
    # SOLO-AUTOMA-09: +2 / +4 on the Tiger where it acts (AT06 gives none); the universities built are U3/U1
    state = edit(solo_game(), _human_pieces(f"{tiger}.U1", f"{tiger}.U3"))  # no university bonus in the way
    state, _ = automa_turn(state, tile)
    assert state.player(AUTOMA).influence[tiger] == amount
    assert all(v == 0 for t, v in state.player(AUTOMA).influence.items() if t != tiger)


def test_solo_automa_10_sale_from_the_supply_without_influence():
    # SOLO-AUTOMA-10: AT04 at SK.A: Finance from the supply to SK.MA, no influence for it (+2 is the tile's)
    state = edit(solo_game(), _human_pieces("SK.U1", "SK.U3"))
    supply = state.supply_goods["Finance"]
    state, _ = automa_turn(state, "AT04")
    assert state.local_markets["SK.MA"] == {"good": "Finance", "seller": AUTOMA}
    assert state.supply_goods["Finance"] == supply - 1 and state.player(AUTOMA).influence["SK"] == 2


def test_amb_43_occupied_market_moves_right_without_wrapping():
    # AMB-43: A taken -> B; from B with B and C taken -> none; from C taken -> none (no wrap to A)
    taken = {"good": "Finance", "seller": HUMAN}
    state = edit(solo_game(), lambda d: d["local_markets"].update({"SK.MA": taken}))
    assert market_for_sale(state, "SK", "A") == "SK.MB"
    state, _ = automa_turn(state, "AT04")
    assert state.local_markets["SK.MB"]["seller"] == AUTOMA
    state = edit(solo_game(), lambda d: d["local_markets"].update({"SK.MB": taken, "SK.MC": taken}))
    assert market_for_sale(state, "SK", "B") is None and market_for_sale(state, "SK", "A") == "SK.MA"
    state = edit(solo_game(), lambda d: d["local_markets"].update({"TW.MC": taken}))
    assert market_for_sale(state, "TW", "C") is None


def test_solo_automa_10_tiles_without_a_sale_sell_nothing():
    # SOLO-AUTOMA-10 / DATA-21: AT05 has no market sale
    state, _ = automa_turn(solo_game(), "AT05")
    assert all(m is None for m in state.local_markets.values())


def test_solo_automa_10_sale_from_centre_c_to_the_column_c_market():
    # SOLO-AUTOMA-10: a W3 worker at TW.C (setup worker W3) sells to TW.MC (Chemicals)
    team = ["W3", "W1", "W1", "W1", "W1", "W2", "W2", "W2", "W3", "W3"]
    state = solo_game(setup=solo_setup(automa_team=team))
    state, _ = automa_turn(state, "AT06")
    assert state.local_markets["TW.MC"] == {"good": "Chemicals", "seller": AUTOMA}
    assert state.pieces[state.occupancy["TW.F3"]].owner == AUTOMA  # factory first in column C reach


def test_solo_automa_14_emptying_a_sector_by_building_gives_its_bonus():
    # SOLO-AUTOMA-14: piece #3 is AS1's last generic and its factory is gone -> +1 influence on every Tiger
    state = edit(solo_game(), lambda d: (empty_up_to(d, "AS1", generic_left=1), _human_pieces("SK.D1")(d)))
    state, events = automa_turn(state, "AT05")
    assert any(e["kind"] == "automa_bonus_unlocked" and e["sector"] == "AS1" for e in events)
    assert state.player(AUTOMA).influence == {"SK": 1, "HK": 1 + 4, "TW": 1, "SG": 1}
