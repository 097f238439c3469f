"""Every screen at 200 % text (issue 34): the app follows the browser's own font size (no fixed root size) and
no route scrolls sideways on a 360 px phone.  The text size is set the way a person sets it: Chromium's default
font size (DevTools protocol ``Page.setFontSizes``, the setting behind chrome://settings/fonts), 16 → 32 px."""
from __future__ import annotations

import re

from tests.pwa.conftest import shot

ROOT_SIZE = "() => parseFloat(getComputedStyle(document.documentElement).fontSize)"
WIDTHS = "() => [document.documentElement.scrollWidth, window.innerWidth]"
# How far right a table cell reaches (a column cut by the screen's edge)
CELLS_RIGHT = "() => Math.max(0, ...[...document.querySelectorAll('main th, main td')].map((c) => c.getBoundingClientRect().right))"
# Buttons, labels and headings whose text spills out of their box (the Asara tower grid's digits on top of each other)
SPILLS = """() => [...document.querySelectorAll('button, label, legend, h1, h2, h3, th, .chip-btn')]
  .filter((el) => el.checkVisibility() && el.getClientRects().length && getComputedStyle(el).overflowX === 'visible')
  .filter((el) => el.scrollWidth > el.clientWidth + 1)
  .map((el) => (el.getAttribute('aria-label') || el.textContent).trim().slice(0, 40))"""


def browser_font_size(page, px: int) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": px}})


def no_sideways_scroll(page, name: str, wide: list) -> None:
    page.wait_for_timeout(100)  # a lazy screen's last render
    width, inner = page.evaluate(WIDTHS)
    shot(page, "zoom-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-"))
    if width > inner:
        wide.append(f"{name}: {width} px in {inner} px")
    spills = page.evaluate(SPILLS)
    if spills:
        wide.append(f"{name}: text spills out of {spills[:4]}")


def test_the_browser_font_size_is_respected(server, new_phone):
    page = new_phone()
    page.goto(server.url + "/#/")
    page.get_by_text("Recent games").first.wait_for()
    normal = page.evaluate(ROOT_SIZE)
    browser_font_size(page, 32)
    page.reload()
    page.get_by_text("Recent games").first.wait_for()
    assert page.evaluate(ROOT_SIZE) >= 2 * normal - 1, "the root font size is fixed: the browser's setting does nothing"


def test_no_route_scrolls_sideways_at_200_percent_text(server, new_phone):
    import random

    g = server.create_game(seed=4)
    gid, token, view = g["game_id"], g["table_token"], g["game"]
    rng = random.Random(2)
    for _ in range(12):  # a few moves so the board, log and score have something on them
        view = server.act(gid, token, rng.choice(view["legal_actions"]), view["version"])
    page = new_phone()
    browser_font_size(page, 32)
    wide: list[str] = []
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.locator("[data-testid=recorder]").wait_for()
    no_sideways_scroll(page, "game", wide)
    for tab, ready in (("Board", "[data-testid^=tiger-]"), ("Log", "[data-testid=log]"), ("Manage", "main h1"),
                       ("Score", "[data-testid=scorepad]"), ("Share", "[data-testid=join-code]")):
        page.get_by_role("navigation", name="Game screens").get_by_role("link", name=tab, exact=True).click()
        page.locator(ready).first.wait_for()
        no_sideways_scroll(page, tab, wide)
    page.goto(f"{server.url}/#/g/{g['game_id']}/layout")
    page.locator("main").first.wait_for()
    no_sideways_scroll(page, "layout", wide)

    routes = [("#/", "Recent games"), ("#/settings", "Settings"), ("#/new", "Step 1 of 4"), ("#/solo", "Difficulty"),
              ("#/campaigns", "New campaign"), ("#/join", "Join a game"), ("#/history", "History"),
              ("#/scorer", "Asian Tigers scorer"), ("#/scorer/nippon?m=live", "Nippon scorer"),
              ("#/scorer/nippon?m=end_only", "Nippon scorer"), ("#/scorer/nippon?m=detailed", "Nippon scorer"),
              ("#/scorer/asara?m=end_only", "Asara scorer"), ("#/scorer/asara?m=detailed", "Asara scorer"),
              ("#/editions", "Editions")]
    for hash_, ready in routes:
        page.goto(server.url + "/" + hash_)
        page.get_by_role("heading", name=ready).or_(page.get_by_text(ready)).first.wait_for()
        page.wait_for_timeout(300)  # the scorer forms fetch their edition
        no_sideways_scroll(page, hash_, wide)
        if hash_ == "#/scorer":  # the example loaded: every field of the Asian Tigers scorer
            page.get_by_role("button", name="Load example (EX-1)").click()
            no_sideways_scroll(page, "AT scorer with the example", wide)
        if hash_ == "#/scorer/asara?m=end_only":
            page.get_by_role("button", name=re.compile("^Add a red tower of 5 for")).first.click()
            no_sideways_scroll(page, "Asara end only with a tower", wide)

    # an edition being checked, one of its components; a campaign
    page.goto(server.url + "/#/editions")
    page.get_by_label("Name of your edition").fill("Zoom box")
    page.get_by_role("button", name="Start checking the numbers").click()
    page.get_by_role("heading", name="Zoom box").wait_for()
    no_sideways_scroll(page, "edition", wide)
    page.get_by_role("link", name=re.compile("^Prosperity tokens")).click()
    page.get_by_role("heading", level=1, name="Prosperity tokens").wait_for()
    no_sideways_scroll(page, "edition component", wide)
    page.goto(server.url + "/#/campaigns")
    page.get_by_label("Name").fill("Ann")
    page.get_by_role("button", name="Create the campaign").click()
    page.wait_for_url(re.compile(r"#/c/"))
    page.get_by_test_id("campaign-summary").wait_for()
    no_sideways_scroll(page, "campaign", wide)
    assert not wide, "at 200 % text: " + "; ".join(wide)


def test_every_board_part_fits_at_200_percent_text(server, new_phone):
    """Issue 33, item 16: the Board's Tigers (with their funds and influence table), the global market and each
    player's board, at 200 % text in a 3-player game, never scroll sideways nor cut a column."""
    import random

    g = server.create_game(names=("Ann", "Bob", "Cy"), seed=7)
    gid, token, view = g["game_id"], g["table_token"], g["game"]
    rng = random.Random(3)
    for _ in range(12):  # owners, funds and influence on the board
        view = server.act(gid, token, rng.choice(view["legal_actions"]), view["version"])
    page = new_phone()
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
