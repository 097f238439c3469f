"""Every rules field of the edition is either honoured by the engine or refused when changed.

A field the engine reads from the edition (the tie-break order, the neutral's tie rule, the
global-market track past its end) changes the result as the rulebook says; a field it implements
in code only is refused when an edition changes it, naming the field (checks_engine), instead of
being accepted and ignored.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from api.games.asian_tigers import load_edition
from api.games.asian_tigers.scoring.ranking import Contender, rank_tiger, special_flag_offer_order
from api.games.asian_tigers.scoring.score import milestones_reached
from api.games.asian_tigers.scoring.scorer import score_table
from api.games.provenance import EditionError, iter_leaves, pointer

DATA = Path(__file__).resolve().parents[4] / "api" / "data" / "asian-tigers.placeholder.json"
BASE = json.loads(DATA.read_text())
COLUMNS_FIRST = ["investment_points_column_A", "investment_points_column_B", "investment_points_column_C",
                 "headquarters", "turn_order"]
# The fields the engine reads from the edition; each has its own behaviour test below.
HONOURED = {"/rules/tie_breakers/order", "/rules/tie_breakers/neutral_wins_ties", "/neutral_player/wins_ties",
            "/board/global_market_track/beyond_printed_max"}


def edited(**changes) -> dict:
    """The shipped edition with values replaced (keys are JSON pointers with '/' written as '__')."""
    doc = copy.deepcopy(BASE)
    for key, value in changes.items():
        *parents, last = key.split("__")
        node = doc
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        node[int(last) if isinstance(node, list) else last] = value
    return doc


def _mutated(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "_changed"
    return ["changed"] if value == [] else None


def _leaves():
    for root in ("rules", "neutral_player"):
        for path, value in iter_leaves(BASE[root], (root,)):
            yield pointer(path), path, value
    yield "/board/global_market_track/beyond_printed_max", ("board", "global_market_track", "beyond_printed_max"), \
        BASE["board"]["global_market_track"]["beyond_printed_max"]


LEAVES = list(_leaves())


@pytest.mark.parametrize("ptr, path, value", LEAVES, ids=[leaf[0] for leaf in LEAVES])
def test_changing_one_rules_value_alone_is_refused_naming_the_field(ptr, path, value):
    # TIE-01..TIE-06, NEUTRAL-06, AMB-29 and every rule the engine implements in code: a value it would ignore
    # (or cannot read) is refused, and the error names the field or the list holding it.
    doc = edited(**{"__".join(path): _mutated(value)})
    with pytest.raises(EditionError) as caught:
        load_edition(doc)
    err = caught.value
    assert ptr == err.path or ptr.startswith(err.path + "/") or err.path in (
        "/neutral_player/wins_ties", "/rules/tie_breakers/neutral_wins_ties") and ptr in HONOURED, (ptr, err)
    assert len(err.message.split()) >= 5  # a sentence


def test_the_honoured_fields_accept_the_values_the_engine_knows():
    load_edition(edited(rules__tie_breakers__order=COLUMNS_FIRST))
    load_edition(edited(rules__tie_breakers__neutral_wins_ties=False, neutral_player__wins_ties=False))
    load_edition(edited(board__global_market_track__beyond_printed_max="no_milestones_beyond_printed_max"))
    with pytest.raises(EditionError) as caught:
        load_edition(edited(rules__tie_breakers__order=COLUMNS_FIRST[:4] + ["headquarters"]))
    assert caught.value.path == "/rules/tie_breakers/order"
    with pytest.raises(EditionError) as caught:
        load_edition(edited(rules__tie_breakers__order=["turn_order"] + COLUMNS_FIRST[:4]))
    assert caught.value.path == "/rules/tie_breakers/order/4" and "last" in caught.value.message


# --------------------------------------------------------------- tie-break order (TIE-01, TIE-02)

def taiwan_tie() -> dict:
    """EX-1 with Red and Blue tied at 6 investment points on Taiwan: Blue holds the headquarters there,
    Red has more column A points (2 against 0)."""
    from tests.web.test_scorers import AT, spec_example

    table = spec_example(AT)
    table["tigers"]["TW"]["headquarters"] = "Blue"
    table["participants"]["Blue"]["tigers"]["TW"]["ip"] = {"A": 0, "B": 0, "C": 3, "none": 3}
    return table


def test_the_tie_break_order_is_read_from_the_edition():
    # TIE-01 before TIE-02 by the rulebook; an edition that puts the columns first is followed.
    default = score_table(taiwan_tie(), load_edition())["influence_step"]["TW"]
    assert default["ranking"] == ["Blue", "Red"] and default["tie_breaks"][0]["decided_by"] == "headquarters"
    reordered = score_table(taiwan_tie(), load_edition(edited(rules__tie_breakers__order=COLUMNS_FIRST)))
    tw = reordered["influence_step"]["TW"]
    assert tw["ranking"] == ["Red", "Blue"]
    assert tw["tie_breaks"][0]["decided_by"] == "column_A" and tw["tie_breaks"][0]["rule"] == "TIE-02"
    assert tw["gain"]["Red"] == default["gain"]["Blue"] and tw["gain"]["Blue"] == default["gain"]["Red"]


def test_a_reordered_chain_explains_the_steps_it_passed():
    # TIE-01..TIE-03 in the edition's order, in words.
    a, b = Contender("Ann", 4, (1, 1, 0)), Contender("Bo", 4, (1, 1, 0))
    hq_late = rank_tiger([a, b], turn_order=["Bo", "Ann"], headquarters="Ann", order=COLUMNS_FIRST)
    assert hq_late.order == ("Ann", "Bo")
    assert hq_late.tie_breaks[0].detail == "Ann = Bo at 4 investment points: columns equal; Ann has the headquarters here"
    default = rank_tiger([a, b], turn_order=["Bo", "Ann"], headquarters=None)
    assert default.tie_breaks[0].detail == ("Bo = Ann at 4 investment points: no headquarters, columns equal; "
                                            "Bo is earlier in the turn order")


# ------------------------------------------------------------ the neutral's ties (TIE-06, NEUTRAL-06)

def three_players_with_the_neutral() -> dict:
    """EX-1 turned into a 3-player table: the neutral (5 IP on every Tiger: A1 B1 C1 + 2) ties Red on
    Singapore, where Red has more column A points (2 against 1)."""
    from tests.web.test_scorers import AT, spec_example

    table = spec_example(AT)
    table.update(player_count=3, neutral=True, turn_order=["Red", "Blue", "Green"])
    green = copy.deepcopy(table["participants"]["Blue"])
    green.update(global_market={"position": 10, "stack": 0}, flags={}, special_flags=[])
    table["participants"]["Green"] = green
    table["participants"]["N"] = {"kind": "neutral", "influence": {t: 5 for t in ("SK", "HK", "TW", "SG")},
                                  "tigers": {t: {"ip": {"A": 1, "B": 1, "C": 1, "none": 2}}
                                             for t in ("SK", "HK", "TW", "SG")}}
    table["participants"]["Red"]["tigers"]["SG"]["ip"] = {"A": 2, "B": 1, "C": 1, "none": 1}
    return table


def test_whether_the_neutral_wins_its_ties_is_read_from_the_edition():
    default = score_table(three_players_with_the_neutral(), load_edition())["influence_step"]["SG"]
    assert default["ranking"].index("N") < default["ranking"].index("Red")
    assert any(t["decided_by"] == "neutral" and t["rule"] == "TIE-06" for t in default["tie_breaks"])
    edition = load_edition(edited(rules__tie_breakers__neutral_wins_ties=False, neutral_player__wins_ties=False))
    sg = score_table(three_players_with_the_neutral(), edition)["influence_step"]["SG"]
    assert sg["ranking"].index("Red") < sg["ranking"].index("N")
    tie = next(t for t in sg["tie_breaks"] if {t["ahead"], t["behind"]} == {"Red", "N"})
    assert tie["decided_by"] == "column_A" and sg["gain"]["Red"] > default["gain"]["Red"]


def test_the_special_flag_offer_follows_the_neutral_tie_rule():
    # TIE-05 / TIE-06: equal influence; the neutral first only while it wins its ties.
    influence = {"0": 7, "N": 7, "1": 3}
    assert special_flag_offer_order(influence, turn_order=["0", "1"], neutral="N").order == ("N", "0", "1")
    late = special_flag_offer_order(influence, turn_order=["0", "1"], neutral="N", neutral_wins_ties=False)
    assert late.order == ("0", "N", "1") and "after every player" in late.tie_breaks[0].detail


# -------------------------------------------------------- the global-market track past its end (AMB-29)

def test_milestones_past_the_printed_track_follow_the_edition():
    track = BASE["board"]["global_market_track"]
    far = track["printed_max"] + 2 * track["milestone_every"]
    printed = len(track["milestones"])
    assert milestones_reached(load_edition(), far, True)[0] == printed + 2
    stop = load_edition(edited(board__global_market_track__beyond_printed_max="no_milestones_beyond_printed_max"))
    count, pointers = milestones_reached(stop, far, True)
    assert count == printed and "/board/global_market_track/beyond_printed_max" not in pointers
    assert milestones_reached(stop, track["printed_max"], True)[0] == printed  # on the track: unchanged


def test_the_era_one_management_phase_follows_the_edition_order():
    # MGMT1-03 with TIE-01 / TIE-02: equal IP (2) on SK; seat 0 has the headquarters there, seat 1 more
    # column A points.  The rulebook's chain gives seat 0 the 1st place; an edition with the columns first, seat 1.
    from api.games.asian_tigers import new_game
    from tests.games.asian_tigers.builders import recorded_options, recorded_setup
    from tests.games.asian_tigers.builders.management import at_end_of_era, awards, put, run_management, tie_breaks

    def first_on_sk(edition):
        state = new_game(recorded_options(2, setup=recorded_setup(2)), edition, 7)
        state = at_end_of_era(state, gm={"8": ["1"], "6": ["0"]})
        put(state, "0", "SK", "HQ", "L3")
        put(state, "1", "SK", "U1", "U3")
        state, events = run_management(state)
        return awards(events, "SK"), tie_breaks(events, "SK")

    assert first_on_sk(load_edition()) == ({"0": 6, "1": 3}, [("0", "1", "headquarters", "TIE-01")])
    reordered = load_edition(edited(rules__tie_breakers__order=COLUMNS_FIRST))
    assert first_on_sk(reordered) == ({"1": 6, "0": 3}, [("1", "0", "column_A", "TIE-02")])
