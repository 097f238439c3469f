"""The game's log in the reader's language (issue 37): every event the rule modules write carries its line
as a message beside its English ``text``; the server says the lines of a move's answer and of the log in the
request's language, the phone's engine in the phone's language; English stays the stored text."""
from __future__ import annotations

import collections
import json
import random

import pytest

from api.games import asian_tigers as engine
from api.games.asian_tigers.presentation.text import event_lines
from api.games.messages import render
from api.i18n import language
from api.offline import table as local
from api.web.views import log_entry
from tests.games.asian_tigers.builders import edition
from tests.games.asian_tigers.presentation.test_presentation_random_games import _options
from tests.helpers import PLAYERS, bearer, create, write_headers
from tests.i18n.test_view_offline import speaks  # noqa: F401 (the fixture: the phone's engine's language)

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)

GAMES = 20  # 2, 3, 4 players (basic and advanced neutral), solo at every difficulty, scenario and campaign


def _played(games: int = GAMES):
    """(event, its German line) of every event of seeded random games played to their end."""
    ed, german = edition(), language("de")
    for game in range(games):
        rng = random.Random(game)
        state = engine.new_game(_options(game), ed, seed=game)
        while not engine.is_over(state):
            step = engine.apply(state, rng.choice(engine.legal_actions(state)))
            state = step.state
            yield from zip(step.events, event_lines(ed, step.events, german))


@pytest.fixture(scope="module")
def played():
    return list(_played())


def test_every_event_kind_has_a_message_whose_english_is_its_text(played):
    kinds = collections.Counter(event["kind"] for event, _ in played)
    assert len(kinds) >= 45  # turn, bonuses, management, Era II setup, final scoring and the Automa's kinds
    # Every event has its message, every final score line too (the Automa's flag sectors: SOLO-SCORE-01; the solo
    # result: SOLO-SCORE-02).
    assert not [event["text"] for event, _ in played if "message" not in event]
    assert any(event["text"].startswith("Solo: ") for event, _ in played)
    for event, _ in played:
        english = render(event["message"])
        if event["kind"] == "score_line":  # the scorer's own message says "token 24 · 12" (no "prosperity")
            english = english.replace(", token ", ", prosperity token ")
        assert english == event["text"], event["kind"]


def test_every_event_kind_reads_in_german(played):
    translated = {event["kind"] for event, line in played if line != event["text"]}
    # The Automa's one-line summary too: said from the messages of its own lines (its instructions stay English
    # in the hashed state).
    assert translated == {event["kind"] for event, _ in played}
    lines = [line for _, line in played]
    assert not [line for line in lines if " places a " in line or " builds a " in line or " gains " in line]
    assert any("setzt einen Arbeiter vom Typ" in line for line in lines)  # TURN-01
    assert any(line.startswith("Automa: ") and "vorrücken" in line for line in lines)  # SOLO-AUTOMA-09


def test_a_moves_lines_and_the_log_in_german_and_portuguese(client):
    game = create(client, "asian_tigers", PLAYERS)
    body = client.get(f"/api/games/{game.id}", headers=bearer(game.token)).get_json()
    version, said = body["version"], []
    for lang in ("de", "pt", "en", "de"):  # TURN-01: each answers the question asked
        held = client.get(f"/api/games/{game.id}", headers=bearer(game.token)).get_json()
        resp = client.post(f"{game.url}/actions", json={"action": held["legal_actions"][0]},
                           headers={**write_headers(game, held["version"]), "Accept-Language": lang})
        assert resp.status_code == 200 and resp.headers["Content-Language"] == lang
        applied = resp.get_json()["applied"][0]
        # The answer carries the said lines only: no message, no English text beside them (the log keeps it).
        assert all("message" not in e and "text" not in e for e in applied["events"])
        assert len(applied["lines"]) == len(applied["events"])
        said.append(applied["lines"])
        version = resp.get_json()["version"]
    assert version > body["version"]
    logs = {lang: client.get(f"{game.url}/log", headers={**bearer(game.token), "Accept-Language": lang})
            for lang in ("en", "de", "pt")}
    assert logs["de"].headers["Content-Language"] == "de" and "Accept-Language" in logs["de"].headers["Vary"]
    entries = {lang: resp.get_json()["entries"] for lang, resp in logs.items()}
    # English: the stored text, as before; the moves replayed by the engine narrate the same lines.
    assert [line for e in entries["en"] for line in e["lines"]] == [ev["text"] for e in entries["en"]
                                                                    for ev in e["events"]]
    assert entries["en"][2]["lines"] == said[2] and [ev["text"] for ev in entries["en"][2]["events"]] == said[2]
    assert entries["en"][0]["lines"] != said[0] and entries["de"][0]["lines"] == said[0]
    state = engine.new_game({"players": PLAYERS}, engine.load_edition(), 42)
    for entry in entries["en"]:
        step = engine.apply(state, entry["action"])
        assert [e["text"] for e in step.events] == entry["lines"]
        state = step.state
    first = {lang: entries[lang][0]["lines"][0] for lang in entries}  # TURN-01: a worker placed
    assert " places a type " in first["en"]
    assert " setzt einen Arbeiter vom Typ " in first["de"] and " zahlt " in first["de"]
    assert " coloca um trabalhador do tipo " in first["pt"] and " paga " in first["pt"]
    assert all(entries["de"][i]["events"] == entries["en"][i]["events"] for i in range(len(entries["en"])))


def test_an_event_stored_before_messages_reads_in_english():
    stored = {"seq": 1, "action": {"kind": "end_turn"}, "reverted": False, "reverted_at": None, "created_at": "",
              "events": [{"kind": "turn_ended", "participant": "0", "text": "Ann ends the turn"}]}
    said = log_entry(stored, engine.load_edition(), "de")
    assert said["lines"] == ["Ann ends the turn"]
    with_message = {**stored, "events": [{**stored["events"][0], "message": {
        "id": "{player} ends the turn", "params": {"player": "Ann"}}}]}
    said = log_entry(with_message, engine.load_edition(), "de")
    assert said["lines"] == ["Ann beendet den Zug"] and "message" not in said["events"][0]



def test_the_phones_engine_says_the_lines_in_the_phones_language(speaks):
    local.open_json(json.dumps({"game_id": "g-log", "edition": None, "options": {"players": PLAYERS}, "seed": 42,
                                "actions": [], "meta": {"version": 1}}))
    state, server = local.TABLES["g-log"].state, engine.load_edition()
    rng = random.Random(3)
    for lang in ("de", "pt", "fr", "en"):
        speaks(lang)
        action = rng.choice(engine.legal_actions(state))
        answer = json.loads(local.apply_json("g-log", json.dumps(action), json.dumps({"version": 2})))
        step = engine.apply(state, action)
        assert answer["lines"] == event_lines(server, step.events, language(lang))  # the server's words
        assert all("message" not in e for e in answer["events"])
        assert (answer["lines"] == [e["text"] for e in step.events]) == (lang == "en")
        state = step.state
