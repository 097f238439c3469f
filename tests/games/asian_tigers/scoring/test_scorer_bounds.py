"""Issue 16: every number of the Asian Tigers scorer input is bounded by the edition's components,
and no scoring step loops over a number (a 4 KB request once held a worker for 30 s)."""
from __future__ import annotations

import copy
import time

import pytest

from api.games.asian_tigers import load_edition
from api.games.asian_tigers.scoring.score import milestones_reached
from api.games.asian_tigers.scoring.scorer import ScorerInputError, score_table
from api.games.asian_tigers.scoring.scorer_input import limits, solo_settings
from tests.helpers import worked_example

EDITION = load_edition()
# A stall guard, generous on purpose so a busy machine never fails it: each refusal and each
# arithmetic count here takes milliseconds, a loop over one of these numbers hours (10**8: 2.1 s once,
# 10**25: a worker held until gunicorn killed it).  Speed itself is for bench/, not for a test.
STALL_GUARD = 15


def seconds(call, *args) -> float:
    """How long `call(*args)` took (a refusal it raises is swallowed: the caller checks it apart)."""
    started = time.monotonic()
    try:
        call(*args)
    except ScorerInputError:
        pass
    return time.monotonic() - started


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
    assert seconds(score_table, body, EDITION) < STALL_GUARD
    with pytest.raises(ScorerInputError) as caught:
        score_table(body, EDITION)
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
    assert seconds(milestones_reached, EDITION, 10**25, on_space) < STALL_GUARD  # arithmetic, not a walk
    count, pointers = milestones_reached(EDITION, 10**25, on_space)
    assert count == (10**25 - (0 if on_space else 1)) // 5
    assert "/board/global_market_track/beyond_printed_max" in pointers
