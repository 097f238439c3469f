"""One test per Asara scoring rule (catalogue Part E.2, ASA-SCORE-01..14).

Placeholder points per colour (highest/second): brown 4/2, green 5/2, red 6/3, black 8/4, white 7/3;
highest tower overall 8/4; most towers 12/6; building prestige 1 per section used.
"""
from api.games.asara import score

from tests.games.asara.helpers import category, final_evaluation, game, placeholder_document, player_result, tower


def lines_of(result, pid, name):
    return [line for line in player_result(result, pid)["lines"] if line["category"] == name]


def test_everyone_starts_on_zero_prestige():
    # ASA-SCORE-01: a player with no tower, no Asari and no patronage ends on 0.
    result = score(game({"P1": 0, "P2": 0}, {"P1": [tower("red", 3)]}, caliph="P1"))
    assert player_result(result, "P2")["total"] == 0
    assert set(player_result(result, "P2")["categories"].values()) == {0}


def test_building_turns_score_by_the_sections_used():
    # ASA-SCORE-02: three building turns used 3, 5 and 2 sections; the placeholder table pays 1 per section.
    # P2's 17 prestige: the 17 sections of their towers used one per turn (the table gives 1 per section)
    towers = {"P1": [tower("red", 5), tower("brown", 5)], "P2": [tower("black", 9), tower("green", 8)]}
    entered = game({"P1": 0, "P2": 0}, towers)
    entered["players"][0]["building_turns"] = [3, 5, 2]
    entered["players"][1]["building_prestige"] = 17
    result = score(entered)
    assert category(result, "building") == {"P1": 10, "P2": 17}
    assert lines_of(result, "P1", "building")[0]["explanation"] == "Building turns using 3+5+2 sections → 3+5+2 = 10"
    assert "/building/prestige_by_sections_used/5" in result["placeholders_used"]
    document = placeholder_document()
    document["building"]["prestige_by_sections_used"]["5"] = 7
    assert category(score(entered, document), "building")["P1"] == 3 + 7 + 2


def test_each_year_end_scores_towers_gold_sections_and_the_patronage():
    # ASA-SCORE-03: the rulebook's example (2 towers, 2 gold decorations, the patronage) is worth 5 in a year.
    year1 = {"P1": [tower("red", 3)]}
    year2 = {"P1": [tower("red", 3), tower("white", 2, gold=1)]}
    year3 = {"P1": [tower("red", 4, gold=1), tower("white", 2, gold=1)]}  # a gold trunk added to the red tower
    result = score(game({"P1": 0, "P2": 0}, year3, caliph="P2", earlier_years=[year1, year2, year3]))
    assert [line["points"] for line in lines_of(result, "P1", "year_end")] == [1, 2 + 1, 2 + 2, 2 + 2]
    wolfgang = game({"P1": 0, "P2": 0}, year3, caliph="P1", earlier_years=[year1, year2, year3])
    assert lines_of(score(wolfgang), "P1", "year_end")[3]["explanation"] == (
        "Year 4 evaluation: 2 towers × 1 + 2 gold sections × 1 + Caliph's patronage 1 = 5")
    assert category(score(wolfgang), "year_end")["P2"] == 0


def test_a_towers_height_counts_every_section_including_windows():
    # ASA-SCORE-04: base + trunk + 2 windows + turret = 5 beats base + 2 trunks + turret = 4.
    result = score(game({"P1": 0, "P2": 0}, {"P1": [tower("red", 5, windows=2)], "P2": [tower("red", 4)]}))
    red = result["final_evaluation"]["tower_colors"]["red"]
    assert [(a["player"], a["height"], a["points"]) for a in red] == [("P1", 5, 6), ("P2", 4, 3)]


def test_the_final_evaluation_ranks_the_towers_standing_after_year_four():
    # ASA-SCORE-05: P1's red tower grew from 3 to 5 sections in year 4.
    year3 = {"P1": [tower("red", 3)], "P2": [tower("red", 4)]}
    year4 = {"P1": [tower("red", 5)], "P2": [tower("red", 4)]}
    result = score(game({"P1": 0, "P2": 0}, year4, earlier_years=[{}, {}, year3]))
    assert category(result, "tower_colors") == {"P1": 6, "P2": 3}


def test_each_colour_pays_its_highest_and_second_highest_tower():
    # ASA-SCORE-06: black 8/4, a 3rd black tower gets nothing.
    towers = {"P1": [tower("black", 6)], "P2": [tower("black", 4)], "P3": [tower("black", 3)]}
    result = score(game({"P1": 0, "P2": 0, "P3": 0}, towers))
    assert category(result, "tower_colors") == {"P1": 8, "P2": 4, "P3": 0}


def test_highest_tower_overall_regardless_of_colour():
    # ASA-SCORE-07: 8 (placeholder) for the highest, 4 (rulebook) for the second.
    towers = {"P1": [tower("brown", 7)], "P2": [tower("white", 5)], "P3": [tower("red", 4)]}
    result = score(game({"P1": 0, "P2": 0, "P3": 0}, towers))
    assert category(result, "highest_tower") == {"P1": 8, "P2": 4, "P3": 0}
    assert "/final/highest_tower_overall/highest" in result["placeholders_used"]


def test_most_and_second_most_towers():
    # ASA-SCORE-08
    towers = {"P1": [tower("red", 2)] * 3, "P2": [tower("red", 2)] * 2, "P3": [tower("red", 2)]}
    result = score(game({"P1": 0, "P2": 0, "P3": 0}, towers))
    assert category(result, "most_towers") == {"P1": 12, "P2": 6, "P3": 0}


def test_one_prestige_per_ten_asari_rounded_down():
    # ASA-SCORE-09, ASA-AMB-05
    result = score(game({"P1": 39, "P2": 40, "P3": 9}, {}))
    assert category(result, "asari") == {"P1": 3, "P2": 4, "P3": 0}


def test_a_tie_for_first_pools_first_and_second_per_tower_rounding_up():
    # ASA-SCORE-10: (6+3)/2 = 4.5 → 5 per tied red tower, and no 2nd place for the 3-section tower.
    towers = {"P1": [tower("red", 4)], "P2": [tower("red", 4)], "P3": [tower("red", 3)]}
    result = score(game({"P1": 0, "P2": 0, "P3": 0}, towers))
    assert category(result, "tower_colors") == {"P1": 5, "P2": 5, "P3": 0}
    assert lines_of(result, "P3", "tower_colors")[0]["explanation"] == (
        "Red towers: P3's 3-section tower, no 2nd place after a tie for 1st → 0")


def test_a_tie_for_second_divides_second_place_per_tower_rounding_up():
    # ASA-SCORE-11: red 2nd place 3 / 2 towers = 1.5 → 2 each.
    towers = {"P1": [tower("red", 6)], "P2": [tower("red", 4)], "P3": [tower("red", 4)]}
    result = score(game({"P1": 0, "P2": 0, "P3": 0}, towers))
    assert category(result, "tower_colors") == {"P1": 6, "P2": 2, "P3": 2}
    assert lines_of(result, "P2", "tower_colors")[0]["explanation"] == (
        "Red towers: P2's 4-section tower, tied 2nd with P3 → (3)/2 = 1.5 → 2 (rounded up)")


def test_most_towers_ties_divide_by_players():
    # ASA-SCORE-12: three players tie for most: (12+6)/3 = 6 each; a tie for 2nd splits 6 between two players.
    three_way = {"P1": [tower("red", 2)] * 2, "P2": [tower("green", 2)] * 2, "P3": [tower("black", 2)] * 2}
    assert category(score(game({"P1": 0, "P2": 0, "P3": 0}, three_way)), "most_towers") == {"P1": 6, "P2": 6, "P3": 6}
    second = {"P1": [tower("red", 2)] * 3, "P2": [tower("green", 2)] * 2, "P3": [tower("black", 2)] * 2}
    assert category(score(game({"P1": 0, "P2": 0, "P3": 0}, second)), "most_towers") == {"P1": 12, "P2": 3, "P3": 3}


def test_gold_and_the_patronage_score_nothing_in_the_final_evaluation():
    # ASA-SCORE-13: the same towers with gold sections and the patronage change only the year-end category.
    plain = game({"P1": 0, "P2": 0}, {"P1": [tower("red", 4)], "P2": [tower("red", 3)]}, caliph="P2")
    golden = game({"P1": 0, "P2": 0}, {"P1": [tower("red", 4, gold=3)], "P2": [tower("red", 3)]}, caliph="P1")
    assert final_evaluation(score(plain)) == final_evaluation(score(golden))
    assert category(score(golden), "year_end")["P1"] == category(score(plain), "year_end")["P1"] + 3 + 4


def test_the_highest_prestige_wins_and_ties_share_the_win():
    # ASA-SCORE-14: P1 holds the patronage all four years (+4).
    alone = score(game({"P1": 20, "P2": 10}, {}))
    assert (alone["winners"], alone["winner_explanation"]) == (["P1"], "P1 wins with 6 prestige")
    shared = score(game({"P1": 20, "P2": 60, "P3": 0}, {}))
    assert shared["winners"] == ["P1", "P2"]
    assert shared["winner_explanation"] == "P1 and P2 share the win with 6 prestige"
    assert [(r["player"], r["rank"], r["tied_with"]) for r in shared["ranking"]] == [
        ("P1", 1, ["P2"]), ("P2", 1, ["P1"]), ("P3", 3, [])]
