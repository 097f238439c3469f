"""Corrections on an edition: RFC 6902 patches, owner-checked provenance, components, labels, diff."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from api.games import editions as E
from api.games.editions.components import component_of
from api.games.provenance import EditionError

DATA = Path(__file__).resolve().parents[3] / "api" / "data"
META = E.META_KEYS["asian_tigers"]


@pytest.fixture(scope="module")
def base() -> dict:
    return json.loads((DATA / "asian-tigers.placeholder.json").read_text())


def test_confirming_a_whole_component_marks_each_value_and_drops_the_dead_pattern(base):
    ops = [{"op": "test", "path": "/prosperity_tokens", "value": base["prosperity_tokens"]}]
    doc, marked = E.corrected(base, ops, META)
    assert len(marked) == 65 and doc["prosperity_tokens"] == base["prosperity_tokens"]
    assert "/prosperity_tokens" not in doc["provenance"]  # it would decide nothing any more
    assert doc["edition"]["provenance_values"]["owner-checked"]
    E.validate("asian_tigers", doc)
    assert E.summary("asian_tigers", doc)["placeholder_count"] == E.summary("asian_tigers", base)["placeholder_count"] - 65
    assert base["provenance"]["/prosperity_tokens"] == "placeholder"  # the base is not modified


def test_rulebook_and_interpretation_values_keep_their_provenance(base):
    ops = [{"op": "test", "path": "/rules/laboratory/science_gain", "value": 2},
           {"op": "test", "path": "/rules/headquarters/cost_funds", "value": 0}]
    doc, marked = E.corrected(base, ops, META)
    assert marked == []
    words = E.leaf_provenance(doc, META)
    assert words["/rules/laboratory/science_gain"] == "rulebook"
    assert words["/rules/headquarters/cost_funds"] == "interpretation"


def test_an_appended_value_is_checked_and_removing_it_drops_its_pattern(base):
    grown, _ = E.corrected(base, [{"op": "add", "path": "/board/areas/upper/-", "value": "HK"}], META)
    assert E.leaf_provenance(grown, META)["/board/areas/upper/2"] == "owner-checked"
    shrunk, _ = E.corrected(grown, [{"op": "remove", "path": "/board/areas/upper/2"}], META)
    assert "/board/areas/upper/2" not in shrunk["provenance"]


@pytest.mark.parametrize("ops, path", [
    ("not a list", "/patch"),
    ([42], "/patch/0"),
    ([{"op": "frobnicate", "path": "/goods"}], "/patch/0/op"),
    ([{"op": "replace", "path": "goods", "value": 1}], "/patch/0/path"),
    ([{"op": "replace", "path": "/goods/0"}], "/patch/0/value"),
    ([{"op": "replace", "path": "/edition/id", "value": "mine"}], "/patch/0/path"),
    ([{"op": "test", "path": "/goods/0", "value": "Rice"}], "/patch/0"),
    ([{"op": "replace", "path": "/nowhere/x", "value": 1}], "/patch/0/path"),
    ([{"op": "copy", "from": "/provenance", "path": "/goods"}], "/patch/0/from"),
])
def test_a_bad_operation_names_its_place_in_the_patch(base, ops, path):
    with pytest.raises(EditionError) as caught:
        E.apply_patch(base, ops, META)
    assert caught.value.path == path and len(caught.value.message.split()) > 3


def test_every_value_belongs_to_exactly_one_component(base):
    table = E.component_table("asian_tigers", base)
    paths = [p for c in table for p in c["paths"]]
    assert len(paths) == len(set(paths)) == E.summary("asian_tigers", base)["value_count"]
    assert sum(c["placeholder_count"] for c in table) == E.summary("asian_tigers", base)["placeholder_count"]
    assert component_of("asian_tigers", "/tigers/SK/local_markets/SK.MA/good").id == "board-SK-markets"
    assert component_of("asian_tigers", "/tigers/SK/spaces/SK.F2/good").id == "board-SK-spaces"
    assert component_of("asian_tigers", "/tigers/SK/name").id == "board-SK-other"
    assert component_of("asian_tigers", "/solo/action_tiles/AT01/influence").id == "action-tiles"
    assert component_of("asian_tigers", "/solo/setup_as_player_count").id == "solo-rules"
    assert [c["id"] for c in table][:2] == ["board-SK-markets", "board-SK-spaces"]


def test_labels_read_like_the_component(base):
    table = {c["id"]: c for c in E.component_table("asian_tigers", base)}
    labels = table["prosperity-tokens"]["labels"]
    assert labels["/prosperity_tokens/PT2/by_player_count/3/ranks/0"] == "PT2 · 3 players · rank 1"
    manage = table["management-track"]["labels"]
    assert manage["/board/management_track/influence_by_rank/era_2/4/1"] == "influence by rank · era 2 · 4 players · rank 2"
    assert table["board-SK-markets"]["labels"]["/tigers/SK/local_markets/SK.MB/influence"] == "SK.MB · influence"


def test_the_diff_ignores_provenance_and_reports_a_value_on_one_side_only(base):
    checked, _ = E.corrected(base, [{"op": "test", "path": "/goods/0", "value": base["goods"][0]}], META)
    assert E.diff("asian_tigers", base, checked) == []
    grown = copy.deepcopy(base)
    grown["board"]["areas"]["upper"].append("HK")
    grown["board"]["areas"]["lower"][0] = 7
    changes = {c["path"]: c for comp in E.diff("asian_tigers", base, grown) for c in comp["changes"]}
    assert set(changes) == {"/board/areas/upper/2", "/board/areas/lower/0"}
    assert changes["/board/areas/upper/2"]["missing"] == "left"


def test_nippon_and_asara_documents_count_their_placeholders():
    for game, name in (("nippon", "nippon"), ("asara", "asara")):
        doc = json.loads((DATA / f"{name}.placeholder.json").read_text())
        counts = E.summary(game, doc)
        assert 0 < counts["placeholder_count"] < counts["value_count"] and counts["checked_count"] == 0
        E.validate(game, doc)


def test_the_editions_package_is_pure():
    import subprocess
    import sys

    code = "import sys, api.games.editions; print(' '.join(sys.modules))"
    loaded = {m.split(".")[0] for m in subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                                      check=True).stdout.split()}
    assert not loaded & {"flask", "werkzeug", "sqlite_utils", "marshmallow", "sqlite3"}
