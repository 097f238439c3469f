"""A phone's rules engine that never answers: the screen says so and offers "Try again" instead of waiting.

The test alone makes the engine hang: it serves its own /engine-worker.js (page.route), first a worker that never
answers at all, then the real one that starts (and keeps its snapshot) as before but never answers one kind of call,
last the real one.  The page's clock is Playwright's (page.clock): the test jumps over the engine's limits instead of
waiting 30 s and 20 s.

1. Getting ready with no progress (a worker that never answers): after 30 s without a progress event the home
   card says the engine showed no progress and was stopped, with "Try again"; tapped, on a slow connection
   (progress every 250 ms), 100 s pass with no failure, then the engine downloads and starts.
2. A call that never answers (the Nippon scorer form with no server asks the engine for its map): after 20 s the
   form says the engine did not answer and was stopped, instead of "Loading…"; "Try again" starts a fresh engine
   and the form opens.
3. A move tapped while the engine is stuck (a solo game of this phone only, started when no server answered): the
   move is kept on the phone, the game screen says the engine stopped, and "Try again" shows the move played by a
   fresh engine (which opens the game's table again).
"""
from __future__ import annotations

from playwright.sync_api import expect

from tests.pwa.conftest import app_version, shot

SERVICE_WORKERS = "block"  # the page's route must see the worker's script (a service worker would answer it)
ENGINE_WAIT = 120_000  # the first download and start of Pyodide on a loaded CI machine

SILENT = "self.onmessage = () => {};  // the test's engine: it never answers\n"


def holding(fn: str, slow_start: bool = False) -> str:
    """Appended to the real worker: it answers as before, but never a call of `fn`.  With `slow_start`, its start
    reports a little progress every 250 ms and begins only when the test calls the worker's `stallTestGo()`."""
    return f"""
const stallTestReal = self.onmessage;
let stallTestGo = null;
const stallTestStarted = new Promise((resolve) => {{ self.stallTestGo = resolve; }});
self.onmessage = async (event) => {{
  if (event.data.fn === {fn!r}) return;
  if (event.data.fn === "prepare" && {"true" if slow_start else "false"}) {{
    let loaded = 0;
    const drip = setInterval(() => self.postMessage({{ type: "progress", loaded: loaded += 1000, total: 10000000 }}), 250);
    await stallTestStarted;
    clearInterval(drip);
  }}
  stallTestReal(event);
}};
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
    # hold: "all" (never answers), a call's name, or None (the real worker); slow: its start drips progress
    worker = {"hold": None, "slow": False, "served": []}

    def serve(route):
        worker["served"].append(worker["hold"])
        if worker["hold"] == "all":
            route.fulfill(body=SILENT, content_type="text/javascript")
        elif worker["hold"]:
            real = route.fetch()
            route.fulfill(response=real, body=real.text() + holding(worker["hold"], worker["slow"]))
        else:
            route.continue_()

    page.route("**/engine-worker.js", serve)
    page.clock.install()
    page.goto(server.url + "/")

    # 1. No progress while getting ready.
    worker["hold"] = "all"
    page.get_by_role("button", name="Make this phone ready for offline").click()
    page.get_by_role("heading", name="Getting ready for offline play…").wait_for()
    failed = page.get_by_test_id("engine-failed")
    jump_until(page, failed, "00:31")
    assert "showed no progress for 30 s" in failed.inner_text()
    assert page.evaluate(ENGINE)["status"] == "failed"
    page.get_by_role("button", name="Try again").scroll_into_view_if_needed()
    shot(page, "engine-stall-1-no-progress")
    # Tried again on a slow connection: progress keeps coming, so no limit passes however long it takes.
    worker.update(hold="scorer_edition_json", slow=True)
    page.get_by_role("button", name="Try again").click()
    page.get_by_role("progressbar", name="Download of the rules engine").wait_for()
    for _ in range(4):  # 100 s in all, never 30 s without progress
        loaded = page.evaluate(ENGINE)["loaded"]
        for _ in range(100):  # a progress event since the last jump
            if page.evaluate(ENGINE)["loaded"] > loaded:
                break
            page.wait_for_timeout(100)
        page.clock.fast_forward("00:25")
    page.wait_for_timeout(500)
    assert page.evaluate(ENGINE)["status"] == "loading" and failed.count() == 0
    worker["slow"] = False
    [engine_worker] = [w for w in page.workers if w.url.endswith("/engine-worker.js")]
    engine_worker.evaluate("self.stallTestGo()")
    page.get_by_role("heading", name="Ready for offline play", exact=True).wait_for(timeout=ENGINE_WAIT)

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
    worker["hold"] = "apply_json"
    page.get_by_role("button", name="Try again").click()
    page.get_by_role("heading", name="Before scoring 1: what changed").wait_for(timeout=ENGINE_WAIT)
    page.get_by_role("group", name="Map of Nippon before scoring 1").wait_for()
    assert page.evaluate(ENGINE)["status"] == "ready"
    shot(page, "engine-stall-3-fresh-engine")

    # 3. A move tapped while the engine is stuck: kept, and played by the next engine.
    page.route("**/api/**", lambda route: route.abort())  # no server answers: the phone starts the game and keeps it
    page.get_by_role("link", name="Home").click()
    page.get_by_role("link", name="Solo game (Automa)").click()
    page.get_by_label("Name").fill("Ann")
    page.get_by_role("button", name="Start the solo game").click()
    page.locator("[data-testid=recorder]").wait_for(timeout=ENGINE_WAIT)
    assert page.url.rsplit("/", 1)[1].startswith("local-")
    before = app_version(page)
    page.locator("[data-testid=recorder] button[data-action]").first.click()
    page.get_by_test_id("kept").filter(has_text="1 move kept on this phone").wait_for()
    failed = page.get_by_test_id("engine-failed")
    jump_until(page, failed, "00:21")
    assert "did not answer within 20 s" in failed.inner_text()
    assert page.get_by_role("heading", name="This phone's rules engine stopped").is_visible()
    assert app_version(page) == before  # the move is not shown as played: no engine answered it
    page.get_by_role("button", name="Try again").scroll_into_view_if_needed()
    shot(page, "engine-stall-4-move-kept")
    worker["hold"] = None
    page.get_by_role("button", name="Try again").click()
    page.get_by_test_id("game-offline-ready").wait_for(timeout=ENGINE_WAIT)
    page.get_by_test_id("kept").filter(has_text="1 move kept on this phone").wait_for()
    # The fresh engine opened the table again and played the kept move.
    expect(page.locator("header").first).to_have_attribute("data-version", str(before + 1))
    assert worker["served"][-1] is None  # a fresh worker, the real one, answered
    shot(page, "engine-stall-5-move-played")
