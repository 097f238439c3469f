"""Bounded input instead of a request budget (issue 29): an edition patch that would double a subtree again
and again is refused at the operation that crosses the size limit, and ``options.setup`` has a schema
(unknown keys, ``__proto__`` included, and oversized values refused 422; nothing stored)."""
from __future__ import annotations

import pytest

from tests.helpers import bearer
from tests.shared_app import app, client  # noqa: F401 (fixtures: one app; each test works on games of its own)

# HTTP answers and wording: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


# Each copy puts the whole `solo` section inside itself: the document doubles with every operation
# (20 operations, ~1 KB of JSON, would ask for 2^20 copies of it).
DOUBLING = [{"op": "copy", "from": "/solo", "path": f"/solo/twin{i}"} for i in range(20)]


def _count(app, table: str) -> int:
    return app.extensions["tablekeeper"].repository().db.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def _draft(client) -> dict:
    resp = client.post("/api/editions", json={"name": "Our box", "base": "default", "draft": True})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def _refused_growth(resp) -> int:
    """The index of the operation named by a 422 that refuses a patch for its size."""
    assert resp.status_code == 422, resp.get_json()
    problem = resp.get_json()
    assert problem["path"].startswith("/patch/") and "past" in problem["detail"], problem
    return int(problem["path"].split("/")[2])


def test_a_patch_that_doubles_a_subtree_is_refused_at_the_operation_past_the_limit(client):
    draft = _draft(client)
    url = f"/api/editions/{draft['edition_id']}"
    before = client.get(url).get_json()
    index = _refused_growth(client.patch(url, json={"patch": DOUBLING}, headers=bearer(draft["edition_token"])))
    assert index < 10  # the 1 MiB limit is crossed within a few doublings of a ~60 KB document
    after = client.get(url).get_json()
    assert after["version"] == before["version"] and after["document"] == before["document"]  # nothing stored


def test_a_new_edition_from_a_base_and_a_doubling_patch_is_refused_and_not_stored(client, app):
    editions = _count(app, "edition_resources")
    resp = client.post("/api/editions", json={"name": "Bomb", "base": "default", "patch": DOUBLING})
    assert _refused_growth(resp) < 10
    assert _count(app, "edition_resources") == editions


def test_a_copy_within_the_limit_still_applies(client):
    draft = _draft(client)
    url = f"/api/editions/{draft['edition_id']}"
    value = "/player_board/team_area_slots"  # an object member: the copy replaces it with itself
    resp = client.patch(url, json={"patch": [{"op": "copy", "from": value, "path": value}]},
                        headers=bearer(draft["edition_token"]))
    assert resp.status_code == 200, resp.get_json()


SETUP_GAME = {"game": "asian_tigers", "seed": 3,
              "options": {"players": [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]}}


@pytest.mark.parametrize("setup, field", [
    ({"junk": 1}, "options.setup.junk"),
    ({"__proto__": {"polluted": True}}, "options.setup.__proto__"),
    ({"turn_order": ["0", "1"], "notes": "x"}, "options.setup.notes"),
    ({"prosperity_tokens": {"SK": "x" * 5000}}, "options.setup.prosperity_tokens.SK.value"),
    ({"workers": {str(i): {} for i in range(17)}}, "options.setup.workers"),
])
def test_options_setup_refuses_unknown_keys_and_oversized_values_and_stores_nothing(client, app, setup, field):
    before = _count(app, "games")
    resp = client.post("/api/games", json={**SETUP_GAME, "options": {**SETUP_GAME["options"], "setup": setup}})
    assert resp.status_code == 422, resp.get_json()
    assert field in resp.get_json()["errors"], resp.get_json()["errors"]
    assert _count(app, "games") == before


def test_a_recorded_setup_draw_is_kept_and_served_back(client):
    setup = {"turn_order": ["1", "0"]}
    resp = client.post("/api/games", json={**SETUP_GAME, "options": {**SETUP_GAME["options"], "setup": setup}})
    assert resp.status_code == 201, resp.get_json()
    assert resp.get_json()["game"]["options"]["setup"] == setup


def test_an_import_of_more_actions_than_ten_whole_games_is_refused_before_any_replay(client, app):
    before = _count(app, "games")
    doc = {"game": "toy", "edition": {}, "options": {"players": [{"name": "A", "color": "r"}]}, "seed": 1,
           "actions": [{"kind": "take", "amount": 1}] * 2001}
    resp = client.post("/api/imports", json=doc)
    assert resp.status_code == 422 and "actions" in resp.get_json()["errors"], resp.get_json()
    assert _count(app, "games") == before
