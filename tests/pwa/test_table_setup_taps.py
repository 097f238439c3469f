"""Entering the table's draws (issue 33, items 13, 14, 15): counted taps.

1. A 3-player game with every draw from the table takes at most 35 taps from "New game" to the game
   (typing names excluded): tokens, board workers and turn order by tapping, the set-aside pair in one
   tap, team orders said at placement; the Era II draws at most 15 taps, each board centre named by its
   Tiger.  The test prints both counts.
2. The draws step checks every rule it can at once, at that step (a team of 10 × type 1 and a missing
   pair are both named before "Create"); workers are named "type 1 worker", never "W1".
"""
from __future__ import annotations

import random
import re
import uuid

import requests

from api.games.asian_tigers import apply, legal_actions, load_edition, new_game
from tests.pwa.conftest import bearer, game_token, shot
from tests.pwa.one_phone import one_phone, phone  # noqa: F401 (fixtures: one phone for this file's tests)

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)


class Taps:
    """Counts each tap the test makes (a click is one tap)."""

    def __init__(self):
        self.n = 0

    def __call__(self, locator):
        locator.click()
        self.n += 1


def enter_players(page, tap, names=("Ann", "Bob", "Cy")):
    tap(page.get_by_role("link", name="New game"))
    tap(page.get_by_role("button", name=str(len(names)), exact=True))
    for i, name in enumerate(names):
        page.get_by_label("Name").nth(i).fill(name)  # typing: not counted
    tap(page.get_by_role("button", name="Next"))
    tap(page.get_by_role("button", name="Next"))


def to_era2_draws(server, game_id: str, token: str) -> None:
    """Seeded-random legal moves (the engine's, from the game's export) up to the Era II draws question."""
    exported = requests.get(f"{server.url}/api/games/{game_id}/export", headers=bearer(token), timeout=10).json()
    state, rng, actions = new_game(exported["options"], load_edition(), exported["seed"]), random.Random(1), []
    while state.decisions[-1]["kind"] != "record_era2_draws":
        actions.append(rng.choice(legal_actions(state)))
        state = apply(state, actions[-1]).state
    version = server.game(game_id, token)["version"]
    for at in range(0, len(actions), 200):
        resp = requests.post(f"{server.url}/api/games/{game_id}/batch", json={"actions": actions[at:at + 200]},
                             headers={**bearer(token), "If-Match": f'"{version}"', "Idempotency-Key": str(uuid.uuid4())},
                             timeout=60)
        assert resp.status_code == 200, resp.text
        version = resp.json()["version"]


def test_every_draw_from_the_table_in_few_taps(server, phone):
    page = phone
    page.goto(server.url + "/#/")
    tap = Taps()
    enter_players(page, tap)
    tap(page.get_by_role("button", name="The table drew everything"))
    for kind in ("prosperity_tokens", "region_tokens"):
        for i, tiger in enumerate(("SK", "HK", "TW", "SG")):
            row = page.locator(f"#{kind}-{tiger}")
            if "—" in row.locator("p").inner_text():  # the last Tiger's token may have filled itself
                tap(row.locator("button:not([disabled])").first)
    tap(page.locator("#sw-A button").nth(1))
    tap(page.locator("#sw-B button").nth(2))  # centre C: the type left fills itself
    assert page.locator("#sw-C p").inner_text().endswith("type 1 worker")
    tap(page.get_by_role("button", name="Disc drawn: Cy"))
    tap(page.get_by_role("button", name="Disc drawn: Ann"))  # Bob: the last disc
    assert page.get_by_test_id("turn-order").inner_text() == "Cy, Ann, Bob"
    for seat, good in enumerate(("Electronics", "Machinery", "Finance")):
        tap(page.locator(f"#sg-{seat} button", has_text=good))
    for seat, name in enumerate(("Ann", "Bob", "Cy")):
        tap(page.get_by_role("button", name=f"{name} set aside: type 1 worker + type 2 worker"))
    text = page.locator("main").inner_text()
    assert not re.search(r"\bW[123]\b", text), "workers are named by type, not W1/W2/W3"
    shot(page, "table-50-setup-draws-by-tapping")
    tap(page.get_by_role("button", name="Next"))
    summary = page.get_by_test_id("setup-summary").inner_text()
    assert "true" not in summary and "Neutral player: basic" in summary
    tap(page.get_by_role("button", name="Create game"))
    page.get_by_test_id("turn").wait_for()
    setup_taps = tap.n
    print(f"\nsetup, 3 players, every draw from the table: {setup_taps} taps (names typed, not counted)")
    assert setup_taps <= 35

    game_id = page.url.rsplit("/", 1)[1]
    token = game_token(page, game_id)
    view = server.game(game_id, token)
    setup = view["options"]["setup"]
    assert set(setup) == {"prosperity_tokens", "region_tokens", "setup_workers", "turn_order", "starting_goods", "workers"}
    assert setup["turn_order"] == ["2", "0", "1"] and view["options"]["worker_entry"] == "stated"

    # -- Era II: the table's draws again ------------------------------------------------------
    to_era2_draws(server, game_id, token)
    form = page.get_by_test_id("era2-form")
    form.wait_for(timeout=15_000)
    tap = Taps()
    centre_a = form.locator("#e2-setup_workers-A p").inner_text()
    assert re.match(r"Centre A of (South Korea|Hong Kong|Taiwan|Singapore)", centre_a), centre_a
    tap(form.locator("#e2-setup_workers-A button").nth(0))
    tap(form.locator("#e2-setup_workers-B button").nth(1))
    for seat in ("0", "1", "2"):
        tap(form.locator(f"#e2-workers-{seat}-set_aside button").nth(2))
    form.scroll_into_view_if_needed()
    shot(page, "table-51-era2-draws-by-tapping")
    before = view_version = server.game(game_id, token)["version"]
    tap(form.get_by_role("button", name="Record the Era II draws"))
    page.locator(f"header[data-version='{before + 1}']").wait_for()
    print(f"Era II draws, 3 players: {tap.n} taps")
    assert tap.n <= 15
    after = server.game(game_id, token)
    assert after["view"]["era"] == 2 and after["version"] == view_version + 1
    assert all(p["set_aside"] == ["W2", "W3"] for p in after["view"]["players"])
    assert page.errors == []


def test_the_draws_step_names_every_rule_broken_at_once(server, phone):
    page = phone
    page.goto(server.url + "/#/")  # Home (on the file's phone: in the same page)
    page.get_by_role("link", name="New game").click()
    page.get_by_label("Name").first.fill("Ann")
    page.get_by_label("Name").nth(1).fill("Bob")
    page.get_by_role("button", name="Next").click()
    page.get_by_text("Era II ties on a Tiger").wait_for()
    page.get_by_label(re.compile("^Stated: say each worker")).check()
    page.get_by_label(re.compile("^Sequence: the team area")).check()  # the team orders typed in at setup
    page.get_by_role("button", name="Next").click()
    workers = page.locator("#draw-workers")
    workers.get_by_role("button", name="Table drew").click()
    for _ in range(10):  # a team of 10 × type 1: the bag holds only 4 of each type
        workers.get_by_role("button", name="Add type 1 worker to Ann's team").click()
    page.get_by_role("button", name="Next").click()
    problems = page.get_by_test_id("step-problems")
    problems.wait_for()
    text = problems.inner_text()
    assert "Please fix these" in text
    assert "Ann's team holds 10 × type 1 worker; the bag has only 4 of each type" in text and "PSETUP-02" in text
    assert "choose Ann's set-aside pair" in text and "choose Bob's set-aside pair" in text
    assert "Bob's team area has 0 of 10 workers" in text
    assert "Step 3 of 4" in page.locator("main").inner_text()
    shot(page, "table-52-setup-every-problem-at-once")
    assert page.errors == []
