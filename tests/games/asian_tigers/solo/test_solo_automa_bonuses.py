"""The Automa's bonuses and region choices (SOLO-AUTOMA-14..18, AMB-44, AMB-45, AMB-50)."""
from __future__ import annotations

import pytest

from api.games.asian_tigers import apply, legal_actions
from api.games.asian_tigers.errors import IllegalActionError
from api.games.asian_tigers.solo.automa_bonuses import choose_region
from tests.games.asian_tigers.builders import decision_kind, edition
from tests.games.asian_tigers.builders.solo import (AUTOMA, HUMAN, add_piece, automa_turn, edit, empty_up_to,
                                                    run_effects, solo_game, step)

INFRA = edition().catalog["automa_infrastructure_bonuses"]
NATION = edition().catalog["automa_nation_bonuses"]


def _effects(catalog, bonus):
    return [dict(e) for e in catalog[bonus]["effects"]]


def _position(automa_pieces=(), human_pieces=(), influence=None, funds=None, hq=None, satellites=None):
    def change(data):
        for space in automa_pieces:
            add_piece(data, AUTOMA, space)
        for space in human_pieces:
            add_piece(data, HUMAN, space)
        data["players"][1]["influence"].update(influence or {})
        data["players"][0]["funds"].update(funds or {})
        data["headquarters"].update(hq or {})
        data["satellites"].update(satellites or {})
    return edit(solo_game(), change)


@pytest.mark.parametrize("bonus, amount", [("influence_all_1", 1), ("influence_all_2", 2)])
def test_solo_automa_15_influence_on_all_four_tigers(bonus, amount):
    # SOLO-AUTOMA-15: +1 / +2 influence on every Tiger
    state, events = run_effects(solo_game(), _effects(INFRA, bonus))
    assert state.player(AUTOMA).influence == {t: amount for t in ("SK", "HK", "TW", "SG")}
    assert events[-1]["text"].startswith("Automa: advance")


def test_solo_automa_15_parts_factory_least_and_most_influence_where_it_has_a_factory():
    # SOLO-AUTOMA-15: factories on SK and TW; influence SK 3, TW 1, HK 0 (no factory there: not eligible)
    state = _position(automa_pieces=["SK.F2", "TW.F2"], influence={"SK": 3, "TW": 1})
    parts = state.supply_parts_factories
    least, _ = run_effects(state, _effects(INFRA, "parts_factory_least_influence"))
    assert [p.space for p in least.pieces if p.parts_factory] == ["TW.F2"]
    assert least.supply_parts_factories == parts - 1 and not any(least.player(AUTOMA).goods.values())
    most, _ = run_effects(state, _effects(INFRA, "parts_factory_most_influence"))
    assert [p.space for p in most.pieces if p.parts_factory] == ["SK.F2"]


def test_solo_automa_15_parts_factory_without_a_factory_does_nothing():
    # SOLO-AUTOMA-15: "as long as it has a factory there"
    state, events = run_effects(solo_game(), _effects(INFRA, "parts_factory_least_influence"))
    assert not any(p.parts_factory for p in state.pieces)
    assert events[-1]["kind"] == "automa_effect_skipped"


@pytest.mark.parametrize("bonus, pieces, space, satellite", [
    ("satellite_power_plant_most_power_plants", ["SK.P1", "SK.Pinf", "HK.P1"], "SK.SP", "power_plant"),
    ("satellite_factory_most_factories", ["TW.F2", "TW.F3", "SG.F2"], "TW.SF", "factory"),
])
def test_solo_automa_15_satellite_where_it_has_the_most(bonus, pieces, space, satellite):
    # SOLO-AUTOMA-15: the typed satellite on that row of the Tiger with the most of those pieces (∞ included);
    # no funds paid and no region bonus (AMB-50)
    state, _ = run_effects(_position(automa_pieces=pieces), _effects(INFRA, bonus))
    assert state.satellites[space] == {"owner": AUTOMA, "satellite": satellite}
    automa = state.player(AUTOMA)
    assert satellite not in automa.satellites and set(automa.funds.values()) == {0}
    assert set(automa.influence.values()) == {0} and not any(automa.goods.values())


def test_solo_automa_15_satellite_skips_a_taken_space_and_falls_back_on_the_generic_satellite():
    # AMB-45 reading applied to satellites: a Tiger whose row space is taken is not eligible;
    # once the typed satellite is used, the generic one goes there
    taken = {"SK.SP": {"owner": HUMAN, "satellite": "power_plant"}}
    state = _position(automa_pieces=["SK.P1", "SK.Pinf", "HK.P1"], satellites=taken)
    state = edit(state, lambda d: d["players"][1]["satellites"].remove("power_plant"))
    state, _ = run_effects(state, _effects(INFRA, "satellite_power_plant_most_power_plants"))
    assert state.satellites["HK.SP"] == {"owner": AUTOMA, "satellite": "any"}


def test_solo_automa_17_laboratory_row_satellite_where_it_has_the_most_laboratories():
    # SOLO-AUTOMA-17
    state, _ = run_effects(_position(automa_pieces=["SG.L3", "SG.Linf"]),
                           _effects(NATION, "satellite_laboratory_most_laboratories"))
    assert state.satellites["SG.SL"] == {"owner": AUTOMA, "satellite": "laboratory"}


def test_solo_automa_17_plus_three_global_market():
    # SOLO-AUTOMA-17
    state = solo_game()
    after, _ = run_effects(state, _effects(NATION, "global_market_3"))
    assert after.gm_position(AUTOMA) == state.gm_position(AUTOMA) + 3


def test_solo_automa_17_amb_45_headquarters_on_fewest_ip_among_tigers_without_one():
    # SOLO-AUTOMA-17 / AMB-45: Automa IP SK 2, HK 0, TW 1, SG 0; HK holds the human's HQ -> SG; no region bonus
    state = _position(automa_pieces=["SK.P1", "SK.L3", "TW.P1"], hq={"HK": HUMAN})
    after, events = run_effects(state, _effects(NATION, "headquarters_fewest_investment_points"))
    assert after.headquarters == {"HK": HUMAN, "SG": AUTOMA} and not after.player(AUTOMA).headquarters_available
    assert set(after.player(AUTOMA).influence.values()) == {0}  # AMB-50: no region bonus
    again, events = run_effects(after, _effects(NATION, "headquarters_fewest_investment_points"))
    assert again.headquarters == after.headquarters and events[-1]["kind"] == "automa_effect_skipped"


def test_solo_automa_16_nation_bonus_only_when_a_sector_fills():
    # SOLO-AUTOMA-16 / I17: flags fill AF1, AF2, AF3 row by row; the 3rd flag of AF2 gives +3 GM
    state = edit(solo_game(), lambda d: d["solo"]["flags"].update({"AF1": ["JPN-2", "IDN-2", "NLD-2"],
                                                                    "AF2": ["GBR-2"]}))
    gm = state.gm_position(AUTOMA)
    state, events = automa_turn(state, "AT01")  # USA-1 -> AF2 row 2, CAN-1 -> AF2 row 3 (full)
    assert state.solo["flags"]["AF2"] == ["GBR-2", "USA-1", "CAN-1"]
    assert state.gm_position(AUTOMA) == gm + 3 + 6
    texts = [e["text"] for e in events]
    # issue 12: the log names the Automa's flag sectors in words (AF2 = "Automa flag sector 2")
    assert any("Automa flag sector 2 full" in t for t in texts) and not any("flag sector 1 full" in t for t in texts)


def test_i17_flags_beyond_its_nine_rows_stay_off_the_board_without_a_bonus():
    # I17 / AMB-38: overflow flags are kept off the board (nations only), no bonus
    full = {"AF1": ["JPN-2", "IDN-2", "NLD-2"], "AF2": ["GBR-2", "DEU-2", "JPN-1"], "AF3": ["IDN-1", "NLD-1", "GBR-1"]}
    state = edit(solo_game(), lambda d: d["solo"]["flags"].update(full))
    gm = state.gm_position(AUTOMA)
    state, events = automa_turn(state, "AT01")
    assert state.solo["flags"]["off_board"] == ["USA-1", "CAN-1"] and state.gm_position(AUTOMA) == gm + 6
    assert not any(e["kind"] in ("automa_global_market", "automa_satellite", "automa_headquarters")
                   and "sector" in e["text"] for e in events)


def test_solo_automa_18_tie_goes_to_the_human_most_ip():
    # SOLO-AUTOMA-18: no Automa power plant anywhere (a 4-way tie) -> the Tiger where the human has most IP
    state = _position(human_pieces=["TW.L3"])
    tigers, why = choose_region(state, _effects(INFRA, "satellite_power_plant_most_power_plants")[0])
    assert tigers == ["TW"] and "your most investment points" in why


def test_solo_automa_18_then_the_human_most_funds():
    # SOLO-AUTOMA-18: human IP tied SK = TW (1 each) -> most human funds: TW (8 > 6)
    state = _position(human_pieces=["SK.L3", "TW.L3"], funds={"TW": 8})
    tigers, why = choose_region(state, _effects(INFRA, "satellite_power_plant_most_power_plants")[0])
    assert tigers == ["TW"] and "your most investment funds" in why


def test_solo_automa_18_then_the_human_chooses_and_the_automa_turn_goes_on():
    # SOLO-AUTOMA-18: still tied (HK = SG on IP and funds) -> a decision for the human with the tied Tigers;
    # piece #9 empties AS3 (power-plant-row satellite); after the choice the department (#10) follows
    state = _position(human_pieces=["HK.L3", "SG.L3"], funds={"SK": 3, "TW": 3})
    state = edit(state, lambda d: empty_up_to(d, "AS3", generic_left=1))
    state, events = automa_turn(state, "AT04")
    assert decision_kind(state) == "choose_automa_region" and state.decisions[-1]["seat"] == HUMAN
    assert [a["tiger"] for a in legal_actions(state)] == ["HK", "SG"]
    with pytest.raises(IllegalActionError) as refused:
        apply(state, {"kind": "choose_automa_region", "tiger": "SK"})
    assert refused.value.code == "tiger_not_tied" and refused.value.rule == "SOLO-AUTOMA-18"
    state, events = step(state, {"kind": "choose_automa_region", "tiger": "SG"})
    assert state.satellites["SG.SP"]["owner"] == AUTOMA
    assert [e["space"] for e in events if e["kind"] == "infrastructure_built"] == ["SK.D1"]
    assert decision_kind(state) == "choose_placement" and state.current_player.id == HUMAN


def test_amb_50_and_solo_automa_08_bonuses_never_give_resources_or_region_bonuses():
    # AMB-50 / SOLO-AUTOMA-08: across every Automa bonus the Automa keeps no funds, energy, science or goods
    state = _position(automa_pieces=["SK.F2", "SK.P1", "SK.L3"])
    effects = [e for bonus in INFRA for e in _effects(INFRA, bonus)] + \
        [e for bonus in NATION for e in _effects(NATION, bonus)]
    after, _ = run_effects(state, effects)
    automa = after.player(AUTOMA)
    assert automa.energy == automa.science == 0 and not any(automa.goods.values())
    assert set(automa.funds.values()) == {0}
    assert after.region_tokens == state.region_tokens
