"""The real Asian Tigers engine over HTTP (skipped while it cannot be imported)."""
from __future__ import annotations

import random

import pytest

from api.storage.engines import ModuleEngine
from tests.helpers import PLAYERS, bearer, write_headers
from tests.shared_app import app, client  # noqa: F401 (fixtures: one app; each test works on games of its own)

# HTTP answers and wording: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


pytestmark = pytest.mark.skipif(not ModuleEngine("asian_tigers", "api.games.asian_tigers").available(),
                                reason="api.games.asian_tigers is not importable yet")

OPTIONS = {"players": PLAYERS, "rules_options": {"tiebreak_era2_tiger_ties": "chain",
                                                 "milestone_counts_on_space": True,
                                                 "prosperity_from_influence_rounds": 1}}


@pytest.fixture
def real(client):
    resp = client.post("/api/games", json={"game": "asian_tigers", "options": OPTIONS, "seed": 7})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def test_create_shows_edition_placeholders_and_a_decision(real):
    game = real["game"]
    assert game["game"] == "asian_tigers" and game["decision"] and game["legal_actions"]
    assert game["edition"]["placeholder_count"] > 0 and game["edition"]["placeholder_sections"]
    assert game["current_seat"] is not None


def test_default_game_is_asian_tigers(client):
    resp = client.post("/api/games", json={"options": OPTIONS})
    assert resp.status_code == 201 and resp.get_json()["game"]["game"] == "asian_tigers"


def test_legal_action_is_applied_and_illegal_one_refused_with_rule(client, real):
    gid, token = real["game_id"], real["table_token"]
    legal = real["game"]["legal_actions"][0]
    resp = client.post(f"/api/games/{gid}/actions", json={"action": legal},
                       headers={**bearer(token), "If-Match": '"1"', "Idempotency-Key": "m1"})
    assert resp.status_code == 200, resp.get_json()
    data = resp.get_json()
    assert data["version"] == 2 and data["applied"][0]["lines"][0]
    illegal = client.post(f"/api/games/{gid}/actions", json={"action": {"kind": "end_turn"}},
                          headers={**bearer(token), "If-Match": '"2"'})
    assert illegal.status_code == 422
    problem = illegal.get_json()
    assert problem["rule"] and problem["code"] != "invalid_request"
    view = client.get(f"/api/games/{gid}", headers=bearer(token)).get_json()
    assert view["version"] == 2 and view["live_actions"] == 1


def test_bad_options_come_back_with_the_engine_code(client):
    bad = {**OPTIONS, "rules_options": {"tiebreak_era2_tiger_ties": "dice"}}
    resp = client.post("/api/games", json={"game": "asian_tigers", "options": bad})
    assert resp.status_code == 422 and resp.get_json()["code"] != "invalid_request"
    one = client.post("/api/games", json={"game": "asian_tigers", "options": {"players": PLAYERS[:1]}})
    assert one.status_code == 422 and one.get_json()["rule"]


def test_random_play_undo_export_import_and_replay_check(app, client, real):
    gid, token = real["game_id"], real["table_token"]
    rng = random.Random(3)
    version, legal = 1, real["game"]["legal_actions"]
    played = 0
    for _ in range(40):
        if not legal:
            break
        resp = client.post(f"/api/games/{gid}/actions", json={"action": rng.choice(legal)},
                           headers={**bearer(token), "If-Match": f'"{version}"'})
        assert resp.status_code == 200, resp.get_json()
        version, legal = resp.get_json()["version"], resp.get_json()["game"]["legal_actions"]
        played += 1
    assert played >= 5
    used = client.get(f"/api/games/{gid}", headers=bearer(token)).get_json()["edition"]["placeholder_paths_used"]
    assert isinstance(used, list) and all(p.startswith("/") for p in used)
    undo = client.post(f"/api/games/{gid}/undo", json={"count": 3}, query_string={"full": "1"},
                       headers={**bearer(token), "If-Match": f'"{version}"'})
    assert undo.status_code == 200 and undo.get_json()["game"]["live_actions"] == played - 3
    doc = client.get(f"/api/games/{gid}/export", headers=bearer(token)).get_json()
    imported = client.post("/api/imports", json=doc)
    assert imported.status_code == 201, imported.get_json()
    assert imported.get_json()["game"]["view"] == undo.get_json()["game"]["view"]
    result = app.test_cli_runner().invoke(args=["replay-check"])
    assert result.exit_code == 0, result.output
    edition = client.get(f"/api/games/{gid}/edition", headers=bearer(token)).get_json()
    assert len(edition["placeholder_paths"]) == edition["placeholder_count"] > 0
    for path in ("score", "outcome"):
        assert client.get(f"/api/games/{gid}/{path}", headers=bearer(token)).status_code in (200, 404, 409)


def test_spectator_cannot_move(client, real):
    resp = client.post(f"/api/games/{real['game_id']}/actions", json={"action": real["game"]["legal_actions"][0]},
                       headers={**bearer(real["spectator_token"]), "If-Match": '"1"'})
    assert resp.status_code == 403


def test_write_headers_helper_is_usable_with_real_games(real):
    class G:
        token = real["table_token"]
    assert write_headers(G, 1, key=None) == {**bearer(G.token), "If-Match": '"1"'}
