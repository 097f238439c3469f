"""The catalogue's Asara mini test ASA-T1 (Part E.2), exactly as written."""
import json

from api.games.asara import score

from tests.games.asara.helpers import category, final_evaluation, game, player_result, tower

ASA_T1_TOWERS = {
    "P1": [tower("red", 5), tower("brown", 3), tower("green", 2), tower("white", 2)],
    "P2": [tower("red", 5), tower("black", 4), tower("brown", 2), tower("green", 2)],
    "P3": [tower("red", 3), tower("black", 2)],
}


def test_asa_t1_final_evaluation():
    # ASA-T1: ASA-SCORE-06..12 with the placeholder values.
    result = score(game({"P1": 27, "P2": 9, "P3": 35}, ASA_T1_TOWERS))
    assert final_evaluation(result) == {"P1": 37, "P2": 34, "P3": 7}
    assert json.loads(json.dumps(result)) == result  # JSON-ready as returned
    assert category(result, "tower_colors") == {"P1": 5 + 4 + 4 + 7, "P2": 5 + 2 + 4 + 8, "P3": 4}
    assert category(result, "highest_tower") == {"P1": 6, "P2": 6, "P3": 0}
    assert category(result, "most_towers") == {"P1": 9, "P2": 9, "P3": 0}
    assert category(result, "asari") == {"P1": 2, "P2": 0, "P3": 3}

    colors = result["final_evaluation"]["tower_colors"]
    assert [(a["player"], a["place"], a["points"]) for a in colors["red"]] == [("P1", 1, 5), ("P2", 1, 5),
                                                                               ("P3", None, 0)]
    assert [(a["player"], a["points"]) for a in colors["brown"]] == [("P1", 4), ("P2", 2)]
    assert [(a["player"], a["points"]) for a in colors["black"]] == [("P2", 8), ("P3", 4)]
    explanations = [line["explanation"] for line in player_result(result, "P1")["lines"]]
    assert "Red towers: P1's 5-section tower, tied 1st with P2 → (6+3)/2 = 4.5 → 5 (rounded up)" in explanations
    assert "Most towers: 4 towers, tied 1st with P2 → (12+6)/2 = 9" in explanations
    assert "27 Asari → 2 (1 per 10, rounded down)" in explanations
