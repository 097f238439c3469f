"""The public, JSON-ready view of a game (what a phone renders)."""
from __future__ import annotations

from api.games.asian_tigers.decisions import current_decision
from api.games.asian_tigers.engine import legal_actions
from api.games.asian_tigers.management.era1 import round_marker
from api.games.asian_tigers.presentation.view_extras import presentation
from api.games.asian_tigers.solo.session import solo_view
from api.games.asian_tigers.state import NEUTRAL, GameState


def _player_view(state: GameState, player) -> dict:
    return {
        "id": player.id, "name": player.name, "color": player.color,
        "funds": dict(player.funds), "influence": dict(player.influence),
        "energy": player.energy, "science": player.science,
        "goods": {g: n for g, n in player.goods.items() if n},
        "team": list(player.team) if player.team is not None else None,
        "set_aside": player.set_aside, "workers_placed": player.workers_placed,
        "next_worker": player.team[0] if player.team else None,
        "sectors": {s: {"generic": v["generic"], "factory": v["factory"]} for s, v in player.sectors.items()},
        "satellites_available": list(player.satellites), "headquarters_available": player.headquarters_available,
        "rows": dict(player.rows), "special_flags": list(player.special_flags),
        "global_market": state.gm_position(player.id),
    }


def view(state: GameState) -> dict:
    """Everything a table needs: whose turn, the question asked, its legal answers, the board."""
    decision = current_decision(state)
    edition = state.edition
    result = {
        "era": state.era, "phase": state.phase, "over": state.phase == "over",
        "round_marker": round_marker(state),
        "player_count": state.player_count, "options": {k: v for k, v in state.options.items() if k != "setup"},
        "turn_order": list(state.turn_order),
        "current_seat": decision["seat"] if decision else None,
        "decision": dict(decision) if decision else None,
        "legal_actions": legal_actions(state),
        "pending_bonuses": [dict(b) for b in state.pending_bonuses],
        "players": [_player_view(state, p) for p in state.players],
        "neutral": dict(state.neutral) if state.neutral else None,
        "board": {
            "centers": {c: {"worker_type": t, "workers": list(state.center_workers[c])} for c, t in state.centers.items()},
            "trade_centers": dict(state.trade_centers),
            "pieces": [{"owner": p.owner, "space": p.space, "kind": p.kind, "parts_factory": p.parts_factory}
                       for p in state.pieces],
            "satellites": dict(state.satellites), "headquarters": dict(state.headquarters),
            "local_markets": dict(state.local_markets),
            "prosperity_tokens": dict(state.prosperity_tokens), "region_tokens": dict(state.region_tokens),
            "leftover_region_tokens": list(state.leftover_region_tokens),
            "flag_stacks": {n: list(s) for n, s in state.flag_stacks.items()},
            "performance_tokens": list(state.performance_tokens),
            "global_market": {k: list(v) for k, v in sorted(state.global_market.items(), key=lambda kv: int(kv[0]))},
            "supply": {"goods": dict(state.supply_goods), "parts_factories": state.supply_parts_factories},
        },
        "edition": {"id": edition.document["edition"]["id"], "status": edition.document["edition"]["status"],
                    "content_hash": edition.content_hash,
                    "placeholder_patterns": [p for p, _, v in edition.provenance.patterns if v == "placeholder"]},
        "neutral_id": NEUTRAL if state.neutral else None,
        **_solo_view(state),
    }
    # issue 12: labels, cost/payoff, why not, the board as it lies, setup instructions
    return presentation(state, decision, result)


def _solo_view(state: GameState) -> dict:
    """solo (issue 7): the Automa's board and tiles, and its last turn as table instructions."""
    if state.solo is None:
        return {}
    section = solo_view(state)
    return {"solo": section, "automa_instructions": section["automa_instructions"]}
