"""The phone's own engine says the next question in the phone's language (issue 37), in Chromium at 360×740:
a phone set to German is made ready by a tap on the German card, starts its engine (Pyodide in the worker), plays a move with no connection, and the
next question comes back in German — the words the server would say in German for the same state.

Steps (not a test file of its own) run from tests/pwa/test_offline_start.py's snapshot test, on the phone it makes ready (this file's own test
before, making a phone ready of its own: the suite's time): `made_ready_in_german` and
`an_offline_moves_next_question_is_in_the_phones_language`."""
from __future__ import annotations

import json
import time

from api.games import asian_tigers as engine
from api.i18n import language
from tests.pwa.conftest import shot

ENGINE_WAIT = 180_000  # first download and start of Pyodide on a loaded machine
PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "blue"}]


def wait_until(page, expression: str, timeout_ms: int = 30_000) -> None:
    """Poll `expression` from the test (`page.wait_for_function` compiles its predicate with eval in the page,
    which the app's CSP forbids: now and then Chromium reported that as a page error)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"still false after {timeout_ms} ms: {expression}"
        page.wait_for_timeout(100)


def made_ready_in_german(page, url: str) -> None:
    """A fresh phone set to German at Home is made ready by a tap on the German card."""
    # German kept on the phone before its first page (no reload while the service worker installs, which on a
    # loaded machine now and then left the page with no controller); a language stored later is left alone.
    page.add_init_script("""try { if (!localStorage.getItem('tablekeeper.language'))
        localStorage.setItem('tablekeeper.language', 'de'); } catch {}""")
    page.goto(url + "/")
    wait_until(page, "document.documentElement.lang === 'de'")
    # The card that makes the phone ready speaks German too (its heading, its button, its progress).
    page.get_by_role("button", name="Dieses Handy für das Spielen ohne Netz vorbereiten").click()
    page.get_by_role("progressbar", name="Download der Regel-Engine").wait_for()
    page.get_by_role("heading", name="Bereit zum Spielen ohne Netz", exact=True).wait_for(timeout=ENGINE_WAIT)
    assert "Dieses Handy führt die Regeln selbst aus" in page.get_by_test_id("offline-ready").inner_text()
    shot(page, "lang-offline-ready-de")
    wait_until(page, "navigator.serviceWorker.controller !== null", ENGINE_WAIT)


def an_offline_moves_next_question_is_in_the_phones_language(page) -> None:
    """On a phone made ready in German, with no connection: the engine's question after a move is German."""
    page.context.set_offline(True)
    opened = page.evaluate("""async (payload) => { const e = await import('/js/offline/engine.js');
        return e.call('open_json', payload); }""", json.dumps({"game_id": "local-de", "edition": None, "seed": 4,
                                                              "options": {"players": PLAYERS}, "actions": [],
                                                              "meta": {"version": 1}}))
    state = engine.new_game({"players": PLAYERS}, engine.load_edition(), 4)
    assert opened["view"]["view"]["prompt"] == engine.view(state, language("de"))["prompt"]  # TURN-01
    assert "setze deinen nächsten Arbeiter ein" in opened["view"]["view"]["prompt"]
    action = opened["view"]["legal_actions"][0]
    moved = page.evaluate("""async ([action, meta]) => { const e = await import('/js/offline/engine.js');
        return e.call('apply_json', 'local-de', action, meta); }""", [json.dumps(action), json.dumps({"version": 2})])
    state = engine.apply(state, action).state
    server_words = engine.view(state, language("de"))  # as api/web/views.py says it: names too
    assert moved["view"]["view"]["prompt"] == server_words["prompt"]
    assert [c["label"] for c in moved["view"]["view"]["choices"]] == [c["label"] for c in server_words["choices"]]
    assert moved["view"]["view"]["prompt"] != engine.view(state)["prompt"]  # not the English words
    # (No screenshot here: the engine answered the test, the screen is lang-offline-ready-de.png's, byte for byte.)
