"""The Board tab (issue 12, item 7): each Tiger laid out in its columns A, B and C with the owners
of its pieces named in text, the global market and every player's board; no component code
anywhere a player reads; axe light and dark and 200 % text on each part."""
from __future__ import annotations

import random
import re


from tests.pwa.conftest import click_action, shot
from tests.pwa.one_phone import one_phone, phone  # noqa: F401 (fixtures: one phone for this file's tests)
from tests.pwa.test_a11y import check_screen

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

# Codes a player cannot match to a piece: tokens, tiles, spaces, sectors, performance tokens, trade centres.
CODES = re.compile(r"\b(PT\d|RB\d|AT\d\d|[A-Z]inf|[A-Z]{2}\.[A-Z]{1,2}\d*|S\d{1,2}|[DY]\d|ITC\d|RTC|STC)\b")


def visible_codes(page) -> list[str]:
    return CODES.findall(page.locator("main").inner_text())


def test_board_screens(server, phone):
    g = server.create_game(seed=6)
    gid, token, view = g["game_id"], g["table_token"], g["game"]
    rng = random.Random(4)
    while len(view["view"]["board"]["pieces"]) < 6:  # some pieces on the board (set up over HTTP)
        server.act(gid, token, rng.choice(view["legal_actions"]), view["version"])
        view = server.game(gid, token)  # a write answers with a patch of the view; read it whole
    board = view["view"]["board"]
    names = {p["id"]: p["name"] for p in view["view"]["players"]}
    page = phone
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.locator("[data-testid=recorder]").wait_for()
    page.get_by_role("navigation", name="Game screens").get_by_role("link", name="Board").click()

    tigers = {"SK": "South Korea", "HK": "Hong Kong", "TW": "Taiwan", "SG": "Singapore"}
    for code, tiger in tigers.items():
        page.get_by_role("group", name="Show").get_by_role("button", name=tiger).click()
        section = page.locator(f"[data-testid=tiger-{code}]")
        section.wait_for()
        assert [c.strip() for c in section.locator(".column h3").all_inner_texts()] == ["Column A", "Column B", "Column C"]
        for piece in (p for p in board["pieces"] if p["space"].startswith(code + ".")):
            assert names[piece["owner"]] in section.inner_text()  # the owner by name, not colour alone
        for pid, name in names.items():
            row = section.locator("tbody tr", has_text=name)
            assert row.locator("td").nth(1).inner_text() == str(view["view"]["players"][int(pid)]["influence"][code])
        assert visible_codes(page) == [], tiger
        assert section.locator(".placeholder-mark").count() >= 2  # the tokens' values are placeholders here
    shot(page, "50-board-tiger"); page.emulate_media(color_scheme="dark"); shot(page, "50b-board-tiger-dark")
    page.emulate_media(color_scheme="light")
    check_screen(page, "board tiger")

    page.get_by_role("button", name="Global market").click()
    market = page.locator("[data-testid=global-market]")
    for pos, ids in board["global_market"].items():
        assert all(names[i] in market.locator("li", has_text=f"Space {pos}:").inner_text() for i in ids)
    assert "United States (a sale takes 1 Automobiles + 1 Electronics): United States (value" in market.inner_text()
    assert visible_codes(page) == []
    shot(page, "51-board-global-market")
    check_screen(page, "board global market")

    for pid, name in names.items():
        page.get_by_role("group", name="Show").get_by_role("button", name=name).click()
        pb = page.locator(f"[data-testid=player-board-{pid}]")
        pb.wait_for()
        text = pb.inner_text()
        assert "Sector 12" in text and "Final scoring rows" in text and visible_codes(page) == []
    shot(page, "52-board-player")
    check_screen(page, "board player")
    assert page.errors == []


def test_lay_out_what_the_app_drew(server, phone):
    """Item 8: a new game's phone walks the table through laying out what the app drew."""
    g = server.create_game(seed=8)
    view = g["game"]["view"]
    page = phone
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.get_by_role("link", name=re.compile("^Lay out the table")).click()
    # The game screen shows the same checklist first (its "First, lay out the table" card): wait for the
    # layout screen's own heading, else the reads below may still see the game screen.
    page.get_by_role("heading", level=1, name="Lay out the table", exact=True).wait_for()
    items = page.locator("[data-testid=layout] li")
    items.first.wait_for()
    text = " ".join(page.locator("[data-testid=layout]").inner_text().split())
    steps = view["setup_instructions"]["steps"]  # the server's own steps, in words
    assert all(" ".join(step.split()) in text for step in steps)
    # then what the box needs (issue 33): the board face and flags, each player's energy, science and funds
    assert items.count() == len(steps) + 1 + len(view["players"]) and "Board: the 2-player face up" in text
    names = {p["id"]: p["name"] for p in view["players"]}
    assert "Turn order: " + ", ".join(names[i] for i in view["turn_order"]) in text
    for tiger in view["setup_instructions"]["tigers"]:
        assert f"Put the prosperity token {tiger['prosperity_token']['label']} on {tiger['name']}" in text
    assert visible_codes(page) == [] and page.locator("[data-testid=placeholder-note]").is_visible()
    assert f"{items.count()} of {items.count()} still to do" in page.locator("main").inner_text()
    items.first.get_by_role("checkbox").check()
    assert f"{items.count() - 1} of {items.count()} still to do" in page.locator("main").inner_text()
    shot(page, "53-lay-out-the-table")
    check_screen(page, "lay out the table")
    page.get_by_role("link", name=re.compile("^To the first turn")).click()
    page.locator("[data-testid=recorder]").wait_for()
    assert page.errors == []


def test_no_codes_anywhere_a_player_reads(server, phone):
    """A 2-player and a solo game, each turn tapped for a while: the game, log and score screens
    never show a component code (PT3, RB4, AT07, Pinf, SK.F2, S7, D1, ITC1 …)."""
    seen = []
    for options in ({"names": ("Ann", "Bob"), "seed": 3}, {"names": ("Cy",), "seed": 5, "solo": {"difficulty": 2}}):
        g = server.create_game(**options)
        gid, token = g["game_id"], g["table_token"]
        page = phone
        page.goto(f"{server.url}/#/join/{g['join_code']}")
        # this game's screen: the last test's (or game's) screen may still show its recorder and its codes
        page.wait_for_url(f"**/#/g/{gid}")
        page.locator("[data-testid=recorder]").wait_for()
        rng = random.Random(1)
        for _ in range(14):
            view = server.game(gid, token)
            if view["over"]:
                break
            seen += [(options["seed"], c) for c in visible_codes(page)]
            action = rng.choice(view["legal_actions"])
            click_action(page, action, view)
            page.wait_for_function("(v) => Number(document.querySelector('header').dataset.version) > v", arg=view["version"])
        page.locator("[data-testid=just-recorded] li").first.wait_for()
        seen += [(options["seed"], c) for c in visible_codes(page)]
        for tab, ready in (("Log", "[data-testid=log]"), ("Manage", "main >> text=/has not started yet|Step \\d+ of/"),
                           ("Score", "[data-testid=scorepad] td"), ("Board", "[data-testid^=tiger-]")):
            page.get_by_role("navigation", name="Game screens").get_by_role("link", name=tab, exact=True).click()
            page.locator(ready).first.wait_for()
            seen += [(options["seed"], tab, c) for c in visible_codes(page)]
        assert page.errors == []
    assert not seen, " ".join(sorted(set(map(str, seen))))
