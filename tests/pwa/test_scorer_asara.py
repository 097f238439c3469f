"""Asara end only in Chromium at 360×740 (issue 15): a plausible 4-player end entered by tapping (a tower is a tap
on its height in its colour's row, a tap on it per gold section, Asari and prestige from the number pad, names
picked from this phone's recent players), giving the detailed format's totals; every tap and keystroke counted."""
from __future__ import annotations

import re

from tests.pwa.conftest import axe_check, shot
from tests.pwa.test_scorer_modes import FIGURES, Hands, server_score, totals, wait_result
from tests.pwa.test_scorers import check_sheet, fid

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

# ----------------------------------------------------------------------------- Asara, end only
# A plausible 4-player end (rules: 100 tower sections in the box, a tower is one colour, base and turret): 3 to 5
# towers each, 16 towers of 69 sections, 6 gold sections.  The towers went up over the years (the first two by
# the end of year 2, the third by year 3, the rest in year 4), gold on the first towers, the Caliph held by Ann,
# Bob, Cem and Dee in turn; the prestige track holds the building turns and the four year ends.
ASARA = {"Ann": {"asari": 27, "towers": [("red", 6, 2), ("brown", 4, 0), ("white", 5, 0), ("green", 3, 0)]},
         "Bob": {"asari": 19, "towers": [("black", 5, 1), ("red", 4, 0), ("brown", 3, 0), ("green", 4, 0),
                                         ("white", 3, 0)]},
         "Cem": {"asari": 35, "towers": [("white", 7, 1), ("black", 4, 1), ("brown", 5, 0)]},
         "Dee": {"asari": 14, "towers": [("green", 5, 1), ("red", 5, 0), ("black", 3, 0), ("brown", 3, 0)]}}
STANDING = (0, 2, 3, 5)  # towers standing at the end of years 1-4 (the first n of each list)
CALIPH = ["Ann", "Bob", "Cem", "Dee"]  # who held the Caliph's patronage at the end of each year


def year_ends(name: str) -> int:
    """+1 a tower, +1 a gold section, +1 the Caliph, at each year end (ASA-SCORE-03)."""
    towers = ASARA[name]["towers"]
    return sum(len(towers[:n]) + sum(g for _, _, g in towers[:n]) + (CALIPH[y] == name)
               for y, n in enumerate(STANDING))


def building(name: str) -> int:
    """One prestige per section used (the placeholder table, ASA-DATA-01)."""
    return sum(h for _, h, _ in ASARA[name]["towers"])


def track(name: str) -> int:
    return building(name) + year_ends(name)


def asara_detailed() -> dict:
    """The same game in the detailed format."""
    def towers(name, n):
        return [{"color": c, "sections": {"base": 1, "trunk": h - 2, "window": 0, "turret": 1}, "gold_sections": g}
                for c, h, g in ASARA[name]["towers"][:n]]
    years = [{"caliph": CALIPH[y], "towers": {name: towers(name, n) for name in ASARA if n}}
             for y, n in enumerate(STANDING)]
    return {"players": [{"id": n, "asari": p["asari"], "building_prestige": building(n)} for n, p in ASARA.items()],
            "years": years}


def enter_asara_end(page, hands: Hands, pad_shot: str | None = None) -> int:
    """The towers (a tap on the height in the colour's row, a tap on a tower per gold), then the number pad; the
    taps this took (the same every time: one per tower, gold section and number, and one to open the pad).
    `pad_shot`: the screenshot's name of the open pad (once: the second entry is the same screen)."""
    before = hands.count
    for i, (name, p) in enumerate(ASARA.items()):
        for j, (color, sections, gold) in enumerate(p["towers"]):
            hands.tap(page.get_by_role("button", name=f"Add a {color} tower of {sections} for {name}", exact=True))
            for _ in range(gold):
                hands.tap(page.get_by_role("button", name=re.compile(f": one more gold section on {name}'s "
                                                                       f"{ORDINALS[j]} tower$")))
    hands.tap(page.locator(fid("/players/0/asari")))  # the pad opens and walks the fields in order
    pad = page.locator("[data-testid=numpad]")
    for i, (name, p) in enumerate(ASARA.items()):
        for key, value in (("asari", p["asari"]), ("prestige", track(name))):
            page.get_by_role("group", name=f"Number pad for {name}'s {'Asari' if key == 'asari' else 'prestige track'}",
                             exact=True).wait_for()
            if pad_shot and (i, key) == (1, "prestige"):
                shot(page, pad_shot)
            hands.tap(pad.get_by_role("button", name=str(value), exact=True))
    pad.wait_for(state="detached")  # closed after the last field
    return hands.count - before


ORDINALS = ["1st", "2nd", "3rd", "4th", "5th"]


def type_names(page, hands: Hands) -> None:
    for i, name in enumerate(ASARA):
        hands.type(page.locator(fid(f"/players/{i}/name")), name)
        page.locator(fid(f"/players/{i}/name")).press("Tab")  # committed when leaving the field
        hands.count += 1
        page.get_by_role("group", name=name, exact=True).wait_for()


def score_asara(page, server, hands: Hands) -> None:
    hands.tap(page.get_by_role("button", name="Score", exact=True))
    wait_result(page)
    expected = server_score(server, "asara", asara_detailed())
    check_sheet(page, totals(expected), expected["winner_explanation"])


def test_asara_end_only_four_players_by_tapping(server, new_phone):
    page = new_phone()
    page.on("dialog", lambda dialog: dialog.accept())  # "Start a new scoring?"
    page.goto(server.url + "/#/scorer/asara")
    page.get_by_role("heading", name="Asara scorer").wait_for()
    page.get_by_role("group", name="Add a tower for Player 1").wait_for()
    shot(page, "m-01-asara-end-blank")  # (axe on this blank form, light and dark: test_a11y.py's "scorer asara")
    # a first scoring on this phone: the names typed
    typed = Hands(page)
    type_names(page, typed)
    enter_asara_end(page, typed, pad_shot="m-02-asara-end-numpad")
    page.get_by_role("list", name="Ann's towers").scroll_into_view_if_needed()
    shot(page, "m-02-asara-end-towers")
    page.get_by_role("group", name="Add a tower for Dee").scroll_into_view_if_needed()
    shot(page, "m-02-asara-end-filled")
    axe_check(page, "Asara end-only form (filled)")
    score_asara(page, server, typed)
    assert "Not verified: year-end evaluations" in page.locator("[data-testid=result]").inner_text()
    axe_check(page, "Asara end-only result"); shot(page, "m-03-asara-end-result")
    # the next game at the same table: each name one tap among this phone's recent players
    page.get_by_role("button", name="New scoring").click()
    page.get_by_role("group", name="Add a tower for Player 1").wait_for()
    page.get_by_role("button", name="Ann in seat 1").wait_for()
    axe_check(page, "Asara end-only, recent players offered"); shot(page, "m-05-asara-end-recent")
    picked = Hands(page)
    for i, name in enumerate(ASARA):
        picked.tap(page.get_by_role("button", name=f"{name} in seat {i + 1}", exact=True))
        page.get_by_role("group", name=name, exact=True).wait_for()
    end_taps = enter_asara_end(page, picked)
    score_asara(page, server, picked)
    # and once more, the whole table in one tap: the four seats named in order, nothing else entered; the end
    # itself is the same taps as just above (entered and scored with these names there: the suite's time)
    page.get_by_role("button", name="New scoring").click()
    one = Hands(page)
    one.tap(page.get_by_role("button", name="Same players as last time: Ann, Bob, Cem, Dee"))
    page.get_by_role("group", name="Dee", exact=True).wait_for()
    assert [page.locator(fid(f"/players/{i}/name")).input_value() for i in range(4)] == list(ASARA)
    assert all(page.get_by_role("list", name=f"{name}'s towers").inner_text().strip() == "No towers yet."
               for name in ASARA)
    one.count += end_taps + 1  # the end's taps and "Score"
    towers = sum(len(p["towers"]) for p in ASARA.values())
    FIGURES[f"Asara end only, 4 players, {towers} towers, names picked"] = picked.count
    FIGURES["Asara end only, the same, the table in one tap"] = one.count
    FIGURES["Asara end only, the same, names typed"] = typed.count
    print(f"\nAsara end only ({towers} towers): {picked.count} taps with the names picked, {one.count} with the "
          f"table in one tap, {typed.count} with the names typed")
    assert picked.count <= 40 and one.count <= 40
    assert page.errors == []


def test_asara_end_only_refusal_names_the_field(server, new_phone):
    page = new_phone()
    page.goto(server.url + "/#/scorer/asara?m=end_only")
    for _ in range(15):  # 105 sections: more than the box holds (rules, Components: 100 tower pieces)
        page.get_by_role("button", name="Add a black tower of 7 for Player 1", exact=True).click()
    for i in range(4):
        page.locator(fid(f"/players/{i}/asari")).fill("1")
        page.locator(fid(f"/players/{i}/prestige")).fill("0")
    page.locator("[data-testid=numpad]").get_by_role("button", name="Done").click()
    page.locator(fid("/players/3/prestige")).click()  # a tap on the field still focused opens the pad again
    page.get_by_role("group", name="Number pad for Player 4's prestige track").wait_for()
    page.locator("[data-testid=numpad]").get_by_role("button", name="Keyboard").click()  # the phone's keyboard back
    page.locator("[data-testid=numpad]").wait_for(state="detached")
    prestige = page.locator(fid("/players/3/prestige"))
    page.wait_for_function("(id) => document.activeElement && document.activeElement.id === id",
                           arg=fid("/players/3/prestige")[1:])
    assert prestige.get_attribute("inputmode") == "numeric"
    prestige.press("Backspace")
    page.keyboard.type("0")
    assert page.locator("[data-testid=numpad]").count() == 0
    page.get_by_role("button", name="Score", exact=True).click()
    page.locator("[data-testid=scorer-problem]").wait_for()
    err = page.locator("[data-testid=result], .field-error").filter(has_text="the box has only 100")
    err.wait_for()
    assert "ASA-SCORE-04" in err.inner_text()
    err.scroll_into_view_if_needed()
    axe_check(page, "Asara end-only refusal"); shot(page, "m-04-asara-end-refused")
    assert page.errors == []


SMALL = """(sel) => [...document.querySelectorAll(sel)].filter((el) => el.checkVisibility())
  .map((el) => [el.getAttribute('aria-label') || el.textContent.trim(), el.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44).map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def test_asara_targets_are_44_px_and_a_removed_tower_can_be_put_back(server, new_phone):
    # WCAG 2.5.5: every tower button and pad key is at least 44 × 44 px; a tower removed by mistake comes back
    page = new_phone()
    page.goto(server.url + "/#/scorer/asara?m=end_only")
    page.get_by_role("button", name="Add a red tower of 6 for Player 1", exact=True).click()
    page.get_by_role("button", name=re.compile("^Red 6: one more gold section on Player 1's 1st tower")).click()
    assert page.evaluate(SMALL, "main button") == []
    page.locator(fid("/players/0/asari")).click()
    page.locator("[data-testid=numpad]").wait_for()
    assert page.evaluate(SMALL, "[data-testid=numpad] button") == []
    shot(page, "m-05-asara-numpad-44px")
    page.locator("[data-testid=numpad]").get_by_role("button", name="Done").click()
    page.get_by_role("button", name="Remove Player 1's 1st tower (red, 6)").click()
    assert page.get_by_role("list", name="Player 1's towers").inner_text().strip() == "No towers yet."
    back = page.get_by_role("button", name="Put the Red 6 · 1 gold back")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'undo-0'")  # focus on it
    assert "Removed Player 1's Red 6 · 1 gold" in page.get_by_role("status").filter(has=back).inner_text()
    back.click()
    assert "Red 6 · 1 gold" in page.get_by_role("list", name="Player 1's towers").inner_text()
    assert not back.count()
    axe_check(page, "Asara end only, a tower put back")
