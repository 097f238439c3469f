"""Losing a race between two phones (issue 33, item 6).

B records a move with no connection while A records one online.  Back online, B shows one calm panel:
what A's phone recorded (by player and move), that B's move is not recorded, and one obvious way on.
No codes, no versions, no browser dialog; "forget" asks for a second tap on the page itself.
"""
from __future__ import annotations

import re

from tests.pwa.conftest import shot
from tests.pwa.test_sync import first_button, join, live_actions

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # version_mismatch, stale_decision, move_dropped …


def test_one_calm_panel_says_what_the_other_phone_recorded(server, new_phone):
    g = server.create_game(seed=5)
    gid, token = g["game_id"], g["table_token"]
    phone_a, phone_b = new_phone(), new_phone(service_workers="block")
    join(phone_a, server, g["join_code"])
    join(phone_b, server, g["join_code"])
    dialogs = []
    phone_b.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))

    phone_b.route("**/api/**", lambda route: route.abort())
    button, _mine = first_button(phone_b)
    button.click()
    phone_b.locator(".outbox-item", has_text="pending").wait_for()
    button, theirs = first_button(phone_a)
    button.click()
    phone_a.locator("header[data-version='2']").wait_for()
    their_line = server.log(gid, token)[-1]["lines"][0]

    phone_b.unroute("**/api/**")
    phone_b.get_by_role("button", name="Sync now").click()
    panel = phone_b.get_by_test_id("conflict")
    panel.get_by_test_id("race-theirs").wait_for()
    text = panel.inner_text()
    assert text.startswith("Another phone recorded first")
    assert their_line in text, (their_line, text)
    assert "not recorded yet" in panel.get_by_test_id("conflict-why").inner_text()
    assert not CODE.search(text) and "version" not in text.lower(), text
    assert phone_b.locator("[data-testid=outbox]").count() == 0  # one panel, not two
    assert panel.locator("button.primary").count() == 1
    assert phone_b.get_by_role("alert").count() == 0  # calm: a status, not an alarm
    panel.scroll_into_view_if_needed()
    shot(phone_b, "table-30-race-one-calm-panel")

    # The quiet way out asks for a second tap on the page (never a browser dialog) before forgetting.
    forget = panel.get_by_role("button", name=re.compile("^Forget your move"))
    if forget.count():
        forget.click()
        panel.get_by_role("button", name="Tap again to forget your move").wait_for()
    panel.locator("button.primary").click()
    panel.wait_for(state="detached")
    assert dialogs == []
    assert live_actions(server, gid, token)[0] == theirs
    assert phone_a.errors == [] and phone_b.errors == []
