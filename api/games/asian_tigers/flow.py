"""The order of play: setup → turns → management → Era II → final scoring (TURN-*, CASCADE-03).

This is the one module that hands the game from one part to the next; the
parts themselves (`turn`, `management`, `solo`) never call back up here, so
the import graph stays a tree.

A turn is a frame with two steps: the placement (and the action it starts),
then the bonus queue.  Unlocked bonuses wait in `state.pending_bonuses`; the
player resolves them in any order, ignores them, or ends the turn, which
forfeits whatever is left (AMB-12).  When every participant has placed all
workers the era ends and its management phase runs; Era I's ends with the
Era II setup, which opens Era II's first turn.
"""
from __future__ import annotations

from api.games.asian_tigers.decisions import push_frame
from api.games.asian_tigers.edition.load import Edition
from api.games.asian_tigers.management import era1 as management, era2_setup
from api.games.asian_tigers.setup import set_up_table
from api.games.asian_tigers.solo import automa, session as solo_session
from api.games.asian_tigers.state import GameState
from api.games.asian_tigers.errors import joined
from api.games.asian_tigers.told import bonus_code_named, told
from api.games.messages import msg
from api.games.asian_tigers.turn import bonuses, market


# -- the start of the game ------------------------------------------------------------
def open_game(options: dict, edition: Edition, seed: int = 0) -> GameState:
    """The table set up and Era I's first turn opened (`engine.new_game` then runs it to its first question)."""
    state = set_up_table(options, edition, seed)
    solo = "solo" in state.options
    if solo:  # solo (issue 7): the Automa board and state.solo
        solo_session.prepare(state, state.seed)
    begin_turn(state)
    if solo:
        solo_session.begin_era(state)  # tiles shuffled, the scenario tile's Era I effects queued
    return state


# -- a turn ---------------------------------------------------------------------------
def begin_turn(state: GameState) -> None:
    """Open the turn of the participant at `state.turn_index`."""
    seat = state.turn_order[state.turn_index]
    state.turn = {"seat": seat, "worker": None, "center": None}
    if state.solo is not None and seat == state.solo["automa"]:  # solo (issue 7): the Automa plays itself
        automa.begin_automa_turn(state)
        return
    push_frame(state, "turn", ["placement", "bonuses"], seat=seat)


def bonus_options(state: GameState, decision: dict) -> list[dict]:
    """Each pending bonus may be resolved or ignored; ending the turn forfeits the rest."""
    return bonuses.pending_bonus_options(state) + [{"kind": "end_turn"}]


def sale_options(state: GameState, decision: dict) -> list[dict]:
    """TRADE-02/04/05: more sales, the turn's bonuses (CASCADE-04), or finishing (after at least one sale)."""
    options = market.open_sales(state, decision)
    if state.frames[decision["frame"]]["sold"]:  # finishing and bonuses are offered after a first sale
        options += bonuses.pending_bonus_options(state) + [{"kind": "finish_sales"}]
    return options


def end_turn(state: GameState, action: dict, events: list[dict]) -> None:
    """CASCADE-03: end the turn; bonuses still waiting are forfeited."""
    player = state.player(state.turn_order[state.turn_index])  # its name only
    forfeited = [b["bonus"] for b in state.pending_bonuses]
    state.pending_bonuses = []
    said = msg("{player} ends the turn; forfeited: {bonuses}", player=player.name,
               bonuses=joined([bonus_code_named(b) for b in forfeited], ", ")) if forfeited else msg(
        "{player} ends the turn", player=player.name)
    events.append({"kind": "turn_ended", "participant": player.id, "forfeited": forfeited, **told(said)})
    state.frames = []
    next_turn(state, events)


def automa_end_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """Close the Automa's turn with one summary line, then the next turn (TURN-03)."""
    automa.close_turn(state, events)
    next_turn(state, events)


def next_turn(state: GameState, events: list[dict]) -> None:
    """Pass to the next participant who still has workers; close the era when none has (TURN-03)."""
    per_era = state.edition.rules["workers_placed_per_era"]
    count = len(state.turn_order)
    for offset in range(1, count + 1):
        index = (state.turn_index + offset) % count
        if state.player(state.turn_order[index]).workers_placed < per_era:
            state.turn_index = index
            begin_turn(state)
            return
    state.turn = None
    events.append({"kind": "era_ended", "era": state.era,
                   **told(msg("Every player has placed all {count} workers: Era I ends", count=per_era)
                          if state.era == 1 else msg("Every player has placed all {count} workers: Era II ends",
                                                     count=per_era))})
    management.begin(state, events)


# -- from Era I's management into Era II ----------------------------------------------
def era2_setup_step(state: GameState, frame: dict, events: list[dict]) -> dict | None:
    """ERA2-01..05: clear the markets and centres, then the new draws (asked, or made here)."""
    decision = era2_setup.clear_board(state, events)
    if decision is None:
        begin_era2(state, {}, events)
    return decision


def draw_era2_setup(state: GameState, action: dict, events: list[dict]) -> None:
    """ERA2-03..05 with recorded or generated draws."""
    begin_era2(state, era2_setup.recorded_draws(state, action), events)


def begin_era2(state: GameState, recorded: dict, events: list[dict]) -> None:
    """Redo the draws and open Era II's first turn."""
    era2_setup.redo_draws(state, recorded, events)
    state.frames.clear()
    begin_turn(state)
    if state.solo is not None:  # solo (issue 7): SOLO-ERA2-01 tiles reshuffled, SCENARIO-02 Era II effects
        solo_session.begin_era(state, events)
