"""Scenario goals and campaign bookkeeping (CAMPAIGN-01..05, SCENARIO-03, AMB-36, AMB-46..48)."""
from __future__ import annotations

import copy

import pytest

from api.games.asian_tigers import new_game
from api.games.asian_tigers.solo import campaign
from api.games.asian_tigers.solo.campaign import CampaignError, goal_value, tile_goal_met
from tests.games.asian_tigers.builders import edition
from tests.games.asian_tigers.builders.solo import (AUTOMA, HUMAN, add_piece, answer_everything, edit, solo_game,
                                                    solo_options)

ED = edition()


def _board(*human, automa=(), rows=None, satellites=None, hq=None, gm=None):
    def change(data):
        for space in human:
            add_piece(data, HUMAN, space)
        for space in automa:
            add_piece(data, AUTOMA, space)
        data["players"][0]["rows"].update(rows or {})
        data["satellites"].update({s: {"owner": HUMAN, "satellite": t} for s, t in (satellites or {}).items()})
        data["headquarters"].update(hq or {})
        if gm is not None:
            data["global_market"] = {str(gm): [HUMAN], "2": [AUTOMA]}
    return edit(solo_game(variant="scenario", campaign_tile="CT1"), change)


UNIVERSITIES = ["SK.U1", "SK.U3", "HK.U1", "HK.U3", "TW.U1"]
FACTORIES = ["SK.F2", "SK.F3", "HK.F2", "HK.F3", "TW.F2", "SG.F2"]  # Electronics .. Chemicals, 6 goods
ROWS = list(ED.rows)


@pytest.mark.parametrize("tile, met, missed", [
    ("CT1", UNIVERSITIES, UNIVERSITIES[:4] + ["SK.D1", "HK.D1"]),       # departments do not count
    ("CT2", FACTORIES, FACTORIES[:5] + ["TW.F3"]),                      # TW.F3 repeats Electronics
    ("CT3", ["SK.L3", "HK.L3", "TW.L3", "SG.L3", "SK.Linf"], ["SK.L3", "HK.L3", "TW.L3", "SG.L3"]),  # ∞ counts
    ("CT6", ["SK.P1", "HK.P1", "TW.P1", "SG.P1", "HK.Pinf"], ["SK.P1", "HK.P1", "TW.P1", "SG.P1"]),
])
def test_campaign_05_building_goals(tile, met, missed):
    # CAMPAIGN-05: 5 universities (departments excluded), 6 factory types, 5 laboratories, 5 power plants
    assert tile_goal_met(_board(*met), tile)
    assert not tile_goal_met(_board(*missed), tile)


def test_campaign_05_seven_different_flags_in_the_final_scoring_rows():
    # CAMPAIGN-05: 7 different flags; a repeated nation counts once, a special flag moved into a row is its own
    seven = ["USA-1", "CAN-1", "AUS-1", "GBR-1", "DEU-1", "NLD-1", "JPN-1"]
    assert tile_goal_met(_board(rows=dict(zip(ROWS, seven))), "CT4")
    repeat = seven[:6] + ["USA-2"]
    assert not tile_goal_met(_board(rows=dict(zip(ROWS, repeat))), "CT4")
    assert tile_goal_met(_board(rows=dict(zip(ROWS, repeat[:6] + ["special:SK"]))), "CT4")
    assert goal_value(_board(rows=dict(zip(ROWS, repeat))), ED.catalog["campaign_requirements"]
                      ["flags_7_different"])[0] == 6


def test_campaign_05_amb_36_headquarters_and_the_three_typed_satellites():
    # CAMPAIGN-05 / AMB-36: the HQ and the factory, power-plant and laboratory satellites; the generic one
    # does not stand in for a row
    typed = {"SK.SF": "factory", "HK.SP": "power_plant", "TW.SL": "laboratory"}
    assert tile_goal_met(_board(satellites=typed, hq={"SG": HUMAN}), "CT5")
    assert not tile_goal_met(_board(satellites=typed), "CT5")
    generic = {"SK.SF": "factory", "HK.SP": "power_plant", "TW.SL": "any"}
    assert not tile_goal_met(_board(satellites=generic, hq={"SG": HUMAN}), "CT5")
    assert not tile_goal_met(_board(satellites=typed, hq={"SG": AUTOMA}), "CT5")


@pytest.mark.parametrize("tile, human, automa, met", [
    ("CT7", ["SK.P1", "SK.L3"], ["SK.F2"], True),          # SK 2 > 1
    ("CT7", ["TW.P1"], ["TW.L3"], False),                  # AMB-48: equal is not more
    ("CT7", ["HK.P1", "HK.L3"], [], False),                # HK is not an upper Tiger
    ("CT8", ["SG.P1"], [], True),
    ("CT8", ["HK.P1"], ["HK.L3", "HK.F2"], False),
])
def test_campaign_05_amb_48_more_ip_than_the_automa_on_one_of_two_tigers(tile, human, automa, met):
    # CAMPAIGN-05 / AMB-48: strictly more IP than the Automa at game end on at least one of the two
    assert tile_goal_met(_board(*human, automa=automa), tile) is met


def test_campaign_05_global_market_45_at_game_end_after_the_leftover_move():
    # CAMPAIGN-05 / MGMT2-02: 4 energy + 2 science + 1 good = 7 leftovers -> +2 at the end
    assert tile_goal_met(_board(gm=43), "CT9")
    assert not tile_goal_met(_board(gm=42), "CT9")
    assert campaign.final_gm_position(_board(gm=42)) == 44


def test_campaign_05_a_finished_game_does_not_count_the_leftover_move_twice():
    # CAMPAIGN-05 / MGMT2-02: once the game is over the final scoring has already moved the marker
    # (40 + 7 leftovers // 3 = 42), while the player still holds the leftovers: 42, not 44
    def finish(data):
        data["phase"] = "over"
    finished = edit(_board(gm=42), finish)
    assert campaign.final_gm_position(finished) == 42
    assert campaign.goal_value(finished, {"metric": "global_market_position", "at_least": 44})[1] is False
    assert not tile_goal_met(edit(_board(gm=44), finish), "CT9")  # "reach 45": 44 on the board, not 46
    assert tile_goal_met(edit(_board(gm=45), finish), "CT9")


def test_every_tile_goal_has_a_check():
    # CAMPAIGN-05: the report covers all 9 tiles with their requirement
    report = campaign.goal_report(solo_game(variant="scenario", campaign_tile="CT1"))
    assert sorted(report) == sorted(ED.solo["campaign_tiles"])
    assert {r["requirement"] for r in report.values()} == set(ED.catalog["campaign_requirements"])


def test_scenario_03_goal_met_feeds_the_verdict():
    # SCENARIO-03 / AMB-46: the scenario is won only with the goal met and a strictly higher score
    state = _board(*UNIVERSITIES)
    from api.games.asian_tigers.management.era2 import end_position

    assert end_position(state).solo.goal_met is True
    assert end_position(_board()).solo.goal_met is False


# -- campaign bookkeeping ----------------------------------------------------------------
def test_campaign_01_create_with_chosen_or_drawn_tiles():
    # CAMPAIGN-01: 2..9 tiles, chosen or drawn (seeded), all face up
    chosen = campaign.create(ED, tiles=["CT3", "CT7"])
    assert chosen["face_up"] == ["CT3", "CT7"] and chosen["failures"] == 0 and chosen["status"] == "in_progress"
    drawn = campaign.create(ED, count=4, seed=9)
    assert len(drawn["tiles"]) == 4 and drawn == campaign.create(ED, count=4, seed=9)
    assert len(campaign.create(ED, count=9)["tiles"]) == 9


@pytest.mark.parametrize("kwargs, code", [
    ({"count": 1}, "invalid_scenario_count"), ({"count": 10}, "invalid_scenario_count"),
    ({"tiles": ["CT1"]}, "invalid_campaign_tiles"), ({"tiles": ["CT1", "CT1"]}, "invalid_campaign_tiles"),
    ({"tiles": ["CT1", "CT0"]}, "invalid_campaign_tiles"),
])
def test_campaign_01_invalid_campaigns_are_refused(kwargs, code):
    # CAMPAIGN-01
    with pytest.raises(CampaignError) as refused:
        campaign.create(ED, **kwargs)
    assert refused.value.code == code and refused.value.rule == "CAMPAIGN-01"


def test_campaign_02_a_won_session_turns_down_its_single_achieved_goal():
    # CAMPAIGN-02: one achieved face-up goal -> that tile is turned down; the input dict is untouched
    start = campaign.create(ED, tiles=["CT1", "CT2", "CT3"])
    frozen = copy.deepcopy(start)
    after = campaign.record_session(ED, start, goals_met=["CT2"], out_scored=True)
    assert start == frozen
    assert after["face_up"] == ["CT1", "CT3"] and after["achieved"] == {"CT2": 1}
    assert after["sessions"][0]["won"] and after["failures"] == 0


def test_campaign_02_amb_47_several_goals_the_player_turns_down_one_the_others_stay_up():
    # CAMPAIGN-02 / AMB-47: never more than one tile per session; the player picks which
    start = campaign.create(ED, tiles=["CT1", "CT2", "CT3"])
    with pytest.raises(CampaignError) as refused:
        campaign.record_session(ED, start, goals_met=["CT1", "CT3"], out_scored=True)
    assert refused.value.code == "turn_down_required" and refused.value.details["choices"] == ["CT1", "CT3"]
    after = campaign.record_session(ED, start, goals_met=["CT1", "CT3"], out_scored=True, turn_down="CT3")
    assert after["face_up"] == ["CT1", "CT2"]
    with pytest.raises(CampaignError):
        campaign.record_session(ED, start, goals_met=["CT1"], out_scored=True, turn_down="CT2")


def test_campaign_02_goals_not_face_up_do_not_count():
    # CAMPAIGN-02 / CAMPAIGN-04: a goal already turned down (or not chosen) cannot win a session again
    start = campaign.record_session(ED, campaign.create(ED, tiles=["CT1", "CT2"]), goals_met=["CT1"], out_scored=True)
    after = campaign.record_session(ED, start, goals_met=["CT1", "CT9"], out_scored=True)
    assert after["face_up"] == ["CT2"] and after["failures"] == 1 and not after["sessions"][-1]["won"]


def test_campaign_03_failures_cost_starting_science_and_the_third_ends_the_campaign():
    # CAMPAIGN-03 / AMB-47: 2 -> 1 -> 0 starting science, a success in between restores nothing, 3rd failure loses
    run = campaign.create(ED, tiles=["CT1", "CT2", "CT3"])
    assert campaign.starting_science(ED, run) == 2
    run = campaign.record_session(ED, run, goals_met=[], out_scored=True)
    assert campaign.starting_science(ED, run) == 1 and run["sessions"][0]["starting_science"] == 2
    run = campaign.record_session(ED, run, goals_met=["CT1"], out_scored=True)
    assert campaign.starting_science(ED, run) == 1
    run = campaign.record_session(ED, run, goals_met=["CT2"], out_scored=False)  # AMB-46: not out-scored
    assert campaign.starting_science(ED, run) == 0 and run["face_up"] == ["CT2", "CT3"]
    assert campaign.next_session_options(ED, run, 2)["starting_science"] == 0
    run = campaign.record_session(ED, run, goals_met=[], out_scored=False)
    assert run["status"] == "lost" and campaign.status(ED, run)["failures_left"] == 0
    with pytest.raises(CampaignError) as refused:
        campaign.record_session(ED, run, goals_met=["CT2"], out_scored=True)
    assert refused.value.code == "campaign_over"


def test_campaign_04_won_when_every_tile_is_achieved_each_out_scoring_the_automa():
    # CAMPAIGN-04: every chosen tile turned down by a won session, each with a different goal
    run = campaign.create(ED, tiles=["CT4", "CT9"])
    run = campaign.record_session(ED, run, goals_met=["CT4", "CT9"], out_scored=True, turn_down="CT9")
    assert campaign.status(ED, run)["status"] == "in_progress"
    run = campaign.record_session(ED, run, goals_met=["CT4"], out_scored=True)
    shown = campaign.status(ED, run)
    assert shown["status"] == "won" and shown["achieved"] == {"CT9": 1, "CT4": 2} and shown["remaining"] == []
    assert shown["next_starting_science"] is None


def test_campaign_next_session_options_start_a_game():
    # CAMPAIGN-02/03: the next session plays one face-up tile with the current starting science
    run = campaign.record_session(ED, campaign.create(ED, tiles=["CT2", "CT6"]), goals_met=[], out_scored=True)
    solo = campaign.next_session_options(ED, run, 3, tile="CT6")
    state = new_game(solo_options(**solo), ED, 5)
    assert state.solo["campaign_tile"] == "CT6" and state.solo["face_up"] == ["CT2", "CT6"]
    assert state.player(HUMAN).science == 1
    with pytest.raises(CampaignError):
        campaign.next_session_options(ED, run, 3, tile="CT1")


def test_campaign_record_outcome_from_a_played_session():
    # CAMPAIGN-02/03 with SCENARIO-03: a session played by the engine, recorded from its outcome
    solo = campaign.next_session_options(ED, campaign.create(ED, tiles=["CT1", "CT9"]), 1)
    state, _ = answer_everything(new_game(solo_options(**dict(solo, tiles="generated")), ED, 2))
    outcome = state.management["outcome"]
    run = campaign.record_outcome(ED, campaign.create(ED, tiles=["CT1", "CT9"]), outcome)
    expected_win = bool(outcome["solo"]["goals_met"]) and outcome["solo"]["human_wins"]
    assert run["sessions"][0]["won"] is expected_win and run["failures"] == (0 if expected_win else 1)
