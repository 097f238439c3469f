"""Asara tie situations (ASA-SCORE-10/11/12, ASA-AMB-01/02/03) and a property check of the tower awards."""
from hypothesis import assume, given, settings, strategies as st

from api.games.asara import score

from tests.games.asara.helpers import category, game, placeholder_document, player_result, tower


def test_three_way_tie_for_first_in_a_colour():
    # ASA-SCORE-10: (6+3)/3 = 3 per red tower.
    towers = {"P1": [tower("red", 4)], "P2": [tower("red", 4)], "P3": [tower("red", 4)]}
    assert category(score(game({"P1": 0, "P2": 0, "P3": 0}, towers)), "tower_colors") == {"P1": 3, "P2": 3, "P3": 3}


def test_four_way_tie_for_the_highest_tower_overall():
    # ASA-SCORE-10: (8+4)/4 = 3 per tower, whatever the colours.
    towers = {"P1": [tower("red", 6)], "P2": [tower("green", 6)], "P3": [tower("black", 6)],
              "P4": [tower("white", 6)]}
    result = score(game({"P1": 0, "P2": 0, "P3": 0, "P4": 0}, towers))
    assert category(result, "highest_tower") == {"P1": 3, "P2": 3, "P3": 3, "P4": 3}


def test_a_player_owning_both_tied_towers_collects_both_shares():
    # ASA-AMB-01: P1's two red 5s tie: (6+3)/2 = 4.5 → 5 each, 10 in all; P2's red 3 gets no 2nd place.
    towers = {"P1": [tower("red", 5), tower("red", 5)], "P2": [tower("red", 3)]}
    result = score(game({"P1": 0, "P2": 0}, towers))
    assert category(result, "tower_colors") == {"P1": 10, "P2": 0}
    assert category(result, "highest_tower") == {"P1": 12, "P2": 0}  # (8+4)/2 = 6 per tower
    texts = [line["explanation"] for line in player_result(result, "P1")["lines"]]
    assert "Red towers: P1's 5-section tower, tied 1st with another of P1's towers → (6+3)/2 = 4.5 → 5 (rounded up)" \
        in texts


def test_a_player_may_hold_first_and_second_in_a_colour():
    # ASA-AMB-01
    towers = {"P1": [tower("red", 6), tower("red", 4)], "P2": [tower("red", 3)]}
    assert category(score(game({"P1": 0, "P2": 0}, towers)), "tower_colors") == {"P1": 6 + 3, "P2": 0}


def test_tie_for_second_between_two_towers_of_one_player():
    # ASA-SCORE-11, ASA-AMB-01: 3 / 2 = 1.5 → 2 per tower.
    towers = {"P1": [tower("red", 6)], "P2": [tower("red", 4), tower("red", 4)]}
    assert category(score(game({"P1": 0, "P2": 0}, towers)), "tower_colors") == {"P1": 6, "P2": 4}


def test_a_tie_for_first_pools_even_when_only_the_tied_towers_exist():
    # ASA-AMB-03: two green 2s and nothing else: (5+2)/2 = 3.5 → 4 each.
    towers = {"P1": [tower("green", 2)], "P2": [tower("green", 2)]}
    assert category(score(game({"P1": 0, "P2": 0}, towers)), "tower_colors") == {"P1": 4, "P2": 4}


def test_most_towers_splits_per_player_not_per_tower():
    # ASA-SCORE-12: 3 towers each: (12+6)/2 players = 9, not (12+6)/6 towers.
    towers = {"P1": [tower("red", 2)] * 3, "P2": [tower("green", 2)] * 3}
    result = score(game({"P1": 0, "P2": 0}, towers))
    assert category(result, "most_towers") == {"P1": 9, "P2": 9}
    assert result["final_evaluation"]["most_towers"][0]["tied_players"] == 2


def test_most_towers_split_rounds_up_unless_the_edition_says_down():
    # ASA-AMB-02: four players tie: (12+6)/4 = 4.5 → 5; with "down" → 4.
    towers = {pid: [tower("red", 2)] for pid in ("P1", "P2", "P3", "P4")}
    tied = game({"P1": 0, "P2": 0, "P3": 0, "P4": 0}, towers)
    assert set(category(score(tied), "most_towers").values()) == {5}
    document = placeholder_document()
    document["final"]["ties"]["most_towers_rounding"] = "down"
    assert set(category(score(tied, document), "most_towers").values()) == {4}


def test_players_without_towers_do_not_take_second_most_towers():
    # ASA-SCORE-08 (reading: 0 towers is no place): P2 and P3 do not split 6.
    towers = {"P1": [tower("red", 2), tower("red", 3)]}
    assert category(score(game({"P1": 0, "P2": 0, "P3": 0}, towers)), "most_towers") == {"P1": 12, "P2": 0, "P3": 0}


COLORS = ["brown", "green", "red", "black", "white"]
BOX_SECTIONS = placeholder_document()["components"]["tower_sections"]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.lists(st.tuples(st.sampled_from(COLORS), st.integers(2, 8)), max_size=4), min_size=2, max_size=4))
def test_tower_awards_are_per_tower_and_independent_of_input_order(towers_by_player):
    # ASA-SCORE-06, ASA-SCORE-10, ASA-SCORE-11: a colour pays at least its printed 1st place and,
    # by rounding up, never more than 1st + 2nd + one point per tied tower.
    # Towers the box could not build are refused, not scored (ASA-SCORE-04: 100 sections in all).
    assume(sum(h for ts in towers_by_player for _, h in ts) <= BOX_SECTIONS)
    ids = [f"P{n}" for n in range(1, len(towers_by_player) + 1)]
    towers = {pid: [tower(c, h) for c, h in ts] for pid, ts in zip(ids, towers_by_player)}
    forward = score(game({pid: 0 for pid in ids}, towers, caliph="P1"))
    backward = score(game({pid: 0 for pid in reversed(ids)}, {p: list(reversed(t)) for p, t in towers.items()},
                          caliph="P1"))
    assert {p["id"]: p["total"] for p in forward["players"]} == {p["id"]: p["total"] for p in backward["players"]}
    points = placeholder_document()["final"]["tower_by_color"]
    for color, awards in forward["final_evaluation"]["tower_colors"].items():
        paid = sum(a["points"] for a in awards)
        if awards:
            assert points[color]["highest"] <= paid <= points[color]["highest"] + points[color]["second"] + len(awards)
