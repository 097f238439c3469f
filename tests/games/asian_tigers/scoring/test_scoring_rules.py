"""Era II management phase and final scoring, rule by rule (MGMT2-*, SCORE-*, NEUTRAL-07, AMB-20/21).

Positions are built with the table builders of conftest.py and scored through the
scorer-only entry point; the placeholder edition's 2-player tables are
PT1 [24, 12], PT2 [21, 10], PT3 [18, 9], PT4 [15, 7] and Era II influence [8, 4].
"""
import pytest

from api.games.asian_tigers.scoring.scorer import ScorerInputError, position_from_table
from api.games.asian_tigers.scoring.model import (ColumnIP, EndPosition, Leftovers, ParticipantPosition, RulesOptions,
                                                  TigerFacts)
from api.games.asian_tigers.scoring.score import milestones_reached, score_end_position
from tests.games.asian_tigers.builders.scoring import TIGERS, facts, participant, table


def _two(p1=None, p2=None, **kw):
    return table({"P1": participant(**(p1 or {})), "P2": participant(**{"position": 2, **(p2 or {})})}, **kw)


# ------------------------------------------------------------ global market ---

def test_leftovers_move_one_space_per_three_and_the_remainder_is_lost(score):
    # MGMT2-02, AMB-31: 3 goods + 3 energy + 2 science = 8 → 2 spaces.
    out = score(_two({"position": 10, "leftovers": (3, 3, 2)}, {"position": 30, "leftovers": (1, 1, 0)}))
    assert out["global_market"]["P1"] == {"before": 10, "stack_before": 0, "leftover_resources": 8, "advance": 2,
                                          "after": 12, "stack_after": 0}
    assert out["global_market"]["P2"]["advance"] == 0 and out["global_market"]["P2"]["after"] == 30


def test_a_moved_marker_goes_on_top_of_the_stack(score):
    # MGMT2-02, TIE-04: P1 lands on P2's space and arrived last, so P2 goes first.
    out = score(_two({"position": 10, "leftovers": (6, 0, 0)}, {"position": 12}))
    assert out["global_market"]["P1"]["stack_after"] == 1
    assert out["final_turn_order"] == ["P2", "P1"]
    assert out["final_turn_order_tie_breaks"][0]["rule"] == "TIE-04"


def test_an_unmoved_marker_keeps_its_place_in_the_stack(score):
    # TIE-04, AMB-31: neither moves; P2 is lower in the stack so it goes first although P1 started first.
    out = score(_two({"position": 10, "stack": 1}, {"position": 10, "stack": 0}))
    assert out["final_turn_order"] == ["P2", "P1"]


def test_markers_move_in_turn_order_so_the_first_mover_arrives_first(score):
    # MGMT2-02, AMB-31: P1 and P2 both reach 12 where P3 already is; P1 moves first.
    parts = {"P1": participant(position=10, leftovers=(6, 0, 0)), "P2": participant(position=11, leftovers=(0, 3, 0)),
             "P3": participant(position=12), "P4": participant(position=4)}
    out = score(table(parts))
    assert out["final_turn_order"] == ["P3", "P1", "P2", "P4"]
    assert [out["global_market"][p]["stack_after"] for p in ("P3", "P1", "P2")] == [0, 1, 2]


def test_the_phase_runs_in_order_so_influence_ties_use_the_final_turn_order(score):
    # MGMT2-01, AMB-18, TIE-03: P1 starts first, P2's leftovers move it ahead; their SK IP tie goes to P2.
    out = score(_two({"position": 5, "tigers": {"SK": facts(A=1, pp=1)}},
                     {"position": 4, "leftovers": (3, 3, 0), "tigers": {"SK": facts(A=1, pp=1)}}))
    assert out["final_turn_order"] == ["P2", "P1"]
    assert out["influence_step"]["SK"]["ranking"] == ["P2", "P1"]
    assert out["influence_step"]["SK"]["tie_breaks"][0]["rule"] == "TIE-03"


# ---------------------------------------------------------------- influence ---

def test_influence_step_awards_the_era2_table_and_skips_zero_ip(score):
    # MGMT2-03, AMB-20: P1 has 5 IP on SK, P2 none: P1 +8, P2 not ranked and gains nothing.
    out = score(_two({"influence": {"SK": 3}, "tigers": {"SK": facts(A=3, B=2, pp=1)}}, {"influence": {"SK": 6}}))
    step = out["influence_step"]["SK"]
    assert step["ranking"] == ["P1"] and step["unranked"] == ["P2"]
    assert step["gain"] == {"P1": 8} and step["influence_after"] == {"P1": 11, "P2": 6}


def test_prosperity_from_the_token_and_zero_influence_unranked(score):
    # MGMT2-04, AMB-20: on HK only P2 has influence; P1 is not ranked and rank 2's 10 is not awarded.
    out = score(_two({"influence": {"SK": 9}}, {"influence": {"SK": 4, "HK": 2}}))
    assert out["prosperity_from_influence"]["SK"]["points"] == {"P1": 24, "P2": 12}
    assert out["prosperity_from_influence"]["HK"] == {
        "token": "PT2", "ranking": ["P2"], "unranked": ["P1"], "points": {"P2": 21}, "tie_breaks": []}
    assert out["participants"]["P1"]["prosperity_by_tiger"]["HK"] == {"influence": 0, "rank": None, "points": 0}
    assert out["participants"]["P1"]["prosperity_from_influence"] == 24
    assert out["participants"]["P2"]["prosperity_from_influence"] == 12 + 21


def test_headquarters_breaks_an_influence_tie_under_chain_not_under_turn_order(score):
    # TIE-01 (default chain) versus TIE-08 (option turn_order) on a prosperity tie (MGMT2-04); P1 is first.
    # TW: P1 has 2 IP (column A), P2 only its HQ (1 IP, no column): P1 +8, P2 +4 → both at 15.
    data = _two({"position": 5, "influence": {"TW": 7}, "tigers": {"TW": facts(A=2, pp=1)}},
                {"influence": {"TW": 11}, "tigers": {"TW": facts(none=1, hq=True)}}, hq={"TW": "P2"})
    chain = score(data)["prosperity_from_influence"]["TW"]
    assert chain["ranking"] == ["P2", "P1"] and chain["tie_breaks"][0]["rule"] == "TIE-01"
    data["rules_options"] = {"tiebreak_era2_tiger_ties": "turn_order"}
    plain = score(data)["prosperity_from_influence"]["TW"]
    assert plain["ranking"] == ["P1", "P2"] and plain["tie_breaks"][0]["rule"] == "TIE-08"


def test_columns_break_an_ip_tie_under_chain_and_turn_order_under_the_option(score):
    # TIE-02 versus TIE-08 on an investment-points tie (MGMT2-03): 2 IP each on SG, P2's in column A;
    # P1 is first in the final turn order (space 5 against 2).
    data = _two({"position": 5, "tigers": {"SG": facts(C=2, pp=1)}}, {"tigers": {"SG": facts(A=2, pp=1)}})
    chain = score(data)["influence_step"]["SG"]
    assert chain["gain"] == {"P2": 8, "P1": 4} and chain["tie_breaks"][0]["decided_by"] == "column_A"
    data["rules_options"] = {"tiebreak_era2_tiger_ties": "turn_order"}
    plain = score(data)["influence_step"]["SG"]
    assert plain["gain"] == {"P1": 8, "P2": 4} and plain["tie_breaks"][0]["rule"] == "TIE-08"


def test_prosperity_from_influence_rounds_2_scores_the_era1_tracks_with_the_chain(score):
    # SCORE-INF-01, AMB-28: Era I tie on SK broken by the Era I headquarters (TIE-01), even under turn_order.
    era1 = {"turn_order": ["P1", "P2"], "headquarters": {"SK": "P2"},
            "participants": {"P1": {"influence": {"SK": 5, "HK": 0, "TW": 0, "SG": 3},
                                    "ip": {t: {"A": 1, "B": 0, "C": 0, "none": 0} for t in TIGERS}},
                             "P2": {"influence": {"SK": 5, "HK": 0, "TW": 0, "SG": 0},
                                    "ip": {t: {"A": 0, "B": 0, "C": 0, "none": int(t == "SK")} for t in TIGERS}}}}
    data = _two({"influence": {"SK": 10}}, {"tigers": {"SK": facts(none=1, hq=True)}}, hq={"SK": "P2"},
                options={"prosperity_from_influence_rounds": 2, "tiebreak_era2_tiger_ties": "turn_order"}, era1=era1)
    out = score(data)
    era = out["prosperity_from_influence_era1"]
    assert era["SK"]["ranking"] == ["P2", "P1"] and era["SK"]["tie_breaks"][0]["rule"] == "TIE-01"
    assert era["SK"]["points"] == {"P2": 24, "P1": 12}
    assert era["SG"] == {"token": "PT4", "ranking": ["P1"], "unranked": ["P2"], "points": {"P1": 15}, "tie_breaks": []}
    p1 = out["participants"]["P1"]
    assert p1["prosperity_from_influence_era1"] == 12 + 15
    assert p1["total"] == p1["prosperity_from_influence"] + 27 + p1["final_scoring_bonuses"]["total"] + \
        p1["nations"]["points"]
    assert p1["prosperity_by_tiger_era1"]["SK"] == {"influence": 5, "rank": 2, "points": 12}


def test_rounds_1_ignores_era1(score):
    # SCORE-INF-01: by default prosperity is scored once.
    out = score(_two({"influence": {"SK": 1}}))
    assert "prosperity_from_influence_era1" not in out
    assert "prosperity_from_influence_era1" not in out["participants"]["P1"]


# ---------------------------------------------------------- final scoring ---

SECTOR_CASES = [
    # sector, flag (stars), facts meeting the requirement, facts just short of it
    ("A", "USA-1", 1, facts(A=4, none=4, lab=1, types=1), facts(A=7, pp=1)),  # SCORE-FSB-02 (none counts, AMB-09)
    ("B", "NLD-1", 2, facts(A=5, pp=1, lab=1, types=5), facts(A=5, pp=1, lab=1, types=4)),  # SCORE-FSB-03
    ("C", "CAN-1", 2, facts(none=1, sat=1), facts(A=1, pp=1)),  # SCORE-FSB-04
    ("D", "AUS-1", 2, facts(B=2, pf=1), facts(B=1, types=1)),  # SCORE-FSB-05
    ("E", "GBR-1", 1, facts(none=1, pp=1), facts(C=1, lab=1)),  # SCORE-FSB-06 (∞ power plant)
    ("F", "JPN-1", 1, facts(none=1, lab=1), facts(C=1, pp=1)),  # SCORE-FSB-07 (∞ laboratory)
]


@pytest.mark.parametrize("sector, flag, stars, meets, short", SECTOR_CASES, ids=[c[0] for c in SECTOR_CASES])
def test_sector_scores_tigers_meeting_the_requirement_times_stars(score, sector, flag, stars, meets, short):
    # MGMT2-05, SCORE-FSB-01..07: two Tigers meet it, one falls just short, one is empty.
    data = _two({"tigers": {"SK": meets, "HK": meets, "TW": short}, "flags": {sector: [flag]}})
    got = score(data)["participants"]["P1"]["final_scoring_bonuses"][sector]
    assert got == {"tigers": 2, "qualifying_tigers": ["SK", "HK"], "stars": stars, "points": 2 * stars}


def test_a_sector_scores_zero_without_flags_or_without_tigers(score):
    # SCORE-FSB-01: Tigers but no stars → 0; stars but no Tiger → 0.
    out = score(_two({"tigers": {t: facts(none=1, pp=1) for t in TIGERS}, "flags": {"C": ["CAN-1"]}}))
    fsb = out["participants"]["P1"]["final_scoring_bonuses"]
    assert fsb["E"] == {"tigers": 4, "qualifying_tigers": list(TIGERS), "stars": 0, "points": 0}
    assert fsb["C"] == {"tigers": 0, "qualifying_tigers": [], "stars": 2, "points": 0}
    assert fsb["total"] == 0


def test_special_flag_in_an_any_row_adds_its_stars(score):
    # AMB-24, PERF-07: special TW (★3) moved into row E2 counts in sector E.
    out = score(_two({"tigers": {"SK": facts(none=1, pp=1)}, "flags": {"E": ["GBR-1", "special:TW"]}}))
    assert out["participants"]["P1"]["final_scoring_bonuses"]["E"]["points"] == 1 * (1 + 3)


# ----------------------------------------------------------------- nations ---

@pytest.mark.parametrize("position, on_space, expected", [
    (4, True, 0), (5, True, 1), (5, False, 0), (6, False, 1), (20, True, 4), (20, False, 3), (21, False, 4),
    (60, True, 12), (60, False, 11), (64, True, 12), (65, True, 13), (65, False, 12), (66, False, 13)])
def test_milestones_on_the_space_or_strictly_beyond(scoring_edition, position, on_space, expected):
    # SCORE-NAT-01, AMB-29; beyond the printed track they continue every 5 (I05).
    count, pointers = milestones_reached(scoring_edition, position, on_space)
    assert count == expected
    assert len(pointers) >= min(count, 12)


@pytest.mark.parametrize("on_space, milestones", [(True, 4), (False, 3)])
def test_nations_distinct_nations_plus_special_flags_times_milestones(score, on_space, milestones):
    # MGMT2-06, SCORE-NAT-01, AMB-30: USA twice counts once; the special flags in the section and in a row
    # count each.
    flags = {"A": ["USA-1", "JPN-1"], "E": ["GBR-1", "USA-2"], "B": ["special:TW"]}
    data = _two({"position": 20, "flags": flags, "special": ["SK"]},
                options={"milestone_counts_on_space": on_space})
    nations = score(data)["participants"]["P1"]["nations"]
    assert nations == {"distinct_flags": 5, "nations": ["GBR", "JPN", "USA"], "special_flags": 2,
                       "global_market": 20, "milestones": milestones, "points": 5 * milestones}


# -------------------------------------------------------------- end of game ---

def test_total_is_the_sum_and_the_highest_total_wins(score):
    # SCORE-END-01, SCORE-END-02
    out = score(_two({"influence": {"SK": 5}, "position": 10, "flags": {"A": ["USA-1"]}},
                     {"influence": {"HK": 5, "TW": 1}}))
    p1, p2 = out["participants"]["P1"], out["participants"]["P2"]
    assert p1["total"] == 24 + 0 + 1 * 2 and p2["total"] == 21 + 18
    assert out["winner"] == "P2" and p2["rank"] == 1 and p1["rank"] == 2
    assert out["standings"] == [{"participant": "P2", "rank": 1, "total": 39, "final_turn_order_position": 2},
                                {"participant": "P1", "rank": 2, "total": 26, "final_turn_order_position": 1}]


def test_equal_totals_go_to_the_first_in_the_final_turn_order(score):
    # TIE-07, SCORE-END-01: both score 0; P2 is further along the global market, so it is first and wins.
    out = score(_two({"position": 3}, {"position": 4}))
    assert out["participants"]["P1"]["total"] == out["participants"]["P2"]["total"] == 0
    assert out["final_turn_order"] == ["P2", "P1"] and out["winner"] == "P2"
    assert out["standings_tie_breaks"][0]["rule"] == "TIE-07"


def test_missing_rules_options_take_the_edition_defaults(score, scoring_edition):
    # SCORE-END-03
    data = _two()
    data.pop("rules_options", None)
    assert score(data)["rules_options"] == dict(scoring_edition.rules_options)
    data["rules_options"] = {"milestone_counts_on_space": False}
    assert score(data)["rules_options"] == {**dict(scoring_edition.rules_options), "milestone_counts_on_space": False}


def test_invalid_rules_option_is_refused(score):
    # SCORE-END-03: no other value exists.
    with pytest.raises(ScorerInputError) as err:
        score(_two(options={"prosperity_from_influence_rounds": 3}))
    assert (err.value.code, err.value.path, err.value.rule) == (
        "invalid_rules_option", "/rules_options/prosperity_from_influence_rounds", "SCORE-END-03")


# ------------------------------------------------------------ 3-player neutral ---

def _three(**kw):
    neutral_ip = {t: facts(A=2, C=3) for t in TIGERS}
    parts = {"P1": participant(position=3, influence={"SK": 15, "HK": 9}),
             "P2": participant(position=2, influence={"SK": 10}),
             "P3": participant(position=1, influence={"SK": 5}),
             "N": participant("neutral", influence={"SK": 20, "HK": 0}, tigers=neutral_ip)}
    return table(parts, **kw)


def test_neutral_is_ranked_and_pushes_a_player_to_rank_four(score):
    # AMB-21, NEUTRAL-04, NEUTRAL-07: the neutral's 5 IP win the SK influence step (+9);
    # P3 is 4th on SK and scores PT1's 3-player rank-4 value 3.
    out = score(_three())
    assert out["influence_step"]["SK"]["gain"] == {"N": 9}
    assert out["prosperity_from_influence"]["SK"]["ranking"] == ["N", "P1", "P2", "P3"]
    assert out["prosperity_from_influence"]["SK"]["points"] == {"N": 24, "P1": 16, "P2": 9, "P3": 3}
    assert out["participants"]["P3"]["prosperity_by_tiger"]["SK"] == {"influence": 5, "rank": 4, "points": 3}


def test_neutral_score_is_not_recorded_and_cannot_win(score):
    # NEUTRAL-07: the neutral out-scores everyone but is not in the standings.
    out = score(_three())
    neutral = out["participants"]["N"]
    assert neutral["recorded"] is False and neutral["rank"] is None
    assert neutral["final_scoring_bonuses"] is None and neutral["nations"] is None
    assert neutral["total"] == neutral["prosperity_from_influence"] > out["participants"]["P1"]["total"]
    assert out["winner"] == "P1" and [s["participant"] for s in out["standings"]] == ["P1", "P2", "P3"]


def test_neutral_wins_an_influence_tie(score):
    # TIE-06: on HK the neutral (5 IP → +9) and P1 (9) tie at 9; the neutral wins without HQ or columns.
    data = _three()
    data["participants"]["P1"]["tigers"]["HK"] = facts(A=3, none=1, pp=1, hq=True)
    data["tigers"]["HK"]["headquarters"] = "P1"
    data["participants"]["P1"]["influence"]["HK"] = 3  # P1's 4 IP are 2nd behind the neutral's 5: 3 + 6 = 9
    out = score(data)
    assert out["influence_step"]["HK"]["influence_after"]["N"] == 9
    assert out["influence_step"]["HK"]["influence_after"]["P1"] == 9
    hk = out["prosperity_from_influence"]["HK"]
    assert hk["ranking"][:2] == ["N", "P1"] and hk["tie_breaks"][0]["rule"] == "TIE-06"


# -------------------------------------------------------------------- solo ---

def _solo(human=None, automa=None, **kw):
    parts = {"Me": participant(**(human or {})), "Bot": participant("automa", **{"position": 2, **(automa or {})})}
    return table(parts, **kw)


def test_automa_final_scoring_is_stars_times_difficulty(score):
    # SOLO-SCORE-01, AMB-38: no Tiger requirement; overflow and special flags carry no stars but count as nations.
    flags = {"AF1": ["USA-1", "CAN-1", "AUS-1"], "AF2": ["GBR-1", "DEU-1", "NLD-1"], "AF3": ["JPN-1", "IDN-1", "USA-2"],
             "off_board": ["CAN-2"]}
    out = score(_solo(automa={"flags": flags, "special": ["SK"], "position": 10}, solo={"difficulty": 2}))
    fsb = out["participants"]["Bot"]["final_scoring_bonuses"]
    assert fsb == {"AF1": {"stars": 5, "difficulty": 2, "points": 10},
                   "AF2": {"stars": 5, "difficulty": 2, "points": 10},
                   "AF3": {"stars": 4, "difficulty": 2, "points": 8}, "total": 28}
    assert out["participants"]["Bot"]["nations"]["distinct_flags"] == 8 + 1
    assert out["participants"]["Bot"]["total"] == 28 + 9 * 2


def test_solo_tie_is_a_win_for_the_human(score):
    # SOLO-SCORE-02, TIE-09: equal totals (0), the Automa is first in turn order, the human still wins.
    out = score(_solo({"position": 3}, {"position": 4}))
    assert out["final_turn_order"] == ["Bot", "Me"]
    assert out["winner"] == "Me" and out["solo"]["human_wins"] is True
    assert out["standings_tie_breaks"][0]["rule"] == "TIE-09"


@pytest.mark.parametrize("variant", ["scenario", "campaign"])
def test_scenario_and_campaign_tie_is_a_loss(score, variant):
    # AMB-46, SCENARIO-03, CAMPAIGN-04: the human must out-score the Automa.
    out = score(_solo({"position": 4}, {"position": 3}, solo={"difficulty": 1, "variant": variant, "goal_met": True}))
    assert out["winner"] == "Bot" and out["solo"]["human_wins"] is False
    assert out["solo"]["goal_met"] is True and out["solo"]["session_won"] is False


def test_high_score_variant_does_not_record_the_automa(score):
    # SOLO-SCORE-03: the goal is to beat the previous best strictly.
    human = {"influence": {"SK": 1}}
    beat = score(_solo(human, solo={"difficulty": 1, "variant": "high_score", "high_score": 23}))
    assert beat["winner"] == "Me" and beat["solo"]["human_wins"] is True and beat["solo"]["high_score"] == 23
    assert beat["participants"]["Bot"]["recorded"] is False and beat["participants"]["Bot"]["rank"] is None
    equal = score(_solo(human, solo={"difficulty": 1, "variant": "high_score", "high_score": 24}))
    assert equal["winner"] is None and equal["solo"]["human_wins"] is False


@pytest.mark.parametrize("total, title", [(0, "Bankruptcy"), (114, "Bankruptcy"), (115, "Small Investor"),
                                          (129, "Small Investor"), (130, "Successful"), (144, "Successful"),
                                          (145, "Wealthy"), (160, "Wealthy"), (161, "Magnate"), (300, "Magnate")])
def test_solo_rank_table_band_edges(scoring_edition, total, title):
    # SOLO-RANK-01
    from api.games.asian_tigers.scoring.score import solo_rank_title

    assert solo_rank_title(scoring_edition, total)[0] == title


@pytest.mark.parametrize("gm, extra_flag, total, title", [(55, None, 115, "Small Investor"),
                                                          (40, ("C", "CAN-1"), 114, "Bankruptcy")])
def test_solo_rank_title_end_to_end(score, gm, extra_flag, total, title):
    # SOLO-RANK-01: 78 prosperity (1st everywhere) + sector F 4 × 1 + nations (3 or 4 distinct × 11 or 8 milestones).
    flags = {"F": ["JPN-1"], "A": ["USA-1"], "E": ["GBR-1"]}
    if extra_flag:
        flags[extra_flag[0]] = [extra_flag[1]]
    human = {"position": gm, "tigers": {t: facts(C=1, lab=1) for t in TIGERS}, "flags": flags}
    out = score(_solo(human))
    assert out["participants"]["Me"]["total"] == total
    assert out["solo"]["rank_title"] == title and out["solo"]["human_wins"] is True
    assert out["participants"]["Bot"]["total"] == 0


# ---------------------------------------------------------- two entry points ---

def test_engine_entry_point_gives_the_same_outcome_as_the_scorer(scoring_edition, score):
    # One implementation: an EndPosition built by hand (as the engine will) scores like the table input.
    data = _two({"influence": {"SK": 4}, "tigers": {"SK": facts(A=2, pp=1)}, "flags": {"E": ["GBR-1"]}},
                {"influence": {"HK": 2}, "leftovers": (3, 0, 0)})
    sk = TigerFacts(ColumnIP(A=2), distinct_infrastructure_types=1, power_plants=1)
    empty = {t: TigerFacts() for t in TIGERS}
    position = EndPosition(
        player_count=2, turn_order=("P1", "P2"),
        prosperity_tokens={"SK": "PT1", "HK": "PT2", "TW": "PT3", "SG": "PT4"},
        headquarters={t: None for t in TIGERS},
        participants={
            "P1": ParticipantPosition("P1", "player", {"SK": 4, "HK": 0, "TW": 0, "SG": 0}, {**empty, "SK": sk},
                                      gm_position=1, gm_stack=0, flags={"E": ("GBR-1",)}),
            "P2": ParticipantPosition("P2", "player", {"SK": 0, "HK": 2, "TW": 0, "SG": 0}, empty, gm_position=2,
                                      gm_stack=0, leftovers=Leftovers(goods=3))},
        options=RulesOptions())
    assert position_from_table(data, scoring_edition) == position
    assert score_end_position(position, scoring_edition).to_dict() == score(data)
