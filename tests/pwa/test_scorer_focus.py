"""Focus and announcements after every action (issue 34): Undo, Nippon's "Score scoring N", an owner tapped on the
Asian Tigers scorer's board; scorer results read out through a live region; Nippon end only's headings in order.
Chromium at 360×740, taps; the focus is read from document.activeElement."""
from __future__ import annotations

import json

from tests.pwa.conftest import axe_check, shot


def active(page) -> dict:
    return page.evaluate("""() => { const el = document.activeElement;
      return {tag: el.tagName, id: el.id, testid: el.dataset.testid || null, space: el.dataset.space || null,
              text: el.textContent.trim().slice(0, 80)}; }""")


def wait_focus(page, predicate: str) -> None:
    page.wait_for_function(f"() => {{ const el = document.activeElement; return !!el && ({predicate}); }}")


def test_nippon_live_score_moves_focus_to_the_next_question_and_reads_the_scoring(server, new_phone):
    page = new_phone()
    page.goto(server.url + "/#/scorer/nippon?m=live")
    page.locator("[data-testid=nipmap]").wait_for()
    page.get_by_role("button", name="2 players", exact=True).click()
    page.locator('[data-slot="R2.C1/0"]').click()
    page.get_by_role("button", name="Red's tile", exact=True).click()
    page.get_by_role("button", name="Value 5", exact=True).click()
    page.get_by_role("button", name="Score scoring 1", exact=True).click()
    wait_focus(page, "el.id === 'step-h'")
    assert "Before scoring 2" in active(page)["text"]
    said = page.get_by_test_id("scorer-announce")
    assert said.get_attribute("role") == "status"
    assert said.inner_text().startswith("Scoring 1: Yellow ") and "Red " in said.inner_text()
    for n in (2, 3):
        page.get_by_role("button", name=f"Score scoring {n}", exact=True).click()
        page.locator("[data-testid=running] tbody tr").nth(n - 1).wait_for()
    wait_focus(page, "el.id === 'end-h'")  # after the last scoring: the end of the game is the next question
    page.get_by_role("button", name="Red took the last turn").click()
    page.get_by_role("button", name="Final score", exact=True).click()
    page.locator("[data-testid=scorepad]").wait_for()
    page.wait_for_function("() => document.querySelector('[data-testid=scorer-announce]').textContent.includes('wins')")
    shot(page, "focus-01-nippon-live-result")


def test_asian_tigers_board_taps_keep_the_focus_on_the_board(server, new_phone):
    page = new_phone()
    page.goto(server.url + "/#/scorer/asian-tigers")
    page.locator("[data-testid=board-SK]").wait_for()
    space = page.locator('[data-space="SK.U1"]')
    space.click()
    wait_focus(page, "el.closest('.picker') !== null")  # into the owner picker
    page.locator(".atboard .picker button").first.click()  # an owner
    wait_focus(page, "el.dataset.space === 'SK.U1'")  # back on the space just set, not the page body
    hq = page.locator('[data-space="SK.HQ"]')
    hq.click()
    page.locator(".atboard .picker button").first.click()
    wait_focus(page, "el.dataset.space === 'SK.HQ'")
    shot(page, "focus-02-at-board")


def test_nippon_end_only_headings_are_in_order(server, new_phone):
    page = new_phone()
    page.goto(server.url + "/#/scorer/nippon?m=end_only")
    page.get_by_role("group", name="Seat 1: Yellow").wait_for()
    axe_check(page, "Nippon end only")  # loads axe too
    result = page.evaluate("axe.run(document, {runOnly: ['heading-order']})")
    assert result["violations"] == [], json.dumps(result["violations"])[:500]


def test_undo_moves_focus_to_the_question_it_brings_back(server, new_phone):
    g = server.create_game(seed=4)
    gid, token, view = g["game_id"], g["table_token"], g["game"]
    view = server.act(gid, token, view["legal_actions"][0], view["version"])
    page = new_phone()
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.locator("[data-testid=recorder]").wait_for()
    page.get_by_role("button", name="Undo last move").click()
    wait_focus(page, "el.closest('[aria-label=\"Confirm undo\"]') !== null")
    page.get_by_role("button", name="Keep it").click()
    wait_focus(page, "el.textContent.trim() === 'Undo last move'")
    page.get_by_role("button", name="Undo last move").click()
    page.get_by_role("button", name="Yes, undo").click()
    wait_focus(page, "el.dataset.testid === 'prompt'")
    shot(page, "focus-03-undo")
