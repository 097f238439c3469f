"""A game started offline on the phone follows a language switch (issue 37), in Chromium at 360×740, by taps.

An English phone made ready for offline play starts a solo game with no connection (a game of this phone only,
drawn by its own engine) and reads its first question in English (TURN-01).  Still offline, it goes Home →
Settings → Deutsch (the page draws itself again in German) and opens the game again: the question is German at
once, with no move made — the phone's engine draws the game again in the new language rather than showing the
view it saved in English — and so is the layout checklist the game screen shows first.  Screenshot test-artifacts/pwa/lang-offline-game-de.png.
Then, still offline, a move its engine refuses (sent as JSON in developer mode) is refused in German, the Tiger
named in German (PLACE-*: a centre's worker type): screenshot lang-offline-refused-de.png.
(Steps, not a test of their own: `drawn_again_in_the_language_switched_to` runs at the end of
tests/pwa/test_offline_start.py's snapshot test, whose phone, ready for offline play and back in English, has
just started a solo game with no connection: one phone made ready, not two — the suite's time.)
"""
from __future__ import annotations

import json
import re
import time

from playwright.sync_api import expect

from api.i18n import render
from tests.pwa.conftest import shot
from tests.pwa.test_lang_switch import ASKED

CACHED = "async (url) => !!(await caches.match(url))"


def _prompt(page, ends: str) -> str:
    prompt = page.get_by_test_id("prompt")
    text = ""
    for _ in range(150):  # polled: the saved view is drawn first, the engine's one after it
        text = prompt.inner_text() if prompt.count() else ""
        if text.endswith(ends):
            return text
        time.sleep(0.1)
    raise AssertionError(f"the question is {text!r}, not …{ends!r}")


def drawn_again_in_the_language_switched_to(page) -> None:
    """On an English phone ready for offline play, offline, on the solo game it has just started with its own
    engine: Settings → Deutsch, the game opened again reads in German with no move made, and so does a refusal."""
    game_id = page.url.rsplit("/", 1)[1]
    assert game_id.startswith("local-")  # a game of this phone only
    # The German catalogue is kept after the shell (sw.js LATER): needed offline.
    assert page.evaluate(CACHED, "/i18n/de.json")
    _prompt(page, ASKED["en"])
    version = page.locator("header[data-version]").get_attribute("data-version")

    page.get_by_role("link", name="Home").tap()
    page.get_by_role("link", name="Settings").tap()
    page.get_by_role("radio", name="Deutsch").tap()  # stored; the page draws itself again in German (offline)
    page.get_by_role("heading", name="Einstellungen").wait_for()
    page.get_by_role("link", name="Start", exact=True).tap()
    page.locator(f"a[href='#/g/{game_id}']").first.tap()

    asked = _prompt(page, ASKED["de"])
    assert ASKED["en"] not in asked
    # SETUP-*: the checklist the game screen shows first is the German view's too (not the one kept in English)
    steps = page.get_by_test_id("layout-first").inner_text()
    assert "Wohlstandsplättchen" in steps and "Put the prosperity token" not in steps, steps[:300]
    assert page.locator("header[data-version]").get_attribute("data-version") == version  # no move was made
    shot(page, "lang-offline-game-de")
    a_refused_move_is_said_in_german(page, game_id)


def a_refused_move_is_said_in_german(page, game_id: str) -> None:
    """A move the phone's engine refuses, sent by hand offline: its refusal in German, the Tiger named in German."""
    refused = page.evaluate("""async (id) => { const e = await import('/js/offline/engine.js');
        return (await e.call('why_not_json', id)).why_not; }""", game_id)
    entry = next(e for e in refused if re.search(r"South Korea|Hong Kong|Taiwan|Singapore", e["reason"]["message"]))
    german = render(entry["reason"]["message_message"], "de")  # its names already said in German
    page.get_by_role("link", name="Start", exact=True).tap()
    page.get_by_role("link", name="Einstellungen").tap()
    page.get_by_label(re.compile("^Entwicklermodus")).check()
    page.get_by_role("link", name="Start", exact=True).tap()
    page.locator(f"a[href='#/g/{game_id}']").first.tap()
    # The saved view is drawn first and the engine's after it, which moves what is under the manual action
    # (a tap during that swap may land beside it): tap once the engine's question is on screen.
    _prompt(page, ASKED["de"])
    page.get_by_text("Aktion von Hand (für Fortgeschrittene)").tap()
    expect(page.locator("details:has(#manual-action)")).to_have_attribute("open", "")
    page.get_by_label(re.compile("^Aktion als JSON")).fill(json.dumps(entry["action"]))
    page.get_by_role("button", name="Aktion von Hand senden").tap()
    refusal = page.locator(".banner.error[role=alert]")
    refusal.wait_for()
    said = refusal.inner_text()
    assert german in said and entry["reason"]["message"] not in said, said
    assert not re.search(r"South Korea|Hong Kong|Singapore|centre|type \d", said), said
    refusal.scroll_into_view_if_needed()
    shot(page, "lang-offline-refused-de")
