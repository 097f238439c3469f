"""Accessibility on every screen (issue 12, item 13), at 360 px: axe has no serious or critical
violation in light and dark; at 200 % text nothing scrolls sideways, no text spills out of its box and
no two labels overlap; the game screen's prompt and "Just recorded" are live regions; after an answer
focus moves to the new prompt; the turn card starts in the top third of a 360×740 screen (item 14).

The 200 % text is set the way a person sets it (the browser's font size, test_zoom.browser_font_size:
16 → 32 px, the app's 17 px root → 34 px).  The same walk also goes through the screens test_zoom.py's
"no route scrolls sideways at 200 % text" (issue 34) walked on its own before (the same game, tabs and
routes, and more: the table layout, every scorer mode, an edition, a campaign): one walk, the suite's time."""
from __future__ import annotations

import random
import re

import requests

from tests.pwa.conftest import COLOUR_RULES, axe_check, bearer, shot
from tests.pwa.test_zoom import SPILLS, browser_font_size, no_sideways_scroll

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

OVERLAPS = """() => {
  const boxes = [...document.querySelectorAll('label, legend, h1, h2, h3, th, summary')]
    .filter((el) => el.offsetParent !== null && el.getClientRects().length && el.checkVisibility())
    .filter((el) => { const d = el.closest('details:not([open])'); return !d || el.closest('summary'); })
    .map((el) => [el, el.getBoundingClientRect()]).filter(([, r]) => r.width > 0 && r.height > 0);
  const bad = boxes.filter(([el]) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible')
    .map(([el]) => [el.textContent.trim().slice(0, 30), 'overflows its box']);
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, r] = boxes[i], [b, q] = boxes[j];
    if (a.contains(b) || b.contains(a)) continue;
    const x = Math.min(r.right, q.right) - Math.max(r.left, q.left), y = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
    if (x > 2 && y > 2) bad.push([a.textContent.trim().slice(0, 30), b.textContent.trim().slice(0, 30)]);
  }
  return bad;
}"""


def check_screen(page, name: str, spills: bool = False) -> None:
    """axe light and dark, then at 200 % text: no sideways scroll, no overlapping labels (and, with
    `spills`, no text spilling out of its box); back to normal text."""
    axe_check(page, name)
    page.emulate_media(color_scheme="dark")
    axe_check(page, f"{name}, dark", COLOUR_RULES)  # the same screen: only its colours changed
    page.emulate_media(color_scheme="light")
    browser_font_size(page, 32)
    page.wait_for_timeout(100)
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    slug = name.replace(" ", "-").replace(",", "")
    shot(page, f"40-a11y-200pct-{slug}")
    assert page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)") == 34  # 200 % of 17 px
    assert width[0] <= width[1], f"{name}: scrolls sideways at 200 % text ({width[0]} px in {width[1]} px)"
    overlaps = page.evaluate(OVERLAPS)
    assert overlaps == [], f"{name}: labels overlap at 200 % text: {overlaps[:8]}"
    if spills:
        spilled = page.evaluate(SPILLS)
        assert not spilled, f"{name}: at 200 % text, text spills out of {spilled[:4]}"
    browser_font_size(page, 16)


def at_200_percent(page, name: str, wide: list) -> None:
    """test_zoom's check of a screen at 200 % text (no sideways scroll, no text spilling), back to normal."""
    browser_font_size(page, 32)
    no_sideways_scroll(page, name, wide)
    browser_font_size(page, 16)


def test_every_screen(server, new_phone):
    g = server.create_game(seed=4)
    gid, token, view = g["game_id"], g["table_token"], g["game"]
    rng = random.Random(2)
    for _ in range(12):  # a few moves so the board, log and score have something on them
        view = server.act(gid, token, rng.choice(view["legal_actions"]), view["version"])
    page = new_phone()
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.locator("[data-testid=recorder]").wait_for()

    # the turn card in the top third; the live regions
    top = page.locator("[data-testid=turn]").bounding_box()["y"]
    assert top < 740 / 3, f"the turn card starts at {top} px"
    assert page.locator("[data-testid=prompt]").get_attribute("aria-live") == "polite"
    assert page.locator("[data-testid=just-recorded] [aria-live=polite]").count() == 1
    assert "version" not in page.locator("header").inner_text()
    check_screen(page, "game", spills=True)

    # an answer: focus goes to the new prompt
    button = page.locator("[data-testid=recorder] button[data-action]").first
    button.focus()
    button.press("Enter")
    page.wait_for_function("() => document.activeElement && document.activeElement.dataset.testid === 'prompt'")

    # (no "network idle" to wait for: an open game follows its event stream)
    for tab, name, ready in (("Board", "board", "[data-testid^=tiger-]"), ("Log", "log", "[data-testid=log]"),
                             ("Manage", "management", "main >> text=/has not started yet|Step \\d+ of/"),
                             ("Score", "score so far", "[data-testid=provisional]"), ("Share", "share", "[data-testid=join-code]")):
        page.get_by_role("navigation", name="Game screens").get_by_role("link", name=tab, exact=True).click()
        page.locator(ready).first.wait_for()
        if tab == "Score":  # before the end: the live provisional score, the server's numbers
            page.locator("[data-testid=provisional]").wait_for()
            page.locator("[data-testid=scorepad] tbody tr td").first.wait_for()
            live = requests.get(f"{server.url}/api/games/{gid}/score", headers=bearer(token), timeout=10).json()["score"]
            totals = page.locator("[data-testid=scorepad] tbody tr").last.locator("td").all_inner_texts()
            ranked = [s["participant"] for s in live["standings"] if s["participant"] in live["participants"]]
            assert [t.replace("*", "") for t in totals] == [str(live["participants"][p]["total"]) for p in ranked]
        check_screen(page, name, spills=True)
    page.goto(f"{server.url}/#/g/{gid}/layout")
    # (not `main`: the Share screen's was still there)
    page.get_by_role("heading", level=1, name="Lay out the table", exact=True).wait_for()
    wide: list[str] = []
    at_200_percent(page, "layout", wide)

    # Each `ready` text only on its own screen (Home has a "Settings" link: not that word for Settings).
    for hash_, ready in (("#/", "Recent games"), ("#/settings", "Developer mode"), ("#/new", "Step 1 of 4"),
                         ("#/solo", "Difficulty"), ("#/campaigns", "New campaign"), ("#/join", "Join a game"),
                         ("#/history", "History"), ("#/scorer", "Load example (EX-1)"),
                         ("#/scorer/nippon", "Nippon"), ("#/scorer/asara", "Asara")):
        page.goto(server.url + "/" + hash_)
        page.get_by_text(ready).first.wait_for()
        check_screen(page, hash_.strip("#/").replace("/", " ") or "home", spills=True)

    # test_zoom's other routes and states (issue 34), at 200 % text
    for hash_, ready in (("#/scorer/nippon?m=end_only", "Nippon scorer"), ("#/scorer/nippon?m=detailed", "Nippon scorer"),
                         ("#/scorer/asara?m=end_only", "Asara scorer"), ("#/scorer/asara?m=detailed", "Asara scorer"),
                         ("#/editions", "Editions")):
        page.goto(server.url + "/" + hash_)
        page.get_by_role("heading", name=ready).or_(page.get_by_text(ready)).first.wait_for()
        if "?m=" in hash_:  # the mode before had the same heading: wait for this mode's own screen
            page.locator(f'nav.modes a[aria-current=page][href="{hash_}"]').wait_for()
        page.wait_for_timeout(300)  # the scorer forms fetch their edition
        at_200_percent(page, hash_, wide)
        if hash_ == "#/scorer/asara?m=end_only":
            page.get_by_role("button", name=re.compile("^Add a red tower of 5 for")).first.click()
            at_200_percent(page, "Asara end only with a tower", wide)
    page.goto(server.url + "/#/scorer")
    page.get_by_role("button", name="Load example (EX-1)").click()  # every field of the Asian Tigers scorer
    at_200_percent(page, "AT scorer with the example", wide)
    # an edition being checked, one of its components; a campaign
    page.goto(server.url + "/#/editions")
    page.get_by_label("Name of your edition").fill("Zoom box")
    page.get_by_role("button", name="Start checking the numbers").click()
    page.get_by_role("heading", name="Zoom box").wait_for()
    at_200_percent(page, "edition", wide)
    page.get_by_role("link", name=re.compile("^Prosperity tokens")).click()
    page.get_by_role("heading", level=1, name="Prosperity tokens").wait_for()
    at_200_percent(page, "edition component", wide)
    page.goto(server.url + "/#/campaigns")
    page.get_by_label("Name").fill("Ann")
    page.get_by_role("button", name="Create the campaign").click()
    page.wait_for_url(re.compile(r"#/c/"))
    page.get_by_test_id("campaign-summary").wait_for()
    at_200_percent(page, "campaign", wide)
    assert not wide, "at 200 % text: " + "; ".join(wide)
    assert page.errors == []
