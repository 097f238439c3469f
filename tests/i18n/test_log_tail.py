"""The last component words inside translated log lines (issue 37): the bonuses given up at a turn's end, the
Tigers a final score line lists, the engine's one-choice line's choice and the special trade centre's sale are
said in the reader's language; English is the stored text, byte for byte."""
from __future__ import annotations


import pytest

from api.games.asian_tigers.presentation.text import event_lines
from api.games.messages import render
from api.i18n import language
from tests.games.asian_tigers.builders import edition
from tests.i18n.seeded import played_lines

GAMES = (0, 12, 2, 4)  # seeded games (solo: 4): bonuses given up, one-choice lines, special sales, score lists


@pytest.fixture(scope="module")
def played():
    """(event, its German line, its Portuguese line) of seeded games played to their end."""
    return [line for game in GAMES for line in played_lines(game)]


def _of(played, test):
    found = [(event, de, pt) for event, de, pt in played if test(event)]
    assert found  # the seeded games bring it up
    return found


def test_english_is_the_stored_text(played):
    for event, _, _ in played:
        if "message" in event and event["kind"] in ("turn_ended", "auto_resolved", "sale_made"):
            assert render(event["message"]) == event["text"]
            assert event_lines(edition(), [event], language("en")) == [event["text"]]


def test_bonuses_given_up_are_said_by_their_effect(played):
    # CASCADE-03 / AMB-12: ending the turn forfeits the bonuses still waiting; the line names them
    for event, de, pt in _of(played, lambda e: e["kind"] == "turn_ended" and e["forfeited"]):
        assert de.startswith(f"{event['text'].split(' ends')[0]} beendet den Zug; verfallen: "), de
        assert "termina o turno; perdidos: " in pt
        for bonus in event["forfeited"]:
            assert bonus.replace("_", " ") in event["text"]
            assert bonus.replace("_", " ") not in de and bonus.replace("_", " ") not in pt, (de, pt)


def test_the_tigers_of_a_final_scoring_sector_are_named_in_the_language(played):
    # SCORE-FSB-01: "Sector E: 4 Tigers with a power plant (South Korea, Hong Kong, …)"
    lines = _of(played, lambda e: e["kind"] == "score_line" and "Tigers with" in e["text"] and "South Korea" in e["text"])
    for event, de, pt in lines:
        assert "South Korea" not in de + pt and "(Südkorea, " in de and "(Coreia do Sul, " in pt, (de, pt)
        assert ("Hong Kong" in event["text"]) == ("Hongkong" in de) and "Hong Kong" not in de, de


def test_the_one_choice_line_says_its_choice_in_the_language(played):
    # CASCADE-03: a turn whose only answer is to end it is ended by the engine, which says so
    ended = _of(played, lambda e: e["kind"] == "auto_resolved" and e["action"]["kind"] == "end_turn")
    for event, de, pt in ended:
        assert event["text"].endswith("had one choice: end turn")
        assert de.endswith("hatte nur eine Wahl: Zug beenden") and pt.endswith("tinha uma só escolha: terminar o turno")
    for event, de, pt in _of(played, lambda e: e["kind"] == "auto_resolved"):
        assert event["action"]["kind"].replace("_", " ") not in de, de


def test_a_sale_at_the_special_trade_centre_says_where_in_the_language(played):
    # TRADE-07: one sale to a nation of another centre, without advancing on the global market
    for event, de, pt in _of(played, lambda e: "the special trade centre (no global-market advance)" in e["text"]):
        assert "in dem Sonderhandelszentrum (kein Vorrücken auf dem Weltmarkt)" in de, de
        assert "em centro comercial especial (sem avanço no mercado global)" in pt, pt
        assert "global-market" not in de + pt


def test_the_flags_and_nations_of_final_score_lines_are_named_in_the_language(played):
    # SCORE-FSB-01: a sector's stars name their flags; SCORE-NAT-01: the distinct nations are listed
    for event, de, pt in _of(played, lambda e: e["kind"] == "score_line" and " star) ★" in e["text"]):
        assert "(value " not in de + pt and "(Wert " in de and "(valor " in pt, (de, pt)
    nations = _of(played, lambda e: e["kind"] == "score_line" and e["text"].startswith("Nations: ")
                  and "(no nation + " not in e["text"] and "(Japan + " not in e["text"])
    for event, de, pt in nations:
        assert de.startswith("Nationen: ") and not any(
            n in de for n in ("United", "West Germany", "Netherlands", "Indonesia")), de
