"""The home screen's first load (issue 18): it fetches only the modules it draws; every other screen
and the sync machinery load when a person taps their way there, and still open with no signal once
the app was loaded; a move queued offline is sent when the connection returns, from the boot's and
the "online" event's triggers (sync.js is no longer loaded by the first screen).  Chromium, 360×740."""
from __future__ import annotations

import json
import re
from urllib.parse import urlparse

from tests.pwa.conftest import shot
from tests.pwa.shell import PWA, home_module_graph

# Resolves true once every URL is in the service worker's cache (false after ~60 s).  Awaited by page.evaluate:
# wait_for_function would take the pending promise itself for a truthy answer and not wait at all.
ALL_CACHED = """async (urls) => { for (let tries = 0; tries < 300; tries++) {
    let missing = false; for (const u of urls) if (!(await caches.match(u))) { missing = true; break; }
    if (!missing) return true; await new Promise((resolve) => setTimeout(resolve, 200)); } return false; }"""


def scripts_fetched(requests: list[str]) -> set[str]:
    return {path for path in requests if path.endswith((".js", ".mjs"))}


def test_the_home_screen_fetches_its_own_modules_and_a_game_opens_on_tap(server, new_phone):
    g = server.create_game(names=("Ann", "Bob"), seed=4)
    page = new_phone(service_workers="block")  # every request reaches the page's own log
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(urlparse(request.url).path))
    page.goto(server.url + "/")
    page.get_by_role("heading", name="Not ready for offline play yet").wait_for()
    page.get_by_text("No games on this phone yet.").wait_for()
    page.wait_for_load_state("networkidle")
    assert scripts_fetched(fetched) == set(home_module_graph())
    assert not [p for p in fetched if p.startswith("/api/")]  # the home screen asks the server nothing
    assert not [p for p in fetched if p.startswith("/i18n/")]  # an English phone fetches no catalogue
    shot(page, "fl-01-home-first-load")

    # Join (a screen loaded on demand), then the game screen with the sync machinery: a tapped move lands.
    page.get_by_role("link", name="Join a game with its code").click()
    page.get_by_label(re.compile("^Join code")).fill(g["join_code"])
    shot(page, "fl-02-join-loaded-on-tap")
    page.get_by_role("button", name="Join").click()
    page.locator("[data-testid=recorder]").wait_for()
    assert {"/js/ui/join.js", "/js/ui/game.js", "/js/sync.js", "/js/labels.js"} <= scripts_fetched(fetched)
    button = page.locator("[data-testid=recorder] button[data-action]").first
    action = json.loads(button.get_attribute("data-action"))
    button.click()
    page.locator("header[data-version='2']").wait_for()
    assert [e["action"] for e in server.log(g["game_id"], g["table_token"])] == [action]
    shot(page, "fl-03-game-move-recorded")


def lazy_screens_open_offline_and_a_queued_move_syncs_on_reconnect(page, server, g: dict, title: str) -> None:
    """On `page`, with no signal after a fresh start (the app loaded online once: `g`'s game, linked as `title`,
    joined and the Nippon scorer opened, whose live form keeps the edition it was sent): the screens still load
    from the service worker's cache when tapped, and a move queued offline is sent by itself when the signal
    returns.  (test_after_one_visit_lazy_screens_open_offline_and_a_queued_move_syncs_on_reconnect before, on a
    phone of its own; now the end of test_precache.py's walk, on its phone: the suite's time.)"""
    page.get_by_role("link", name="Home").click()
    page.get_by_role("link", name="History of saved scorings").click()  # a screen never opened before
    page.get_by_text("No saved scorings yet.").wait_for()
    page.get_by_role("link", name="Home").click()
    page.get_by_role("link", name="Nippon scorer").click()
    page.get_by_role("heading", name="Nippon scorer").wait_for()
    page.get_by_role("link", name="Detailed").click()
    page.locator("#f_2fplayers_2f0_2fid").wait_for()  # the form drew its fields (formkit.js, also on demand)
    shot(page, "fl-04-offline-nippon-scorer")
    page.get_by_role("link", name="Home").click()
    page.get_by_role("link", name=title).click()
    page.locator("[data-testid=recorder]").wait_for()
    button = page.locator("[data-testid=recorder] button[data-action]").first
    action = json.loads(button.get_attribute("data-action"))
    button.click()
    page.locator("[data-testid=offline-banner]").wait_for()
    page.locator(".outbox-item", has_text="pending").wait_for()
    shot(page, "fl-05-offline-move-queued")

    # Reopened offline on the home screen, then the signal returns: the queued move is sent by itself.
    page.get_by_role("link", name="Home").click()
    page.reload()
    page.get_by_text("1 move waiting to sync").wait_for()
    page.context.set_offline(False)
    page.get_by_text("1 move waiting to sync").wait_for(state="detached")
    assert [e["action"] for e in server.log(g["game_id"], g["table_token"])] == [action]
    page.get_by_test_id("recent-games").scroll_into_view_if_needed()
    shot(page, "fl-06-back-online-synced")


def test_main_preloads_exactly_the_game_screens_modules():
    # A game opened directly fetches its modules side by side (index.html's GAME_MODULES); a stale list would
    # fetch one the screen no longer needs, or leave a new one to the one-level-at-a-time waterfall.
    listed = re.search(r"const GAME_MODULES = \[(.*?)\];", (PWA / "index.html").read_text(), re.S).group(1)
    preloaded = {f"/js/{name}.js" for name in re.findall(r'"([^"]+)"', listed)}
    needed = set(home_module_graph("/js/sync.js")) | set(home_module_graph("/js/ui/game.js"))
    assert preloaded == needed - set(home_module_graph())


def test_a_phone_in_another_language_fetches_its_catalogue_beside_the_modules(server, new_phone):
    # i18n.js waits for the catalogue (a top-level await) before any screen draws: index.html asks for it at
    # once, beside the modules, and i18n.js's own fetch takes that answer (one request, not a second trip).
    # (An English phone fetches none: test_the_home_screen_fetches_its_own_modules_and_a_game_opens_on_tap's first
    # load asserts it, one load of the app less here.)
    page = new_phone(service_workers="block")
    # German kept on the phone before its page loads (as a phone that chose it earlier): one load, not three.
    page.add_init_script("try { localStorage.setItem('tablekeeper.language', 'de'); } catch {}")
    page.goto(server.url + "/")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    page.wait_for_load_state("networkidle")
    fetched = page.evaluate("""() => performance.getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/i18n/')).map((e) => [new URL(e.name).pathname, e.initiatorType])""")
    assert fetched == [["/i18n/de.json", "link"]]
