"""The board as it lies on the table (issue 12): Tigers, global market, player boards.

`board_model(state)` mirrors the physical components so a phone can draw them.  Edition-only
names (spaces, centres, markets, sectors, rows, bonuses, flags, tokens) are not repeated here:
the phone joins on the code with ``GET /api/games/{id}/labels``.  What depends on the game
(owners, workers, tokens for this player count) carries its words here.
"""
from __future__ import annotations

from api.games.asian_tigers.edition.load import CENTERS
from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.management.era1 import influence_of, participants
from api.games.asian_tigers.presentation.options import flag_payoff
from api.games.asian_tigers.state import NEUTRAL, GameState


def participant(state: GameState, pid: str | None) -> dict | None:
    """``{id, name, color}`` of a seat, the neutral player, or a setup worker's "setup"."""
    if pid is None:
        return None
    if pid == NEUTRAL:
        return {"id": pid, "name": "Neutral player", "color": (state.neutral or {}).get("color")}
    if pid == "setup":
        return {"id": pid, "name": "Setup worker", "color": None}
    player = state.player(pid)
    return {"id": pid, "name": player.name, "color": player.color}


def _tiger(state: GameState, tid: str) -> dict:
    """One Tiger as it lies: centres, spaces, satellites, headquarters, markets, standings, tokens."""
    edition = state.edition
    tiger = edition.tigers[tid]
    prosperity, region = state.prosperity_tokens.get(tid), state.region_tokens.get(tid)
    owner = state.headquarters.get(tid)
    return {
        "id": tid, "name": tiger.name, "centers": _centers(state, tid), "spaces": _spaces(state, tid),
        "satellites": _satellites(state, tid),
        "headquarters": {"id": tiger.headquarters_slot, "owner": participant(state, owner)},
        "local_markets": _markets(state, tid), "participants": _standing(state, tid),
        "prosperity_token": {"id": prosperity, "label": L.prosperity_label(edition, prosperity, state.player_count)}
        if prosperity else None,
        "region_token": {"id": region, "label": L.region_token_label(edition, region)} if region else None,
    }


def _centers(state: GameState, tid: str) -> list:
    edition = state.edition
    centers = []
    for letter in CENTERS:
        key = f"{tid}.{letter}"
        worker = state.centers[key]
        centers.append({"id": key, "letter": letter,
                        "cost_funds": edition.rules["investment_centers"][letter]["cost_funds"],
                        "worker_type": worker, "worker_label": L.worker_label(edition, worker) if worker else None,
                        "workers": [participant(state, p) for p in state.center_workers[key]]})
    return centers


def _spaces(state: GameState, tid: str) -> list:
    spaces = []
    occupancy, pieces, count = state.occupancy, state.pieces, state.player_count
    for space in state.edition.tigers[tid].spaces.values():
        built = [pieces[occupancy[space.id]]] if space.id in occupancy else (
            [p for p in pieces if p.space == space.id] if space.infinite else [])
        spaces.append({"id": space.id, "kind": space.kind, "row": space.row, "column": space.column,
                       "infinite": space.infinite, "good": space.good, "open": space.min_players <= count,
                       "science_cost": space.science_cost,
                       "owners": [{**participant(state, p.owner), "parts_factory": p.parts_factory} for p in built]})
    return spaces


def _satellites(state: GameState, tid: str) -> list:
    return [{"id": sid, "row": sat.row,
             "owner": participant(state, (state.satellites.get(sid) or {}).get("owner")),
             "satellite": (state.satellites.get(sid) or {}).get("satellite")}
            for sid, sat in state.edition.tigers[tid].satellite_spaces.items()]


def _markets(state: GameState, tid: str) -> list:
    markets = []
    for mid, market in state.edition.tigers[tid].local_markets.items():
        held = state.local_markets.get(mid)
        markets.append({"id": mid, "column": market.column,
                        "wants": market.good, "influence": market.influence,
                        "sold": {"good": held["good"], "seller": participant(state, held["seller"])} if held else None})
    return markets


def _standing(state: GameState, tid: str) -> list:
    return [{**participant(state, pid), "funds": None if pid == NEUTRAL else state.player(pid).funds[tid],
             "influence": influence_of(state, pid)[tid]} for pid in participants(state)]


def _global_market(state: GameState) -> dict:
    edition = state.edition
    track = [{"position": int(pos), "stack": [participant(state, p) for p in stack]}
             for pos, stack in sorted(state.global_market.items(), key=lambda kv: int(kv[0]))]
    nations = []
    for code, nation in edition.nations.items():
        stack = state.flag_stacks[code]
        nations.append({"id": code, "name": nation.name, "trade_center": nation.trade_center,
                        "demand": list(nation.demand_goods) if nation.demand_goods else
                        f"{nation.demand_any_different} different goods",
                        "flags_left": len(stack),
                        "top_flag": flag_payoff(state, stack[0]) if stack else None})
    centers = [{"id": tc, "kind": spec["kind"],
                "worker_type": state.trade_centers.get(tc),
                "worker_label": L.worker_label(edition, state.trade_centers[tc]) if state.trade_centers.get(tc) else None}
               for tc, spec in edition.trade_centers.items()]
    return {"track": track, "nations": nations, "trade_centers": centers,
            "special_flags": [{"tiger": t, "flag": f"special:{t}", "stars": edition.special_flag_stars[t]}
                              for t in state.special_flags_available],
            "performance_tokens": list(state.performance_tokens),
            "leftover_region_tokens": [{"id": t, "label": L.region_token_label(edition, t)}
                                       for t in state.leftover_region_tokens]}


def _player_board(state: GameState, player) -> dict:
    edition = state.edition
    sectors = [_sector(edition, sid, content) for sid, content in player.sectors.items()]
    rows = [_row(edition, rid, player.rows.get(rid)) for rid in edition.rows]
    return {**participant(state, player.id), "sectors": sectors, "rows": rows,
            "special_flags": [f"special:{t}" for t in player.special_flags],
            "satellites_left": list(player.satellites), "headquarters_left": player.headquarters_available,
            "energy": player.energy, "science": player.science,
            "goods": {g: n for g, n in player.goods.items() if n}}


def _sector(edition, sid: str, content: dict) -> dict:
    """A player-board sector as shown."""
    data = edition.sectors.get(sid)
    return {"id": sid, "generic_left": content["generic"], "factory": data.factory_good if data else None,
            "factory_left": bool(content["factory"]), "bonus": data.bonus if data else None,
            "bonus_unlocked": bool(content.get("bonus_unlocked"))}


def _row(edition, rid: str, flag) -> dict:
    """A final-scoring row as shown, with the flag in it (None: empty)."""
    row = edition.rows[rid]
    return {"id": rid, "sector": row.sector, "accepts": row.accepts if row.accepts == "any" else list(row.accepts),
            "nation_bonus": row.nation_bonus, "flag": flag}


def board_model(state: GameState) -> dict:
    """The whole table as it lies: ``{tigers, global_market, player_boards}``."""
    return {"tigers": [_tiger(state, t) for t in state.edition.tigers],
            "global_market": _global_market(state),
            "player_boards": [_player_board(state, p) for p in state.players]}
