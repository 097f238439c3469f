"""Asara end-only mode: the towers, Asari and prestige track as they lie at the end give the same totals as the
detailed year-by-year input of the same game; every impossible value is refused naming it in words and the rule."""
import copy

import pytest

from api.games.asara import ScoringInputError, score

from tests.games.asara.helpers import game, tower

# A 4-player game: the final towers, Asari, and what happened at each year end.
FINAL = {"Ann": [("red", 5, 1), ("brown", 3, 0), ("green", 2, 0)],
         "Bob": [("red", 5, 0), ("black", 4, 2)],
         "Cem": [("white", 6, 1)],
         "Dee": [("brown", 4, 0), ("green", 3, 1), ("black", 2, 0)]}
ASARI = {"Ann": 27, "Bob": 9, "Cem": 35, "Dee": 14}
BUILDING = {"Ann": 10, "Bob": 9, "Cem": 6, "Dee": 9}  # one prestige per section used (the placeholder table)
YEAR3 = {"Ann": [("red", 4, 1), ("brown", 3, 0)], "Bob": [("red", 5, 0), ("black", 3, 1)],
         "Cem": [("white", 4, 0)], "Dee": [("brown", 4, 0)]}
CALIPH = ["Ann", "Bob", "Bob", "Cem"]


def detailed() -> dict:
    """The game in the detailed format (years 1 and 2 without towers)."""
    towers = lambda spec: {p: [tower(c, h, gold=g) for c, h, g in ts] for p, ts in spec.items()}
    body = game(ASARI, towers(FINAL), earlier_years=[{}, {}, towers(YEAR3)])
    for year, holder in zip(body["years"], CALIPH):
        year["caliph"] = holder
    for player in body["players"]:
        player["building_prestige"] = BUILDING[player["id"]]
    return body


def year_end(name: str, number: int) -> int:
    towers = {2: YEAR3, 3: FINAL}.get(number, {}).get(name, [])
    return len(towers) + sum(g for _, _, g in towers) + (CALIPH[number] == name)


def end_only(with_years: bool = False) -> dict:
    """The same game as the table shows it at the end (track = building + the four year ends)."""
    body = {"mode": "end_only", "players": [
        {"name": name, "asari": ASARI[name], "prestige": BUILDING[name] + sum(year_end(name, y) for y in range(4)),
         "towers": [{"color": c, "sections": h, **({"gold": g} if g else {})} for c, h, g in towers]}
        for name, towers in FINAL.items()]}
    if with_years:
        body["years"] = [{"caliph": CALIPH[y],
                          "towers": {n: len(t) for n, t in {2: YEAR3, 3: FINAL}.get(y, {}).items()},
                          "gold": {n: sum(g for _, _, g in t) for n, t in {2: YEAR3, 3: FINAL}.get(y, {}).items()}}
                         for y in range(4)]
    return body


def totals(result: dict) -> dict:
    return {p["id"]: p["total"] for p in result["players"]}


def test_end_only_gives_the_detailed_totals():
    # ASA-SCORE-05: the final evaluation is added to the track after the 4th year end, which holds
    # building prestige (ASA-SCORE-02) and the year-end evaluations (ASA-SCORE-03).
    expected = score(detailed())
    short = score(end_only())
    assert totals(short) == totals(expected)
    assert short["winners"] == expected["winners"] and short["mode"] == "end_only"
    assert short["final_evaluation"] == expected["final_evaluation"]
    ann = next(p for p in short["players"] if p["id"] == "Ann")
    assert ann["categories"]["prestige_track"] == BUILDING["Ann"] + sum(year_end("Ann", y) for y in range(4))
    assert {v["check"]: v["status"] for v in short["verification"]}["year-end evaluations"] == "not_verified"


def test_end_only_with_the_year_ends_splits_the_track_like_the_detailed_input():
    # ASA-SCORE-03: with the year ends entered, the year-end and building categories match the detailed input.
    expected = score(detailed())
    split = score(end_only(with_years=True))
    assert [p["categories"] for p in split["players"]] == [p["categories"] for p in expected["players"]]
    assert {v["check"]: v["status"] for v in split["verification"]}["year-end evaluations"] == "verified"


def put(path: list, value):
    def change(body):
        node = body
        for key in path[:-1]:
            node = node[key]
        if value is DELETE:
            del node[path[-1]]
        else:
            node[path[-1]] = value
        return body
    return change


DELETE = object()

REFUSALS = [
    # (id, base, change, code, rule, path, words in the field name)
    ("Asari beyond the coins", False, put(["players", 0, "asari"], 2 ** 63), "asari_beyond_coins", "ASA-SCORE-09",
     "/players/0/asari", "Ann's Asari"),  # rules "Components": 52 coins worth 215
    ("Asari together beyond the coins", False, put(["players", 1, "asari"], 200), "asari_beyond_coins",
     "ASA-SCORE-09", "/players/1/asari", "Bob's Asari"),
    ("tower of 200 sections", False, put(["players", 0, "towers", 0, "sections"], 200), "tower_too_high",
     "ASA-SCORE-04", "/players/0/towers/0/sections", "Ann's 1st tower"),  # rules "Components": 100 sections
    ("a tower without its turret", False, put(["players", 2, "towers", 0, "sections"], 1), "tower_too_low",
     "ASA-SCORE-04", "/players/2/towers/0/sections", "Cem's 1st tower"),  # one base and one turret
    ("more sections than the box", False, put(["players", 2, "towers"], [{"color": "white", "sections": 50}] * 2),
     "more_sections_than_the_box", "ASA-SCORE-04", "/players/2/towers/1/sections", "Cem's 2nd tower"),
    ("gold beyond the tower", False, put(["players", 1, "towers", 1, "gold"], 5), "too_many_gold_sections",
     "ASA-SCORE-03", "/players/1/towers/1/gold", "Bob's 2nd tower"),
    ("a colour not in the box", False, put(["players", 0, "towers", 0, "color"], "blue"), "unknown_color",
     "ASA-SCORE-04", "/players/0/towers/0/color", "Ann's 1st tower"),
    ("track beyond what the towers earn", False, put(["players", 0, "prestige"], 90), "prestige_out_of_reach",
     "ASA-SCORE-03", "/players/0/prestige", "Ann's prestige-track position"),
    ("track below the last year end", False, put(["players", 0, "prestige"], 3), "prestige_out_of_reach",
     "ASA-SCORE-03", "/players/0/prestige", "Ann's prestige-track position"),
    ("one player", False, lambda b: {**b, "players": b["players"][:1]}, "wrong_player_count", "ASA-SCORE-01",
     "/players", "the players"),
    ("two players with one name", False, put(["players", 1, "name"], "Ann"), "duplicate_player_name",
     "ASA-SCORE-01", "/players/1/name", "player 2's name"),
    ("no Caliph holder", True, put(["years", 1, "caliph"], None), "caliph_holder_unknown", "ASA-SCORE-03",
     "/years/1/caliph", "Caliph's patronage in year 2"),  # someone always holds it: no default holder
    ("fewer towers a year later", True, put(["years", 2, "towers", "Ann"], 4), "year_end_towers_shrank",
     "ASA-SCORE-03", "/years/2/towers/Ann", "Ann's towers at the end of year 3"),
    ("gold leaving the towers", True, put(["years", 2, "gold", "Bob"], 3), "year_end_gold_shrank",
     "ASA-SCORE-03", "/years/2/gold/Bob", "Bob's gold sections at the end of year 3"),
    ("last year differs from the table", True, put(["years", 3, "towers", "Cem"], 2), "year_end_towers_differ",
     "ASA-SCORE-03", "/years/3/towers/Cem", "Cem's towers at the end of year 4"),
    ("track not matching the year ends", True, put(["players", 3, "prestige"], 2), "prestige_out_of_reach",
     "ASA-SCORE-03", "/players/3/prestige", "Dee's prestige-track position"),
]


@pytest.mark.parametrize("with_years, change, code, rule, path, words", [c[1:] for c in REFUSALS],
                         ids=[c[0] for c in REFUSALS])
def test_impossible_end_only_input_is_refused(with_years, change, code, rule, path, words):
    with pytest.raises(ScoringInputError) as caught:
        score(change(end_only(with_years)))
    assert (caught.value.code, caught.value.rule, caught.value.path) == (code, rule, path)
    assert words in caught.value.field


DETAILED_REFUSALS = [
    ("Asari of 2**63", lambda b: b["players"][0].update(asari=2 ** 63), "asari_beyond_coins", "ASA-SCORE-09",
     "/players/0/asari"),  # rules "Components": the 52 coins are all the money
    ("a tower of 200 sections", lambda b: b["years"][3]["towers"]["Cem"][0]["sections"].update(trunk=198),
     "above_maximum", "ASA-SCORE-04", "/years/3/towers/Cem/0/sections/trunk"),
    ("more sections than the box", lambda b: b["years"][3]["towers"]["Cem"].extend([tower("white", 40)] * 2),
     "more_sections_than_the_box", "ASA-SCORE-04", "/years/3/towers/Cem/2"),
    ("gold moving between towers", lambda b: b["years"][3]["towers"]["Bob"].__setitem__(
        0, tower("red", 5, gold=1)) or b["years"][3]["towers"]["Bob"].__setitem__(1, tower("black", 4, gold=0)),
     "gold_sections_removed", "ASA-SCORE-03", "/years/3/towers/Bob"),  # "Build Tower" rule 5: no swapping
    ("building prestige beyond the sections", lambda b: b["players"][2].update(building_prestige=40),
     "building_prestige_out_of_reach", "ASA-SCORE-02", "/players/2/building_prestige"),
]


@pytest.mark.parametrize("change, code, rule, path", [c[1:] for c in DETAILED_REFUSALS],
                         ids=[c[0] for c in DETAILED_REFUSALS])
def test_impossible_detailed_input_is_refused(change, code, rule, path):
    body = detailed()
    change(body)
    with pytest.raises(ScoringInputError) as caught:
        score(body)
    assert (caught.value.code, caught.value.rule, caught.value.path) == (code, rule, path)


def test_the_detailed_game_itself_is_valid_and_end_only_does_not_change_its_input():
    body = end_only(with_years=True)
    kept = copy.deepcopy(body)
    score(body)
    assert body == kept
    assert score(detailed())["mode"] == "detailed"


def test_a_refusal_without_its_own_words_names_the_value_from_its_path():
    # ASA-SCORE-04: the colour check of the detailed format names the tower in words, not only as a pointer
    body = detailed()
    body["years"][3]["towers"]["Bob"][1]["color"] = "blue"
    with pytest.raises(ScoringInputError) as caught:
        score(body)
    assert caught.value.path == "/years/3/towers/Bob/1/color"
    assert caught.value.field == "year 4 · Bob's 2nd tower · color"
