"""Campaign goal progress during a session (issue 34, item 3): the game screen's Automa card shows how far the
player is with each face-up goal as the game goes (CAMPAIGN-02, CAMPAIGN-05); the figures are the engine's.
Chromium at 360×740, taps."""
from __future__ import annotations

import json
import re

from tests.pwa.conftest import axe_check, game_token, shot

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

QUICK = ("end_turn", "skip_local_sale", "finish_sales", "skip_university_action", "decline_special_flag",
         "ignore_bonus")


def tap_action(page, action: dict) -> None:
    """Tap the recorder button that sends `action`."""
    data = json.dumps(action, separators=(",", ":"), ensure_ascii=False)
    page.locator(f"button[data-action='{data}']").tap()


def goal_lines(page) -> list[str]:
    return page.get_by_test_id("goal-progress-value").all_inner_texts()


def test_goal_progress_changes_as_the_session_is_played(server, new_phone):
    page = new_phone()
    page.goto(server.url + "/")
    page.get_by_role("link", name="Solo campaigns").tap()
    page.get_by_role("heading", name="New campaign").wait_for()
    page.get_by_label("The table chose the tiles").check()
    for goal in ("universities built ≥ 5", "global market position ≥ 45"):
        page.get_by_role("button", name=goal, exact=True).tap()
    page.get_by_role("button", name="Create the campaign").tap()
    page.wait_for_url(re.compile(r"#/c/"))
    campaign_id = page.url.rsplit("/", 1)[1]
    page.get_by_role("button", name="Start session 1").tap()
    card = page.get_by_test_id("automa")
    card.filter(has_text="Campaign session").wait_for()
    game_id = page.url.rsplit("/", 1)[1]
    token = game_token(page, game_id)

    # CAMPAIGN-02: both face-up goals count this session, each with its progress (CAMPAIGN-05)
    game = server.game(game_id, token)
    goals = {g["metric"]: g for g in game["view"]["solo"]["goals"]}
    assert set(goals) == {"universities_built", "global_market_position"}
    page.get_by_test_id("goal-progress").wait_for()
    before = goal_lines(page)
    assert "0 of 5 universities" in before
    gm = goals["global_market_position"]
    assert f"space {gm['done']} of 45 on the global market (with the move your leftovers make at the end)" in before
    page.get_by_test_id("goal-progress").scroll_into_view_if_needed()
    shot(page, "campaign-progress-01-start")
    axe_check(page, "solo game with goal progress")

    # The player's turn, tapped: a worker on the special trade centre moves the global-market marker on.
    tap_action(page, next(a for a in game["legal_actions"] if a.get("center") == "STC"))
    for _ in range(10):  # any question the turn still asks, then the Automa plays and it is the player's turn again
        page.wait_for_function("(v) => Number(document.querySelector('header').dataset.version) > v", arg=game["version"])
        game = server.game(game_id, token)
        if game["decision"]["kind"] == "choose_placement":
            break
        legal = game["legal_actions"]
        tap_action(page, next((a for a in legal if a["kind"] == "special_advance"), None) or next(
            (a for kind in QUICK for a in legal if a["kind"] == kind), legal[0]))
    moved = {g["metric"]: g for g in game["view"]["solo"]["goals"]}["global_market_position"]
    assert moved["done"] > gm["done"]  # MGMT2-02's leftovers unchanged: the marker itself moved
    expected = f"space {moved['done']} of 45 on the global market"
    page.get_by_test_id("goal-progress-value").filter(has_text=expected).wait_for()
    after = goal_lines(page)
    assert after != before and "0 of 5 universities" in after
    page.get_by_test_id("goal-progress").scroll_into_view_if_needed()
    shot(page, "campaign-progress-02-after-a-turn")
    assert not re.search(r"\bCT\d\b", card.inner_text())  # goals by their words, never tile codes

    # The campaign's own screen, while the session is played, shows the same progress.
    page.goto(f"{server.url}/#/c/{campaign_id}")
    live = page.get_by_test_id("campaign-goal-progress")
    live.filter(has_text=expected).wait_for()
    assert "0 of 5 universities" in live.inner_text()
    assert not re.search(r"\bCT\d\b", page.locator("main").inner_text())
    live.scroll_into_view_if_needed()
    shot(page, "campaign-progress-03-campaign-screen")
