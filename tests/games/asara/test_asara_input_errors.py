"""Impossible Asara input is refused with a stable code, the rule it breaks and the JSON pointer of the value."""
import pytest

from api.games.asara import ScoringInputError, score

from tests.games.asara.helpers import game, tower

TOWER = "/years/3/towers/P1/0"


def base() -> dict:
    """A valid game: P1 has a red tower from year 3 on, P2 a brown one in year 4."""
    year3 = {"P1": [tower("red", 4, gold=1)]}
    return game({"P1": 12, "P2": 30}, {"P1": [tower("red", 4, gold=1)], "P2": [tower("brown", 3)]},
                earlier_years=[{}, {}, year3])


def first_tower(g: dict) -> dict:
    return g["years"][3]["towers"]["P1"][0]


def change(function):
    def apply(g):
        function(g)
        return g
    return apply


CASES = [
    # (id, change, code, rule, path)
    ("two bases", change(lambda g: first_tower(g)["sections"].update(base=2)), "tower_base_count", "ASA-SCORE-04",
     TOWER + "/sections/base"),
    ("no turret", change(lambda g: first_tower(g)["sections"].pop("turret")), "tower_turret_count", "ASA-SCORE-04",
     TOWER + "/sections/turret"),
    ("two turrets", change(lambda g: first_tower(g)["sections"].update(turret=2)), "tower_turret_count",
     "ASA-SCORE-04", TOWER + "/sections/turret"),
    ("two colours", change(lambda g: first_tower(g).update(color="red+black")), "unknown_color", "ASA-SCORE-04",
     TOWER + "/color"),
    ("unknown section kind", change(lambda g: first_tower(g)["sections"].update(roof=1)), "unknown_field",
     "ASA-SCORE-04", TOWER + "/sections/roof"),
    ("negative trunk count", change(lambda g: first_tower(g)["sections"].update(trunk=-1)), "negative_count",
     "ASA-SCORE-04", TOWER + "/sections/trunk"),
    ("more gold than sections", change(lambda g: first_tower(g).update(gold_sections=5)), "too_many_gold_sections",
     "ASA-SCORE-03", TOWER + "/gold_sections"),
    ("towers not a list", change(lambda g: g["years"][3]["towers"].update(P2=tower("brown", 3))), "not_a_list",
     "ASA-SCORE-04", "/years/3/towers/P2"),
    ("towers of an unknown player", change(lambda g: g["years"][3]["towers"].update(P9=[])), "unknown_player",
     "ASA-SCORE-03", "/years/3/towers/P9"),
    ("duplicate player ids", change(lambda g: g["players"][1].update(id="P1")), "duplicate_player_id", "ASA-SCORE-01",
     "/players/1/id"),
    ("one player", change(lambda g: g["players"].pop()), "wrong_player_count", "ASA-SCORE-01", "/players"),
    ("negative Asari", change(lambda g: g["players"][0].update(asari=-5)), "negative_count", "ASA-SCORE-09",
     "/players/0/asari"),
    ("Asari as text", change(lambda g: g["players"][0].update(asari="12")), "not_an_integer", "ASA-SCORE-09",
     "/players/0/asari"),
    ("three years", change(lambda g: g["years"].pop(0)), "wrong_length", "ASA-SCORE-03", "/years"),
    ("unknown patron", change(lambda g: g["years"][0].update(caliph="P7")), "unknown_player", "ASA-SCORE-03",
     "/years/0/caliph"),
    ("nobody holds the patronage", change(lambda g: g["years"][1].pop("caliph")), "missing_field", "ASA-SCORE-03",
     "/years/1/caliph"),
    ("tower shortened", change(lambda g: first_tower(g)["sections"].update(trunk=1)), "tower_shrank", "ASA-SCORE-03",
     "/years/3/towers/P1"),
    ("tower taken down", change(lambda g: g["years"][3]["towers"].pop("P1")), "tower_shrank", "ASA-SCORE-03",
     "/years/3/towers/P1"),
    ("gold sections removed", change(lambda g: first_tower(g).update(gold_sections=0)), "gold_sections_removed",
     "ASA-SCORE-03", "/years/3/towers/P1"),
    ("building total and turns", change(lambda g: g["players"][0].update(building_prestige=4, building_turns=[4])),
     "conflicting_fields", "ASA-SCORE-02", "/players/0/building_turns"),
    ("building turn beyond the dearest plot", change(lambda g: g["players"][0].update(building_turns=[1, 8])),
     "above_maximum", "ASA-SCORE-02", "/players/0/building_turns/1"),
    ("building turn of no section", change(lambda g: g["players"][0].update(building_turns=[0, 4])),
     "below_minimum", "ASA-SCORE-02", "/players/0/building_turns/0"),
    ("building turns that do not add up", change(lambda g: g["players"][0].update(building_turns=[3])),
     "building_sections_mismatch", "ASA-SCORE-02", "/players/0/building_turns"),
    ("negative building prestige", change(lambda g: g["players"][1].update(building_prestige=-1)), "negative_count",
     "ASA-SCORE-02", "/players/1/building_prestige"),
    ("unknown player field", change(lambda g: g["players"][1].update(prestige=3)), "unknown_field", "ASA-SCORE-01",
     "/players/1/prestige"),
]


@pytest.mark.parametrize("mutate, code, rule, path", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_impossible_input_is_refused(mutate, code, rule, path):
    with pytest.raises(ScoringInputError) as caught:
        score(mutate(base()))
    assert (caught.value.code, caught.value.rule, caught.value.path) == (code, rule, path)
    assert caught.value.message


def test_the_base_input_is_valid():
    assert score(base())["winners"] == ["P1"]


def test_a_tower_with_two_bases_says_so():
    # ASA-SCORE-04
    g = base()
    first_tower(g)["sections"]["base"] = 2
    with pytest.raises(ScoringInputError) as caught:
        score(g)
    assert caught.value.message == "a tower has exactly one base; this one has 2"
    assert str(caught.value) == f"{TOWER}/sections/base: a tower has exactly one base; this one has 2 [ASA-SCORE-04]"


def test_nippon_and_asara_raise_the_same_error_class():
    from api.games import nippon
    assert nippon.ScoringInputError is ScoringInputError


def test_two_shrunk_towers_name_the_first_listed_every_run():
    # ASA-SCORE-03: the refusal names the first tower that shrank, in the input's order, whatever the process's
    # string hashing (each interpreter below has another PYTHONHASHSEED; a set of colours gave either).
    import json
    import os
    import subprocess
    import sys
    g = game({"P1": 12, "P2": 30}, {"P1": [], "P2": [tower("brown", 3)]},
             earlier_years=[{}, {}, {"P1": [tower("red", 4), tower("black", 4), tower("white", 4)]}])
    script = ("import json, sys\nfrom api.games.asara import ScoringInputError, score\n"
              "try:\n    score(json.loads(sys.argv[1]))\nexcept ScoringInputError as e:\n    print(e.message)\n")
    said = {subprocess.run([sys.executable, "-c", script, json.dumps(g)], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in range(6)}
    assert len(said) == 1 and "red" in said.pop()
