"""Solo campaigns over HTTP (CAMPAIGN-01..04, AMB-46/47): create, read, sessions, recording, auth.

Session games are played to the end with random legal moves: computed with the
engine from the game's options and seed, then sent as batches. The long paths
that random play never reaches (a won session, several goals met at once) use
an outcome constructed from the real one: the engine adapter's ``outcome`` is
patched to report the chosen goals and an out-scored Automa.
"""
from __future__ import annotations

import random

import pytest

from api.games.asian_tigers import apply, is_over, legal_actions, load_edition, new_game
from api.storage.engines import ModuleEngine
from tests.helpers import PLAYERS, bearer

pytestmark = pytest.mark.skipif(not ModuleEngine("asian_tigers", "api.games.asian_tigers").available(),
                                reason="api.games.asian_tigers is not importable")

EDITION = load_edition()
PLAYER = {"name": "Ann", "color": "red"}


def create(client, **extra) -> dict:
    body = {"player": PLAYER, "difficulty": 2, **({"tiles": ["CT1", "CT4"]} if "count" not in extra else {}), **extra}
    resp = client.post("/api/campaigns", json=body)
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def read(client, camp: dict) -> dict:
    resp = client.get(f"/api/campaigns/{camp['campaign_id']}", headers=bearer(camp["campaign_token"]))
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def start(client, camp: dict, body: dict | None = None, headers: dict | None = None):
    return client.post(f"/api/campaigns/{camp['campaign_id']}/games", json=body if body is not None else {"seed": 5},
                       headers={**bearer(camp["campaign_token"]), **(headers or {})})


def record(client, camp: dict, game_id: str, headers: dict | None = None, **extra):
    return client.post(f"/api/campaigns/{camp['campaign_id']}/sessions", json={"game_id": game_id, **extra},
                       headers={**bearer(camp["campaign_token"]), **(headers or {})})


def finish(client, created: dict, rng_seed: int = 1) -> dict:
    """Play the session game to its end with random legal moves (engine-computed, sent as batches)."""
    view = created["game"]
    state = new_game(view["options"], EDITION, view["seed"])
    rng, actions = random.Random(rng_seed), []
    while not is_over(state):
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action).state
    version = view["version"]
    for i in range(0, len(actions), 200):
        resp = client.post(f"/api/games/{created['game_id']}/batch", json={"actions": actions[i:i + 200]},
                           headers={**bearer(created["table_token"]), "If-Match": f'"{version}"'})
        assert resp.status_code == 200, resp.get_json()
        version = resp.get_json()["version"]
    game = resp.get_json()["game"]
    assert game["over"]
    return game


def starting_science(created: dict) -> int:
    return next(p for p in created["game"]["view"]["players"] if p["id"] == "0")["science"]


@pytest.fixture
def constructed(app, monkeypatch):
    """Make the next recorded sessions report chosen goals and who out-scored whom."""
    engine = app.extensions["tablekeeper"].engines.get("asian_tigers")
    real = engine.outcome
    plan: dict = {}

    def outcome(state):
        result = real(state)
        if plan:
            result["solo"] = {**result["solo"], "goals_met": list(plan["goals_met"]), "human_wins": plan["human_wins"]}
        return result

    monkeypatch.setattr(engine, "outcome", outcome)
    return plan


# -- create and read ---------------------------------------------------------------------------
def test_create_chosen_tiles_all_face_up(client):
    camp = create(client, show_all=True, automa_tiles="recorded")
    assert len(camp["campaign_token"]) >= 32 and camp["campaign_link"] == f"/#/c/{camp['campaign_id']}"
    view = read(client, camp)
    assert view == camp["campaign"]
    assert [(t["tile"], t["face_up"], t["achieved_in_session"]) for t in view["tiles"]] == [
        ("CT1", True, None), ("CT4", True, None)]
    assert view["tiles"][0]["goal"] == "universities_5" and "universities" in view["tiles"][0]["goal_text"]
    assert {t["tile"] for t in view["other_tiles"]} == {f"CT{i}" for i in (2, 3, 5, 6, 7, 8, 9)}
    assert (view["status"], view["failures"], view["failures_left"], view["next_starting_science"]) == (
        "in_progress", 0, 3, 2)
    assert view["sessions"] == [] and view["games"] == [] and view["open_session"] is None
    assert view["player"] == PLAYER and view["difficulty"] == 2 and view["automa_tiles"] == "recorded"


def test_tiles_drawn_from_a_seed_are_reproducible(client):
    first = create(client, count=4, seed=12)["campaign"]
    again = create(client, count=4, seed=12)["campaign"]
    assert [t["tile"] for t in first["tiles"]] == [t["tile"] for t in again["tiles"]]
    assert len(first["tiles"]) == 4 and first["other_tiles"] == [] and first["seed"] == 12


def test_create_answers_location_and_etag(client):
    resp = client.post("/api/campaigns", json={"player": PLAYER, "difficulty": 1, "count": 2})
    assert resp.status_code == 201
    assert resp.headers["Location"] == f"/api/campaigns/{resp.get_json()['campaign_id']}"
    assert resp.headers["ETag"] == '"1"'


@pytest.mark.parametrize("body, status, code, rule", [
    ({"tiles": ["CT1"]}, 422, "invalid_campaign_tiles", "CAMPAIGN-01"),
    ({"tiles": ["CT1", "CT1"]}, 422, "invalid_campaign_tiles", "CAMPAIGN-01"),
    ({"tiles": ["CT1", "CT99"]}, 422, "invalid_campaign_tiles", "CAMPAIGN-01"),
    ({"count": 10}, 422, "invalid_scenario_count", "CAMPAIGN-01"),
    ({"count": 1}, 422, "invalid_scenario_count", "CAMPAIGN-01"),
    ({"count": 3, "difficulty": 5}, 422, "invalid_difficulty", "SOLO-SETUP-07"),
    ({"count": 3, "player": {"name": "Ann", "color": "purple"}}, 422, "unknown_color", None),
    ({"count": 3, "tiles": ["CT1", "CT2"]}, 422, "invalid_request", None),
    ({"difficulty": 2}, 422, "invalid_request", None),
    ({"count": 3, "automa_tiles": "dice"}, 422, "invalid_request", None),
    ({"count": True}, 422, "invalid_request", None),
])
def test_create_refusals(client, body, status, code, rule):
    resp = client.post("/api/campaigns", json={"player": PLAYER, "difficulty": 2, **body})
    assert resp.status_code == status, resp.get_json()
    problem = resp.get_json()
    assert problem["code"] == code
    if rule:
        assert problem["rule"] == rule


def test_malformed_json_is_400(client):
    resp = client.post("/api/campaigns", data="{", content_type="application/json")
    assert resp.status_code == 400 and resp.get_json()["code"] == "malformed_json"


# -- access ----------------------------------------------------------------------------------------
def test_auth_rejections(app, client):
    camp, other = create(client), create(client)
    url = f"/api/campaigns/{camp['campaign_id']}"
    missing = client.get(url)
    assert missing.status_code == 401 and missing.get_json()["code"] == "token_missing"
    assert missing.headers["WWW-Authenticate"].startswith("Bearer")
    assert client.get(url, headers=bearer("x" * 43)).get_json()["code"] == "token_invalid"
    wrong = client.get(url, headers=bearer(other["campaign_token"]))
    assert wrong.status_code == 403 and wrong.get_json()["code"] == "token_wrong_campaign"
    game = client.post("/api/games", json={"game": "toy", "options": {"players": PLAYERS}}).get_json()
    assert client.get(url, headers=bearer(game["table_token"])).status_code == 401  # a game's token opens no campaign
    unknown = client.get("/api/campaigns/nope", headers=bearer(camp["campaign_token"]))
    assert unknown.status_code == 404 and unknown.get_json()["code"] == "campaign_not_found"
    for path, body in (("games", {}), ("sessions", {"game_id": "x"})):
        assert client.post(f"{url}/{path}", json=body).status_code == 401
        assert client.post(f"{url}/{path}", json=body, headers=bearer(other["campaign_token"])).status_code == 403
    # the campaign token does not open its games (they have their own tokens)
    created = start(client, camp).get_json()
    assert client.get(f"/api/games/{created['game_id']}", headers=bearer(camp["campaign_token"])).status_code == 401
    # only hashes are stored
    db = app.extensions["tablekeeper"].repository().db
    stored = [r[0] for r in db.conn.execute("SELECT token_hash FROM campaign_tokens").fetchall()]
    assert camp["campaign_token"] not in stored and len(stored) == 2 and all(len(h) == 64 for h in stored)


# -- sessions ----------------------------------------------------------------------------------------
def test_session_is_played_to_the_end_and_recorded(client):
    camp = create(client)
    resp = start(client, camp)
    assert resp.status_code == 201, resp.get_json()
    created = resp.get_json()
    gid = created["game_id"]
    assert resp.headers["Location"] == f"/api/games/{gid}"
    solo = created["game"]["options"]["solo"]
    assert (solo["variant"], solo["face_up"], solo["starting_science"]) == ("campaign", ["CT1", "CT4"], 2)
    tile = created["game"]["view"]["solo"]["campaign_tile"]
    assert starting_science(created) == 2 and tile in ("CT1", "CT4")
    assert created["campaign"]["open_session"] == {"game_id": gid, "tile": tile, "over": False, "result": None}
    assert created["campaign"]["version"] == 2

    busy = start(client, camp)
    assert busy.status_code == 409 and busy.get_json()["code"] == "session_in_progress"
    assert busy.get_json()["game_id"] == gid
    early = record(client, camp, gid)
    assert early.status_code == 409 and early.get_json()["code"] == "game_not_over"

    finish(client, created)
    view = read(client, camp)
    result = view["open_session"]["result"]
    assert view["open_session"]["over"] and result is not None
    assert result["session_won"] is False and result["turn_down_choices"] == []  # random play never out-scores it

    stale = record(client, camp, gid, headers={"If-Match": '"1"'})
    assert stale.status_code == 412 and stale.get_json()["current_version"] == view["version"]
    key = {"Idempotency-Key": "record-1", "If-Match": f'"{view["version"]}"'}
    done = record(client, camp, gid, headers=key)
    assert done.status_code == 200, done.get_json()
    body = done.get_json()
    assert body["session"]["number"] == 1 and body["session"]["game_id"] == gid and not body["session"]["won"]
    assert body["session"]["goals_met"] == result["goals_met"] and body["session"]["starting_science"] == 2
    after = body["campaign"]
    assert (after["failures"], after["next_starting_science"], after["open_session"]) == (1, 1, None)
    assert after["games"][0]["status"] == "recorded" and after["games"][0]["session"] == 1
    assert after["games"][0]["links"] == {"game": f"/api/games/{gid}"} and after["games"][0]["over"]
    assert done.headers["ETag"] == f'"{after["version"]}"'

    replay = record(client, camp, gid, headers=key)
    assert replay.status_code == 200 and replay.headers["Idempotent-Replayed"] == "true"
    assert replay.get_json() == body
    reused = record(client, camp, gid, headers={"Idempotency-Key": "record-1"}, turn_down="CT1")
    assert reused.status_code == 422 and reused.get_json()["code"] == "idempotency_key_reused"
    again = record(client, camp, gid)
    assert again.status_code == 409 and again.get_json()["code"] == "session_already_recorded"
    assert read(client, camp)["failures"] == 1


def test_failures_lower_starting_science_and_the_third_ends_the_campaign(client):
    """CAMPAIGN-03, AMB-47: 2 → 1 → 0 starting science, the third failure loses."""
    camp = create(client, count=3, seed=3)
    for number, science in enumerate([2, 1, 0], start=1):
        created = start(client, camp, {"seed": 40 + number}).get_json()
        assert created["game"]["options"]["solo"]["starting_science"] == science
        assert starting_science(created) == science
        finish(client, created, rng_seed=number)
        body = record(client, camp, created["game_id"]).get_json()
        assert body["session"]["won"] is False and body["session"]["starting_science"] == science
        assert body["campaign"]["failures"] == number
    view = read(client, camp)
    assert (view["status"], view["failures_left"], view["next_starting_science"]) == ("lost", 0, None)
    assert [s["number"] for s in view["sessions"]] == [1, 2, 3]
    assert all(t["face_up"] for t in view["tiles"])
    over = start(client, camp)
    assert over.status_code == 409 and over.get_json()["code"] == "campaign_over"


def test_won_campaign_with_a_turn_down_choice(client, constructed):
    """CAMPAIGN-02/04: one tile turned down per session, the player's choice; a failure is not undone."""
    camp = create(client, tiles=["CT1", "CT2", "CT5"])

    def session(seed, goals, wins, **extra):
        created = start(client, camp, {"seed": seed}).get_json()
        finish(client, created)
        constructed.update(goals_met=goals, human_wins=wins)
        return created, record(client, camp, created["game_id"], **extra)

    created, lost = session(1, ["CT1"], False)  # goal met, Automa not out-scored (AMB-46): a failure
    assert lost.status_code == 200 and lost.get_json()["campaign"]["failures"] == 1

    created, ask = session(2, ["CT1", "CT2"], True)
    assert starting_science(created) == 1
    assert read(client, camp)["open_session"]["result"]["turn_down_choices"] == ["CT1", "CT2"]
    problem = ask.get_json()
    assert ask.status_code == 422 and problem["code"] == "turn_down_required" and problem["rule"] == "CAMPAIGN-02"
    assert problem["choices"] == ["CT1", "CT2"]
    bad = record(client, camp, created["game_id"], turn_down="CT5")
    assert bad.status_code == 422 and bad.get_json()["choices"] == ["CT1", "CT2"]
    chosen = record(client, camp, created["game_id"], turn_down="CT2")
    assert chosen.status_code == 200, chosen.get_json()
    view = chosen.get_json()["campaign"]
    assert [(t["tile"], t["face_up"], t["achieved_in_session"]) for t in view["tiles"]] == [
        ("CT1", True, None), ("CT2", False, 2), ("CT5", True, None)]
    assert view["next_starting_science"] == 1  # a later success does not restore science (AMB-47)

    for seed, tile in ((3, "CT1"), (4, "CT5")):
        created = start(client, camp, {"seed": seed, "tile": tile}).get_json()
        assert created["game"]["view"]["solo"]["campaign_tile"] == tile
        finish(client, created)
        constructed.update(goals_met=[tile, "CT2"], human_wins=True)  # CT2 is face down: only `tile` counts
        won = record(client, camp, created["game_id"])
        assert won.status_code == 200 and won.get_json()["session"]["turned_down"] == tile
    view = read(client, camp)
    assert view["status"] == "won" and not any(t["face_up"] for t in view["tiles"])
    assert [s["won"] for s in view["sessions"]] == [False, True, True, True] and view["next_starting_science"] is None
    over = start(client, camp)
    assert over.status_code == 409 and over.get_json()["code"] == "campaign_over"


def test_session_tile_must_be_face_up(client, constructed):
    camp = create(client)
    wrong = start(client, camp, {"tile": "CT9"})
    assert wrong.status_code == 422 and wrong.get_json()["code"] == "tile_not_face_up"


def test_restart_abandons_the_open_session(client):
    camp = create(client)
    first = start(client, camp).get_json()
    second = start(client, camp, {"restart": True, "automa_tiles": "recorded"})
    assert second.status_code == 201
    assert second.get_json()["game"]["options"]["solo"]["tiles"] == "recorded"
    games = read(client, camp)["games"]
    assert [g["status"] for g in games] == ["abandoned", "open"]
    gone = record(client, camp, first["game_id"])
    assert gone.status_code == 409 and gone.get_json()["code"] == "session_abandoned"
    stranger = client.post("/api/games", json={"game": "toy", "options": {"players": PLAYERS}}).get_json()
    outside = record(client, camp, stranger["game_id"])
    assert outside.status_code == 422 and outside.get_json()["code"] == "game_not_in_campaign"


def test_starting_a_session_is_idempotent_with_fresh_secrets(client):
    camp = create(client)
    url = f"/api/campaigns/{camp['campaign_id']}/games"
    headers = {**bearer(camp["campaign_token"]), "Idempotency-Key": "start-1"}
    first = client.post(url, headers=headers)  # no body at all: the defaults
    assert first.status_code == 201, first.get_json()
    again = client.post(url, headers=headers)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    a, b = first.get_json(), again.get_json()
    assert a["game_id"] == b["game_id"] and a["table_token"] != b["table_token"]
    for token in (a["table_token"], b["table_token"]):
        assert client.get(f"/api/games/{a['game_id']}", headers=bearer(token)).status_code == 200
    assert len(read(client, camp)["games"]) == 1
    other = client.post(url, json={"seed": 1}, headers=headers)
    assert other.status_code == 422 and other.get_json()["code"] == "idempotency_key_reused"
    stale = client.post(url, json={"restart": True}, headers={**bearer(camp["campaign_token"]), "If-Match": '"1"'})
    assert stale.status_code == 412
