"""The catalogue's worked examples EX-1 and EX-2 (Part D) through the scorer-only entry point.

Every value of each example's ``expected`` (and of every alternative under a
non-default rules option) is compared with the outcome.  The outcome layout is a
superset of ``expected``; the one key that differs is named below (`KEY_MAP`) and is
mapped explicitly.  Rules exercised: MGMT2-01..04, IP-01..04, SCORE-FSB-01..07,
SCORE-NAT-01, SCORE-END-01, TIE-01..04, TIE-08, AMB-17, AMB-20, AMB-24, AMB-28, AMB-29.
"""
import copy
import json
import pathlib

import pytest

from api.games.asian_tigers.scoring.scorer import score_table
from tests.helpers import worked_example


# expected key → outcome key, where the layouts differ.  Everything else is compared as is.
KEY_MAP: dict[str, str] = {}


def _load(name):
    return worked_example(name)


def _compare(expected, actual, path=""):
    """Assert every leaf of `expected` equals the outcome's; return how many leaves were compared."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{path}: expected an object, got {actual!r}"
        count = 0
        for key, value in expected.items():
            out_key = KEY_MAP.get(key, key)
            assert out_key in actual, f"{path}/{key}: missing from the outcome"
            count += _compare(value, actual[out_key], f"{path}/{key}")
        if path.endswith("/points") or path.endswith("/gain"):
            # Unranked participants get no entry (AMB-20): the outcome must not add any.
            assert set(actual) == set(expected), f"{path}: {sorted(actual)} != {sorted(expected)}"
        return count
    assert actual == expected, f"{path}: expected {expected!r}, got {actual!r}"
    return 1


def _cases():
    for name in ("EX-1", "EX-2"):
        data = _load(name)
        yield pytest.param(data["input"], data["expected"], id=f"{name}-default")
        for alt in data["alternatives"]:
            changed = copy.deepcopy(data["input"])
            changed["rules_options"] = {**changed.get("rules_options", {}), **alt["rules_options"]}
            label = ",".join(f"{k}={v}" for k, v in alt["rules_options"].items())
            yield pytest.param(changed, alt["expected"], id=f"{name}-{label}")


@pytest.mark.parametrize("table_input, expected", list(_cases()))
def test_worked_example_matches_every_expected_value(table_input, expected, scoring_edition):
    # SCORE-END-01, SCORE-END-02: the whole expected result, every number.
    outcome = score_table(table_input, scoring_edition)
    compared = _compare(expected, outcome)
    assert compared > 100
    # The outcome is JSON-ready.
    assert json.loads(json.dumps(outcome)) == outcome


def test_all_alternatives_are_covered():
    # Four alternatives in all: EX-1 rounds=2; EX-2 turn_order and milestone_counts_on_space=false.
    assert len(list(_cases())) == 2 + len(_load("EX-1")["alternatives"]) + len(_load("EX-2")["alternatives"]) == 5


def test_ex2_tie_break_keys_are_reported(scoring_edition):
    outcome = score_table(_load("EX-2")["input"], scoring_edition)
    sk = outcome["influence_step"]["SK"]["tie_breaks"]
    # TIE-02: Red = Blue at 5 IP on SK, columns A and B equal, column C decides.
    assert [(t["ahead"], t["behind"], t["decided_by"], t["rule"]) for t in sk] == [
        ("Red", "Blue", "column_C", "TIE-02")]
    # TIE-01: Green's headquarters decides the HK influence tie with Yellow.
    hk = outcome["prosperity_from_influence"]["HK"]["tie_breaks"]
    assert [(t["ahead"], t["decided_by"], t["rule"]) for t in hk] == [("Green", "headquarters", "TIE-01")]
    # TIE-02 with column B on TW, TIE-03 (turn order) on SG.
    assert outcome["prosperity_from_influence"]["TW"]["tie_breaks"][0]["decided_by"] == "column_B"
    assert outcome["prosperity_from_influence"]["SG"]["tie_breaks"][0]["rule"] == "TIE-03"
    # TIE-04: Blue was on 20 first, Red arrived on top.
    assert outcome["final_turn_order_tie_breaks"][0]["decided_by"] == "stack"
    assert outcome["global_market"]["Red"]["stack_after"] == 1 and outcome["global_market"]["Blue"]["stack_after"] == 0


def test_ex1_lines_explain_each_number_and_mark_placeholders(scoring_edition):
    outcome = score_table(_load("EX-1")["input"], scoring_edition)
    texts = {line["text"]: line for line in outcome["lines"]}
    line = texts["Taiwan: Blue 2nd on influence (12), token PT3 → 9 prosperity [placeholder edition value]"]
    assert line["placeholder"] is True and line["value"] == 9
    assert line["placeholder_values"] == ["/prosperity_tokens/PT3/by_player_count/2/ranks/1"]
    sector = next(t for t in texts if t.startswith("Sector C: 2 Tigers with a satellite (HK, TW) × 4 stars"))
    assert sector.split(" [")[0].endswith("= 8") and texts[sector]["participant"] == "Blue"
    assert "/prosperity_tokens/PT3/by_player_count/2/ranks/1" in outcome["placeholder_values"]
    assert outcome["provisional"] is True
    # One line per participant for each Tiger, sector, nations and total.
    for pid in ("Red", "Blue"):
        mine = [l for l in outcome["lines"] if l["participant"] == pid]
        assert sum(l["category"] == "prosperity_from_influence" for l in mine) == 4
        assert sum(l["category"] == "final_scoring_bonus" for l in mine) == 6
        assert sum(l["category"] in ("nations", "total") for l in mine) == 2
