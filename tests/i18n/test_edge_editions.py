"""Edition-file refusals (`EditionInvalid`: the edition checks, the patch checks, the editions API) in the
request's language (issue 37): the engine gives a message with values, the edge says it; English is the
engine's own sentence, byte for byte."""
from __future__ import annotations

import pytest

from api.games.asian_tigers.edition.checks import validate_edition_errors
from api.games.asian_tigers.edition.load import load_edition
from api.games.provenance import EditionError
from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


DE, PT = {"Accept-Language": "de"}, {"Accept-Language": "pt"}
AWARD = "/prosperity_tokens/PT1/by_player_count/2/ranks/0"
GOODS = '["Electronics", "Automobiles", "Machinery", "Finance", "Ships", "Chemicals"]'


def _refusal(client, patch: list, headers: dict) -> dict:
    resp = client.post("/api/editions", json={"name": "Typo", "base": "default", "patch": patch}, headers=headers)
    assert resp.status_code == 422, resp.get_json()
    return resp.get_json()


@pytest.mark.parametrize("patch, path, german, portuguese", [
    ([{"op": "replace", "path": AWARD, "value": "x"}], AWARD,
     'eine Belohnung ist eine nicht negative ganze Zahl, gefunden "x"', 'um prémio é um inteiro não negativo, encontrado "x"'),
    ([{"op": "replace", "path": "/tigers/SK/name", "value": "Korea"}], "/tigers/SK/name",
     "erwartet 'South Korea', gefunden \"Korea\"", "esperado 'South Korea', encontrado \"Korea\""),
    ([{"op": "nope", "path": "/x"}], "/patch/0/op", "die Operation muss eine von add, remove, replace, move, copy, "
     "test sein", "a operação tem de ser uma de add, remove, replace, move, copy, test"),
    ([{"op": "remove", "path": "/goods"}], "/goods", f"fehlt; der Regeltext sagt /goods = {GOODS}",
     f"falta; o texto das regras diz /goods = {GOODS}"),
])
def test_an_edition_refused_in_german_and_portuguese(client, patch, path, german, portuguese):
    de = _refusal(client, patch, DE)
    assert de["title"] == "Ungültige Edition" and de["path"] == path
    assert de["errors"] == {path: [german]} and de["detail"] == f"Editionswert {path}: {german}"
    assert _refusal(client, patch, PT)["errors"] == {path: [portuguese]}
    english = _refusal(client, patch, {})
    assert english["detail"] == f"edition value {path}: {english['errors'][path][0]}"
    assert english["errors"][path][0] not in (german, portuguese)


def test_the_editions_api_own_refusals_in_german(client):
    both = client.post("/api/editions", json={"name": "x", "document": {}, "base": "default"}, headers=DE).get_json()
    assert both["errors"] == {"/": ["sende entweder ein ganzes 'document' oder eine 'base'-Editions-ID (mit "
                                    "optionalem 'patch')"]}


def test_the_engine_keeps_english_text_and_carries_the_message():
    """The engine stays pure: an `EditionError` has its English `message` (logs, the CLI, the fuzzers) and the
    message with its values in `text`, which renders to the same English."""
    document = load_edition().raw()
    broken = {**document, "tigers": {k: v for k, v in document["tigers"].items() if k != "SG"}}
    errors = list(validate_edition_errors(broken))
    assert errors and all(isinstance(e, EditionError) for e in errors)
    for error in errors:
        assert str(error.text) == error.message and not isinstance(error.text, str)
