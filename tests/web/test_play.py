"""Applying actions, batches and undo; the log; score and outcome."""
from __future__ import annotations

from tests.helpers import bearer, create, take, write_headers


def _state(client, game):
    view = client.get(game.url, headers=bearer(game.token)).get_json()
    log = client.get(f"{game.url}/log", headers=bearer(game.token)).get_json()
    return view["version"], view["view"], log["entries"]


def test_apply_returns_events_lines_and_new_view(client):
    game = create(client)
    resp = take(client, game, 2)
    assert resp.status_code == 200 and resp.headers["ETag"] == '"2"'
    data = resp.get_json()
    assert data["applied"][0]["seq"] == 1
    assert data["applied"][0]["lines"][0].startswith("Ann takes 2")
    assert data["game"]["current_seat"] == 1 and data["game"]["base_version"] == 1
    assert {"op": "replace", "path": "/pile", "value": 19} in data["game"]["view_patch"]


def test_illegal_move_is_422_with_rule_and_changes_nothing(client):
    game = create(client)
    take(client, game, 1)
    before = _state(client, game)
    resp = take(client, game, 5)
    assert resp.status_code == 422
    problem = resp.get_json()
    assert problem["code"] == "take_too_many" and problem["rule"] == "TOY-02"
    assert "at most 3" in problem["detail"]
    assert _state(client, game) == before


def test_action_shape_is_checked_before_the_engine(client):
    game = create(client)
    for body in ({"action": {"amount": 1}}, {"action": []}, {}, {"action": {"kind": "take"}, "extra": 1}):
        resp = client.post(f"{game.url}/actions", json=body, headers=write_headers(game, 1))
        assert resp.status_code == 422 and resp.get_json()["code"] == "invalid_request", body
    resp = client.post(f"{game.url}/actions", json=[1], headers=write_headers(game, 1))
    assert resp.status_code == 422
    resp = client.post(f"{game.url}/actions", data="{", content_type="application/json", headers=write_headers(game, 1))
    assert resp.status_code == 400 and resp.get_json()["code"] == "malformed_json"
    resp = client.post(f"{game.url}/actions", data="", content_type="application/json", headers=write_headers(game, 1))
    assert resp.status_code == 400
    resp = client.post(f"{game.url}/actions", data='{"action": NaN}', content_type="application/json", headers=write_headers(game, 1))
    assert resp.status_code == 400
    assert _state(client, game)[0] == 1


def test_if_match_required_and_checked(client):
    game = create(client)
    missing = client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 1}},
                          headers=bearer(game.token))
    assert missing.status_code == 428 and missing.get_json()["current_version"] == 1
    assert take(client, game, 1, version=1).status_code == 200
    stale = take(client, game, 1, version=1)
    assert stale.status_code == 412
    assert stale.get_json()["current_version"] == 2 and stale.headers["ETag"] == '"2"'
    unquoted = client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 1}},
                           headers={**bearer(game.token), "If-Match": "2"})
    assert unquoted.status_code == 200
    star = client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 1}},
                       headers={**bearer(game.token), "If-Match": "*"})
    assert star.status_code == 200 and star.get_json()["version"] == 4


def test_batch_is_all_or_nothing(client):
    game = create(client)
    good = [{"kind": "take", "amount": 1}, {"kind": "take", "amount": 3}]
    resp = client.post(f"{game.url}/batch", json={"actions": good}, headers=write_headers(game, 1))
    assert resp.status_code == 200
    assert [a["seq"] for a in resp.get_json()["applied"]] == [1, 2] and resp.get_json()["version"] == 2
    before = _state(client, game)
    bad = [{"kind": "take", "amount": 1}, {"kind": "take", "amount": 9}, {"kind": "take", "amount": 1}]
    resp = client.post(f"{game.url}/batch", json={"actions": bad}, headers=write_headers(game, 2))
    assert resp.status_code == 422 and resp.get_json()["action_index"] == 1
    assert _state(client, game) == before
    empty = client.post(f"{game.url}/batch", json={"actions": []}, headers=write_headers(game, 2))
    assert empty.status_code == 422


def test_undo_marks_reverted_and_rebuilds(client):
    game = create(client)
    for amount in (1, 2, 3):
        take(client, game, amount)
    resp = client.post(f"{game.url}/undo", json={"count": 2}, headers=write_headers(game, game.version))
    assert resp.status_code == 200
    data = resp.get_json()
    assert data["undone"] == [2, 3] and data["game"]["live_actions"] == 1
    assert {"op": "replace", "path": "/pile", "value": 20} in data["game"]["view_patch"]
    game.version = data["version"]
    log = client.get(f"{game.url}/log", headers=bearer(game.token)).get_json()["entries"]
    assert [(e["seq"], e["reverted"]) for e in log] == [(1, False), (2, True), (3, True)]
    resp = take(client, game, 3)
    assert resp.get_json()["applied"][0]["seq"] == 4
    too_many = client.post(f"{game.url}/undo", json={"count": 5}, headers=write_headers(game, game.version))
    assert too_many.status_code == 422 and too_many.get_json()["code"] == "nothing_to_undo"
    default = client.post(f"{game.url}/undo", json={}, headers=write_headers(game, game.version))
    assert default.status_code == 200 and default.get_json()["undone"] == [4]


def test_undo_restores_random_draws(client):
    game = create(client)
    take(client, game, 1)
    first = _state(client, game)[1]["rolls"]
    resp = client.post(f"{game.url}/undo", json={"count": 1}, headers=write_headers(game, game.version))
    game.version = resp.get_json()["version"]
    take(client, game, 1)
    again = _state(client, game)[1]["rolls"]
    assert first == again


def test_log_after_and_limit(client):
    game = create(client)
    for _ in range(5):
        take(client, game, 1)
    page = client.get(f"{game.url}/log?after=2&limit=2", headers=bearer(game.token)).get_json()
    assert [e["seq"] for e in page["entries"]] == [3, 4] and page["next_after"] == 4 and page["more"] is True
    last = client.get(f"{game.url}/log?after=4", headers=bearer(game.token)).get_json()
    assert [e["seq"] for e in last["entries"]] == [5] and last["more"] is False
    assert last["entries"][0]["lines"] and last["entries"][0]["action"] == {"kind": "take", "amount": 1}
    assert client.get(f"{game.url}/log?after=-1", headers=bearer(game.token)).status_code == 422
    assert client.get(f"{game.url}/log?after=x", headers=bearer(game.token)).status_code == 422
    cached = client.get(f"{game.url}/log", headers={**bearer(game.token), "If-None-Match": f'"{game.version}"'})
    assert cached.status_code == 304


def test_score_and_outcome(client):
    game = create(client)
    score = client.get(f"{game.url}/score", headers=bearer(game.token))
    assert score.status_code == 200 and score.get_json()["over"] is False
    early = client.get(f"{game.url}/outcome", headers=bearer(game.token))
    assert early.status_code == 409 and early.get_json()["code"] == "game_not_over"
    for _ in range(7):
        assert take(client, game, 3).status_code == 200
    view = client.get(game.url, headers=bearer(game.token)).get_json()
    assert view["over"] is True and view["status"] == "over" and view["legal_actions"] == []
    assert view["edition"]["placeholder_paths_used"] == ["/pile"]
    edition = client.get(f"{game.url}/edition", headers=bearer(game.token)).get_json()
    assert edition["placeholder_paths_used"] == ["/pile"]
    done = client.get(f"{game.url}/outcome", headers=bearer(game.token))
    assert done.status_code == 200 and done.get_json()["outcome"]["winner"] == 0
    after_end = take(client, game, 1)
    assert after_end.status_code == 422 and after_end.get_json()["code"] == "game_over"
    # A finished game is final: its last move is not undone, and nothing changes (issue 33).
    before = _state(client, game)
    undone = client.post(f"{game.url}/undo", json={"count": 1}, headers=write_headers(game, game.version))
    assert undone.status_code == 409 and undone.headers["Content-Type"] == "application/problem+json"
    assert undone.get_json()["code"] == "game_over" and undone.get_json()["current_version"] == game.version
    assert _state(client, game) == before


def test_engine_without_score_or_outcome_answers_404(client):
    game = create(client, game="toy_minimal")
    for path in ("score", "outcome"):
        resp = client.get(f"{game.url}/{path}", headers=bearer(game.token))
        assert resp.status_code in (404, 409)
    resp = client.get(f"{game.url}/score", headers=bearer(game.token))
    assert resp.get_json()["code"] == "not_supported"
    for _ in range(7):
        take(client, game, 3)
    resp = client.get(f"{game.url}/outcome", headers=bearer(game.token))
    assert resp.status_code == 404 and resp.get_json()["code"] == "not_supported"
