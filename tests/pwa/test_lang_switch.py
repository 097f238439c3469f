"""A phone that switches language with a game open (issue 37), in Chromium at 360×740, by taps.

An English phone joins a two-player Asian Tigers game by its code and reads the first question (TURN-01) and
its options in English; it goes Home → Settings → Deutsch (the page draws itself again in German), back Home
and to the game: the question and the options' cost lines are the server's German words, with no move made
(the game's version unchanged): the view it kept in English is fetched again in German, not kept by a 304
(the view's ETag names its language).  Screenshot test-artifacts/pwa/lang-switch-*.png.
"""
from __future__ import annotations

import json
import time

import requests

from tests.pwa.conftest import bearer
from tests.pwa.test_lang import fits, phone_in  # noqa: F401  (phone_in: the fixture)

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

ASKED = {"en": "place your next worker", "de": "setze deinen nächsten Arbeiter ein"}  # TURN-01's question


def _view(server, g: dict, lang: str) -> dict:
    resp = requests.get(f"{server.url}/api/games/{g['game_id']}", timeout=10,
                        headers={**bearer(g["table_token"]), "Accept-Language": lang})
    assert resp.status_code == 200, resp.text
    return resp.json()


def _button(page, action: dict):
    return page.locator(f"button[data-action='{json.dumps(action, separators=(',', ':'), ensure_ascii=False)}']")


def _prompt_ends_with(page, words: str) -> str:
    prompt = page.get_by_test_id("prompt")
    for _ in range(100):  # polled from the test: the view is fetched again after the page draws the kept one
        text = prompt.inner_text() if prompt.count() else ""
        if text.endswith(words):
            return text
        time.sleep(0.1)
    raise AssertionError(f"the question is {text!r}, not …{words!r}")


def test_switching_language_with_a_game_open_says_the_game_in_the_new_language(server, phone_in):  # noqa: F811
    g = server.create_game(names=("Anna", "Ben"))
    page = phone_in("en-GB")
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.get_by_test_id("turn").wait_for()
    page.get_by_role("button", name="The table is laid out: to the first turn").click()
    _prompt_ends_with(page, ASKED["en"])
    english, german = _view(server, g, "en"), _view(server, g, "de")
    first = english["legal_actions"][0]
    details = {"en": english["view"]["choices"][0]["detail"], "de": german["view"]["choices"][0]["detail"]}
    assert details["en"] != details["de"]
    assert details["en"] in _button(page, first).inner_text().replace("\n", " ")
    fits(page, "lang-switch-en-game")

    page.get_by_role("link", name="Home").click()
    page.get_by_role("link", name="Settings").click()
    page.get_by_role("radio", name="Deutsch").click()  # stored, and the page draws itself again in German
    page.get_by_role("heading", name="Einstellungen").wait_for()
    page.get_by_role("link", name="Start", exact=True).click()
    page.locator(f"a[href='#/g/{g['game_id']}']").click()

    asked = _prompt_ends_with(page, ASKED["de"])
    assert ASKED["en"] not in asked
    button = _button(page, first).inner_text().replace("\n", " ")
    assert details["de"] in button and details["en"] not in button, button
    assert _view(server, g, "en")["version"] == english["version"]  # no move was made
    fits(page, "lang-switch-de-game")
