"""Under the options, "Not available now" only when something is (issue 33, item 11).

The phone asks what the decision refuses once its options are shown: a decision that refuses something
a table would reach for (a local market wanting a good the player lacks) shows the section with its count
and list; one that refuses nothing shows no section at all (no empty heading, never a bare "0").
Item 12: the centre's button already says which local-market sale it opens, the one offered after the tap.
"""
from __future__ import annotations

import json

from tests.pwa.conftest import shot
from tests.pwa.test_sync import join

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)


def button_for(page, action: dict):
    return page.locator(f"button[data-action='{json.dumps(action, separators=(',', ':'), ensure_ascii=False)}']")


def play(page, server, gid, token, action, version):
    """Tap `action`'s button and wait for the phone to show the version it leads to (and its why-not answer)."""
    with page.expect_response(lambda r: "/why-not" in r.url):
        button_for(page, action).click()
        page.locator(f"header[data-version='{version + 1}']").wait_for()
    return server.game(gid, token)


def test_not_available_only_when_something_is(server, new_phone):
    g = server.create_game(names=("Ann", "Bob", "Cy"), seed=7)
    gid, token = g["game_id"], g["table_token"]
    page = new_phone()
    join(page, server, g["join_code"])
    view = server.game(gid, token)
    sk_a = next(a for a in view["legal_actions"] if a.get("center") == "SK.A")  # opens South Korea's local markets
    promise = button_for(page, sk_a).locator(".cost").inner_text()
    assert "then you may sell 1 Chemicals to its column B market (+2 influence)" in promise, promise  # seed 7
    button_for(page, sk_a).scroll_into_view_if_needed()
    shot(page, "table-69-centre-names-its-local-sale")
    view = play(page, server, gid, token, sk_a, view["version"])
    assert view["decision"]["kind"] == "choose_local_sale"
    sales = [a for a in view["legal_actions"] if a["kind"] == "sell_local"]
    assert [a["market"] for a in sales] == ["SK.MB"]  # the sale promised, and no other
    assert "Chemicals" in button_for(page, sales[0]).inner_text() and "column B" in button_for(page, sales[0]).inner_text()
    refused = server.why_not(gid, token)["why_not"]
    assert refused  # seed 7: two of South Korea's markets want goods this player lacks
    section = page.get_by_test_id("why-not")
    section.locator("summary").get_by_text(f"Not available now ({len(refused)})").wait_for()
    section.locator("summary").click()
    assert section.locator("button.unavailable").count() == len(refused)
    shot(page, "table-70-local-sale-not-available")

    # on until a decision that refuses nothing: no section under its options
    for _ in range(12):
        if not server.why_not(gid, token)["why_not"]:
            break
        skip = next((a for a in view["legal_actions"] if a["kind"].startswith("skip_")), view["legal_actions"][-1])
        # the list under the options is asked for after they are drawn: its answer is the sign to look for none
        with page.expect_response(lambda r: r.url.endswith(f"/api/games/{gid}/why-not")):
            view = play(page, server, gid, token, skip, view["version"])
    assert not server.why_not(gid, token)["why_not"], view["decision"]
    page.locator("[data-testid=recorder] button[data-action]").first.wait_for()
    recorder = page.get_by_test_id("recorder")
    answered = recorder.locator("[data-testid=why-not][data-count='0']")
    answered.wait_for(state="attached")  # the phone has its answer: nothing refused, and shows nothing
    assert not answered.is_visible() and recorder.locator("[data-testid=why-not]").count() == 1
    assert "Not available now" not in recorder.inner_text()
    assert not any(line.strip() == "0" for line in recorder.inner_text().splitlines())
    shot(page, "table-71-nothing-refused-no-section")
    assert page.errors == []
