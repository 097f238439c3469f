"""The public, JSON-ready view of a game (what a phone renders)."""
from __future__ import annotations

from functools import partial

from api.games.asian_tigers.decisions import current_decision
from api.games.asian_tigers.engine import legal_actions
from api.games.asian_tigers.management.era1 import round_marker
from api.games.asian_tigers.presentation.board import shared_inputs
from api.games.asian_tigers.presentation.cache import per_edition
from api.games.sections import Facts, Section, SectionMemo, assemble, cheap, items, lazy, whole
from api.games.asian_tigers.presentation.view_extras import pending_bonuses, presentation_sections, solo_view_in_words
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
    return assemble(view_sections(state))


def view_sections(state: GameState, memo: SectionMemo | None = None) -> list[Section]:
    """`view(state)` as sections (see `presentation.sections`), in the view's key order.

    With `memo`, the board model's parts are taken from it when their inputs were rendered
    before (in any game) and stored there when not; ``choices`` and ``legal_actions`` are
    rendered only when read (what is refused is asked apart: `presentation.refusals`).
    """
    decision = current_decision(state)
    edition = state.edition
    legal: list = []  # legal_actions(state), computed once when first read

    def legal_now() -> list:
        if not legal:
            legal.append(legal_actions(state))
        return legal[0]

    shared = shared_inputs(state)  # the state's containers, each compared and encoded once for the view
    out = [cheap(("era",), state.era), cheap(("phase",), state.phase), cheap(("over",), state.phase == "over"),
           cheap(("round_marker",), round_marker(state)), cheap(("player_count",), state.player_count),
           lazy(("options",), state.options, lambda: {k: v for k, v in state.options.items() if k != "setup"}),
           lazy(("turn_order",), state.turn_order, lambda: list(state.turn_order)),
           cheap(("current_seat",), decision["seat"] if decision else None),
           cheap(("decision",), dict(decision) if decision else None),
           whole(("legal_actions",), legal_now),
           lazy(("pending_bonuses",), state.pending_bonuses, lambda: pending_bonuses(state))]
    # A player's holdings and the board in codes are keyed by the state's own parts (encoded at C
    # speed), so the previous state's are compared without being rendered; what a move left alone is
    # the very same object (the engine's copy-on-write), not even encoded.
    at: dict = {}  # `state.gm_position` of everyone, in one pass
    for position, stack in state.global_market.items():
        for pid in stack:
            at.setdefault(pid, int(position))
    out += [lazy(("players", index), (p, at[p.id]), lambda p=p: _player_view(state, p))
            for index, p in enumerate(state.players)]
    out.append(lazy(("neutral",), shared["neutral"], lambda: dict(state.neutral) if state.neutral else None))
    out += [lazy(("board", name), shared[fields] if type(fields) is str else Facts([shared[f] for f in fields]),
                 partial(render, state)) if fields is not None else items(("board", name), state.pieces, render)
            for name, (fields, render) in _BOARD.items()]
    out += [lazy(("edition",), edition.content_hash, lambda: _edition(edition)),
            cheap(("neutral_id",), NEUTRAL if state.neutral else None)]
    if state.solo is not None:  # solo (issue 7): the Automa's board and tiles, its last turn as instructions
        solo, instructions = solo_view_in_words(state, solo_view(state))
        out += [cheap(("solo",), solo), cheap(("automa_instructions",), instructions)]
    # issue 12: labels, cost/payoff, why not, the board as it lies, setup instructions
    return out + presentation_sections(state, decision, legal_now, memo, shared)


def _global_market(state: GameState) -> dict:
    return {k: list(v) for k, v in sorted(state.global_market.items(), key=lambda kv: int(kv[0]))}


def _piece(piece) -> dict:
    return {"owner": piece.owner, "space": piece.space, "kind": piece.kind, "parts_factory": piece.parts_factory}


def _edition(edition) -> dict:
    return {"id": edition.document["edition"]["id"], "status": edition.document["edition"]["status"],
            "content_hash": edition.content_hash, "placeholder_patterns": list(_placeholder_patterns(edition))}


# The board in codes (machines join them with the labels document): per key, (the state's field it
# shows, or fields, as `shared_inputs` names; how it shows them).
_BOARD = {
    "centers": (("centers", "center_workers"),
                lambda s: {c: {"worker_type": t, "workers": list(s.center_workers[c])} for c, t in s.centers.items()}),
    "trade_centers": ("trade_centers", lambda s: dict(s.trade_centers)),
    # (None, how one item shows): the state's pieces, shown item by item (see `sections.items`)
    "pieces": (None, _piece),
    "satellites": ("satellites", lambda s: dict(s.satellites)),
    "headquarters": ("headquarters", lambda s: dict(s.headquarters)),
    "local_markets": ("local_markets", lambda s: dict(s.local_markets)),
    "prosperity_tokens": ("prosperity_tokens", lambda s: dict(s.prosperity_tokens)),
    "region_tokens": ("region_tokens", lambda s: dict(s.region_tokens)),
    "leftover_region_tokens": ("leftover_region_tokens", lambda s: list(s.leftover_region_tokens)),
    "flag_stacks": ("flag_stacks", lambda s: {n: list(x) for n, x in s.flag_stacks.items()}),
    "performance_tokens": ("performance_tokens", lambda s: list(s.performance_tokens)),
    "global_market": ("global_market", _global_market),
    "supply": (("supply_goods", "supply_parts_factories"),
               lambda s: {"goods": dict(s.supply_goods), "parts_factories": s.supply_parts_factories}),
}


@per_edition
def _placeholder_patterns(edition) -> list:
    return [p for p, _, v in edition.provenance.patterns if v == "placeholder"]


