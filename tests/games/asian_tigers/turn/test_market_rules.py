"""Rules tests: local markets, influence and the finite supply (LMKT-01..05, INFL-01, COMP-03 / AMB-37)."""
from __future__ import annotations

import pytest

from api.games.asian_tigers import apply, legal_actions
from api.games.asian_tigers.errors import ActionShapeError
from tests.games.asian_tigers.builders import (TEAM, decision_kind, edition, game, invest, kinds, modified, of_kind,
                                               pass_turn, recorded_setup, rejects, seat_now, to_build)

W3_FIRST = ["W3", "W1", "W1", "W1", "W1", "W2", "W2", "W2", "W3", "W3"]
W2_FIRST = ["W2", "W1", "W1", "W1", "W1", "W2", "W2", "W3", "W3", "W3"]


def _goods(seat="0", **goods):
    """A change() giving `seat` exactly these goods (others 0)."""
    def change(data):
        held = data["players"][int(seat)]["goods"]
        for good in held:
            held[good] = goods.get(good, 0)
    return change


def _team0(team):
    return game(2, setup=recorded_setup(2, workers={"0": {"team": list(team)}, "1": {"team": list(TEAM)}}))


def _place(center):
    return {"kind": "place_worker", "center": center}


def _markets_offered(state) -> set[str]:
    return {a["market"] for a in legal_actions(state) if a["kind"] == "sell_local"}


# -- LMKT --------------------------------------------------------------------------------
def test_lmkt_01_three_markets_per_tiger_one_per_column():
    # LMKT-01 / AMB-02
    for tiger in edition().tigers.values():
        markets = sorted(tiger.local_markets.values(), key=lambda m: m.column)
        assert [(m.column, m.influence) for m in markets] == [("A", 3), ("B", 2), ("C", 1)]
        assert len({m.good for m in markets}) == 3
    state = game(2)
    assert len(state.local_markets) == 12 and set(state.local_markets.values()) == {None}


def test_lmkt_02_the_sale_comes_after_the_cost_and_before_the_build():
    # LMKT-02
    state = apply(game(2), _place("SK.A")).state
    assert decision_kind(state) == "choose_local_sale" and state.decisions[-1]["declinable"] is True
    assert state.players[0].funds["SK"] == 3 and state.pieces == []
    state, events = invest(game(2), "SK.A", "SK.L3", "S7", sale="SK.MA")
    assert kinds(events)[:4] == ["worker_placed", "local_sale_made", "influence_gained", "infrastructure_built"]


def test_lmkt_02_at_most_one_sale():
    # LMKT-02: two goods both wanted on SK, yet only one sale.
    state = modified(game(2), _goods(Finance=1, Chemicals=1))
    state = apply(apply(state, _place("SK.A")).state, {"kind": "sell_local", "market": "SK.MA"}).state
    assert decision_kind(state) == "choose_build"
    rejects(state, {"kind": "sell_local", "market": "SK.MB"}, "unexpected_action")


def test_lmkt_02_the_sale_is_optional_and_skipped_when_impossible():
    # LMKT-02: skipping keeps the good; with nothing TW wants, no sale question is asked.
    state, events = invest(game(2), "SK.A", "SK.L3", "S7")
    assert state.players[0].goods["Finance"] == 1 and not of_kind(events, "local_sale_made")
    after = apply(game(2), _place("TW.A")).state  # TW wants Ships, Automobiles, Chemicals; seat 0 holds Finance
    assert decision_kind(after) == "choose_build"


@pytest.mark.parametrize("team, center, markets", [
    (W3_FIRST, "SK.C", {"SK.MC"}), (W2_FIRST, "SK.B", {"SK.MB", "SK.MC"}), (TEAM, "SK.A", {"SK.MA", "SK.MB", "SK.MC"})])
def test_lmkt_03_selling_reach_matches_building_reach(team, center, markets):
    # LMKT-03
    state = modified(_team0(team), _goods(Finance=1, Chemicals=1, Electronics=1))
    assert _markets_offered(apply(state, _place(center)).state) == markets


@pytest.mark.parametrize("team, center, market", [(W3_FIRST, "SK.C", "SK.MA"), (W3_FIRST, "SK.C", "SK.MB"),
                                                  (W2_FIRST, "SK.B", "SK.MA")])
def test_lmkt_03_refuses_a_market_out_of_reach(team, center, market):
    # LMKT-03
    state = modified(_team0(team), _goods(Finance=1, Chemicals=1, Electronics=1))
    state = apply(state, _place(center)).state
    rejects(state, {"kind": "sell_local", "market": market}, "market_out_of_reach", "LMKT-03")
    rejects(state, {"kind": "sell_local", "market": "HK.MC"}, "unknown_market", error=ActionShapeError)


def test_lmkt_04_a_market_takes_one_good_per_era():
    # LMKT-04: seat 0 fills SK.MA; seat 1, holding Finance too, finds it closed.
    state, _ = invest(game(2), "SK.A", "SK.L3", "S7", sale="SK.MA")
    state = apply(modified(state, _goods("1", Finance=1, Chemicals=1)), _place("SK.A")).state
    assert seat_now(state) == "1" and _markets_offered(state) == {"SK.MB"}
    rejects(state, {"kind": "sell_local", "market": "SK.MA"}, "market_full", "LMKT-04")
    state = apply(apply(state, {"kind": "skip_local_sale"}).state, {"kind": "build", "space": "SK.Pinf",
                                                                   "sector": "S7"}).state
    for _ in range(4):
        state = pass_turn(state)
    assert state.players[1].goods["Finance"] == 1 and state.players[1].workers_placed == 3
    assert state.local_markets["SK.MA"] == {"good": "Finance", "seller": "0"}


@pytest.mark.parametrize("market, good, influence", [("SK.MA", "Finance", 3), ("SK.MB", "Chemicals", 2),
                                                     ("SK.MC", "Electronics", 1)])
def test_lmkt_05_the_good_goes_onto_the_market_and_influence_is_gained(market, good, influence):
    # LMKT-05
    state = modified(game(2), _goods(**{good: 1}))
    supply = state.supply_goods[good]
    state, events = to_build(state, "SK.A", sale=market)
    assert state.players[0].goods[good] == 0 and state.supply_goods[good] == supply
    assert state.local_markets[market] == {"good": good, "seller": "0"}
    assert state.players[0].influence == {"SK": influence, "HK": 0, "TW": 0, "SG": 0}
    assert of_kind(events, "influence_gained")[0]["amount"] == influence


def test_lmkt_05_refuses_a_good_the_seller_does_not_hold():
    # LMKT-05: seat 0 holds Finance only; SK.MB wants Chemicals.
    state = apply(game(2), _place("SK.A")).state
    assert _markets_offered(state) == {"SK.MA"}
    rejects(state, {"kind": "sell_local", "market": "SK.MB"}, "missing_good", "LMKT-05")


def test_lmkt_refuses_a_malformed_market():
    # LMKT-03 (action shape): a market id that is not a string is refused without a crash.
    state = apply(game(2), _place("SK.A")).state
    rejects(state, {"kind": "sell_local", "market": ["SK.MA"]}, "invalid_field", error=ActionShapeError)


# -- INFL ---------------------------------------------------------------------------------
def test_infl_01_influence_has_no_maximum():
    # INFL-01: the printed track wraps after 40; the engine keeps the true value.
    state = modified(game(2), lambda d: d["players"][0]["influence"].update(SK=41))
    state, events = to_build(state, "SK.A", sale="SK.MA")
    assert state.players[0].influence["SK"] == 44
    assert "(41 → 44)" in of_kind(events, "influence_gained")[0]["text"]


def test_infl_01_influence_starts_at_zero_and_is_held_per_tiger():
    # INFL-01
    state, _ = to_build(game(2), "SK.A", sale="SK.MA")
    assert state.players[0].influence == {"SK": 3, "HK": 0, "TW": 0, "SG": 0}
    assert state.players[1].influence == {"SK": 0, "HK": 0, "TW": 0, "SG": 0}


# -- COMP-03 / AMB-37: the supply ---------------------------------------------------------------
@pytest.mark.parametrize("left, gained", [(1, 1), (0, 0), (2, 2)])
def test_comp_03_a_goods_gain_is_cut_to_what_the_supply_holds(left, gained):
    # COMP-03 / AMB-37: goods are a hard limit (10 per type).
    state = modified(game(2), lambda d: d["supply_goods"].update(Electronics=left))
    state, events = invest(state, "SK.A", "SK.F2")
    assert state.players[0].goods["Electronics"] == gained and state.supply_goods["Electronics"] == left - gained
    event = of_kind(events, "goods_gained")[0]
    assert (event["amount"], event["requested"]) == (gained, 2)


def test_comp_03_energy_and_science_are_unlimited():
    # COMP-03 / AMB-37: beyond the 35 energy and 25 science tokens.
    state = modified(game(2), lambda d: d["players"][0].update(energy=40, science=30))
    state, _ = invest(state, "SK.A", "SK.P1", "S7")
    assert state.players[0].energy == 43
    state, _ = invest(pass_turn(state), "SK.A", "SK.L3", "S8")
    assert state.players[0].science == 32
