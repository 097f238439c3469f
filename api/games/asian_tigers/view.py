"""The public, JSON-ready view of a game (what a phone renders), built whole from the state."""
from __future__ import annotations

from api.games.asian_tigers.decisions import current_decision
from api.games.asian_tigers.engine import legal_actions
from api.games.asian_tigers.management.era1 import round_marker
from api.games.asian_tigers.presentation.cache import per_edition
from api.games.asian_tigers.presentation.labels import in_language
from api.games.asian_tigers.presentation.view_extras import pending_bonuses, presentation, solo_view_in_words
from api.games.asian_tigers.solo.session import solo_view
from api.games.asian_tigers.state import NEUTRAL, GameState
from api.games.messages import ENGLISH, Language, say


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


# The parts of the view that hold no message (the board in codes and as it lies): `say` skips them.
PLAIN = ("board_model", "board", "players", "legal_actions", "decision", "options", "edition", "neutral")


def view(state: GameState, language: Language | None = ENGLISH) -> dict:
    """Everything a table needs: whose turn, the question asked, its legal answers, the board; its words
    said in `language` (English), or left as messages (`None`) for the edge to say in the reader's language.
    Rendered whole every time; the web layer sends a move's answer as the JSON-patch difference from the
    previous view (`api.web.patch.diff`).
    """
    decision = current_decision(state)
    legal = legal_actions(state)
    out = {
        "era": state.era, "phase": state.phase, "over": state.phase == "over",
        "round_marker": round_marker(state), "player_count": state.player_count,
        "options": {k: v for k, v in state.options.items() if k != "setup"},
        "turn_order": list(state.turn_order),
        "current_seat": decision["seat"] if decision else None,
        "decision": dict(decision) if decision else None,
        "legal_actions": legal,
        "pending_bonuses": pending_bonuses(state),
        "players": [_player_view(state, p) for p in state.players],
        "neutral": dict(state.neutral) if state.neutral else None,
        "board": {name: render(state) for name, render in _BOARD.items()},
        "edition": _edition(state.edition),
        "neutral_id": NEUTRAL if state.neutral else None,
    }
    if state.solo is not None:  # solo (issue 7): the Automa's board and tiles, its last turn as instructions
        out["solo"], out["automa_instructions"] = solo_view_in_words(state, solo_view(state))
    # issue 12: labels, cost/payoff, the board as it lies, setup instructions
    out.update(presentation(state, decision, legal))
    return out if language is None else say(out, in_language(state.edition, language), plain=PLAIN)


def _edition(edition) -> dict:
    return {"id": edition.document["edition"]["id"], "status": edition.document["edition"]["status"],
            "content_hash": edition.content_hash, "placeholder_patterns": list(_placeholder_patterns(edition))}


# The board in codes (machines join them with the labels document).
_BOARD = {
    "centers": lambda s: {c: {"worker_type": t, "workers": list(s.center_workers[c])} for c, t in s.centers.items()},
    "trade_centers": lambda s: dict(s.trade_centers),
    "pieces": lambda s: [{"owner": p.owner, "space": p.space, "kind": p.kind, "parts_factory": p.parts_factory}
                         for p in s.pieces],
    "satellites": lambda s: dict(s.satellites),
    "headquarters": lambda s: dict(s.headquarters),
    "local_markets": lambda s: dict(s.local_markets),
    "prosperity_tokens": lambda s: dict(s.prosperity_tokens),
    "region_tokens": lambda s: dict(s.region_tokens),
    "leftover_region_tokens": lambda s: list(s.leftover_region_tokens),
    "flag_stacks": lambda s: {n: list(x) for n, x in s.flag_stacks.items()},
    "performance_tokens": lambda s: list(s.performance_tokens),
    "global_market": lambda s: {k: list(v) for k, v in sorted(s.global_market.items(), key=lambda kv: int(kv[0]))},
    "supply": lambda s: {"goods": dict(s.supply_goods), "parts_factories": s.supply_parts_factories},
}


@per_edition
def _placeholder_patterns(edition) -> list:
    return [p for p, _, v in edition.provenance.patterns if v == "placeholder"]
