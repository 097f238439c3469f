"""The owner of the box checks the prosperity tokens and South Korea's local markets on the phone,
saves the edition, starts a new game with it, and the score sheet stops starring the prosperity lines."""
from __future__ import annotations

import random
import re

import requests
from playwright.sync_api import expect

from tests.pwa.conftest import axe_check, game_token, shot
from tests.pwa.http_moves import play
from tests.pwa.one_phone import one_phone, phone  # noqa: F401 (fixtures: one phone for this file's tests)

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)


def progress(page) -> str:
    return page.get_by_test_id("progress").inner_text()


def test_calibrate_two_components_save_and_play_with_it(server, phone):
    page = phone
    page.goto(server.url + "/#/")
    page.get_by_role("link", name="Editions: check the numbers against your box").tap()
    page.get_by_label("Name of your edition").fill("Ann's box")
    page.get_by_role("button", name="Start checking the numbers").tap()
    page.get_by_role("heading", name="Ann's box").wait_for()
    assert progress(page) == "0 of 1,024 values checked"
    shot(page, "editions-01-edition")
    axe_check(page, "edition")

    # Prosperity tokens: one value corrected, one refused with a sentence, then all confirmed.
    page.get_by_role("link", name=re.compile("^Prosperity tokens")).tap()
    page.get_by_role("heading", level=1, name="Prosperity tokens").wait_for()
    assert "prosperity token" in page.locator("main").inner_text()
    rank2 = page.get_by_label("Prosperity token 1, 2 players, 2nd place", exact=True)
    assert rank2.input_value() == "12"
    rank2.fill("30")
    rank2.press("Tab")
    error = page.locator(".field-error").first
    error.wait_for()
    assert len(error.inner_text().split()) > 3  # a sentence, not a path
    assert progress(page) == "0 of 1,024 values checked"  # refused: nothing stored
    shot(page, "editions-02-refused")
    rank2.fill("11")
    rank2.press("Tab")
    page.get_by_test_id("progress").filter(has_text="1 of 1,024").wait_for()
    assert page.locator(".field-error").count() == 0
    page.get_by_role("button", name="These values match my box").tap()
    page.get_by_test_id("progress").filter(has_text="65 of 1,024").wait_for()
    shot(page, "editions-03-prosperity-checked")
    axe_check(page, "prosperity tokens")

    # South Korea's local markets, in the board's layout (one market above each centre).
    page.get_by_role("link", name="Ann's box").tap()
    page.get_by_role("link", name=re.compile("^South Korea: local markets")).tap()
    page.get_by_role("heading", level=1, name="South Korea: local markets").wait_for()
    assert "Above centre A" in page.locator("main").inner_text()
    influence = page.get_by_label("South Korea, market above centre A: influence", exact=True)
    assert influence.input_value() == "3"
    page.get_by_role("button", name="These values match my box").tap()
    page.get_by_test_id("progress").filter(has_text="71 of 1,024").wait_for()
    shot(page, "editions-04-markets-checked")

    # Resumable: a reload shows the same progress from the server's draft.
    page.reload()
    page.get_by_test_id("progress").filter(has_text="71 of 1,024").wait_for()

    # Without the server the phone's copy opens, and a correction made then is kept on the phone.
    # The context's route: it also sees requests that pass through the service worker once it controls the page.
    page.context.route("**/api/editions/**", lambda route: route.abort())
    page.reload()
    page.get_by_test_id("offline-banner").wait_for()
    page.get_by_label("South Korea, market above centre A: buys", exact=True).select_option("Machinery")
    page.get_by_role("alert").filter(has_text="kept on this phone").wait_for()
    page.context.unroute("**/api/editions/**")
    page.reload()
    page.get_by_text("1 change(s) kept on this phone, not accepted yet.").wait_for()
    assert page.get_by_label("South Korea, market above centre A: buys", exact=True).input_value() == "Machinery"
    page.get_by_role("button", name="These values match my box").tap()
    page.get_by_role("status").filter(has_text="Confirmed").wait_for()
    assert page.get_by_text("kept on this phone, not accepted yet").count() == 0
    shot(page, "editions-04b-after-offline")

    # Save for good and use it for new games on this phone.
    page.get_by_role("link", name="Ann's box").tap()
    page.once("dialog", lambda dialog: dialog.accept())  # publishing is confirmed: its values are fixed after
    page.get_by_role("button", name="Publish: no more changes…").tap()
    page.get_by_test_id("notice").filter(has_text="Published").wait_for()
    page.get_by_role("button", name="Use for new games on this phone").tap()
    page.get_by_test_id("notice").filter(has_text="New games on this phone").wait_for()
    edition_id = page.url.rsplit("/", 1)[1]
    assert page.get_by_test_id("edition-link").inner_text().endswith(f"/#/editions/{edition_id}")
    saved = requests.get(f"{server.url}/api/editions/{edition_id}", timeout=10).json()
    assert saved["draft"] is False and saved["checked_count"] == 71 and saved["placeholder_count"] == 1024 - 71
    assert saved["document"]["tigers"]["SK"]["local_markets"]["SK.MA"]["good"] == "Machinery"

    # A new game from the setup wizard uses it.
    page.goto(server.url + "/#/new")
    for _ in range(2):
        page.get_by_role("button", name="Next").tap()
    page.get_by_label("Seed for the app's draws (optional: the same seed gives the same draws)").fill("11")
    page.get_by_role("button", name="Next").tap()
    expect(page.get_by_test_id("setup-edition")).to_contain_text("Ann's box")  # read from IndexedDB after the first render
    page.get_by_role("button", name="Create game").tap()
    page.locator("[data-testid=turn]").wait_for()
    game_id = re.search(r"#/g/([^/?]+)", page.url).group(1)
    token = game_token(page, game_id)
    view = server.game(game_id, token)
    assert view["edition"]["content_hash"] == saved["content_hash"]

    # Play to the end over HTTP (the engine's random moves, one batch), then read the score sheet on the phone.
    play(server, game_id, token, random.Random(5).choice)
    page.goto(f"{server.url}/#/g/{game_id}/score")
    pad = page.locator("[data-testid=scorepad]")
    pad.wait_for()
    # The phone may first show its saved, not-yet-over copy as a provisional sheet: wait for the final one.
    page.get_by_test_id("provisional").wait_for(state="detached")

    def row_marks(label: str) -> int:
        row = pad.locator("tbody tr", has=page.locator("th", has_text=re.compile(f"^{label}$")))
        return row.locator(".placeholder-mark").count()

    for tiger in ("South Korea", "Hong Kong", "Taiwan", "Singapore"):
        assert row_marks(f"Prosperity: {tiger}") == 0  # only checked prosperity values
    assert row_marks("Prosperity from influence") == 0
    # Lines resting on values still unchecked keep their star (flag stars, milestones, …).
    outcome = requests.get(f"{server.url}/api/games/{game_id}/outcome", headers={"Authorization": f"Bearer {token}"},
                           timeout=10).json()["outcome"]
    starred = {line["participant"] for line in outcome["lines"] if line["category"] == "nations" and line["placeholder"]}
    assert starred
    nations = pad.locator("tbody tr", has=page.locator("th", has_text=re.compile("^Nations$")))
    expect(nations.locator(".placeholder-mark")).to_have_count(len(starred))
    shot(page, "editions-05-score-sheet")
    assert page.errors == []


def test_diff_screen_shared_link_export_and_import(server, phone, new_phone, tmp_path):
    created = requests.post(f"{server.url}/api/editions", timeout=10, json={
        "name": "Bob's box", "base": "default", "patch": [
            {"op": "replace", "path": "/prosperity_tokens/PT3/by_player_count/4/ranks/3", "value": 3}]}).json()
    page = phone  # the file's phone (it owns another edition, not this one)
    page.goto(f"{server.url}/#/editions/{created['edition_id']}")  # the shared link / QR code
    page.get_by_role("heading", name="Bob's box").wait_for()
    expect(page.locator(".qr svg")).to_have_count(1)  # drawn after its own dynamic import, not with the heading
    assert page.get_by_role("button", name="Publish: no more changes…").count() == 0  # not this phone's
    assert "nobody can change it: it is published" in page.locator("main").inner_text()
    page.get_by_role("link", name="Show the differences").tap()
    page.get_by_test_id("diff-count").filter(has_text="1 value(s) differ").wait_for()
    text = page.locator("main").inner_text()
    assert "Prosperity tokens" in text and "PT3 · 4 players · rank 4" in text
    shot(page, "editions-06-diff")
    axe_check(page, "diff")

    # The other components keep their own layout too (read-only here: the edition is not this phone's).
    page.get_by_role("link", name="This edition").tap()
    page.get_by_role("link", name=re.compile("^Trade centres and flags")).tap()
    page.get_by_role("heading", name=re.compile("^United States")).wait_for()
    assert page.get_by_label("United States, 1st flag: value", exact=True).is_disabled()
    shot(page, "editions-07-flags")
    axe_check(page, "trade centres and flags")
    page.get_by_role("link", name="Bob's box").tap()
    page.get_by_role("link", name=re.compile("^Management track")).tap()
    assert page.get_by_label("Era II, 4 players, 1st place", exact=True).input_value() == "10"
    shot(page, "editions-08-management")
    axe_check(page, "management track")

    # Export the file on this phone, import it on another: the same numbers, a new edition of its own.
    page.get_by_role("link", name="Bob's box").tap()
    with page.expect_download() as download:
        page.get_by_role("button", name="Export the edition file").tap()
    path = tmp_path / "shared-edition.json"
    download.value.save_as(path)
    other = new_phone()
    other.goto(f"{server.url}/#/editions")
    other.get_by_label("Or import an edition file someone shared").set_input_files(str(path))
    other.get_by_role("heading", name="shared-edition").wait_for()
    imported_id = other.url.rsplit("/", 1)[1]
    imported = requests.get(f"{server.url}/api/editions/{imported_id}", timeout=10).json()
    assert imported_id != created["edition_id"] and imported["draft"] is True
    assert imported["content_hash"] == created["edition"]["content_hash"]
    other.get_by_role("button", name="Publish: no more changes…").wait_for()  # this phone owns the copy
    assert page.errors == [] and other.errors == []
