"""The home screen's "Ready for offline play" after an offline reload on a slow phone.

The app re-renders on store changes through one subscription made in an effect, and Preact
runs effects a frame after the render.  On a reload the boot's IndexedDB reads (the saved
readiness among them) can finish within that frame; a slow phone, or a loaded CI machine,
makes the frame late.  Offline nothing else changes the store afterwards, so a missed change
left a prepared phone saying "Not ready for offline play yet" (test_offline's solo game failed
about one run in 15 that way).  Here frames come 150 ms late, as on a busy phone.
"""
from __future__ import annotations

from tests.pwa.conftest import shot

# Animation frames, and Preact's 35 ms fallback timer for effects, fire 150 ms late.
LATE_FRAMES = """(() => { const raf = window.requestAnimationFrame.bind(window), later = window.setTimeout.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => later(() => cb(t), 150));
  window.setTimeout = (cb, ms, ...args) => later(cb, ms === 35 ? 150 : ms, ...args); })()"""


def test_a_prepared_phone_still_says_ready_when_reloaded_offline_with_late_frames(server, new_phone):
    page = new_phone()
    page.goto(server.url + "/")
    page.get_by_role("heading", name="Not ready for offline play yet").wait_for()
    page.evaluate("""() => navigator.serviceWorker.controller || new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve))""")  # the shell is cached
    # What a finished download leaves behind (test_offline downloads the real engine): the saved readiness.
    page.evaluate("""async () => (await import('/js/db.js')).put('kv', {version: 'e'.repeat(64),
        at: new Date().toISOString()}, 'engine:ready')""")
    page.add_init_script(LATE_FRAMES)
    page.context.set_offline(True)
    page.reload()
    page.get_by_role("heading", name="Ready for offline play", exact=True).wait_for(timeout=10_000)
    assert "Engine eeeeeeeeeeee" in page.get_by_test_id("offline-ready").inner_text()
    shot(page, "64-offline-ready-after-slow-reload")
    assert page.errors == []
