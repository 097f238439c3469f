"""The Automa card in German however many moves the human has made since the Automa's turn (issue 37), in
Chromium at 360×740, by taps.

A seeded solo campaign session is played over HTTP to the human's third move after the Automa's turn (the Automa's
lines are no longer in the phone's last three log entries); a German phone joins it and taps the fourth move: the
Automa card still says the Automa's turn in German, as the server's German view says it, with no English line
(screenshot test-artifacts/pwa/lang-automa-card-de.png).
"""
from __future__ import annotations

import requests

from tests.i18n.test_automa_card import AFTER, LONG, _actions
from tests.games.asian_tigers.presentation.test_presentation_random_games import _options
from tests.pwa.conftest import bearer, click_action
from tests.pwa.test_lang import fits, phone_in  # noqa: F401  (phone_in: the fixture)

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)


def _view(server, g: dict, lang: str) -> dict:
    resp = requests.get(f"{server.url}/api/games/{g['game_id']}",
                        headers={**bearer(g["table_token"]), "Accept-Language": lang}, timeout=10)
    assert resp.status_code == 200
    return resp.json()


def _german_log_lines(server, g: dict, english: list[str]) -> list[str]:
    """The Automa lines `english` (the view's) as the German log says them, "Automa: " said away."""
    said = {}
    for entry in requests.get(f"{server.url}/api/games/{g['game_id']}/log", timeout=10,
                              headers={**bearer(g["table_token"]), "Accept-Language": "de"}).json()["entries"]:
        said.update({e["text"]: line for e, line in zip(entry["events"], entry["lines"])
                     if e["kind"] != "automa_turn" and e["text"].startswith("Automa: ")})
    return [said[f"Automa: {line}"].removeprefix("Automa: ") for line in english]


def test_the_automa_card_stays_german_four_moves_after_the_automas_turn(server, phone_in):  # noqa: F811
    # SOLO-AUTOMA-01..13: the Automa's turn as instructions for the table; CAMPAIGN-02: a campaign session
    actions = _actions(LONG, AFTER)
    resp = requests.post(f"{server.url}/api/games", json={"game": "asian_tigers", "options": _options(LONG),
                                                          "seed": LONG}, timeout=10)
    assert resp.status_code == 201, resp.text
    g = resp.json()
    batch = requests.post(f"{server.url}/api/games/{g['game_id']}/batch", json={"actions": list(actions[:-1])},
                          headers={**bearer(g["table_token"]), "If-Match": f'"{g["game"]["version"]}"',
                                   "Idempotency-Key": "automa-card-batch"}, timeout=30)
    assert batch.status_code == 200, batch.text  # the Automa played at action 4; actions 5-7: the human's

    page = phone_in("de-DE")
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.wait_for_url(f"**/#/g/{g['game_id']}")
    view = _view(server, g, "de")
    action = next(a for a in view["legal_actions"] if {**a, "decision": None} == {**actions[-1], "decision": None})
    click_action(page, action, view)  # the human's fourth move since the Automa's turn
    page.locator(f"header[data-version='{view['version'] + 1}']").wait_for()

    english = _view(server, g, "en")["view"]["solo"]["automa_instructions"]
    german = _german_log_lines(server, g, english)  # the Automa's turn as the German log says it
    assert english and english[0].startswith("reveal tile") and len(german) == len(english)
    card = page.get_by_test_id("automa-instructions")
    card.locator("li", has_text=german[-1]).first.wait_for(timeout=10_000)
    shown = card.locator("li").all_inner_texts()
    assert shown == german and not set(shown) & set(english), shown
    assert shown[0].endswith(" aufdecken") and shown == _view(server, g, "de")["view"]["solo"]["automa_instructions"]
    card.scroll_into_view_if_needed()
    fits(page, "lang-automa-card-de")
