"""Log lines a table reads (issue 33, item 8): no "Only one choice: …" filler, a Tiger named once
("South Korea · university", not "South Korea South Korea · university"), a line said twice shown once;
in a solo game the Automa's turn is told step by step once, not again in a summary line that repeats it all,
and no line says the same words twice (the checks of tests/games/asian_tigers/presentation/test_log_lines.py).
(Both on one phone, a game each.)"""
from __future__ import annotations

import re

from tests.pwa.conftest import shot
from tests.games.asian_tigers.presentation.test_log_lines import DOUBLED, repeated_run
from tests.pwa.test_table_undo import SOLO, TWO, played, start

SERVICE_WORKERS = "block"  # no test here needs the app's service worker (conftest.service_workers_of)

TIGERS = ("South Korea", "Hong Kong", "Taiwan", "Singapore")


def open_log(server, page, g):
    """The phone joins the game `g` by its code and opens the Log tab: the log list."""
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.wait_for_url(f"**/#/g/{g['game_id']}")  # this game's screen, never the previous game's
    page.get_by_test_id("turn").wait_for()
    page.get_by_role("link", name="Log", exact=True).click()
    log = page.get_by_test_id("log")
    log.wait_for()
    return log


def test_the_log_reads_like_the_table_played(server, new_phone):
    seen = set()

    def enough(step):
        seen.update(e["kind"] for e in step.events)
        return {"auto_resolved", "infrastructure_built"} <= seen

    g = start(server, TWO, 3, played(TWO, 3, enough))
    page = new_phone()
    log = open_log(server, page, g)
    text = log.inner_text()
    assert "Build on" in text and "Only one choice" not in text
    for tiger in TIGERS:
        assert not re.search(f"{tiger}\\s+{tiger}", text), tiger
    shot(page, "table-70-log-in-table-words")
    a_solo_log_tells_the_automa_turn_once_without_repeats(server, page)
    assert page.errors == []


def a_solo_log_tells_the_automa_turn_once_without_repeats(server, page):
    """test_a_solo_log_tells_the_automa_turn_once_without_repeats before (a phone of its own; now the same
    phone, a solo game of its own: the suite's time)."""
    turns = []

    def three_automa_turns(step):
        turns.extend(e for e in step.events if e["kind"] == "automa_turn")
        return len(turns) >= 3

    g = start(server, SOLO, 5, played(SOLO, 5, three_automa_turns))
    log = open_log(server, page, g)
    log.get_by_text("Automa: reveal tile").first.wait_for()  # this game's log
    lines = log.locator("ul li").all_inner_texts()
    automa = [line for line in lines if line.startswith("Automa: ")]
    assert any(line.startswith("Automa: reveal tile") for line in automa), lines
    for summary in turns:  # SOLO-AUTOMA-01: its steps are listed; the summary repeating them is not
        assert summary["text"] not in lines
    for line in lines:
        assert repeated_run(line) is None and not DOUBLED.search(line) and "one choice" not in line, line
    shot(page, "table-71-solo-log-automa-once")
