"""Builders for the solo tests: recorded solo games, Automa turns with a chosen tile, constructed boards.

`solo_game()` records every draw (see `builders`): prosperity SK > HK > TW > SG, so the
setup workers fix SK.A = W1, HK.B = W2, TW.C = W3; both team areas are ``TEAM``
(W1 ×4, W2 ×3, W3 ×3).  Tiles are recorded by default, so `automa_turn(state, "AT04")`
lets the human pass (special trade centre) and then reveals AT04 for the Automa.
`run_effects` runs Automa effects on a copy of a state (unit tests of the bonuses).
"""
from __future__ import annotations

from api.games.asian_tigers import apply, legal_actions, new_game
from api.games.asian_tigers.solo.automa_bonuses import push_effects
from api.games.asian_tigers.engine import advance
from api.games.asian_tigers.state import GameState

from tests.games.asian_tigers.builders import (SET_ASIDE, TEAM, decision_kind, edition, find_action, modified,
                                               recorded_setup)

HUMAN, AUTOMA = "0", "1"


def solo_setup(automa_team: list[str] | None = None, **overrides) -> dict:
    """The recorded 1-player setup plus the Automa's team (default ``TEAM``)."""
    setup = recorded_setup(1, **overrides)
    setup["workers"] = dict(setup["workers"])
    setup["workers"]["1"] = {"set_aside": list(SET_ASIDE), "team": list(automa_team or TEAM)}
    return setup


def solo_options(setup: dict | None = None, **solo) -> dict:
    """Options of a solo game: Ann (red) against the Automa; difficulty 2, recorded tiles unless given."""
    settings = {"difficulty": 2, "tiles": "recorded", **solo}
    return {"players": [{"name": "Ann", "color": "red"}], "solo": settings,
            "setup": setup if setup is not None else solo_setup()}


def solo_game(seed: int = 7, setup: dict | None = None, **solo) -> GameState:
    """A new solo game at the human's first question."""
    return new_game(solo_options(setup, **solo), edition(), seed)


def step(state: GameState, partial: dict) -> tuple[GameState, list[dict]]:
    """Apply the one legal action matching `partial`."""
    result = apply(state, find_action(state, partial))
    return result.state, result.events


def human_pass(state: GameState) -> tuple[GameState, list[dict]]:
    """The human's whole turn at the special trade centre (+2 GM), then end it."""
    state, events = step(state, {"kind": "place_worker", "center": "STC"})
    for kind, partial in (("choose_special_trade", {"kind": "special_advance"}),
                          ("choose_bonus", {"kind": "end_turn"})):
        if decision_kind(state) == kind:  # a single option resolves itself
            state, more = step(state, partial)
            events += more
    return state, events


def automa_turn(state: GameState, tile: str, human_turn: bool = True) -> tuple[GameState, list[dict]]:
    """(Let the human pass, then) reveal `tile` for the Automa; returns the state and the Automa's events."""
    if human_turn:
        state, _ = human_pass(state)
    assert decision_kind(state) == "record_automa_tile", decision_kind(state)
    return step(state, {"kind": "reveal_automa_tile", "tile": tile})


def edit(state: GameState, change) -> GameState:
    """A constructed position: `change(data)` edits the saved state (see `builders.modified`)."""
    return modified(state, change)


def add_piece(data: dict, owner: str, space: str, kind: str | None = None, parts_factory: bool = False) -> None:
    """Put a built piece on the saved board `data`."""
    spec = edition().space(space)
    if not spec.infinite:
        data["occupancy"][space] = len(data["pieces"])
    data["pieces"].append({"owner": owner, "space": space, "tiger": spec.tiger, "kind": kind or spec.kind,
                           "parts_factory": parts_factory})


def empty_up_to(data: dict, sector: str, generic_left: int = 1, factory: bool = False) -> None:
    """The Automa board with every sector before `sector` out of generics (factories kept) and
    `sector` holding `generic_left` generics and (or not) its factory."""
    sectors = data["players"][1]["sectors"]
    for sid in sorted(sectors):
        if sid < sector:
            sectors[sid]["generic"] = 0
    sectors[sector] = {"generic": generic_left, "factory": factory}


def run_effects(state: GameState, effects: list[dict], source: str = "test") -> tuple[GameState, list[dict]]:
    """Run Automa `effects` on a copy of `state` with nothing else pending (stops at a human question)."""
    copy = state.copy()
    copy.decisions, copy.frames = [], []
    push_effects(copy, effects, source)
    events: list[dict] = []
    advance(copy, events)
    return copy, events


def answer_everything(state: GameState, until=lambda s: False, accept=True) -> tuple[GameState, list[dict]]:
    """Play on with simple answers (human passes, first tile / Tiger) until `until(state)` or the end."""
    simple = {"choose_placement": {"kind": "place_worker", "center": "STC"},
              "choose_special_trade": {"kind": "special_advance"}, "choose_bonus": {"kind": "end_turn"}}
    events: list[dict] = []
    while state.decisions and not until(state):
        kind = decision_kind(state)
        action = find_action(state, simple[kind]) if kind in simple else legal_actions(state)[0]
        result = apply(state, action)
        state, events = result.state, events + result.events
    return state, events


__all__ = ["HUMAN", "AUTOMA", "TEAM", "solo_setup", "solo_options", "solo_game", "step", "human_pass", "automa_turn",
           "edit", "add_piece", "empty_up_to", "run_effects", "answer_everything"]
