"""Solo management, Era II and scoring (SOLO-MGMT-01, SOLO-ERA2-01, SOLO-SCORE-01..03, SOLO-RANK-01,
AMB-38..40, AMB-46, SCENARIO-02/03)."""
from __future__ import annotations

import pytest

from api.games.asian_tigers import apply, state_from_dict, state_to_dict, view
from api.games.asian_tigers.errors import IllegalActionError
from api.games.asian_tigers.management.era2 import end_position
from api.games.asian_tigers.presentation.labels import campaign_goal_label
from api.games.asian_tigers.management.era1 import gm_markers, special_flag_options
from api.games.asian_tigers.scoring.ranking import global_market_order
from api.games.asian_tigers.scoring.score import score_end_position
from api.games.asian_tigers.scoring.model import AUTOMA as AUTOMA_KIND, PLAYER, SoloSettings
from tests.games.asian_tigers.builders import decision_kind, edition, kinds
from tests.games.asian_tigers.builders.solo import AUTOMA, HUMAN, answer_everything, edit, solo_game, solo_setup

FLAGS = {"AF1": ["USA-1", "CAN-1"], "AF2": ["NLD-2"], "AF3": [], "off_board": ["AUS-1"]}  # 1+2, 3 stars; AUS none


def _outcome(state):
    return score_end_position(end_position(state), edition()).to_dict()


def _era2(state):
    return answer_everything(state, until=lambda s: s.era == 2 and s.phase == "turns")


def test_solo_score_01_end_position_has_the_automa_with_its_sectors_and_overflow():
    # SOLO-SCORE-01 / AMB-38: kind automa, flags by AF sector plus off_board, its special flags; solo settings
    state = edit(solo_game(difficulty=3), lambda d: (d["solo"]["flags"].update(FLAGS),
                                                     d["players"][1]["special_flags"].append("SK")))
    position = end_position(state)
    assert position.player_count == 1 and position.solo == SoloSettings(3, "solo", None, None)
    automa = position.participants[AUTOMA]
    assert automa.kind == AUTOMA_KIND and position.participants[HUMAN].kind == PLAYER
    assert dict(automa.flags) == {"AF1": ("USA-1", "CAN-1"), "AF2": ("NLD-2",), "off_board": ("AUS-1",)}
    assert automa.special_flags == ("SK",) and automa.leftovers.total == 0


@pytest.mark.parametrize("difficulty", [1, 2, 3, 4])
def test_solo_score_01_automa_stars_times_difficulty(difficulty):
    # SOLO-SCORE-01 / AMB-38: AF1 3 stars + AF2 3 stars; overflow and special flags add none
    state = edit(solo_game(difficulty=difficulty), lambda d: (d["solo"]["flags"].update(FLAGS),
                                                              d["players"][1]["special_flags"].append("TW")))
    sectors = _outcome(state)["participants"][AUTOMA]["final_scoring_bonuses"]
    assert {s: sectors[s]["points"] for s in ("AF1", "AF2", "AF3")} == \
        {"AF1": 3 * difficulty, "AF2": 3 * difficulty, "AF3": 0}
    assert sectors["AF1"]["stars"] == 3 and sectors["AF1"]["difficulty"] == difficulty


def test_amb_30_overflow_and_special_flags_count_as_distinct_nations():
    # AMB-30 / I17: USA, CAN, NLD, AUS (off board) + 1 special = 5 distinct flags
    state = edit(solo_game(), lambda d: (d["solo"]["flags"].update(FLAGS),
                                         d["players"][1]["special_flags"].append("TW")))
    assert _outcome(state)["participants"][AUTOMA]["nations"]["distinct_flags"] == 5


@pytest.mark.parametrize("variant, human_wins", [("solo", True), ("scenario", False), ("campaign", False)])
def test_solo_score_02_amb_46_a_tie_wins_in_plain_solo_and_loses_a_scenario_or_campaign(variant, human_wins):
    # SOLO-SCORE-02 / AMB-46: a fresh position scores 0 for both (CT2's Era I half only moves the Automa's GM)
    state = solo_game(variant=variant, campaign_tile="CT2") if variant != "solo" else solo_game()
    solo = _outcome(state)["solo"]
    assert solo["human_total"] == solo["automa_total"] == 0
    assert solo["human_wins"] is human_wins


def test_solo_score_03_high_score_variant_beats_the_record_and_ignores_the_automa():
    # SOLO-SCORE-03: the Automa is not recorded; the human must beat the previous best strictly
    outcome = _outcome(solo_game(variant="high_score", high_score=-1))
    assert outcome["solo"]["human_wins"] and outcome["winner"] == HUMAN
    assert outcome["participants"][AUTOMA]["recorded"] is False
    outcome = _outcome(solo_game(variant="high_score", high_score=0))
    assert not outcome["solo"]["human_wins"] and outcome["winner"] is None


def test_solo_rank_01_title_from_the_human_score():
    # SOLO-RANK-01: 0 prosperity -> Bankruptcy
    assert _outcome(solo_game())["solo"]["rank_title"] == "Bankruptcy"


def test_solo_mgmt_01_amb_40_special_flags_are_accepted_never_declined():
    # SOLO-MGMT-01 / AMB-40: the only option is to accept; a decline is refused
    state = solo_game()
    assert special_flag_options(state, {"kind": "choose_special_flag", "tiger": "SK"}) == \
        [{"kind": "accept_special_flag"}]

    def offer(data):
        data["frames"] = [{"kind": "special_flag", "steps": [], "tiger": "SK", "queue": [AUTOMA]}]
        data["decisions"] = [{"id": 99, "kind": "choose_special_flag", "seat": HUMAN, "declinable": False,
                              "tiger": "SK", "step": "offer_special_flag", "frame": 0}]
    with pytest.raises(IllegalActionError) as refused:
        apply(edit(state, offer), {"kind": "decline_special_flag"})
    assert refused.value.code == "must_accept_special_flag" and refused.value.rule == "SOLO-MGMT-01"


def test_solo_mgmt_01_every_special_flag_is_taken_in_the_era_1_management():
    # SOLO-MGMT-01: the leader on each Tiger accepts, so no special flag returns to the box
    state, events = _era2(solo_game(tiles="generated"))
    taken = state.player(HUMAN).special_flags + state.player(AUTOMA).special_flags
    assert sorted(taken) == sorted(state.edition.tigers) and "special_flag_returned" not in kinds(events)


def test_solo_automa_08_automa_funds_stay_zero_after_the_era_1_management():
    # SOLO-AUTOMA-08 / MGMT1-08: the human's funds reset to 6, the Automa has none
    state, _ = _era2(solo_game(tiles="generated"))
    assert set(state.player(AUTOMA).funds.values()) == {0} and set(state.player(HUMAN).funds.values()) == {6}


def test_solo_era2_01_tiles_reshuffled_and_automa_workers_set_up_again():
    # SOLO-ERA2-01: a fresh pile of 10 tiles (seeded per era) and a new team area for the Automa
    first = solo_game(tiles="generated", seed=4)
    state, events = _era2(first)
    # the Automa may already have played its first Era II turn (AMB-39: it may lead the turn order)
    assert sorted(state.solo["revealed"] + state.solo["pile"]) == sorted(edition().solo["action_tiles"])
    assert len(state.solo["revealed"]) <= 1
    automa = state.player(AUTOMA)
    assert len(automa.team) + automa.workers_placed == 10 and "automa_tiles_shuffled" in kinds(events)


def test_amb_39_era_2_turn_order_follows_the_global_market():
    # AMB-39: from Era II the Global Market step sets the order (the human is no longer always first)
    state = solo_game(tiles="generated")
    state, _ = answer_everything(state, until=lambda s: s.phase == "management")
    order = global_market_order(gm_markers(state)).order
    state, _ = _era2(state)
    assert state.turn_order == list(order)


def test_era2_recorded_draws_are_asked_of_the_human_in_solo():
    # SOLO-ERA2-01 with a recorded setup: the Era II draws question goes to the human's seat
    state = solo_game(setup=solo_setup())
    state, _ = answer_everything(state, until=lambda s: decision_kind(s) == "record_era2_draws")
    assert state.decisions[-1]["seat"] == HUMAN


def test_scenario_02_tile_automa_halves_at_each_era_start():
    # SCENARIO-02 / DATA-23: CT1 gives the Automa +1 influence everywhere at the start of Era I, +3 GM in Era II
    state = solo_game(variant="scenario", campaign_tile="CT1", tiles="generated")
    assert set(state.player(AUTOMA).influence.values()) == {1}
    # (the tile is named by its goal: it has no printed code)
    assert view(state)["automa_instructions"] == [
        "advance 1 influence in every Tiger (campaign tile “build at least 5 universities (departments do not count)”, "
        "Era I)"]
    before, _ = answer_everything(state, until=lambda s: s.phase == "management")
    gm = before.gm_position(AUTOMA)
    after, events = _era2(before)
    named = f"campaign tile “{campaign_goal_label(edition(), 'CT1')}”"  # the log names the tile by its goal
    moves = [e for e in events if e["kind"] == "automa_global_market" and named in e["text"]]
    assert len(moves) == 1 and moves[0]["amount"] == 3
    special = sum(e["kind"] == "special_flag_accepted" and e["participant"] == AUTOMA for e in events)
    assert after.gm_position(AUTOMA) >= gm + 3 + 2 * special


def test_scenario_02_era_2_headquarters_half_of_ct5():
    # SCENARIO-02: CT5's Era II half builds the Automa's headquarters on its fewest-IP Tiger
    state = solo_game(variant="scenario", campaign_tile="CT5", tiles="generated")
    state, _ = _era2(state)
    assert AUTOMA in state.headquarters.values()


def test_solo_final_scoring_in_play_records_the_verdict_and_the_goal_report():
    # SOLO-SCORE-02 / SCENARIO-03 / CAMPAIGN-05: a whole scenario played by the engine
    state, events = answer_everything(solo_game(variant="scenario", campaign_tile="CT9", tiles="generated"))
    assert state.phase == "over" and events[-1]["kind"] == "game_over"
    solo = state.management["outcome"]["solo"]
    assert solo["variant"] == "scenario" and solo["campaign_tile"] == "CT9"
    assert solo["goal_met"] == ("CT9" in solo["goals_met"]) and set(solo["goals"]) == {f"CT{i}" for i in range(1, 10)}
    assert solo["session_won"] == (solo["goal_met"] and solo["human_total"] > solo["automa_total"])


@pytest.mark.parametrize("tile", [f"CT{i}" for i in range(1, 10)])
def test_scenario_02_every_tile_plays_both_halves_and_the_game_ends(tile):
    # SCENARIO-02 / DATA-23: each tile's Era I and Era II Automa halves run at the era starts (or find no
    # eligible Tiger and say so), and the scenario is scored with its goal (SCENARIO-03)
    state, events = answer_everything(solo_game(variant="scenario", campaign_tile=tile, tiles="generated", seed=3))
    sources = [e["text"] for e in events if f"campaign tile “{campaign_goal_label(edition(), tile)}”" in e["text"]]
    assert any("Era II" in t for t in sources)
    assert state.phase == "over" and state.management["outcome"]["solo"]["campaign_tile"] == tile
    assert state_to_dict(state_from_dict(state_to_dict(state), edition())) == state_to_dict(state)
