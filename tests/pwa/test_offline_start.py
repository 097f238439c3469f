"""A prepared phone starting its engine again: what home says, and the engine's memory snapshot.

1. Home shows what the phone keeps (its games, "Ready for offline play") after an offline reload
   even on a slow phone (then, on that phone never made ready, test_offline_scorer_forms.py's point 2).  The app
   re-renders on store changes through one subscription made in an effect, and Preact runs
   effects a frame after the render; on a reload the boot's IndexedDB reads (the saved
   readiness among them) can finish inside that frame, and offline nothing changes the store
   afterwards, so the change was missed and a prepared phone said "Not ready for offline play
   yet" (test_offline's solo game failed about one run in 15 that way).  Here frames come
   150 ms late, as on a busy phone.
2. The first start of an engine version keeps a memory snapshot; later starts restore it (and
   write again only the bundle's files the snapshot does not hold: a scorer imported later still
   loads).  A snapshot that cannot be restored is dropped: the engine imports as on its first
   start, and the game starts all the same.
   (Its phone is made ready in German and first proves tests/i18n/view_browser.py's point, and at the end
   tests/pwa/test_lang_offline_game.py's (a game started offline follows a language switch): one phone made
   ready, not three; the suite's time.)
"""
from __future__ import annotations

import json

from tests.i18n.view_browser import (
    an_offline_moves_next_question_is_in_the_phones_language,
    made_ready_in_german,
)
from tests.pwa.conftest import shot
from tests.pwa.test_lang_offline_game import drawn_again_in_the_language_switched_to
from tests.pwa.test_offline_scorer_forms import (
    a_phone_not_ready_for_offline_says_what_the_form_needs,
    scorer_form_cached,
)

# Animation frames, and Preact's 35 ms fallback timer for effects, fire 150 ms late.
LATE_FRAMES = """(() => { const raf = window.requestAnimationFrame.bind(window), later = window.setTimeout.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => later(() => cb(t), 150));
  window.setTimeout = (cb, ms, ...args) => later(cb, ms === 35 ? 150 : ms, ...args); })()"""
SNAPSHOTS = """async () => { const c = await caches.open('engine-snapshot');
  return (await c.keys()).map((r) => new URL(r.url).pathname); }"""
ENGINE = "async () => (await import('/js/store.js')).getState().engine"


def test_home_shows_what_the_phone_keeps_after_an_offline_reload_with_late_frames(server, new_phone):
    # The store's missed change, without the engine: the saved games list, read at boot like the readiness.
    g = server.create_game(names=("Ann", "Bob"))
    page = new_phone()
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.locator("[data-testid=recorder]").wait_for()
    page.get_by_role("link", name="Home").click()
    page.get_by_test_id("recent-games").get_by_role("link").first.wait_for()
    page.evaluate("""() => navigator.serviceWorker.controller || new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve))""")  # the shell is cached
    scorer_form_cached(page)  # for test_offline_scorer_forms.py's point below
    page.add_init_script(LATE_FRAMES)
    page.context.set_offline(True)
    for _ in range(3):  # the race is the boot's: each reload is one more chance to lose it
        page.reload()
        page.get_by_test_id("recent-games").get_by_role("link").first.wait_for(timeout=5_000)
    # Then, on this phone never made ready, test_offline_scorer_forms.py's point 2 (its own phone before).
    a_phone_not_ready_for_offline_says_what_the_form_needs(page)
    assert page.errors == []


def snapshots_when_stored(page) -> list[str]:
    """The snapshot cache's keys, once one is stored (by a second worker, after the engine answered;
    the store's ``snapshotKept`` says when: a key is listed before its body is written)."""
    for _ in range(600):
        if page.evaluate(ENGINE).get("snapshotKept"):
            return page.evaluate(SNAPSHOTS)
        page.wait_for_timeout(100)
    raise AssertionError("no engine snapshot was stored")


def start_solo_game(page) -> None:
    page.get_by_role("link", name="Solo game (Automa)").click()
    page.get_by_label("Name").fill("Ann")
    page.get_by_role("button", name="Start the solo game").click()
    page.locator("[data-testid=recorder]").wait_for()
    assert page.url.rsplit("/", 1)[1].startswith("local-")


def test_a_prepared_phone_restarts_its_engine_offline_from_its_snapshot_or_without_it(server, new_phone):
    """Point 2, on a phone made ready in German, which first proves tests/i18n/view_browser.py's point
    (the German card, and the engine's next question in German with no connection), then back in English;
    last, test_lang_offline_game.py's point on the English game it starts offline."""
    page = new_phone()
    made_ready_in_german(page, server.url)
    assert page.evaluate(ENGINE)["snapshot"] is False  # the first start imports the engine
    version = page.evaluate(ENGINE)["version"]
    an_offline_moves_next_question_is_in_the_phones_language(page)  # offline from here on
    assert snapshots_when_stored(page) == [f"/engine-snapshot/0.27.7/{version}"]

    page.evaluate("localStorage.setItem('tablekeeper.language', 'en')")
    page.add_init_script(LATE_FRAMES)
    page.context.set_offline(True)
    page.reload()
    page.get_by_role("heading", name="Ready for offline play", exact=True).wait_for(timeout=10_000)
    shot(page, "64-offline-ready-after-slow-reload")
    start_solo_game(page)
    engine = page.evaluate(ENGINE)
    assert engine["status"] == "ready" and engine["snapshot"] is True and engine["version"] == version
    # After a restore only the modules the snapshot does not hold are written again (with the data files):
    # the Nippon scorer, never imported before the snapshot, still loads and reads its edition.
    nippon = page.evaluate("async () => (await import('/js/offline/engine.js')).call('scorer_edition_json', 'nippon')")
    assert nippon["edition"] == "nippon.placeholder" and nippon["players"] == {"min": 2, "max": 4}, nippon

    # A snapshot that is not one (here: zeros under its name) is dropped and the engine imports.
    page.evaluate("""async (key) => (await caches.open('engine-snapshot')).put(key,
        new Response(new Uint8Array(4096)))""", f"/engine-snapshot/0.27.7/{version}")
    page.get_by_role("link", name="Home").click()
    page.reload()
    page.get_by_role("heading", name="Ready for offline play", exact=True).wait_for()
    start_solo_game(page)
    engine = page.evaluate(ENGINE)
    assert engine["status"] == "ready" and engine["snapshot"] is False, json.dumps(engine)
    shot(page, "65-offline-solo-after-bad-snapshot")
    # Then, still offline, that English game follows a switch to German (test_lang_offline_game.py's point).
    drawn_again_in_the_language_switched_to(page)
    assert page.errors == []
