"""The tap-first scorer forms open with no signal on a phone that never opened them online.

1. Made ready for offline, then offline: the Nippon live form draws its map and the end-only form
   its last-turn question, and the Asara end-only form its players' colours and year-end evaluations
   (as many years as the edition says), from the edition in
   the phone's engine (never fetched from the server before).
2. Not made ready (only the app cached): the Nippon form says what it needs instead of
   "Loading…" forever.
"""
from __future__ import annotations

import time

from tests.pwa.conftest import shot
from tests.pwa.test_offline import ENGINE_WAIT, make_ready

SCORER_FORM = "/js/ui/nippon-live.js"


def go_offline_and_reload(page) -> None:
    page.context.set_offline(True)
    page.reload()
    page.get_by_role("link", name="Nippon scorer").wait_for()


def test_scorer_forms_open_offline_from_the_phones_engine(server, new_phone):
    page = new_phone()
    page.goto(server.url + "/")
    make_ready(page)
    go_offline_and_reload(page)

    page.get_by_role("link", name="Nippon scorer").click()
    page.get_by_role("heading", name="Before scoring 1: what changed").wait_for(timeout=ENGINE_WAIT)
    nippon_map = page.get_by_role("group", name="Map of Nippon before scoring 1")
    nippon_map.wait_for()
    nippon_map.scroll_into_view_if_needed()
    assert page.get_by_text("Loading…").count() == 0
    shot(page, "offline-scorer-1-nippon-live-map")

    page.get_by_role("link", name="End only").click()
    page.get_by_role("heading", name="Who took the last turn").wait_for()

    page.goto(server.url + "/#/")
    page.get_by_role("link", name="Asara scorer").click()
    page.get_by_role("link", name="End only").click()
    page.get_by_role("heading", name="Asari and the prestige track").wait_for(timeout=ENGINE_WAIT)
    page.get_by_role("button", name="Also enter the 4 year-end evaluations (optional)").click()
    page.get_by_role("group", name="End of year 4").wait_for()
    shot(page, "offline-scorer-2-asara-end-only")
    assert page.errors == []


def test_a_phone_not_ready_for_offline_says_what_the_form_needs(server, new_phone):
    page = new_phone()
    page.goto(server.url + "/")
    # The rarer screens are cached just after the first visit; wait until this form's script is.
    for _ in range(300):  # (wait_for_function would poll by evaluating a string, which the app's CSP forbids)
        if page.evaluate("async (url) => !!navigator.serviceWorker.controller && !!(await caches.match(url))",
                         SCORER_FORM):
            break
        time.sleep(0.2)
    else:
        raise AssertionError(f"{SCORER_FORM} was never cached")
    go_offline_and_reload(page)

    page.get_by_role("link", name="Nippon scorer").click()
    missing = page.get_by_test_id("edition-missing")
    missing.wait_for()
    assert "make this phone ready for offline" in missing.inner_text()
    shot(page, "offline-scorer-3-not-ready")
    assert page.errors == []
