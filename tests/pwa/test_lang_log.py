"""The game's log in the phone's language (issue 37), in Chromium at 360×740, by taps.

A German phone joins a two-player Asian Tigers game by its code, lays out the table and places a worker
(TURN-01, PLACE-01): "Gerade erfasst" lists the move's lines as the rules engine says them in German, and the
Log tab lists the same German lines under the move; neither shows the English line the server stores
(screenshots test-artifacts/pwa/lang-log-*.png).  Then, on the same phone, a solo game's Automa card reads in
German (SOLO-AUTOMA-01).
"""
from __future__ import annotations

import requests

from tests.pwa.conftest import bearer
from tests.pwa.test_lang import fits, phone_in  # noqa: F401  (phone_in: the fixture)
from tests.pwa.test_lang_turn import action_button, next_question

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)


def _log(server, g, lang: str) -> list[dict]:
    resp = requests.get(f"{server.url}/api/games/{g['game_id']}/log",
                        headers={**bearer(g["table_token"]), "Accept-Language": lang}, timeout=10)
    assert resp.status_code == 200 and resp.headers["Content-Language"] == lang
    return resp.json()["entries"]


def test_a_move_recorded_in_german_reads_in_german(server, phone_in):  # noqa: F811
    g = server.create_game(names=("Anna", "Ben"))
    page = phone_in("de-DE")
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.get_by_test_id("turn").wait_for()
    page.get_by_role("button", name="Der Tisch ist aufgebaut: zum ersten Zug").click()
    view = server.game(g["game_id"], g["table_token"])
    worker = next(a for a in view["legal_actions"] if a["kind"] == "place_worker" and "." in a["center"])
    action_button(page, worker).click()  # TURN-01: a worker on an investment centre (PLACE-01)
    next_question(server, g, worker["decision"])

    german, english = _log(server, g, "de")[-1]["lines"][0], _log(server, g, "en")[-1]["lines"][0]
    assert " setzt einen Arbeiter vom Typ " in german and " places a type " in english
    recorded = page.get_by_test_id("just-recorded")
    recorded.get_by_role("heading", name="Gerade erfasst").wait_for()
    recorded.get_by_text(german, exact=False).first.wait_for()
    assert english not in recorded.inner_text()
    recorded.scroll_into_view_if_needed()
    fits(page, "lang-log-de-recorded")  # a screenshot too

    page.get_by_role("navigation", name="Spielansichten").get_by_role("link", name="Verlauf", exact=True).click()
    log = page.get_by_test_id("log")
    log.wait_for()
    log.get_by_text(german, exact=False).first.wait_for()
    text = log.inner_text()
    assert "Arbeiter einsetzen: " in text and english not in text and " places a " not in text
    fits(page, "lang-log-de-log")
    the_automa_card_reads_in_german(server, page)


def the_automa_card_reads_in_german(server, page):
    """test_the_automa_card_reads_in_german before (a German phone of its own; now the same German phone, a
    solo game of its own: the suite's time)."""
    # SOLO-AUTOMA-01: the human's first turn is set up through the API, until the Automa has played its turn.
    g = server.create_game(names=("Anna",), solo={"difficulty": 1})
    view = server.game(g["game_id"], g["table_token"])
    for _ in range(30):
        if view["view"]["solo"]["automa_instructions"]:
            break
        action = next((a for a in view["legal_actions"] if a["kind"] == "end_turn"), view["legal_actions"][0])
        server.act(g["game_id"], g["table_token"], action, view["version"])
        view = server.game(g["game_id"], g["table_token"])
    english = view["view"]["solo"]["automa_instructions"]
    assert english and english[0].startswith("reveal tile")

    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.wait_for_url(f"**/#/g/{g['game_id']}")  # this game's screen, never the previous game's
    card = page.get_by_test_id("automa-instructions")
    card.wait_for()
    # The card says the lines in German once the recent log has come (the German banner "… Plättchen …" may
    # come first: it is no sign of the log).
    card.locator("li", has_text=" aufdecken").first.wait_for()
    shown = card.locator("li").all_inner_texts()
    assert len(shown) == len(english)
    assert shown[0].endswith(" aufdecken") and not any(line in english for line in shown[1:]), shown
    card.scroll_into_view_if_needed()
    fits(page, "lang-log-de-automa")
