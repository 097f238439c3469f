"""The Nippon edition file: loading, corrections supplied by a user, broken files, placeholder reporting."""
import json
import subprocess
import sys

import pytest

from api.games.nippon import NipponData, load_nippon_data, score
from api.games.provenance import EditionError

from tests.games.nippon.helpers import DATA_FILE, game, placeholder_document, players, region, region_vp, tile

NIP_T1_R2 = region(tiles=[tile("red", "R2.C1", 3, 3), tile("red", "R2.C1", 1, 2), tile("blue", "R2.C1", 2, 4),
                          tile("blue", "R2.C2", 3, 3)], trains={"red": 1}, ships={"red": 1})


def nip_t1() -> dict:
    return game(players("red", "blue"), {2: {"R2": NIP_T1_R2}})  # the board stays for scoring 3


def test_the_shipped_placeholder_edition_loads_into_frozen_data():
    # NIP-SCORE-11: the tables come from the data file, not from code.
    data = load_nippon_data()
    assert isinstance(data, NipponData) and data.edition_id == "nippon.placeholder"
    assert data.vp_by_scoring == ((6, 4, 2), (8, 5, 3), (10, 7, 4))
    assert data.region("R2").city("R2.C1").slots == (1, 2, 3, 3)
    assert dict(data.multiplier_supply) == {2: 6 + 4, 3: 6, 4: 6, 5: 6}
    with pytest.raises(AttributeError):
        data.ship_vp = 3  # frozen


def test_load_from_a_path_and_from_a_dict_agree():
    assert load_nippon_data(DATA_FILE) == load_nippon_data(placeholder_document()) == load_nippon_data()
    assert score(nip_t1(), DATA_FILE) == score(nip_t1())


def test_a_result_names_the_placeholder_values_it_used():
    result = score(nip_t1())
    assert result["provisional"] is True
    used = result["placeholders_used"]
    assert "/region_majority/vp_by_scoring/2/0" in used and "/region_majority/vp_by_scoring/2/1" in used
    assert "/regions/R2/cities/R2.C1/overseas_influence_slots" in used
    assert "/influence_tiles/values" in used
    assert not any(path.startswith("/victory_points") or path.startswith("/ships") for path in used)  # rulebook
    assert used == sorted(used)


def test_a_corrected_edition_supplied_as_a_dict_changes_the_result():
    # NIP-SCORE-11, NIP-SCORE-06: with 9/6/3 at the 2nd scoring, Red and Blue split (9+6)/2 = 7.
    document = placeholder_document()
    document["region_majority"]["vp_by_scoring"]["2"] = [9, 6, 3]
    document["provenance"]["/region_majority/vp_by_scoring/2"] = "rulebook"
    result = score(nip_t1(), document)
    assert region_vp(result, 2, "R2") == {"red": 7 + 2, "blue": 7}
    assert not any(p.startswith("/region_majority/vp_by_scoring/2") for p in result["placeholders_used"])
    assert region_vp(score(nip_t1()), 2, "R2") == {"red": 6 + 2, "blue": 6}  # the shipped file is untouched


def test_a_fully_verified_edition_is_not_provisional():
    document = placeholder_document()
    document["provenance"] = {p: ("rulebook" if v == "placeholder" else v) for p, v in document["provenance"].items()}
    result = score(nip_t1(), document)
    assert (result["provisional"], result["placeholders_used"]) == (False, [])


BROKEN = [
    ("short VP row", lambda d: d["region_majority"]["vp_by_scoring"].update({"2": [8, 5]}),
     "/region_majority/vp_by_scoring/2"),
    ("negative printed slot", lambda d: d["regions"]["R1"]["cities"]["R1.C1"]["overseas_influence_slots"].__setitem__(
        0, -1), "/regions/R1/cities/R1.C1/overseas_influence_slots/0"),
    ("missing scoring row", lambda d: d["region_majority"]["vp_by_scoring"].pop("3"), "/region_majority/vp_by_scoring"),
    ("text instead of a number", lambda d: d["ships"].update({"face_up_vp": "2"}), "/ships/face_up_vp"),
    ("seat table too short", lambda d: d["victory_points"].update({"start_by_seat": [10, 11, 12]}),
     "/victory_points/start_by_seat"),
    ("tile above the maximum", lambda d: d["influence_tiles"]["values"].__setitem__(9, 8), "/influence_tiles/values/9"),
    ("unsupported reading", lambda d: d["region_majority"].update({"overseas_share_in_ties": "ignored"}),
     "/region_majority/overseas_share_in_ties"),
    ("missing value", lambda d: d["workforce"].pop("vp_lost_per_unpaid_color"), "/workforce/vp_lost_per_unpaid_color"),
    ("value without provenance", lambda d: d.update({"extra": 1}), "/extra"),
    ("dead provenance pattern", lambda d: d["provenance"].update({"/nothing": "rulebook"}), "/provenance//nothing"),
    ("another game's file", lambda d: d["edition"].update({"game": "Asara"}), "/edition/game"),
]


@pytest.mark.parametrize("breakage, path", [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_a_broken_edition_is_refused_with_its_path(breakage, path):
    document = placeholder_document()
    breakage(document)
    with pytest.raises(EditionError) as caught:
        load_nippon_data(document)
    assert caught.value.path == path
    with pytest.raises(EditionError):
        score(nip_t1(), document)


def test_a_file_that_is_not_json_is_refused(tmp_path):
    broken = tmp_path / "nippon.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(EditionError) as caught:
        load_nippon_data(broken)
    assert caught.value.path == "/"


def test_a_corrected_file_on_disk_is_used(tmp_path):
    document = placeholder_document()
    document["ships"]["face_up_vp"] = 3
    corrected = tmp_path / "nippon.json"
    corrected.write_text(json.dumps(document), encoding="utf-8")
    assert region_vp(score(nip_t1(), corrected), 2, "R2")["red"] == 6 + 3


def test_importing_the_scorer_loads_no_web_or_database_module():
    code = ("import sys, json, api.games.nippon as n; n.score({'players': [{'id': 'a', 'seat': 1}, {'id': 'b', 'seat': 2}], "
            "'last_turn_player': 'a', 'scorings': [{'regions': {}}] * 3}); print(json.dumps(sorted(sys.modules)))")
    loaded = {m.split(".")[0] for m in json.loads(subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        cwd=DATA_FILE.parents[2]).stdout)}
    assert not loaded & {"flask", "werkzeug", "sqlite_utils", "marshmallow"}
