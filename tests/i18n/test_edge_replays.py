"""A campaign's creation, a session's start and a session's record retried with the same Idempotency-Key in
another language answer in the retry's language (issue 37), as a move's replay does; in the same language the
first answer again."""
from __future__ import annotations

from tests.helpers import bearer
from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)
from tests.web.test_campaigns import PLAYER, finish, read

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


DE, PT = {"Accept-Language": "de"}, {"Accept-Language": "pt"}
SETTINGS = {"player": PLAYER, "difficulty": 2, "tiles": ["CT1", "CT4"]}


def _read_in(client, camp: dict, lang: dict) -> dict:
    return client.get(f"/api/campaigns/{camp['campaign_id']}", headers={**bearer(camp["campaign_token"]), **lang}).get_json()


def test_a_campaign_created_in_german_and_replayed_in_portuguese(client):
    first = client.post("/api/campaigns", json=SETTINGS, headers={**DE, "Idempotency-Key": "camp-1"})
    assert first.status_code == 201 and first.headers["Content-Language"] == "de"
    german = first.get_json()
    replay = client.post("/api/campaigns", json=SETTINGS, headers={**PT, "Idempotency-Key": "camp-1"})
    assert replay.status_code == 201 and replay.headers["Idempotent-Replayed"] == "true"
    assert replay.headers["Content-Language"] == "pt"
    portuguese = replay.get_json()
    assert portuguese["campaign_id"] == german["campaign_id"]
    assert portuguese["campaign"] == _read_in(client, portuguese, PT)
    assert portuguese["campaign"]["tiles"][0]["goal_text"] != german["campaign"]["tiles"][0]["goal_text"]
    assert german["campaign"] == _read_in(client, portuguese, DE)


def test_a_session_started_in_german_and_replayed_in_portuguese(client):
    camp = client.post("/api/campaigns", json=SETTINGS).get_json()
    headers = {**bearer(camp["campaign_token"]), "Idempotency-Key": "start-1"}
    url = f"/api/campaigns/{camp['campaign_id']}/games"
    german = client.post(url, json={"seed": 5}, headers={**headers, **DE}).get_json()
    replay = client.post(url, json={"seed": 5}, headers={**headers, **PT})
    assert replay.status_code == 201 and replay.headers["Idempotent-Replayed"] == "true"
    portuguese = replay.get_json()
    assert portuguese["game_id"] == german["game_id"]
    game = client.get(f"/api/games/{german['game_id']}", headers={**bearer(portuguese["table_token"]), **PT}).get_json()
    assert portuguese["game"]["view"] == game["view"] != german["game"]["view"]
    assert portuguese["campaign"] == _read_in(client, camp, PT)


def test_a_session_recorded_in_german_and_replayed_in_portuguese(client):
    camp = client.post("/api/campaigns", json=SETTINGS).get_json()
    url = f"/api/campaigns/{camp['campaign_id']}"
    created = client.post(f"{url}/games", json={"seed": 5}, headers=bearer(camp["campaign_token"])).get_json()
    finish(client, created)
    key = {**bearer(camp["campaign_token"]), "Idempotency-Key": "record-1",
           "If-Match": f'"{read(client, camp)["version"]}"'}
    first = client.post(f"{url}/sessions", json={"game_id": created["game_id"]}, headers={**key, **DE})
    assert first.status_code == 200, first.get_json()
    german = first.get_json()
    assert german["language"] == "de"
    again = client.post(f"{url}/sessions", json={"game_id": created["game_id"]}, headers={**key, **DE})
    assert again.headers["Idempotent-Replayed"] == "true" and again.data == first.data  # the same bytes
    replay = client.post(f"{url}/sessions", json={"game_id": created["game_id"]}, headers={**key, **PT})
    assert replay.status_code == 200 and replay.headers["Idempotent-Replayed"] == "true"
    portuguese = replay.get_json()
    assert portuguese["language"] == "pt" and portuguese["campaign"] == _read_in(client, camp, PT)
    assert portuguese["session"]["number"] == german["session"]["number"] == 1
    assert portuguese["campaign"]["tiles"][0]["goal_text"] != german["campaign"]["tiles"][0]["goal_text"]
    english = client.post(f"{url}/sessions", json={"game_id": created["game_id"]}, headers=key).get_json()
    assert english["language"] == "en" and english["campaign"] == _read_in(client, camp, {})
