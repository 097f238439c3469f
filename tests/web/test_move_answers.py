"""Move answers on a diet: what changed (a patch of the phone's view), the whole view with ?full=1."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from api.web import patch, views
from api.games.envelope import HOISTED, STATIC_IN_VIEW
from api.web.views import BOARDS
from tests.helpers import bearer, create, write_headers

STATIC = {"game", "role", "options", "seed", "created_at", "links"}
REAL_PLAYERS = [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Bo", "blue"), ("Cy", "green"), ("Di", "yellow"))]


def _full(client, game_id, token):
    return client.get(f"/api/games/{game_id}", headers=bearer(token)).get_json()


def _follow(held: dict, update: dict) -> dict:
    """What a phone does with an update: patch the view it holds at base_version."""
    assert update["base_version"] == held["version"]
    assert not STATIC & set(update) and "view" not in update
    merged = {**held, **{k: v for k, v in update.items() if k not in ("base_version", "view_patch")}}
    merged["view"] = patch.apply(held["view"], update["view_patch"])
    return merged


def test_every_update_patches_the_held_view_into_the_next_one(client):
    game = create(client)
    held = _full(client, game.id, game.token)
    for path, body in (("actions", {"action": {"kind": "take", "amount": 2}}),
                       ("batch", {"actions": [{"kind": "take", "amount": 1}, {"kind": "take", "amount": 3}]}),
                       ("undo", {"count": 2}),
                       ("actions", {"action": {"kind": "take", "amount": 3}})):
        resp = client.post(f"{game.url}/{path}", json=body, headers=write_headers(game, held["version"]))
        assert resp.status_code == 200, resp.get_json()
        held = _follow(held, resp.get_json()["game"])
        assert held == _full(client, game.id, game.token)


def test_a_worker_renders_each_board_once_and_renders_a_board_it_lacks_again(client, monkeypatch):
    game = create(client)
    held = _full(client, game.id, game.token)
    rendered = []
    render = views._render
    monkeypatch.setattr(views, "_render", lambda engine, state, lang: rendered.append(state) or render(engine, state, lang))

    def move(version):
        resp = client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 1}},
                           headers=write_headers(game, version))
        assert resp.status_code == 200, resp.get_json()
        return resp.get_json()["game"]

    held = _follow(held, move(held["version"]))
    assert len(rendered) == 1  # the new board only: the previous one is the board this worker sent last
    BOARDS.clear()  # as if another worker had served the last move: the previous board is rendered again
    held = _follow(held, move(held["version"]))
    assert len(rendered) == 3
    assert held == _full(client, game.id, game.token) and len(rendered) == 3  # the read reuses the new board


def test_full_1_answers_the_whole_game_view(client):
    game = create(client)
    resp = client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 1}},
                       headers=write_headers(game, 1), query_string={"full": "1"})
    assert resp.status_code == 200 and resp.get_json()["game"] == _full(client, game.id, game.token)
    bad = client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 1}},
                      headers=write_headers(game, 2), query_string={"full": "yes"})
    assert bad.status_code == 422


def test_the_game_view_says_each_thing_once(client):
    game = create(client)
    view = _full(client, game.id, game.token)
    assert view["decision"] and view["legal_actions"]
    assert not (set(HOISTED) | set(STATIC_IN_VIEW)) & set(view["view"])


def test_real_engine_updates_follow_a_random_game_and_are_small(client):
    created = client.post("/api/games", json={"game": "asian_tigers", "options": {"players": REAL_PLAYERS},
                                              "seed": 3}).get_json()
    gid, token = created["game_id"], created["table_token"]
    held, rng, sizes = created["game"], random.Random(3), []
    for _ in range(30):
        resp = client.post(f"/api/games/{gid}/actions", json={"action": rng.choice(held["legal_actions"])},
                           headers={**bearer(token), "If-Match": f'"{held["version"]}"'})
        assert resp.status_code == 200, resp.get_json()
        sizes.append(len(resp.data))
        held = _follow(held, resp.get_json()["game"])
    full = _full(client, gid, token)
    assert held == full
    assert sorted(sizes)[len(sizes) // 2] < len(client.get(f"/api/games/{gid}", headers=bearer(token)).data) / 2


_json = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.text(max_size=3)),
                     lambda inner: st.one_of(st.lists(inner, max_size=4),
                                             st.dictionaries(st.text(max_size=3), inner, max_size=4)),
                     max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(_json, _json)
def test_a_patch_turns_the_old_document_into_the_new_one(old, new):
    ops = patch.diff(old, new)
    assert patch.same(patch.apply(old, ops), new)
    assert {op["op"] for op in ops} <= {"add", "remove", "replace"}
    if patch.same(old, new):
        assert ops == []


def test_patches_follow_a_real_game_whichever_worker_serves_each_move(client, monkeypatch):
    # gunicorn's workers each keep their own last views: a worker that did not serve the previous move
    # (or never saw the game: a restart) renders the previous view again, whole, and diffs the two.
    created = client.post("/api/games", json={"game": "asian_tigers", "options": {"players": REAL_PLAYERS},
                                              "seed": 18}).get_json()
    gid, token = created["game_id"], created["table_token"]
    held, rng = created["game"], random.Random(18)
    workers = [views.BoardCache(256), views.BoardCache(256)]
    rendered = []
    render = views._render
    monkeypatch.setattr(views, "_render", lambda engine, state, lang: rendered.append(state) or render(engine, state, lang))
    for number in range(40):
        fresh = number % 4 == 0
        worker = views.BoardCache(256) if fresh else workers[rng.randrange(2)]
        monkeypatch.setattr(views, "BOARDS", worker)
        rendered.clear()
        resp = client.post(f"/api/games/{gid}/actions", json={"action": rng.choice(held["legal_actions"])},
                           headers={**bearer(token), "If-Match": f'"{held["version"]}"'})
        assert resp.status_code == 200, resp.get_json()
        if fresh:
            assert len(rendered) == 2  # the previous view and the new one
        held = _follow(held, resp.get_json()["game"])
    assert held == _full(client, gid, token)
