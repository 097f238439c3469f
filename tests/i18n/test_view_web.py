"""The Asian Tigers game view in the request's language (issue 37): the server says the engine's view in
the language of ``Accept-Language``, names it in ``Content-Language``, and patches a move's answer between
two views of that same language; English stays byte for byte what the engine says."""
from __future__ import annotations

from api.games import asian_tigers as engine
from api.i18n import say
from api.web import patch
from tests.helpers import PLAYERS, bearer, create, write_headers
from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


def _get(client, game, lang=None):
    headers = {**bearer(game.token), **({"Accept-Language": lang} if lang else {})}
    return client.get(f"/api/games/{game.id}", headers=headers)


def _move(client, game, version, action, lang):
    headers = {**write_headers(game, version), "Accept-Language": lang}
    resp = client.post(f"{game.url}/actions", json={"action": action}, headers=headers)
    assert resp.status_code == 200, resp.get_json()
    return resp


def test_the_view_is_said_in_the_requests_language(client):
    game = create(client, "asian_tigers", PLAYERS)
    resp = _get(client, game, "de-DE,de;q=0.9")
    assert resp.headers["Content-Language"] == "de"
    assert "Accept-Language" in resp.headers["Vary"]
    german = resp.get_json()
    english = _get(client, game).get_json()
    who = english["view"]["players"][int(english["current_seat"])]["name"]  # the drawn first player (SETUP-11)
    assert english["view"]["prompt"] == f"{who}: place your next worker"  # the first question of Era I (TURN-01)
    assert german["view"]["prompt"] == f"{who}: setze deinen nächsten Arbeiter ein"
    assert _get(client, game, "pt").get_json()["view"]["prompt"] == f"{who}: coloca o teu próximo trabalhador"
    # Only the words change: codes, numbers and the legal actions are the same.
    assert german["legal_actions"] == english["legal_actions"]
    assert german["view"]["players"] == english["view"]["players"]


def test_english_is_the_engines_own_text(client):
    game = create(client, "asian_tigers", PLAYERS)
    body = _get(client, game, "en").get_json()
    state = engine.new_game({"players": PLAYERS}, engine.load_edition(), 42)
    assert body["view"]["prompt"] == engine.view(state)["prompt"]
    assert [c["label"] for c in body["view"]["choices"]] == [c["label"] for c in engine.view(state)["choices"]]
    assert say(engine.view(state, None), "en") == engine.view(state)


def test_a_moves_patch_is_between_two_views_of_the_same_language(client):
    game = create(client, "asian_tigers", PLAYERS)
    for lang in ("de", "en", "fr"):  # the worker's view cache holds each language apart
        held = _get(client, game, lang).get_json()
        resp = _move(client, game, held["version"], held["legal_actions"][0], lang)
        assert resp.headers["Content-Language"] == lang
        update = resp.get_json()["game"]
        assert update["base_version"] == held["version"]
        patched = patch.apply(held["view"], update["view_patch"])
        assert patched == _get(client, game, lang).get_json()["view"]
