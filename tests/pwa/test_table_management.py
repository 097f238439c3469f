"""Management in numbers, without rule ids (issue 33, item 10).

The special-flag offer says what accepting does in numbers (influence now → at the previous Tiger icon,
the global-market advance), and what declining keeps; the walkthrough's lines carry no rule ids.
"""
from __future__ import annotations

import random
import re

from api.games.asian_tigers import apply, legal_actions, load_edition, new_game
from tests.pwa.conftest import shot
from tests.pwa.test_table_undo import start

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

THREE = {"players": [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Bob", "blue"), ("Cy", "green"))]}


def to_offer(seed: int) -> list[dict]:
    state, rng, actions = new_game(THREE, load_edition(), seed), random.Random(seed), []
    while state.decisions[-1]["kind"] != "choose_special_flag":
        actions.append(rng.choice(legal_actions(state)))
        state = apply(state, actions[-1]).state
    return actions


def test_the_special_flag_offer_in_numbers_and_no_rule_ids(server, new_phone):
    g = start(server, THREE, 5, to_offer(5))  # seed 5: Bob is offered the Hong Kong special flag
    page = new_phone()
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.get_by_test_id("turn").wait_for()
    page.get_by_role("link", name="Manage", exact=True).click()
    numbers = page.get_by_test_id("offer-numbers")
    numbers.wait_for()
    view = server.game(g["game_id"], g["table_token"])
    offer = view["decision"]
    player = next(p for p in view["view"]["players"] if p["id"] == offer["seat"])
    now = player["influence"][offer["tiger"]]
    after = 0 if now <= 0 else (now - 1) // 5 * 5  # AMB-23: the Tiger icon below (one every 5 spaces)
    gm = player["global_market"]
    text = numbers.inner_text()
    assert f"{now} → {after}" in text and f"+2 (space {gm} → {gm + 2})" in text, text
    assert f"stays {now}" in text
    page.get_by_test_id("mgmt-step").wait_for()  # the walkthrough's steps come with the log (a fetch): read them too
    main = page.locator("main").inner_text()
    assert not re.search(r"\((AMB|TIE|NEUTRAL)-\d+\)", main), main
    shot(page, "table-80-special-flag-offer-numbers")
    page.get_by_role("button", name="Accept the special flag").click()
    page.locator(f"header[data-version='{view['version'] + 1}']").wait_for()
    log = [ln for e in server.log(g["game_id"], g["table_token"]) for ln in e["lines"]]
    assert any(f"drops from {now} to {after} influence" in ln for ln in log)
    assert page.errors == []
