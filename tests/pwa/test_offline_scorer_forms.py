"""The tap-first scorer forms with no signal on a phone that never opened them online.

1. Made ready for offline, then offline: the forms open from the edition in the phone's engine — checked in
   test_offline.py's walk (scorer_forms_open_offline), on the phone it makes ready there (one phone ready
   less for the suite's time).
2. Not made ready (only the app cached): the Nippon form says what it needs instead of
   "Loading…" forever.
"""
from __future__ import annotations

import time

from tests.pwa.conftest import shot

SCORER_FORM = "/js/ui/nippon-live.js"


def go_offline_and_reload(page) -> None:
    page.context.set_offline(True)
    page.reload()
    page.get_by_role("link", name="Nippon scorer").wait_for()


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
