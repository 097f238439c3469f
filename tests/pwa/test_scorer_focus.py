"""Focus and announcements after every action (issue 34): Undo, Nippon's "Score scoring N", an owner tapped on the
Asian Tigers scorer's board; scorer results read out through a live region.  (Nippon end only's headings in order,
test_nippon_end_only_headings_are_in_order, is checked by test_scorer_modes.py on the same blank form it runs axe on;
Nippon live's "Score scoring N" focus and read-out, test_nippon_live_score_moves_focus_to_the_next_question_and_reads_
the_scoring, by its test_nippon_live_refuses_a_tile_the_player_no_longer_has on the same fresh live form.)
Chromium at 360×740, taps; the focus is read from document.activeElement."""
from __future__ import annotations


from tests.pwa.conftest import shot
from tests.pwa.one_phone import one_phone, phone  # noqa: F401 (fixtures: one phone for this file's tests)

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)


def active(page) -> dict:
    return page.evaluate("""() => { const el = document.activeElement;
      return {tag: el.tagName, id: el.id, testid: el.dataset.testid || null, space: el.dataset.space || null,
              text: el.textContent.trim().slice(0, 80)}; }""")


def wait_focus(page, predicate: str) -> None:
    page.wait_for_function(f"() => {{ const el = document.activeElement; return !!el && ({predicate}); }}")


def test_asian_tigers_board_taps_keep_the_focus_on_the_board(server, phone):
    page = phone
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


def test_undo_moves_focus_to_the_question_it_brings_back(server, phone):
    g = server.create_game(seed=4)
    gid, token, view = g["game_id"], g["table_token"], g["game"]
    view = server.act(gid, token, view["legal_actions"][0], view["version"])
    page = phone
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
