"""Rules tests: the 9 nation bonuses of the final-scoring rows, NBONUS-01..09 (AMB-05, AMB-11, AMB-33)."""
from __future__ import annotations

from api.games.asian_tigers.errors import ActionShapeError
from tests.games.asian_tigers.builders.bonus import at_bonus, built, options_of, pending_id, resolve
from tests.games.asian_tigers.builders import kinds, of_kind, rejects


def _action(state, bonus, **choices):
    return {"kind": "resolve_bonus", "bonus": pending_id(state, bonus), **choices}


# -- NBONUS-01: parts factory for 1 energy ---------------------------------------------------
def test_nbonus_01_parts_factory_for_one_energy():
    # NBONUS-01 / AMB-05 / BUILD-PARTS-02
    state = at_bonus("row:D1", change=lambda d: built(d, "0", "HK.F2"))
    assert options_of(state, "parts_factory_for_energy") == [{"space": "HK.F2"}]
    after = resolve(state, "parts_factory_for_energy", space="HK.F2").state
    player = after.players[0]
    assert player.energy == 3 and player.goods["Finance"] == 2
    assert next(p for p in after.pieces if p.space == "HK.F2").parts_factory


def test_nbonus_01_refused_without_the_energy():
    # NBONUS-01 / BUILD-PARTS-01
    def change(data):
        built(data, "0", "HK.F2")
        data["players"][0]["energy"] = 0
    state = at_bonus("row:D1", change=change)
    assert options_of(state, "parts_factory_for_energy") == []
    rejects(state, _action(state, "parts_factory_for_energy", space="HK.F2"), "cannot_afford_parts_factory",
            "BUILD-PARTS-01")


# -- NBONUS-02: a factory in column B or C ------------------------------------------------------
def test_nbonus_02_builds_a_factory_in_column_b_or_c_of_any_tiger():
    # NBONUS-02 / AMB-33: no worker, no centre cost; 4 energy; production 2.
    state = at_bonus("row:E2")
    spaces = {o["space"] for o in options_of(state, "build_factory_b_or_c")}
    assert "SK.F2" in spaces and "SK.F1" not in spaces  # F1 is column A
    assert all(state.edition.space(s).column in ("B", "C") for s in spaces)
    step = resolve(state, "build_factory_b_or_c", space="SK.F2")
    player = step.state.players[0]
    assert player.energy == 0 and player.goods["Electronics"] == 2 and player.funds == state.players[0].funds
    assert player.sectors["S1"]["factory"] is False and step.state.centers == state.centers
    assert step.state.pieces[-1].space == "SK.F2" and step.state.pieces[-1].owner == "0"


def test_nbonus_02_power_plants_linked_to_the_space_lower_the_cost():
    # NBONUS-02 / BUILD-PWR-02: Bob's SK.P1 links SK.F2; Automobiles (SK.F3) also costs 2 science.
    state = at_bonus("row:E2", change=lambda d: built(d, "1", "SK.P1"))
    assert resolve(state, "build_factory_b_or_c", space="SK.F2").state.players[0].energy == 1
    after = resolve(state, "build_factory_b_or_c", space="SK.F3").state.players[0]
    assert (after.energy, after.science, after.goods["Automobiles"]) == (0, 2, 2)


def test_nbonus_02_refusals():
    # NBONUS-02: column A, a built space, an unaffordable factory, a factory already built.
    state = at_bonus("row:E2", change=lambda d: built(d, "1", "HK.F2"))
    rejects(state, _action(state, "build_factory_b_or_c", space="SK.F1"), "wrong_column", "NBONUS-02")
    rejects(state, _action(state, "build_factory_b_or_c", space="HK.F2"), "space_occupied", "BUILD-GEN-02")
    rejects(state, _action(state, "build_factory_b_or_c", space="SK.P2"), "wrong_space_kind", "BUILD-GEN-01")
    rejects(state, _action(state, "build_factory_b_or_c", space="XX.F2"), "unknown_space", error=ActionShapeError)
    poor = at_bonus("row:E2", change=lambda d: d["players"][0].update(energy=3))
    assert options_of(poor, "build_factory_b_or_c") == []
    rejects(poor, _action(poor, "build_factory_b_or_c", space="SK.F2"), "cannot_afford_factory", "BUILD-FAC-01")
    done = at_bonus("row:E2", change=lambda d: built(d, "0", "TW.F3"))
    rejects(done, _action(done, "build_factory_b_or_c", space="SK.F2"), "factory_already_built", "BUILD-FAC-02")


def test_nbonus_02_taking_the_factory_off_can_empty_its_sector():
    # NBONUS-02 / IBONUS-02 / CASCADE-01: S1 holds only its Electronics factory.
    state = at_bonus("row:E2", change=lambda d: d["players"][0]["sectors"]["S1"].update(generic=0))
    step = resolve(state, "build_factory_b_or_c", space="SK.F2")
    assert [(b["source"], b["bonus"]) for b in step.state.pending_bonuses] == [("sector:S1", "influence_any_5")]
    assert of_kind(step.events, "bonus_unlocked")[0]["sector"] == "S1"


# -- NBONUS-03: remove a generic --------------------------------------------------------------
def test_nbonus_03_removes_a_generic_without_building_it():
    # NBONUS-03
    state = at_bonus("row:B1")
    step = resolve(state, "remove_generic", sector="S8")
    sectors = step.state.players[0].sectors
    assert sectors["S8"]["generic"] == 1 and sectors["S8"]["removed"] == 1
    assert step.state.pieces == state.pieces and step.state.pending_bonuses == []
    assert "generic_removed" in kinds(step.events)


def test_nbonus_03_emptying_a_sector_unlocks_its_bonus():
    # NBONUS-03 / IBONUS-02 / AMB-11
    state = at_bonus("row:B1", change=lambda d: d["players"][0]["sectors"]["S9"].update(generic=1))
    after = resolve(state, "remove_generic", sector="S9").state
    assert [(b["source"], b["bonus"], b["type"]) for b in after.pending_bonuses] == [
        ("sector:S9", "influence_lower_3", "infrastructure")]


def test_nbonus_03_refuses_an_empty_sector():
    # NBONUS-03: S7 was emptied by the laboratory of the set-up turn.
    state = at_bonus("row:B1")
    assert {"sector": "S7"} not in options_of(state, "remove_generic")
    rejects(state, _action(state, "remove_generic", sector="S7"), "sector_has_no_generic", "NBONUS-03")
    rejects(state, _action(state, "remove_generic", sector="S99"), "sector_required", error=ActionShapeError)


# -- NBONUS-04: a performance token of either set ------------------------------------------------
def test_nbonus_04_a_token_of_either_set():
    # NBONUS-04 / PERF-01
    state = at_bonus("row:A1")
    tokens = {o["token"] for o in options_of(state, "performance_either")}
    assert {"D1", "D6", "Y1", "Y2"} <= tokens
    after = resolve(state, "performance_either", token="Y2").state
    assert "Y2" not in after.performance_tokens


# -- NBONUS-05..09: the simple ones -----------------------------------------------------------------
def test_nbonus_05_upper_area_plus_3_free_and_no_region_bonus():
    # NBONUS-05 / REGION-02
    state = at_bonus("row:C1")
    assert options_of(state, "influence_upper_3") == [{"tiger": "SK"}, {"tiger": "TW"}]
    step = resolve(state, "influence_upper_3", tiger="TW")
    player = step.state.players[0]
    assert player.influence["TW"] == 3 and player.funds == state.players[0].funds
    assert not of_kind(step.events, "region_bonus_activated")
    rejects(state, _action(state, "influence_upper_3", tiger="SG"), "tiger_not_in_area", "NBONUS-05")


def test_nbonus_06_lower_area_plus_3_free():
    # NBONUS-06
    state = at_bonus("row:C2", change=lambda d: d["players"][0]["funds"].update(HK=0, SG=0))
    assert options_of(state, "influence_lower_3") == [{"tiger": "HK"}, {"tiger": "SG"}]
    assert resolve(state, "influence_lower_3", tiger="SG").state.players[0].influence["SG"] == 3
    rejects(state, _action(state, "influence_lower_3", tiger="SK"), "tiger_not_in_area", "NBONUS-06")


def test_nbonus_07_three_on_the_global_market():
    # NBONUS-07
    state = at_bonus("row:A2")
    assert options_of(state, "global_market_3") == [{}]
    assert resolve(state, "global_market_3").state.gm_position("0") == state.gm_position("0") + 3
    rejects(state, _action(state, "global_market_3", tiger="SK"), "unexpected_field", error=ActionShapeError)


def test_nbonus_08_two_energy():
    # NBONUS-08
    state = at_bonus("row:E1")
    assert resolve(state, "energy_2").state.players[0].energy == 6


def test_nbonus_09_two_science():
    # NBONUS-09
    state = at_bonus("row:F1")
    assert resolve(state, "science_2").state.players[0].science == 6
