"""The tap-first scorer modes in Chromium at 360×740 (issue 15): a Nippon game end only (with and without the
board of one scoring) and live, and an Asian Tigers position on the board (Asara end only: test_scorer_asara.py),
each entered by tapping like a person and giving the same totals as the detailed format of
the same game (scored by the server); every tap and keystroke is counted and printed (pytest -s shows them).
axe and a screenshot on each screen (test-artifacts/pwa/)."""
from __future__ import annotations

import json
import re

import requests

from tests.pwa.conftest import axe_check, shot
from tests.pwa.one_phone import one_phone, phone  # noqa: F401 (fixtures: one phone for this file's tests)
from tests.pwa.test_scorers import check_sheet, fid

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

FIGURES: dict[str, int] = {}


class Hands:
    """Taps and keystrokes, counted as a person would make them."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def tap(self, locator) -> None:
        locator.click()
        self.count += 1

    def type(self, locator, text: str) -> None:
        """Tap a field, clear what a previous value left (not counted: the field starts empty), type `text`."""
        locator.click()
        locator.fill("")
        locator.press_sequentially(text)
        self.count += 1 + len(text)

    def keys(self, path: str, text: str) -> None:
        """Type into the field the app moved the focus to (the one bound to `path`)."""
        self.page.wait_for_function("(id) => document.activeElement && document.activeElement.id === id",
                                    arg=fid(path)[1:])
        self.page.keyboard.type(text)
        self.count += len(text)


def wait_result(page) -> None:
    """The result sheet, or the server's refusal as the failure message."""
    page.locator("[data-testid=result], [data-testid=scorer-problem]").first.wait_for()
    problem = page.locator("[data-testid=scorer-problem]")
    if problem.count():
        errors = page.locator(".field-error").all_inner_texts()
        raise AssertionError(f"refused: {problem.inner_text()} {errors}")


def server_score(server, game: str, body: dict) -> dict:
    resp = requests.post(f"{server.url}/api/scorers/{game}", json=body, timeout=20)
    assert resp.status_code == 200, resp.text
    return resp.json()


def totals(result: dict) -> dict[str, int]:
    return {p["id"]: p["total"] for p in result["players"]}


# ----------------------------------------------------------------------------- Nippon (the engine tests' game)
from tests.games.nippon.test_nippon_modes import (  # noqa: E402  (the same 4-player game as the engine tests)
    ACHIEVEMENTS, IN_PLAY, NAMES, PLACED, SHIPS, TRAINS, detailed as nippon_detailed,
)

REGION_NAMES = {"R1": "Region 1", "R2": "Region 2", "R3": "Region 3", "R4": "Region 4"}
COLOURS = ["Yellow", "Red", "Purple", "Blue"]  # the default names (the player colours)


def rename_players(page, hands: Hands) -> None:
    for i, name in enumerate(NAMES):
        hands.type(page.locator(fid(f"/players/{i}/name")), name)
        page.locator(fid(f"/players/{i}/name")).press("Tab")
        hands.count += 1
        page.get_by_role("group", name=f"Seat {i + 1}: {name}").wait_for()


def enter_achievements(page, hands: Hands, name: str, base: str) -> None:
    for k, a in enumerate(ACHIEVEMENTS[name]):
        tile = f"{a['multiplier']}×" if a["multiplier"] else "No"
        hands.tap(page.get_by_role("button", name=f"{tile} tile on {name}'s {a['space']}", exact=True))
        hands.keys(f"{base}/{k}/units", str(a["units"]))


def test_nippon_live_by_tapping_the_map(server, phone):
    """(First on the file's phone: a phone's first Nippon scorer opens in live, the mode the app recommends;
    it then keeps the last mode asked for.)"""
    page = phone
    page.goto(server.url + "/#/scorer/nippon")  # live is the mode the app recommends
    page.get_by_role("heading", name="Nippon scorer").wait_for()
    page.locator("[data-testid=nipmap]").wait_for()
    names = Hands(page)
    rename_players(page, names)
    axe_check(page, "Nippon live, before the 1st scoring"); shot(page, "m-20-nippon-live-start")
    steps = []
    for number in range(3):
        hands = Hands(page)
        for t in PLACED[number]:
            hands.tap(page.locator(f'[data-slot="{t["city"]}/{t["slot"]}"]'))
            hands.tap(page.get_by_role("button", name=f"{t['player']}'s tile", exact=True))
            hands.tap(page.get_by_role("button", name=f"Value {t['value']}", exact=True))
        for kind, noun in (("trains", "train"), ("ships", "ship")):
            for player, regions in (TRAINS if kind == "trains" else SHIPS)[number].items():
                for region, count in regions.items():
                    for _ in range(count):
                        hands.tap(page.get_by_role("button", name=f"Add a {noun} in {REGION_NAMES[region]}"))
                        hands.tap(page.get_by_role("button", name=f"{player}'s {noun}", exact=True))
        if number == 1:
            shot(page, "m-21-nippon-live-step2")
            axe_check(page, "Nippon live, entering scoring 2")
        hands.tap(page.get_by_role("button", name=f"Score scoring {number + 1}", exact=True))
        page.locator("[data-testid=running] tbody tr").nth(number).wait_for()
        steps.append(hands.count)
        # the running table after this scoring is the server's for the changes so far
        running = server_score(server, "nippon", live_body(number + 1))["running"][number]
        row = page.locator("[data-testid=running] tbody tr").nth(number)
        for entry in running["players"]:
            cell = row.locator(f'td[data-pid="{entry["player"]}"]').inner_text()
            assert cell.startswith(f"{entry['vp_so_far']} ") and f"(+{entry['gained']})" in cell
    shot(page, "m-22-nippon-live-after-3")
    # the end: who took the last turn, VP gained in play, the achievement spaces
    end = Hands(page)
    end.tap(page.get_by_role("button", name="Dee took the last turn"))
    fields = {"contracts": "contracts", "region_bonus": "region_bonus", "workforce_lost": "workforce_lost"}
    for name in NAMES:
        for key, value in IN_PLAY.get(name, {}).items():
            end.type(page.locator(fid(f"/end/players/{name}/vp_in_play/{fields[key]}")), str(value))
        enter_achievements(page, end, name, f"/end/players/{name}/achievements")
    axe_check(page, "Nippon live, the end"); shot(page, "m-23-nippon-live-end")
    end.tap(page.get_by_role("button", name="Final score", exact=True))
    wait_result(page)
    expected = server_score(server, "nippon", nippon_detailed())
    check_sheet(page, totals(expected), expected["winner_explanation"])
    page.locator("[data-testid=running]").wait_for()
    axe_check(page, "Nippon live result"); shot(page, "m-24-nippon-live-result")
    for n, count in enumerate(steps, start=1):
        FIGURES[f"Nippon live, scoring {n} step"] = count
    FIGURES["Nippon live, the end (4 players)"] = end.count
    print(f"\nNippon live steps: {steps} taps; the end: {end.count}; names +{names.count}")
    assert max(steps) <= 20
    # saved and reopened from the history: the live entry comes back in its own mode, running table included
    page.get_by_role("button", name="Save to history").click()
    page.get_by_role("status").filter(has_text="Saved").wait_for()
    page.goto(server.url + "/#/history")
    page.locator("[data-testid=history] li").first.get_by_role("link", name=re.compile("^Reopen")).click()
    check_sheet(page, totals(expected), expected["winner_explanation"])
    page.locator("[data-testid=running]").wait_for()
    assert page.errors == []


def test_nippon_end_only_by_tapping_then_with_the_board_of_one_scoring(server, phone):
    """The end only, scored; then "Change the input" and the board of the 3rd scoring (the one left on the
    table) tapped on the map, checked, its VP shown; then the next game at this table offers the names.
    (One walk: the board of one scoring was a second test entering the same end first; the suite's time.)
    The blank form's headings are in order (test_scorer_focus.py's test_nippon_end_only_headings_are_in_order
    ran axe on this same blank form in a phone of its own)."""
    from tests.games.nippon.test_nippon_modes import BOARD_3

    page = phone
    page.goto(server.url + "/#/scorer/nippon?m=end_only")
    page.get_by_role("heading", name="Nippon scorer").wait_for()
    page.get_by_role("group", name="Seat 4: Blue").wait_for()
    axe_check(page, "Nippon end-only form (blank)"); shot(page, "m-10-nippon-end-blank")
    headings = page.evaluate("axe.run(document, {runOnly: ['heading-order']})")  # axe_check loaded axe
    assert headings["violations"] == [], json.dumps(headings["violations"])[:500]
    names, hands = Hands(page), Hands(page)
    rename_players(page, names)
    expected = enter_nippon_end(server, page, hands)
    shot(page, "m-11-nippon-end-filled")
    axe_check(page, "Nippon end-only form (filled)")
    hands.tap(page.get_by_role("button", name="Score", exact=True))
    wait_result(page)
    check_sheet(page, totals(expected), expected["winner_explanation"])
    assert "Not verified: the three scorings" in page.locator("[data-testid=result]").inner_text()
    axe_check(page, "Nippon end-only result"); shot(page, "m-12-nippon-end-result")
    FIGURES["Nippon end only, 4 players"] = hands.count
    print(f"\nNippon end only: {hands.count} taps/keystrokes (+{names.count} for typing the names)")
    assert hands.count + names.count <= 60

    # The board of the 3rd scoring, added to the same input.
    page.get_by_role("button", name="Change the input").click()
    detail = Hands(page)
    detail.tap(page.get_by_role("button", name="Scoring 3: add what you remember"))
    section = page.locator("[data-testid=remembered-3]")
    for region_id, board in BOARD_3.items():
        for t in board["tiles"]:
            detail.tap(section.locator(f'[data-slot="{t["city"]}/{t["slot"]}"]'))
            detail.tap(section.get_by_role("button", name=f"{t['player']}'s tile", exact=True))
            detail.tap(section.get_by_role("button", name=f"Value {t['value']}", exact=True))
        for kind, noun in (("trains", "train"), ("ships", "ship")):
            for player, count in board.get(kind, {}).items():
                for _ in range(count):
                    detail.tap(section.get_by_role("button", name=f"Add a {noun} in {REGION_NAMES[region_id]}"))
                    detail.tap(section.get_by_role("button", name=f"{player}'s {noun}", exact=True))
    # the other two stay closed: one button each
    assert page.get_by_role("button", name="Scoring 1: add what you remember").is_visible()
    section.get_by_role("heading", name="Entered for scoring 3").scroll_into_view_if_needed()
    shot(page, "m-13-nippon-end-scoring3")
    axe_check(page, "Nippon end-only, the board of scoring 3")
    page.get_by_role("button", name="Score", exact=True).click()
    wait_result(page)
    check_sheet(page, totals(expected), expected["winner_explanation"])
    sheet = page.locator("[data-testid=result]").inner_text()
    gained = {e["player"]: e["gained"] for e in server_score(server, "nippon", live_body(3))["running"][2]["players"]}
    assert "Verified: scoring 3 (the board entered is possible" in sheet
    assert all(f"{name} {vp} VP" in sheet for name, vp in gained.items())
    assert "Not verified: scoring 1 (not entered" in sheet and "Not verified: scoring 2" in sheet
    assert "Verified: Bob's ACH3 (trains and ships on board)" in sheet
    page.locator("[data-testid=result] .log").last.scroll_into_view_if_needed()
    axe_check(page, "Nippon end-only result with scoring 3"); shot(page, "m-14-nippon-end-verified")
    FIGURES["Nippon end only: the board of scoring 3 (optional)"] = detail.count
    print(f"\nNippon end only, the board of scoring 3: {detail.count} taps more")

    # the next game at this table: the names are offered, one tap each
    page.on("dialog", lambda dialog: dialog.accept())  # "Start a new scoring?"
    page.get_by_role("button", name="New scoring").click()
    picked = Hands(page)
    for i, name in enumerate(NAMES):
        picked.tap(page.get_by_role("button", name=f"{name} in seat {i + 1}", exact=True))
        page.get_by_role("group", name=f"Seat {i + 1}: {name}").wait_for()
    assert picked.count == len(NAMES)
    assert page.errors == []


def enter_nippon_end(server, page, hands: Hands) -> dict:
    """Each disc on the VP track, the achievement spaces, who took the last turn; the detailed format's result."""
    expected = server_score(server, "nippon", nippon_detailed())
    for i, name in enumerate(NAMES):
        player = next(p for p in expected["players"] if p["id"] == name)
        hands.type(page.locator(fid(f"/players/{i}/vp_track")), str(player["total"] - player["categories"]["achievements"]))
        enter_achievements(page, hands, name, f"/players/{i}/achievements")
    hands.tap(page.get_by_role("button", name="Dee took the last turn"))
    return expected


def live_body(reached: int) -> dict:
    return {"mode": "live", "players": [{"name": n, "seat": i + 1} for i, n in enumerate(NAMES)],
            "scorings": [{"placed": PLACED[k], "trains": TRAINS[k], "ships": SHIPS[k]} for k in range(reached)]}


def test_nippon_live_refuses_a_tile_the_player_no_longer_has(server, new_phone):
    """NIP-SCORE-03 / rules Setup 2: one 7 per player; the second is refused next to the change that placed it
    (a lower tile on a covered slot is not even offered: test_scorer_problems.py).  Then, on the same form
    (test_scorer_focus.py's test_nippon_live_score_moves_focus_to_the_next_question_and_reads_the_scoring, which
    opened a live form of its own): "Score scoring N" moves the focus to the next question and reads the scoring
    out; after the 3rd, the end of the game is the next question; the final result is read out too.
    (A phone of its own: the file's phone holds test_nippon_live_by_tapping_the_map's live form, a draft per mode.)"""
    from tests.pwa.test_scorer_focus import active, wait_focus

    page = new_phone()
    page.goto(server.url + "/#/scorer/nippon?m=live")
    page.locator("[data-testid=nipmap]").wait_for()
    for slot in ("R2.C1/0", "R1.C1/0"):
        page.locator(f'[data-slot="{slot}"]').click()
        page.get_by_role("button", name="Yellow's tile", exact=True).click()
        page.get_by_role("button", name="Value 7", exact=True).click()
    page.get_by_role("button", name="Score scoring 1", exact=True).click()
    err = page.locator(fid("/scorings/0/placed/1") + "-err")  # next to the change the server refused
    err.wait_for()
    assert "has no tile of value 7 off the board" in err.inner_text() and "NIP-SCORE-03" in err.inner_text()
    axe_check(page, "Nippon live refusal"); shot(page, "m-25-nippon-live-refused")
    page.get_by_role("button", name="Remove Yellow's 7 on Region 1, city C1, top slot").click()
    page.get_by_role("button", name="Score scoring 1", exact=True).click()
    page.locator("[data-testid=running] tbody tr").first.wait_for()
    assert page.get_by_role("heading", name="Before scoring 2: what changed since scoring 1").is_visible()
    wait_focus(page, "el.id === 'step-h'")
    assert "Before scoring 2" in active(page)["text"]
    said = page.get_by_test_id("scorer-announce")
    assert said.get_attribute("role") == "status"
    assert said.inner_text().startswith("Scoring 1: Yellow ") and "Red " in said.inner_text()
    for n in (2, 3):
        page.get_by_role("button", name=f"Score scoring {n}", exact=True).click()
        page.locator("[data-testid=running] tbody tr").nth(n - 1).wait_for()
    wait_focus(page, "el.id === 'end-h'")  # after the last scoring: the end of the game is the next question
    page.get_by_role("button", name="Red took the last turn").click()
    page.get_by_role("button", name="Final score", exact=True).click()
    page.locator("[data-testid=scorepad]").wait_for()
    page.wait_for_function("() => document.querySelector('[data-testid=scorer-announce]').textContent.includes('wins')")
    shot(page, "focus-01-nippon-live-result")
    assert page.errors == []


# ----------------------------------------------------------------------------- Asian Tigers, the board as it lies
def test_asian_tigers_two_players_by_tapping_the_board(server, phone):
    import json

    from tests.helpers import worked_example

    ex1 = worked_example("EX-1")["input"]
    names = {"Red": "Ann", "Blue": "Bob"}
    page = phone
    page.goto(server.url + "/#/scorer/asian-tigers")
    page.get_by_role("heading", name="Asian Tigers scorer").wait_for()
    page.locator("[data-testid=board-SK]").wait_for()  # a new scoring starts on the board entry
    # the rest of EX-1's table (global market, influence, flags, tokens) from the example, then the board by taps
    page.get_by_role("button", name="Load example (EX-1)").click()
    page.get_by_role("button", name="Tap the board").click()
    for old, new in names.items():
        card = page.locator(f"[data-testid=participant-{old}]")
        if card.get_attribute("open") is None:
            card.locator("summary").click()
        name = page.locator(fid(f"/participants/{old}") + "-name")
        name.fill(new)
        name.press("Tab")
        page.locator(fid(f"/participants/{new}") + "-name").wait_for(state="attached")
    hands = Hands(page)
    for old, p in ex1["participants"].items():
        owner = names[old]
        for tiger, facts in p["tigers"].items():
            for piece in facts["pieces"]:
                spot = piece.rstrip("*")
                if spot == "HQ":  # the example already put the headquarters there
                    assert page.locator(f'[data-space="{tiger}.HQ"]').get_attribute("aria-label").endswith(owner)
                    continue
                space, _, parts = spot.partition("+")
                hands.tap(page.locator(f'[data-space="{tiger}.{space}"]'))
                if space.endswith("inf"):
                    hands.tap(page.get_by_role("button", name=f"One more piece of {owner} on {spoken(tiger, space)}"))
                    hands.tap(page.get_by_role("button", name="Done", exact=True))
                elif space.startswith("S"):
                    hands.tap(page.get_by_role("button", name=f"{owner} owns the satellite on {spoken(tiger, space)}"))
                else:
                    hands.tap(page.get_by_role("button", name=f"{owner} owns {spoken(tiger, space)}", exact=True))
                    if space.startswith("F"):
                        if parts:
                            hands.tap(page.get_by_label("Parts factory under it"))
                        hands.tap(page.get_by_role("button", name="Done", exact=True))
    page.locator("[data-testid=board-SK]").scroll_into_view_if_needed()
    shot(page, "m-30-at-board")
    axe_check(page, "AT board entry")
    hands.tap(page.get_by_role("button", name="Score", exact=True))
    wait_result_at(page)
    detailed = json.loads(json.dumps(ex1).replace('"Red"', '"Ann"').replace('"Blue"', '"Bob"'))
    expected = server_score(server, "asian-tigers", detailed)
    check_sheet(page, {pid: p["total"] for pid, p in expected["participants"].items()}, f"{expected['winner']} wins")
    axe_check(page, "AT board result"); shot(page, "m-31-at-board-result")
    FIGURES["Asian Tigers board, EX-1's 2-player pieces"] = hands.count
    print(f"\nAsian Tigers board (EX-1, 2 players): {hands.count} taps for the pieces")
    assert page.errors == []


def spoken(tiger: str, space: str) -> str:
    """A board space as the scorer names it: the printed words on its button, then the full words, never its code
    (issue 34): "South Korea Ships A (factory, 3 dots)", "South Korea Open ∞ (power plant space, no limit)",
    "South Korea Satellite (of the factory row)"."""
    from api.games.asian_tigers import load_edition

    t = load_edition().tigers[tiger]
    if f"{tiger}.{space}" in t.satellite_spaces:
        return f"{t.name} Satellite (of the {t.satellite_spaces[f'{tiger}.{space}'].row.replace('_', ' ')} row)"
    sp = t.spaces[f"{tiger}.{space}"]
    kind = sp.kind.replace("_", " ")
    if sp.infinite:
        return f"{t.name} Open ∞ ({kind} space, no limit)"
    short = {"university": "Univ.", "department": "Dept.", "factory": "Factory", "power_plant": "Plant",
             "laboratory": "Lab"}
    return f"{t.name} {sp.good or short[sp.kind]} {sp.column} ({kind}, {sp.min_players} dots)"


def wait_result_at(page) -> None:
    page.locator("[data-testid=result], [data-testid=scorer-problem]").first.wait_for()
    problem = page.locator("[data-testid=scorer-problem]")
    if problem.count():
        raise AssertionError(f"refused: {problem.inner_text()} {page.locator('.field-error').all_inner_texts()}")


def test_a_mode_screen_that_cannot_be_loaded_says_so(server, new_phone):
    """A Nippon mode's screen that the phone cannot fetch (no signal and not in its cache) says so, instead of
    "Loading…" for ever (a person would wait at a stalled screen)."""
    page = new_phone()
    page.route("**/js/ui/nippon-end.js*", lambda route: route.abort())
    page.goto(server.url + "/#/scorer/nippon?m=end_only")
    alert = page.get_by_test_id("screen-not-loaded")
    alert.wait_for()
    assert alert.inner_text() == "This screen could not be loaded"
    assert page.get_by_text("Loading…").count() == 0
    shot(page, "nippon-mode-not-loaded")
