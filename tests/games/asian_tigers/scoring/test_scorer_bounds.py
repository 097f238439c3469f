"""Issue 16: every number of the Asian Tigers scorer input is bounded by the edition's components,
and no scoring step loops over a number (a 4 KB request once held a worker for 30 s)."""
from __future__ import annotations

import copy
import sys
import threading

import pytest

from api.games.asian_tigers import load_edition
from api.games.asian_tigers.scoring.score import milestones_reached
from api.games.asian_tigers.scoring.scorer import ScorerInputError, score_table
from api.games.asian_tigers.scoring.scorer_input import limits, solo_settings
from tests.helpers import worked_example

EDITION = load_edition()
# Lines of Python a traced call may run before it is stopped: a loop over a number of 10**8 or more
# would pass it, every step of the scorer together stays far below it.
CEILING = 1_000_000
HANG_GUARD = 120


class LineBudgetExceeded(Exception):
    """Raised inside a traced call that ran more than `CEILING` lines."""


def lines_run(call, *args) -> int:
    """How many lines of Python `call(*args)` runs (a refusal it raises is counted, not raised).

    Counting steps instead of timing them: the count is the same on an idle and on a busy machine,
    and a call that loops over a huge number is stopped at `CEILING` instead of running for hours.
    The call runs traced in a thread of its own: nothing of the test runner's thread (its own
    tracing, a pending interruption) reaches the count, and a call that never returns fails the test
    after `HANG_GUARD` seconds instead of hanging the run (a guard, not a speed requirement)."""
    outcome: dict = {}

    def run() -> None:
        count = 0

        def tracer(frame, event, arg):
            nonlocal count
            if event == "line":
                count += 1
                if count > CEILING:
                    raise LineBudgetExceeded
            return tracer

        sys.settrace(tracer)
        try:
            call(*args)
        except ScorerInputError:
            pass
        except LineBudgetExceeded as exc:
            outcome["error"] = exc
        finally:
            sys.settrace(None)
            outcome["count"] = count

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(HANG_GUARD)
    assert not thread.is_alive(), f"{call.__name__} still runs after {HANG_GUARD} s"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["count"]


@pytest.fixture
def table() -> dict:
    return worked_example("EX-1")["input"]


@pytest.mark.parametrize("where, value", [
    (("global_market", "position"), 10**25),  # held a sync worker until gunicorn killed it
    (("global_market", "position"), 10**8),   # took 2.1 s
    (("leftovers", "goods"), 10**23),
    (("leftovers", "energy"), 36),
    (("influence", "SK"), 10**9),
    (("tigers", "SK", "ip", "A"), 10**9),
    (("tigers", "SK", "satellites"), 5),
    (("global_market", "stack"), 10**6),
    (("global_market", "position"), 121),  # issue 34: the printed track (60) and one lap more
    (("influence", "SK"), 250),
])
def test_a_number_beyond_the_components_is_refused_at_once(table, where, value):
    body = copy.deepcopy(table)
    target = body["participants"]["Red"]
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    with pytest.raises(ScorerInputError) as caught:
        score_table(body, EDITION)
    # At once: refusing the number takes fewer steps than scoring the whole table does.
    assert lines_run(score_table, body, EDITION) < lines_run(score_table, table, EDITION)
    assert caught.value.code == "value_too_large"
    assert caught.value.path == "/participants/Red/" + "/".join(where)


def test_the_bounds_come_from_the_components():
    bound = limits(EDITION)
    components = EDITION.document["components"]
    assert bound["goods"] == components["goods_total"] and bound["energy"] == components["energy_tokens"]
    assert bound["science"] == components["science_tokens"]
    assert bound["satellites"] == components["per_color"]["satellites"]
    assert bound["position"] == 2 * EDITION.document["board"]["global_market_track"]["printed_max"]
    assert bound["influence"] == 2 * EDITION.document["board"]["influence_track"]["printed_max"]


def test_a_high_score_beyond_any_total_is_refused():
    # SOLO-SCORE-03: the high-score variant compares with the previous high score
    body = {"player_count": 1, "solo": {"difficulty": 1, "variant": "high_score", "high_score": 10**30}}
    with pytest.raises(ScorerInputError) as caught:
        solo_settings(body, 1, EDITION)
    assert (caught.value.code, caught.value.path) == ("value_too_large", "/solo/high_score")
    body["solo"]["high_score"] = 180
    assert solo_settings(body, 1, EDITION).high_score == 180


def _milestones_by_walking(position: int, on_space: bool) -> int:
    track = EDITION.board["global_market_track"]
    count = sum(1 for m in track["milestones"] if (m <= position if on_space else m < position))
    m = max(track["milestones"]) + track["milestone_every"]
    while (m <= position if on_space else m < position):
        count, m = count + 1, m + track["milestone_every"]
    return count


@pytest.mark.parametrize("on_space", [True, False])
def test_milestones_are_counted_arithmetically(on_space):
    # SCORE-NAT-01: milestones on the printed track and every 5 beyond it (I05)
    for position in range(0, 130):
        assert milestones_reached(EDITION, position, on_space)[0] == _milestones_by_walking(position, on_space)
    count, pointers = milestones_reached(EDITION, 10**25, on_space)
    # Arithmetic, not a walk: as many steps for 10**25 as for a position just past the printed track.
    assert lines_run(milestones_reached, EDITION, 10**25, on_space) <= lines_run(milestones_reached, EDITION, 129, on_space)
    assert count == (10**25 - (0 if on_space else 1)) // 5
    assert "/board/global_market_track/beyond_printed_max" in pointers
