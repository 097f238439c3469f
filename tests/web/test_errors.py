"""Errors are problem+json everywhere under /api; no 500, no HTML, no change after an error."""
from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import bearer, create, write_headers


def test_unknown_route_is_problem_404(client):
    for path in ("/api/nope", "/api/games/x/nope", "/api/", "/api/games/x/actions/1"):
        resp = client.get(path)
        assert resp.status_code == 404 and resp.content_type == "application/problem+json"


def test_wrong_method_is_problem_405_with_allow(client):
    resp = client.delete("/api/games/abc")
    assert resp.status_code == 405 and "GET" in resp.headers["Allow"]
    assert resp.get_json()["code"] == "method_not_allowed"
    assert client.put("/api/games").status_code == 405
    assert client.get("/api/join").status_code == 405


def test_body_too_large_is_413(make_app):
    client = make_app(MAX_CONTENT_LENGTH=2000).test_client()
    game = create(client)
    big = {"action": {"kind": "take", "amount": 1, "note": "x" * 5000}}
    resp = client.post(f"{game.url}/actions", json=big, headers=write_headers(game, 1))
    assert resp.status_code == 413 and resp.get_json()["code"] == "request_too_large"
    huge = {"game": "toy", "options": {"players": [{"name": "a" * 3000, "color": "r"}]}}
    assert client.post("/api/games", json=huge).status_code == 413
    assert client.get(game.url, headers=bearer(game.token)).get_json()["version"] == 1


def test_unexpected_exception_becomes_problem_500(app, monkeypatch):
    from api.web.views import BOARDS
    from tests.contract import CONTRACT

    game = create(app.test_client())

    def boom(*_a, **_k):
        raise RuntimeError("engine bug")

    monkeypatch.setattr("tests.toy_engine.view", boom)
    BOARDS.clear()  # a worker that has not rendered this game yet: the view runs (and fails)
    resp = FlaskClient(app).get(game.url, headers=bearer(game.token))  # not the contract client: 500 expected
    assert resp.status_code == 500
    assert resp.content_type == "application/problem+json"
    problem = resp.get_json()
    assert problem["code"] == "internal_error" and "engine bug" not in problem["detail"]
    errors = list(CONTRACT.validator("/components/schemas/Problem").iter_errors(problem))
    assert not errors


def test_pages_outside_api_are_not_problems(client):
    resp = client.get("/no-such-page")
    assert resp.status_code == 404 and resp.content_type != "application/problem+json"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**6) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=12,
)
action_like = st.fixed_dictionaries({"kind": st.sampled_from(["take", "pass", ""]) | st.integers()},
                                    optional={"amount": json_values})
bodies = st.one_of(
    json_values,
    st.fixed_dictionaries({"action": action_like | json_values}),
    st.fixed_dictionaries({"actions": st.lists(action_like, max_size=3) | json_values}),
    st.fixed_dictionaries({"count": json_values}),
)


@pytest.fixture
def long_game(client):
    """A toy game with a pile big enough for every fuzzed move."""
    return create(client, edition={"schema_version": "1.0", "edition": {"id": "fuzz"},
                                   "provenance": {"/max_take": "rulebook", "/pile": "placeholder"},
                                   "max_take": 3, "pile": 10_000})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["actions", "batch", "undo"]), body=bodies)
def test_fuzzed_write_bodies_never_500_and_only_legal_moves_change_state(client, long_game, path, body):
    game = long_game
    before = client.get(game.url, headers=bearer(game.token)).get_json()
    resp = client.post(f"{game.url}/{path}", data=json.dumps(body), content_type="application/json",
                       headers=write_headers(game, before["version"]))
    after = client.get(game.url, headers=bearer(game.token)).get_json()
    if resp.status_code == 200:
        assert after["version"] == before["version"] + 1
    else:
        assert resp.status_code in (400, 422), resp.get_json()
        assert after == before


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=bodies | st.fixed_dictionaries({"options": json_values, "game": st.just("toy")}, optional={
    "seed": json_values, "edition": json_values}))
def test_fuzzed_create_bodies_never_500(client, body):
    resp = client.post("/api/games", data=json.dumps(body), content_type="application/json")
    assert resp.status_code in (201, 400, 422)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=40))
def test_garbage_bytes_never_500(client, raw):
    for path in ("/api/games", "/api/join", "/api/imports"):
        resp = client.post(path, data=raw, content_type="application/json")
        assert resp.status_code in (400, 422)


def test_pwa_files_are_served_outside_api(make_app, tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>tk</title>")
    (tmp_path / "app.js").write_text("export {}")
    client = make_app(PWA_DIR=str(tmp_path)).test_client()
    index = client.get("/")
    assert index.status_code == 200 and b"<title>tk" in index.data and index.headers["Cache-Control"] == "no-cache"
    assert client.get("/app.js").status_code == 200
    assert client.get("/../secret").status_code == 404
    assert client.post("/").status_code in (404, 405)
    assert client.get("/api/index.html").content_type == "application/problem+json"
