"""Stateless scorers over HTTP: /api/scorers/{asian-tigers,nippon,asara}.

Every response goes through the contract client (tests/contract.py), so each
one is also checked against openapi.yaml.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.games.asara import score as score_asara
from api.games.asian_tigers.scoring.scorer import score_table
from api.games.nippon import score as score_nippon
from tests.contract import CONTRACT
from tests.games.asara.helpers import game as asara_game
from tests.games.asara.helpers import tower
from tests.games.nippon.helpers import game as nippon_game
from tests.games.nippon.helpers import players, region, tile
from tests.helpers import worked_example

# HTTP answers and wording: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)
# The scorers keep nothing between requests: the file's requests share one app (`file_client`); what the
# server stores is asserted on an app of its own (test_scorers_need_no_token_and_store_nothing).

AT, NIPPON, ASARA = "/api/scorers/asian-tigers", "/api/scorers/nippon", "/api/scorers/asara"


def example(name: str) -> dict:
    """The input of a worked example (EX-1, EX-2)."""
    return worked_example(name)["input"]


def spec_example(url: str, name: str = "detailed") -> dict:
    """A request example openapi.yaml shows for a scorer (EX-1's position for Asian Tigers; Nippon and
    Asara show one per mode)."""
    body = CONTRACT.spec["paths"][url]["post"]["requestBody"]["content"]["application/json"]
    return copy.deepcopy(body["examples"][name]["value"] if "examples" in body else body["example"])


def nip_t1() -> dict:
    """The catalogue's NIP-T1 position (2nd scoring, region R2)."""
    r2 = region(tiles=[tile("red", "R2.C1", 3, 3), tile("red", "R2.C1", 1, 2),
                       tile("blue", "R2.C1", 2, 4), tile("blue", "R2.C2", 3, 3)],
                trains={"red": 1, "yellow": 1}, ships={"red": 1})
    return nippon_game(players("red", "blue", "yellow"), {2: {"R2": r2}})  # the same board at scoring 3


def asa_t1() -> dict:
    """The catalogue's ASA-T1 position (final evaluation)."""
    towers = {
        "P1": [tower("red", 5), tower("brown", 3), tower("green", 2), tower("white", 2)],
        "P2": [tower("red", 5), tower("black", 4), tower("brown", 2), tower("green", 2)],
        "P3": [tower("red", 3), tower("black", 2)],
    }
    return asara_game({"P1": 27, "P2": 9, "P3": 35}, towers)


def post(client, url: str, body) -> tuple[int, dict]:
    resp = client.post(url, data=json.dumps(body), content_type="application/json")
    return resp.status_code, resp.get_json()


# -- results -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["EX-1", "EX-2"])
def test_worked_examples_through_the_endpoint_equal_score_table(file_client, name):
    body = example(name)
    status, result = post(file_client, AT, body)
    assert status == 200, result
    assert result == json.loads(json.dumps(score_table(body, messages=True)))
    assert result["winner"] == result["standings"][0]["participant"]


@pytest.mark.parametrize("url, scorer, mode", [
    (AT, lambda body: score_table(body, messages=True), None), (NIPPON, score_nippon, "detailed"), (NIPPON, score_nippon, "end_only"),
    (NIPPON, score_nippon, "end_only_remembered"), (NIPPON, score_nippon, "live"), (ASARA, score_asara, "detailed"),
    (ASARA, score_asara, "end_only")])
def test_the_spec_examples_are_scored(file_client, url, scorer, mode):
    body = spec_example(url, mode) if mode else spec_example(url)
    status, result = post(file_client, url, body)
    assert status == 200, result
    assert result == json.loads(json.dumps(scorer(body)))
    assert result["provisional"] is True  # the shipped placeholder editions


def test_worked_example_with_a_rules_option(file_client):
    body = example("EX-2")
    doc = worked_example("EX-2")
    for alternative in doc["alternatives"]:
        changed = {**copy.deepcopy(body), "rules_options": {**(body.get("rules_options") or {}),
                                                             **alternative["rules_options"]}}
        status, result = post(file_client, AT, changed)
        assert status == 200, result
        assert result == json.loads(json.dumps(score_table(changed, messages=True)))
        assert result["rules_options"] == {**result["rules_options"], **alternative["rules_options"]}


def test_nippon_nip_t1(file_client):
    status, result = post(file_client, NIPPON, nip_t1())
    assert status == 200, result
    assert result == score_nippon(nip_t1())
    r2 = next(r for r in result["scorings"][1]["regions"] if r["region"] == "R2")
    vp = {s["player"]: s["vp"] + s["ship_vp"] for s in r2["standings"] if s["player"] is not None}
    assert vp == {"red": 8, "blue": 6, "yellow": 0}
    assert result["winners"] == [result["ranking"][0]["player"]]


def test_asara_asa_t1(file_client):
    status, result = post(file_client, ASARA, asa_t1())
    assert status == 200, result
    assert result == score_asara(asa_t1())
    final = {p["id"]: sum(p["categories"][c] for c in ("tower_colors", "highest_tower", "most_towers", "asari"))
             for p in result["players"]}
    assert final == {"P1": 37, "P2": 34, "P3": 7}


def test_scorers_need_no_token_and_store_nothing(app, client):
    before = app.extensions["tablekeeper"].repository().game_ids()
    assert post(client, NIPPON, nip_t1())[0] == 200
    assert post(client, ASARA, asa_t1())[0] == 200
    assert app.extensions["tablekeeper"].repository().game_ids() == before


def test_asian_tigers_scorer_uses_the_server_edition(make_app, tmp_path):
    """TABLEKEEPER_EDITION (here: the shipped file under another name) is the edition the scorer uses."""
    shipped = Path(__file__).resolve().parents[2] / "api" / "data" / "asian-tigers.placeholder.json"
    copy_path = tmp_path / "my-copy.json"
    copy_path.write_text(shipped.read_text())
    client = make_app(EDITION_FILE=str(copy_path)).test_client()
    status, result = post(client, AT, spec_example(AT))
    assert status == 200 and result == json.loads(json.dumps(score_table(spec_example(AT), messages=True)))


# -- refusals --------------------------------------------------------------------------------------

def refused(client, url: str, body) -> dict:
    status, problem = post(client, url, body)
    assert status == 422, problem
    assert problem["type"] == f"urn:tablekeeper:problem:{problem['code']}"
    assert problem["errors"] == {problem["path"]: [problem["detail"].split(": ", 1)[1]]}
    assert problem["path"].startswith("/")
    return problem


def test_asian_tigers_impossible_input_names_code_rule_and_path(file_client):
    body = spec_example(AT)
    body["participants"]["Blue"]["flags"]["A"] = ["USA-1"]  # Red already holds USA-1
    problem = refused(file_client, AT, body)
    assert (problem["code"], problem["rule"], problem["path"]) == (
        "duplicate_flag", "COMP-05", "/participants/Blue/flags/A/0")
    assert "USA-1" in problem["detail"]


def test_asian_tigers_malformed_input_has_a_null_rule(file_client):
    problem = refused(file_client, AT, {**spec_example(AT), "player_count": 5})
    assert (problem["code"], problem["rule"], problem["path"]) == ("invalid_player_count", None, "/player_count")
    missing = refused(file_client, AT, {})
    assert (missing["code"], missing["path"]) == ("missing_field", "/player_count")


def test_nippon_impossible_input(file_client):
    body = nip_t1()
    body["scorings"][2]["regions"]["R2"]["trains"] = {"yellow": 1}  # red's train vanished before scoring 3
    problem = refused(file_client, NIPPON, body)
    assert (problem["code"], problem["rule"], problem["path"]) == (
        "train_removed", "NIP-SCORE-03", "/scorings/2/regions/R2/trains/red")
    assert "train" in problem["detail"]


def test_asara_impossible_input(file_client):
    body = asa_t1()
    body["players"][1]["id"] = "P1"
    problem = refused(file_client, ASARA, body)
    assert (problem["code"], problem["rule"], problem["path"]) == ("duplicate_player_id", "ASA-SCORE-01",
                                                                   "/players/1/id")


@pytest.mark.parametrize("url", [AT, NIPPON, ASARA])
@pytest.mark.parametrize("body", [[], "x", 3, None])
def test_a_body_that_is_not_an_object_is_422_at_the_root(file_client, url, body):
    problem = refused(file_client, url, body)
    assert problem["path"] == "/"


@pytest.mark.parametrize("url", [AT, NIPPON, ASARA])
def test_malformed_json_is_400(file_client, url):
    for raw in (b"{", b"", b"   ", b'{"players": NaN}', b"\xff\xfe"):
        resp = file_client.post(url, data=raw, content_type="application/json")
        assert resp.status_code == 400 and resp.get_json()["code"] == "malformed_json"


@pytest.mark.parametrize("url", [AT, NIPPON, ASARA])
def test_body_too_large_is_413(make_app, url):
    client = make_app(MAX_CONTENT_LENGTH=2000).test_client()
    big = {**asa_t1(), "note": "x" * 5000}
    resp = client.post(url, json=big)
    assert resp.status_code == 413 and resp.get_json()["code"] == "request_too_large"


def test_other_methods_are_405(file_client):
    for url in (AT, NIPPON, ASARA):
        resp = file_client.get(url)
        assert resp.status_code == 405 and "POST" in resp.headers["Allow"]


# -- fuzzing: mutated inputs are scored or refused, never a 500 -----------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=10,
)


def _pointers(doc, prefix=()):
    yield prefix
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _pointers(value, prefix + (key,))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _pointers(value, prefix + (index,))


@st.composite
def mutated(draw, base: dict):
    """`base` with one to three values replaced by random JSON, set to a small integer or deleted."""
    doc = copy.deepcopy(base)
    places = list(_pointers(doc))[1:]
    for _ in range(draw(st.integers(1, 3))):
        place = draw(st.sampled_from(places))
        node = doc
        try:
            for key in place[:-1]:
                node = node[key]
            how = draw(st.sampled_from(["random", "delete", "integer"]))
            if how == "delete" and isinstance(node, dict):
                del node[place[-1]]
            elif how == "integer":
                node[place[-1]] = draw(st.integers(-3, 40))
            else:
                node[place[-1]] = draw(json_values)
        except (KeyError, IndexError, TypeError):  # an earlier mutation removed the path
            pass
    return doc


@pytest.mark.parametrize("url, base", [(AT, spec_example(AT)), (NIPPON, nip_t1()), (ASARA, asa_t1())],
                         ids=["asian-tigers", "nippon", "asara"])
def test_mutated_inputs_are_scored_or_refused_never_500(file_client, url, base):
    @settings(max_examples=40, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(body=mutated(base) | json_values)
    def run(body):
        status, data = post(file_client, url, body)  # the contract client fails on a 500 or an off-spec answer
        assert status in (200, 422), data
        if status == 422:
            assert data["path"].startswith("/") and "rule" in data

    run()


def test_random_valid_tables_score_and_match_the_spec(file_client):
    """1–4 players, solo variants, the neutral, Era I data: every answer validates against openapi.yaml."""
    from tests.games.asian_tigers.scoring.test_scorer_properties import tables

    @settings(max_examples=30, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(body=tables())
    def run(body):
        status, result = post(file_client, AT, body)
        assert status == 200, result
        assert result == json.loads(json.dumps(score_table(body, messages=True)))

    run()


# ----------------------------------------------------------------------------- entry modes (issue 15)
@pytest.mark.parametrize("url, keys", [(NIPPON + "/edition", {"regions", "tile_values", "achievement_spaces"}),
                                        (ASARA + "/edition", {"colors", "tower_sections", "asari_in_box"})])
def test_the_forms_get_the_map_and_the_box_from_the_edition(file_client, url, keys):
    resp = file_client.get(url)
    assert resp.status_code == 200 and keys <= set(resp.json)
    if url.startswith(NIPPON):  # NIP-DATA-02: two cities a region, four printed slots a city
        assert [len(c["slots"]) for r in resp.json["regions"] for c in r["cities"]] == [4] * 8
    else:  # rules, Components: 100 tower sections, 52 coins worth 215 Asari
        assert (resp.json["tower_sections"], resp.json["asari_in_box"]) == (100, 215)


HTTP_REFUSALS = [
    # (url, body, code, rule, path, words in `field`)
    # 2**63 is refused earlier by the generic number bound (issue 16); the engine test keeps it
    (ASARA, lambda: {**asa_t1(), "players": [{"id": "P1", "asari": 500}, {"id": "P2", "asari": 9},
                                             {"id": "P3", "asari": 35}]},
     "asari_beyond_coins", "ASA-SCORE-09", "/players/0/asari", "P1's Asari"),  # rules, Components: 215 Asari
    (ASARA, lambda: {"mode": "end_only", "players": [
        {"name": "Ann", "asari": 1, "prestige": 3, "towers": [{"color": "red", "sections": 200}]},
        {"name": "Bob", "asari": 1, "prestige": 0}]},
     "tower_too_high", "ASA-SCORE-04", "/players/0/towers/0/sections", "Ann's 1st tower"),  # 100 sections
    (ASARA, lambda: {"mode": "end_only", "players": [
        {"name": "Ann", "asari": 1, "prestige": 3, "towers": [{"color": "blue", "sections": 3}]},
        {"name": "Bob", "asari": 1, "prestige": 0}]},
     "unknown_color", "ASA-SCORE-04", "/players/0/towers/0/color", "colour of Ann's 1st tower"),
    (ASARA, lambda: {"mode": "end_only", "players": [{"name": "Ann", "asari": 1, "prestige": 0},
                                                     {"name": "Bob", "asari": 1, "prestige": 0}],
                     "years": [{"caliph": None}] * 4},
     "caliph_holder_unknown", "ASA-SCORE-03", "/years/0/caliph", "Caliph's patronage in year 1"),
    (NIPPON, lambda: {**nip_t1(), "players": [{"id": "red", "seat": 1}]},
     "wrong_player_count", "NIP-SCORE-01", "/players", "the players"),
    (NIPPON, lambda: {"mode": "end_only", "last_turn_player": "Ann", "players": [
        {"name": "Ann", "seat": 1, "vp_track": 30, "achievements": [{"space": "ACH3", "units": 13, "multiplier": 2}]},
        {"name": "Bob", "seat": 2, "vp_track": 30}]},
     "achievement_units_beyond_components", "NIP-SCORE-09", "/players/0/achievements/0/units", "ACH3"),
    (NIPPON, lambda: {"mode": "live", "players": [{"name": "Ann", "seat": 1}, {"name": "Bob", "seat": 2}],
                      "scorings": [{"placed": [{"player": "Ann", "city": "R1.C1", "slot": 0, "value": 5},
                                               {"player": "Bob", "city": "R1.C1", "slot": 0, "value": 4}]}]},
     "slot_not_available", "NIP-SCORE-04", "/scorings/0/placed/1/value", "Bob's tile on slot 0 of city R1.C1"),
]


@pytest.mark.parametrize("url, make, code, rule, path, words", HTTP_REFUSALS,
                         ids=[f"{c[0].rsplit('/', 1)[-1]}-{c[2]}" for c in HTTP_REFUSALS])
def test_each_box_rule_is_a_422_naming_the_field_in_words(file_client, url, make, code, rule, path, words):
    problem = refused(file_client, url, make())
    assert (problem["code"], problem["rule"], problem["path"]) == (code, rule, path)
    assert words in problem["field"] and problem["detail"].startswith(problem["field"])


def test_asian_tigers_board_as_it_lies_over_http(file_client):
    # IP-01..04: EX-1's pieces entered as space owners give the numbers' outcome; BUILD-PARTS-01 refused
    from tests.games.asian_tigers.scoring.test_board_input import as_board

    numbers = example("EX-1")
    board = as_board(numbers)
    status, result = post(file_client, AT, board)
    assert status == 200, result
    assert result == json.loads(json.dumps(score_table(numbers, messages=True)))
    board["tigers"]["SK"]["board"]["spaces"]["SK.L3"]["parts_factory"] = True
    problem = refused(file_client, AT, board)
    assert (problem["code"], problem["rule"], problem["path"]) == (
        "parts_factory_not_on_factory", "BUILD-PARTS-01", "/tigers/SK/board/spaces/SK.L3/parts_factory")

