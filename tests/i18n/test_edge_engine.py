"""The engine-loading fault (`engine_unavailable`, 503) and an engine that cannot be imported, said in the
request's language (issue 37); English stays what it was."""
from __future__ import annotations

import sys

from api.games.asian_tigers import solo
from api.games.asian_tigers.solo import campaign  # noqa: F401 - loaded, so monkeypatch can take it away

DE, PT = {"Accept-Language": "de"}, {"Accept-Language": "pt"}


def test_a_scorer_that_cannot_be_loaded_in_german_and_portuguese(client, monkeypatch):
    monkeypatch.setitem(sys.modules, "api.games.nippon", None)  # importing it now raises ImportError
    german = client.post("/api/scorers/nippon", json={}, headers=DE)
    assert german.status_code == 503
    body = german.get_json()
    assert body["code"] == "engine_unavailable"
    assert body["detail"].startswith("der Zähler für Nippon lässt sich nicht laden: ")
    assert body["title"] == "Dienst nicht verfügbar"
    portuguese = client.post("/api/scorers/nippon", json={}, headers=PT).get_json()
    assert portuguese["detail"].startswith("o contador de Nippon não pode ser carregado: ")
    english = client.post("/api/scorers/nippon", json={}).get_json()
    assert english["detail"].startswith("the Nippon scorer cannot be loaded: ")


def test_a_campaign_without_its_engine_in_german(client, monkeypatch):
    monkeypatch.setitem(sys.modules, "api.games.asian_tigers.solo.campaign", None)
    monkeypatch.delattr(solo, "campaign")  # `from solo import campaign` must import it afresh: ImportError
    resp = client.post("/api/campaigns", json={"player": {"name": "Ann", "color": "red"}, "difficulty": 1, "count": 2},
                       headers=DE)
    assert resp.status_code == 503, resp.get_json()
    assert resp.get_json()["detail"].startswith("die Asian-Tigers-Engine kann nicht geladen werden: ")


def test_an_engine_module_that_cannot_be_imported_in_portuguese(make_app, monkeypatch):
    client = make_app().test_client()
    monkeypatch.setitem(sys.modules, "api.games.asian_tigers", None)  # this app's engine imports lazily
    body = {"game": "asian_tigers", "options": {"players": [{"name": "Ann", "color": "red"}]}}
    portuguese = client.post("/api/games", json=body, headers=PT)
    assert portuguese.status_code == 422, portuguese.get_json()
    detail = portuguese.get_json()["detail"]
    assert "asian_tigers: não é possível importar api.games.asian_tigers: " in detail
    english = client.post("/api/games", json=body).get_json()["detail"]
    assert "asian_tigers: cannot import api.games.asian_tigers: " in english
