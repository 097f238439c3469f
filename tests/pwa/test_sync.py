"""Several phones and a bad network: another phone's move shows up, a stale queued move is
refused and dropped, a stopped server loses nothing, a lost answer is not applied twice,
and the app is installable.  (A move that lost a race is re-offered: on the stale-move test's two phones,
on a game of its own.)"""
from __future__ import annotations

import json
import re

from tests.pwa.conftest import click_action, shot
from tests.pwa.one_phone import one_phone, phone  # noqa: F401 (fixtures: one phone for this file's tests)

SERVICE_WORKERS = "block"  # the file's phone: B of the first test, the lost answer's phone of the second (page.route
# sees its every request); the phones that go offline ask for a service worker


def join(page, server, code: str) -> None:
    """Open the join link the host's QR code encodes; the app joins and opens the game."""
    page.goto(f"{server.url}/#/join/{code}")
    page.locator("[data-testid=recorder]").wait_for()


def first_button(page):
    """The first recorder button that sends an action, and that action."""
    button = page.locator("[data-testid=recorder] button[data-action]").first
    return button, json.loads(button.get_attribute("data-action"))


def live_actions(server, game_id, token):
    return [e["action"] for e in server.log(game_id, token) if not e["reverted"]]


def test_two_phones_and_a_stale_queued_move(server, new_phone, phone):
    g = server.create_game(seed=5)
    gid, token = g["game_id"], g["table_token"]
    phone_a = new_phone(service_workers="allow")
    join(phone_a, server, g["join_code"])
    # Phone B types the code.  No service worker here so page.route sees every request.
    phone_b = phone
    phone_b.goto(server.url + "/#/join")
    phone_b.get_by_label(re.compile("^Join code")).fill(g["join_code"].lower())
    phone_b.get_by_role("button", name="Join").click()
    phone_b.locator("[data-testid=recorder]").wait_for()

    # A records a move: B sees it within a poll or two, flagged as another phone's, in an
    # overlay that moves nothing under the finger; B's "Just recorded" shows A's move by name.
    top = phone_b.locator("[data-testid=turn]").bounding_box()["y"]
    button, action = first_button(phone_a)
    button.click()
    phone_b.get_by_test_id("other-phone").wait_for()  # beside "Just recorded", not over the tabs (issue 33)
    phone_b.locator("header[data-version='2']").wait_for()
    assert phone_b.locator("[data-testid=turn]").bounding_box()["y"] == top
    assert live_actions(server, gid, token) == [action]
    mover = server.log(gid, token)[-1]["events"][0]["participant"]
    name = {"0": "Ann", "1": "Bob"}[mover]
    recent = phone_b.locator("[data-testid=just-recorded] li").first
    recent.wait_for()
    assert recent.inner_text().startswith(name)
    shot(phone_b, "20-other-phone-update")

    # B loses the network and records a move on the view it has (version 2) ...
    phone_b.route("**/api/**", lambda route: route.abort())
    button, stale = first_button(phone_b)
    button.click()
    phone_b.locator("[data-testid=offline-banner]").wait_for()
    phone_b.locator(".outbox-item", has_text="pending").wait_for()
    # ... while A records another one: the game moves on to version 3.
    button, second = first_button(phone_a)
    button.click()
    phone_a.locator("header[data-version='3']").wait_for()

    # B is back: its queued move lost the race; one calm panel says what A recorded (issue 33 item 6).
    phone_b.unroute("**/api/**")
    phone_b.get_by_role("button", name="Sync now").click()
    panel = phone_b.get_by_test_id("conflict")
    panel.get_by_test_id("race-theirs").wait_for()
    assert "Another phone recorded first" in panel.inner_text() and "version" not in panel.inner_text()
    panel.scroll_into_view_if_needed()
    shot(phone_b, "21-stale-move-refused")
    # The game has moved on to another player's or another kind of decision, so the choice no longer
    # exists: the one way on drops it, and the phone says why.
    panel.get_by_role("button", name="Play on from the game as it is").click()
    panel.wait_for(state="detached")
    reason = phone_b.get_by_test_id("notice").filter(has_text="Not sent:")
    reason.wait_for()
    assert "is no longer a choice" in reason.inner_text()
    assert live_actions(server, gid, token) == [action, second]
    a_move_that_lost_a_race_is_re_offered(server, phone_a, phone_b)


def test_offline_then_back_nothing_lost_nothing_doubled(own_server, new_phone, phone):
    server = own_server
    g = server.create_game(seed=3)
    gid, token = g["game_id"], g["table_token"]
    page = new_phone(service_workers="allow")
    join(page, server, g["join_code"])
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")  # a function: CSP forbids eval

    # The server goes away (a stopped process: the browser's "offline" switch would not
    # stop the service worker's own requests).
    server.stop()
    button, action = first_button(page)
    button.click()
    page.locator("[data-testid=offline-banner]").wait_for()
    page.locator(".outbox-item", has_text="pending").wait_for()
    assert "1 waiting" in page.locator("[data-testid=sync-state]").inner_text()

    # A reload still opens the app (service worker) with the last known state and the queue.
    page.reload()
    page.locator("[data-testid=offline-banner]").wait_for()
    page.locator(".outbox-item", has_text="pending").wait_for()
    page.locator("[data-testid=turn]").wait_for()
    shot(page, "22-offline-queued")

    server.start()
    page.get_by_role("button", name="Sync now").click()
    page.locator("[data-testid=outbox]").wait_for(state="detached")
    page.locator("[data-testid=sync-state]", has_text="Online").wait_for()
    assert live_actions(server, gid, token) == [action]

    # A lost answer: the server applies the move but the phone never hears back.  The file's phone (the first
    # test's B): this server's address is another origin, so it holds nothing of that test here.
    lost = phone
    join(lost, server, g["join_code"])
    replays = []
    lost.on("response", lambda r: "/actions" in r.url and replays.append(r.headers.get("idempotent-replayed")))

    dropped = []

    def drop_answer(route):
        route.fetch()          # the request reaches the server and is applied ...
        route.abort("failed")  # ... and the answer is lost on the way back
        dropped.append(route.request.headers.get("idempotency-key"))

    lost.route("**/api/games/*/actions", drop_answer)
    button, second = first_button(lost)
    button.click()
    while not dropped:  # the phone heard nothing back (the handler runs while Playwright waits)
        lost.wait_for_timeout(50)
    lost.locator(".outbox-item", has_text="pending").wait_for()
    assert live_actions(server, gid, token) == [action, second]  # applied once already
    lost.unroute("**/api/games/*/actions")
    lost.get_by_role("button", name="Sync now").click()
    lost.locator("[data-testid=outbox]").wait_for(state="detached")
    assert live_actions(server, gid, token) == [action, second]  # the retry was replayed, not applied
    assert "true" in replays and len(set(dropped)) == 1  # every try carried the same key
    assert page.errors == [] and lost.errors == []
    lost.goto("about:blank")  # this test's server stops after it: the file's phone leaves its game


def test_installable(server, persistent_phone):
    page = persistent_phone
    page.goto(server.url + "/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")  # a function: CSP forbids eval
    cdp = page.context.new_cdp_session(page)
    result = cdp.send("Page.getInstallabilityErrors")
    assert result["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors")


def a_move_that_lost_a_race_is_re_offered(server, phone_a, phone_b):
    """test_a_move_that_lost_a_race_is_re_offered before (its own two phones; now test_two_phones_and_a_stale_
    queued_move's two, on a game of its own: the suite's time).
    B answers a build question offline; meanwhile A undoes the placement and places again so
    that the same build question comes back (after a local-sale question): B's "Try again"
    re-derives the same choice on the current decision and it applies."""
    g = server.create_game(seed=5)
    gid, token = g["game_id"], g["table_token"]
    for phone in (phone_a, phone_b):
        join(phone, server, g["join_code"])
        phone.wait_for_url(f"**/#/g/{gid}")
        phone.locator("header[data-version='1']").wait_for()  # this game's screen (the other one is at 3)
    view = server.game(gid, token)
    phone_a.locator("button[data-action]", has_text="C · free").first.wait_for()
    place_c = next(a for a in view["legal_actions"] if a.get("center") == "SK.C")
    phone_a.locator(f"button[data-action='{json.dumps(place_c, separators=(',', ':'))}']").click()
    phone_b.locator("header[data-version='2']").wait_for()
    after_c = server.game(gid, token)
    build = next(a for a in after_c["legal_actions"] if a["kind"] == "build" and a["space"] == "SK.F3")

    phone_b.route("**/api/**", lambda route: route.abort())
    click_action(phone_b, build, after_c)
    phone_b.locator(".outbox-item", has_text="pending").wait_for()
    # A: undo, place on centre A instead, no local sale: the same build question again.
    phone_a.get_by_role("button", name="Undo last move").click()
    phone_a.get_by_role("button", name="Yes, undo").click()
    phone_a.locator("header[data-version='3']").wait_for()
    place_a = next(a for a in server.game(gid, token)["legal_actions"] if a.get("center") == "SK.A")
    phone_a.locator(f"button[data-action='{json.dumps(place_a, separators=(',', ':'))}']").click()
    phone_a.locator("header[data-version='4']").wait_for()
    skip = next(a for a in server.game(gid, token)["legal_actions"] if a["kind"] == "skip_local_sale")
    phone_a.locator(f"button[data-action='{json.dumps(skip, separators=(',', ':'))}']").click()
    phone_a.locator("header[data-version='5']").wait_for()
    now = server.game(gid, token)
    assert now["decision"]["kind"] == "choose_build"

    phone_b.unroute("**/api/**")
    phone_b.get_by_role("button", name="Sync now").click()
    panel = phone_b.get_by_test_id("conflict")
    panel.wait_for()
    panel.get_by_role("button", name="Record my move again").click()
    panel.wait_for(state="detached")
    phone_b.locator("header[data-version='6']").wait_for()  # the panel goes before the move is stored
    applied = server.log(gid, token)[-1]["action"]
    assert {k: v for k, v in applied.items() if k != "decision"} == {k: v for k, v in build.items() if k != "decision"}
    assert applied["decision"] == now["decision"]["id"]  # it answered the current decision
    assert live_actions(server, gid, token)[-3:-1] == [place_a, skip]
    shot(phone_b, "23-race-re-offered")
    assert phone_a.errors == [] and phone_b.errors == []
