"""Players' colours inside the score lines in the reader's language (issue 37): "Ann (red)" is "Ann (rot)" in
German, "Ann (vermelho)" in Portuguese, in the outcome and the provisional score (MGMT2-04, SCORE-END-01); English
stays the engine's own text, and a label the colours cannot say (two players of one name and colour) is left as is."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from api.games import asian_tigers as engine
from api.i18n import localize
from tests.helpers import bearer

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
# The golden games' players (name, English colour) and the colour words per language (the setup wizard's).
COLOUR = {"de": {"red": "rot", "blue": "blau", "green": "grün"}, "pt": {"red": "vermelho", "blue": "azul",
                                                                       "green": "verde"},
          "fr": {"red": "rouge", "blue": "bleu", "green": "vert"}, "it": {"red": "rosso", "blue": "blu",
                                                                       "green": "verde"}}


def _state(name: str, drop: int = 0, named_by_colour: bool = False):
    golden = json.loads((GOLDEN / name).read_text())
    if named_by_colour:  # each player's name is the colour's code ("red"): a label of the colour alone
        golden["options"]["players"] = [{**p, "name": p["color"]} for p in golden["options"]["players"]]
    actions = golden["actions"][:len(golden["actions"]) - drop]
    return engine.replay(golden["options"], engine.load_edition(golden["edition"]), golden["seed"], actions)


def _texts(result: dict) -> str:
    ties = [t.get("detail") or "" for k in ("standings_tie_breaks", "final_turn_order_tie_breaks")
            for t in result.get(k) or []]
    return "\n".join([line["text"] for line in result["lines"]] + ties)


@pytest.mark.parametrize("name", ["asian-tigers-3p-advanced-neutral.json", "asian-tigers-2p.json"])
@pytest.mark.parametrize("lang", ["de", "pt", "fr", "it"])
def test_the_outcome_names_each_player_with_the_colour_in_the_language(name, lang):
    state = _state(name)
    english = _texts(engine.outcome(state))
    said = _texts(localize(engine.outcome(state, messages=lang), lang))
    for player in state.players:
        assert f"{player.name} ({player.color})" in english  # the engine's own label (SCORE-END-01)
        assert f"{player.name} ({COLOUR[lang][player.color]})" in said, (player.name, said[:400])
        assert f"{player.name} ({player.color})" not in said


def test_english_and_the_machine_fields_are_unchanged():
    state = _state("asian-tigers-2p.json")
    english, german = engine.outcome(state), engine.outcome(state, messages="de")
    assert engine.outcome(state) == english
    said = localize(engine.outcome(state, messages="en"), "en")
    assert [line["participant"] for line in said["lines"]] == [line["participant"] for line in english["lines"]]
    assert german["winner"] == english["winner"] and german["standings"] == english["standings"]
    # The message keeps the colour as a message: the phone says it in its own language (ui/outcome.js).
    assert '"id": "{player} ({colour})"' in json.dumps(german)


def test_the_provisional_score_says_the_colours_too():
    state = _state("asian-tigers-2p.json", drop=3)
    said = _texts(localize(engine.provisional_score(state, messages="pt"), "pt"))
    assert "Ann (vermelho)" in said and "Bo (azul)" in said and "Ann (red)" not in said


def test_a_player_named_after_the_colour_is_the_colour_word():
    state = _state("asian-tigers-2p.json", named_by_colour=True)
    english = _texts(engine.outcome(state))
    said = _texts(localize(engine.outcome(state, messages="de"), "de"))
    assert "red: " in english and "blue: " in english  # era2.display_labels: the colour alone
    assert "rot: " in said and "blau: " in said and "red" not in said and "blue" not in said


def test_the_outcome_endpoint_says_the_colours_in_the_requests_language(client):
    golden = json.loads((GOLDEN / "asian-tigers-2p.json").read_text())
    created = client.post("/api/games", json={"game": "asian_tigers", "options": golden["options"],
                                              "seed": golden["seed"]}).get_json()
    url, auth = f"/api/games/{created['game_id']}", bearer(created["table_token"])
    resp = client.post(f"{url}/batch", json={"actions": golden["actions"]},
                       headers={**auth, "If-Match": '"1"', "Idempotency-Key": "colours"})
    assert resp.status_code == 200, resp.get_json()
    german = client.get(f"{url}/outcome", headers={**auth, "Accept-Language": "de"}).get_json()["outcome"]
    english = client.get(f"{url}/outcome", headers=auth).get_json()["outcome"]
    assert "Ann (rot)" in _texts(german) and "Ann (red)" not in _texts(german)
    assert "Ann (red)" in _texts(english) and "(rot)" not in _texts(english)
