"""Issue 34: what the Asian Tigers scorer derives instead of asking (fewer taps at the table)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from api.games.asian_tigers import load_edition
from api.games.asian_tigers.scoring.scorer import score_table
from api.games.asian_tigers.scoring.scorer_input import ScorerInputError

EDITION = load_edition()
EXAMPLES = Path(__file__).resolve().parents[3] / "data" / "examples"


def three_players() -> dict:
    """A 3-player table with the neutral, positions far apart on the global market."""
    tigers = {t: {"prosperity_token": f"PT{i + 1}", "headquarters": None} for i, t in enumerate(EDITION.tigers)}
    facts = {t: {"ip": {"A": 1, "B": 1, "C": 0, "none": 0}, "distinct_infrastructure_types": 1, "satellites": 0,
                 "parts_factories": 0, "power_plants": 0, "laboratories": 0} for t in EDITION.tigers}
    players = {p: {"kind": "player", "global_market": {"position": gm, "stack": 0},
                   "leftovers": {"goods": 1, "energy": 1, "science": 1},
                   "influence": {t: 5 + i for i, t in enumerate(EDITION.tigers)}, "tigers": copy.deepcopy(facts),
                   "flags": {}, "special_flags": []} for p, gm in (("Ann", 20), ("Bob", 14), ("Cy", 9))}
    neutral = {"kind": "neutral", "influence": {t: 6 for t in EDITION.tigers},
               "tigers": {t: {"ip": {"A": 2, "B": 1, "C": 2, "none": 0}} for t in EDITION.tigers}}
    return {"player_count": 3, "neutral": True, "turn_order": ["Cy", "Ann", "Bob"], "tigers": tigers,
            "participants": {**players, "Neutral": neutral}}


def test_the_turn_order_is_not_needed_when_no_two_markers_move_onto_one_space():
    # MGMT2-02 / GM-04: the Era II management sets the final turn order from the global market; the order in
    # force before it only orders the leftover moves, which end the same here whatever their order
    given = score_table(three_players())
    body = three_players()
    del body["turn_order"]
    derived = score_table(body)
    assert derived["participants"] == given["participants"]
    assert derived["final_turn_order"] == given["final_turn_order"] == ["Ann", "Bob", "Cy"]


def test_two_markers_moving_onto_one_space_ask_for_the_turn_order():
    # GM-02 / TIE-04: the marker moving later goes on top, so the order decides their final turn order
    body = three_players()
    body["participants"]["Bob"]["global_market"]["position"] = 19  # Bob 19 + 6 // 3 and Ann 20 + 3 // 3: both end on 21
    body["participants"]["Ann"]["global_market"]["position"] = 20
    body["participants"]["Bob"]["leftovers"] = {"total": 6}
    del body["turn_order"]
    with pytest.raises(ScorerInputError) as refused:
        score_table(body)
    assert refused.value.path == "/turn_order" and refused.value.rule == "GM-02"
    assert "Ann and Bob" in refused.value.message or "Bob and Ann" in refused.value.message
    # with the order given, the one moving later sits on top and plays later (TIE-04)
    body["turn_order"] = ["Ann", "Bob", "Cy"]
    assert score_table(body)["final_turn_order"][:2] == ["Ann", "Bob"]
    body["turn_order"] = ["Bob", "Ann", "Cy"]
    assert score_table(body)["final_turn_order"][:2] == ["Bob", "Ann"]


def test_the_leftovers_may_be_given_as_their_sum():
    # MGMT2-02: goods, energy and science are counted together, 1 space per full 3
    split = score_table(three_players())
    body = three_players()
    for p in ("Ann", "Bob", "Cy"):
        body["participants"][p]["leftovers"] = {"total": 3}
    summed = score_table(body)
    assert summed["participants"] == split["participants"]
    assert [summed["global_market"][p]["advance"] for p in ("Ann", "Bob", "Cy")] == [1, 1, 1]
    assert any(line["text"].startswith("Ann: 3 leftover resources") for line in summed["lines"])


def test_a_leftover_sum_is_bounded_by_the_box_with_its_other_problems():
    # issue 34: every value bounded at its field, all problems at once
    body = three_players()
    body["participants"]["Ann"]["leftovers"] = {"total": 10_000}
    body["participants"]["Bob"]["leftovers"] = {"total": ""}
    with pytest.raises(ScorerInputError) as refused:
        score_table(body)
    paths = {e.path for e in [refused.value, *refused.value.others]}
    assert paths == {"/participants/Ann/leftovers/total", "/participants/Bob/leftovers/total"}
    assert "at most" in refused.value.message


def test_the_worked_examples_score_the_same_without_their_turn_order_where_it_is_not_needed():
    # the examples' format keeps its turn order; leaving it out changes nothing unless two markers collide
    checked = 0
    for path in sorted(EXAMPLES.glob("*.json")):
        example = json.loads(path.read_text())
        body = example.get("input", example)
        if not isinstance(body, dict) or "turn_order" not in body:
            continue
        given = score_table(body)
        without = {k: v for k, v in body.items() if k != "turn_order"}
        try:
            derived = score_table(without)
        except ScorerInputError as refused:
            assert refused.path == "/turn_order"
            continue
        assert derived["participants"] == given["participants"], path.name
        checked += 1
    assert checked


def test_tokens_not_chosen_are_refused_at_their_tigers_with_every_other_problem():
    # SETUP-02 / issue 34: a forgotten token is refused (never a default), in words, with the other field problems
    body = three_players()
    body["tigers"]["SK"]["prosperity_token"] = None
    body["tigers"]["HK"]["prosperity_token"] = "PT3"  # also on Taiwan
    body["participants"]["Ann"]["influence"]["SG"] = ""
    with pytest.raises(ScorerInputError) as refused:
        score_table(body)
    found = {e.path: e for e in [refused.value, *refused.value.others]}
    assert set(found) == {"/tigers/SK/prosperity_token", "/tigers/TW/prosperity_token",
                          "/participants/Ann/influence/SG"}
    assert "tap the one lying on South Korea" in found["/tigers/SK/prosperity_token"].message
    assert found["/tigers/TW/prosperity_token"].message.startswith("the token 18 · 12 · 7 · 2 already lies on Hong Kong")
    assert "PT" not in found["/tigers/TW/prosperity_token"].message


def test_a_stack_height_is_asked_only_where_markers_share_a_space():
    # TIE-04: the height on a space orders markers sharing it; on a space of its own it changes nothing
    given = score_table(three_players())
    body = three_players()
    for p in ("Ann", "Bob", "Cy"):
        del body["participants"][p]["global_market"]["stack"]
    assert score_table(body)["participants"] == given["participants"]
    body["participants"]["Bob"]["global_market"]["position"] = 20  # on Ann's space, and both stay there
    for p in ("Ann", "Bob"):
        body["participants"][p]["leftovers"] = {"total": 2}
    body["turn_order"] = [None, None, None]  # slots not tapped: not given
    with pytest.raises(ScorerInputError) as refused:
        score_table(body)
    found = {e.path: e for e in [refused.value, *refused.value.others]}
    assert set(found) == {"/participants/Ann/global_market/stack", "/participants/Bob/global_market/stack"}
    assert found["/participants/Bob/global_market/stack"].rule == "TIE-04"
    assert "shares global-market space 20 with Ann" in found["/participants/Bob/global_market/stack"].message
    body["participants"]["Ann"]["global_market"]["stack"] = 1
    body["participants"]["Bob"]["global_market"]["stack"] = 0
    assert score_table(body)["final_turn_order"][:2] == ["Bob", "Ann"]  # Bob arrived first, he goes first


def test_a_marker_that_moves_away_needs_no_height():
    # MGMT2-02: Ann leaves space 20 with her leftovers, Bob stays: their heights there change nothing
    body = three_players()
    for p in ("Ann", "Bob"):
        del body["participants"][p]["global_market"]["stack"]
    body["participants"]["Bob"]["global_market"]["position"] = 20
    body["participants"]["Bob"]["leftovers"] = {"total": 2}
    del body["turn_order"]
    assert score_table(body)["final_turn_order"][:2] == ["Ann", "Bob"]
