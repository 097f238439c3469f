"""Undo at the table (issue 33, item 2).

1. A finished game is final: the phone offers no undo (the server refuses one: 409 game_over).
2. Undo says which move and what to put back: a build names the piece and the space.
3. Undoing a solo turn that the Automa answered names the Automa's pieces too (its tile, its marker).
(1, 2 and 3: one phone, a game each.)
"""
from __future__ import annotations

import random
import uuid

import requests

from api.games.asian_tigers import apply, legal_actions, load_edition, new_game
from tests.pwa.conftest import bearer, game_token, shot

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

TWO = {"players": [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "blue"}]}
SOLO = {"players": [{"name": "Ann", "color": "red"}], "solo": {"difficulty": 2}}


def played(options: dict, seed: int, until) -> list[dict]:
    """Seeded-random legal actions (the engine's, as the server will judge them) until `until(step)` is true."""
    state, rng, actions = new_game(options, load_edition(), seed), random.Random(seed), []
    while legal_actions(state):
        actions.append(rng.choice(legal_actions(state)))
        step = apply(state, actions[-1])
        state = step.state
        if until(step):
            return actions
    return actions


def start(server, options: dict, seed: int, actions: list[dict]) -> dict:
    body = {"options": options, "seed": seed}
    g = requests.post(server.url + "/api/games", json=body, timeout=10).json()
    version = 1
    for at in range(0, len(actions), 200):
        resp = requests.post(f"{server.url}/api/games/{g['game_id']}/batch", json={"actions": actions[at:at + 200]},
                             headers={**bearer(g["table_token"]), "If-Match": f'"{version}"',
                                      "Idempotency-Key": str(uuid.uuid4())}, timeout=60)
        assert resp.status_code == 200, resp.text
        version = resp.json()["version"]
    return g


def join(page, server, g) -> None:
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.wait_for_url(f"**/#/g/{g['game_id']}")  # this game's screen, never the previous game's (test_game_switch)
    page.get_by_test_id("turn").wait_for()


def test_undo_at_the_table(server, new_phone):
    """Points 1, 2 and 3 on one phone, a game of its own each (three tests before, each booting a phone: the
    suite's time): test_a_finished_game_offers_no_undo_and_the_server_refuses_one,
    test_undo_names_the_move_and_the_pieces_to_put_back, test_undo_of_a_solo_turn_says_what_the_automa_puts_back."""
    page = new_phone()
    a_finished_game_offers_no_undo_and_the_server_refuses_one(server, page)
    undo_names_the_move_and_the_pieces_to_put_back(server, page)
    undo_of_a_solo_turn_says_what_the_automa_puts_back(server, page)
    assert page.errors == []


def a_finished_game_offers_no_undo_and_the_server_refuses_one(server, page):
    actions = played(TWO, 4, lambda step: False)
    g = start(server, TWO, 4, actions)
    join(page, server, g)
    page.get_by_role("link", name="See the final score").wait_for()
    assert page.get_by_role("button", name="Undo last move").count() == 0
    shot(page, "table-10-finished-game-no-undo")
    token = game_token(page, g["game_id"])
    version = server.game(g["game_id"], token)["version"]
    resp = requests.post(f"{server.url}/api/games/{g['game_id']}/undo", json={"count": 1}, timeout=10,
                         headers={**bearer(token), "If-Match": f'"{version}"', "Idempotency-Key": "u1"})
    assert resp.status_code == 409 and resp.json()["code"] == "game_over"


def undo_names_the_move_and_the_pieces_to_put_back(server, page):
    built = lambda step: any(e["kind"] == "infrastructure_built" for e in step.events)  # noqa: E731
    actions = played(TWO, 3, built)
    g = start(server, TWO, 3, actions)
    join(page, server, g)
    page.get_by_role("button", name="Undo last move").click()
    confirm = page.get_by_test_id("undo-confirm")
    confirm.get_by_test_id("undo-takeback").wait_for()
    move = confirm.get_by_test_id("undo-move").inner_text()
    assert "builds" in move and ("Ann" in move or "Bob" in move), move
    lines = confirm.get_by_test_id("undo-takeback").locator("li").all_inner_texts()
    assert any(line.startswith("Take ") and " off " in line and "goes back to sector" in line for line in lines), lines
    shot(page, "table-11-undo-names-the-pieces")
    version = int(page.locator("header").first.get_attribute("data-version"))
    confirm.get_by_role("button", name="Yes, undo it").click()
    page.locator(f"header[data-version='{version + 1}']").wait_for()


def undo_of_a_solo_turn_says_what_the_automa_puts_back(server, page):
    automa = lambda step: any(e["kind"] == "automa_tile_revealed" for e in step.events)  # noqa: E731
    actions = played(SOLO, 5, automa)
    g = start(server, SOLO, 5, actions)
    join(page, server, g)
    page.get_by_role("button", name="Undo last move").click()
    takeback = page.get_by_test_id("undo-takeback")
    takeback.wait_for()
    lines = takeback.locator("li").all_inner_texts()
    assert "Automa: put its tile back face down on top of the pile." in lines, lines
    assert any(line.startswith("Automa: ") and "back" in line and "tile" not in line for line in lines), lines
    takeback.scroll_into_view_if_needed()
    shot(page, "table-12-undo-automa-turn")
