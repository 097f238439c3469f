"""The components inside the engine's refusals and a sale's flag, in the reader's language (issue 37).

A refusal names places (a centre, a space, a market, a trade centre), Tigers, nations, goods and worker types;
the rule modules give them as codes, label messages or name values, so a German "why not" says "Südkorea
Zentrum C" and "Typ 2", not the English edition's "South Korea centre C" and "type 2".  A sale's cost/payoff
line names its flag by the nation's name in the language ("erhält Flagge Niederlande (Wert 5, 2 Sterne)").
English stays the engine's own words.
"""
from __future__ import annotations

import re

import pytest

from api.games.asian_tigers import load_edition, view
from api.games.asian_tigers.decisions import current_decision
from api.games.asian_tigers.engine import legal_actions
from api.games.asian_tigers.presentation.labels import component_names, flag_label
from api.games.asian_tigers.presentation.why_not import why_not
from api.i18n import language, render
from tests.games.asian_tigers.builders import random_walk
from tests.helpers import bearer

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}, {"name": "Cy", "color": "green"}]
# Seeded random games: two and three players, a table that states each worker's type, a solo game.
GAMES = [({"players": PLAYERS[:2]}, range(2)), ({"players": PLAYERS}, range(4, 6)),
         ({"players": PLAYERS[:2], "worker_entry": "stated"}, range(6, 7)),
         ({"players": PLAYERS[:1], "worker_entry": "stated", "solo": {"difficulty": 2}}, range(7, 8))]
# The English edition's words for places and worker types that every language says otherwise (the term table of
# docs/languages-asian-tigers.md); component names come from the edition's own /names.
TERMS = ("centre", "type 1", "type 2", "type 3", "worker", "column", "energy", "science", "upper", "lower", "value",
         "stars?")


def english_words(edition, lang: str) -> re.Pattern:
    """The English component words (names the language says otherwise, and `TERMS`) as one whole-word pattern."""
    english, said = component_names(edition, "en"), component_names(edition, lang)
    names = {english[f][c] for f in english for c in english[f] if english[f][c] != said[f][c]}
    return re.compile(r"(?<!\w)(?:" + "|".join([*map(re.escape, sorted(names, key=len, reverse=True)), *TERMS]) +
                      r")(?!\w)")


@pytest.fixture(scope="module")
def german_refusals():
    """{(code, German text)} of every refused candidate of every decision over the seeded games."""
    said = set()
    for options, seeds in GAMES:
        for state in random_walk(options, seeds, 150):
            for entry in why_not(state, current_decision(state), legal_actions(state), "de"):
                message = entry["reason"]["message_message"]
                said.add((entry["reason"]["code"], render(message, "de")))
    return said, state.edition


def test_a_german_refusal_names_places_and_worker_types_in_german(german_refusals):
    said, edition = german_refusals
    codes = {code for code, _ in said}  # the walk met the refusals that name places, workers and goods
    assert {"center_type_fixed", "worker_type_taken_in_tiger", "insufficient_funds", "space_occupied",
            "no_possible_sale", "cannot_afford_factory", "worker_not_in_team"} <= codes, codes
    english = english_words(edition, "de")
    leaks = sorted((code, text) for code, text in said if english.search(text))
    assert not leaks, leaks[:10]
    texts = " ".join(text for _, text in said)
    assert "Südkorea Zentrum" in texts and "vom Typ 2" in texts and "Elektronik" in texts


def test_english_refusals_keep_the_engines_words():
    for state in random_walk({"players": PLAYERS[:2]}, range(1), 60):
        for entry in why_not(state, current_decision(state), legal_actions(state)):
            # the message said in English is the engine's English text, word for word
            assert render(entry["reason"]["message_message"], "en") == entry["reason"]["message"]


def test_the_server_says_a_why_not_refusal_with_german_components(client):
    resp = client.post("/api/games", json={"game": "asian_tigers", "options": {"players": PLAYERS[:2]}, "seed": 0})
    game = resp.get_json()
    headers = bearer(game["table_token"])
    english = client.get(f"/api/games/{game['game_id']}/why-not", headers=headers).get_json()["why_not"]
    german = client.get(f"/api/games/{game['game_id']}/why-not", headers={**headers, "Accept-Language": "de"})
    assert german.headers["Content-Language"] == "de"
    pattern = english_words(load_edition(), "de")
    reasons = [entry["reason"]["message"] for entry in german.get_json()["why_not"]]
    assert reasons and not [r for r in reasons if pattern.search(r)], reasons
    assert any(pattern.search(entry["reason"]["message"]) for entry in english)  # English names them in English


def test_a_sales_flag_is_named_in_the_language():
    seen = 0
    for options, seeds in GAMES[:2]:
        for state in random_walk(options, seeds, 150):
            english, german = view(state), view(state, language("de"))
            names = component_names(state.edition, "de")["nations"]
            for choice, said in zip(english.get("choices") or [], german.get("choices") or []):
                flag = (choice.get("payoff") or {}).get("flag")
                if not flag or flag["id"].startswith("special:"):
                    continue
                seen += 1
                assert f"gets flag {flag_label(state.edition, flag['id'])}" in choice["detail"]  # English as before
                nation = names[flag["id"].rsplit("-", 1)[0]]
                assert f"Flagge {nation} (Wert {flag['value']}, " in said["detail"], said["detail"]
                assert not english_words(state.edition, "de").search(said["detail"]), said["detail"]
    assert seen, "the walk offered no sale"
