"""Every log line of many random games reads like the table speaks (issue 33, item 8).

Random games (3 players with the basic or advanced neutral, 4 players, solo against the Automa at
every difficulty) are played through the engine to their end; each move's lines are the narrated
events, kept as the phone's log keeps them (`pwa/js/ui/log.js` `tableLines`: an answer the app gave
itself and the Automa's one-line summary of lines already shown are not listed).  Each line must:

* say no run of six words twice (a bonus, a flag, a tile or a space described twice in one line);
* double no word or name ("South Korea South Korea", "the Automa Automa");
* carry no "one choice" filler.

Only a line that compares several tied pairs (TIE-01..08, the global market's stack, TURN-05) says the
same comparison words once per pair; those comparisons are left out of the repeat check.
"""
from __future__ import annotations

import collections
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.games.asian_tigers import apply, is_over, legal_actions, new_game
from api.games.asian_tigers.presentation.text import humanize
from tests.games.asian_tigers.builders import edition, players

# Kept out of the phone's log (log.js): the engine's own one-option answers, the Automa's summary.
NOT_LISTED = frozenset({"auto_resolved", "automa_turn"})
RUN = 6
WORD = re.compile(r"\w+")
DOUBLED = re.compile(r"\b([A-Za-z]+(?: [A-Za-z]+){0,3}) \1\b", re.IGNORECASE)
# A tie comparison, said once per tied pair: "… at 2 investment points: no headquarters; …",
# "… share space 23: …".
TIE_PAIR = re.compile(r" at \d+ [a-z ]+: [^)]*| share space \d+: [^;]*")


def table_lines(events: list[dict]) -> list[str]:
    """A move's lines as the phone's log lists them."""
    return [e["text"] for e in events if e["kind"] not in NOT_LISTED and e.get("text")]


def repeated_run(line: str) -> str | None:
    """The first run of `RUN` words said twice in `line` (tie comparisons left out), or None."""
    words = WORD.findall(TIE_PAIR.sub("", line).lower())
    runs = collections.Counter(" ".join(words[i:i + RUN]) for i in range(len(words) - RUN + 1))
    return next((run for run, n in runs.items() if n > 1), None)


def _options(mode: str, advanced: bool, difficulty: int) -> dict:
    if mode == "solo":
        return {"players": [{"name": "Ann", "color": "green"}], "solo": {"difficulty": difficulty}}
    count = 3 if mode == "three" else 4
    return {"players": players(count), "advanced_neutral": advanced}


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(mode=st.sampled_from(["three", "four", "solo"]), advanced=st.booleans(), difficulty=st.integers(1, 4),
       seed=st.integers(0, 100_000))
def test_every_log_line_of_a_random_game_reads_without_repeats_doubled_words_or_filler(mode, advanced, difficulty,
                                                                                      seed):
    state = new_game(_options(mode, advanced, difficulty), edition(), seed)
    rng = random.Random(seed)
    moves = 0
    while not is_over(state):
        step = apply(state, rng.choice(legal_actions(state)))
        for event in step.events:
            if "one choice" in event.get("text", "").lower():
                assert event["kind"] in NOT_LISTED, event  # the phone drops it; no other line carries it
        kinds = {e["kind"] for e in step.events}
        if "automa_turn" in kinds:  # the phone drops the summary only when the Automa's own lines are there
            assert any(k.startswith("automa_") and k != "automa_turn" for k in kinds), kinds
        for line in table_lines(step.events):
            assert repeated_run(line) is None, (repeated_run(line), line)
            assert not DOUBLED.search(line), (DOUBLED.search(line).group(0), line)
        state = step.state
        moves += 1
    assert moves > 20  # a whole game was played


def test_the_checks_catch_the_lines_the_table_reported():
    # The lines issue 33 quotes, and ones this test found before the narration was fixed.
    bonus = ("Bob uses the “Build a factory in column B or C on any Tiger” bonus (sector E row 2 (any nation; "
             "bonus: build a factory in column B or C on any Tiger))")
    assert repeated_run(bonus) == "build a factory in column b"
    assert DOUBLED.search("Ann builds on South Korea South Korea · university")
    assert DOUBLED.search("Solo: Ann (green) 34 vs the Automa Automa (red) 231")
    assert not DOUBLED.search("flag Japan (value 2, 2 stars)")  # numbers may repeat
    ties = ("Singapore: Dan (yellow) 2 IP → +5 influence (Dan (yellow) = Ann (red) at 2 investment points: no "
            "headquarters; columns A equal, column B 2 > 1) (Ann (red) = Cat (green) at 2 investment points: no "
            "headquarters; columns A equal, column B 1 > 0)")
    assert repeated_run(ties) is None
    assert table_lines([{"kind": "auto_resolved", "text": "Ann had one choice: end turn"},
                        {"kind": "turn_ended", "text": "Ann ends the turn"}]) == ["Ann ends the turn"]


def test_a_university_bonus_flag_and_tile_are_described_once_in_their_line():
    # Narration: the first mention of a space, flag, tile or trade centre in full, a later one short.
    ed = edition()
    automa_flag = humanize(ed, 1, "take flag USA-1 (United States, a new nation, value 6) and place it sector AF1 "
                                  "row 1; advance 6 on the global market (flag USA-1; 2 → 8)")
    assert automa_flag.count("value 6") == 1 and "(a new nation)" in automa_flag, automa_flag
    assert "(flag United States; 2 → 8)" in automa_flag, automa_flag
    named_once = humanize(ed, 1, "Solo: Ann (green) 34 vs the Automa Automa (red) 231")
    assert named_once == "Solo: Ann (green) 34 vs the Automa (red) 231"
    bonus = humanize(ed, 4, "Bob advances 3 on the global market (3 → 6) — university bonus on SK.U1")
    assert bonus.count("on the global market") == 1 and "South Korea · university · column A" in bonus, bonus
    built = humanize(ed, 4, "build a university on SK.U1 (the university bonus on SK.U1 gives nothing)")
    assert built.count("+3 on the global market") == 1, built
    tile = humanize(ed, 1, "reveal tile AT04 — advance 2 influence in South Korea (tile AT04)")
    assert tile.count("“") == 1 and tile.endswith("(the tile)"), tile
