"""The Asian Tigers scorer in the request's language (issue 37): its score lines, tie-breaks and refusals are
messages said at the edge; English stays what it was, byte for byte."""
from __future__ import annotations

import copy
import json
from pathlib import Path

from api.games.asian_tigers.edition.load import load_edition
from api.games.asian_tigers.scoring.scorer import score_table
from api.games.asian_tigers.scoring.scorer_words import words
from api.i18n import render
from api.offline.scorers import score as offline_score
from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


AT = "/api/scorers/asian-tigers"
EX1 = json.loads((Path(__file__).resolve().parents[1] / "data" / "examples" / "EX-1.json").read_text())["input"]


def post(client, body, lang=None):
    return client.post(AT, json=body, headers={"Accept-Language": lang} if lang else {})


def test_english_lines_and_tie_breaks_are_unchanged(client):
    plain = score_table(copy.deepcopy(EX1))  # what the scorer said before it spoke in messages
    for lang in (None, "en-GB"):
        resp = post(client, EX1, lang)
        said = resp.get_json()
        assert [x["text"] for x in said["lines"]] == [x["text"] for x in plain["lines"]]
        assert [t["detail"] for t in said["final_turn_order_tie_breaks"]] == [
            t["detail"] for t in plain["final_turn_order_tie_breaks"]]
        assert all("text_message" in x for x in said["lines"])  # the phone says them in its own language
    assert resp.headers["Content-Language"] == "en"


def test_german_score_lines_tie_breaks_and_totals(client):
    resp = post(client, EX1, "de-AT")
    assert resp.status_code == 200 and resp.headers["Content-Language"] == "de"
    assert "Accept-Language" in resp.headers["Vary"]
    german = resp.get_json()
    english = post(client, EX1, "en").get_json()
    assert german["participants"] == english["participants"]  # the numbers are the same
    lines = {x["category"]: x["text"] for x in german["lines"]}
    assert " Summe: " in lines["total"] and "Wohlstand aus Einfluss" in lines["total"]  # SCORE-END-01
    assert lines["nations"].startswith("Nationen: ")  # SCORE-NAT-01
    assert " Sterne" in lines["final_scoring_bonus"] or " Stern " in lines["final_scoring_bonus"]  # SCORE-FSB-01
    assert all(x["text"] != y["text"] for x, y in zip(german["lines"], english["lines"]))
    assert "der endgültigen Spielreihenfolge" in next(x["text"] for x in german["lines"] if x["category"] == "turn_order")


def test_a_refusal_in_portuguese_names_its_field_in_portuguese(client):
    body = copy.deepcopy(EX1)
    body["tigers"]["SK"]["prosperity_token"] = None  # SETUP-02: every Tiger has its token
    resp = post(client, body, "pt-BR")
    assert resp.status_code == 422 and resp.headers["Content-Language"] == "pt"
    problem = resp.get_json()
    assert problem["title"] != "Impossible scorer input"
    entry = next(p for p in problem["problems"] if p["path"] == "/tigers/SK/prosperity_token")
    assert entry["message"].startswith("nenhum marcador de prosperidade escolhido: toque no que está no Tigre ")
    english = next(p for p in post(client, body, "en").get_json()["problems"] if p["path"] == entry["path"])
    assert english["message"].startswith("no prosperity token was chosen: tap the one lying on ")
    assert english["field"].endswith("'s prosperity token") and " de " in entry["field"]  # "… de <Tiger>"


def test_the_offline_scorer_carries_its_refusals_as_messages():
    # The phone says them itself (pwa/js/i18n.js localize): the same message ids as the server's.
    body = copy.deepcopy(EX1)
    pid = next(p for p, x in body["participants"].items() if x["kind"] == "player")
    body["participants"][pid]["influence"]["SK"] = 10_000  # beyond one lap past the printed track
    answer = offline_score("asian-tigers", body)
    assert answer["ok"] is False
    entry = next(p for p in answer["problem"]["problems"] if p["path"].endswith("/influence/SK"))
    assert render(entry["message_message"], "fr").startswith("10000 dépasse ce qu’une partie peut atteindre")
    assert render(entry["field_message"], "it") == f"influenza di {pid} sulla Tigre " + render(entry["field_message"]["params"][
        "tiger"], "it")


def test_places_in_words_take_each_languages_ordinal():
    edition = load_edition()
    path = "/participants/Ann/flags/A/1"
    assert str(words(path, edition)) == "Ann's 2nd flag in sector A"
    assert render(words(path, edition), "pt") == "2.ª bandeira de Ann no setor A"  # bandeira: the feminine ordinal
    assert render(words(path, edition), "de") == "2. Flagge von Ann in Sektor A"
    assert render(words("/turn_order/0", edition), "fr") == "la 1re place dans l’ordre du tour"
