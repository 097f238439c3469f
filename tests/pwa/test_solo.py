"""Solo in the browser: a solo game started from the PWA, the human's first turn recorded in the
UI and the Automa's turn shown as table instructions; the recorded-tile question as buttons; a
campaign created, shown (tiles, failures, science), its first session started, played to the end
(over HTTP) and recorded. axe and a 360×740 screenshot on every new screen."""
from __future__ import annotations

import json
import random
import re
import uuid

import requests

from tests.games.asian_tigers.presentation.test_presentation_random_games import CODE
from tests.pwa.conftest import axe_check, bearer, click_action, game_token, shot
from tests.pwa.one_phone import one_phone, phone  # noqa: F401 (fixtures: one phone for this file's tests)

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

QUICK = ("end_turn", "skip_local_sale", "finish_sales", "skip_university_action", "decline_special_flag",
         "ignore_bonus")


def wait_version(page, version: int) -> None:
    page.locator(f"header[data-version='{version}']").wait_for()


def kv(page, key: str):
    """A value the app stored in IndexedDB's "kv" store."""
    return page.evaluate("""(key) => new Promise((resolve, reject) => {
        const r = indexedDB.open('tablekeeper');
        r.onsuccess = () => { const g = r.result.transaction('kv').objectStore('kv').get(key);
          g.onsuccess = () => resolve(g.result); g.onerror = () => reject(g.error); };
        r.onerror = () => reject(r.error); })""", key)


def test_solo_game_shows_the_automa_turn(server, phone):
    page = phone
    page.goto(server.url + "/")
    page.get_by_role("link", name="Solo game (Automa)").click()
    page.get_by_role("button", name="×2").wait_for()
    page.get_by_label("Name").fill("Ann")
    page.get_by_role("button", name="×2").click()
    page.get_by_label(re.compile("^High score")).check()
    page.get_by_label("Your high score so far").fill("80")
    axe_check(page, "solo setup"); shot(page, "20-solo-setup")
    page.get_by_label(re.compile("^Solo: beat")).check()
    page.get_by_role("button", name="Start the solo game").click()
    page.locator("[data-testid=recorder]").wait_for()
    game_id = page.url.rsplit("/", 1)[1]
    token = game_token(page, game_id)
    view = server.game(game_id, token)
    assert view["options"]["solo"] == {"difficulty": 2, "variant": "solo", "tiles": "generated"}
    assert [p["name"] for p in view["view"]["players"]] == ["Ann", "Automa"]
    assert "has not played yet" in page.locator("[data-testid=automa]").inner_text()

    # -- the human's first turn, recorded in the UI; the Automa then plays at once ----------
    for _ in range(20):
        view = server.game(game_id, token)
        if view["view"]["solo"]["automa_instructions"]:
            break
        legal = view["legal_actions"]
        action = next((a for kind in QUICK for a in legal if a["kind"] == kind), legal[0])
        click_action(page, action, view)
        wait_version(page, view["version"] + 1)
    lines = view["view"]["solo"]["automa_instructions"]
    assert lines and lines[0].startswith("reveal tile “")  # issue 12: the tile by its instruction, not AT07
    assert view["decision"]["seat"] == "0" and view["decision"]["kind"] == "choose_placement"
    card = page.locator("[data-testid=automa-instructions]")
    card.wait_for()
    assert card.locator("li").all_inner_texts() == lines
    assert "do this on the table" in page.locator("#automa-h").inner_text()
    log = [e["lines"] for e in server.log(game_id, token)]
    assert any(line.startswith("Automa: reveal tile") for entry in log for line in entry)
    axe_check(page, "solo game, Automa's turn"); shot(page, "21-solo-automa-turn")
    page.emulate_media(color_scheme="dark")
    axe_check(page, "solo game, dark mode"); shot(page, "21b-solo-automa-turn-dark")
    assert page.errors == []


def test_recorded_automa_tiles_are_buttons(server, phone):
    body = {"options": {"players": [{"name": "Bo", "color": "blue"}], "solo": {"difficulty": 1, "tiles": "recorded"}},
            "seed": 3}
    created = requests.post(server.url + "/api/games", json=body, timeout=10).json()
    gid, token, view = created["game_id"], created["table_token"], created["game"]
    while view["decision"]["kind"] != "record_automa_tile":  # the human's turn, over HTTP
        legal = view["legal_actions"]
        pick = next((a for a in legal if a.get("center") == "STC"), None) or next(
            (a for kind in QUICK for a in legal if a["kind"] == kind), legal[0])
        view = server.act(gid, token, pick, view["version"])
    page = phone
    page.goto(f"{server.url}/#/join/{created['join_code']}")
    page.wait_for_url(f"**/#/g/{gid}")  # this game's screen, never the last test's solo game and its Automa card
    page.locator("[data-testid=automa]").wait_for()
    assert "Reveal the top tile" in page.locator("[data-testid=automa]").inner_text()
    buttons = page.get_by_role("button", name=re.compile("^The Automa revealed “"))  # tiles by their instruction
    buttons.first.wait_for()  # the options come once the board's names have (the recorder waits for them)
    assert buttons.count() == 10
    axe_check(page, "recorded tile question"); shot(page, "22-solo-recorded-tile")
    assert not any(re.search(r"\bAT\d\d\b", t) for t in buttons.all_inner_texts())  # tiles by instruction, no codes
    at04 = next(a for a in server.game(gid, token)["legal_actions"] if a.get("tile") == "AT04")
    page.locator(f"button[data-action='{json.dumps(at04, separators=(',', ':'))}']").click()
    page.locator("[data-testid=automa-instructions] li", has_text="reveal tile “invest in South Korea").wait_for()
    assert server.game(gid, token)["view"]["solo"]["revealed"] == ["AT04"]
    assert page.errors == []


def test_campaign_screen(server, phone):
    page = phone
    page.goto(server.url + "/#/")  # Home in the same page (the file's phone: no full load again)
    page.get_by_role("link", name="Solo campaigns").click()
    page.get_by_role("heading", name="New campaign").wait_for()
    page.get_by_label("Name").fill("Cy")
    page.get_by_role("button", name="×3").click()
    page.get_by_label("The table chose the tiles").check()
    # A campaign tile has no printed code: each is a button named by its goal.
    for goal in ("universities built ≥ 5", "distinct flags in final scoring rows ≥ 7",
                 "more investment points than automa in one of South Korea or Taiwan"):
        page.get_by_role("button", name=goal, exact=True).click()
    assert not CODE.search(page.locator("main").inner_text())
    page.get_by_label(re.compile("^Show the other tiles")).check()
    axe_check(page, "new campaign"); shot(page, "23-campaign-new")
    page.get_by_role("button", name="Create the campaign").click()

    tiles = page.locator("[data-testid=campaign-tiles] li")
    tiles.first.wait_for()
    campaign_id = page.url.rsplit("/", 1)[1]
    saved = kv(page, f"campaign:{campaign_id}")
    view = requests.get(f"{server.url}/api/campaigns/{campaign_id}", headers=bearer(saved["token"]), timeout=10).json()
    assert [t["tile"] for t in view["tiles"]] == ["CT1", "CT4", "CT7"] and view["difficulty"] == 3
    assert tiles.count() == 3 and all("Face up" in t for t in tiles.all_inner_texts())
    assert "build at least 5 universities" in tiles.first.inner_text()
    assert not CODE.search(page.locator("main").inner_text())
    summary = page.locator("[data-testid=campaign-summary]").inner_text()
    assert "0 of 3" in summary and "2 science" in summary
    assert page.locator("[data-testid=campaign-status]").inner_text() == "In progress"
    axe_check(page, "campaign"); shot(page, "24-campaign")
    page.emulate_media(color_scheme="dark")
    axe_check(page, "campaign, dark mode"); shot(page, "24b-campaign-dark")
    page.emulate_media(color_scheme="light")

    # -- the first session: started here, played to the end over HTTP, recorded here ----------
    page.get_by_role("button", name="Start session 1").click()
    page.locator("[data-testid=automa]", has_text="Campaign session").wait_for()
    assert not CODE.search(page.locator("[data-testid=automa]").inner_text())
    game_id = page.url.rsplit("/", 1)[1]
    token = game_token(page, game_id)
    game = server.game(game_id, token)
    assert game["options"]["solo"]["variant"] == "campaign" and game["options"]["solo"]["starting_science"] == 2
    rng = random.Random(5)
    while not game["over"]:
        game = server.act(game_id, token, rng.choice(game["legal_actions"]), game["version"])
    page.get_by_role("link", name="Record this session in the campaign").click(timeout=15_000)
    page.locator("[data-testid=open-session]", has_text=re.compile("Session (won|failed)")).wait_for()
    axe_check(page, "campaign, session to record"); shot(page, "25-campaign-record")
    assert not CODE.search(page.locator("main").inner_text())
    choices = page.get_by_role("button", name=re.compile("^Turn down “"))
    (choices.first if choices.count() else page.get_by_role("button", name="Record this session")).click()
    page.locator("[data-testid=campaign-sessions]").wait_for()
    after = requests.get(f"{server.url}/api/campaigns/{campaign_id}", headers=bearer(saved["token"]), timeout=10).json()
    assert len(after["sessions"]) == 1 and after["sessions"][0]["game_id"] == game_id
    summary = page.locator("[data-testid=campaign-summary]").inner_text()
    assert f"{after['failures']} of 3" in summary and f"{after['next_starting_science']} science" in summary
    assert page.get_by_role("button", name="Start session 2").is_visible()
    assert not CODE.search(page.locator("main").inner_text())
    axe_check(page, "campaign after a session"); shot(page, "26-campaign-recorded")
    assert page.errors == []


def test_campaign_api_refuses_a_second_open_session(server):
    """The phone's retry story: a lost answer is replayed with the same Idempotency-Key (fresh token)."""
    created = requests.post(server.url + "/api/campaigns", timeout=10,
                            json={"player": {"name": "Di", "color": "green"}, "difficulty": 1, "count": 2}).json()
    url = f"{server.url}/api/campaigns/{created['campaign_id']}/games"
    headers = {**bearer(created["campaign_token"]), "Idempotency-Key": str(uuid.uuid4())}
    first = requests.post(url, json={}, headers=headers, timeout=10)
    again = requests.post(url, json={}, headers=headers, timeout=10)
    assert first.status_code == again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert first.json()["game_id"] == again.json()["game_id"]
    other = requests.post(url, json={}, headers=bearer(created["campaign_token"]), timeout=10)
    assert other.status_code == 409 and other.json()["code"] == "session_in_progress"
