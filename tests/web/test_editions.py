"""Editions as a resource: create from a patch, validate, own, publish, export/import, diff, play with one."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import bearer

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "asian-tigers-2p.json"
# Three prosperity values the 2-player golden game scores (rank 2 of PT1, PT2 and PT5), each lowered by 1:
# the ranks stay non-increasing, so the corrected edition is still sound.
CORRECTIONS = {"/prosperity_tokens/PT1/by_player_count/2/ranks/1": 11,
               "/prosperity_tokens/PT2/by_player_count/2/ranks/1": 9,
               "/prosperity_tokens/PT5/by_player_count/2/ranks/1": 5}
PATCH = [{"op": "replace", "path": p, "value": v} for p, v in CORRECTIONS.items()]


def new_edition(client, **body):
    resp = client.post("/api/editions", json={"name": "Our box", "base": "default", **body})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def play_golden(client, edition_id: str | None) -> dict:
    """The 2-player golden game, replayed move by move on a new game; returns its outcome."""
    golden = json.loads(GOLDEN.read_text())
    body = {"game": "asian_tigers", "options": golden["options"], "seed": golden["seed"]}
    if edition_id:
        body["edition_id"] = edition_id
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    resp = client.post(f"/api/games/{game['game_id']}/batch", json={"actions": golden["actions"]},
                       headers={**bearer(game["table_token"]), "If-Match": '"1"'})
    assert resp.status_code == 200, resp.get_json()
    outcome = client.get(f"/api/games/{game['game_id']}/outcome", headers=bearer(game["table_token"]))
    assert outcome.status_code == 200
    return {"game": game, "outcome": outcome.get_json()["outcome"]}


def prosperity_lines(outcome: dict) -> dict:
    return {tuple(line["placeholder_values"]) or (line["participant"], line["key"]): line
            for line in outcome["lines"] if line["category"] == "prosperity_from_influence"}


def test_a_patch_of_three_values_is_a_new_edition_a_game_uses(client):
    default = client.get("/api/edition").get_json()
    created = new_edition(client, patch=PATCH)
    record = created["edition"]
    assert record["placeholder_count"] == default["placeholder_count"] - 3
    assert record["checked_count"] == 3 and record["to_check_count"] == default["placeholder_count"]
    assert record["base"] is None and record["content_hash"] != default["content_hash"]
    detail = client.get(f"/api/editions/{created['edition_id']}").get_json()
    for path, value in CORRECTIONS.items():
        assert detail["provenance"][path] == "owner-checked"
    assert detail["document"]["prosperity_tokens"]["PT1"]["by_player_count"]["2"]["ranks"] == [24, 11]
    assert detail["provenance"]["/prosperity_tokens/PT1/by_player_count/2/ranks/0"] == "placeholder"
    tokens = next(c for c in detail["components"] if c["id"] == "prosperity-tokens")
    assert tokens["checked_count"] == 3 and tokens["layout"] == "prosperity_tokens"

    before = prosperity_lines(play_golden(client, None)["outcome"])
    played = play_golden(client, created["edition_id"])
    assert played["game"]["game"]["edition"]["content_hash"] == record["content_hash"]
    after = {(line["participant"], line["key"]): line for line in played["outcome"]["lines"]
             if line["category"] == "prosperity_from_influence"}
    changed = 0
    for pointers, old in before.items():
        new = after[(old["participant"], old["key"])]
        if pointers[0] in CORRECTIONS:  # the line scored a corrected value: new number, no star
            assert new["value"] == CORRECTIONS[pointers[0]] == old["value"] - 1
            assert new["placeholder"] is False and new["placeholder_values"] == []
            changed += 1
        else:
            assert new["value"] == old["value"] and new["placeholder"] is True
    assert changed == 3


def test_a_game_keeps_its_edition_when_the_draft_changes(client):
    created = new_edition(client, patch=PATCH[:1], draft=True)
    eid, token = created["edition_id"], created["edition_token"]
    game = client.post("/api/games", json={"options": json.loads(GOLDEN.read_text())["options"],
                                           "edition_id": eid}).get_json()
    changed = client.patch(f"/api/editions/{eid}", json={"patch": PATCH[1:]}, headers=bearer(token))
    assert changed.status_code == 200 and changed.get_json()["checked_count"] == 3
    edition = client.get(f"/api/games/{game['game_id']}/edition", headers=bearer(game["table_token"])).get_json()
    assert edition["content_hash"] == created["edition"]["content_hash"] != changed.get_json()["content_hash"]


def test_a_bad_value_is_refused_with_its_path_and_a_sentence(client):
    before = client.get("/api/editions").get_json()["editions"]
    bad = [{"op": "replace", "path": "/prosperity_tokens/PT1/by_player_count/2/ranks/1", "value": 30}]
    resp = client.post("/api/editions", json={"name": "Typo", "base": "default", "patch": bad})
    assert resp.status_code == 422
    problem = resp.get_json()
    assert problem["code"] == "invalid_edition" and problem["path"].startswith("/prosperity_tokens/PT1")
    message = problem["errors"][problem["path"]][0]
    assert len(message.split()) > 3 and problem["path"] in problem["detail"]
    wrong_type = client.post("/api/editions", json={"name": "Typo", "base": "default", "patch": [
        {"op": "replace", "path": "/tigers/SK/local_markets/SK.MA/influence", "value": "three"}]})
    assert wrong_type.status_code == 422 and wrong_type.get_json()["path"].startswith("/tigers/")
    missing = client.post("/api/editions", json={"name": "Typo", "base": "default", "patch": [
        {"op": "replace", "path": "/tigers/XX/name", "value": "Nowhere"}]})
    assert missing.status_code == 422 and missing.get_json()["path"] == "/patch/0/path"
    meta = client.post("/api/editions", json={"name": "Sneaky", "base": "default", "patch": [
        {"op": "replace", "path": "/provenance/~1prosperity_tokens", "value": "rulebook"}]})
    assert meta.status_code == 422 and meta.get_json()["path"] == "/patch/0/path"
    failed_test = client.post("/api/editions", json={"name": "Confirm", "base": "default", "patch": [
        {"op": "test", "path": "/tigers/SK/local_markets/SK.MA/good", "value": "Ships"}]})
    assert failed_test.status_code == 422 and "Ships" in failed_test.get_json()["detail"]
    assert client.get("/api/editions").get_json()["editions"] == before  # nothing stored


def test_only_the_owner_token_changes_a_draft_and_a_saved_edition_stays(client):
    mine = new_edition(client, draft=True)
    other = new_edition(client, draft=True)
    url = f"/api/editions/{mine['edition_id']}"
    assert client.patch(url, json={"patch": PATCH}).status_code == 401
    stranger = client.patch(url, json={"patch": PATCH}, headers=bearer(other["edition_token"]))
    assert stranger.status_code == 403 and stranger.get_json()["code"] == "edition_token_wrong"
    assert client.put(url, json={"document": {}}, headers=bearer(other["edition_token"])).status_code == 403
    assert client.get(url).get_json()["version"] == 1  # unchanged
    stale = client.patch(url, json={"patch": PATCH}, headers={**bearer(mine["edition_token"]), "If-Match": '"7"'})
    assert stale.status_code == 412
    saved = client.patch(url, json={"patch": PATCH, "name": "Checked box", "draft": False},
                         headers=bearer(mine["edition_token"]))
    assert saved.status_code == 200
    assert saved.get_json()["draft"] is False and saved.get_json()["name"] == "Checked box"
    again = client.patch(url, json={"patch": PATCH[:1]}, headers=bearer(mine["edition_token"]))
    assert again.status_code == 409 and again.get_json()["code"] == "edition_published"


def test_tokens_are_stored_hashed_and_content_once_per_hash(client, app):
    first = new_edition(client, patch=PATCH)
    second = new_edition(client, patch=PATCH)
    assert first["edition_id"] != second["edition_id"]
    assert first["edition"]["content_hash"] == second["edition"]["content_hash"]
    db = app.extensions["tablekeeper"].repository().db
    rows = db.conn.execute("SELECT COUNT(*) FROM editions WHERE hash = ?",
                           (first["edition"]["content_hash"],)).fetchone()[0]
    assert rows == 1
    stored = db.conn.execute("SELECT token_hash FROM edition_resources").fetchall()
    assert stored and all(first["edition_token"] not in str(row[0]) for row in stored)


def test_export_then_import_gives_the_same_content(client):
    created = new_edition(client, patch=PATCH)
    exported = client.get(f"/api/editions/{created['edition_id']}/export")
    assert exported.status_code == 200 and "attachment" in exported.headers["Content-Disposition"]
    imported = client.post("/api/editions", json={"name": "From a friend", "document": exported.get_json()})
    assert imported.status_code == 201
    assert imported.get_json()["edition"]["content_hash"] == created["edition"]["content_hash"]
    assert imported.get_json()["edition"]["placeholder_count"] == created["edition"]["placeholder_count"]
    listed = client.get("/api/editions?game=asian_tigers").get_json()["editions"]
    assert {e["edition_id"] for e in listed} >= {created["edition_id"], imported.get_json()["edition_id"]}


def test_the_diff_lists_exactly_the_changed_values(client):
    plain = new_edition(client, patch=[{"op": "test", "path": "/tigers/SK/local_markets/SK.MA/good",
                                        "value": "Finance"}])
    corrected = new_edition(client, base=plain["edition_id"], patch=PATCH)
    assert corrected["edition"]["base"] == plain["edition_id"]
    diff = client.get(f"/api/editions/{plain['edition_id']}/diff/{corrected['edition_id']}").get_json()
    assert diff["count"] == 3
    assert [c["component"] for c in diff["components"]] == ["prosperity-tokens"]
    changes = {c["path"]: (c["value"], c["other_value"]) for c in diff["components"][0]["changes"]}
    assert changes == {p: (v + 1, v) for p, v in CORRECTIONS.items()}
    labels = [c["label"] for c in diff["components"][0]["changes"]]
    assert "PT1 · 2 players · rank 2" in labels
    # Checking a value without changing it is not a difference.
    assert client.get(f"/api/editions/{plain['edition_id']}/diff/default").get_json()["count"] == 0


def test_unknown_edition_and_wrong_game(client):
    assert client.get("/api/editions/nope").status_code == 404
    assert client.post("/api/editions", json={"name": "x", "base": "nope"}).status_code == 404
    body = {"options": json.loads(GOLDEN.read_text())["options"], "edition_id": "nope"}
    unknown = client.post("/api/games", json=body)
    assert unknown.status_code == 422 and unknown.get_json()["code"] == "edition_not_found"
    nippon = new_edition(client, game="nippon")
    body["edition_id"] = nippon["edition_id"]
    assert client.post("/api/games", json=body).get_json()["code"] == "edition_wrong_game"
    both = client.post("/api/editions", json={"name": "x", "base": "default", "document": {}})
    assert both.status_code == 422
    mine = new_edition(client)
    crossed = client.get(f"/api/editions/{mine['edition_id']}/diff/{nippon['edition_id']}")
    assert crossed.status_code == 422 and "compare" in crossed.get_json()["detail"]


@pytest.mark.parametrize("game, path, value", [
    ("nippon", "/region_majority/vp_by_scoring/1/0", 7),
    ("asara", "/final/tower_by_color/green/highest", 4),
])
def test_nippon_and_asara_data_files_are_editions_too(client, game, path, value):
    default = client.get(f"/api/editions/default/diff/default").get_json()  # sanity: the route exists
    assert default["count"] == 0
    created = new_edition(client, game=game, patch=[{"op": "replace", "path": path, "value": value}])
    assert created["edition"]["game"] == game and created["edition"]["checked_count"] == 1
    detail = client.get(f"/api/editions/{created['edition_id']}").get_json()
    assert detail["provenance"][path] == "owner-checked"
    bad = client.post("/api/editions", json={"name": "x", "game": game, "base": "default",
                                             "patch": [{"op": "replace", "path": path, "value": -3}]})
    assert bad.status_code == 422 and bad.get_json()["path"].startswith(path.rsplit("/", 1)[0])


def test_the_nippon_scorer_scores_with_a_stored_edition(client):
    from tests.web.test_scorers import nip_t1  # NIP-T1: red wins the 2nd scoring of region R2

    path = "/region_majority/vp_by_scoring/2/0"
    default = client.post("/api/scorers/nippon", json=nip_t1()).get_json()
    created = new_edition(client, game="nippon", patch=[{"op": "replace", "path": path, "value": 9}])
    mine = client.post(f"/api/scorers/nippon?edition_id={created['edition_id']}", json=nip_t1())
    assert mine.status_code == 200, mine.get_json()
    mine = mine.get_json()

    def red_r2(result):
        r2 = next(r for r in result["scorings"][1]["regions"] if r["region"] == "R2")
        return next(s["vp"] for s in r2["standings"] if s["player"] == "red")

    assert red_r2(mine) == red_r2(default) + 1
    assert path in default["placeholders_used"] and path not in mine["placeholders_used"]
    other_game = client.post(f"/api/scorers/asara?edition_id={created['edition_id']}", json={})
    assert other_game.status_code == 422 and other_game.get_json()["code"] == "edition_wrong_game"


def test_the_asian_tigers_scorer_takes_an_edition_id(client):
    from tests.web.test_scorers import AT, spec_example

    created = new_edition(client, patch=PATCH)
    default = client.post(AT, json=spec_example(AT)).get_json()
    scored = client.post(f"{AT}?edition_id={created['edition_id']}", json=spec_example(AT))
    assert scored.status_code == 200
    used = scored.get_json()["placeholder_values"]
    corrected_and_used = set(CORRECTIONS) & set(default["placeholder_values"])
    assert corrected_and_used and not corrected_and_used & set(used)  # PT1 and PT2 rank 2 are scored here
    totals = lambda r: sorted(s["total"] for s in r["standings"])  # noqa: E731
    assert totals(scored.get_json()) != totals(default)
    unknown = client.post(f"{AT}?edition_id=nope", json=spec_example(AT))
    assert unknown.status_code == 422 and unknown.get_json()["code"] == "edition_not_found"
