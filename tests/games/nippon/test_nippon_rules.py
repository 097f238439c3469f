"""One test per Nippon scoring rule (catalogue Part E.1, NIP-SCORE-01..10) and per proposed NIP-AMB reading.

Placeholder slots: R1 [1,1,2,3]/[1,2,2,2]; R2 [1,2,3,3]/[1,1,1,2]; R3 [2,2,3,4]/[1,2,2,3]; R4 [1,2,2,3]/[2,3,3,4].
Region VP 6/4/2, 8/5/3, 10/7/4; ships 2 VP; trains +2; tiles 1,1,2,2,3,3,4,5,6,7.
"""
from api.games.nippon import score

from tests.games.nippon.helpers import (
    game, lines, placeholder_document, player_result, players, region, region_result, region_vp,
    same_board_each_scoring, tile,
)


def categories(result, pid):
    return player_result(result, pid)["categories"]


def test_starting_vp_depend_on_the_seat_not_the_input_order():
    # NIP-SCORE-01
    seated = [{"id": "d", "seat": 4}, {"id": "b", "seat": 2}, {"id": "a", "seat": 1}, {"id": "c", "seat": 3}]
    result = score(game(seated))
    assert {p["id"]: p["categories"]["starting_vp"] for p in result["players"]} == {"a": 10, "b": 11, "c": 12, "d": 13}
    assert lines(result, "d", "starting_vp")[0]["explanation"] == "Seat 4 starts on 13 VP"


def test_three_scorings_each_score_every_region_and_accumulate():
    # NIP-SCORE-02: the same majority pays 6, then 8, then 10.
    r1 = region(tiles=[tile("red", "R1.C1", 3, 7), tile("red", "R1.C1", 2, 6)])  # 13 against 14 - 5 = 9
    result = score(game(players("red", "blue"), same_board_each_scoring({"R1": r1})))
    assert [len(s["regions"]) for s in result["scorings"]] == [4, 4, 4]
    assert [region_vp(result, n, "R1")["red"] for n in (1, 2, 3)] == [6, 8, 10]
    assert categories(result, "red")["region_majority"] == 24


def test_trains_add_influence_only_with_an_influence_tile_in_the_region():
    # NIP-SCORE-03
    r3 = region(tiles=[tile("red", "R3.C1", 0, 1), tile("blue", "R3.C2", 0, 4)],
                trains={"red": 2, "yellow": 2})
    result = score(game(players("red", "blue", "yellow"), same_board_each_scoring({"R3": r3})))
    standings = {s["player"]: s for s in region_result(result, 1, "R3")["standings"]}
    assert (standings["red"]["influence"], standings["red"]["train_influence"]) == (1 + 2 * 2, 4)
    assert standings["blue"]["influence"] == 4
    assert standings["yellow"]["place"] is None  # two trains, no tile: 0, not placed
    assert standings[None]["influence"] == 19 - 2 - 1  # Overseas Companies 1st
    assert region_vp(result, 1, "R3") == {"red": 4, "blue": 2, "yellow": 0}


def test_overseas_companies_have_the_uncovered_printed_numbers():
    # NIP-SCORE-04
    r2 = region(tiles=[tile("red", "R2.C1", 2, 1), tile("red", "R2.C1", 3, 1)])  # covers both slots printed 3
    result = score(game(players("red", "blue"), {1: {"R2": r2}}))
    assert region_result(result, 1, "R2")["overseas_influence"] == 14 - 6
    assert region_result(result, 1, "R2")["standings"][0] == {
        "player": None, "overseas_companies": True, "influence": 8, "place": 1, "tied": False, "vp_to_nobody": 6}


def test_overseas_companies_with_every_slot_covered_do_not_compete():
    # NIP-SCORE-04
    slots = [("R1.C1", i) for i in range(4)] + [("R1.C2", i) for i in range(4)]
    r1 = region(tiles=[tile("red", city, i, value) for (city, i), value in zip(slots, [1, 1, 2, 2, 3, 3, 4, 5])])
    result = score(game(players("red", "blue"), {1: {"R1": r1}}))
    assert region_result(result, 1, "R1")["overseas_influence"] == 0
    assert [s["player"] for s in region_result(result, 1, "R1")["standings"]] == ["red"]
    assert region_vp(result, 1, "R1") == {"red": 6}


def test_places_one_to_three_are_paid_and_an_overseas_place_pays_nobody():
    # NIP-SCORE-05
    r4 = region(tiles=[tile("a", "R4.C2", 3, 7), tile("b", "R4.C2", 2, 6), tile("c", "R4.C2", 1, 5),
                       tile("d", "R4.C2", 0, 4)])  # Overseas 20 - 12 = 8
    result = score(game(players("a", "b", "c", "d"), {1: {"R4": r4}}))
    standings = region_result(result, 1, "R4")["standings"]
    assert [(s["player"], s["place"]) for s in standings] == [(None, 1), ("a", 2), ("b", 3), ("c", 4), ("d", 5)]
    assert standings[0]["vp_to_nobody"] == 6
    assert region_vp(result, 1, "R4") == {"a": 4, "b": 2, "c": 0, "d": 0}
    assert "4th → 0 (only 3 places score)" in lines(result, "c", "region_majority")[0]["explanation"]


def test_tied_contenders_pool_the_places_they_hold_and_round_down():
    # NIP-SCORE-06: three-way tie for 1st at the 2nd scoring: (8+5+3)/3 = 5.33 → 5.
    r3 = region(tiles=[tile("a", "R3.C1", 3, 7), tile("a", "R3.C1", 2, 6), tile("b", "R3.C1", 1, 7),
                       tile("b", "R3.C1", 0, 6), tile("c", "R3.C2", 3, 7), tile("c", "R3.C2", 2, 6)])
    result = score(game(players("a", "b", "c"), {2: {"R3": r3}}))
    assert region_vp(result, 2, "R3") == {"a": 5, "b": 5, "c": 5}
    overseas = region_result(result, 2, "R3")["standings"][-1]
    assert (overseas["influence"], overseas["place"], overseas["vp_to_nobody"]) == (3, 4, 0)
    assert "tied 1st with b and c → (8+5+3)/3 = 5 (rounded down)" in lines(result, "a", "region_majority")[0][
        "explanation"]


def test_ships_score_for_first_and_second_only_in_their_own_region():
    # NIP-SCORE-07, NIP-AMB-03: a's ships in R2 (where a has no tile) do not score.
    r1 = region(tiles=[tile("a", "R1.C1", 3, 7), tile("a", "R1.C1", 2, 6), tile("a", "R1.C1", 1, 5),
                       tile("b", "R1.C2", 3, 7), tile("b", "R1.C2", 2, 6), tile("c", "R1.C2", 1, 7)],
                ships={"a": 1, "b": 1, "c": 1})
    board = {"R1": r1, "R2": region(ships={"a": 2})}
    result = score(game(players("a", "b", "c"), same_board_each_scoring(board)))
    assert region_vp(result, 1, "R1") == {"a": 6 + 2, "b": 4 + 2, "c": 2 + 0}
    assert region_vp(result, 1, "R2") == {"a": 0}
    assert categories(result, "a")["ships"] == 3 * 2
    c_ships = lines(result, "c", "ships")[0]["explanation"]
    assert c_ships == "Scoring 1, region R1: 1 ship scores nothing (placed 3rd; only 1st and 2nd score their ships) → 0"


def test_vp_gained_in_play_are_entered_as_totals():
    # NIP-SCORE-08
    seated = players("red", "blue")
    seated[0]["vp_in_play"] = {"contracts": 9, "region_bonus": 4, "workforce_lost": 4}
    result = score(game(seated))
    cats = categories(result, "red")
    assert (cats["contracts"], cats["region_bonus"], cats["workforce"]) == (9, 4, -4)
    assert player_result(result, "red")["total"] == 10 + 9 + 4 - 4
    assert lines(result, "red", "workforce")[0]["explanation"] == "Workforce: 2 unpaid worker colours × −2 = −4"


def test_achievement_spaces_score_units_times_vp_times_multiplier():
    # NIP-SCORE-09, NIP-AMB-07 (an empty space scores 0)
    seated = players("red", "blue")
    seated[0]["achievements"] = [{"space": "ACH1", "units": 4, "multiplier": 3},
                                 {"space": "ACH4", "units": 3, "multiplier": 2},
                                 {"space": "ACH2", "units": 5}]
    result = score(game(seated))
    assert [line["points"] for line in lines(result, "red", "achievements")] == [4 * 1 * 3, 3 * 1 * 2, 0]
    assert categories(result, "red")["achievements"] == 18
    assert lines(result, "red", "achievements")[0]["explanation"] == (
        "Achievement ACH1 (factories built): 4 × 1 VP × 3 (multiplier tile) = 12")


def test_most_vp_wins():
    # NIP-SCORE-10
    result = score(game(players("a", "b"), last_turn="a"))
    assert result["winners"] == ["b"] and result["winner_explanation"] == "b wins with 11 VP"
    assert [(r["player"], r["rank"], r["tie_break"]) for r in result["ranking"]] == [("b", 1, None), ("a", 2, None)]


def test_a_tie_goes_to_the_player_who_took_the_last_turn():
    # NIP-SCORE-10
    seated = players("a", "b")
    seated[0]["vp_in_play"] = {"contracts": 3, "workforce_lost": 2}  # a 10 + 3 - 2 = b 11
    assert score(game(seated, last_turn="a"))["winners"] == ["a"]
    assert score(game(seated, last_turn="b"))["winners"] == ["b"]


def test_a_tie_without_the_last_player_goes_to_the_closest_counterclockwise():
    # NIP-SCORE-10: seats a1 b2 c3 d4; a (10 + 2) ties c (12) for the lead; d (13 - 2) ties b (11).
    seated = players("a", "b", "c", "d")
    seated[0]["vp_in_play"] = {"region_bonus": 2}
    seated[3]["vp_in_play"] = {"workforce_lost": 2}
    after_d = score(game(seated, last_turn="d"))  # counterclockwise from d: c, b, a
    assert after_d["winners"] == ["c"]
    assert after_d["ranking"][0]["tie_break"] == (
        "tied on 12 VP with a; c sits 1 seat counterclockwise from d, who took the last turn")
    assert [r["player"] for r in after_d["ranking"]] == ["c", "a", "d", "b"]
    assert [r["player"] for r in score(game(seated, last_turn="b"))["ranking"]] == ["a", "c", "b", "d"]


def test_a_player_without_influence_does_not_place_unless_the_edition_says_so():
    # NIP-AMB-02: b has a ship but no tile in R1.
    r1 = region(tiles=[tile("a", "R1.C1", 3, 7), tile("a", "R1.C1", 2, 6)], ships={"b": 1})
    board = same_board_each_scoring({"R1": r1})
    assert region_vp(score(game(players("a", "b"), board)), 1, "R1") == {"a": 6, "b": 0}
    document = placeholder_document()
    document["region_majority"]["zero_influence_player_places"] = True
    changed = score(game(players("a", "b"), board), document)
    assert region_vp(changed, 1, "R1") == {"a": 6, "b": 2 + 0}  # 3rd behind the Overseas Companies: 2 VP, no ship
    assert [s["place"] for s in region_result(changed, 1, "R1")["standings"]] == [1, 2, 3]


def test_negative_totals_are_kept_unless_the_edition_forbids_them():
    # NIP-AMB-05
    seated = players("a", "b")
    seated[0]["vp_in_play"] = {"workforce_lost": 14}
    assert player_result(score(game(seated)), "a")["total"] == -4
    document = placeholder_document()
    document["end_of_game"]["negative_vp_allowed"] = False
    floored = player_result(score(game(seated), document), "a")
    assert (floored["total"], floored["categories"]["floor"]) == (0, 4)
