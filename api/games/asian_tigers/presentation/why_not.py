"""Why not: the candidates of the current decision that are not legal now (issue 12).

Each candidate is an answer a player could reach for at the table (every
investment and trade centre, every open space of the Tiger, every market, each
nation of the trade centre, each target of a waiting bonus).  Its refusal is
found by trying it through `engine.apply` itself — the very checks a real
answer meets — and capturing the `RulesError`, so the reason shown is word for
word the one the engine would give.  `apply` works on a copy; the state is
never changed.  A candidate the options list is legal and is not tried.

It is the costly part of a view, and a person looks at it only when they open "not available now",
so it is not part of `view.view`: the server answers `refusals` at ``GET /api/games/{id}/why-not``
and the offline phone's engine through `api.offline.table.why_not_json`.
"""
from __future__ import annotations

import json

from api.games.asian_tigers.decisions import current_decision
from api.games.asian_tigers.edition.load import CENTERS
from api.games.asian_tigers.engine import apply, legal_actions
from api.games.asian_tigers.errors import RulesError
from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.state import GameState
from api.games.asian_tigers.turn import bonuses, building, market
from api.games.messages import Message, msg


def refusals(state: GameState, lang: str = "en") -> dict:
    """``{decision_id, why_not}``: the current decision's id (None when there is none) and its refused
    candidates, ``[{action, label, label_message, reason: {message, message_message, code, rule}}]`` (see
    `why_not`); the messages name the components in `lang`, the edge says them in it."""
    decision = current_decision(state)
    if decision is None or state.phase == "over":
        return {"decision_id": None, "why_not": []}
    return {"decision_id": decision["id"], "why_not": why_not(state, decision, legal_actions(state), lang)}


def why_not(state: GameState, decision: dict | None, legal: list[dict], lang: str = "en") -> list[dict]:
    """``[{action, label, label_message, reason: {message, message_message, code, rule}}]`` for the refused
    candidates of `decision`: `label` and `message` English, their messages with names in `lang`."""
    if decision is None or state.phase == "over":
        return []
    finder = _CANDIDATES.get(decision["kind"])
    if finder is None:
        return []
    # A space with a legal build is never a "why not": its candidate is either offered as it is (a
    # generic piece from the first sector that has one) or, for a factory (named without its sector),
    # accepted just as the offered build with the factory's own sector is.
    built = {a["space"] for a in legal if a["kind"] == "build"}
    names = L.component_names(state.edition, lang)
    seen = {_key(a) for a in legal}
    entries = []
    for candidate in finder(state, decision):
        if candidate["kind"] == "build" and candidate["space"] in built:
            continue
        action = {**candidate, "decision": decision["id"]}
        key = _key(action)
        if key in seen:
            continue
        seen.add(key)
        reason = refusal(state, action, names)
        if reason is not None:
            label = candidate_message(state, decision, action)
            entries.append({"action": action, "label": str(label), **({"label_message": named_in(
                label.as_json(), names)} if isinstance(label, Message) else {}), "reason": reason})
    return entries


def refusal(state: GameState, action: dict, names: dict | None = None) -> dict | None:
    """What `apply` raises for `action` ({message, message_message, code, rule}), or None if it would apply
    (`names`: `labels.component_names` the message names things with)."""
    try:
        apply(state, action)
    except RulesError as exc:  # message_message: the message, said in the reader's language at the edge
        return {"message": exc.message, "message_message": exc.text and named_in(exc.text.as_json(), names or {}),
                "code": exc.code, "rule": exc.rule}
    return None


def named_in(value, names: dict):
    """A message as JSON with each component name value (``{"name": [family, code, text]}``) as its name in
    `names` (else its text): plain text any renderer says, the phone's `localize()` as the server."""
    if isinstance(value, dict):
        if set(value) == {"name"}:
            family, code, text = value["name"]
            return names.get(family, {}).get(code, text)
        return {key: named_in(item, names) for key, item in value.items()}
    return [named_in(item, names) for item in value] if isinstance(value, list) else value


def _key(action: dict) -> str:
    """The action as JSON with sorted keys, to compare answers (all answer the current decision)."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


# -- candidates per decision kind ------------------------------------------------------
def _placements(state: GameState, decision: dict) -> list[dict]:
    """Every centre for each worker (the team's next one: unnamed)."""
    player = state.player(state.turn_order[state.turn_index])
    workers = [None] if player.team is not None else list(state.edition.worker_types)
    centers = [f"{t}.{c}" for t in state.edition.tigers for c in CENTERS] + list(state.trade_centers)
    return [{"kind": "place_worker", "center": c, **({"worker": w} if w else {})} for w in workers for c in centers]


def _generic_sector(state: GameState, decision: dict) -> str:
    player = state.player(decision["seat"])
    return next((s for s, v in player.sectors.items() if v["generic"] > 0), next(iter(player.sectors)))


def _builds(state: GameState, decision: dict) -> list[dict]:
    """A build on every open space of the Tiger a centre builds on (a generic piece from a sector that has one)."""
    sector = _generic_sector(state, decision)
    return [{"kind": "build", "space": space.id, **({} if space.kind == "factory" else {"sector": sector})}
            for space in state.edition.tigers[decision["tiger"]].spaces.values()
            if space.kind in building.BUILDABLE_FROM_CENTER and building.is_open(state, space)]


def _local_sales(state: GameState, decision: dict) -> list[dict]:
    return [{"kind": "sell_local", "market": m} for m in state.edition.tigers[decision["tiger"]].local_markets]


def _university(state: GameState, decision: dict) -> list[dict]:
    university = state.edition.space(decision["space"])
    tiger = university.tiger
    sector = _generic_sector(state, decision)
    out = [{"kind": "build_department", "space": s.id, "sector": sector}
           for s in state.edition.tigers[tiger].spaces.values() if s.kind == "department" and building.is_open(state, s)]
    if "parts_factory" in university.additional_actions:  # BUILD-PARTS-01: under one of your factories (issue 33)
        own = [p.space for p in state.pieces if p.owner == decision["seat"] and p.kind == "factory"]
        factories = [s.id for s in state.edition.tigers[tiger].spaces.values() if s.kind == "factory"]
        out += [{"kind": "attach_parts_factory", "space": sid} for sid in (own or factories[:1])]
    return out


def _sales(state: GameState, decision: dict) -> list[dict]:
    frame = state.frames[decision["frame"]]
    return _sale_candidates(state, decision, market.nations_at(state, frame["trade_center"]), "sell_to_nation")


def _special_sales(state: GameState, decision: dict) -> list[dict]:
    return _sale_candidates(state, decision, market.other_center_nations(state), "special_sale")


def _sale_candidates(state: GameState, decision: dict, nations: list[str], kind: str) -> list[dict]:
    """One sale per nation: its demand (or the goods at hand), the first open accepting row."""
    player = state.player(decision["seat"])
    out = []
    for code in nations:
        nation = state.edition.nations[code]
        if nation.demand_goods is not None:
            goods = sorted(nation.demand_goods)
        else:
            held = sorted(g for g, n in player.goods.items() if n >= 1)
            goods = (held + [g for g in state.edition.goods if g not in held])[:nation.demand_any_different]
        rows = market.empty_rows_for(state, player, code) or [
            r.id for r in state.edition.rows.values() if r.accepts_nation(code)]
        if rows:
            out.append({"kind": kind, "nation": code, "goods": goods, "row": rows[0]})
    return out


def _bonuses(state: GameState, decision: dict) -> list[dict]:
    out = []
    for pending in state.pending_bonuses:
        if pending["seat"] != decision["seat"]:
            continue
        effect = bonuses.entry(state, pending)["effects"][0]
        if effect["do"] in ("advance_influence", "build_headquarters", "build_satellite", "build_factory"):
            out += [{"kind": "resolve_bonus", "bonus": pending["id"], **c}
                    for c in bonuses.candidates(state, state.player(pending["seat"]), pending)]
    return out


_CANDIDATES = {
    "choose_placement": _placements, "choose_build": _builds, "choose_local_sale": _local_sales,
    "choose_university_action": _university, "choose_sale": _sales, "choose_bonus": _bonuses,
    "choose_special_trade": _special_sales,
}


# -- labels of refused candidates (no check runs: they would raise) ---------------------------
def candidate_message(state: GameState, decision: dict, action: dict):
    """A human label for a candidate that is not legal now, as a message (`str`: English)."""
    edition, keep = state.edition, L.keep
    kind = action["kind"]
    if kind == "place_worker":
        return L.center_label(edition, action["center"], "en", keep)
    if kind in ("build", "build_department"):
        return L.space_label(edition, edition.space(action["space"]), "en", keep)
    if kind == "attach_parts_factory":
        return msg("A parts factory under {space}", space=L.space_label(edition, edition.space(action["space"]), "en", keep))
    if kind == "sell_local":
        return L.market_label(edition, action["market"], "en", keep)
    if kind in ("sell_to_nation", "special_sale"):
        return msg("Sell to {nation}", nation=L.named(edition, "nations", action["nation"]))
    if kind == "resolve_bonus":
        pending = next(b for b in state.pending_bonuses if b["id"] == action["bonus"])
        bonus = L.bonus_label(edition, pending["bonus"], f"{pending['type']}_bonuses", keep)
        if "tiger" in action:
            return msg("“{bonus}” on {tiger}", bonus=bonus, tiger=L.named(edition, "tigers", action["tiger"]))
        space = action.get("space", "")
        tiger = edition.tigers.get(space.split(".")[0])
        if tiger and space in tiger.satellite_spaces:
            return msg("“{bonus}” on {space}", bonus=bonus, space=L.satellite_space_label(edition, space, "en", keep))
        if tiger and space in tiger.spaces:
            return msg("“{bonus}” on {space}", bonus=bonus, space=L.space_label(edition, edition.space(space), "en", keep))
        return msg("“{bonus}”", bonus=bonus)
    return kind.replace("_", " ")
