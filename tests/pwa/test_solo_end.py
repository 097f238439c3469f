"""A solo scenario played to its end in the browser (its last human moves tapped), then the final
score: win or lose, the rank title, the Automa's score with its difficulty multiplier and the
scenario goal, with no page error; light and dark, axe, screenshots (issue 12, item 9)."""
from __future__ import annotations

import re

from tests.games.asian_tigers.presentation.test_presentation_random_games import CODE
from tests.pwa.conftest import axe_check, click_action, game_token, shot
from tests.pwa.http_moves import batch, moves

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

QUICK = ("end_turn", "skip_local_sale", "finish_sales", "skip_university_action", "decline_special_flag",
         "ignore_bonus")


TAPPED = 10  # the human decisions tapped at the end of the game


def quick(legal: list[dict]) -> dict:
    """The human's choice: a quick way on if there is one, else the first option."""
    return next((a for kind in QUICK for a in legal if a["kind"] == kind), legal[0])


def test_solo_scenario_to_the_final_score(server, new_phone):
    page = new_phone()
    page.goto(server.url + "/#/solo")
    page.get_by_role("button", name="×3").click()
    page.get_by_label("Name").fill("Ann")
    page.get_by_label(re.compile("^Scenario:")).check()
    page.get_by_label("Campaign tile", exact=True).select_option("CT3")
    page.get_by_role("button", name="Start the solo game").click()
    page.locator("[data-testid=recorder]").wait_for()
    game_id = page.url.rsplit("/", 1)[1]
    token = game_token(page, game_id)
    # A campaign tile has no printed code: the Automa card names the scenario's tile by its goal.
    page.locator("[data-testid=automa]", has_text="goal: build at least 5 laboratories").wait_for()

    # The human's decisions up to the last TAPPED ones are recorded over HTTP (the promise here is the final
    # score; test_solo.py taps a solo turn with the Automa's, test_offline.py a whole solo game): the engine
    # picks them (`quick`, from the game's seed) and one batch records them; the phone follows on its event
    # stream.  The last ones are tapped; the Automa plays by itself in between.
    decisions = moves(server, game_id, token, quick)
    view = batch(server, game_id, token, decisions[:-TAPPED])
    page.locator(f"header[data-version='{view['version']}']").wait_for()
    taps = 0
    while not view["over"]:
        action = quick(view["legal_actions"])
        click_action(page, action, view)
        taps += 1
        page.wait_for_function("(v) => Number(document.querySelector('header').dataset.version) > v", arg=view["version"])
        view = server.game(game_id, token)
    assert taps == TAPPED
    page.get_by_role("link", name="See the final score").click()
    result = page.locator("[data-testid=solo-result]")
    result.wait_for()
    outcome = server.outcome(game_id, token)["solo"]
    text = result.inner_text()
    assert ("You win" if outcome["human_wins"] else "You lose") in text
    assert f"Rank title: {outcome['rank_title']}" in text
    assert f"the Automa: {outcome['automa_total']} (difficulty ×3" in text
    assert re.search(r"Scenario goal: build at least 5 laboratories — (met|not met)", text)
    assert not CODE.search(page.locator("main").inner_text()), CODE.search(page.locator("main").inner_text())
    headline = page.locator("[data-testid=winner] h2").inner_text()
    assert headline == ("Ann wins" if outcome["human_wins"] else "The Automa wins")
    pad = page.locator("[data-testid=scorepad]").inner_text()
    assert "Automa flag area 1 (stars × 3)" in pad and "Sector A bonus" in pad
    assert page.locator("[data-testid=scorepad] tbody tr").last.locator("th").inner_text() == "Total"
    axe_check(page, "solo final score"); shot(page, "27-solo-final-score")
    result.scroll_into_view_if_needed(); shot(page, "27a-solo-final-result")
    page.emulate_media(color_scheme="dark")
    axe_check(page, "solo final score, dark"); shot(page, "27b-solo-final-score-dark")
    # The log of the whole game: the Automa's campaign-tile effects name the tile by its goal too.
    page.emulate_media(color_scheme="light")
    page.goto(f"{server.url}/#/g/{game_id}/log")
    page.get_by_role("heading", level=1, name="Log", exact=True).wait_for()  # not the score screen still shown
    page.get_by_text("campaign tile “build at least 5 laboratories”").first.wait_for()
    log = page.locator("main").inner_text()
    assert not CODE.search(log), CODE.search(log)
    shot(page, "27c-solo-log")
    assert page.errors == []
