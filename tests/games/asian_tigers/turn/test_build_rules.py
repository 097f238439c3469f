"""Rules tests: building from an investment centre (BUILD-GEN/LAB/PWR/FAC/UNI/DEPT/PARTS, AMB-06, AMB-10, COMP-02)."""
from __future__ import annotations

import pytest

from api.games.asian_tigers import apply, legal_actions
from api.games.asian_tigers.errors import ActionShapeError
from tests.games.asian_tigers.builders import (TEAM, decision_kind, find_action, game, invest, is_legal, modified,
                                               of_kind, pass_turn, recorded_setup, rejects, seat_now, to_build)

W3_FIRST = ["W3", "W1", "W1", "W1", "W1", "W2", "W2", "W2", "W3", "W3"]
W2_FIRST = ["W2", "W1", "W1", "W1", "W1", "W2", "W2", "W3", "W3", "W3"]


def _team0(team, count=2):
    workers = {str(i): {"team": list(team if i == 0 else TEAM)} for i in range(count)}
    return game(count, setup=recorded_setup(count, workers=workers))


def _build(space, sector=None):
    return {"kind": "build", "space": space, **({"sector": sector} if sector else {})}


def _spaces(state) -> set[str]:
    return {a["space"] for a in legal_actions(state)}


def _university(state, space="SK.U1", sector="S7", center="SK.A"):
    """Build a university and stop at its additional-action question."""
    state, _ = invest(state, center, space, sector)
    assert decision_kind(state) == "choose_university_action"
    return state


def _factory_then_university():
    """Seat 0: Electronics factory SK.F2, power plant TW.P1 (energy 3), then university HK.U1 (question open)."""
    state, _ = invest(game(2), "SK.A", "SK.F2")
    state, _ = invest(pass_turn(state), "TW.A", "TW.P1", "S8")
    state = pass_turn(state)
    assert (state.players[0].energy, state.players[0].goods["Electronics"]) == (3, 2)
    return _university(state, "HK.U1", "S9", "HK.A")


# -- BUILD-GEN -----------------------------------------------------------------------------
def test_build_gen_01_a_piece_moves_from_the_board_to_the_space():
    # BUILD-GEN-01
    state, events = invest(game(2), "SK.A", "SK.L3", "S5")
    piece = state.pieces[-1]
    assert (piece.owner, piece.space, piece.tiger, piece.kind) == ("0", "SK.L3", "SK", "laboratory")
    assert state.occupancy == {"SK.L3": 0}
    assert state.players[0].sectors["S5"] == {"generic": 1, "factory": True}
    assert of_kind(events, "infrastructure_built")[0]["sector"] == "S5"


def test_build_gen_01_refuses_a_space_on_another_tiger():
    # BUILD-GEN-01: the build is on the centre's Tiger.
    state, _ = to_build(game(2), "SK.A")
    assert {s.split(".")[0] for s in _spaces(state)} == {"SK"}
    rejects(state, _build("HK.L3", "S7"), "space_on_other_tiger", "BUILD-GEN-01")


def test_build_gen_02_an_ordinary_space_holds_one_piece():
    # BUILD-GEN-02
    state, _ = invest(game(2), "SK.A", "SK.U1", "S7")
    state = apply(state, {"kind": "skip_university_action"}).state
    state, _ = to_build(state, "SK.A")
    assert seat_now(state) == "1" and "SK.U1" not in _spaces(state)
    rejects(state, _build("SK.U1", "S7"), "space_occupied", "BUILD-GEN-02")


def test_neutral_01_blocker_spaces_stay_closed_to_players():
    # NEUTRAL-01 / SETUP-01: with 3 players the 4-dot spaces hold the neutral's blockers and are closed.
    state, _ = to_build(game(3), "SK.A")
    assert "SK.L1" not in _spaces(state) and "SK.L2" in _spaces(state)
    assert state.pieces[state.occupancy["SK.L1"]].owner == "neutral"
    rejects(state, _build("SK.L1", "S7"), "space_closed", "SETUP-01")


def test_build_gen_02_an_infinity_space_holds_any_number():
    # BUILD-GEN-02
    state, _ = invest(game(2), "SK.A", "SK.Pinf", "S7")
    state, _ = invest(state, "SK.A", "SK.Pinf", "S7")
    state, _ = to_build(state, "SK.A")
    assert "SK.Pinf" in _spaces(state)
    assert [(p.owner, p.space) for p in state.pieces] == [("0", "SK.Pinf"), ("1", "SK.Pinf")]
    assert "SK.Pinf" not in state.occupancy


@pytest.mark.parametrize("space, kind", [("SK.U1", "university"), ("SK.P1", "power_plant"), ("SK.L3", "laboratory")])
def test_build_gen_03_a_generic_piece_becomes_the_space_kind(space, kind):
    # BUILD-GEN-03
    state, _ = invest(game(2), "SK.A", space, "S10")
    assert state.pieces[-1].kind == kind


def test_build_gen_04_the_player_names_the_sector():
    # BUILD-GEN-04: every sector with a generic piece is offered; the named one loses it.
    state, _ = to_build(game(2), "SK.A")
    assert {a["sector"] for a in legal_actions(state) if a["space"] == "SK.L3"} == {f"S{i}" for i in range(1, 13)}
    after = apply(state, _build("SK.L3", "S11")).state
    assert [s for s, v in after.players[0].sectors.items() if v["generic"] == 1] == ["S11"]


def test_build_gen_04_refuses_a_missing_unknown_or_empty_sector():
    # BUILD-GEN-04
    state, _ = to_build(modified(game(2), lambda d: d["players"][0]["sectors"]["S3"].update(generic=0)), "SK.A")
    rejects(state, _build("SK.L3"), "sector_required", "BUILD-GEN-04", error=ActionShapeError)
    rejects(state, _build("SK.L3", "S99"), "unknown_sector", error=ActionShapeError)
    refusal = rejects(state, _build("SK.L3", "S3"), "sector_has_no_generic", "BUILD-GEN-04")
    assert "Sector 3 of your player board" in str(refusal)  # the number printed on the board, not the code
    assert not is_legal(state, {"sector": "S3"})


@pytest.mark.parametrize("kind, space, sector", [("build", "SK.U1", ["S7"]),
                                                 ("build_department", "SK.D1", {"id": "S7"})])
def test_build_gen_04_refuses_a_malformed_sector(kind, space, sector):
    # BUILD-GEN-04 (action shape): a sector that is not a string is refused without a crash.
    state, _ = to_build(game(2), "SK.A")
    if kind == "build_department":
        state = _university(game(2))
    rejects(state, {"kind": kind, "space": space, "sector": sector}, "invalid_field", error=ActionShapeError)


def test_comp_02_generic_pieces_are_finite():
    # COMP-02: with no generic piece left only factories can be built (from the 6 factory pieces).
    state = modified(game(2), lambda d: [s.update(generic=0) for s in d["players"][0]["sectors"].values()])
    state, _ = to_build(state, "SK.A")
    assert _spaces(state) == {"SK.F2", "SK.F3"}
    state, _ = invest(game(2), "SK.A", "SK.P1", "S7")
    player = state.players[0]
    assert sum(v["generic"] for v in player.sectors.values()) + sum(p.owner == "0" for p in state.pieces) == 24


# -- laboratories and power plants -----------------------------------------------------------------
@pytest.mark.parametrize("space, science", [("SK.L3", 4), ("SK.Linf", 3)])
def test_build_lab_01_laboratory_gives_science(space, science):
    # BUILD-LAB-01: +2, or +1 on an infinity space; no extra cost.
    state, events = invest(game(2), "SK.A", space, "S7")
    assert (state.players[0].science, state.players[0].energy) == (science, 4)
    assert of_kind(events, "science_gained")[0]["amount"] == science - 2


@pytest.mark.parametrize("space, energy", [("SK.P1", 7), ("SK.Pinf", 6)])
def test_build_pwr_01_power_plant_gives_energy(space, energy):
    # BUILD-PWR-01: +3, or +2 on an infinity space; no extra cost.
    state, _ = invest(game(2), "SK.A", space, "S7")
    assert (state.players[0].energy, state.players[0].science) == (energy, 2)


@pytest.mark.parametrize("first, energy_left", [("SK.P1", 1), ("SK.Pinf", 0)])
def test_build_pwr_02_a_linked_power_plant_discounts_the_factory_for_everyone(first, energy_left):
    # BUILD-PWR-02: seat 0's SK.P1 links F1/F2; an infinity power plant links nothing.
    state, _ = invest(game(2), "SK.A", first, "S7")
    state, _ = invest(state, "SK.A", "SK.F2")
    assert state.pieces[-1].owner == "1" and state.players[1].energy == energy_left


def test_build_pwr_02_two_linked_power_plants_discount_two():
    # BUILD-PWR-02 (4 players: P2 is open): P1 and P2 both link F2.
    state, _ = invest(game(4), "SK.A", "SK.P1", "S7")
    state, _ = invest(state, "SK.A", "SK.P2", "S7")
    state, _ = invest(state, "SK.A", "SK.F2")
    assert state.players[2].energy == 2


def test_build_pwr_02_the_neutral_power_plant_discounts_too():
    # BUILD-PWR-02 / AMB-22: the neutral's SK.P3 links SK.F3 (Automobiles: 4 - 1 energy, 2 science).
    state, _ = invest(game(3), "SK.A", "SK.F3")
    assert (state.players[0].energy, state.players[0].science) == (1, 0)


# -- factories --------------------------------------------------------------------------------
@pytest.mark.parametrize("space, energy, science", [("SK.F2", 0, 2), ("SK.F3", 0, 0)])
def test_build_fac_01_factory_cost(space, energy, science):
    # BUILD-FAC-01: centre funds + 4 energy; Automobiles (SK.F3) also 2 science.
    state, _ = invest(game(2), "SK.A", space)
    player = state.players[0]
    assert (player.funds["SK"], player.energy, player.science) == (3, energy, science)


@pytest.mark.parametrize("energy, science, space", [(3, 2, "SK.F2"), (4, 1, "SK.F3")])
def test_build_fac_01_refuses_a_factory_the_player_cannot_pay(energy, science, space):
    # BUILD-FAC-01
    state = modified(game(2), lambda d: d["players"][0].update(energy=energy, science=science))
    state, _ = to_build(state, "SK.A")
    assert space not in _spaces(state)
    rejects(state, _build(space), "cannot_afford_factory", "BUILD-FAC-01")


def test_build_fac_02_the_factory_matches_the_good_and_is_unique():
    # BUILD-FAC-02: SK.F2 takes the Electronics factory (sector S1), once per player.
    state, _ = to_build(game(2), "SK.A")
    rejects(state, _build("SK.F2", "S2"), "wrong_sector", "BUILD-FAC-02")
    state = apply(state, _build("SK.F2", "S1")).state
    assert state.players[0].sectors["S1"] == {"generic": 2, "factory": False}
    state = modified(pass_turn(state), lambda d: d["players"][0].update(energy=10))
    state, _ = to_build(state, "TW.A")  # TW.F3 is an Electronics space too
    assert "TW.F3" not in _spaces(state)
    rejects(state, _build("TW.F3"), "factory_already_built", "BUILD-FAC-02")


def test_build_fac_03_a_factory_produces_two_goods():
    # BUILD-FAC-03
    state, events = invest(game(2), "SK.A", "SK.F2")
    assert state.players[0].goods["Electronics"] == 2 and state.supply_goods["Electronics"] == 8
    assert of_kind(events, "goods_gained")[0]["amount"] == 2


# -- universities and departments -------------------------------------------------------------
def test_build_uni_01_the_additional_action_is_optional_and_single():
    # BUILD-UNI-01 (2 players: SK.D1 is the open department; no factory yet, so no parts factory)
    state = _university(game(2))
    assert {(a["kind"], a.get("space")) for a in legal_actions(state)} == {("build_department", "SK.D1"),
                                                                          ("skip_university_action", None)}
    after = apply(state, find_action(state, {"kind": "build_department", "sector": "S8"})).state
    assert seat_now(after) == "1" and decision_kind(after) == "choose_placement"
    skipped = apply(state, {"kind": "skip_university_action"}).state
    assert [p.space for p in skipped.pieces] == ["SK.U1"] and seat_now(skipped) == "1"


def test_build_uni_01_parts_factory_on_any_tiger():
    # BUILD-UNI-01: the HK university attaches a parts factory under the SK factory.
    state = _factory_then_university()
    attach = {"kind": "attach_parts_factory", "space": "SK.F2", "decision": state.decisions[-1]["id"]}
    assert attach in legal_actions(state)
    assert {a["space"] for a in legal_actions(state) if a["kind"] == "build_department"} == {"HK.D1"}


@pytest.mark.parametrize("count, space, gm, influence", [(2, "SK.U1", 4, 0), (2, "SK.U3", 1, 2), (4, "SK.U2", 1, 3)])
def test_build_uni_02_the_printed_bonus_follows_the_action(count, space, gm, influence):
    # BUILD-UNI-02: U1 +3 GM, U2 +3 influence here, U3 +2 influence here.
    state = apply(_university(game(count), space), {"kind": "skip_university_action"}).state
    assert (state.gm_position("0"), state.players[0].influence["SK"]) == (gm, influence)


def test_build_uni_03_centre_c_never_builds_a_university():
    # BUILD-UNI-03
    state, _ = to_build(_team0(W3_FIRST), "SK.C")
    rejects(state, _build("SK.U3", "S7"), "university_from_center_c", "BUILD-UNI-03")


def test_amb_06_centre_c_offers_neither_universities_nor_departments():
    # AMB-06 (4 players, every space open)
    state, _ = to_build(_team0(W3_FIRST, 4), "SK.C")
    assert _spaces(state) == {"SK.F3", "SK.F4", "SK.P3", "SK.L3", "SK.Pinf", "SK.Linf"}
    rejects(state, _build("SK.D1", "S7"), "department_needs_university", "BUILD-DEPT-01")


def test_build_dept_01_a_department_only_through_a_university():
    # BUILD-DEPT-01
    state, _ = to_build(game(4), "SK.A")
    assert not {"SK.D1", "SK.D2", "SK.D3"} & _spaces(state)
    rejects(state, _build("SK.D1", "S7"), "department_needs_university", "BUILD-DEPT-01")


@pytest.mark.parametrize("space, science", [("SK.D1", 1), ("SK.D2", 0)])
def test_build_dept_01_a_department_costs_its_printed_science_and_no_funds(space, science):
    # BUILD-DEPT-01 (3 players: D2 is open, D3 holds the neutral)
    state = _university(game(3))
    after = apply(state, {"kind": "build_department", "space": space, "sector": "S8"}).state
    assert after.players[0].science == science and after.players[0].funds["SK"] == 3
    assert after.pieces[-1].space == space and after.pieces[-1].kind == "department"


def test_build_dept_01_refuses_another_tiger_and_an_unaffordable_department():
    # BUILD-DEPT-01
    state = _university(modified(game(3), lambda d: d["players"][0].update(science=1)))
    assert {a["space"] for a in legal_actions(state) if a["kind"] == "build_department"} == {"SK.D1"}
    rejects(state, {"kind": "build_department", "space": "SK.D2", "sector": "S8"}, "cannot_afford_department",
            "BUILD-DEPT-01")
    rejects(state, {"kind": "build_department", "space": "HK.D1", "sector": "S8"}, "space_on_other_tiger",
            "BUILD-DEPT-01")


# -- parts factories ---------------------------------------------------------------------------
def test_build_parts_01_and_02_attach_for_one_energy_and_produce_one_good():
    # BUILD-PARTS-01 / BUILD-PARTS-02
    state = apply(_factory_then_university(), {"kind": "attach_parts_factory", "space": "SK.F2"}).state
    player = state.players[0]
    assert (player.energy, player.goods["Electronics"]) == (2, 3)
    assert [p.space for p in state.pieces if p.parts_factory] == ["SK.F2"]
    assert state.supply_parts_factories == 23 and state.supply_goods["Electronics"] == 7
    assert state.gm_position("0") == 4  # then the HK.U1 bonus (+3)


def _with_pieces(state, *pieces):
    def change(data):
        for owner, space, kind, parts in pieces:
            data["occupancy"][space] = len(data["pieces"])
            data["pieces"].append({"owner": owner, "space": space, "tiger": space[:2], "kind": kind,
                                   "parts_factory": parts})
    return modified(state, change)


def test_build_parts_01_refuses_a_factory_not_yours_or_already_equipped():
    # BUILD-PARTS-01
    state = _with_pieces(_factory_then_university(), ("1", "TW.F3", "factory", False))
    assert {a["space"] for a in legal_actions(state) if a["kind"] == "attach_parts_factory"} == {"SK.F2"}
    rejects(state, {"kind": "attach_parts_factory", "space": "TW.F3"}, "not_your_factory", "BUILD-PARTS-01")
    rejects(state, {"kind": "attach_parts_factory", "space": "HK.F2"}, "not_your_factory", "BUILD-PARTS-01")
    equipped = modified(state, lambda d: d["pieces"][0].update(parts_factory=True))
    assert not is_legal(equipped, {"kind": "attach_parts_factory"})
    rejects(equipped, {"kind": "attach_parts_factory", "space": "SK.F2"}, "parts_factory_present", "BUILD-PARTS-01")
    broke = modified(state, lambda d: d["players"][0].update(energy=0))
    rejects(broke, {"kind": "attach_parts_factory", "space": "SK.F2"}, "cannot_afford_parts_factory", "BUILD-PARTS-01")


def test_build_parts_03_no_own_factory_or_empty_supply_means_no_parts_factory():
    # BUILD-PARTS-03 / COMP-03
    assert not is_legal(_university(game(2)), {"kind": "attach_parts_factory"})
    state = modified(_factory_then_university(), lambda d: d.update(supply_parts_factories=0))
    assert not is_legal(state, {"kind": "attach_parts_factory"})
    rejects(state, {"kind": "attach_parts_factory", "space": "SK.F2"}, "no_parts_factory_left", "BUILD-PARTS-03")


# -- infinity spaces ---------------------------------------------------------------------------
@pytest.mark.parametrize("team, center", [(W3_FIRST, "SK.C"), (W2_FIRST, "SK.B"), (TEAM, "SK.A")])
def test_amb_10_infinity_spaces_are_reachable_from_every_centre(team, center):
    # AMB-10
    state, _ = to_build(_team0(team), center)
    assert {"SK.Pinf", "SK.Linf"} <= _spaces(state)
    after = apply(state, _build("SK.Linf", "S7")).state
    assert after.pieces[-1].space == "SK.Linf" and after.players[0].science == 3
