"""Every write refuses a missing, unknown, foreign or read-only token; reads need a token."""
from __future__ import annotations

import pytest

from tests.helpers import bearer, create
from tests.shared_app import app, client  # noqa: F401 (fixtures: one app; each test works on games of its own)

# HTTP answers and wording: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)

WRITES = [
    ("actions", {"action": {"kind": "take", "amount": 1}}),
    ("batch", {"actions": [{"kind": "take", "amount": 1}]}),
    ("undo", {"count": 1}),
    ("join-code", None),
    ("spectator-tokens", None),
]
READS = ["", "/log", "/score", "/outcome", "/export", "/edition"]


def _snapshot(client, game):
    view = client.get(game.url, headers=bearer(game.token)).get_json()
    return view["version"], view["live_actions"]


@pytest.fixture
def games(client):
    game = create(client)
    other = create(client)
    ok = client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 1}},
                     headers={**bearer(game.token), "If-Match": '"1"'})
    assert ok.status_code == 200
    game.version = 2
    return game, other


@pytest.mark.parametrize("path,body", WRITES)
@pytest.mark.parametrize("who,status,code", [
    (None, 401, "token_missing"),
    ("garbage", 401, "token_invalid"),
    ("other", 403, "token_wrong_game"),
    ("spectator", 403, "read_only_token"),
    ("other_spectator", 403, "token_wrong_game"),
])
def test_writes_reject_bad_tokens(client, games, path, body, who, status, code):
    game, other = games
    token = {None: None, "garbage": "g" * 43, "other": other.token, "spectator": game.spectator,
             "other_spectator": other.spectator}[who]
    headers = {"If-Match": '"2"', "Idempotency-Key": f"k-{path}-{who}"}
    if token:
        headers.update(bearer(token))
    before = _snapshot(client, game)
    resp = client.post(f"{game.url}/{path}", json=body, headers=headers)
    assert resp.status_code == status and resp.get_json()["code"] == code
    if status == 401:
        assert resp.headers["WWW-Authenticate"].startswith("Bearer")
    assert _snapshot(client, game) == before


@pytest.mark.parametrize("path", READS)
def test_reads_need_a_token_of_this_game(client, games, path):
    game, other = games
    assert client.get(f"{game.url}{path}").status_code == 401
    assert client.get(f"{game.url}{path}", headers={"Authorization": "Basic abc"}).status_code == 401
    assert client.get(f"{game.url}{path}", headers=bearer("nope")).status_code == 401
    assert client.get(f"{game.url}{path}", headers=bearer(other.token)).status_code == 403
    assert client.get(f"{game.url}{path}", headers=bearer(game.spectator)).status_code in (200, 409)


@pytest.mark.parametrize("path,body", WRITES)
def test_writes_on_unknown_game_are_404(client, games, path, body):
    game, _ = games
    resp = client.post(f"/api/games/unknown/{path}", json=body, headers={**bearer(game.token), "If-Match": '"2"'})
    assert resp.status_code == 404 and resp.get_json()["code"] == "game_not_found"


def test_a_move_reads_the_game_and_its_token_in_one_statement(app, client, games, sqlite_only):
    game, _ = games
    conn = app.extensions["tablekeeper"].repository().db.conn  # this thread's connection, as the app's
    seen: list[str] = []
    conn.set_trace_callback(seen.append)
    try:
        resp = client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 1}},
                           headers={**bearer(game.token), "If-Match": '"2"', "Idempotency-Key": "one-read"})
    finally:
        conn.set_trace_callback(None)
    assert resp.status_code == 200
    words = [s.split()[0].upper() for s in seen]
    assert words == ["SELECT", "BEGIN", "SELECT", "INSERT", "UPDATE", "INSERT", "COMMIT"], seen
    assert "JOIN tokens" in seen[0]  # the token is checked in the same read as the game's row
