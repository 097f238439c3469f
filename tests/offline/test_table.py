"""The phone's table (api.offline.table) says what the server says: same lines, hash and refusal.

A solo game at difficulty 2 is played over HTTP with seeded random choices (undo included);
after every move the local table, fed the same actions, must give the server's log lines,
whose turn it is and what is refused, and its export must import on the server with the same
state hash.  The game view around the engine's view is built by one function for both
(`api.games.envelope`, tested in tests/games/test_envelope.py).
"""
from __future__ import annotations

import json
import random
import uuid

import pytest

from api.offline import table as local
from api.storage.db import canonical
from api.storage.engines import ModuleEngine, state_hash
from tests.helpers import bearer

pytestmark = pytest.mark.skipif(not ModuleEngine("asian_tigers", "api.games.asian_tigers").available(),
                                reason="api.games.asian_tigers is not importable")

SOLO = {"players": [{"name": "Ann", "color": "red"}], "solo": {"difficulty": 2, "variant": "solo",
                                                                 "tiles": "generated"}}
RECORD_ONLY = ("created_at", "updated_at")


def write_headers(token: str, version: int) -> dict:
    return {**bearer(token), "If-Match": f'"{version}"', "Idempotency-Key": str(uuid.uuid4())}


def meta_of(view: dict) -> dict:
    return {k: view[k] for k in ("version", "role", "head_seq", "created_at", "updated_at")}


def open_local(game_id: str, options: dict, seed: int, actions: list, meta: dict) -> dict:
    payload = {"game_id": game_id, "edition": None, "options": options, "seed": seed, "actions": actions,
               "meta": meta}
    return json.loads(local.open_json(json.dumps(payload)))


def test_canonical_json_and_hash_match_storage():
    sample = {"b": [1, 2, {"é": None}], "a": "x"}
    assert local.canonical(sample) == canonical(sample)
    table = local.Table.start("g", local.load_edition(None), SOLO, 5, [])
    from api.games import asian_tigers
    assert local.state_hash(table.state) == state_hash(asian_tigers.state_to_dict(table.state))


def test_a_solo_game_played_locally_agrees_with_the_server_move_by_move(client):
    created = client.post("/api/games", json={"game": "asian_tigers", "options": SOLO, "seed": 21}).get_json()
    gid, token, view = created["game_id"], created["table_token"], created["game"]
    rng = random.Random(13)
    actions: list[dict] = []
    opened = open_local(gid, SOLO, 21, [], meta_of(view))
    assert opened["view"]["legal_actions"] == view["legal_actions"]
    assert opened["view"]["edition"] == view["edition"]  # the phone words the edition's short form alone
    moves = 0
    while not view["over"] and moves < 60:
        if moves in (7, 30):  # undo on the server and locally (SOLO-UNDO: the Automa's turn replays the same)
            resp = client.post(f"/api/games/{gid}/undo?full=1", json={"count": 1},
                               headers=write_headers(token, view["version"]))
            view = resp.get_json()["game"]
            actions.pop()
            answer = json.loads(local.undo_json(gid, 1, json.dumps(meta_of(view))))
        else:
            action = rng.choice(view["legal_actions"])
            resp = client.post(f"/api/games/{gid}/actions?full=1", json={"action": action},
                               headers=write_headers(token, view["version"]))
            assert resp.status_code == 200, resp.get_json()
            body = resp.get_json()
            view = body["game"]
            actions.append(action)
            answer = json.loads(local.apply_json(gid, json.dumps(action), json.dumps(meta_of(view))))
            assert answer["lines"] == body["applied"][0]["lines"]
        assert answer["ok"] and answer["view"]["version"] == view["version"]
        assert (answer["view"]["decision"], answer["view"]["legal_actions"]) == (view["decision"], view["legal_actions"])
        if moves % 5 == 0:  # "not available now" offline: the phone's engine gives the server's refusals
            asked = client.get(f"/api/games/{gid}/why-not", headers=bearer(token)).get_json()
            here = json.loads(local.why_not_json(gid))
            assert here["ok"] and (here["decision_id"], here["why_not"]) == (asked["decision_id"], asked["why_not"])
        moves += 1
    exported = client.get(f"/api/games/{gid}/export", headers=bearer(token)).get_json()
    mine = json.loads(local.export_json(gid))["export"]
    assert mine["actions"] == exported["actions"] and mine["state_hash"] == exported["state_hash"]
    imported = client.post("/api/imports", json=mine)
    assert imported.status_code == 201, imported.get_json()
    ours = ("game_id", "links", "version", "head_seq", *RECORD_ONLY)  # the import is a new game record
    same = lambda v: {k: x for k, x in v.items() if k not in ours}  # noqa: E731
    assert same(imported.get_json()["game"]) == same(view)


def test_a_refusal_carries_the_servers_code_and_rule(client):
    created = client.post("/api/games", json={"game": "asian_tigers", "options": SOLO, "seed": 4}).get_json()
    gid, token, view = created["game_id"], created["table_token"], created["game"]
    open_local(gid, SOLO, 4, [], meta_of(view))
    bad = {"kind": "place_worker", "center": "NOWHERE.Z"}
    server = client.post(f"/api/games/{gid}/actions", json={"action": bad},
                         headers=write_headers(token, view["version"])).get_json()
    answer = json.loads(local.apply_json(gid, json.dumps(bad), json.dumps(meta_of(view))))
    assert answer["ok"] is False
    assert (answer["problem"]["code"], answer["problem"]["rule"]) == (server["code"], server["rule"])
    assert answer["problem"]["detail"] == server["detail"]
    # the table is unchanged: the first legal action still applies
    again = json.loads(local.apply_json(gid, json.dumps(view["legal_actions"][0]), json.dumps(meta_of(view))))
    assert again["ok"] and again["view"]["live_actions"] == 1


def test_a_replay_that_hits_an_illegal_action_names_its_index():
    answer = open_local("g2", SOLO, 4, [{"kind": "end_turn"}], {"version": 1})
    assert answer["ok"] is False and answer["problem"]["index"] == 0 and answer["problem"]["code"]


def test_an_import_sent_twice_with_its_key_makes_one_game(client):
    exported = open_and_export(SOLO, 9)
    headers = {"Idempotency-Key": "import-local-1"}
    first = client.post("/api/imports", json=exported, headers=headers)
    again = client.post("/api/imports", json=exported, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first.headers
    game_id = first.get_json()["game_id"]
    assert again.get_json()["game_id"] == game_id
    # the replay's fresh token works on the same game; the game exists once
    token = again.get_json()["table_token"]
    assert client.get(f"/api/games/{game_id}", headers=bearer(token)).status_code == 200
    from api.web.http import repo
    with client.application.app_context():
        assert repo().game_ids().count(game_id) == 1 and len(repo().game_ids()) == 1
    other = {k: v for k, v in exported.items() if k != "state_hash"} | {"seed": 10}
    refused = client.post("/api/imports", json=other, headers=headers)
    assert refused.status_code == 422 and refused.get_json()["code"] == "idempotency_key_reused"


def open_and_export(options: dict, seed: int) -> dict:
    """A local table two moves in, exported as the phone sends it."""
    opened = open_local("local-x", options, seed, [], {"version": 1})
    for _ in range(2):
        action = opened["view"]["legal_actions"][0]
        opened = json.loads(local.apply_json("local-x", json.dumps(action), json.dumps({"version": 1})))
    return json.loads(local.export_json("local-x"))["export"]


def test_an_import_retried_after_the_retention_still_makes_one_game(client):
    # The keys of moves expire after the retention; the key that created a game from a phone's
    # offline copy is kept, so a phone that retries days later (its first answer lost) finds the game.
    from datetime import datetime, timedelta, timezone

    from api.storage import idempotency
    from api.web.http import repo

    exported = open_and_export(SOLO, 11)
    headers = {"Idempotency-Key": "import-late-1"}
    first = client.post("/api/imports", json=exported, headers=headers)
    assert first.status_code == 201
    old = (datetime.now(timezone.utc) - timedelta(days=9)).isoformat(timespec="milliseconds")
    with client.application.app_context():
        r = repo()
        r.db.conn.execute("UPDATE idempotency SET created_at = ?", (old,))
        r.prune_idempotency(idempotency.Retention(24).cutoff())
        assert [k for (k,) in r.db.conn.execute("SELECT key FROM idempotency")] == ["import:import-late-1"]
    again = client.post("/api/imports", json=exported, headers=headers)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["game_id"] == first.get_json()["game_id"]
