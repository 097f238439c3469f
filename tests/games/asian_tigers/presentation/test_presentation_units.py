"""Issue 12 on constructed positions: "empties it", cost and payoff, why not, the board, setup instructions.

Recorded setup (builders): SK PT1 > HK PT2 > TW PT3 > SG PT4, setup workers SK.A = W1, HK.B = W2, TW.C = W3,
every team starts W1 W1 W1 W1, seat 0 holds Finance, seat 1 Chemicals.
"""
from __future__ import annotations

import random

from api.games.asian_tigers import apply, refusals, view
from api.games.asian_tigers.presentation import text as text_module
from api.games.asian_tigers.presentation.document import edition_labels
from api.games.messages import render
from tests.games.asian_tigers.builders import STC, edition, finish_turn, game, invest, modified, to_build


def _choice(shown: dict, **partial) -> dict:
    """The option of `shown` whose action has `partial`, with its ``action`` (the legal action
    at its place: ``choices[i]`` describes ``legal_actions[i]``)."""
    assert len(shown["choices"]) == len(shown["legal_actions"])
    found = [{**c, "action": a} for a, c in zip(shown["legal_actions"], shown["choices"])
             if all(a.get(k) == v for k, v in partial.items())]
    assert len(found) == 1, (partial, shown["legal_actions"])
    return found[0]


def _with_sector(state, sector: str, generic: int, factory: bool):
    def change(data):
        data["players"][0]["sectors"][sector].update(generic=generic, factory=factory)
    return modified(state, change)


def test_a_sector_with_its_factory_left_is_not_emptied_by_its_last_generic():
    # IBONUS-02: the tester's case — S2 with one generic and its Machinery factory does not empty.
    state, _ = to_build(_with_sector(game(2), "S2", 1, True), "SK.A")
    choice = _choice(view(state), kind="build", space="SK.L3", sector="S2")
    assert choice["payoff"]["sector"]["empties"] is False
    assert choice["payoff"]["sector"] == {**choice["payoff"]["sector"], "generic_left": 0, "factory_left": True}
    events = apply(state, choice["action"]).events
    assert not any(e["kind"] == "bonus_unlocked" for e in events)


def test_the_last_piece_empties_the_sector_and_names_its_bonus():
    # IBONUS-02 / IBONUS-06: S2 without its factory: the last generic unlocks the $ performance bonus.
    state, _ = to_build(_with_sector(game(2), "S2", 1, False), "SK.A")
    choice = _choice(view(state), kind="build", space="SK.L3", sector="S2")
    assert choice["payoff"]["sector"]["empties"] is True
    assert "bonus" not in choice["payoff"]["sector"]  # the labels document names it (issue 18)
    assert edition_labels(edition())["sectors"]["S2"]["bonus"] == "performance_dollar"
    assert "empties sector 2: A $ performance token" in choice["sector_detail"]
    events = apply(state, choice["action"]).events
    assert [e["sector"] for e in events if e["kind"] == "bonus_unlocked"] == ["S2"]


def test_placement_options_say_what_they_cost_and_refused_centres_say_why():
    # PLACE-05: centre A costs 3 funds on its Tiger; PLACE-01: HK.B already takes W2 workers (setup worker).
    state = game(2)
    shown = view(state)
    sk_a = _choice(shown, kind="place_worker", center="SK.A")
    assert sk_a["cost"] == {"funds": {"SK": 3}} and sk_a["detail"].startswith("pays 3 funds on South Korea")
    refused = {e["action"]["center"]: e for e in refusals(state)["why_not"]}
    assert refused["HK.B"]["reason"]["rule"] == "PLACE-01"
    assert refused["HK.B"]["label"] == "Hong Kong centre B"
    assert "type 2" in refused["HK.B"]["reason"]["message"] and "W2" not in refused["HK.B"]["reason"]["message"]
    # TRADE-09: nobody can sell on turn 1, so every trade centre is explained, not hidden
    assert {"ITC1", "ITC2", "RTC"} <= set(refused) and refused["RTC"]["reason"]["rule"] == "TRADE-09"


def test_build_options_name_the_space_and_the_factory_cost():
    # BUILD-FAC-01: a factory costs 4 energy less 1 per connected built power plant; BUILD-FAC-03: 2 goods.
    state, _ = to_build(game(2), "SK.A")
    factory = _choice(view(state), kind="build", space="SK.F2")
    assert factory["label"].startswith("Factory on South Korea · factory · column B · Electronics")
    assert factory["cost"] == {"energy": 4} and factory["payoff"]["goods"] == {"Electronics": 2}
    assert factory["payoff"]["sector"]["id"] == "S1" and factory["payoff"]["sector"]["factory_left"] is False
    assert factory["placeholder"] is True  # the board's spaces are placeholder data in this edition


def test_board_model_names_owners_and_setup_workers():
    state, _ = to_build(game(2), "SK.A")
    state = apply(state, {"kind": "build", "space": "SK.L3", "sector": "S7"}).state
    board = view(state)["board_model"]
    korea = next(t for t in board["tigers"] if t["id"] == "SK")
    lab = next(s for s in korea["spaces"] if s["id"] == "SK.L3")
    assert lab["owners"] == [{"id": "0", "name": "Ann", "color": "red", "parts_factory": False}]
    assert (lab["kind"], lab["column"]) == ("laboratory", "C")  # its name is in the labels document, not per move
    assert edition_labels(edition())["spaces"]["SK.L3"]["label"] == "South Korea · laboratory · column C"
    center = next(c for c in korea["centers"] if c["letter"] == "A")
    assert [w["name"] for w in center["workers"]] == ["Setup worker", "Ann"]
    assert korea["prosperity_token"] == {"id": "PT1", "label": "24 · 12"}  # DATA-02, 2 players
    assert next(p for p in korea["participants"] if p["id"] == "0")["funds"] == 3  # FUNDS-01: 6 − 3
    ann = board["player_boards"][0]
    assert next(s for s in ann["sectors"] if s["id"] == "S7")["generic_left"] == 1


def test_setup_instructions_at_the_start_only():
    # SETUP-02..06 / PSETUP-03..06: what to lay out; gone once the first worker is placed
    state = game(2)
    steps = view(state)["setup_instructions"]["steps"]
    assert steps[0] == "Put the prosperity token 24 · 12 on South Korea"
    assert "Put the region bonus token “+3 influence” on South Korea" in steps
    assert "Put a type 1 worker in South Korea centre A" in steps
    assert "Ann: take 1 Finance" in steps and "Ann: set aside type 2 worker and type 3 worker" in steps
    assert view(state)["setup_instructions"]["drawn_by"]["turn_order"] == "table"
    after = apply(state, {"kind": "place_worker", "center": "STC"}).state
    assert view(after)["setup_instructions"] is None


def test_labels_document_is_unique_per_space():
    labels = edition_labels(edition())
    space_labels = [e["label"] for e in labels["spaces"].values()]
    assert len(space_labels) == len(set(space_labels))
    assert labels["automa_tiles"]["AT05"]["label"] == "invest in Hong Kong; +4 influence; trade: 1 flag"


def _to_era2_draws(state):
    """Play Era I out at the special trade centre up to the Era II draw question (recorded setup)."""
    from tests.games.asian_tigers.builders import decision_kind, find_action
    answers = {"choose_placement": {"kind": "place_worker", "center": "STC"},
               "choose_special_trade": {"kind": "special_advance"}, "choose_bonus": {"kind": "end_turn"},
               "choose_special_flag": {"kind": "decline_special_flag"}}
    while decision_kind(state) != "record_era2_draws":
        state = apply(state, find_action(state, answers[decision_kind(state)])).state
    return state


def test_a_table_that_draws_era2_itself_gets_a_form_whose_answer_applies():
    # ERA2-03..05 / PSETUP-03/04: the form names every field; filled in, it is a valid draw_era2_setup
    state = _to_era2_draws(game(2))
    shown = view(state)
    form = shown["era2_form"]
    assert form["action"]["kind"] == "draw_era2_setup" and form["rule"] == "ERA2-03"
    assert [f["name"] for f in form["fields"]] == ["setup_workers.A", "setup_workers.B", "setup_workers.C"]
    seat = form["seats"][0]
    assert seat["name"] == "Ann" and [f["name"] for f in seat["fields"]] == ["workers.0.set_aside", "workers.0.team"]
    assert seat["fields"][1]["length"] == 10 and {c["label"] for c in seat["fields"][1]["choices"]} == {
        "type 1 worker", "type 2 worker", "type 3 worker"}
    values = [c["value"] for c in form["fields"][0]["choices"]]
    team = [values[0]] * 4 + [values[1]] * 3 + [values[2]] * 3
    answer = {**form["action"], "setup_workers": dict(zip("ABC", values)),
              "workers": {s["seat"]: {"set_aside": values[1:], "team": team} for s in form["seats"]}}
    after = apply(state, answer).state
    assert after.era == 2 and view(after)["setup_instructions"]["era"] == 2
    assert view(after)["setup_instructions"]["players"][0]["team"][0]["label"] == "type 1 worker"



def test_initial_turn_order_is_the_drawn_one_and_stays_after_the_era1_management():
    # SETUP-11: the drawn first turn order; MGMT1-01 reorders the turns for Era II, the start player stays
    from api.games.asian_tigers import legal_actions, new_game
    from tests.games.asian_tigers.builders import players
    changed = 0
    for seed in range(6):
        state = new_game({"players": players(3)}, edition(), seed)
        first = list(state.turn_order)
        assert view(state)["initial_turn_order"] == first
        rng = random.Random(seed)
        while state.era == 1:
            state = apply(state, rng.choice(legal_actions(state))).state
        assert view(state)["initial_turn_order"] == first
        changed += state.turn_order != first
    assert changed  # the Era II order differs in some game, so the check above means something


def _refused_builds(state) -> dict:
    return {e["action"]["space"]: e["reason"] for e in refusals(state)["why_not"] if e["action"]["kind"] == "build"}


def test_a_remembered_build_refusal_follows_who_built_the_space():
    # BUILD-GEN-02: SK.L3 is offered to seat 1 until seat 0 builds it; then refused, naming its builder. The
    # refusals of builds are remembered between states: a name or a builder that changes changes them.
    before, _ = to_build(finish_turn(apply(game(2), STC).state, "0"), "SK.A")
    assert "SK.L3" not in _refused_builds(before)
    assert any(a.get("space") == "SK.L3" for a in view(before)["legal_actions"])
    built, _ = invest(game(2), "SK.A", "SK.L3", "S7")
    after, _ = to_build(built, "SK.A")
    refused = _refused_builds(after)["SK.L3"]
    assert {key: refused[key] for key in ("message", "code", "rule")} == {
        "message": "South Korea · laboratory · column C is already built (by Ann)", "code": "space_occupied",
        "rule": "BUILD-GEN-02"}
    said = refused["message_message"]  # the space as its label's message, said in the reader's language (issue 37)
    assert said["id"] == "{space} is already built (by {owner})" and said["params"]["owner"] == "Ann"
    assert said["params"]["space"]["params"] and render(said) == refused["message"]
    renamed = modified(after, lambda data: data["players"][0].update(name="Zoe"))
    assert _refused_builds(renamed)["SK.L3"]["message"].endswith("(by Zoe)")
    assert _refused_builds(after)["SK.L3"]["message"].endswith("(by Ann)")


def test_codes_are_rewritten_longest_first_and_only_as_whole_words():
    # Issue 12: codes become labels; a longer code wins over a shorter one it starts with, and a code
    # inside a longer word or id stays as it is.
    labels = text_module._rewriter(edition(), 4)[1]
    assert text_module.humanize(edition(), 4, "built on SK.F2") == f"built on {labels['SK.F2']}"
    assert text_module.humanize(edition(), 4, "SK and TW") == f"{labels['SK']} and {labels['TW']}"
    assert text_module.humanize(edition(), 4, "SKA, xSK, SK1 and .SK") == "SKA, xSK, SK1 and .SK"
