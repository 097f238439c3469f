"""Nippon and Asara for 2, 3 and 4 players in every entry mode (issue 34): the table taps how many play
(or removes a seat by name) and no phantom player is scored.  Chromium at 360×740, taps; totals checked against
the server's score of the same input."""
from __future__ import annotations

import requests

from tests.pwa.conftest import axe_check, shot
from tests.pwa.one_phone import one_phone, phone  # noqa: F401 (fixtures: one phone for this file's tests)
from tests.pwa.test_scorer_modes import wait_result
from tests.pwa.test_scorers import fid, pad_row

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)


def scored(server, game: str, body: dict) -> dict:
    resp = requests.post(f"{server.url}/api/scorers/{game}", json=body, timeout=20)
    assert resp.status_code == 200, resp.text
    return resp.json()


def test_nippon_end_only_for_three_players(server, phone):
    # NIP-SCORE-01: 2 to 4 players, seated in turn order; no empty 4th seat to fill
    page = phone
    page.goto(server.url + "/#/scorer/nippon?m=end_only")
    page.get_by_role("group", name="Seat 1: Yellow").wait_for()
    page.get_by_role("button", name="3 players", exact=True).click()
    page.get_by_role("group", name="Seat 4: Blue").wait_for(state="detached")
    # the change is read out: focus moves there in the task after the render (tapkit.focusSoon), so wait for it
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'seat-count-status'")
    tracks = {"Yellow": 61, "Red": 58, "Purple": 70}
    for i, vp in enumerate(tracks.values()):
        page.locator(fid(f"/players/{i}/vp_track")).fill(str(vp))
    page.get_by_role("button", name="Purple took the last turn").click()
    shot(page, "seats-01-nippon-end-3")
    axe_check(page, "Nippon end only, 3 players")
    page.get_by_role("button", name="Score", exact=True).click()
    wait_result(page)
    expected = scored(server, "nippon", {
        "mode": "end_only", "last_turn_player": "Purple",
        "players": [{"name": n, "seat": i + 1, "vp_track": v, "achievements": []} for i, (n, v) in enumerate(tracks.items())]})
    assert pad_row(page, "Total") == {p["id"]: str(p["total"]) for p in expected["players"]}
    assert "Blue" not in page.locator("[data-testid=result]").inner_text()


def test_nippon_live_for_two_players_removing_seats_by_name(server, phone):
    page = phone
    page.goto(server.url + "/#/scorer/nippon?m=live")
    page.locator("[data-testid=nipmap]").wait_for()
    page.get_by_role("button", name="Remove Blue", exact=True).click()
    page.get_by_role("button", name="Remove Purple", exact=True).click()
    page.get_by_role("group", name="Seat 2: Red").wait_for()
    assert not page.get_by_role("button", name="Remove Red", exact=True).count()  # two is the least
    assert page.get_by_role("button", name="2 players", exact=True).get_attribute("aria-pressed") == "true"
    page.locator('[data-slot="R2.C1/0"]').click()
    page.get_by_role("button", name="Red's tile", exact=True).click()
    page.get_by_role("button", name="Value 5", exact=True).click()
    page.get_by_role("button", name="Score scoring 1", exact=True).click()
    row = page.locator("[data-testid=running] tbody tr").first
    row.wait_for()
    shot(page, "seats-02-nippon-live-2")
    expected = scored(server, "nippon", {"mode": "live", "players": [{"name": "Yellow", "seat": 1}, {"name": "Red", "seat": 2}],
                                         "scorings": [{"placed": [{"player": "Red", "city": "R2.C1", "slot": 0, "value": 5}]}]})
    cells = {c.get_attribute("data-pid"): c.inner_text() for c in row.locator("td").all()}
    assert set(cells) == {"Yellow", "Red"}
    for entry in expected["running"][0]["players"]:
        assert cells[entry["player"]].startswith(f"{entry['vp_so_far']} ")
    # a player can be added back, up to four
    page.get_by_role("button", name="Reopen scoring 1").click()
    page.get_by_role("button", name="4 players", exact=True).click()
    page.get_by_role("group", name="Seat 4: Blue").wait_for()


def test_asara_end_only_for_two_players(server, phone):
    page = phone
    page.goto(server.url + "/#/scorer/asara?m=end_only")
    page.get_by_role("button", name="Remove Player 4").click()
    page.get_by_role("button", name="Remove Player 3").click()
    assert not page.get_by_role("button", name="Remove Player 2").count()
    page.locator(fid("/players/0/asari")).click()  # the number pad walks the four fields
    pad = page.locator("[data-testid=numpad]")
    for value in (3, 2, 5, 1):
        pad.get_by_role("button", name=str(value), exact=True).click()
    pad.wait_for(state="detached")
    page.get_by_role("button", name="Score", exact=True).click()
    wait_result(page)
    expected = scored(server, "asara", {"mode": "end_only", "players": [
        {"name": "Player 1", "asari": 3, "prestige": 2, "towers": []},
        {"name": "Player 2", "asari": 5, "prestige": 1, "towers": []}]})
    assert pad_row(page, "Total") == {p["id"]: str(p["total"]) for p in expected["players"]}
