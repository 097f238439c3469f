"""The tap-first scorer forms with no signal on a phone that never opened them online.

1. Made ready for offline, then offline: the forms open from the edition in the phone's engine — checked in
   test_offline.py's walk (scorer_forms_open_offline), on the phone it makes ready there (one phone ready
   less for the suite's time).
2. Not made ready (only the app cached): the Nippon form says what it needs instead of
   "Loading…" forever — checked at the end of test_offline_start.py's first test, on its phone (not ready,
   offline after reloads: one fresh phone with a service worker and one offline start less for the suite's time).
"""
from __future__ import annotations

import time

from tests.pwa.conftest import shot

SCORER_FORM = "/js/ui/nippon-live.js"


def scorer_form_cached(page) -> None:
    """The rarer screens are cached just after the first visit; wait until this form's script is."""
    for _ in range(300):  # (wait_for_function would poll by evaluating a string, which the app's CSP forbids)
        if page.evaluate("async (url) => !!navigator.serviceWorker.controller && !!(await caches.match(url))",
                         SCORER_FORM):
            return
        time.sleep(0.2)
    raise AssertionError(f"{SCORER_FORM} was never cached")


def a_phone_not_ready_for_offline_says_what_the_form_needs(page) -> None:
    """Point 2 on `page`: a phone not made ready, offline at Home after a fresh start, the form's script cached
    (`scorer_form_cached` before going offline), the Nippon scorer never opened online."""
    page.get_by_role("link", name="Nippon scorer").click()
    missing = page.get_by_test_id("edition-missing")
    missing.wait_for()
    assert "make this phone ready for offline" in missing.inner_text()
    shot(page, "offline-scorer-3-not-ready")
