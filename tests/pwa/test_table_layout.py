"""The layout checklist comes first (issue 33, item 3).

After "Create game", and when a phone opens a game at the start of Era II, the first thing on the screen
is the checklist of what to put on the table: the app's draws and what the box needs for the mode
(the board face and flags, each player's energy, science and funds, the Automa's board and reserve,
a campaign's lowered science).  "Laid out" puts it away on this phone, for good.  (The start of Era II is
checked on the phone that created a game and put its checklist away.)
"""
from __future__ import annotations

import random

import requests

from api.games.asian_tigers import apply, legal_actions, load_edition, new_game
from tests.pwa.conftest import shot
from tests.pwa.one_phone import one_phone, phone  # noqa: F401 (fixtures: one phone for this file's tests)
from tests.pwa.test_table_undo import start

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)


def first_on_screen(page) -> str:
    """The checklist's text, after checking that it is visible at the top, above the turn and its buttons."""
    first = page.get_by_test_id("layout-first")
    first.wait_for()
    box, turn = first.bounding_box(), page.get_by_test_id("turn").bounding_box()
    assert box["y"] < 300 and box["y"] < turn["y"], (box, turn)
    assert page.evaluate("window.scrollY") == 0
    return first.inner_text()


def test_after_create_the_layout_checklist_comes_first_and_is_put_away(server, phone):
    page = phone
    page.goto(server.url + "/#/new")
    page.get_by_role("button", name="3", exact=True).click()
    for i, name in enumerate(("Ann", "Bob", "Cy")):
        page.get_by_label("Name").nth(i).fill(name)
    for _ in range(3):
        page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Create game").click()
    text = first_on_screen(page)
    shot(page, "table-20-layout-first-after-create")
    assert "Board: the 3–4-player face up. Flags: put back in the box every 4-dot flag" in text
    for name in ("Ann", "Bob", "Cy"):
        assert f"{name}: energy 4, science 2; a funds disc on" in text
    assert "Turn order:" in text and "Put the prosperity token" in text
    page.get_by_role("button", name="The table is laid out: to the first turn").click()
    page.get_by_test_id("layout-first").wait_for(state="detached")
    page.reload()
    page.get_by_test_id("turn").wait_for()
    assert page.get_by_test_id("layout-first").count() == 0
    at_the_start_of_era_two_the_checklist_comes_first(server, page)
    assert page.errors == []


def test_solo_and_campaign_checklists_are_complete(server, phone):
    page = phone
    page.goto(server.url + "/#/")  # Home (on the file's phone: in the same page)
    page.get_by_role("link", name="Solo game (Automa)").click()
    page.get_by_label("Name").fill("Ann")
    page.get_by_role("button", name="Start the solo game").click()
    text = first_on_screen(page)
    shot(page, "table-21-layout-first-solo")
    assert "Board: the 2-player face up. Flags: put back in the box every 3-dot and 4-dot flag" in text
    assert "Ann: energy 4, science 2; a funds disc on 6 on each Tiger; global-market marker on 1" in text
    assert "generic pieces 1–18 on the numbered spaces" in text
    assert "Automa's reserve: its 4 satellites, its headquarters and 6 generic pieces" in text
    assert "Automa: energy" not in text  # the Automa has no energy, science or funds to lay out

    options = {"players": [{"name": "Ann", "color": "red"}],
               "solo": {"difficulty": 2, "variant": "campaign", "starting_science": 1}}
    g = requests.post(server.url + "/api/games", json={"options": options, "seed": 3}, timeout=10).json()
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    # The solo game's checklist is still on screen until the joined game renders: wait for the new one.
    page.wait_for_url(f"**/#/g/{g['game_id']}")
    page.get_by_test_id("layout-first").filter(has_text="Campaign: the goal tile").wait_for()
    text = first_on_screen(page)
    assert "Ann: energy 4, science 1 (1 instead of 2: the campaign's failed goals)" in text
    assert "Campaign: the goal tile" in text
    page.get_by_test_id("layout-first").scroll_into_view_if_needed()
    shot(page, "table-22-layout-first-campaign")
    assert page.errors == []


def era2_start(options: dict, seed: int) -> list[dict]:
    """Random legal actions until Era II's first placement is asked."""
    state, rng, actions = new_game(options, load_edition(), seed), random.Random(seed), []
    while not (state.era == 2 and state.phase == "turns"):
        actions.append(rng.choice(legal_actions(state)))
        state = apply(state, actions[-1]).state
    return actions


def at_the_start_of_era_two_the_checklist_comes_first(server, page):
    """test_at_the_start_of_era_two_the_checklist_comes_first before (a phone of its own; now the phone of the
    created game's checklist, next: the suite's time)."""
    options = {"players": [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "blue"}]}
    g = start(server, options, 6, era2_start(options, 6))
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.wait_for_url(f"**/#/g/{g['game_id']}")  # this game's screen, never the previous game's
    page.get_by_test_id("layout-first").filter(has_text="Era II: lay out the table").wait_for()
    text = first_on_screen(page)
    shot(page, "table-23-layout-first-era2")
    assert text.startswith("Era II: lay out the table")
    assert "centre" in text and "team area" in text
