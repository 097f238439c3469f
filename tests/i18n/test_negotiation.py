"""The API answers the scorers in the request's language (Accept-Language) and says which in
Content-Language; English stays as it was; problem+json titles and details follow too (issue 37)."""
from __future__ import annotations

import pytest

from api.games.messages import msg, msg_n, ordinal
from api.games.messages import render as render_english
from api.i18n import localize, render
from tests.games.asara.helpers import game as asara_game
from tests.games.asara.helpers import tower
from tests.games.nippon.helpers import game as nippon_game
from tests.games.nippon.helpers import players, region, same_board_each_scoring, tile
from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


NIPPON = nippon_game(players("Ann", "Bob"), same_board_each_scoring(
    {"R1": region([tile("Ann", "R1.C1", 0, 3), tile("Bob", "R1.C2", 0, 1)], ships={"Ann": 1})}), last_turn="Bob")


def asara_body() -> dict:
    return asara_game({"P1": 23, "P2": 5}, {"P1": [tower("red", 4)], "P2": [tower("brown", 2)]})


@pytest.mark.parametrize("header, lang", [("de-DE,de;q=0.9,en;q=0.5", "de"), ("pt-PT", "pt"), ("es", "es"),
                                          ("fr-CH, fr;q=0.9", "fr"), ("it-IT", "it"), ("ja, en-GB;q=0.5", "en")])
def test_accept_language_picks_the_answers_language(client, header, lang):
    resp = client.post("/api/scorers/nippon", json=NIPPON, headers={"Accept-Language": header})
    assert resp.status_code == 200
    assert resp.headers["Content-Language"] == lang
    assert "Accept-Language" in resp.headers["Vary"]
    result = resp.get_json()
    # Each said line is its message in that language (the message itself travels beside it, for the phone).
    assert result["winner_explanation"] == render(result["winner_explanation_message"], lang)
    line = result["players"][0]["lines"][0]
    assert line["explanation"] == render(line["explanation_message"], lang)


def test_english_is_unchanged_and_german_is_german(client):
    plain = client.post("/api/scorers/nippon", json=NIPPON).get_json()
    english = client.post("/api/scorers/nippon", json=NIPPON, headers={"Accept-Language": "en"}).get_json()
    german = client.post("/api/scorers/nippon", json=NIPPON, headers={"Accept-Language": "de"}).get_json()
    assert plain == english
    assert plain["winner_explanation"].startswith("Ann wins with")  # NIP-SCORE-10
    assert german["winner_explanation"].startswith("Ann gewinnt mit")
    assert german["players"][0]["lines"][0]["explanation"] == "Platz 1 beginnt mit 10 SP"  # NIP-SCORE-01
    assert german["players"][0]["total"] == plain["players"][0]["total"]  # only the words change


def test_asara_in_portuguese(client):
    result = client.post("/api/scorers/asara", json=asara_body(), headers={"Accept-Language": "pt"}).get_json()
    assert result["winner_explanation"].startswith("P1 vence com")  # ASA-SCORE-14
    lines = [line["explanation"] for line in result["players"][0]["lines"]]
    assert any(text.startswith("23 Asari → 2 (1 por cada 10, arredondado para baixo)") for text in lines)  # ASA-SCORE-09


def test_a_refusal_in_the_requests_language(client):
    body = dict(NIPPON, players=[dict(NIPPON["players"][0], seat=-1), NIPPON["players"][1]])
    resp = client.post("/api/scorers/nippon", json=body, headers={"Accept-Language": "fr"})
    assert resp.status_code == 422 and resp.mimetype == "application/problem+json"
    assert resp.headers["Content-Language"] == "fr"
    problem = resp.get_json()
    assert problem["title"] == "Saisie impossible"
    assert problem["rule"] == "NIP-SCORE-01" and problem["path"] == "/players/0/seat"
    assert "doit valoir au moins 1, pas -1" in problem["detail"]
    assert problem["errors"]["/players/0/seat"] == ["doit valoir au moins 1, pas -1"]
    english = client.post("/api/scorers/nippon", json=body).get_json()
    assert english["title"] == "Impossible scorer input"
    assert english["errors"]["/players/0/seat"] == ["must be at least 1, not -1"]


def test_an_answer_that_says_nothing_in_a_language_names_none(client):
    resp = client.get("/api/scorers/nippon/edition", headers={"Accept-Language": "de"})
    assert resp.status_code == 200
    assert "Content-Language" not in resp.headers


def test_plurals_ordinals_and_lists_per_language():
    one = msg_n("{n} tower", "{n} towers", "n", n=1)
    many = msg_n("{n} tower", "{n} towers", "n", n=3)
    assert (str(one), str(many)) == ("1 tower", "3 towers")
    ships = msg_n("{where}: {ships} ship × {vp} VP, placed {place} → {points}",
                  "{where}: {ships} ships × {vp} VP, placed {place} → {points}", "ships",
                  where=msg("Scoring {number}, region {region}", number=2, region="R3"), ships=2, vp=2,
                  place=ordinal(1), points=4)
    assert render_english(ships) == "Scoring 2, region R3: 2 ships × 2 VP, placed 1st → 4"
    assert render(ships, "de") == "Wertung 2, Region R3: 2 Schiffe × 2 SP, 1. Platz → 4"
    assert render(ships, "fr") == "Décompte 2, région R3 : 2 navires × 2 PV, 1re place → 4"  # the feminine ordinal
    tower = msg("{player}'s {place} tower", player="Ana", place=ordinal(2))
    assert render(tower, "pt") == "2.ª torre de Ana"
    assert render(msg("{players} share the win with {prestige} prestige", players={"and": ["A", "B", "C"]},
                      prestige=9), "es") == "A, B y C comparten la victoria con 9 de prestigio"


def test_localize_leaves_the_numbers_alone():
    doc = {"total": 7, "line": "x", "line_message": msg("Seat {seat} starts on {vp} VP", seat=1, vp=7).as_json()}
    assert localize(doc, "it") == {"total": 7, "line": "Il posto 1 parte da 7 PV", "line_message": doc["line_message"]}


def test_the_offline_engines_refusal_carries_its_messages():
    # The phone's offline scorer (no server, no Babel) refuses with the messages beside the English, so the
    # phone says them in its language (localize() in pwa/js/i18n.js) as the server would (NIP-SCORE-01).
    from api.offline.scorers import score

    body = dict(NIPPON, players=[dict(NIPPON["players"][0], seat=-1), NIPPON["players"][1]])
    first = score("nippon", body)["problem"]["problems"][0]
    assert first["message"] == "must be at least 1, not -1" and first["field"] == "Ann's seat"
    assert render(first["message_message"], "de") == "muss mindestens 1 sein, nicht -1"
    assert render(first["field_message"], "it") == "posto di Ann"
