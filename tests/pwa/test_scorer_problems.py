"""Impossible values refused at the field where they are entered, all problems at once, in plain words (issue 34).
Chromium at 360×740, taps; the limits are the server's (the single source of truth), shown per field."""
from __future__ import annotations

import re


from tests.pwa.conftest import axe_check, shot
from tests.pwa.one_phone import one_phone, phone  # noqa: F401 (fixtures: one phone for this file's tests)
from tests.pwa.test_scorers import fid

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

POINTER = re.compile(r"/(players|participants|tigers|scorings|end)/")  # a JSON pointer shown to people


def score_and_wait_refusal(page, label: str = "Score") -> str:
    page.get_by_role("button", name=label, exact=True).click()
    banner = page.locator("[data-testid=scorer-problem]")
    banner.wait_for()
    return banner.inner_text()


def test_nippon_end_only_names_every_problem_at_once_in_words(server, phone):
    # NIP-SCORE-01: a whole number on the VP track, and no more than a game can give
    page = phone
    page.goto(server.url + "/#/scorer/nippon?m=end_only")
    page.get_by_role("button", name="2 players", exact=True).click()
    page.locator(fid("/players/1/vp_track")).fill("999")
    page.get_by_role("button", name="Red took the last turn").click()
    text = score_and_wait_refusal(page)
    assert "2 values need a look" in text
    assert "Yellow's VP track: a whole number is needed here: nothing was entered" in text
    assert "Red's VP track: 999 VP is more than a game can give" in text
    assert not POINTER.search(text), text
    for i in (0, 1):  # each reason under its own field, the field marked invalid
        assert page.locator(fid(f"/players/{i}/vp_track") + "-err").is_visible()
        assert page.locator(fid(f"/players/{i}/vp_track")).get_attribute("aria-invalid") == "true"
    page.wait_for_function("(id) => document.activeElement && document.activeElement.id === id",
                           arg=fid("/players/0/vp_track")[1:])  # the focus on the first
    shot(page, "problems-01-nippon-end")
    axe_check(page, "Nippon end only, two problems")
    # fixing one leaves the other's reason in place
    page.locator(fid("/players/0/vp_track")).fill("60")
    assert not page.locator(fid("/players/0/vp_track") + "-err").count()
    assert page.locator(fid("/players/1/vp_track") + "-err").is_visible()
    page.locator(fid("/players/1/vp_track")).fill("70")
    page.get_by_role("button", name="Score", exact=True).click()
    page.locator("[data-testid=scorepad]").wait_for()


def test_nippon_live_offers_no_lower_tile_over_a_seven_and_checks_achievements_against_the_board(server, phone):
    # rules, Local Market, "Available Influence Slot": only a higher tile replaces one (NIP-SCORE-04)
    page = phone
    page.goto(server.url + "/#/scorer/nippon?m=live")
    page.locator("[data-testid=nipmap]").wait_for()
    slot = page.locator('[data-slot="R2.C1/0"]')
    slot.click()
    page.get_by_role("button", name="Yellow's tile", exact=True).click()
    page.get_by_role("button", name="Value 5", exact=True).click()
    slot.click()
    assert "only a higher tile (6, 7)" in page.locator("[data-testid=covered]").inner_text()
    page.get_by_role("button", name="Red's tile", exact=True).click()
    values = page.get_by_role("group", name="Value").get_by_role("button").all_inner_texts()
    assert values == ["6", "7"]
    page.get_by_role("button", name="Value 7", exact=True).click()
    slot.click()
    assert "nothing can replace it" in page.locator("[data-testid=covered]").inner_text()
    assert not page.get_by_role("button", name="Purple's tile", exact=True).count()
    shot(page, "problems-02-nippon-live-seven")

    # NIP-SCORE-09, on the same form (a test of its own opened it before; the suite's time): trains and ships
    # on the board are counted on the board the table entered
    page.get_by_role("button", name="2 players", exact=True).click()
    for _ in range(2):
        page.get_by_role("button", name="Add a train in Region 1").click()
        page.get_by_role("button", name="Red's train", exact=True).click()
    for n in (1, 2, 3):
        page.get_by_role("button", name=f"Score scoring {n}", exact=True).click()
        page.locator("[data-testid=running] tbody tr").nth(n - 1).wait_for()
    page.get_by_role("button", name="Yellow took the last turn").click()
    page.get_by_role("button", name="No tile on Red's ACH3", exact=True).click()
    page.wait_for_function("(id) => document.activeElement && document.activeElement.id === id",
                           arg=fid("/end/players/Red/achievements/0/units")[1:])  # the focus moves to the units
    page.keyboard.type("9")
    text = score_and_wait_refusal(page, "Final score")
    assert "the board entered shows 2 for Red, not 9" in text and not POINTER.search(text), text
    err = page.locator(fid("/end/players/Red/achievements/0/units") + "-err")
    assert "the board entered shows 2" in err.inner_text()
    shot(page, "problems-03-nippon-live-achievement")


def test_asian_tigers_track_values_bounded_by_the_board_all_at_once(server, phone):
    # I05 / DATA-07/08: the global market track (printed to 60) and the influence track (to 40), one lap at most
    page = phone
    page.goto(server.url + "/#/scorer/asian-tigers")
    page.get_by_role("button", name="Load example (EX-1)").click()
    page.locator(fid("/participants/Red/global_market/position")).fill("150")
    page.locator(fid("/participants/Red/influence/SK")).fill("250")
    text = score_and_wait_refusal(page)
    assert "2 values need a look" in text, text
    assert "Red's global market position: 150 is more than a game can reach" in text
    assert "Red's influence on South Korea: 250 is more than a game can reach" in text
    assert not POINTER.search(text), text
    for path in ("/participants/Red/global_market/position", "/participants/Red/influence/SK"):
        assert page.locator(fid(path)).get_attribute("aria-invalid") == "true"
    shot(page, "problems-04-at-tracks")
    axe_check(page, "AT scorer, two problems")
