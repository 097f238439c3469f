"""GET /api/games/{id}/why-not: what the current decision refuses, and why, asked apart from the view (issue 12)."""
from __future__ import annotations

import random
import uuid

import pytest

from api.games import asian_tigers
from api.games.asian_tigers.engine import apply
from api.games.asian_tigers.errors import RulesError
from api.games.asian_tigers.presentation.why_not import named_in
from api.storage.engines import ModuleEngine
from tests.helpers import PLAYERS, bearer
from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)

# HTTP answers and wording: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


pytestmark = pytest.mark.skipif(not ModuleEngine("asian_tigers", "api.games.asian_tigers").available(),
                                reason="api.games.asian_tigers is not importable")


def move(client, game: dict, version: int, action: dict) -> dict:
    resp = client.post(f"/api/games/{game['game_id']}/actions", json={"action": action},
                       headers={**bearer(game["table_token"]), "If-Match": f'"{version}"',
                                "Idempotency-Key": uuid.uuid4().hex})
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def refused_by_apply(state, action: dict) -> dict | None:
    try:
        apply(state, action)
    except RulesError as exc:
        return {"message": exc.message, "message_message": named_in(exc.text.as_json(), {}),  # names plain (issue 37)
                "code": exc.code, "rule": exc.rule}
    return None


def test_refused_centres_with_the_engines_own_reason_and_rule(client, game):
    # PLACE-01 / TRADE-09: a centre that cannot take a worker now is listed with the refusal `apply` gives
    gid = game["game_id"]
    resp = client.get(f"/api/games/{gid}/why-not", headers=bearer(game["spectator_token"]))  # a spectator may read
    assert resp.status_code == 200 and resp.headers["ETag"] == f'"{game["game"]["version"]}"'
    body = resp.get_json()
    assert body["game_id"] == gid and body["version"] == game["game"]["version"]
    assert body["decision_id"] == game["game"]["decision"]["id"]
    assert body["why_not"] and all(e["reason"]["rule"] and e["label"] for e in body["why_not"])
    legal = game["game"]["legal_actions"]
    assert not any(e["action"] in legal for e in body["why_not"])  # nothing offered is called refused
    # word for word what `apply` raises for that action on the same state
    state = asian_tigers.new_game({"players": PLAYERS[:3]}, asian_tigers.load_edition(), 3)
    for entry in body["why_not"]:
        assert refused_by_apply(state, entry["action"]) == entry["reason"]
    again = client.get(f"/api/games/{gid}/why-not", headers={**bearer(game["table_token"]),
                                                              "If-None-Match": resp.headers["ETag"]})
    assert again.status_code == 304


def test_it_follows_the_game_and_never_rides_on_a_move(client, game):
    # PLACE-01: after a placement the answer has no why_not; the endpoint answers for the new decision
    rng = random.Random(5)
    version, legal = game["game"]["version"], game["game"]["legal_actions"]
    for _ in range(12):
        body = move(client, game, version, rng.choice(legal))
        update = body["game"]
        assert not any(op["path"].startswith("/why_not") for op in update["view_patch"])
        version, legal = update["version"], update["legal_actions"]
        asked = client.get(f"/api/games/{game['game_id']}/why-not", headers=bearer(game["table_token"])).get_json()
        assert asked["version"] == version and asked["decision_id"] == update["decision"]["id"]
        assert not any(e["action"] in legal for e in asked["why_not"])
    full = client.get(f"/api/games/{game['game_id']}", headers=bearer(game["table_token"])).get_json()
    assert "why_not" not in full["view"]


def test_it_needs_a_valid_token_and_an_existing_game(client, game):
    gid = game["game_id"]
    assert client.get(f"/api/games/{gid}/why-not").status_code == 401
    bad = client.get(f"/api/games/{gid}/why-not", headers=bearer("nope"))
    assert bad.status_code == 401 and bad.content_type == "application/problem+json"
    missing = client.get("/api/games/nosuchgame/why-not", headers=bearer(game["table_token"]))
    assert missing.status_code == 404 and missing.content_type == "application/problem+json"


def test_an_engine_without_it_answers_not_supported(client):
    created = client.post("/api/games", json={"game": "toy", "options": {"players": PLAYERS}, "seed": 1})
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    resp = client.get(f"/api/games/{body['game_id']}/why-not", headers=bearer(body["table_token"]))
    assert resp.status_code == 404 and resp.get_json()["code"] == "not_supported"
