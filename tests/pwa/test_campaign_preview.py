"""A campaign session's consequence is shown before it is recorded (issue 34): the failure count and the next
session's starting science before → after (CAMPAIGN-02/03), every reason a session failed, and the focus on the
campaign's standing after "Record this session".  Chromium at 360×740, taps; the figures are the server's."""
from __future__ import annotations

import random
import re

import requests

from tests.pwa.conftest import axe_check, bearer, game_token, shot
from tests.pwa.http_moves import play
from tests.pwa.test_solo import kv

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)


def test_recording_a_session_is_previewed_and_failures_give_every_reason(server, new_phone):
    page = new_phone()
    page.goto(server.url + "/#/campaigns")
    page.get_by_label("Name").fill("Di")
    page.get_by_role("button", name="Create the campaign").click()
    page.wait_for_url(re.compile(r"#/c/"))
    campaign_id = page.url.rsplit("/", 1)[1]
    token = kv(page, f"campaign:{campaign_id}")["token"]
    before = requests.get(f"{server.url}/api/campaigns/{campaign_id}", headers=bearer(token), timeout=10).json()
    summary = page.get_by_test_id("campaign-summary").inner_text()
    assert "left before the campaign is lost" not in summary  # "(0 left before …)" read as nonsense
    page.get_by_role("button", name="Start session 1").click()
    page.locator("[data-testid=automa]", has_text="Campaign session").wait_for()
    game_id = page.url.rsplit("/", 1)[1]
    game_token_ = game_token(page, game_id)
    play(server, game_id, game_token_, random.Random(5).choice)  # the session played to its end over HTTP
    page.get_by_role("link", name="Record this session in the campaign").click(timeout=15_000)
    open_session = page.get_by_test_id("open-session")
    open_session.filter(has_text=re.compile("Session (won|failed)")).wait_for()
    preview = page.get_by_test_id("record-preview").inner_text()
    text = open_session.inner_text()
    shot(page, "campaign-preview-01")
    axe_check(page, "campaign, the consequence previewed")

    choices = page.get_by_role("button", name=re.compile("^Turn down “"))
    (choices.first if choices.count() else page.get_by_role("button", name="Record this session")).click()
    page.get_by_test_id("campaign-sessions").wait_for()
    page.wait_for_function("() => document.activeElement && document.activeElement.dataset.testid === 'campaign-summary'")
    after = requests.get(f"{server.url}/api/campaigns/{campaign_id}", headers=bearer(token), timeout=10).json()
    session = after["sessions"][0]
    if session["won"]:
        assert preview.startswith("Recording it turns the goal face down")
    else:  # CAMPAIGN-03: a failure counts and costs science next time, both said before the tap
        assert f"counts a failure: {before['failures']} → {after['failures']} of 3" in preview
        science = f"{before['next_starting_science']} → {after['next_starting_science']} science"
        assert science in preview, preview
        reasons = [r for r, missing in (("the Automa was not out-scored", not session["out_scored"]),
                                        ("no face-up goal was met", not session["goals_met"])) if missing]
        assert f"Failed because {' and '.join(reasons)}." in text
        row = page.get_by_test_id("campaign-sessions").locator("tbody tr").first.inner_text()
        assert f"Failed: {' and '.join(reasons)}" in row
    shot(page, "campaign-preview-02-recorded")
