"""The turn recorder speaks before the tap (issue 12, items 6 and 8): each option shows what it
costs and brings (the server's view.choices, each whole; a build's space words and sector words apart:
issue 30), an option that is not available now is greyed and a
tap shows the engine's own reason and rule (GET /why-not, asked when the list opens), and a table that draws its own Era II
workers fills in a form (view.era2_form) instead of typing JSON.  Light and dark, axe, screenshots."""
from __future__ import annotations

import json
import random
import re


from api.games import asian_tigers as engine
from tests.pwa.conftest import axe_check, shot
from tests.pwa.http_moves import batch, play
from tests.pwa.one_phone import one_phone, phone  # noqa: F401 (fixtures: one phone for this file's tests)

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)


def asks(kind: str):
    """A predicate on a game state: its decision is of `kind`."""
    return lambda state: state.decisions[-1]["kind"] == kind


def options(view: dict) -> list[tuple[dict, dict]]:
    """(action, its choice) of each legal action: ``choices[i]`` says what ``legal_actions[i]`` costs and brings."""
    choices = view["view"]["choices"]
    assert len(choices) == len(view["legal_actions"])
    return list(zip(view["legal_actions"], choices))


def cost_line(choice: dict) -> str:
    """What the phone shows under an option: the server's detail (what follows the label); a build's space
    words and sector words joined (issue 30: the answer does not send them a third time, joined)."""
    if "detail" in choice:
        return choice["detail"]
    return " — ".join(d for d in (choice["space_detail"], choice["sector_detail"]) if d)


def button_for(page, action: dict):
    return page.locator(f"button[data-action='{json.dumps(action, separators=(',', ':'), ensure_ascii=False)}']")


def test_costs_and_why_not(server, phone):
    g = server.create_game(seed=2)
    gid, token = g["game_id"], g["table_token"]
    page = phone
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.locator("[data-testid=recorder]").wait_for()
    view = server.game(gid, token)
    shown = options(view)
    for action, choice in shown:  # every placement shows its cost (or what it brings) before the tap
        assert action["kind"] == "place_worker" and cost_line(choice) and "space_detail" not in choice
        assert button_for(page, action).locator(".cost").inner_text() == cost_line(choice)

    # an unavailable centre: greyed, and a tap says why, with the rule (asked of the server when opened)
    refused = server.why_not(gid, token)["why_not"]
    centre = next(e for e in refused if e["action"]["kind"] == "place_worker")
    page.get_by_text("Not available now").click()
    page.get_by_text(f"Not available now ({len(refused)})").wait_for()
    assert page.locator("button.unavailable").count() == len(refused)
    page.locator("button.unavailable", has_text=centre["label"]).first.click()
    why = page.locator(".why").first
    assert why.inner_text() == f"{centre['reason']['message']} (rule {centre['reason']['rule']})"
    why.scroll_into_view_if_needed()
    axe_check(page, "why not"); shot(page, "60-options-why-not")
    page.emulate_media(color_scheme="dark")
    axe_check(page, "why not, dark"); shot(page, "60b-options-why-not-dark")
    page.emulate_media(color_scheme="light")

    # a placement (no local sale), then the builds: every build option shows its cost and payoff too
    place = next(a for a, _ in shown if a.get("center", "").endswith(".C"))
    button_for(page, place).click()
    version = 2
    page.locator(f"header[data-version='{version}']").wait_for()
    view = server.game(gid, token)
    while view["decision"]["kind"] != "choose_build":
        skip = next(a for a in view["legal_actions"] if a["kind"] in ("skip_local_sale", "skip_university_action"))
        button_for(page, skip).click()
        version += 1
        page.locator(f"header[data-version='{version}']").wait_for()
        view = server.game(gid, token)
    builds = [(a, c) for a, c in options(view) if a["kind"] in ("build", "build_department")]
    assert builds and all("space_detail" in c and "sector_detail" in c and "detail" not in c for _, c in builds)
    by_space = {}
    for action, choice in builds:
        by_space.setdefault(action["space"], []).append((action, choice))
    for space, opts in by_space.items():  # a space with one sector is a button of its own: the whole line
        if len(opts) == 1:
            assert button_for(page, opts[0][0]).locator(".cost").inner_text() == cost_line(opts[0][1])
    shot(page, "61-options-build")
    several = next((opts for opts in by_space.values() if len(opts) > 1), None)
    assert several, "seed 2 offers a build whose piece may come from several sectors"
    # The space's own button says what the space costs and brings (the same for all its sector
    # options), before the sector is chosen: a laboratory or power plant is free and says what it brings.
    space_detail = several[0][1]["space_detail"]
    assert all(c["space_detail"] == space_detail for _, c in several)
    assert space_detail.startswith(("pays ", "gets ")), space_detail
    pick = page.locator(f'button[data-pick="{several[0][0]["space"]}"]')
    assert pick.locator(".cost").inner_text() == (
        f"{space_detail} — then the piece from one of {len(several)} sectors")
    pick.scroll_into_view_if_needed(); shot(page, "61a-options-build-space")
    # After the tap: the space's line once above its sectors, each sector button what taking its piece leaves.
    pick.click()
    group = page.get_by_role("group", name=re.compile("take the piece from which sector"))
    assert group.locator(".hint").inner_text() == space_detail
    for action, choice in several:
        sector_detail = choice["sector_detail"]
        assert sector_detail.startswith(("sector ", "empties sector ")), choice
        assert button_for(page, action).locator(".cost").inner_text() == sector_detail
        assert cost_line(choice) == f"{space_detail} — {sector_detail}"  # the whole
    shot(page, "61b-options-build-sector")
    assert page.errors == []


def test_era2_draw_form(server, phone):
    body = {"names": ("Ann", "Bob"), "seed": 2, "setup": {"setup_workers": {"A": "W1", "B": "W2", "C": "W3"}}}
    g = server.create_game(**body)
    gid, token, view = g["game_id"], g["table_token"], g["game"]
    view = play(server, gid, token, random.Random(1).choice, until=asks("record_era2_draws"))  # Era I over HTTP
    page = phone
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    form = page.locator("[data-testid=era2-form]")
    form.wait_for()
    assert "Centre A of" in form.inner_text()  # named by its Tiger (issue 33)
    form.get_by_role("button", name="Record the Era II draws").click()  # nothing entered yet: refused in words
    assert "choose one" in page.get_by_role("alert").inner_text()
    for centre, worker in (("A", "type 1 worker"), ("B", "type 2 worker")):  # C: the type left
        form.get_by_role("button", name=f"{worker}: centre {centre}").click()
    team = ["W1"] * 3 + ["W2"] * 3 + ["W3"] * 4
    for seat, name in (("0", "Ann"), ("1", "Bob")):
        form.locator(f"#e2-workers-{seat}-set_aside").get_by_role("button", name="type 1 worker + type 2 worker").click()
        for worker in team:
            form.get_by_role("button", name=f"Add type {worker[1]} worker: {name}: team area, left to right").click()
    axe_check(page, "era II form"); shot(page, "62-era2-form")
    page.emulate_media(color_scheme="dark")
    axe_check(page, "era II form, dark"); shot(page, "62b-era2-form-dark")
    page.emulate_media(color_scheme="light")
    form.get_by_role("button", name="Record the Era II draws").click()
    page.locator(f"header[data-version='{view['version'] + 1}']").wait_for()
    after = server.game(gid, token)
    assert after["view"]["era"] == 2
    for p in after["view"]["players"]:
        assert p["set_aside"] == ["W1", "W2"] and p["team"] == team[len(team) - len(p["team"]):]
    assert page.errors == []


TIGERS = {"SK": "South Korea", "HK": "Hong Kong", "TW": "Taiwan", "SG": "Singapore"}


def test_a_good_token_says_whose_factory_makes_each_good(server, phone):
    # REGION-04 / AMB-26 (issue 33, item 12): "1 good made here" offers the goods any factory on that Tiger
    # makes; a good only the neutral's blocker makes says so on its button, before the tap.
    g = server.create_game(names=("Ann", "Bob", "Cy"), seed=15)
    gid, token, view = g["game_id"], g["table_token"], g["game"]
    rng = random.Random(1)

    def good_token(state) -> bool:
        return engine.is_over(state) or asks("choose_region_bonus")(state) and bool(state.decisions[-1].get("tiger"))

    for _ in range(40):  # over HTTP until a good token of a Tiger asks which good
        view = play(server, gid, token, rng.choice, until=good_token)
        decision = view["decision"]
        assert not view["over"], "no good token offered a good made only by the neutral's factory"
        neutral = [(a, c) for a, c in options(view) if "the neutral's factory" in cost_line(c)]
        if neutral:
            break
        view = batch(server, gid, token, [rng.choice(view["legal_actions"])])
    else:
        raise AssertionError("no good token offered a good made only by the neutral's factory")
    action, choice = neutral[0]
    page = phone
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.wait_for_url(f"**/#/g/{gid}")  # this game's screen, not the last test's game (the file's phone)
    button = button_for(page, action)
    button.wait_for()
    tiger = TIGERS[decision["tiger"]]
    shown = button.inner_text()
    assert f"Take 1 {action['good']}" in shown and f"{action['good']} is made on {tiger} by " in shown, shown
    assert "by the neutral's factory (anyone's factory counts)" in shown, shown
    assert button.locator(".cost").inner_text() == cost_line(choice)
    button.scroll_into_view_if_needed(); shot(page, "63-options-good-token-neutral-factory")
    assert page.errors == []


def test_a_department_names_its_space_by_its_dots(server, phone):
    # BUILD-DEPT-01 / DATA-13 (issue 33, item 12: "2 science · 1st"): the university's additional action offers
    # a department by the space's own words, its science cost and, for the two alike, its dots.
    g = server.create_game(names=("Ann", "Bob", "Cy"), seed=6)
    gid, token, view = g["game_id"], g["table_token"], g["game"]
    view = play(server, gid, token, random.Random(1).choice, until=lambda state: engine.is_over(state) or any(
        a["kind"] == "build_department" and a["space"].endswith(".D2") for a in engine.legal_actions(state)))
    assert not view["over"], "no 3-dot department was offered"
    d2 = next(a for a in view["legal_actions"] if a["kind"] == "build_department" and a["space"].endswith(".D2"))
    tiger = TIGERS[d2["space"].split(".")[0]]
    page = phone
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.wait_for_url(f"**/#/g/{gid}")  # this game's screen: the last test's game had a recorder too
    page.get_by_test_id("recorder").wait_for()
    space = page.locator(f'button[data-pick="{d2["space"]}"]').or_(button_for(page, d2)).first
    space.wait_for()
    text = space.inner_text()
    assert text.startswith(f"{tiger} · department · column C · costs 2 science · 3-dot space"), text
    assert "1st" not in text and "Department:" not in text, text
    assert "pays 2 science" in text, text  # what the tap costs, under the name
    space.scroll_into_view_if_needed(); shot(page, "64-options-department-by-its-dots")
    assert page.errors == []


def test_the_options_wait_for_the_boards_names_instead_of_showing_codes(server, new_phone):
    # DATA-13 (issue 35's first paint, found under load): a phone that joins draws the stored game at once, but
    # its options wait for the board's names (the edition, ~100 KB on a slow network) instead of flashing
    # "HK.D2" where "Hong Kong · department …" belongs.
    g = server.create_game(names=("Ann", "Bob"), seed=3)
    page = new_phone(service_workers="block")  # the page's own fetch of the edition is the one held
    held = []
    def hold(route):
        held.append(route)
    page.route("**/api/games/*/edition", hold)
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    waiting = page.get_by_test_id("recorder-waiting")
    waiting.wait_for()
    assert held, "the edition was not asked for"
    assert waiting.inner_text() == "Getting the board's names…"
    assert page.get_by_test_id("recorder").count() == 0  # no option button yet, so no code on one
    shot(page, "65-options-wait-for-the-boards-names")
    for route in held:
        route.continue_()
    page.unroute("**/api/games/*/edition")
    recorder = page.get_by_test_id("recorder")
    recorder.wait_for()
    text = recorder.inner_text()
    assert not re.search(r"\b(SK|HK|TW|SG)\.[A-Z]", text), text
    assert page.errors == []
