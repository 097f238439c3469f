"""EX-1 and EX-2 through the full engine: a game state built piece by piece, then the Era II phase.

The scorer-only test feeds the examples' summarised facts; this one rebuilds the
board from Part D's piece lists, so the engine's own investment points (IP-01..04,
AMB-08, AMB-19), sector facts (SCORE-FSB-02..07) and its final-scoring step
(MGMT2-01..06, SCORE-END-01) must reproduce every expected number.
"""
import copy

import pytest

from api.games.asian_tigers import engine, load_edition, new_game
from api.games.asian_tigers.engine import advance
from api.games.asian_tigers.management.era1 import begin
from api.games.asian_tigers.state import Piece
from tests.games.asian_tigers.scoring.test_scoring_examples import _cases, _compare

COLORS = ["red", "blue", "green", "yellow"]
SATELLITE_ROWS = {"SF": "factory", "SP": "power_plant", "SL": "laboratory"}


def _place_pieces(state, edition, pid, tiger, codes):
    for code in codes:
        if code == "HQ":  # BUILD-HQ-01
            state.headquarters[tiger] = pid
            state.player(pid).headquarters_available = False
        elif code.rstrip("*") in SATELLITE_ROWS:  # AMB-07: typed, or the generic one ("*")
            row = SATELLITE_ROWS[code.rstrip("*")]
            state.satellites[f"{tiger}.{code.rstrip('*')}"] = {"owner": pid, "satellite": "any" if code.endswith("*") else row}
        else:
            name, _, extra = code.partition("+")
            space = edition.space(f"{tiger}.{name}")
            if not space.infinite:
                state.occupancy[space.id] = len(state.pieces)
            state.pieces.append(Piece(pid, space.id, tiger, space.kind, extra == "PF"))


def _allocate_flags(state, edition, pid, flags):
    player = state.player(pid)
    for sector, flag_ids in flags.items():
        for flag in flag_ids:
            nation = flag.rsplit("-", 1)[0]
            row = next(r for r in edition.rows.values() if r.sector == sector and r.id not in player.rows
                       and (r.accepts == "any" or (not flag.startswith("special:") and nation in r.accepts)))
            player.rows[row.id] = flag


def state_from_example(table, edition):
    """A game state at the end of Era II matching the example's position."""
    names = list(table["participants"])
    ids = {name: str(i) for i, name in enumerate(names)}
    options = {"players": [{"name": n, "color": COLORS[i]} for i, n in enumerate(names)],
               "rules_options": table.get("rules_options", {}),
               "setup": {"prosperity_tokens": {t: v["prosperity_token"] for t, v in table["tigers"].items()}}}
    state = new_game(options, edition, seed=1)
    state.era, state.decisions, state.frames, state.turn = 2, [], [], None
    state.pieces, state.occupancy = [], {}
    state.turn_order = [ids[n] for n in table["turn_order"]]
    state.global_market = {}
    spots = sorted((p["global_market"]["position"], p["global_market"]["stack"], ids[n])
                   for n, p in table["participants"].items())
    for position, _, pid in spots:
        state.global_market.setdefault(str(position), []).append(pid)
    for name, data in table["participants"].items():
        pid = ids[name]
        player = state.player(pid)
        player.influence = dict(data["influence"])
        player.goods = {g: 0 for g in edition.goods}
        player.goods[edition.goods[0]] = data["leftovers"]["goods"]
        player.energy, player.science = data["leftovers"]["energy"], data["leftovers"]["science"]
        for tiger, facts in data["tigers"].items():
            _place_pieces(state, edition, pid, tiger, facts["pieces"])
        _allocate_flags(state, edition, pid, data.get("flags", {}))
        player.special_flags = list(data.get("special_flags", []))
    if "era1" in table:
        era1 = table["era1"]
        state.management = {"era1": {
            "turn_order": [ids[n] for n in era1["turn_order"]],
            "headquarters": {t: ids.get(h) if h else None for t, h in era1["headquarters"].items()},
            "influence": {ids[n]: dict(p["influence"]) for n, p in era1["participants"].items()},
            "ip": {ids[n]: dict(p["ip"]) for n, p in era1["participants"].items()},
        }}
    return state, {v: k for k, v in ids.items()}


def _rename(value, names):
    if isinstance(value, dict):
        return {names.get(k, k): _rename(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_rename(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


@pytest.mark.parametrize("table_input, expected", list(_cases()))
def test_worked_example_through_the_full_engine(table_input, expected):
    # MGMT2-01..06, SCORE-END-01/02, IP-01..04 computed from the pieces, TIE-01..04, TIE-08
    edition = load_edition()
    state, names = state_from_example(copy.deepcopy(table_input), edition)
    events = []
    begin(state, events)
    advance(state, events)
    assert state.phase == "over" and engine.is_over(state)
    outcome = _rename(state.management["outcome"], names)
    assert _compare(expected, outcome) > 100
    assert any(e["kind"] == "game_over" for e in events)
