"""A phone's rules engine that never answers: the screen says so and offers "Try again" instead of waiting.

The test alone makes the engine hang: it serves its own /engine-worker.js (page.route), first a worker that never
answers at all, then the real one with its calls but the start held back, then the real one.  The page's clock is
Playwright's (page.clock): the test jumps over the engine's limits instead of waiting 30 s and 20 s.

1. Getting ready with no progress (a worker that never answers): after 30 s without a progress event the home
   card says the engine showed no progress and was stopped, with "Try again"; tapped, the real engine downloads
   and starts.
2. A call that never answers (the Nippon scorer form with no server and the engine started): after 20 s the form
   says the engine did not answer and was stopped, instead of "Loading…"; "Try again" starts a fresh engine and
   the form opens.
"""
from __future__ import annotations

from tests.pwa.conftest import shot

SERVICE_WORKERS = "block"  # the page's route must see the worker's script (a service worker would answer it)
ENGINE_WAIT = 120_000  # the first download and start of Pyodide on a loaded CI machine

SILENT = "self.onmessage = () => {};  // the test's engine: it never answers\n"
# Appended to the real worker: it starts (and keeps a snapshot) as before, but never answers a call.
HOLD_CALLS = """
const stallTestReal = self.onmessage;
self.onmessage = (event) => { if (["prepare", "snapshot"].includes(event.data.fn)) stallTestReal(event); };
"""
ENGINE = "async () => (await import('/js/store.js')).getState().engine"


def jump_until(page, locator, by: str) -> None:
    """Move the page's clock on by `by` until `locator` shows (the call may not be sent yet at the first jump)."""
    for _ in range(6):
        page.clock.fast_forward(by)
        try:
            locator.wait_for(timeout=2_000)
            return
        except Exception:  # noqa: BLE001 - not yet: the next jump
            continue
    locator.wait_for(timeout=1)


def test_an_engine_that_does_not_answer_is_stopped_and_the_next_try_starts_a_fresh_one(server, new_phone):
    page = new_phone()
    worker = {"mode": "silent", "served": []}

    def serve(route):
        worker["served"].append(worker["mode"])
        if worker["mode"] == "silent":
            route.fulfill(body=SILENT, content_type="text/javascript")
        elif worker["mode"] == "hold":
            real = route.fetch()
            route.fulfill(response=real, body=real.text() + HOLD_CALLS)
        else:
            route.continue_()

    page.route("**/engine-worker.js", serve)
    page.clock.install()
    page.goto(server.url + "/")

    # 1. No progress while getting ready.
    page.get_by_role("button", name="Make this phone ready for offline").click()
    page.get_by_role("heading", name="Getting ready for offline play…").wait_for()
    failed = page.get_by_test_id("engine-failed")
    jump_until(page, failed, "00:31")
    page.get_by_role("button", name="Try again").scroll_into_view_if_needed()
    assert "showed no progress for 30 s" in failed.inner_text() and "Try again" in failed.inner_text()
    assert page.evaluate(ENGINE)["status"] == "failed"
    shot(page, "engine-stall-1-no-progress")
    worker["mode"] = "hold"
    page.get_by_role("button", name="Try again").click()
    page.get_by_role("heading", name="Ready for offline play", exact=True).wait_for(timeout=ENGINE_WAIT)
    assert worker["served"][:2] == ["silent", "hold"]

    # 2. A call that never answers: the Nippon form with no server asks the engine for its map.
    page.route("**/api/scorers/nippon/edition", lambda route: route.abort())
    page.get_by_role("link", name="Nippon scorer").click()
    page.get_by_text("Loading…").wait_for()
    stalled = page.get_by_test_id("edition-engine-failed")
    jump_until(page, stalled, "00:21")
    assert "did not answer within 20 s" in stalled.inner_text()
    assert page.get_by_text("Loading…").count() == 0
    engine = page.evaluate(ENGINE)
    assert engine["status"] == "failed" and "did not answer within 20 s" in engine["error"], engine
    shot(page, "engine-stall-2-call-not-answered")

    worker["mode"] = "real"
    page.get_by_role("button", name="Try again").click()
    page.get_by_role("heading", name="Before scoring 1: what changed").wait_for(timeout=ENGINE_WAIT)
    page.get_by_role("group", name="Map of Nippon before scoring 1").wait_for()
    assert page.evaluate(ENGINE)["status"] == "ready"
    assert worker["served"][-1] == "real"  # a fresh worker answered, not the stuck one
    shot(page, "engine-stall-3-fresh-engine")
