"""Small screens at the table (issue 33, items 5, 7, 9, 16, 17, 19).

1. The Score tab with no connection says so (never "Loading…" for ever) and fills in by itself when the
   server is back; the score so far says who "leads so far", never who "wins" (items 7, 5).
2. Another phone's move: said beside "Just recorded", nothing floats over the tabs; focus and scroll
   stay where they were (items 9, 19).
3. After an offline reload "Just recorded" still shows the last moves, and a move kept on the phone
   does not read "Based on version …" (item 17).  (2 and 3: one pair of phones, one walk.)
4. At 200 % text a score table wider than the screen says the others are to the right (item 16); on 1's
   sheet, in 1's walk.
"""
from __future__ import annotations

from tests.pwa.conftest import shot
from tests.pwa.one_phone import one_phone, phone  # noqa: F401 (fixtures: one phone for this file's tests)
from tests.pwa.test_sync import first_button, join

SERVICE_WORKERS = "block"  # the file's phone (1, and 2's phone A); 2's phone B asks for its own to reload offline


def test_score_tab_offline_says_so_and_fills_in_when_back(server, phone):
    """Point 1, then on the same sheet test_a_score_table_wider_than_the_screen_says_so (its own test and
    phone before; the suite's time): at 200 % text four players' columns do not fit 360 px (item 16)."""
    g = server.create_game(names=("Ann", "Bob", "Cy", "Di"), seed=4)
    view = g["game"]
    for _ in range(3):  # a few moves (over HTTP: tapping moves is not this test's point)
        view = server.act(g["game_id"], g["table_token"], view["legal_actions"][0], view["version"])
    page = phone
    join(page, server, g["join_code"])
    page.locator("header[data-version='4']").wait_for()
    page.route("**/api/**", lambda route: route.abort())
    page.get_by_role("link", name="Score").click()
    page.get_by_test_id("score-offline").wait_for()
    assert "Loading…" not in page.locator("main").inner_text()
    shot(page, "table-40-score-offline")

    page.unroute("**/api/**")
    sheet = page.get_by_test_id("winner")  # the sheet's headline: who leads so far
    sheet.wait_for(timeout=15_000)  # no reload, no tap: the next poll finds the server
    headline = sheet.locator("h2").inner_text()
    assert "so far" in headline and "wins" not in headline, headline
    main = page.locator("main").inner_text()
    assert "winner" not in main.lower() and "★" not in main
    shot(page, "table-41-score-so-far")

    # Item 16: at 200 % text four players' columns do not fit 360 px: the sheet says the others are to the right.
    page.get_by_test_id("scorepad").wait_for()
    assert page.get_by_test_id("scroll-cue").count() == 0  # at normal text they fit: no cue
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    page.evaluate("window.dispatchEvent(new Event('resize'))")
    cue = page.get_by_test_id("scroll-cue")
    cue.wait_for()
    cue.scroll_into_view_if_needed()
    shot(page, "table-44-score-wide-cue")
    page.evaluate("document.documentElement.style.fontSize = ''")
    page.evaluate("window.dispatchEvent(new Event('resize'))")
    assert page.errors == []


def test_another_phones_move_covers_nothing_moves_no_focus_and_is_kept_over_an_offline_reload(server, phone, new_phone):
    """Points 2 and 3 on one pair of phones (two tests before, each joining two phones to a game and making a
    move that the other phone sees; the suite's time); phone A is the file's phone (1's, a game of its own)."""
    g = server.create_game(seed=5)
    phone_a, phone_b = phone, new_phone(service_workers="allow")  # only phone_b reloads offline
    join(phone_a, server, g["join_code"])
    join(phone_b, server, g["join_code"])
    phone_b.wait_for_function("() => navigator.serviceWorker.controller !== null")  # for the offline reload below
    phone_b.mouse.wheel(0, 300)
    phone_b.wait_for_timeout(300)
    scrolled = phone_b.evaluate("window.scrollY")
    phone_b.evaluate("document.activeElement.blur()")  # the person has not put focus anywhere
    button, _ = first_button(phone_a)
    button.click()
    phone_b.get_by_test_id("other-phone").wait_for()
    phone_b.wait_for_timeout(500)
    assert phone_b.locator("[data-testid=notice]").count() == 0
    tabs = phone_b.get_by_role("navigation", name="Game screens").bounding_box()
    on_top = phone_b.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('nav') !== null",
                              [tabs["x"] + tabs["width"] / 2, tabs["y"] + tabs["height"] / 2]) if tabs["y"] >= 0 else True
    assert on_top
    assert phone_b.evaluate("window.scrollY") == scrolled
    assert phone_b.evaluate("document.activeElement.tagName") == "BODY"  # not the heading, not the prompt
    phone_b.evaluate("window.scrollTo(0, 0)")
    shot(phone_b, "table-42-other-phone-no-overlay")

    # After an offline reload "Just recorded" still shows the other phone's move; a kept move shows no version.
    recent = phone_b.locator("[data-testid=just-recorded] li")
    recent.first.wait_for()
    seen = recent.all_inner_texts()
    phone_b.context.set_offline(True)
    phone_b.reload()
    phone_b.locator("[data-testid=offline-banner]").wait_for()
    recent.first.wait_for()
    assert recent.all_inner_texts() == seen
    button, _ = first_button(phone_b)
    button.click()
    phone_b.locator("[data-testid=outbox], [data-testid=kept]").first.wait_for()
    assert "version" not in phone_b.locator("main").inner_text().lower()
    shot(phone_b, "table-43-offline-reload-just-recorded")
    phone_b.context.set_offline(False)
    assert phone_a.errors == [] and phone_b.errors == []

