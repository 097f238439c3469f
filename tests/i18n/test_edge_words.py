"""werkzeug's and marshmallow's own words in the request's language (issue 37): a shape refusal's ``errors``
(and the detail that quotes the first), the HTTP errors werkzeug raises; English stays byte for byte."""
from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from werkzeug.exceptions import BadRequest, NotAcceptable

from api.i18n import render
from api.i18n.library_words import (
    CATALOGUE,
    OWN,
    as_message,
    marshmallow_texts,
    werkzeug_texts,
)
from tests.helpers import bearer, create
from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


DE, PT = {"Accept-Language": "de"}, {"Accept-Language": "pt"}
WRONG = {"options": {"players": [{"name": "", "colour": "red"}], "worker_entry": "both"}, "seed": True}


def _problem(resp, status: int, code: str) -> dict:
    assert resp.status_code == status, resp.get_json()
    body = resp.get_json()
    assert body["code"] == code
    return body


def test_the_catalogue_holds_exactly_the_libraries_texts():
    """An upgrade of werkzeug or marshmallow that adds or rewords a text fails here, naming it."""
    found = werkzeug_texts() | marshmallow_texts() | set(OWN)
    listed = {m.id for m in CATALOGUE}
    assert found - listed == set(), "new library texts: add them to CATALOGUE and translate them"
    assert listed - found == set(), "texts no library says any more: drop them from CATALOGUE"
    assert len(listed) == len(CATALOGUE)


@pytest.mark.parametrize("text", ["Length must be between 1 and 40.", "Length must be 4.",
                                  "Must be greater than or equal to 0 and less than 10.", "Unknown field.",
                                  "Must be one of: sequence, stated.", "Longer than 2048 characters of JSON."])
def test_a_library_text_reads_back_as_its_message_and_keeps_its_english(text):
    message = as_message(text)
    assert message != text and str(message) == text
    assert render(message, "de") != text


def test_other_text_is_left_as_it_is():
    assert as_message("no such game") == "no such game"
    assert as_message(None) is None


def test_a_shape_refusal_names_each_field_in_german_and_portuguese(client):
    german = _problem(client.post("/api/games", json=WRONG, headers=DE), 422, "invalid_request")
    assert german["errors"] == {
        "options.players.0.name": ["Die Länge muss zwischen 1 und 40 liegen."],
        "options.players.0.color": ["Pflichtfeld fehlt."],
        "options.players.0.colour": ["Unbekanntes Feld."],
        "options.worker_entry": ["Muss eines davon sein: sequence, stated."],
        "seed": ["Keine gültige ganze Zahl."],
    }
    assert german["detail"].startswith("die Anfrage hat die falsche Form: ")
    first_field, first = next(iter(german["errors"].items()))
    assert german["detail"].endswith(f"{first_field}: {first[0]}")
    portuguese = _problem(client.post("/api/games", json=WRONG, headers=PT), 422, "invalid_request")
    assert portuguese["errors"]["options.players.0.color"] == ["Falta este campo obrigatório."]
    assert portuguese["errors"]["options.worker_entry"] == ["Tem de ser um destes: sequence, stated."]
    assert portuguese["errors"]["options.players.0.name"] == ["O comprimento tem de estar entre 1 e 40."]


def test_english_shape_refusals_are_marshmallows_own_words(client):
    english = _problem(client.post("/api/games", json=WRONG), 422, "invalid_request")
    assert english["errors"]["options.players.0.name"] == ["Length must be between 1 and 40."]
    assert english["errors"]["options.players.0.color"] == ["Missing data for required field."]
    assert english["errors"]["options.players.0.colour"] == ["Unknown field."]
    assert english["errors"]["seed"] == ["Not a valid integer."]


def test_a_query_string_and_our_own_shape_messages_in_german(client):
    game = create(client)
    log = _problem(client.get(f"{game.url}/log?limit=0&after=x", headers={**bearer(game.token), **DE}), 422,
                   "invalid_request")
    assert log["errors"] == {"limit": ["Muss mindestens 1 und höchstens 1000 sein."],
                             "after": ["Keine gültige ganze Zahl."]}
    action = _problem(client.post(f"{game.url}/actions", json={"action": {"amount": 1}},
                                  headers={**bearer(game.token), "If-Match": '"1"', **PT}), 422, "invalid_request")
    assert action["errors"] == {"action": ["Uma jogada precisa de um texto 'kind' não vazio."]}


def test_rarer_http_errors_in_german_and_portuguese(client):
    assert _problem(client.delete("/api/games", headers=DE), 405, "method_not_allowed")["detail"] == (
        "DELETE ist auf /api/games nicht erlaubt")
    assert _problem(client.get("/api/nowhere", headers=PT), 404, "not_found")["title"] == "Não encontrado"
    big = client.post("/api/games", data=b"[" + b"0," * 600_000 + b"0]", headers={**DE, "Content-Type": "application/json"})
    assert _problem(big, 413, "request_too_large")["detail"] != "the request body is larger than this server accepts"


def test_werkzeugs_own_descriptions_in_german_and_portuguese(make_app):
    app = make_app()

    @app.get("/api/test-only/not-acceptable")
    def not_acceptable():
        raise NotAcceptable()

    @app.get("/api/test-only/bad-request")
    def bad_request():
        raise BadRequest()

    app.test_client_class = FlaskClient  # these two routes are not in openapi.yaml
    client = app.test_client()
    german = _problem(client.get("/api/test-only/not-acceptable", headers=DE), 406, "not_acceptable")
    assert german["detail"] == ("Die angefragte Ressource kann nur Antworten in Formaten liefern, die die "
                                "Accept-Header der Anfrage nicht annehmen.")
    portuguese = _problem(client.get("/api/test-only/bad-request", headers=PT), 400, "bad_request")
    assert portuguese["detail"] == "O navegador (ou um proxy) enviou um pedido que este servidor não conseguiu entender."
    english = _problem(client.get("/api/test-only/bad-request"), 400, "bad_request")
    assert english["detail"] == BadRequest.description
