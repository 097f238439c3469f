"""Opening another game's screen never draws the previous game under the new game's address.

The phone keeps one open game in its state; until sync.js has read the next one from IndexedDB, the
previous one used to stay there, so its recorder (and its "ready to go on with no signal" line) showed under
``#/g/<new id>`` for a frame or more — long enough for a tap, or for a test that waits for "the recorder", to
act on the wrong game (the phone-first test's hang: it went on with the previous game's screen and its fake
"nothing new" answers then kept the new game at "Loading…").
"""
from __future__ import annotations

from tests.pwa.conftest import shot

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

WATCH = """async () => { const st = await import('/js/store.js'); window.__seen = [];
  window.addEventListener('hashchange', () => { const at = location.hash;
    const look = (when) => { const g = st.getState().game; window.__seen.push({ when, at, game: g && g.game_id,
      buttons: document.querySelectorAll('[data-testid=recorder] button[data-action]').length }); };
    Promise.resolve().then(() => look('microtask')); setTimeout(() => look('task'), 0);
    requestAnimationFrame(() => look('frame')); }); }"""


def join(page, server, seed: int) -> dict:
    g = server.create_game(seed=seed)
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.wait_for_url(f"**/#/g/{g['game_id']}")
    page.locator("[data-testid=recorder] button[data-action]").first.wait_for()
    return g


def test_the_next_games_address_never_shows_the_previous_game(server, new_phone):
    page = new_phone(service_workers="block")
    first = join(page, server, seed=11)
    page.evaluate(WATCH)
    second = join(page, server, seed=12)  # by its code, while the first game is on screen
    page.goto(f"{server.url}/#/g/{first['game_id']}")  # and back to the first, known to this phone
    # The second game's screen has a header[data-version] too: wait for the last look at the first game's address
    # (a frame after its hashchange), then for the first game's own header.
    page.wait_for_function("(at) => window.__seen.some((s) => s.at === at && s.when === 'frame')",
                           arg=f"#/g/{first['game_id']}")
    page.locator(f'header[data-version]:has(nav.tabs a[href="#/g/{first["game_id"]}"])').wait_for()
    seen = page.evaluate("window.__seen")
    on_game = [s for s in seen if s["at"].startswith("#/g/")]
    assert {s["at"] for s in on_game} == {f"#/g/{second['game_id']}", f"#/g/{first['game_id']}"}, seen
    for look in on_game:  # the open game is the address's game, or none yet ("Loading…"): never the other
        assert look["game"] in (None, look["at"][len("#/g/"):]), look
        assert look["game"] is not None or look["buttons"] == 0, look
    shot(page, "game-switch-01-back-to-the-first")
