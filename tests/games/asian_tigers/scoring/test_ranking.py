"""Ranking participants on a Tiger, turn order, special-flag offers and final standings (TIE-*)."""
import pytest

from api.games.asian_tigers.scoring.ranking import (CHAIN, TURN_ORDER, Contender, award_by_rank, global_market_order, ordinal,
                                            rank_tiger, rank_totals, special_flag_offer_order)

ORDER = ("P1", "P2", "P3", "P4")


def _break(ranking):
    assert len(ranking.tie_breaks) == 1
    t = ranking.tie_breaks[0]
    return t.ahead, t.behind, t.decided_by, t.rule


def test_higher_value_ranks_first_without_tie_breaks():
    r = rank_tiger([Contender("P1", 3), Contender("P2", 9), Contender("P3", 5)], turn_order=ORDER)
    assert r.order == ("P2", "P3", "P1") and r.tie_breaks == ()
    assert [r.rank_of(p) for p in ("P2", "P3", "P1", "P4")] == [1, 2, 3, None]


def test_headquarters_decides_first():
    # TIE-01: P2 has the headquarters; P1 has more column A points and is earlier in turn order.
    r = rank_tiger([Contender("P1", 5, (3, 0, 0)), Contender("P2", 5, (0, 0, 1))], turn_order=ORDER,
                   headquarters="P2")
    assert r.order == ("P2", "P1")
    assert _break(r) == ("P2", "P1", "headquarters", "TIE-01")


@pytest.mark.parametrize("cols1, cols2, level", [
    ((1, 0, 0), (0, 5, 5), "column_A"),  # TIE-02: column A decides before B and C
    ((2, 1, 0), (2, 3, 0), "column_B"),  # TIE-02: A equal, column B decides
    ((1, 1, 2), (1, 1, 3), "column_C"),  # TIE-02: A and B equal, column C decides
])
def test_columns_a_b_c_decide_in_that_order(cols1, cols2, level):
    # TIE-02
    r = rank_tiger([Contender("P1", 4, cols1), Contender("P2", 4, cols2)], turn_order=ORDER, headquarters="P9")
    winner = "P1" if level == "column_A" else "P2"
    assert r.order[0] == winner
    assert _break(r)[2:] == (level, "TIE-02")


def test_turn_order_decides_when_hq_and_columns_do_not():
    # TIE-03: equal columns, no HQ among them: the earlier in turn order wins.
    r = rank_tiger([Contender("P1", 4, (1, 1, 1)), Contender("P2", 4, (1, 1, 1))], turn_order=("P2", "P1"))
    assert r.order == ("P2", "P1")
    assert _break(r) == ("P2", "P1", "turn_order", "TIE-03")


def test_neutral_wins_every_tie_even_against_the_headquarters():
    # TIE-06, NEUTRAL-06: the neutral beats the HQ holder, columns and turn order.
    r = rank_tiger([Contender("P1", 6, (9, 9, 9)), Contender("N", 6, (0, 0, 0), neutral=True)], turn_order=ORDER,
                   headquarters="P1")
    assert r.order == ("N", "P1")
    assert _break(r) == ("N", "P1", "neutral", "TIE-06")


def test_neutral_wins_ties_under_the_turn_order_option_too():
    # TIE-06 with TIE-08
    r = rank_tiger([Contender("P1", 6), Contender("N", 6, neutral=True)], turn_order=ORDER, tiebreak=TURN_ORDER)
    assert r.order == ("N", "P1") and _break(r)[2] == "neutral"


def test_turn_order_option_skips_headquarters_and_columns():
    # TIE-08: with tiebreak_era2_tiger_ties = "turn_order" HQ and columns are ignored.
    contenders = [Contender("P1", 5, (0, 0, 0)), Contender("P2", 5, (4, 0, 0))]
    chain = rank_tiger(contenders, turn_order=ORDER, headquarters="P2", tiebreak=CHAIN)
    plain = rank_tiger(contenders, turn_order=ORDER, headquarters="P2", tiebreak=TURN_ORDER)
    assert chain.order == ("P2", "P1") and plain.order == ("P1", "P2")
    assert _break(plain) == ("P1", "P2", "turn_order", "TIE-08")


def test_unknown_tiebreak_option_is_refused():
    with pytest.raises(ValueError):
        rank_tiger([Contender("P1", 1)], turn_order=ORDER, tiebreak="dice")


def test_zero_is_not_ranked():
    # AMB-20: 0 investment points / 0 influence: not ranked, no award.
    r = rank_tiger([Contender("P1", 0), Contender("P2", 3), Contender("P3", 0)], turn_order=ORDER)
    assert r.order == ("P2",) and r.unranked == ("P1", "P3")
    assert award_by_rank(r, [8, 4]) == {"P2": 8}


def test_three_way_tie_reports_each_neighbouring_pair():
    # TIE-01 then TIE-02 then TIE-03 within one tie group.
    r = rank_tiger([Contender("P1", 7, (1, 0, 0)), Contender("P2", 7, (1, 0, 0)), Contender("P3", 7, (2, 0, 0)),
                    Contender("P4", 7, (0, 0, 0))], turn_order=("P2", "P1", "P3", "P4"), headquarters="P4")
    assert r.order == ("P4", "P3", "P2", "P1")
    assert [t.rule for t in r.tie_breaks] == ["TIE-01", "TIE-02", "TIE-03"]


def test_awards_by_rank_and_past_the_table():
    r = rank_tiger([Contender(p, v) for p, v in zip(ORDER, (9, 7, 5))], turn_order=ORDER)
    assert award_by_rank(r, [10, 7, 4, 2]) == {"P1": 10, "P2": 7, "P3": 4}
    assert award_by_rank(r, [10, 7]) == {"P1": 10, "P2": 7, "P3": 0}


def test_special_flag_offer_goes_down_the_track_ties_by_turn_order_only():
    # TIE-05: the HQ/column chain is not used; earlier in turn order first; 0 influence still offered (AMB-23).
    r = special_flag_offer_order({"P1": 4, "P2": 9, "P3": 9, "P4": 0}, turn_order=("P3", "P1", "P2", "P4"))
    assert r.order == ("P3", "P2", "P1", "P4")
    assert _break(r) == ("P3", "P2", "turn_order", "TIE-05")


def test_special_flag_offer_neutral_wins_ties():
    # TIE-05 with TIE-06
    r = special_flag_offer_order({"P1": 5, "N": 5}, turn_order=("P1",), neutral="N")
    assert r.order == ("N", "P1") and _break(r)[2:] == ("neutral", "TIE-06")


def test_global_market_order_by_position_then_arrival():
    # TIE-04: further along first; on a shared space the lower marker (arrived first) first.
    r = global_market_order({"P1": (20, 1), "P2": (22, 0), "P3": (20, 0), "P4": (13, 0)})
    assert r.order == ("P2", "P3", "P1", "P4")
    assert _break(r) == ("P3", "P1", "stack", "TIE-04")


def test_global_market_order_refuses_two_markers_at_one_height():
    with pytest.raises(ValueError):
        global_market_order({"P1": (5, 0), "P2": (5, 0)})


def test_final_standings_tie_goes_to_the_earlier_in_the_final_turn_order():
    # TIE-07
    r = rank_totals({"P1": 90, "P2": 95, "P3": 95}, turn_order=("P3", "P1", "P2"))
    assert r.order == ("P3", "P2", "P1")
    assert _break(r) == ("P3", "P2", "turn_order", "TIE-07")


def test_solo_tie_goes_to_the_human():
    # TIE-09, SOLO-SCORE-02: the Automa is first in turn order, the human still wins an equal score.
    r = rank_totals({"Me": 120, "Automa": 120}, turn_order=("Automa", "Me"), solo_human="Me")
    assert r.order == ("Me", "Automa") and _break(r)[2:] == ("human_wins_ties", "TIE-09")


def test_scenario_tie_is_a_loss():
    # AMB-46, SCENARIO-03: in a scenario or campaign the human must out-score the Automa.
    r = rank_totals({"Me": 120, "Automa": 120}, turn_order=("Me", "Automa"), solo_human="Me", human_wins_ties=False)
    assert r.order == ("Automa", "Me") and _break(r)[2:] == ("tie_is_loss", "SCENARIO-03")


def test_ordinals():
    assert [ordinal(i) for i in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


def test_to_dict_is_plain_data():
    r = rank_tiger([Contender("P1", 2), Contender("P2", 2)], turn_order=ORDER)
    assert r.to_dict() == {"ranking": ["P1", "P2"], "unranked": [], "tie_breaks": [
        {"ahead": "P1", "behind": "P2", "value": 2, "decided_by": "turn_order", "rule": "TIE-03",
         "detail": "P1 = P2 at 2 investment points: no headquarters, columns equal; P1 is earlier in the turn order"}]}
