"""Idempotency-Key: a retried write is applied once."""
from __future__ import annotations

import threading

from tests.helpers import PLAYERS, bearer, create, take, write_headers

ACTION = {"action": {"kind": "take", "amount": 1}}


def _live(client, game) -> int:
    return client.get(game.url, headers=bearer(game.token)).get_json()["live_actions"]


def test_same_key_same_body_is_applied_once(client):
    game = create(client)
    headers = write_headers(game, 1, key="move-1")
    first = client.post(f"{game.url}/actions", json=ACTION, headers=headers)
    second = client.post(f"{game.url}/actions", json=ACTION, headers=headers)
    assert first.status_code == second.status_code == 200
    assert second.headers["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first.headers
    assert first.get_json() == second.get_json() and second.headers["ETag"] == '"2"'
    assert _live(client, game) == 1


def test_replay_wins_over_a_stale_if_match(client):
    game = create(client)
    headers = write_headers(game, 1, key="move-1")
    client.post(f"{game.url}/actions", json=ACTION, headers=headers)
    game.version = 2
    take(client, game, 1)
    retry = client.post(f"{game.url}/actions", json=ACTION, headers=headers)
    assert retry.status_code == 200 and retry.get_json()["version"] == 2
    assert _live(client, game) == 2


def test_same_key_other_body_is_422(client):
    game = create(client)
    client.post(f"{game.url}/actions", json=ACTION, headers=write_headers(game, 1, key="k"))
    other = client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 2}},
                        headers=write_headers(game, 2, key="k"))
    assert other.status_code == 422 and other.get_json()["code"] == "idempotency_key_reused"
    elsewhere = client.post(f"{game.url}/undo", json={"count": 1}, headers=write_headers(game, 2, key="k"))
    assert elsewhere.status_code == 422
    assert _live(client, game) == 1


def test_failed_writes_are_not_remembered(client):
    game = create(client)
    bad = client.post(f"{game.url}/actions", json=ACTION, headers=write_headers(game, 7, key="k"))
    assert bad.status_code == 412
    good = client.post(f"{game.url}/actions", json=ACTION, headers=write_headers(game, 1, key="k"))
    assert good.status_code == 200 and "Idempotent-Replayed" not in good.headers


def test_bad_key_is_422(client):
    game = create(client)
    resp = client.post(f"{game.url}/actions", json=ACTION, headers=write_headers(game, 1, key="x" * 201))
    assert resp.status_code == 422 and resp.get_json()["code"] == "invalid_idempotency_key"


def test_fifty_threads_same_key_store_exactly_one_action(app):
    creator = app.test_client()
    game = create(creator)
    headers = write_headers(game, 1, key="the-one")
    barrier = threading.Barrier(50)
    results: list = []

    def post():
        client = app.test_client()
        barrier.wait()
        resp = client.post(f"{game.url}/actions", json=ACTION, headers=headers)
        results.append((resp.status_code, resp.get_json()["version"]))

    threads = [threading.Thread(target=post) for _ in range(50)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [(200, 2)] * 50
    assert _live(creator, game) == 1
    log = creator.get(f"{game.url}/log", headers=bearer(game.token)).get_json()["entries"]
    assert len(log) == 1


def test_a_move_without_an_idempotency_key_is_428_and_changes_nothing(app):
    """Moves need an Idempotency-Key: a retry must be recognisable (428 idempotency_key_required)."""
    client = app.test_client()
    client.auto_key = False
    created = client.post("/api/games", json={"game": "toy", "options": {"players": PLAYERS}, "seed": 1}).get_json()
    url, token = f"/api/games/{created['game_id']}", created["table_token"]
    for path, body in (("actions", {"action": {"kind": "take", "amount": 1}}), ("undo", {"count": 1}),
                       ("batch", {"actions": [{"kind": "take", "amount": 1}]})):
        resp = client.post(f"{url}/{path}", json=body, headers={"Authorization": f"Bearer {token}", "If-Match": '"1"'})
        assert resp.status_code == 428, resp.get_json()
        assert resp.get_json()["code"] == "idempotency_key_required" and resp.headers["ETag"] == '"1"'
    view = client.get(url, headers={"Authorization": f"Bearer {token}"}).get_json()
    assert view["version"] == 1
