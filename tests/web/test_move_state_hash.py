"""A move's answer carries the state hash after it, the one the phone's own engine reaches (issue 35).

The phone answers a tap with its engine first and compares its hash with this one when the server's
answer comes: both must be the hash of the same state, the export's too.
"""
from __future__ import annotations

import json

import pytest

from api.offline import table
from api.storage.engines import ModuleEngine
from tests.helpers import PLAYERS, bearer

pytestmark = pytest.mark.skipif(not ModuleEngine("asian_tigers", "api.games.asian_tigers").available(),
                                reason="api.games.asian_tigers is not importable yet")


def test_each_applied_action_names_the_state_hash_the_phone_reaches(client):
    options = {"players": PLAYERS}
    created = client.post("/api/games", json={"game": "asian_tigers", "options": options, "seed": 11}).get_json()
    gid, token = created["game_id"], created["table_token"]
    phone = json.loads(table.open_json(json.dumps({"game_id": "phone", "edition": None, "options": options,
                                                   "seed": 11, "actions": [], "meta": {}})))
    assert phone["ok"]
    hashes = []
    version = 1
    for _ in range(3):
        game = client.get(f"/api/games/{gid}", headers=bearer(token)).get_json()
        action = game["legal_actions"][0]
        resp = client.post(f"/api/games/{gid}/actions", json={"action": action},
                           headers={**bearer(token), "If-Match": f'"{version}"', "Idempotency-Key": f"k{version}"})
        assert resp.status_code == 200, resp.get_json()
        served = resp.get_json()["applied"][-1]["state_hash"]
        local = json.loads(table.apply_json("phone", json.dumps(action), json.dumps({"with_hash": True})))
        assert local["ok"] and local["state_hash"] == served
        hashes.append(served)
        version += 1
    assert len(set(hashes)) == 3  # each move changes the state
    export = client.get(f"/api/games/{gid}/export", headers=bearer(token)).get_json()
    assert export["state_hash"] == hashes[-1]
    table.TABLES.pop("phone", None)
