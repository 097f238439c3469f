"""Campaigns started or continued on a phone with no signal, then sent to the server (issue 13, point 6).

The phone runs `api.offline.campaign` (the engine's `campaign_view`, the same copy the server
uses) and `api.offline.table`; back online it creates the campaign with an Idempotency-Key,
sends each session with its seed, moves and state hash, and records it.  The server
re-validates everything with its own engine; a retry creates nothing twice; a campaign that
got a session from another phone meanwhile is refused (412), never merged.
"""
from __future__ import annotations

import json
import random

import pytest

from api.offline import table as local
from api.storage.engines import ModuleEngine
from tests.helpers import bearer

pytestmark = pytest.mark.skipif(not ModuleEngine("asian_tigers", "api.games.asian_tigers").available(),
                                reason="api.games.asian_tigers is not importable")

SETTINGS = {"player": {"name": "Ann", "color": "red"}, "difficulty": 1, "count": 2, "seed": 11,
            "automa_tiles": "generated", "show_all": False}


def phone(fn: str, **payload) -> dict:
    """One call of the phone's engine entry point `fn` (JSON in, JSON out, as the worker calls it)."""
    return json.loads(getattr(local, fn)(json.dumps({"edition": None, **payload})))


def play_session(document: dict, game_id: str, seed: int, rng_seed: int = 3) -> tuple[dict, list, str, dict]:
    """A session played to its end on the phone: (options, actions, state hash, outcome)."""
    options = phone("campaign_session_json", document=document)["options"]
    opened = phone("open_json", game_id=game_id, options=options, seed=seed, actions=[], meta={})
    assert opened["ok"], opened
    rng, view, actions = random.Random(rng_seed), opened["view"], []
    while not view["over"]:
        action = rng.choice(view["legal_actions"])
        actions.append(action)
        view = json.loads(local.apply_json(game_id, json.dumps(action), "{}"))["view"]
    exported = json.loads(local.export_json(game_id))["export"]
    return options, actions, exported["state_hash"], json.loads(local.outcome_json(game_id))["outcome"]


def send_session(client, campaign_id: str, token: str, body: dict, version: int, key: str):
    return client.post(f"/api/campaigns/{campaign_id}/games", json=body,
                       headers={**bearer(token), "If-Match": f'"{version}"', "Idempotency-Key": key})


def test_a_campaign_created_offline_is_created_once_on_the_server(client):
    made = phone("campaign_new_json", settings=SETTINGS)
    assert made["ok"] and made["document"]["campaign"]["status"] == "in_progress"  # CAMPAIGN-01
    first = client.post("/api/campaigns", json=SETTINGS, headers={"Idempotency-Key": "campaign-local-1"})
    again = client.post("/api/campaigns", json=SETTINGS, headers={"Idempotency-Key": "campaign-local-1"})
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first.headers
    one, two = first.get_json(), again.get_json()
    assert one["campaign_id"] == two["campaign_id"] and one["campaign_token"] != two["campaign_token"]
    for token in (one["campaign_token"], two["campaign_token"]):  # the fresh token opens the same campaign
        assert client.get(f"/api/campaigns/{one['campaign_id']}", headers=bearer(token)).status_code == 200
    # the server drew the same tiles from the same seed, with the same engine functions
    assert one["campaign"]["document"] == made["document"]
    shown = {k: v for k, v in one["campaign"].items() if k in made["standing"]}
    assert shown == made["standing"]
    reused = client.post("/api/campaigns", json={**SETTINGS, "seed": 12}, headers={"Idempotency-Key": "campaign-local-1"})
    assert reused.status_code == 422 and reused.get_json()["code"] == "idempotency_key_reused"
    assert client.post("/api/campaigns", json=SETTINGS).get_json()["campaign_id"] != one["campaign_id"]


def test_a_refusal_offline_is_the_servers(client):
    bad = {**SETTINGS, "count": 12}
    mine = phone("campaign_new_json", settings=bad)
    theirs = client.post("/api/campaigns", json=bad).get_json()
    assert mine["ok"] is False
    assert (mine["problem"]["code"], mine["problem"]["rule"]) == (theirs["code"], theirs["rule"])  # CAMPAIGN-01


def test_a_session_played_offline_is_sent_once_and_recorded_as_the_phone_recorded_it(client):
    created = client.post("/api/campaigns", json=SETTINGS).get_json()
    cid, token, view = created["campaign_id"], created["campaign_token"], created["campaign"]
    document = view["document"]
    options, actions, state_hash, outcome = play_session(document, "local-s1", 77)
    result = phone("campaign_result_json", document=document, outcome=outcome)["result"]
    turn_down = (result["turn_down_choices"] or [None])[0]
    recorded = phone("campaign_record_json", document=document, outcome=outcome, turn_down=turn_down)
    assert recorded["ok"] and recorded["session"]["number"] == 1  # CAMPAIGN-02/03: won or a failure

    body = {"seed": 77, "actions": actions, "state_hash": state_hash}
    sent = send_session(client, cid, token, body, view["version"], "session-local-s1")
    assert sent.status_code == 201, sent.get_json()
    again = send_session(client, cid, token, body, view["version"], "session-local-s1")
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    game_id = sent.get_json()["game_id"]
    assert again.get_json()["game_id"] == game_id
    game = sent.get_json()["game"]
    assert game["over"] and game["options"] == options
    exported = client.get(f"/api/games/{game_id}/export", headers=bearer(sent.get_json()["table_token"])).get_json()
    assert exported["state_hash"] == state_hash and exported["actions"] == actions
    campaign = sent.get_json()["campaign"]
    assert [g["game_id"] for g in campaign["games"]] == [game_id]  # one game, not two
    assert campaign["open_session"]["result"] == result  # the server's dry run is the phone's

    rec_body = {"game_id": game_id, **({"turn_down": turn_down} if turn_down else {})}
    headers = {**bearer(token), "If-Match": f'"{campaign["version"]}"', "Idempotency-Key": "record-local-s1"}
    done = client.post(f"/api/campaigns/{cid}/sessions", json=rec_body, headers=headers)
    twice = client.post(f"/api/campaigns/{cid}/sessions", json=rec_body, headers=headers)
    assert done.status_code == twice.status_code == 200 and twice.headers["Idempotent-Replayed"] == "true"
    final = done.get_json()["campaign"]
    assert final["document"] == recorded["document"]
    assert {k: v for k, v in final.items() if k in recorded["standing"] and k != "sessions"} == \
        {k: v for k, v in recorded["standing"].items() if k != "sessions"}
    assert [{k: v for k, v in s.items() if k != "game_id"} for s in final["sessions"]] == recorded["standing"]["sessions"]


def test_a_session_offline_meets_a_session_from_another_phone(client):
    created = client.post("/api/campaigns", json=SETTINGS).get_json()
    cid, token, view = created["campaign_id"], created["campaign_token"], created["campaign"]
    _options, actions, state_hash, _ = play_session(view["document"], "local-s2", 78)
    other = client.post(f"/api/campaigns/{cid}/games", json={"seed": 1}, headers=bearer(token))  # another phone
    assert other.status_code == 201
    late = send_session(client, cid, token, {"seed": 78, "actions": actions, "state_hash": state_hash},
                        view["version"], "session-local-s2")
    assert late.status_code == 412 and late.get_json()["code"] == "version_mismatch"
    games = client.get(f"/api/campaigns/{cid}", headers=bearer(token)).get_json()["games"]
    assert [g["game_id"] for g in games] == [other.get_json()["game_id"]]


@pytest.mark.parametrize("change, status, code", [
    (lambda b: {**b, "state_hash": "0" * 64}, 422, "replay_diverged"),
    (lambda b: {**b, "actions": [{"kind": "place_worker", "center": "NOWHERE.Z"}] + b["actions"]}, 422, None),
    (lambda b: {"seed": b["seed"], "state_hash": b["state_hash"]}, 422, "invalid_request"),
    (lambda b: {**b, "actions": [{"no": "kind"}]}, 422, "invalid_request"),
])
def test_a_session_that_does_not_replay_is_refused_and_nothing_is_stored(client, change, status, code):
    created = client.post("/api/campaigns", json=SETTINGS).get_json()
    cid, token, view = created["campaign_id"], created["campaign_token"], created["campaign"]
    _options, actions, state_hash, _ = play_session(view["document"], "local-s3", 79)
    resp = send_session(client, cid, token, change({"seed": 79, "actions": actions, "state_hash": state_hash}),
                        view["version"], "session-bad")
    problem = resp.get_json()
    assert resp.status_code == status and resp.headers["Content-Type"] == "application/problem+json", problem
    if code:
        assert problem["code"] == code
    if code == "invalid_request":
        assert {f.split(".")[0] for f in problem["errors"]} & {"state_hash", "actions"}  # the field is named
    else:
        assert code or problem["action_index"] == 0
    after = client.get(f"/api/campaigns/{cid}", headers=bearer(token)).get_json()
    assert after["version"] == view["version"] and after["games"] == []
