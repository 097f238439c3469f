"""The phone answers first (issue 35): with its engine running, a tap shows the next question at once,
the move marked "sending"; the server's answer confirms it (same state hash) or, after another phone's
move or on a refusal, the phone shows the server's game and says why.

One phone (360×740, taps) is made ready once through the one-time question on its first game screen;
each test then opens a game of its own.  The phone's move requests are held by the test
(``page.route``) so what the screen shows before the server answers can be read.
"""
from __future__ import annotations

import json
import re

import pytest
import requests

from tests.pwa.conftest import PHONE, app_version, bearer, shot
from tests.pwa.test_sync import first_button

ENGINE_WAIT = 180_000  # the first download and start of Pyodide on a loaded 2-core machine


@pytest.fixture(scope="module")
def phone(server, browser):
    """A phone whose engine runs: it said yes to the one-time question on its first game screen."""
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, service_workers="block", is_mobile=True,
                              has_touch=True)
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    g = server.create_game(seed=3)
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.locator("[data-testid=recorder]").wait_for()
    question = page.get_by_test_id("engine-question")
    question.wait_for()  # asked once, on a game screen, with nothing downloaded yet
    question.scroll_into_view_if_needed()
    shot(page, "phone-first-00-question")
    question.get_by_role("button", name="Yes, get it ready").click()
    page.get_by_test_id("game-offline-ready").wait_for(timeout=ENGINE_WAIT)
    page.errors = errors
    yield page
    ctx.close()
    assert not errors, errors[:3]


def open_game(page, server, seed: int) -> dict:
    """A new game on the server, joined by the phone; its engine holds the game's copy."""
    g = server.create_game(seed=seed)
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    # This game's screen, not the previous game's (still shown until the join screen has drawn).
    page.wait_for_url(f"**/#/g/{g['game_id']}")
    page.locator("[data-testid=recorder]").wait_for()
    page.get_by_test_id("game-offline-ready").wait_for(timeout=ENGINE_WAIT)
    assert page.get_by_test_id("engine-question").count() == 0  # asked once only
    return g


def hold_moves(page, game_id: str) -> list:
    """Keep the phone's move requests waiting until the test lets them go."""
    held = []
    page.route(f"**/api/games/{game_id}/actions", lambda route: held.append(route))
    return held


def release(page, held: list, game_id: str) -> None:
    while not held:
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    page.unroute(f"**/api/games/{game_id}/actions")


def shown_actions(page) -> list[dict]:
    return [json.loads(a) for a in page.locator("[data-testid=recorder] button[data-action]").evaluate_all(
        "bs => bs.map((b) => b.dataset.action)")]


def store(page, expression: str):
    return page.evaluate(f"async () => {{ const s = (await import('/js/store.js')).getState(); return {expression}; }}")


def test_a_local_answer_confirmed_by_the_server(server, phone):
    g = open_game(phone, server, seed=5)
    gid, token = g["game_id"], g["table_token"]
    before = app_version(phone)
    held = hold_moves(phone, gid)
    offered = shown_actions(phone)
    button, _action = first_button(phone)
    button.click()
    # The next question is on screen while the move is still on its way (the server has not seen it).
    phone.get_by_test_id("sending").wait_for()
    phone.locator(f"header[data-version='{before + 1}']").wait_for()
    assert server.game(gid, token)["version"] == before
    local = shown_actions(phone)
    assert local and local != offered  # the next question's options
    shot(phone, "phone-first-01-sending")

    release(phone, held, gid)
    confirmed = phone.get_by_test_id("confirmed")
    confirmed.wait_for()
    server_view = server.game(gid, token)
    assert server_view["version"] == before + 1
    exported = requests.get(f"{server.url}/api/games/{gid}/export", headers=bearer(token), timeout=10).json()
    assert confirmed.get_attribute("data-hash") == exported["state_hash"]
    assert store(phone, "s.answered.mine") == exported["state_hash"]  # the phone's own engine reached it
    # What the phone offered before the server answered is what the server offers now.
    assert all(a in server_view["legal_actions"] for a in local)
    assert phone.get_by_test_id("sending").count() == 0 and phone.get_by_test_id("conflict").count() == 0
    shot(phone, "phone-first-02-confirmed")


def test_a_local_answer_rolled_back_after_another_phones_move(server, phone):
    g = open_game(phone, server, seed=7)
    gid, token = g["game_id"], g["table_token"]
    before = app_version(phone)
    # The phone does not hear of the other phone's move yet: its polls are told "nothing new".
    quiet = {"on": True}

    def polls(route):
        if quiet["on"] and route.request.method == "GET":
            route.fulfill(status=304)
        else:
            route.fallback()
    phone.route(f"**/api/games/{gid}", polls)
    phone.route(f"**/api/games/{gid}/events*", lambda route: route.abort() if quiet["on"] else route.fallback())
    other = server.game(gid, token)
    server.act(gid, token, other["legal_actions"][-1], other["version"])  # another phone records first

    held = hold_moves(phone, gid)
    button, mine = first_button(phone)
    button.click()
    phone.get_by_test_id("sending").wait_for()  # answered here at once, on the state this phone knew
    phone.locator(f"header[data-version='{before + 1}']").wait_for()
    quiet["on"] = False
    release(phone, held, gid)

    panel = phone.get_by_test_id("conflict")
    panel.wait_for()
    assert panel.inner_text().startswith("Another phone recorded first")
    assert "not recorded yet" in panel.get_by_test_id("conflict-why").inner_text()
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", panel.inner_text())  # table language, no codes
    # Rolled back: the screen shows the server's game, which holds only the other phone's move.
    assert store(phone, "!s.game.view.local && s.game.view.version") == before + 1
    log = server.log(gid, token)
    assert [e["action"] for e in log if not e["reverted"]] == [other["legal_actions"][-1]]
    assert phone.get_by_test_id("sending").count() == 0 and phone.get_by_test_id("confirmed").count() == 0
    panel.scroll_into_view_if_needed()
    shot(phone, "phone-first-03-rolled-back")
    phone.unroute(f"**/api/games/{gid}")
    phone.unroute(f"**/api/games/{gid}/events*")


def test_a_refusal_shows_the_servers_game_and_why(server, phone):
    g = open_game(phone, server, seed=9)
    gid, token = g["game_id"], g["table_token"]
    view = server.game(gid, token)
    seat = view["decision"]["seat"]
    next_worker = next(p for p in view["view"]["players"] if p["id"] == seat)["next_worker"]
    center = next(c for c, info in view["view"]["board"]["centers"].items()
                  if info["worker_type"] and info["worker_type"] != next_worker)
    phone.get_by_role("link", name="Home").click()  # the JSON box is behind Settings → developer mode
    phone.get_by_role("link", name="Settings").click()
    phone.get_by_label(re.compile("^Developer mode")).check()
    phone.go_back(); phone.go_back()
    phone.get_by_test_id("game-offline-ready").wait_for(timeout=ENGINE_WAIT)
    held = hold_moves(phone, gid)
    phone.get_by_text("Manual action (advanced)").click()
    phone.get_by_label(re.compile("^Action as JSON")).fill(json.dumps({"kind": "place_worker", "center": center}))
    phone.get_by_role("button", name="Send manual action").click()
    release(phone, held, gid)  # the phone's engine did not take it either: nothing was shown as taken
    panel = phone.get_by_test_id("conflict")
    panel.wait_for()
    said = panel.get_by_test_id("conflict-why").inner_text()
    assert "The server did not take a move" in panel.inner_text() and "your next worker is" in said, said  # PLACE-01
    assert store(phone, "!s.game.view.local && s.game.view.version") == view["version"]
    assert server.game(gid, token)["version"] == view["version"]
    assert phone.get_by_test_id("sending").count() == 0
    panel.scroll_into_view_if_needed()
    shot(phone, "phone-first-04-refused")
    panel.get_by_role("button", name="Leave this move out").click()
    panel.wait_for(state="detached")


def test_the_engines_work_on_one_table_is_done_one_piece_at_a_time(server, phone):
    """The phone's engine keeps one table per game.  After a sync it hashes the server's state while the screen's
    view is the server state plus the phone's unsent move: asked at the same time, each answer must be its own
    (a hash read from the table the view had just moved would say "differs" for a game in step)."""
    g = open_game(phone, server, seed=11)
    gid, token = g["game_id"], g["table_token"]
    _button, action = first_button(phone)
    exported = requests.get(f"{server.url}/api/games/{gid}/export", headers=bearer(token), timeout=10).json()
    answers = phone.evaluate("""async ([actions, action]) => {
        const local = await import('/js/offline/local.js');
        const record = (await import('/js/store.js')).getState().game;
        const move = { seq: 1, key: 'k', type: 'action', action, status: 'pending' };
        const work = [];
        for (let i = 0; i < 4; i++) {
          work.push(local.localView(record, [move]).then((shown) => (shown && shown.view ? shown.view.version : JSON.stringify(shown))));
          work.push(local.engineHash(record, actions));
        }
        return Promise.all(work);
    }""", [exported["actions"], action])
    version = server.game(gid, token)["version"]
    assert answers[0::2] == [version + 1] * 4  # the view with the unsent move, every time
    assert answers[1::2] == [exported["state_hash"]] * 4  # the server's state, every time
