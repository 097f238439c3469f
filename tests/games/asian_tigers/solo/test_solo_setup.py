"""Solo setup and options (SOLO-SETUP-01..07, SOLO-AUTOMA-01, SCENARIO-01, CAMPAIGN-03, AMB-44)."""
from __future__ import annotations

import pytest

from api.games.asian_tigers import new_game, state_from_dict, state_to_dict, view
from tests.games.asian_tigers.builders import TEAM, decision_kind, edition, rejects, setup_rejected
from tests.games.asian_tigers.builders.solo import (AUTOMA, HUMAN, automa_turn, human_pass, solo_game, solo_options,
                                                    solo_setup)


def test_solo_setup_01_two_player_board_human_first_automa_second_on_gm_1_and_2():
    # SOLO-SETUP-01: 2-player setup, human 1st in turn order (GM 1), the Automa 2nd (GM 2)
    state = solo_game()
    assert state.player_count == 2  # the 2-player tables and board side
    assert state.turn_order == [HUMAN, AUTOMA]
    assert state.gm_position(HUMAN) == 1 and state.gm_position(AUTOMA) == 2
    assert decision_kind(state) == "choose_placement" and state.decisions[-1]["seat"] == HUMAN
    assert not state.edition.space("SK.L2").min_players <= state.player_count  # 3-dot space closed
    assert all(len(stack) == 2 for stack in state.flag_stacks.values())  # 3- and 4-dot flags removed


def test_solo_setup_01_a_recorded_turn_order_cannot_put_the_automa_first():
    # SOLO-SETUP-01: the human is first whatever the table records
    state = solo_game(setup=solo_setup(turn_order=[1, 0]))
    assert state.turn_order == [HUMAN, AUTOMA]


def test_solo_setup_02_and_06_automa_has_no_funds_and_no_resources():
    # SOLO-SETUP-02 (no funds discs), SOLO-SETUP-06 (no energy, science or goods)
    automa = solo_game().player(AUTOMA)
    assert set(automa.funds.values()) == {0}
    assert automa.energy == 0 and automa.science == 0 and not any(automa.goods.values())


def test_psetup_06_in_solo_only_the_human_is_dealt_a_starting_good():
    # SOLO-SETUP-06 with PSETUP-06: one good dealt, to the human
    state = solo_game()
    assert sum(state.player(HUMAN).goods.values()) == 1
    assert sum(state.supply_goods.values()) == 6 * 10 - 1


def test_solo_setup_04_automa_board_18_numbered_pieces_6_factories_and_a_reserve():
    # SOLO-SETUP-04 / DATA-22: AS1..AS6 with 3 numbered pieces and a factory each; 6 reserve generics,
    # 4 satellites and the headquarters beside the board; an unused colour
    state = solo_game()
    automa = state.player(AUTOMA)
    assert automa.sectors == {f"AS{i}": {"generic": 3, "factory": True} for i in range(1, 7)}
    assert state.solo["reserve_generics"] == 6
    assert sorted(automa.satellites) == ["any", "factory", "laboratory", "power_plant"]
    assert automa.headquarters_available
    assert automa.color != state.player(HUMAN).color and automa.name == "Automa"


def test_solo_setup_04_the_automa_colour_may_be_chosen_but_not_the_humans():
    # SOLO-SETUP-04: "pick one of the unused player colours"
    assert solo_game(automa_color="green").player(AUTOMA).color == "green"
    setup_rejected(solo_options(automa_color="red"), "duplicate_color")
    setup_rejected(solo_options(automa_color="pink"), "unknown_color")


def test_solo_setup_05_automa_workers_are_set_up_like_a_players():
    # SOLO-SETUP-05: recorded (here TEAM) or drawn from the seed, even when the table states worker types
    assert solo_game().player(AUTOMA).team == TEAM
    options = solo_options(tiles="generated")
    options["setup"]["workers"] = {}
    options["worker_entry"] = "stated"
    state = new_game(options, edition(), 3)
    assert state.player(HUMAN).team is None and len(state.player(AUTOMA).team) == 10


@pytest.mark.parametrize("difficulty", [1, 2, 3, 4])
def test_solo_setup_07_difficulty_one_to_four(difficulty):
    # SOLO-SETUP-07
    assert solo_game(difficulty=difficulty).solo["difficulty"] == difficulty


@pytest.mark.parametrize("solo, code", [
    ({"difficulty": 5}, "invalid_difficulty"), ({"difficulty": True}, "invalid_difficulty"),
    ({}, "invalid_difficulty"), ({"difficulty": 1, "variant": "coop"}, "invalid_variant"),
    ({"difficulty": 1, "variant": "high_score"}, "high_score_required"),
    ({"difficulty": 1, "high_score": 120}, "unexpected_high_score"),
    ({"difficulty": 1, "campaign_tile": "CT1"}, "unexpected_campaign_tile"),
    ({"difficulty": 1, "variant": "scenario", "campaign_tile": "CT0"}, "unknown_campaign_tile"),
    ({"difficulty": 1, "variant": "campaign", "face_up": ["CT1", "CT1"]}, "invalid_face_up"),
    ({"difficulty": 1, "variant": "campaign", "face_up": ["CT1"], "campaign_tile": "CT2"}, "unknown_campaign_tile"),
    ({"difficulty": 1, "starting_science": -1}, "invalid_starting_science"),
    ({"difficulty": 1, "tiles": "dice"}, "invalid_tiles_mode"), ({"difficulty": 1, "mood": "x"}, "unknown_solo_option"),
])
def test_solo_setup_07_invalid_solo_options_are_refused(solo, code):
    # SOLO-SETUP-07, SOLO-SCORE-03, SCENARIO-01, CAMPAIGN-03: each refusal names its field
    setup_rejected({"players": [{"color": "red"}], "solo": solo}, code)


def test_solo_setup_01_solo_needs_exactly_one_human_and_one_player_needs_solo():
    # SOLO-SETUP-01 / SETUP-01
    setup_rejected({"players": [{"color": "red"}, {"color": "blue"}], "solo": {"difficulty": 1}},
                   "invalid_player_count", "SOLO-SETUP-01")
    setup_rejected({"players": [{"color": "red"}]}, "invalid_player_count", "SETUP-01")


def test_scenario_01_tile_recorded_or_generated_from_the_seed():
    # SCENARIO-01: the tile is recorded, or drawn from the seed (the same seed draws the same tile)
    assert solo_game(variant="scenario", campaign_tile="CT7").solo["campaign_tile"] == "CT7"
    drawn = {solo_game(seed=s, variant="scenario").solo["campaign_tile"] for s in range(12)}
    assert drawn <= set(edition().solo["campaign_tiles"]) and len(drawn) > 1
    assert solo_game(seed=5, variant="scenario").solo["campaign_tile"] == \
        solo_game(seed=5, variant="scenario").solo["campaign_tile"]


def test_campaign_03_starting_science_penalty_and_campaign_tile_from_the_face_up_ones():
    # CAMPAIGN-03: a campaign session may start with less science; the played tile comes from the face-up ones
    state = solo_game(variant="campaign", face_up=["CT2", "CT8"], starting_science=0)
    assert state.player(HUMAN).science == 0
    assert state.solo["campaign_tile"] in ("CT2", "CT8") and state.solo["face_up"] == ["CT2", "CT8"]


def test_solo_automa_01_recorded_tiles_ask_the_human_with_one_option_per_tile_left():
    # SOLO-AUTOMA-01 / SOLO-SETUP-03: recorded tiles -> one option per tile still in the pile
    state, _ = human_pass(solo_game())
    assert decision_kind(state) == "record_automa_tile" and state.decisions[-1]["seat"] == HUMAN
    assert [a["tile"] for a in view(state)["legal_actions"]] == [f"AT{i:02d}" for i in range(1, 11)]
    state, _ = automa_turn(state, "AT05", human_turn=False)
    state, _ = human_pass(state)
    assert "AT05" not in [a["tile"] for a in view(state)["legal_actions"]]
    assert len(view(state)["legal_actions"]) == 9


def test_solo_setup_03_generated_tiles_are_a_seeded_shuffle_and_need_no_answer():
    # SOLO-SETUP-03: generated from the seed, reproducible; the Automa then plays without a question
    first = solo_game(tiles="generated", seed=11)
    again = solo_game(tiles="generated", seed=11)
    assert first.solo["pile"] == again.solo["pile"] and sorted(first.solo["pile"]) == sorted(
        edition().solo["action_tiles"])
    state, events = human_pass(first)
    assert decision_kind(state) == "choose_placement" and state.solo["revealed"] == [first.solo["pile"][0]]
    assert any(e["kind"] == "automa_turn" for e in events)


def test_view_shows_the_automa_its_board_and_the_last_turn_as_instructions():
    # SOLO-SETUP-04 / DATA-22: the view shows the Automa (seat 1), its board, tiles and instructions
    state, _ = automa_turn(solo_game(), "AT04")
    shown = view(state)
    assert shown["solo"]["automa"] == AUTOMA and shown["players"][1]["name"] == "Automa"
    assert shown["solo"]["automa_board"]["sectors"]["AS1"]["pieces"] == [3]
    # issue 12: the instruction names the tile by what it says, not by its code
    assert shown["automa_instructions"][0] == ("reveal tile “invest in South Korea; sell on a local market; "
                                               "+2 influence; trade: 1 flag”")
    assert shown["solo"]["revealed"] == ["AT04"] and shown["solo"]["tiles_left"] == 9
    assert "solo" not in view(new_game({"players": [{"color": "red"}, {"color": "blue"}]}, edition(), 1))


def test_solo_state_round_trips_through_its_saved_form():
    # the solo block is plain data
    state, _ = automa_turn(solo_game(), "AT01")
    data = state_to_dict(state)
    assert state_to_dict(state_from_dict(data, edition())) == data and data["solo"]["automa"] == AUTOMA


def test_solo_automa_01_a_tile_not_in_the_pile_is_refused():
    # SOLO-AUTOMA-01: only a tile still face down can be revealed; the state stays as it was
    state, _ = automa_turn(solo_game(), "AT05")
    state, _ = human_pass(state)
    rejects(state, {"kind": "reveal_automa_tile", "tile": "AT05"}, "tile_not_in_pile", "SOLO-AUTOMA-01")
    rejects(state, {"kind": "reveal_automa_tile", "tile": "AT99"}, "tile_not_in_pile", "SOLO-AUTOMA-01")


@pytest.mark.parametrize("solo, code", [
    ({"difficulty": 2, "variant": "high_score", "high_score": 10**20}, "invalid_high_score"),  # SOLO-SCORE-03
    ({"difficulty": 2, "variant": "campaign", "starting_science": 10**9}, "invalid_starting_science"),  # CAMPAIGN-03
])
def test_solo_numbers_are_bounded(solo, code):
    # issue 16: every number of every input is bounded by what the game allows
    from api.games.asian_tigers import RulesError, load_edition, new_game

    with pytest.raises(RulesError) as caught:
        new_game({"players": [{"name": "a", "color": "red"}], "solo": solo}, load_edition(), 1)
    assert caught.value.code == code
