"""Every screen at 200 % text (issue 34): the app follows the browser's own font size (no fixed root size) and
no route scrolls sideways on a 360 px phone.  The text size is set the way a person sets it: Chromium's default
font size (DevTools protocol ``Page.setFontSizes``, the setting behind chrome://settings/fonts), 16 → 32 px.
That no route scrolls sideways is checked in test_a11y.py's walk of every screen (the same game, tabs and
routes, at 200 % text on each screen after its axe check: one walk for both, the suite's time)."""
from __future__ import annotations

import re


from tests.pwa.conftest import shot
from tests.pwa.one_phone import one_phone, phone  # noqa: F401 (fixtures: one phone for this file's tests)

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

ROOT_SIZE = "() => parseFloat(getComputedStyle(document.documentElement).fontSize)"
WIDTHS = "() => [document.documentElement.scrollWidth, window.innerWidth]"
# How far right a table cell reaches (a column cut by the screen's edge)
CELLS_RIGHT = "() => Math.max(0, ...[...document.querySelectorAll('main th, main td')].map((c) => c.getBoundingClientRect().right))"
# Buttons, labels and headings whose text spills out of their box (the Asara tower grid's digits on top of each other)
SPILLS = """() => [...document.querySelectorAll('button, label, legend, h1, h2, h3, th, .chip-btn')]
  .filter((el) => el.checkVisibility() && el.getClientRects().length && getComputedStyle(el).overflowX === 'visible')
  .filter((el) => el.scrollWidth > el.clientWidth + 1)
  .map((el) => (el.getAttribute('aria-label') || el.textContent).trim().slice(0, 40))"""


# Whether the browser's default font size (the CSS keyword "medium") is now `px`.
MEDIUM_IS = """(px) => { const probe = document.createElement("span"); probe.style.fontSize = "medium";
  document.body.append(probe); const size = parseFloat(getComputedStyle(probe).fontSize); probe.remove();
  return size === px; }"""


def browser_font_size(page, px: int) -> None:
    """Set the browser's default font size (16 is its own; 32 is "200 % text") and wait until the page is laid out in it."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": px}})
    # The renderer takes the new size a moment later (a settings message): wait until the page is laid out in it,
    # or a tap right after lands where a button was before (a loaded machine missed a sector's button so).
    page.wait_for_function(MEDIUM_IS, arg=px)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def no_sideways_scroll(page, name: str, wide: list) -> None:
    page.wait_for_timeout(100)  # a lazy screen's last render
    width, inner = page.evaluate(WIDTHS)
    shot(page, "zoom-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-"))
    if width > inner:
        wide.append(f"{name}: {width} px in {inner} px")
    spills = page.evaluate(SPILLS)
    if spills:
        wide.append(f"{name}: text spills out of {spills[:4]}")


def test_the_browser_font_size_is_respected(server, phone):
    page = phone
    browser_font_size(page, 16)  # the browser's default, whatever a test before left on this phone
    page.goto(server.url + "/#/")
    page.get_by_text("Recent games").first.wait_for()
    normal = page.evaluate(ROOT_SIZE)
    browser_font_size(page, 32)
    page.reload()
    page.get_by_text("Recent games").first.wait_for()
    assert page.evaluate(ROOT_SIZE) >= 2 * normal - 1, "the root font size is fixed: the browser's setting does nothing"


def test_every_board_part_fits_at_200_percent_text(server, phone):
    """Issue 33, item 16: the Board's Tigers (with their funds and influence table), the global market and each
    player's board, at 200 % text in a 3-player game, never scroll sideways nor cut a column."""
    import random

    g = server.create_game(names=("Ann", "Bob", "Cy"), seed=7)
    gid, token, view = g["game_id"], g["table_token"], g["game"]
    rng = random.Random(3)
    for _ in range(12):  # owners, funds and influence on the board
        view = server.act(gid, token, rng.choice(view["legal_actions"]), view["version"])
    page = phone
    browser_font_size(page, 32)
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.locator("[data-testid=recorder]").wait_for()
    page.get_by_role("navigation", name="Game screens").get_by_role("link", name="Board", exact=True).click()
    page.locator("[data-testid^=tiger-]").first.wait_for()
    wide: list[str] = []
    parts = page.get_by_role("group", name="Show").get_by_role("button")
    names = parts.all_inner_texts()
    assert len(names) >= 4 + 1 + 3, names  # the Tigers, the global market, three players
    for i, name in enumerate(names):
        parts.nth(i).click()
        page.wait_for_function("(i) => document.querySelectorAll('.part-picker button')[i].getAttribute('aria-pressed') === 'true'", arg=i)
        no_sideways_scroll(page, f"board {name.strip()}", wide)
        right = page.evaluate(CELLS_RIGHT)  # no table column cut by the screen's edge (Influence is the last)
        if right > page.viewport_size["width"] + 1:
            wide.append(f"board {name.strip()}: a table column ends at {right:.0f} px")
    parts.first.click()
    table = page.locator("table.stacks").first
    table.scroll_into_view_if_needed()
    shot(page, "zoom-board-funds-influence-stacked")
    assert not wide, "at 200 % text: " + "; ".join(wide)
    before = table.locator("td[data-label=Influence]").first.evaluate("(td) => getComputedStyle(td, '::before').content")
    assert before == '"Influence: "' and not table.locator("thead").is_visible()  # each number named
    browser_font_size(page, 16)  # at normal text the table keeps its columns
    table.locator("thead").wait_for()
    table.scroll_into_view_if_needed()
    shot(page, "board-funds-influence-table")
