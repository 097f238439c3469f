"""Era II setup (ERA2-01..05): the board cleared, the three board workers re-placed, every bag redrawn.

`flow` runs these when the Era I management ends and then opens Era II's
first turn; a table that recorded its Era I draws records these too.
"""
from __future__ import annotations

from api.games.asian_tigers.decisions import new_decision
from api.games.asian_tigers.errors import ActionShapeError, msg
from api.games.asian_tigers.setup import draw_setup_workers, draw_workers, place_setup_workers
from api.games.asian_tigers.state import GameState
from api.games.asian_tigers.told import told


def clear_board(state: GameState, events: list[dict]) -> dict | None:
    """ERA2-01..05: clear the markets and centres; returns the question that records the new draws, if any."""
    for market_id, held in state.local_markets.items():  # ERA2-02
        if held is not None:
            state.supply_goods[held["good"]] += 1
            state.local_markets[market_id] = None
    for center in state.centers:  # ERA2-05: every centre's type is free again
        state.centers[center] = None
        state.center_workers[center] = []
    for trade_center in state.trade_centers:
        state.trade_centers[trade_center] = None
    events.append({"kind": "era2_prepared", **told(msg("Era II setup: local markets emptied, workers back from the "
                                                       "board, every centre free again"))})
    setup = state.options.get("setup") or {}
    if setup.get("workers") or setup.get("setup_workers"):  # a table that recorded its Era I draws records these
        seat = "0" if state.solo is not None else state.turn_order[0]  # solo (issue 7): the human answers
        return new_decision(state, "record_era2_draws", seat, declinable=False, manual=True)
    return None


def record_options(state: GameState, decision: dict) -> list[dict]:
    """Let the app draw, or send what the table drew (setup_workers, workers per seat)."""
    return [{"kind": "draw_era2_setup"}]


def recorded_draws(state: GameState, action: dict) -> dict:
    """ERA2-03..05: the draws a ``draw_era2_setup`` action records (none: the app draws)."""
    unknown = sorted(set(action) - {"kind", "decision", "setup_workers", "workers"})
    if unknown:
        raise ActionShapeError(msg("unknown field(s) {unknown}; send setup_workers and workers",
                                   unknown=', '.join(unknown)), code="unknown_field", field=unknown[0])
    seats = {p.id for p in state.players}
    strangers = sorted(set(action.get("workers") or {}) - seats)
    if strangers:
        raise ActionShapeError(msg("no seat {strangers} in this game (seats: {seats})", strangers=', '.join(strangers),
                                   seats=', '.join(sorted(seats))), code="unknown_seat",
                               field=f"workers/{strangers[0]}", rule="ERA2-04")
    return {k: action[k] for k in ("setup_workers", "workers") if k in action}


def redo_draws(state: GameState, recorded: dict, events: list[dict]) -> None:
    """Re-place the three board workers by prosperity order, redo every bag draw; Era II begins."""
    edition = state.edition
    # Validate every draw before changing anything: a bad recording leaves the state as it was.
    setup_workers = draw_setup_workers(edition, recorded, state.seed, "setup_workers/era2")
    stated = state.options["worker_entry"] == "stated"
    draws = {}
    for player in state.players:
        automa = state.solo is not None and player.id == state.solo["automa"]  # solo (issue 7): never "stated"
        draws[player.id] = draw_workers(edition, (recorded.get("workers") or {}).get(player.id), state.seed,
                                        f"workers/era2/{player.id}", stated and not automa, f"workers/{player.id}")
    place_setup_workers(state, setup_workers)
    for player in state.players:
        player.team, player.set_aside = draws[player.id]
        player.placed = {t: 0 for t in edition.worker_types}
        player.workers_placed = 0
    state.era, state.phase, state.turn_index = 2, "turns", 0
    events.append({"kind": "era_started", "era": 2, **told(msg("Era II begins"))})
