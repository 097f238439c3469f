"""Plays, stats and rules at hand, in Chromium (issue 36): a scorer result saved and a solo game played to
its end become plays; History lists both with every player's final score; Stats counts them (solo high
score and rank title); the solo high-score variant offers the best score on record (SOLO-SCORE-03);
a rule opens from a scorer refusal and from the score sheet; the plays' export (BG Stats JSON, CSV)
imports on another phone; and the rules search works with no signal.  Screenshots in test-artifacts/pwa/."""
from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

from playwright.sync_api import expect

from tests.pwa.conftest import axe_check, game_token, shot
from tests.pwa.http_moves import play
from tests.pwa.test_scorers import EX1, pick_token, server_score

RULES = {r["id"]: r for r in json.loads((Path(__file__).resolve().parents[2] / "pwa" / "data" / "rules.json")
                                        .read_text(encoding="utf-8"))["rules"]}
QUICK = ("end_turn", "skip_local_sale", "finish_sales", "skip_university_action", "decline_special_flag",
         "ignore_bonus")


def open_rule(page, link, rule_id: str) -> None:
    """Tap a rule link; the Rules screen shows that rule's text (the first line of the catalogue's wording)."""
    link.click()
    page.get_by_role("heading", name=f"Rule {rule_id}").wait_for()
    first = RULES[rule_id]["text"].split("\n")[0]
    assert page.locator("[data-testid=rule-text]").first.inner_text().strip() == first


def finish_solo_over_http(server, game_id: str, token: str) -> dict:
    """The rest of the solo game as another phone would record it (the quickest legal choices)."""
    play(server, game_id, token, lambda legal: next((a for k in QUICK for a in legal if a["kind"] == k), legal[0]))
    return server.outcome(game_id, token)


def test_plays_history_stats_rules(server, new_phone, tmp_path):
    page = new_phone()
    # -- a scorer result, after a refusal whose rule opens in the app ---------------------------------------
    page.goto(server.url + "/")
    page.get_by_role("link", name="Asian Tigers end-game scorer").click()
    page.get_by_role("button", name="Load example (EX-1)").click()
    pick_token(page, "HK", "24 · 12")  # the token already lies on another Tiger
    page.get_by_role("button", name="Score", exact=True).click()
    reason = page.locator(".field-error")
    reason.wait_for()
    shot(page, "pl-01-refusal-rule-link")
    open_rule(page, reason.get_by_role("link", name="SETUP-02"), "SETUP-02")  # SETUP-02
    axe_check(page, "rule"); shot(page, "pl-02-rule-from-refusal")
    page.go_back()
    pick_token(page, "HK", "21 · 10")
    page.get_by_role("button", name="Score", exact=True).click()
    page.get_by_role("button", name="Save to history").click()
    page.get_by_role("status").filter(has_text="Saved").wait_for()
    scored = server_score(server, "asian-tigers", EX1)["participants"]

    # -- a solo game, started by taps, finished as another phone would record it ----------------------------
    page.get_by_role("link", name="Home").click()
    page.get_by_role("link", name="Solo game (Automa)").click()
    page.get_by_label("Name").fill("Ann")
    page.get_by_role("button", name="Start the solo game").click()
    page.locator("[data-testid=recorder]").wait_for()
    game_id = page.url.rsplit("/", 1)[1]
    token = game_token(page, game_id)
    # a move the game does not allow now: its reason (why-not) names a rule, which opens
    refused = server.why_not(game_id, token)["why_not"]
    i = next(n for n, e in enumerate(refused) if e["reason"].get("rule"))
    page.get_by_text("Not available now").click()
    page.locator("[data-testid=why-not] button.unavailable").nth(i).click()
    open_rule(page, page.locator(f"#why-{i}").get_by_role("link", name=refused[i]["reason"]["rule"]), refused[i]["reason"]["rule"])
    shot(page, "pl-03a-rule-from-why-not")
    page.go_back()
    page.locator("[data-testid=recorder]").wait_for()
    outcome = finish_solo_over_http(server, game_id, token)
    solo = outcome["solo"]
    page.get_by_role("link", name="See the final score").click(timeout=20_000)
    page.locator("[data-testid=solo-result]").wait_for()
    rules_line = page.locator("[data-testid=sheet-rules]")
    rules_line.scroll_into_view_if_needed()
    shot(page, "pl-03-score-sheet-rules")
    open_rule(page, rules_line.get_by_role("link", name="SCORE-NAT-01"), "SCORE-NAT-01")  # SCORE-NAT-01
    assert page.locator("[data-testid=rule]").get_by_role("link", name="AMB-29").count() == 1  # a cross-reference
    page.locator("[data-testid=rule] ~ details summary").click()  # its section's other rules
    assert page.get_by_role("link", name="SCORE-FSB-01").count() == 1
    shot(page, "pl-04-rule-from-sheet")

    # -- History: both plays, every player's final score ----------------------------------------------------
    page.goto(server.url + "/#/")
    page.get_by_role("link", name="History of saved scorings").click()
    cards = page.locator("[data-testid=play]")
    cards.nth(1).wait_for()
    assert cards.count() == 2
    texts = cards.all_inner_texts()
    solo_card = next(t for t in texts if "solo game" in t)
    scored_card = next(t for t in texts if "scorer" in t)
    assert re.search(rf"Ann {solo['human_total']} · (1st|2nd)", solo_card) and f"Automa {solo['automa_total']}" in solo_card
    assert solo["rank_title"] in solo_card and ("Won" if solo["human_wins"] else "Lost") in solo_card
    for pid, p in scored.items():
        assert re.search(rf"\b{pid} {p['total']} · ", scored_card), (pid, scored_card)
    axe_check(page, "history"); shot(page, "pl-05-history")

    # -- Stats ----------------------------------------------------------------------------------------------
    page.get_by_role("link", name="Stats").click()
    page.locator("[data-testid=stats-games] tr[data-game=asian-tigers]").wait_for()
    games = page.locator("[data-testid=stats-games] tr[data-game=asian-tigers] td").all_inner_texts()
    assert games[0] == "2"
    best = max([p["total"] for p in scored.values()] + [solo["human_total"]])  # the Automa's score is not a player's
    assert games[1].startswith(f"{best} (")
    ann = page.locator("[data-testid=stats-players] tr[data-player=Ann] td").all_inner_texts()
    assert ann[:5] == ["1", "1" if solo["human_wins"] else "0", "100 %" if solo["human_wins"] else "0 %",
                       str(solo["human_total"]), str(solo["human_total"])]
    card = page.locator("[data-testid=stats-solo] li[data-player=Ann]").inner_text()
    assert f"High score: {solo['human_total']}" in card and solo["rank_title"] in card
    assert page.locator("[data-testid=stats-players] tr[data-player=Automa]").count() == 0
    axe_check(page, "stats"); shot(page, "pl-06-stats")

    # -- SOLO-SCORE-03: the high-score variant offers the best score on record -------------------------------
    page.get_by_role("link", name="Home").click()
    page.get_by_role("link", name="Solo game (Automa)").click()
    page.get_by_label("Name").fill("Ann")
    page.get_by_label(re.compile("^High score:")).check()
    page.get_by_test_id("high-from-record").wait_for()
    assert page.get_by_label("Your high score so far").input_value() == str(solo["human_total"])
    shot(page, "pl-07-solo-high-score")

    # -- export (BG Stats JSON, CSV), imported on another phone -----------------------------------------------
    page.goto(server.url + "/#/history")
    with page.expect_download() as got:
        page.get_by_role("button", name="Export all plays (BG Stats JSON)").click()
    exported = tmp_path / "plays.json"
    got.value.save_as(exported)
    doc = json.loads(exported.read_text())
    assert len(doc["plays"]) == 2 and all(p["sourceName"] == "tablekeeper" and p["playDate"] for p in doc["plays"])
    solo_play = next(p for p in doc["plays"] if p["tablekeeper"]["mode"] == "solo")
    assert {(x["name"], x["score"]) for x in solo_play["players"]} == {("Ann", solo["human_total"]), ("Automa", solo["automa_total"])}
    with page.expect_download() as got:
        page.get_by_role("button", name="Export all plays (CSV)").click()
    rows = list(csv.DictReader(io.StringIO(Path(got.value.path()).read_text())))
    assert len(rows) == 2 + len(scored) and {"Ann", "Automa"} <= {r["player"] for r in rows}
    other = new_phone(service_workers="block")  # it imports plays; it never goes offline
    other.goto(server.url + "/#/history")
    other.get_by_text("No saved scorings yet.").wait_for()
    other.get_by_label("Import plays (this app's JSON export)").set_input_files(str(exported))
    other.get_by_role("status").filter(has_text="2 play(s) imported.").wait_for()
    expect(other.locator("[data-testid=play]")).to_have_count(2)  # the list is read again after the status line
    assert f"Ann {solo['human_total']}" in other.locator("[data-testid=history]").inner_text()
    shot(other, "pl-08-imported")
    # renaming merges: Ann's plays count for Anna, and Ann is gone from the players
    other.get_by_role("link", name="Stats").click()
    other.once("dialog", lambda d: d.accept("Anna"))
    other.get_by_role("button", name="Rename Ann").click()
    other.locator("[data-testid=stats-players] tr[data-player=Anna]").wait_for()
    assert other.locator("[data-testid=stats-players] tr[data-player=Ann]").count() == 0
    assert other.locator("[data-testid=stats-players] tr[data-player=Anna] td").first.inner_text() == "1"

    # -- the rules, searched with no signal ------------------------------------------------------------------
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    page.goto(server.url + "/#/")
    page.reload()
    page.get_by_role("link", name="Rules: look one up").click()
    search = page.get_by_label("Search the rules")
    search.fill("satellite laboratory")
    results = page.locator("[data-testid=rule-results] > li")
    results.first.wait_for()
    expected = [i for i, r in RULES.items() if all(w in f"{i} {r['title'] or ''} {r['text']}".lower() for w in ("satellite", "laboratory"))]
    assert 0 < results.count() <= len(expected) + 5  # the area titles count too
    shot(page, "pl-09-rules-search-offline")
    search.fill("TIE-07")
    open_rule(page, results.first.get_by_role("link", name="TIE-07"), "TIE-07")  # TIE-07
    axe_check(page, "rule offline"); shot(page, "pl-10-rule-offline")

    # -- a deleted play of a game still on this phone stays deleted (History would otherwise keep it again) ---
    page.get_by_role("link", name="History").click()
    page.locator("[data-testid=play]").nth(1).wait_for()
    page.once("dialog", lambda d: d.accept())
    page.get_by_role("button", name=re.compile("^Delete Asian Tigers · solo game")).click()
    page.wait_for_function("() => document.querySelectorAll('[data-testid=play]').length === 1")
    page.reload()
    page.locator("[data-testid=play]").first.wait_for()
    # The finished games' plays are looked for after the first list: the list says when that is done.
    page.locator("[data-testid=history][aria-busy=false]").wait_for()
    assert page.locator("[data-testid=play]").count() == 1 and "scorer" in page.locator("[data-testid=play]").inner_text()
    assert page.errors == []
