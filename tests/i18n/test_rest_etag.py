"""A game view's ETag names its language (issue 37): a phone that switched language gets the view again in
its new language instead of a 304 for the old one, and a move retried in another language than its first
answer is answered in the retry's language."""
from __future__ import annotations

from tests.helpers import PLAYERS, bearer, create, write_headers
from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


def _get(client, game, lang, etag=None):
    headers = {**bearer(game.token), "Accept-Language": lang, **({"If-None-Match": etag} if etag else {})}
    return client.get(f"/api/games/{game.id}", headers=headers)


def test_a_views_etag_names_its_language(client):
    game = create(client, "asian_tigers", PLAYERS)
    english, german = _get(client, game, "en"), _get(client, game, "de")
    version = english.get_json()["version"]
    assert english.headers["ETag"] == f'"{version}"'  # English as before
    assert german.headers["ETag"] == f'"{version}.de"'
    # The same language's tag is a 304; the English tag asked in German is the German view (TURN-01's question).
    again = _get(client, game, "de", german.headers["ETag"])
    assert again.status_code == 304 and again.headers["ETag"] == f'"{version}.de"'
    switched = _get(client, game, "de", english.headers["ETag"])
    assert switched.status_code == 200
    assert switched.get_json()["view"]["prompt"] == german.get_json()["view"]["prompt"]
    assert switched.get_json()["view"]["prompt"] != english.get_json()["view"]["prompt"]
    assert _get(client, game, "en", german.headers["ETag"]).status_code == 200
    assert _get(client, game, "en", english.headers["ETag"]).status_code == 304


def test_the_other_words_of_a_game_follow_the_language_too(client):
    game = create(client, "asian_tigers", PLAYERS)
    for path in ("/why-not", "/score"):
        german = client.get(f"{game.url}{path}", headers={**bearer(game.token), "Accept-Language": "de"})
        assert german.status_code == 200 and german.headers["ETag"].endswith('.de"')
        french = client.get(f"{game.url}{path}", headers={**bearer(game.token), "Accept-Language": "fr",
                                                           "If-None-Match": german.headers["ETag"]})
        assert french.status_code == 200 and french.headers["Content-Language"] == "fr"


def test_a_language_tag_names_its_version_for_if_match(client):
    game = create(client, "asian_tigers", PLAYERS)
    held = _get(client, game, "de")
    body = held.get_json()
    headers = {**write_headers(game, 0), "If-Match": held.headers["ETag"]}
    resp = client.post(f"{game.url}/actions", json={"action": body["legal_actions"][0]}, headers=headers)
    assert resp.status_code == 200, resp.get_json()
    stale = client.post(f"{game.url}/actions", json={"action": body["legal_actions"][0]},
                        headers={**write_headers(game, 0), "If-Match": held.headers["ETag"], "Idempotency-Key": "k2"})
    assert stale.status_code == 412  # the version the German tag names is no longer current


def test_a_replayed_move_is_said_in_the_retrys_language(client):
    game = create(client, "asian_tigers", PLAYERS)
    held = _get(client, game, "en").get_json()
    headers = {**write_headers(game, held["version"]), "Idempotency-Key": "lost-answer"}
    body = {"action": held["legal_actions"][0]}
    first = client.post(f"{game.url}/actions", json=body, headers={**headers, "Accept-Language": "en"})
    assert first.status_code == 200 and first.get_json()["language"] == "en"
    # The same language: the same bytes as first sent.
    same = client.post(f"{game.url}/actions", json=body, headers={**headers, "Accept-Language": "en"})
    assert same.headers["Idempotent-Replayed"] == "true" and same.data == first.data
    # Another language: the game as it now is, said in that language (the whole view, as ?full=1 gives).
    german = client.post(f"{game.url}/actions", json=body, headers={**headers, "Accept-Language": "de"})
    assert german.headers["Idempotent-Replayed"] == "true" and german.headers["Content-Language"] == "de"
    replay = german.get_json()
    assert replay["language"] == "de" and replay["version"] == first.get_json()["version"]
    assert replay["applied"] == first.get_json()["applied"]
    assert replay["game"]["view"] == _get(client, game, "de").get_json()["view"]
    assert replay["game"]["view"]["prompt"] != _get(client, game, "en").get_json()["view"]["prompt"]
