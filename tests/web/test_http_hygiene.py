"""HTTP hygiene (issue 29): the Host allow-list and Origin, no-store on answers carrying secrets, and the
per-address limit on anonymous game creation."""
from __future__ import annotations

from tests.helpers import PLAYERS

CREATE = {"game": "toy", "options": {"players": PLAYERS}, "seed": 1}


def _games(app) -> int:
    return app.extensions["tablekeeper"].repository().db.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]


def test_a_dns_rebinding_shaped_request_is_refused_and_creates_nothing(make_app):
    client = make_app().test_client()
    # A page on attacker.example whose name now resolves to this server: Host and Origin agree, both foreign.
    evil = {"Host": "attacker.example:8000", "Origin": "http://attacker.example:8000"}
    resp = client.post("/api/games", json=CREATE, headers=evil)
    assert resp.status_code == 400 and resp.get_json()["code"] == "host_not_allowed"
    assert client.post("/api/join", json={"join_code": "ABCDEF"}, headers=evil).status_code == 400
    assert client.get("/api/health", headers={"Host": "attacker.example"}).status_code == 400
    assert _games(client.application) == 0
    for host in ("localhost", "localhost:8000", "127.0.0.1:5000"):  # the localhost names always work
        assert client.get("/api/health", headers={"Host": host}).status_code == 200


def test_the_configured_site_is_allowed_and_origin_must_name_the_same_host(make_app):
    client = make_app(HOSTS="scores.example.org, other.example.org").test_client()
    site = {"Host": "scores.example.org", "Origin": "https://scores.example.org"}
    assert client.post("/api/games", json=CREATE, headers=site).status_code == 201
    # An allowed host, but the page came from another one: a cross-site write.
    cross = {"Host": "scores.example.org", "Origin": "https://other.example.org"}
    resp = client.post("/api/games", json=CREATE, headers=cross)
    assert resp.status_code == 403 and resp.get_json()["code"] == "cross_site_request"
    assert client.get("/api/health", headers={"Host": "attacker.example"}).status_code == 400


def test_the_caddy_fronts_site_addresses_are_allowed_too(make_app):
    # deploy/'s Caddy forwards the site's name (X-Forwarded-Host, trusted with one proxy hop).
    client = make_app(SITE="games.example.org, 192.168.1.20", PROXY_HOPS=1).test_client()
    for host in ("games.example.org", "192.168.1.20:8443"):
        resp = client.get("/api/health", headers={"X-Forwarded-Host": host})
        assert resp.status_code == 200, (host, resp.get_json())
    assert client.get("/api/health", headers={"X-Forwarded-Host": "attacker.example"}).status_code == 400


def test_answers_that_carry_a_secret_are_no_store(client):
    created = client.post("/api/games", json=CREATE)
    assert created.status_code == 201 and created.headers["Cache-Control"] == "no-store"
    body = created.get_json()
    joined = client.post("/api/join", json={"join_code": body["join_code"]})
    assert joined.status_code == 200 and joined.headers["Cache-Control"] == "no-store"
    auth = {"Authorization": f"Bearer {body['table_token']}"}
    for path in ("join-code", "spectator-tokens"):
        resp = client.post(f"/api/games/{body['game_id']}/{path}", headers=auth)
        assert resp.status_code == 201 and resp.headers["Cache-Control"] == "no-store", path
    read = client.get(f"/api/games/{body['game_id']}", headers=auth)
    assert read.headers["Cache-Control"] == "private, no-cache"  # a view holds no secret: revalidated, not refused


def test_anonymous_game_creation_is_limited_per_address(make_app):
    client = make_app(CREATES_PER_MINUTE=2).test_client()
    assert [client.post("/api/games", json=CREATE).status_code for _ in range(2)] == [201, 201]
    refused = client.post("/api/games", json=CREATE)
    assert refused.status_code == 429 and refused.get_json()["code"] == "too_many_creates"
    assert 1 <= int(refused.headers["Retry-After"]) <= 61
    assert _games(client.application) == 2  # nothing stored for the refused one
    other = client.post("/api/games", json=CREATE, environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 201  # another address has its own count


def test_imports_count_as_creates_and_zero_means_no_limit(make_app):
    client = make_app(CREATES_PER_MINUTE=1).test_client()
    game = client.post("/api/games", json=CREATE).get_json()
    export = client.get(f"/api/games/{game['game_id']}/export",
                        headers={"Authorization": f"Bearer {game['table_token']}"}).get_json()
    resp = client.post("/api/imports", json=export)
    assert resp.status_code == 429 and resp.get_json()["code"] == "too_many_creates"
    unlimited = make_app(CREATES_PER_MINUTE=0).test_client()
    assert {unlimited.post("/api/games", json=CREATE).status_code for _ in range(5)} == {201}


def test_a_spectator_never_sees_the_seed_in_views_or_exports(client):
    body = client.post("/api/games", json={**CREATE, "seed": 4242}).get_json()
    table = {"Authorization": f"Bearer {body['table_token']}"}
    spectator = {"Authorization": f"Bearer {body['spectator_token']}"}
    game = f"/api/games/{body['game_id']}"
    assert client.get(game, headers=table).get_json()["seed"] == 4242  # the table keeps it (offline play needs it)
    assert client.get(f"{game}/export", headers=table).get_json()["seed"] == 4242
    for path in (game, f"{game}/export"):
        seen = client.get(path, headers=spectator)
        assert seen.status_code == 200 and "seed" not in seen.get_json(), path
        assert '"seed"' not in seen.get_data(as_text=True), path  # nor anywhere deeper
