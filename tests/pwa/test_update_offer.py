"""The "Update available" offer: when a new service worker is waiting, it floats over the bottom
edge as a status message with a reload button and a "Later" button, and the turn card a person
is about to tap does not move (neither when it appears nor when it goes)."""
from __future__ import annotations

import pytest

from tests.pwa.conftest import ROOT, Server, axe_check, shot


@pytest.fixture
def pwa_server(tmp_path):
    """A server of its own whose phone app is a copy of pwa/ (links, but sw.js a real file this test rewrites)."""
    folder = tmp_path / "pwa"
    folder.mkdir()
    for entry in (ROOT / "pwa").iterdir():
        if entry.name != "sw.js":
            (folder / entry.name).symlink_to(entry)
    (folder / "sw.js").write_bytes((ROOT / "pwa" / "sw.js").read_bytes())
    srv = Server(tmp_path, workers=1)  # started three times: one worker each time (the suite's time)
    srv.env["TABLEKEEPER_PWA_DIR"] = str(folder)
    srv.start()
    srv.sw = folder / "sw.js"
    yield srv
    srv.stop()


def serve_new_version(page, server, mark: str) -> None:
    """A deploy: a new sw.js and a restarted server; the phone's update check installs it and it waits."""
    server.sw.write_text(server.sw.read_text() + f'\nself.deployMark = "{mark}";\n')
    server.stop()
    server.start()
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")


def test_update_offer_floats_and_moves_nothing(pwa_server, new_phone):
    server = pwa_server
    g = server.create_game(seed=7)
    page = new_phone()
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.locator("[data-testid=recorder]").wait_for()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")  # a function: CSP forbids eval
    page.get_by_role("button", name="The table is laid out: to the first turn").click()  # the checklist put away
    turn = page.locator("[data-testid=turn]")
    before = turn.bounding_box()
    assert page.locator("[data-testid=update-offer]").count() == 0

    serve_new_version(page, server, "next version")
    offer = page.locator("[role=status] [data-testid=update-offer]")
    offer.wait_for()
    page.get_by_test_id("offline-banner").wait_for(state="detached")  # as below: the restart, not the offer
    assert "Update available" in offer.inner_text()
    assert turn.bounding_box() == before  # nothing under the finger moved
    box = offer.bounding_box()
    assert box["y"] + box["height"] <= 740 and box["y"] > before["y"]  # over the bottom edge, on screen
    axe_check(page, "update offer"); shot(page, "30-update-offer")

    # "Later" hides it, and again nothing moves.
    page.get_by_role("button", name="Later").click()
    offer.wait_for(state="detached")
    assert turn.bounding_box() == before

    # The next version offered again; "Reload to update" hands over to it and reloads.
    serve_new_version(page, server, "another version")
    offer.wait_for()
    # The restart may have shown the offline banner for a moment (a busy machine): measure once it is gone,
    # since what this test checks is that the offer itself moves nothing.
    page.get_by_test_id("offline-banner").wait_for(state="detached")
    assert turn.bounding_box() == before
    waiting = "() => navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)"
    assert page.evaluate(waiting)
    with page.expect_navigation():
        page.get_by_role("button", name="Reload to update").click()
    page.locator("[data-testid=recorder]").wait_for()
    assert page.locator("[data-testid=update-offer]").count() == 0
    assert not page.evaluate(waiting)  # the waiting version took over
    assert page.errors == []
