"""The scorer screens in Chromium: Asian Tigers scorer-only mode (EX-1 via "Load example" plus an
edit), Nippon (the catalogue's NIP-T1 board) and Asara (ASA-T1 towers); each refuses an impossible
input with the server's reason next to the field, shows the server's totals and winner, and a saved
scoring is in History after a reload.  axe + a 360×740 screenshot on every screen."""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import requests

from tests.pwa.conftest import axe_check, shot
from tests.pwa.one_phone import one_phone, phone  # noqa: F401 (fixtures: one phone for this file's tests)

SERVICE_WORKERS = "block"  # the file's phone is online only (the Asara test, offline, asks for a service worker)

# EX-1's input as the app ships it for "Load example" (the worked example without its pieces lists).
EX1 = json.loads(re.search(r"export default (\{.*\});", (Path(__file__).resolve().parents[2] / "pwa" / "js" / "ui" /
                                                          "scorer-example.js").read_text(), re.S).group(1))


def fid(path: str) -> str:
    """The element id formkit.js gives the field bound to a JSON pointer."""
    return "#f" + re.sub(r"[^A-Za-z0-9]", lambda m: "_" + format(ord(m.group()), "x"), path)


def field(page, path: str):
    return page.locator(fid(path))


def server_score(server, game: str, body: dict) -> dict:
    resp = requests.post(f"{server.url}/api/scorers/{game}", json=body, timeout=20)
    assert resp.status_code == 200, resp.text
    return resp.json()


def pad_row(page, label: str) -> dict[str, str]:
    """One scorepad row: participant id → cell text (without the placeholder mark)."""
    row = page.locator("[data-testid=scorepad] tbody tr", has=page.locator("th", has_text=re.compile(f"^{label}$")))
    return {cell.get_attribute("data-pid"): cell.inner_text().replace("*", "").strip()
            for cell in row.locator("td").all()}


def check_sheet(page, totals: dict[str, int], winner_text: str) -> None:
    page.locator("[data-testid=scorepad]").wait_for()
    assert pad_row(page, "Total") == {pid: str(v) for pid, v in totals.items()}
    assert winner_text in page.locator("[data-testid=winner]").inner_text()
    assert page.locator("[data-testid=chart] rect.bar").count() == len(totals)


def pick_token(page, tiger: str, printed: str) -> None:
    """The Asian Tigers scorer: a Tiger's prosperity token, one tap on its printed values."""
    page.get_by_test_id(f"token-{tiger}").get_by_role("button", name=re.compile(f"prosperity token {printed}")).click()


def submit_and_expect_refusal(page, path: str, reason: str) -> None:
    page.get_by_role("button", name="Score", exact=True).click()
    page.locator("[data-testid=scorer-problem]").wait_for()
    err = page.locator(fid(path) + "-err")
    err.wait_for()
    assert reason in err.inner_text()
    assert field(page, path).get_attribute("aria-invalid") == "true"
    # focus moves to the field (an effect after the render: wait for it rather than race it)
    page.wait_for_function("(id) => document.activeElement && document.activeElement.id === id", arg=fid(path)[1:])


# ----------------------------------------------------------------------------- Nippon
NIP_T1_TILES = [("red", "R2.C1", 3, 3), ("red", "R2.C1", 1, 2), ("blue", "R2.C1", 2, 4), ("blue", "R2.C2", 3, 3)]


def test_nippon_scorer_nip_t1(server, phone):
    """(First on the file's phone: it ends with no saved scoring, as the Asian Tigers test after it begins.)"""
    page = phone
    page.goto(server.url + "/")
    page.get_by_role("link", name="Nippon scorer").click()
    page.get_by_role("heading", name="Nippon scorer").wait_for()
    page.get_by_role("link", name="Detailed").click()  # the original format, one mode among three
    page.locator(fid("/players/0/id")).wait_for()
    for i, name in enumerate(("red", "blue", "yellow")):
        field(page, f"/players/{i}/id").fill(name)
        field(page, f"/players/{i}/id").press("Tab")  # committed on change: the id is renamed everywhere
    page.get_by_role("group", name="yellow", exact=True).wait_for()
    field(page, "/last_turn_player").select_option("yellow")
    field(page, "/players/0/vp_in_play/contracts").fill("3")
    page.get_by_role("button", name="Add an achievement for blue").click()
    field(page, "/players/1/achievements/0/space").fill("ACH1")
    field(page, "/players/1/achievements/0/units").fill("2")
    field(page, "/players/1/achievements/0/multiplier").fill("3")

    # 2nd scoring, region R2 (NIP-T1)
    page.locator("#nip-add-1").fill("R2")
    page.get_by_role("button", name="Add region to scoring 2").click()
    base = "/scorings/1/regions/R2"
    for j, (player, city, slot, value) in enumerate(NIP_T1_TILES):
        page.get_by_role("button", name="Add a tile in region R2, scoring 2").click()
        field(page, f"{base}/tiles/{j}/player").select_option(player)
        field(page, f"{base}/tiles/{j}/city").fill(city)
        field(page, f"{base}/tiles/{j}/slot").fill(str(slot))
        field(page, f"{base}/tiles/{j}/value").fill(str(value))
    field(page, f"{base}/trains/red").fill("1")
    field(page, f"{base}/trains/yellow").fill("1")
    field(page, f"{base}/ships/red").fill("1")
    axe_check(page, "Nippon form"); shot(page, "sc-10-nippon-form")

    # an impossible input: a city has slots 0 to 3
    field(page, f"{base}/tiles/0/slot").fill("9")
    submit_and_expect_refusal(page, f"{base}/tiles/0/slot", "has influence slots 0 to 3")
    axe_check(page, "Nippon refusal"); shot(page, "sc-11-nippon-refused")
    field(page, f"{base}/tiles/0/slot").fill("3")

    page.get_by_role("button", name="Copy the board of scoring 2").click()
    assert field(page, "/scorings/2/regions/R2/ships/red").input_value() == "1"

    page.get_by_role("button", name="Score", exact=True).click()
    region = {"tiles": [{"player": p, "city": c, "slot": s, "value": v} for p, c, s, v in NIP_T1_TILES],
              "trains": {"red": 1, "yellow": 1}, "ships": {"red": 1}}
    body = {"players": [{"id": "red", "seat": 1, "vp_in_play": {"contracts": 3, "region_bonus": 0, "workforce_lost": 0},
                         "achievements": []},
                        {"id": "blue", "seat": 2, "vp_in_play": {"contracts": 0, "region_bonus": 0, "workforce_lost": 0},
                         "achievements": [{"space": "ACH1", "units": 2, "multiplier": 3}]},
                        {"id": "yellow", "seat": 3, "vp_in_play": {"contracts": 0, "region_bonus": 0, "workforce_lost": 0},
                         "achievements": []}],
            "last_turn_player": "yellow",
            "scorings": [{"regions": {}}, {"regions": {"R2": region}}, {"regions": {"R2": region}}]}
    expected = server_score(server, "nippon", body)
    # NIP-T1: in the 2nd scoring red gets 6 (tie) + 2 (ship), blue 6
    red_lines = next(p for p in expected["players"] if p["id"] == "red")["lines"]
    assert sum(line["points"] for line in red_lines if line.get("scoring") == 2) == 8
    check_sheet(page, {p["id"]: p["total"] for p in expected["players"]}, expected["winner_explanation"])
    assert "Tie rule:" in page.locator("[data-testid=winner]").inner_text()  # red and blue tie on VP
    page.locator("details summary", has_text="red").first.click()
    assert "Seat 1 starts on" in page.locator("details[open]").first.inner_text()
    axe_check(page, "Nippon result"); shot(page, "sc-12-nippon-result")
    page.get_by_role("button", name="Save to history").click()
    page.get_by_role("status").filter(has_text="Saved").wait_for()
    page.reload()
    page.goto(server.url + "/#/history")
    assert "Nippon" in page.locator("[data-testid=history] li").first.inner_text()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name=re.compile("^Delete Nippon")).click()
    page.get_by_text("No saved scorings yet.").wait_for()
    assert page.errors == []


# ----------------------------------------------------------------------------- Asian Tigers
def test_asian_tigers_scorer_example_edit_refusal_history(server, phone):
    page = phone  # the file's phone, after the Nippon test deleted its saved scoring
    page.goto(server.url + "/")
    page.get_by_role("link", name="Asian Tigers end-game scorer").click()
    page.get_by_role("heading", name="Asian Tigers scorer").wait_for()
    page.get_by_role("button", name="Load example (EX-1)").wait_for()
    shot(page, "sc-01-at-form")  # (axe on this blank form, light and dark: test_a11y.py's "scorer" screen)

    page.get_by_role("button", name="Load example (EX-1)").click()
    assert field(page, "/participants/Red/global_market/position").input_value() == "17"
    # one edited field: Red ends with 5 goods instead of 2
    field(page, "/participants/Red/leftovers/goods").fill("5")
    # the number pad the field opened covers the bottom of the screen: a person taps "Done" before "Score"
    page.get_by_test_id("numpad").get_by_role("button", name="Done", exact=True).tap()
    page.get_by_test_id("numpad").wait_for(state="detached")

    # an impossible input: the same prosperity token on two Tigers (one tap on the token, as printed)
    pick_token(page, "HK", "24 · 12")
    page.get_by_role("button", name="Score", exact=True).click()
    err = page.locator(fid("/tigers/HK/prosperity_token") + "-err")
    err.wait_for()
    assert "the token 24 · 12 already lies on South Korea" in err.inner_text()  # as printed, not "PT1"
    assert "SETUP-02" in page.locator("[data-testid=scorer-problem]").inner_text()
    page.wait_for_function("() => document.activeElement.closest('[data-testid=token-HK]') !== null")
    axe_check(page, "AT scorer refusal"); shot(page, "sc-02-at-refused")
    pick_token(page, "HK", "21 · 10")

    # a flag picked from the available ones, one tap in its sector (and removed again)
    red = page.locator("[data-testid=participant-Red]")
    # the chip shows it short as printed ("Neth. 3 ★★★ •••"); its name says it in words
    red.get_by_role("button", name="Neth. 3 ★★★ ••• (Netherlands flag 3, 3 stars, 3 dots), into sector B", exact=True).click()
    red.get_by_role("button", name="Remove Netherlands flag 3, 3 stars, 3 dots from sector B").click()
    page.emulate_media(color_scheme="dark")
    red.locator(".sector").first.scroll_into_view_if_needed()
    axe_check(page, "AT scorer form, dark"); shot(page, "sc-03-at-form-dark")
    page.emulate_media(color_scheme="light")

    page.get_by_role("button", name="Score", exact=True).click()
    body = copy.deepcopy(EX1)
    body["participants"]["Red"]["leftovers"]["goods"] = 5
    expected = server_score(server, "asian-tigers", body)
    unedited = server_score(server, "asian-tigers", EX1)
    assert expected["participants"]["Red"]["total"] != unedited["participants"]["Red"]["total"]
    check_sheet(page, {pid: p["total"] for pid, p in expected["participants"].items()}, f"{expected['winner']} wins")
    assert page.locator(".placeholder-mark").count() > 0  # the placeholder edition values are marked
    page.locator("details summary", has_text="Red").first.click()
    assert page.locator("details[open] li", has_text="leftover resources").count() >= 1
    axe_check(page, "AT result"); shot(page, "sc-04-at-result")

    page.get_by_role("button", name="Save to history").click()
    page.get_by_role("status").filter(has_text="Saved").wait_for()
    page.reload()
    page.goto(server.url + "/#/")
    page.get_by_role("link", name="History of saved scorings").click()
    entry = page.locator("[data-testid=history] li").first
    entry.wait_for()
    text = entry.inner_text()
    assert "Asian Tigers" in text and f"Red {expected['participants']['Red']['total']}" in text
    axe_check(page, "history"); shot(page, "sc-05-history")
    entry.get_by_role("link", name=re.compile("^Reopen")).click()
    check_sheet(page, {pid: p["total"] for pid, p in expected["participants"].items()}, f"{expected['winner']} wins")
    page.get_by_role("button", name="Change the input").click()
    assert field(page, "/participants/Red/leftovers/goods").input_value() == "5"
    assert page.errors == []


# ----------------------------------------------------------------------------- Asara
ASA_T1 = {"P1": [("red", 5), ("brown", 3), ("green", 2), ("white", 2)],
          "P2": [("red", 5), ("black", 4), ("brown", 2), ("green", 2)],
          "P3": [("red", 3), ("black", 2)]}
ASARI = {"P1": 27, "P2": 9, "P3": 35}


def test_asara_scorer_asa_t1_and_history_offline(server, new_phone):
    page = new_phone(service_workers="allow")  # a phone of its own: it goes offline
    page.goto(server.url + "/#/scorer/asara?m=detailed")
    page.get_by_role("heading", name="Asara scorer").wait_for()
    for i, name in enumerate(ASARI):
        field(page, f"/players/{i}/id").fill(name)
        field(page, f"/players/{i}/id").press("Tab")
        field(page, f"/players/{i}/asari").fill(str(ASARI[name]))
    assert field(page, "/years/0/caliph").input_value() == ""  # no default holder: the table says who
    for y in range(4):
        field(page, f"/years/{y}/caliph").select_option("P1")
    for pid, towers in ASA_T1.items():
        for j, (color, height) in enumerate(towers):
            page.get_by_role("button", name=f"Add a tower for {pid}, year 4").click()
            at = f"/years/3/towers/{pid}/{j}"
            field(page, f"{at}/color").fill(color)
            field(page, f"{at}/sections/trunk").fill(str(height - 2))
    page.get_by_role("button", name="Add a tower for P1, year 3").click()
    field(page, "/years/2/towers/P1/0/color").fill("red")
    field(page, "/years/2/towers/P1/0/gold_sections").fill("1")
    field(page, "/years/3/towers/P1/0/gold_sections").fill("1")
    axe_check(page, "Asara form"); shot(page, "sc-20-asara-form")

    field(page, "/years/3/towers/P3/1/sections/base").fill("2")
    submit_and_expect_refusal(page, "/years/3/towers/P3/1/sections/base", "exactly one base")
    axe_check(page, "Asara refusal"); shot(page, "sc-21-asara-refused")
    field(page, "/years/3/towers/P3/1/sections/base").fill("1")

    page.get_by_role("button", name="Score", exact=True).click()
    tower = lambda c, h, g=0: {"color": c, "sections": {"base": 1, "trunk": h - 2, "window": 0, "turret": 1}, "gold_sections": g}
    final = {pid: [tower(c, h) for c, h in towers] for pid, towers in ASA_T1.items()}
    final["P1"][0]["gold_sections"] = 1
    body = {"players": [{"id": pid, "asari": a} for pid, a in ASARI.items()],
            "years": [{"caliph": "P1", "towers": {}}, {"caliph": "P1", "towers": {}},
                      {"caliph": "P1", "towers": {"P1": [tower("red", 2, 1)]}}, {"caliph": "P1", "towers": final}]}
    expected = server_score(server, "asara", body)
    # ASA-T1's final evaluation: P1 37, P2 34, P3 7
    final_points = {p["id"]: sum(p["categories"][c] for c in ("tower_colors", "highest_tower", "most_towers", "asari"))
                    for p in expected["players"]}
    assert final_points == {"P1": 37, "P2": 34, "P3": 7}
    check_sheet(page, {p["id"]: p["total"] for p in expected["players"]}, expected["winner_explanation"])
    axe_check(page, "Asara result"); shot(page, "sc-22-asara-result")
    page.emulate_media(color_scheme="dark")
    axe_check(page, "Asara result, dark"); shot(page, "sc-23-asara-result-dark")
    page.emulate_media(color_scheme="light")
    page.get_by_role("button", name="Save to history").click()
    page.get_by_role("status").filter(has_text="Saved").wait_for()

    # Without a server (the phone without signal: no request reaches one, the session's server stays up for
    # the other tests): the saved scoring still reopens (IndexedDB + the precached modules);
    # scoring again says that it needs a connection and keeps the input.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")  # a function: CSP forbids eval
    page.context.set_offline(True)
    page.goto(server.url + "/#/history")
    page.reload()
    page.locator("[data-testid=history] li").first.get_by_role("link", name=re.compile("^Reopen")).click()
    check_sheet(page, {p["id"]: p["total"] for p in expected["players"]}, expected["winner_explanation"])
    page.get_by_role("button", name="Change the input").click()
    assert field(page, "/players/2/asari").input_value() == "35"
    page.get_by_role("button", name="Score", exact=True).click()
    assert "needs a connection" in page.locator("[data-testid=scorer-problem]").inner_text()
    assert page.errors == []
