"""The storage and web layer's problem details in the request's language (issue 37): a join code refused, too
many attempts, a version conflict, an unknown game, a missing token, a storage fault (503), a body of the wrong
shape: the ``detail`` (and ``errors``) under the translated title; English is byte for byte what it was."""
from __future__ import annotations

import pytest

from tests.helpers import bearer, create, take, write_headers
from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


DE = {"Accept-Language": "de"}


def _problem(resp, status: int, code: str) -> dict:
    assert resp.status_code == status, resp.get_json()
    body = resp.get_json()
    assert body["code"] == code
    return body


def test_a_refused_join_code_and_too_many_attempts_in_german(make_app):
    client = make_app(JOIN_ATTEMPTS=1).test_client()
    game = create(client)
    wrong = "ZZZZZZ" if game.join_code != "ZZZZZZ" else "YYYYYY"
    refused = _problem(client.post("/api/join", json={"join_code": wrong}, headers=DE), 404, "join_code_unknown")
    assert refused["detail"] == ("keine Partie hat diesen Beitrittscode; prüft ihn am Handy, das die Partie "
                                 "angelegt hat")
    assert refused["title"] == "Nicht gefunden"
    blocked = client.post("/api/join", json={"join_code": wrong}, headers={"Accept-Language": "pt"})
    body = _problem(blocked, 429, "too_many_attempts")
    seconds = blocked.headers["Retry-After"]
    assert body["detail"] == ("demasiados códigos de entrada errados a partir deste endereço; tenta de novo dentro "
                              f"de {seconds} s")
    english = _problem(client.post("/api/join", json={"join_code": wrong}), 429, "too_many_attempts")
    assert english["detail"].startswith("too many wrong join codes from this address; try again in ")


def test_a_version_conflict_in_french_and_in_english(client):
    game = create(client)
    assert take(client, game).status_code == 200
    stale = {**write_headers(game, 1), "Accept-Language": "fr"}
    body = _problem(client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 1}},
                                headers=stale), 412, "version_mismatch")
    assert body["detail"] == ("la partie a changé : votre coup se fondait sur la version 1, la partie est à la "
                              "version 2 ; rechargez et réessayez")
    english = _problem(client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": 1}},
                                   headers=write_headers(game, 1)), 412, "version_mismatch")
    assert english["detail"] == ("the game changed: your move was based on version 1, the game is at version 2; "
                                 "reload and try again")
    assert english["title"] == "Precondition Failed"


def test_an_unknown_game_and_its_tokens_in_spanish_and_italian(client):
    game = create(client)
    missing = _problem(client.get("/api/games/nope", headers={**bearer(game.token), "Accept-Language": "es"}), 404,
                       "game_not_found")
    assert missing["detail"] == "ninguna partida con el id 'nope'"
    no_token = _problem(client.get(f"{game.url}", headers={"Accept-Language": "it"}), 401, "token_missing")
    assert no_token["detail"] == "invia il token della partita come 'Authorization: Bearer <token>'"
    assert _problem(client.get("/api/games/nope", headers=bearer(game.token)), 404,
                    "game_not_found")["detail"] == "no game with id 'nope'"


def test_a_body_of_the_wrong_shape_names_its_field_in_german(client):
    game = create(client)
    body = _problem(client.post(f"{game.url}/actions", json=[1], headers={**write_headers(game, 1), **DE}), 422,
                    "invalid_request")
    assert body["detail"] == "der Inhalt muss ein JSON-Objekt sein"
    assert body["errors"] == {"_body": ["muss ein JSON-Objekt sein"]}
    deep = _problem(client.post(f"{game.url}/actions", json={"a": {"b": "x\u0000"}},
                                headers={**write_headers(game, 1), **DE}), 422, "invalid_text")
    assert deep["detail"] == "a.b: der Text enthält ein NUL oder ein einzelnes UTF-16-Surrogat"


@pytest.mark.usefixtures("sqlite_only")
def test_a_storage_fault_is_said_in_the_language_and_nothing_changed(make_app):
    client = make_app(MIN_FREE_MB=10**12).test_client()  # no disk is that large: the health probe's fault (503)
    german = _problem(client.get("/api/health", headers=DE), 503, "disk_full")
    assert german["title"] == "Speicher nicht verfügbar"
    assert german["detail"].startswith("nur ") and "MB frei auf dem Datenträger der Datenbank" in german["detail"]
    assert german["detail"].endswith("; nichts wurde geändert, später noch einmal versuchen")
    english = _problem(client.get("/api/health"), 503, "disk_full")
    assert english["title"] == "Storage unavailable"
    assert english["detail"].endswith(" MB free on the disk holding the database (below TABLEKEEPER_MIN_FREE_MB="
                                      "1e+12); nothing was changed, try again later")
