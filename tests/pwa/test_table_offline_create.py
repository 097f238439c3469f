"""A game created with no signal, on the phone that created it (issue 33, item 1).

The server is stopped (the phone's network is up: no "online" event will come), the phone creates a
3-player game and records a move with its own engine, then goes Home.  The server comes back: with
no tap the game is sent (Home stops saying "on this phone only").  Opened again, the creator's phone
plays it as any other phone does: the player and the prompt are named, the options are buttons, a tap
reaches the server.

The walk runs in test_offline.py's one test, last, on the phone that test made ready for offline play (a
phone ready less for the suite's time); this file keeps it.
"""
from __future__ import annotations

import re

from tests.pwa.conftest import app_version, shot
from tests.pwa.test_offline import ENGINE_WAIT, wait_version_change


def create_three_player_game(page) -> None:
    page.get_by_role("link", name="New game").click()
    page.get_by_role("button", name="3", exact=True).click()
    for i, name in enumerate(("Ann", "Bob", "Cy")):
        page.get_by_label("Name").nth(i).fill(name)
    for _ in range(3):
        page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Create game").click()


def a_game_created_with_no_server_is_sent_from_home_and_plays_on_its_creator(page, own_server) -> None:
    """The walk above on `page`, a phone ready for offline play, with `own_server` (a server it may stop)."""
    page.goto(own_server.url + "/#/")  # Home in the same page: its engine keeps running (a reload starts it again)
    page.get_by_role("link", name="New game").wait_for()
    own_server.stop()

    create_three_player_game(page)
    page.wait_for_url(re.compile(r"#/g/local-[^/]+(/layout)?$"), timeout=ENGINE_WAIT)
    page.goto(page.url.split("#")[0] + "#/g/" + page.url.split("#/g/")[1].split("/")[0])
    recorder = page.locator("[data-testid=recorder]")
    recorder.wait_for(timeout=ENGINE_WAIT)
    before = app_version(page)
    recorder.locator("button[data-action]").first.click()
    wait_version_change(page, before)
    page.get_by_test_id("kept").filter(has_text="1 move kept on this phone").wait_for()

    page.get_by_role("link", name="Home").click()
    games = page.get_by_test_id("recent-games")
    assert "on this phone only" in games.inner_text()
    own_server.start()
    # No tap: the phone notices the server is back and sends the game (the old app never did on Home).
    page.wait_for_function("""() => { const g = document.querySelector('[data-testid=recent-games]');
        return g && !g.innerText.includes('on this phone only'); }""", timeout=30_000)
    shot(page, "table-01-offline-game-sent-from-home")

    games.get_by_role("link").first.click()
    page.wait_for_url(re.compile(r"#/g/(?!local-)[^/]+$"))
    game_id = page.url.rsplit("/", 1)[1]
    turn = page.get_by_test_id("turn")
    recorder.locator("button[data-action], button[data-pick]").first.wait_for()
    who = turn.locator("h2").inner_text().strip()
    assert who in ("Ann", "Bob", "Cy"), who
    assert page.get_by_test_id("prompt").inner_text().strip() not in ("", "—")
    shot(page, "table-02-offline-game-on-its-creator")

    # A move from the creator's phone reaches the server, as from any phone.
    token = page.evaluate("""(id) => new Promise((resolve) => { const r = indexedDB.open('tablekeeper');
        r.onsuccess = () => { const g = r.result.transaction('games').objectStore('games').get(id);
          g.onsuccess = () => resolve(g.result.token); }; })""", game_id)
    assert len(own_server.log(game_id, token)) == 1
    before = app_version(page)
    choice = recorder.locator("button[data-action], button[data-pick]").first
    if choice.get_attribute("data-pick"):
        choice.click()
    recorder.locator("button[data-action]").first.click()
    wait_version_change(page, before)
    # A ready phone answers the tap itself at once ("Sending: …", issue 35); the server's answer ends it.
    page.wait_for_function("() => !document.querySelector('[data-testid=kept], [data-testid=outbox], "
                           "[data-testid=sending]')")
    # (That wait can end before "Sending" is drawn: the server's log is read until the move is there.)
    for _ in range(100):
        if len(own_server.log(game_id, token)) > 1:
            break
        page.wait_for_timeout(100)
    assert len(own_server.log(game_id, token)) == 2
    assert page.errors == []
