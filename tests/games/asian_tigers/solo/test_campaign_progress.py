"""Goal progress during a session (issue 34, item 3): how far the human is with each goal that counts.

CAMPAIGN-05 names the checks; SCENARIO-01 (a scenario's one tile), CAMPAIGN-02 (a campaign's face-up
tiles count), AMB-36 (typed satellites), AMB-48 (strictly more IP), MGMT2-02 (the leftovers' move).
"""
from __future__ import annotations

from api.games.asian_tigers import view
from api.games.asian_tigers.solo import campaign
from tests.games.asian_tigers.builders.solo import AUTOMA, HUMAN, add_piece, edit, solo_game


def _with(state, *human, automa=(), satellites=None, hq=None, gm=None):
    def change(data):
        for space in human:
            add_piece(data, HUMAN, space)
        for space in automa:
            add_piece(data, AUTOMA, space)
        data["satellites"].update({s: {"owner": HUMAN, "satellite": t} for s, t in (satellites or {}).items()})
        data["headquarters"].update(hq or {})
        if gm is not None:
            data["global_market"] = {str(gm): [HUMAN], "2": [AUTOMA]}
    return edit(state, change)


def _by_tile(state) -> dict:
    return {g["tile"]: g for g in campaign.goal_progress(state)}


def test_campaign_05_universities_count_up_as_they_are_built_departments_excluded():
    # CAMPAIGN-05: "at least 5 universities (departments excluded)": 3 of 5, then 5 of 5 and met
    start = solo_game(variant="scenario", campaign_tile="CT1")
    assert _by_tile(start)["CT1"] == {"tile": "CT1", "requirement": "universities_5", "metric": "universities_built",
                                      "done": 0, "needed": 5, "met": False, "parts": []}
    three = _with(start, "SK.U1", "SK.U3", "HK.U1", "SK.D1")  # a department is not a university
    assert (_by_tile(three)["CT1"]["done"], _by_tile(three)["CT1"]["met"]) == (3, False)
    five = _with(start, "SK.U1", "SK.U3", "HK.U1", "HK.U3", "TW.U1")
    assert (_by_tile(five)["CT1"]["done"], _by_tile(five)["CT1"]["met"]) == (5, True)


def test_campaign_02_a_campaign_session_shows_every_face_up_goal_and_only_those():
    # CAMPAIGN-02: every face-up goal counts this session (the one met first is turned down)
    state = solo_game(variant="campaign", face_up=["CT3", "CT6", "CT9"], campaign_tile="CT3")
    assert [g["tile"] for g in campaign.goal_progress(state)] == ["CT3", "CT6", "CT9"]
    built = _by_tile(_with(state, "SK.L3", "HK.L3", "SK.Linf", "SK.P1"))  # CAMPAIGN-05: ∞ laboratories count
    assert (built["CT3"]["done"], built["CT3"]["needed"]) == (3, 5)
    assert (built["CT6"]["done"], built["CT6"]["needed"]) == (1, 5)
    assert campaign.goal_progress(solo_game(variant="solo")) == []  # no goal in a plain solo game


def test_campaign_05_global_market_counts_the_leftovers_final_move():
    # CAMPAIGN-05 / MGMT2-02: space 45, counting the move the leftovers make at the end (7 // 3 = +2)
    goal = _by_tile(_with(solo_game(variant="scenario", campaign_tile="CT9"), gm=40))["CT9"]
    assert (goal["done"], goal["needed"], goal["met"]) == (42, 45, False)


def test_amb_36_headquarters_and_satellites_are_parts_of_one_goal():
    # CAMPAIGN-05 / AMB-36: the headquarters and the three typed satellites; the generic one is no row's
    state = _with(solo_game(variant="scenario", campaign_tile="CT5"),
                  satellites={"SK.SF": "factory", "TW.SL": "any"}, hq={"SG": HUMAN})
    goal = _by_tile(state)["CT5"]
    assert (goal["done"], goal["needed"], goal["met"]) == (2, 4, False)
    assert {p["part"]: p["done"] for p in goal["parts"]} == {
        "headquarters": True, "factory": True, "power_plant": False, "laboratory": False}


def test_amb_48_investment_points_against_the_automa_per_tiger():
    # CAMPAIGN-05 / AMB-48: strictly more IP than the Automa in SK or TW; a tie is not more
    state = _with(solo_game(variant="scenario", campaign_tile="CT7"), "TW.P1", automa=["TW.L3"])
    goal = _by_tile(state)["CT7"]
    assert (goal["done"], goal["needed"], goal["met"]) == (0, 1, False)
    tw = next(p for p in goal["parts"] if p["part"] == "TW")
    assert tw["mine"] == tw["automa"] > 0 and tw["done"] is False
    ahead = _by_tile(_with(state, "SK.P1"))["CT7"]
    assert (ahead["done"], ahead["met"]) == (1, True)


def test_the_game_view_carries_the_progress_and_agrees_with_the_final_check():
    # CAMPAIGN-05: the view's numbers are the ones the final goal check uses (one computation)
    state = _with(solo_game(variant="scenario", campaign_tile="CT1"), "SK.U1", "SK.U3")
    goals = view(state)["solo"]["goals"]
    assert [(g["tile"], g["done"], g["needed"]) for g in goals] == [("CT1", 2, 5)]
    assert goals[0]["met"] is campaign.tile_goal_met(state, "CT1")
