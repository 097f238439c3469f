"""Creating, reading, joining, exporting and importing games over HTTP."""
from __future__ import annotations

import copy

from tests.helpers import PLAYERS, bearer, create, take
from tests.toy_engine import DEFAULT_DOCUMENT


def test_create_returns_secrets_location_and_etag(client):
    resp = client.post("/api/games", json={"game": "toy", "options": {"players": PLAYERS}, "seed": 1})
    assert resp.status_code == 201
    data = resp.get_json()
    assert resp.headers["Location"] == f"/api/games/{data['game_id']}"
    assert resp.headers["ETag"] == '"1"'
    assert len(data["join_code"]) == 6 and data["table_token"] != data["spectator_token"]
    assert data["game"]["version"] == 1 and data["game"]["current_seat"] == 0
    assert data["game"]["legal_actions"] == [{"kind": "take", "amount": n} for n in (1, 2, 3)]
    assert data["game"]["can_undo"] is False
    assert data["game"]["edition"]["placeholder_sections"] == ["/pile"]


def test_tokens_and_join_codes_are_stored_hashed(client, app):
    game = create(client)
    db = app.extensions["tablekeeper"].repository().db
    dump = "\n".join(repr(db.conn.execute(f"SELECT * FROM {table}").fetchall()) for table in db.table_names())
    assert game.token not in dump and game.spectator not in dump and game.join_code not in dump


def test_seed_is_chosen_when_missing(client):
    resp = client.post("/api/games", json={"game": "toy", "options": {"players": PLAYERS}})
    assert resp.status_code == 201
    assert isinstance(resp.get_json()["game"]["seed"], int)


def test_bad_options_are_refused_by_the_engine(client):
    resp = client.post("/api/games", json={"game": "toy", "options": {"players": PLAYERS[:1]}})
    assert resp.status_code == 422
    assert resp.get_json()["code"] == "bad_player_count" and resp.get_json()["rule"] == "TOY-00"


def test_wrong_shape_is_422_with_field_errors(client):
    resp = client.post("/api/games", json={"game": "toy", "options": {"players": [{"name": 3}]}, "x": 1})
    assert resp.status_code == 422
    errors = resp.get_json()["errors"]
    assert "x" in errors and "options.players.0.name" in errors and "options.players.0.color" in errors


def test_rules_options_are_type_checked(client):
    body = {"game": "toy", "options": {"players": PLAYERS, "rules_options": {"milestone_counts_on_space": "yes"}}}
    resp = client.post("/api/games", json=body)
    assert resp.status_code == 422
    assert "options.rules_options.milestone_counts_on_space" in resp.get_json()["errors"]


def test_unknown_game_kind_is_422(client):
    resp = client.post("/api/games", json={"game": "chess", "options": {"players": PLAYERS}})
    assert resp.status_code == 422 and resp.get_json()["code"] == "unknown_game"


def test_custom_edition_is_validated_on_upload(client):
    edition = copy.deepcopy(DEFAULT_DOCUMENT)
    edition["pile"] = 5
    game = create(client, edition=edition)
    view = client.get(f"/api/games/{game.id}", headers=bearer(game.token)).get_json()
    assert view["view"]["pile"] == 5
    edition["pile"] = "many"
    resp = client.post("/api/games", json={"game": "toy", "options": {"players": PLAYERS}, "edition": edition})
    assert resp.status_code == 422
    problem = resp.get_json()
    assert problem["code"] == "invalid_edition" and problem["path"] == "/pile" and "/pile" in problem["errors"]


def test_view_etag_and_304(client):
    game = create(client)
    url = f"/api/games/{game.id}"
    first = client.get(url, headers=bearer(game.token))
    assert first.status_code == 200 and first.headers["ETag"] == '"1"'
    again = client.get(url, headers={**bearer(game.token), "If-None-Match": '"1"'})
    assert again.status_code == 304 and again.data == b""
    take(client, game, 1)
    changed = client.get(url, headers={**bearer(game.token), "If-None-Match": '"1"'})
    assert changed.status_code == 200 and changed.headers["ETag"] == '"2"'
    assert changed.get_json()["can_undo"] is True


def test_spectator_reads(client):
    game = create(client)
    resp = client.get(f"/api/games/{game.id}", headers=bearer(game.spectator))
    assert resp.status_code == 200 and resp.get_json()["role"] == "spectator"
    for sub in ("log", "export", "edition", "score"):
        assert client.get(f"/api/games/{game.id}/{sub}", headers=bearer(game.spectator)).status_code == 200


def test_unknown_game_is_404(client):
    resp = client.get("/api/games/nope", headers=bearer("x" * 43))
    assert resp.status_code == 404 and resp.get_json()["code"] == "game_not_found"


def test_edition_endpoints_list_placeholders(client):
    game = create(client)
    data = client.get(f"/api/games/{game.id}/edition", headers=bearer(game.token)).get_json()
    assert data["placeholder_paths"] == ["/pile"] and data["document"]["pile"] == 21
    assert data["provenance"]["/pile"] == "placeholder"
    default = client.get("/api/edition?game=toy").get_json()
    assert default["content_hash"] == data["content_hash"]
    assert client.get("/api/edition?game=nope").status_code == 422
    assert client.get("/api/edition?colour=red").status_code == 422


def test_join_by_code_gives_a_new_table_token(client):
    game = create(client)
    resp = client.post("/api/join", json={"join_code": game.join_code.lower()[:3] + "-" + game.join_code[3:]})
    assert resp.status_code == 200
    token = resp.get_json()["table_token"]
    assert token not in (game.token, game.spectator)
    game.token = token
    assert take(client, game, 2).status_code == 200


def test_join_guessing_is_throttled_but_the_right_code_always_joins(make_app):
    client = make_app(JOIN_ATTEMPTS=3).test_client()
    game = create(client)
    wrong = "ZZZZZZ" if game.join_code != "ZZZZZZ" else "YYYYYY"
    for _ in range(3):
        assert client.post("/api/join", json={"join_code": wrong}).status_code == 404
    blocked = client.post("/api/join", json={"join_code": wrong})
    assert blocked.status_code == 429 and int(blocked.headers["Retry-After"]) >= 1
    assert blocked.get_json()["code"] == "too_many_attempts"
    # A phone behind the same address (one NAT at a game night) types the right code: it joins.
    joined = client.post("/api/join", json={"join_code": game.join_code})
    assert joined.status_code == 200 and joined.headers["Cache-Control"] == "no-store"
    assert client.post("/api/join", json={"join_code": wrong}).status_code == 429  # still throttled


def test_new_join_code_replaces_the_old_one(client):
    game = create(client)
    resp = client.post(f"/api/games/{game.id}/join-code", headers=bearer(game.token))
    assert resp.status_code == 201
    assert client.post("/api/join", json={"join_code": game.join_code}).status_code == 404
    assert client.post("/api/join", json={"join_code": resp.get_json()["join_code"]}).status_code == 200


def test_new_spectator_token_reads_but_cannot_write(client):
    game = create(client)
    resp = client.post(f"/api/games/{game.id}/spectator-tokens", headers=bearer(game.token))
    assert resp.status_code == 201
    token = resp.get_json()["spectator_token"]
    assert client.get(f"/api/games/{game.id}", headers=bearer(token)).status_code == 200
    refused = client.post(f"/api/games/{game.id}/undo", json={}, headers={**bearer(token), "If-Match": '"1"'})
    assert refused.status_code == 403 and refused.get_json()["code"] == "read_only_token"


def test_export_import_round_trip(client):
    game = create(client)
    for amount in (1, 2, 3):
        take(client, game, amount)
    client.post(f"{game.url}/undo", json={"count": 1},
                headers={**bearer(game.token), "If-Match": f'"{game.version}"'})
    export = client.get(f"{game.url}/export", headers=bearer(game.token))
    assert export.status_code == 200
    doc = export.get_json()
    assert doc["actions"] == [{"kind": "take", "amount": 1}, {"kind": "take", "amount": 2}]
    imported = client.post("/api/imports", json=doc)
    assert imported.status_code == 201
    new = imported.get_json()
    assert new["game_id"] != game.id and new["game"]["live_actions"] == 2
    original_view = client.get(game.url, headers=bearer(game.token)).get_json()["view"]
    assert new["game"]["view"] == original_view
    again = client.get(f"/api/games/{new['game_id']}/export", headers=bearer(new["table_token"])).get_json()
    assert again["state_hash"] == doc["state_hash"]


def test_import_is_verified(client):
    game = create(client)
    take(client, game, 1)
    doc = client.get(f"{game.url}/export", headers=bearer(game.token)).get_json()
    tampered = {**doc, "state_hash": "0" * 64}
    resp = client.post("/api/imports", json=tampered)
    assert resp.status_code == 422 and resp.get_json()["code"] == "replay_diverged"
    illegal = {**doc, "actions": doc["actions"] + [{"kind": "take", "amount": 7}]}
    illegal.pop("state_hash")
    resp = client.post("/api/imports", json=illegal)
    assert resp.status_code == 422 and resp.get_json()["action_index"] == 1


def test_health(client):
    data = client.get("/api/health").get_json()
    assert data["status"] == "ok" and data["engines"]["toy"] is True
