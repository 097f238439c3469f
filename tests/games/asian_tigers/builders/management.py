"""Builders for the management-phase and game-flow tests (engine III).

A test builds a position at the end of an era piece by piece (as
test_examples_full_engine.py does for EX-1/EX-2) and then lets the engine's own
management phase run: ``management.era1.begin`` + ``engine.advance(state, events)``,
exactly what `flow.next_turn` does when the last worker of an
era has been placed.  Questions met on the way (special-flag offers, recorded Era
II draws) are answered with the public `apply`.

Piece codes for `put` (DATA-09): ``U1`` … ``Linf`` (a construction space of that
Tiger; ``F2+PF`` adds a parts factory), ``HQ`` (the headquarters), ``SF`` / ``SP`` /
``SL`` (the typed satellite on that row's satellite space) and ``SF*`` … (the
generic satellite there).
"""
from __future__ import annotations

from api.games.asian_tigers import apply, legal_actions, new_game
from api.games.asian_tigers.engine import advance
from api.games.asian_tigers.management.era1 import begin
from api.games.asian_tigers.state import GameState, Piece
from tests.games.asian_tigers.builders import (edition, find_action, players, recorded_options, recorded_setup)

TIGERS = ("SK", "HK", "TW", "SG")
SATELLITE_ROWS = {"SF": "factory", "SP": "power_plant", "SL": "laboratory"}
ZERO = {t: 0 for t in TIGERS}


def fresh(count: int = 2, *, recorded: bool = True, seed: int = 7, setup_overrides: dict | None = None,
          **options) -> GameState:
    """A new game (recorded setup, or one where the worker draws come from the seed)."""
    if recorded:
        setup = recorded_setup(count, **(setup_overrides or {}))
    else:
        # Prosperity tokens etc. still recorded; setup workers and bags generated from the seed,
        # so the Era II setup runs without asking for recorded draws (ERA2-04, "[record]").
        setup = recorded_setup(count, **(setup_overrides or {}))
        setup.pop("workers"), setup.pop("setup_workers")
    return new_game(recorded_options(count, setup=setup, **options), edition(), seed)


def seeded(count: int = 2, seed: int = 7, **options) -> GameState:
    """A new game with every draw generated from `seed`."""
    return new_game({"players": players(count), **options}, edition(), seed)


def at_end_of_era(state: GameState, era: int = 1, *, gm: dict[str, list] | None = None,
                  keep_goods: bool = True) -> GameState:
    """`state` turned into the moment its `era`'s last worker is placed (TURN-03), nothing pending.

    `gm` replaces the global market: ``{position: [bottom, …, top]}``.
    """
    state = state.copy()
    state.era, state.decisions, state.frames, state.turn, state.pending_bonuses = era, [], [], None, []
    per_type = {"W1": 4, "W2": 3, "W3": 3}
    for player in state.players:
        player.workers_placed = 10
        player.placed = dict(per_type)
        if player.team is not None:
            player.team = []
        if not keep_goods:
            for good, n in player.goods.items():
                state.supply_goods[good] += n
                player.goods[good] = 0
            player.energy = player.science = 0
    if gm is not None:
        state.global_market = {str(pos): [str(p) for p in stack] for pos, stack in gm.items()}
    return state


def put(state: GameState, pid: str, tiger: str, *codes: str) -> GameState:
    """Build pieces for `pid` on `tiger` directly into `state` (see the module docstring)."""
    ed = state.edition
    for code in codes:
        if code == "HQ":  # BUILD-HQ-01
            state.headquarters[tiger] = pid
            state.player(pid).headquarters_available = False
        elif code.rstrip("*") in SATELLITE_ROWS:  # AMB-07
            row = SATELLITE_ROWS[code.rstrip("*")]
            satellite = "any" if code.endswith("*") else row
            state.satellites[f"{tiger}.{code.rstrip('*')}"] = {"owner": pid, "satellite": satellite}
            state.player(pid).satellites.remove(satellite)
        else:
            name, _, extra = code.partition("+")
            space = ed.space(f"{tiger}.{name}")
            if not space.infinite:
                assert space.id not in state.occupancy, f"{space.id} is already built"
                state.occupancy[space.id] = len(state.pieces)
            state.pieces.append(Piece(pid, space.id, tiger, space.kind, extra == "PF"))
            if extra == "PF":
                state.supply_parts_factories -= 1
    return state


def set_influence(state: GameState, **by_seat: dict) -> GameState:
    """``set_influence(state, s0={"SK": 5}, neutral={"SK": 3})``: influence before the phase."""
    for key, values in by_seat.items():
        target = state.neutral["influence"] if key == "neutral" else state.player(key.lstrip("s")).influence
        target.update(values)
    return state


def run_management(state: GameState) -> tuple[GameState, list[dict]]:
    """Start the management phase of `state`'s era on a copy and run it to its first question (or the end)."""
    state = state.copy()
    events: list[dict] = []
    begin(state, events)
    advance(state, events)
    return state, events


def answer(state: GameState, partial: dict) -> tuple[GameState, list[dict]]:
    """Apply the one legal action matching `partial`; a recorded Era II draw (its fields are the table's,
    not among the listed options) is applied as given."""
    if partial["kind"] == "draw_era2_setup" and set(partial) - {"kind"}:
        step = apply(state, partial)
    else:
        step = apply(state, find_action(state, partial))
    return step.state, step.events


def offer(state: GameState) -> tuple[str, str] | None:
    """(seat, Tiger) of the special flag offered now, or None."""
    if state.decisions and state.decisions[-1]["kind"] == "choose_special_flag":
        return state.decisions[-1]["seat"], state.decisions[-1]["tiger"]
    return None


def answer_offers(state: GameState, choose) -> tuple[GameState, list[dict], list[tuple[str, str, str]]]:
    """Answer every special-flag offer with ``choose(seat, tiger)`` → "accept" | "decline".

    Returns the state, the events and the offers made as (seat, Tiger, answer)."""
    events, asked = [], []
    while offer(state):
        seat, tiger = offer(state)
        verdict = choose(seat, tiger)
        asked.append((seat, tiger, verdict))
        state, step_events = answer(state, {"kind": f"{verdict}_special_flag"})
        events += step_events
    return state, events, asked


def decline_all(seat, tiger) -> str:
    return "decline"


def draw_generated(state: GameState) -> tuple[GameState, list[dict]]:
    """Answer a recorded table's Era II draw question by letting the app draw."""
    if state.decisions and state.decisions[-1]["kind"] == "record_era2_draws":
        return answer(state, {"kind": "draw_era2_setup"})
    return state, []


def through_era1_management(state: GameState, choose=decline_all) -> tuple[GameState, list[dict]]:
    """Run the whole Era I management phase and the Era II setup; stop at Era II's first question."""
    state, events = run_management(state)
    state, more, _ = answer_offers(state, choose)
    state, last = draw_generated(state)
    return state, events + more + last


def pass_everything(state: GameState) -> tuple[GameState, list[dict]]:
    """Every remaining worker goes to the special trade centre (+2 GM), special flags declined,
    Era II draws generated, until the game is over."""
    events = []
    answers = {"choose_placement": {"kind": "place_worker", "center": "STC"},
               "choose_special_trade": {"kind": "special_advance"}, "choose_bonus": {"kind": "end_turn"},
               "choose_special_flag": {"kind": "decline_special_flag"}}
    while state.decisions:
        kind = state.decisions[-1]["kind"]
        action = find_action(state, answers[kind]) if kind in answers else legal_actions(state)[0]
        step = apply(state, action)
        state, events = step.state, events + step.events
    return state, events


def events_of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["kind"] == kind]


def awards(events: list[dict], tiger: str) -> dict:
    """The Era I influence awards on `tiger` (MGMT1-03), from the influence_awarded event."""
    return next(e for e in events if e["kind"] == "influence_awarded" and e["tiger"] == tiger)["awards"]


def ranking_of(events: list[dict], tiger: str) -> dict:
    return next(e for e in events if e["kind"] == "influence_awarded" and e["tiger"] == tiger)["ranking"]


def tie_breaks(events: list[dict], tiger: str) -> list[tuple[str, str, str, str]]:
    """(ahead, behind, decided_by, rule) for each tie on `tiger` in the Era I influence step."""
    return [(t["ahead"], t["behind"], t["decided_by"], t["rule"]) for t in ranking_of(events, tiger)["tie_breaks"]]


def final_scoring(state: GameState) -> tuple[GameState, dict, list[dict]]:
    """Run the Era II management phase and final scoring of an end-of-Era-II `state`."""
    state, events = run_management(state)
    assert state.phase == "over", state.phase
    return state, state.management["outcome"], events
