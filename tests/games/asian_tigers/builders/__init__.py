"""Builders for the Asian Tigers rules tests: editions, recorded setups, playing actions.

`recorded_options(n)` gives a fully recorded setup (no seeded draw at all), so every
position in a test is predictable:

* prosperity SK PT1 (24) > HK PT2 (21) > TW PT3 (18) > SG PT4 (15); PT5 leaves the game;
  the setup workers therefore fix SK.A = W1, HK.B = W2, TW.C = W3 (SG gets none);
* region tokens SK RB1, HK RB2, TW RB3, SG RB4 (RB5, RB6 beside the board);
* turn order = seat order; starting goods seat 0 Finance, 1 Chemicals, 2 Electronics, 3 Machinery;
* every team area is ``TEAM`` (4 W1, then 3 W2, then 3 W3) with W2 + W3 set aside.

Helpers: `game()` starts one, `find_action()` picks the one legal action matching a
partial dict, `act()` / `play()` apply actions, `rejects()` asserts a refusal that
leaves the state unchanged, `modified()` edits a saved state (constructed positions), `pass_turn()` spends a
turn at the special trade centre (+2 global market), `to_build()` / `invest()` run an
investment action, `play_out_era()` finishes the era through its management phase.
"""
from __future__ import annotations

import copy
import random
import functools
import json
import pathlib
from typing import Callable

import pytest

from api.games.asian_tigers import RulesError, apply, legal_actions, load_edition, new_game, state_from_dict, state_to_dict
from api.games.asian_tigers.engine import Step
from api.games.asian_tigers.state import GameState

DATA_FILE = pathlib.Path(__file__).resolve().parents[4] / "api" / "data" / "asian-tigers.placeholder.json"

COLORS = ("red", "blue", "green", "yellow")
NAMES = ("Ann", "Bob", "Cat", "Dan")
PROSPERITY = {"SK": "PT1", "HK": "PT2", "TW": "PT3", "SG": "PT4"}
REGIONS = {"SK": "RB1", "HK": "RB2", "TW": "RB3", "SG": "RB4"}
SETUP_WORKERS = {"A": "W1", "B": "W2", "C": "W3"}
STARTING_GOODS = ("Finance", "Chemicals", "Electronics", "Machinery")
TEAM = ["W1", "W1", "W1", "W1", "W2", "W2", "W2", "W3", "W3", "W3"]
SET_ASIDE = ["W2", "W3"]


def edition_document() -> dict:
    """A fresh, mutable copy of the shipped placeholder edition."""
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


def edition_from(document: dict | None = None):
    """Load an edition (None: the shipped file), validating it when the checks are importable."""
    try:
        return load_edition(copy.deepcopy(document) if document is not None else None)
    except ModuleNotFoundError as exc:  # edition_checks not finished yet: provenance-only fallback
        if "edition_checks" not in str(exc):
            raise
    from api.games.asian_tigers.edition.load import META_KEYS, build_edition
    from api.games.provenance import validate_provenance

    doc = copy.deepcopy(document) if document is not None else edition_document()
    return build_edition(doc, validate_provenance(doc, set(META_KEYS)))


@functools.lru_cache(maxsize=None)
def edition():
    """The shipped placeholder edition (loaded once)."""
    return edition_from(None)


def players(count: int) -> list[dict]:
    """`count` players in seat order (red, blue, green, yellow)."""
    return [{"name": NAMES[i], "color": COLORS[i]} for i in range(count)]


def recorded_setup(count: int, **overrides) -> dict:
    """Every setup draw recorded (see the module docstring); `overrides` replace whole keys."""
    setup = {
        "prosperity_tokens": dict(PROSPERITY),
        "region_tokens": dict(REGIONS),
        "setup_workers": dict(SETUP_WORKERS),
        "turn_order": list(range(count)),
        "starting_goods": {str(i): STARTING_GOODS[i] for i in range(count)},
        "workers": {str(i): {"set_aside": list(SET_ASIDE), "team": list(TEAM)} for i in range(count)},
    }
    setup.update(overrides)
    return setup


def recorded_options(count: int = 2, *, setup: dict | None = None, **options) -> dict:
    """New-game options for `count` players with a recorded setup."""
    return {"players": players(count), "setup": setup if setup is not None else recorded_setup(count), **options}


def game(count: int = 2, *, setup: dict | None = None, seed: int = 7, **options) -> GameState:
    """A new game with the recorded setup (or `setup`) at its first question."""
    return new_game(recorded_options(count, setup=setup, **options), edition(), seed)


def matches(action: dict, partial: dict) -> bool:
    """True when `action` has every key/value of `partial`."""
    return all(action.get(k) == v for k, v in partial.items())


def find_action(state: GameState, partial: dict) -> dict:
    """The one legal action matching `partial` (fails the test otherwise)."""
    found = [a for a in legal_actions(state) if matches(a, partial)]
    assert len(found) == 1, f"{len(found)} legal actions match {partial}: {found}; legal: {legal_actions(state)}"
    return found[0]


def is_legal(state: GameState, partial: dict) -> bool:
    """True when some legal action matches `partial`."""
    return any(matches(a, partial) for a in legal_actions(state))


def act(state: GameState, partial: dict) -> Step:
    """Apply the one legal action matching `partial`."""
    return apply(state, find_action(state, partial))


def play(state: GameState, actions: list[dict]) -> tuple[GameState, list[dict]]:
    """Apply each (partial) action in turn; returns the final state and all events."""
    events: list[dict] = []
    for partial in actions:
        step = act(state, partial)
        state = step.state
        events.extend(step.events)
    return state, events


def rejects(state: GameState, action: dict, code: str, rule: str | None = ..., error=RulesError) -> RulesError:
    """Assert `apply(state, action)` raises `error` with `code` (and `rule`) and leaves `state` unchanged."""
    before = state_to_dict(state)
    with pytest.raises(error) as info:
        apply(state, action)
    assert info.value.code == code, info.value.to_dict()
    if rule is not ...:
        assert info.value.rule == rule, info.value.to_dict()
    assert state_to_dict(state) == before
    return info.value


def setup_rejected(options: dict, code: str, rule: str | None = ..., seed: int = 7) -> RulesError:
    """Assert `new_game(options)` raises a SetupError with `code` (and `rule`)."""
    from api.games.asian_tigers.errors import SetupError

    with pytest.raises(SetupError) as info:
        new_game(options, edition(), seed)
    assert info.value.code == code, info.value.to_dict()
    if rule is not ...:
        assert info.value.rule == rule, info.value.to_dict()
    return info.value


def modified(state: GameState, change: Callable[[dict], None]) -> GameState:
    """A copy of `state` with `change` applied to its saved form (constructed positions)."""
    data = state_to_dict(state)
    change(data)
    return state_from_dict(data, state.edition)


def of_kind(events: list[dict], kind: str) -> list[dict]:
    """The events of one kind."""
    return [e for e in events if e["kind"] == kind]


def kinds(events: list[dict]) -> list[str]:
    """The kinds of `events`, in order."""
    return [e["kind"] for e in events]


def decision_kind(state: GameState) -> str | None:
    """Kind of the question asked now."""
    return state.decisions[-1]["kind"] if state.decisions else None


def seat_now(state: GameState) -> str | None:
    """Seat of the question asked now."""
    return state.decisions[-1]["seat"] if state.decisions else None


STC = {"kind": "place_worker", "center": "STC"}


def finish_turn(state: GameState, seat: str | None = None) -> GameState:
    """Close `seat`'s turn (default: the seat asked now): advance 2 at the special centre if asked, end the turn."""
    seat = seat_now(state) if seat is None else seat
    while state.decisions and seat_now(state) == seat and decision_kind(state) != "choose_placement":
        kind = decision_kind(state)
        if kind == "choose_special_trade":
            state = apply(state, find_action(state, {"kind": "special_advance"})).state
        elif kind == "choose_bonus":
            state = apply(state, find_action(state, {"kind": "end_turn"})).state
        else:
            raise AssertionError(f"finish_turn cannot answer {kind}")
    return state


def pass_turn(state: GameState, worker: str | None = None) -> GameState:
    """The current seat places its worker (or the stated `worker`) at the special centre and ends its turn."""
    action = dict(STC, worker=worker) if worker else dict(STC)
    seat = seat_now(state)
    return finish_turn(apply(state, action).state, seat)


def to_build(state: GameState, center: str, sale: str | None = None, **place) -> tuple[GameState, list[dict]]:
    """Place the current seat's worker in `center`, sell at `sale` or skip the sale; stop at the build question."""
    step = apply(state, {"kind": "place_worker", "center": center, **place})
    state, events = step.state, list(step.events)
    if decision_kind(state) == "choose_local_sale":
        action = {"kind": "sell_local", "market": sale} if sale else {"kind": "skip_local_sale"}
        step = apply(state, action)
        state, events = step.state, events + step.events
    else:
        assert sale is None, f"no local sale was offered (decision: {decision_kind(state)})"
    assert decision_kind(state) == "choose_build", decision_kind(state)
    return state, events


def invest(state: GameState, center: str, space: str, sector: str | None = None, sale: str | None = None,
           **place) -> tuple[GameState, list[dict]]:
    """A whole investment action up to the build (included); returns the state and all events."""
    state, events = to_build(state, center, sale, **place)
    action = {"kind": "build", "space": space}
    if sector:
        action["sector"] = sector
    step = apply(state, action)
    return step.state, events + step.events


def play_out_era(state: GameState, accept_flags: bool = False) -> tuple[GameState, list[dict]]:
    """Spend every remaining worker at the special centre and answer the management questions
    (special flags declined unless `accept_flags`; Era II draws generated) until the next era starts."""
    era, events = state.era, []
    answers = {"choose_placement": {"kind": "place_worker", "center": "STC"},
               "choose_special_trade": {"kind": "special_advance"}, "choose_bonus": {"kind": "end_turn"},
               "choose_special_flag": {"kind": "accept_special_flag" if accept_flags else "decline_special_flag"}}
    while state.era == era and state.decisions:
        kind = decision_kind(state)
        if kind in answers:
            action = find_action(state, answers[kind])
        else:
            options = legal_actions(state)
            assert len(options) == 1, f"play_out_era cannot choose for {kind}: {options}"
            action = options[0]
        step = apply(state, action)
        state, events = step.state, events + step.events
    return state, events


def random_walk(options: dict, seeds: range, moves: int, ed=None):
    """Each state of seeded random games (one per seed, at most `moves` moves each), before its move."""
    ed = ed or edition()
    for seed in seeds:
        state, rng = new_game(options, ed, seed), random.Random(seed)
        for _ in range(moves):
            legal = legal_actions(state)
            if not legal:
                break
            yield state
            state = apply(state, rng.choice(legal)).state
