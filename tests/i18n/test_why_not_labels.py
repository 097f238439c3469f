"""The why-not answer's own labels in the reader's language (issue 37).

``GET /api/games/{id}/why-not`` names each refused candidate by a `label` (English, word for word as before) and
its `label_message`; the server says the label in the request's language, the phone's engine gives the message
with the component names in the phone's language for the phone to say (`localize()`).  A refused sale and a
refused bonus target are the labels the phone shows from the answer itself (the recorder names centres, spaces
and markets from its labels document).
"""
from __future__ import annotations

import json
import random
import uuid
from pathlib import Path

import pytest

from api.games import asian_tigers
from api.games.asian_tigers.decisions import current_decision
from api.games.asian_tigers.engine import apply, legal_actions
from api.games.asian_tigers.presentation.labels import component_names
from api.games.asian_tigers.presentation.why_not import why_not
from api.i18n import LANGUAGES, gettext, render
from api.offline import table
from api.offline.language import set_language_json
from tests.helpers import bearer

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]


def played(rng_seed: int, moves: int):
    """The two-player game of seed 2 after `moves` random moves (as the every-screen audit plays them)."""
    state, rng = asian_tigers.new_game({"players": PLAYERS}, asian_tigers.load_edition(), 2), random.Random(rng_seed)
    for _ in range(moves):
        state = apply(state, rng.choice(legal_actions(state))).state
    return state


@pytest.fixture(scope="module")
def refused():
    """(kind, state, English entries) of a waiting bonus (BONUS-*) and a sale (TRADE-*) with refused candidates."""
    out = {}
    for kind, (seed, moves) in {"resolve_bonus": (11, 7), "sell_to_nation": (6, 23)}.items():
        state = played(seed, moves)
        entries = [e for e in why_not(state, current_decision(state), legal_actions(state)) if e["action"]["kind"] == kind]
        assert entries, kind
        out[kind] = (state, entries)
    return out


@pytest.mark.parametrize("kind", ["resolve_bonus", "sell_to_nation"])
def test_a_refused_sale_and_bonus_target_are_labelled_by_a_message(refused, kind):
    state, entries = refused[kind]
    for entry in entries:
        message = entry["label_message"]
        assert render(message, "en") == entry["label"]  # English: the label as it always read
        for lang in LANGUAGES[1:]:
            assert gettext(message["id"], lang) != message["id"], (lang, message["id"])  # translated
            said = render(message, lang)
            assert said != entry["label"]
    # the German label names the components with the edition's German names
    german = why_not(state, current_decision(state), legal_actions(state), "de")
    names = component_names(state.edition, "de")
    for entry in (e for e in german if e["action"]["kind"] == kind):
        said = render(entry["label_message"], "de")
        if kind == "sell_to_nation":  # TRADE-*: the nation by its German name
            assert said == f"An {names['nations'][entry['action']['nation']]} verkaufen"
        else:  # BONUS-*: the bonus by its effect, the satellite space by its Tiger's German name
            tiger = entry["action"]["space"].split(".")[0]
            assert said.startswith("„") and f"auf {names['tigers'][tiger]} · " in said


def test_the_server_says_the_label_in_the_requests_language(client):
    # a game played over the API to the same waiting bonus; English unchanged, German said from the message
    created = client.post("/api/games", json={"game": "asian_tigers", "options": {"players": PLAYERS}, "seed": 2})
    game = created.get_json()
    view, rng = game["game"], random.Random(11)
    for _ in range(7):
        resp = client.post(f"/api/games/{game['game_id']}/actions", json={"action": rng.choice(view["legal_actions"])},
                           headers={**bearer(game["table_token"]), "If-Match": f'"{view["version"]}"',
                                    "Idempotency-Key": uuid.uuid4().hex})
        view = resp.get_json()["game"]
    url = f"/api/games/{game['game_id']}/why-not"
    english = client.get(url, headers=bearer(game["table_token"])).get_json()["why_not"]
    german = client.get(url, headers={**bearer(game["table_token"]), "Accept-Language": "de"}).get_json()["why_not"]
    bonus = [(en, de) for en, de in zip(english, german) if en["action"]["kind"] == "resolve_bonus"]
    assert bonus
    for en, de in bonus:
        assert en["action"] == de["action"] and en["label"] == render(en["label_message"], "en")
        assert de["label"] == render(de["label_message"], "de") != en["label"]
        assert "Satellit" in de["label"] and "satellite" not in de["label"]


def test_the_phones_engine_names_things_in_the_phones_language():
    # api/offline/table.py why_not_json: the phone says the message (localize()) with its catalogue
    options = {"players": PLAYERS}
    rng, state = random.Random(11), asian_tigers.new_game(options, asian_tigers.load_edition(), 2)
    actions = []
    for _ in range(7):
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action).state
    catalogue = (ROOT / "pwa" / "i18n" / "de.json").read_text(encoding="utf-8")
    opened = json.loads(table.open_json(json.dumps({"game_id": "g1", "edition": None, "options": options, "seed": 2,
                                                     "actions": actions, "meta": {}})))
    assert opened["ok"], opened
    try:
        set_language_json("de", catalogue)
        answer = json.loads(table.why_not_json("g1"))
    finally:
        set_language_json("en", "{}")
    entries = [e for e in answer["why_not"] if e["action"]["kind"] == "resolve_bonus"]
    assert entries
    names = component_names(state.edition, "de")
    for entry in entries:
        assert entry["label"].startswith("“")  # English beside the message, as the server's
        tiger = names["tigers"][entry["action"]["space"].split(".")[0]]
        assert json.dumps(entry["label_message"], ensure_ascii=False).count(tiger) >= 1  # the German name, plain
        assert '"name": [' not in json.dumps(entry["label_message"])  # no name value left the phone cannot say
