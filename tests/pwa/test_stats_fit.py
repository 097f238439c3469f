"""The Stats screen fits a 360 px phone (issue 33 follow-up): no column of the per-game or per-player table is
cut or hidden behind a sideways scroll, at the browser's normal text size and at 200 % text; every number
keeps its name (Plays, Wins, Win rate, Best, Average, Last played)."""
from __future__ import annotations

from tests.pwa.conftest import axe_check, shot
from tests.pwa.test_zoom import browser_font_size

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

# Per table: how far its widest cell reaches past the table's box, and whether its box scrolls sideways.
OVERFLOW = """(id) => { const t = document.querySelector(`[data-testid=${id}]`); const box = t.parentElement;
  const edge = box.getBoundingClientRect().right;
  const right = Math.max(...[...t.querySelectorAll('th, td')].map((c) => c.getBoundingClientRect().right));
  return [Math.round(right - edge), box.scrollWidth - box.clientWidth]; }"""


def test_stats_tables_fit_a_phone(server, new_phone):
    page = new_phone()
    # A play saved by taps: the Asian Tigers scorer's example, four players.
    page.goto(server.url + "/")
    page.get_by_role("link", name="Asian Tigers end-game scorer").click()
    page.get_by_role("button", name="Load example (EX-1)").click()
    page.get_by_role("button", name="Score", exact=True).click()
    page.get_by_role("button", name="Save to history").click()
    page.get_by_role("status").filter(has_text="Saved").wait_for()
    page.goto(server.url + "/#/stats")
    players = page.get_by_test_id("stats-players")
    players.locator("tr[data-player]").first.wait_for()
    # The same screen laid out at normal text, then again at 200 % text (one play saved for both sizes).
    for font in (16, 32):
        browser_font_size(page, font)
        page.wait_for_timeout(150)  # the new layout
        for table in ("stats-games", "stats-players"):
            past, scrolls = page.evaluate(OVERFLOW, table)
            assert past <= 1 and scrolls <= 1, f"{table} at {font} px text: {past} px cut, {scrolls} px to scroll"
        row = players.locator("tr[data-player]").first
        labels = row.locator("td").evaluate_all("(cells) => cells.map((c) => c.dataset.label)")
        assert labels == ["Plays", "Wins", "Win rate", "Best", "Average", "Last played"]
        for cell in row.locator("td").all():  # each number says its name where the table's head is not shown
            assert cell.is_visible()
        players.scroll_into_view_if_needed()
        axe_check(page, f"stats at {font} px text")
        shot(page, f"stats-players-{font}px")
    assert page.errors == []
