"""The Asara edition file: loading, corrections supplied by a user, broken files, placeholder reporting."""
import json
import subprocess
import sys

import pytest

from api.games.asara import AsaraData, load_asara_data, score
from api.games.provenance import EditionError

from tests.games.asara.helpers import DATA_FILE, category, game, placeholder_document, tower
from tests.games.asara.test_asara_examples import ASA_T1_TOWERS


def asa_t1() -> dict:
    return game({"P1": 27, "P2": 9, "P3": 35}, ASA_T1_TOWERS)


def test_the_shipped_placeholder_edition_loads_into_frozen_data():
    data = load_asara_data()
    assert isinstance(data, AsaraData) and data.edition_id == "asara.placeholder"
    assert data.colors == ("brown", "green", "red", "black", "white")
    assert (data.color_points("black").first, data.color_points("black").second) == (8, 4)
    assert (data.highest_tower_overall.first, data.most_towers.first, data.building_prestige(7)) == (8, 12, 7)
    with pytest.raises(AttributeError):
        data.years = 5  # frozen


def test_load_from_a_path_and_from_a_dict_agree():
    assert load_asara_data(DATA_FILE) == load_asara_data(placeholder_document()) == load_asara_data()
    assert score(asa_t1(), DATA_FILE) == score(asa_t1())


def test_a_result_names_only_the_placeholder_values_it_used():
    result = score(asa_t1())
    assert result["provisional"] is True
    assert "/final/tower_by_color/red/highest" in result["placeholders_used"]
    assert "/final/highest_tower_overall/highest" in result["placeholders_used"]
    assert not any(p.startswith("/section_prices") or p.startswith("/building") for p in result["placeholders_used"])
    no_towers = score(game({"P1": 27, "P2": 9}, {}))  # year-end, most towers and Asari rules are all rulebook
    assert (no_towers["provisional"], no_towers["placeholders_used"]) == (False, [])


def test_a_corrected_edition_supplied_as_a_dict_changes_the_result():
    # ASA-SCORE-07: the lost number for the highest tower overall set to 10: (10+4)/2 = 7 per tied tower.
    document = placeholder_document()
    document["final"]["highest_tower_overall"]["highest"] = 10
    document["provenance"]["/final/highest_tower_overall/highest"] = "rulebook"
    result = score(asa_t1(), document)
    assert category(result, "highest_tower") == {"P1": 7, "P2": 7, "P3": 0}
    assert "/final/highest_tower_overall/highest" not in result["placeholders_used"]
    assert category(score(asa_t1()), "highest_tower") == {"P1": 6, "P2": 6, "P3": 0}


BROKEN = [
    ("colour missing from the table", lambda d: d["final"]["tower_by_color"].pop("white"), "/final/tower_by_color"),
    ("negative colour points", lambda d: d["final"]["tower_by_color"]["red"].update(highest=-6),
     "/final/tower_by_color/red/highest"),
    ("building table with a gap", lambda d: d["building"]["prestige_by_sections_used"].pop("4"),
     "/building/prestige_by_sections_used"),
    ("no turret kind", lambda d: d["section_kinds"].remove("turret"), "/section_kinds"),
    ("zero Asari per point", lambda d: d["final"].update(asari_per_prestige_point=0), "/final/asari_per_prestige_point"),
    ("unknown rounding", lambda d: d["final"].update(asari_rounding="nearest"), "/final/asari_rounding"),
    ("unsupported tie reading", lambda d: d["final"]["ties"].update(per_tower_awards="one_award_per_player"),
     "/final/ties/per_tower_awards"),
    ("gold scoring in the final", lambda d: d["final"].update(gold_and_caliph_score_in_final=True),
     "/final/gold_and_caliph_score_in_final"),
    ("missing most-towers points", lambda d: d["final"]["most_towers"].pop("second"), "/final/most_towers/second"),
    ("unknown provenance word", lambda d: d["provenance"].update({"/years": "guess"}), "/provenance//years"),
    ("another game's file", lambda d: d["edition"].update(game="Nippon"), "/edition/game"),
]


@pytest.mark.parametrize("breakage, path", [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_a_broken_edition_is_refused_with_its_path(breakage, path):
    document = placeholder_document()
    breakage(document)
    with pytest.raises(EditionError) as caught:
        load_asara_data(document)
    assert caught.value.path == path
    with pytest.raises(EditionError):
        score(asa_t1(), document)


def test_a_corrected_file_on_disk_is_used(tmp_path):
    document = placeholder_document()
    document["final"]["tower_by_color"]["white"]["highest"] = 9
    corrected = tmp_path / "asara.json"
    corrected.write_text(json.dumps(document), encoding="utf-8")
    assert category(score(asa_t1(), corrected), "tower_colors")["P1"] == 5 + 4 + 4 + 9


def test_importing_the_scorer_loads_no_web_or_database_module():
    code = ("import sys, json, api.games.asara as a; a.score({'players': [{'id': 'a', 'asari': 1}, "
            "{'id': 'b', 'asari': 2}], 'years': [{'caliph': 'a', 'towers': {}}] * 4}); "
            "print(json.dumps(sorted(sys.modules)))")
    loaded = {m.split(".")[0] for m in json.loads(subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        cwd=DATA_FILE.parents[2]).stdout)}
    assert not loaded & {"flask", "werkzeug", "sqlite_utils", "marshmallow"}


def test_towers_of_every_height_use_the_edition_colours():
    # ASA-SCORE-04, ASA-SCORE-06: a colour added by a corrected edition is accepted and scored.
    document = placeholder_document()
    document["colors"].append("blue")
    document["final"]["tower_by_color"]["blue"] = {"highest": 9, "second": 5}
    result = score(game({"P1": 0, "P2": 0}, {"P1": [tower("blue", 3)]}), document)
    assert category(result, "tower_colors")["P1"] == 9
