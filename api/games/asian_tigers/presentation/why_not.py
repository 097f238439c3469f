"""Why not: the candidates of the current decision that are not legal now (issue 12).

Each candidate is an answer a player could reach for at the table (every
investment and trade centre, every open space of the Tiger, every market, each
nation of the trade centre, each target of a waiting bonus).  Its refusal is
found by trying it through `engine.apply` itself — the same validation path a
real answer takes — and capturing the `RulesError`, so the reason shown is
word for word the one the engine would give.  `apply` works on a copy; the
state is never changed.

Most candidates never need a copy: every handler they reach starts with a
check that reads the state and changes nothing (`check_place_worker`,
`check_space`, `check_sale` … — the ones `options.describe_choice` reads
costs from), and `apply` raises whatever that check raises, humanized.  So
each candidate's first check runs on the state itself (`_FIRST_CHECKS`); only
a candidate it lets through is tried through `apply`.  Those trials share one
copy: a refused candidate almost never changes it, and the copy is compared
with the state after each refusal (a dataclass ``==``) and made again only
if it changed or a candidate was accepted, so each trial starts from a copy
equal to the state, as `refusal` would.

Two first checks are not even run (issue 18).  A placement's was run already:
listing the options judged every centre for each possible worker and kept each
refusal as data (`placement.judged_placement`), which `check_place_worker`
would raise again; it is read instead.  A build on an ordinary space is
refused for the same few reasons move after move (built, out of reach, a
university from centre C): its first check is remembered by everything
`check_space` reads for it (`_build_first_check`).  The brute-force tests
check all of it against `refusal` for every candidate of 200 random games.
"""
from __future__ import annotations

import json

try:
    import orjson
except ImportError:  # the offline phone (Pyodide) may run without it
    orjson = None

from api.games.asian_tigers.decision_table import ANSWERS
from api.games.asian_tigers.edition.load import CENTERS
from api.games.asian_tigers.engine import apply, apply_on_copy
from api.games.asian_tigers.errors import ActionShapeError, RulesError
from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.presentation.cache import per_edition
from api.games.asian_tigers.presentation.text import humanize, humanize_error
from api.games.asian_tigers.state import GameState
from api.games.asian_tigers.turn import bonuses, building, market, placement


def why_not(state: GameState, decision: dict | None, legal: list[dict]) -> list[dict]:
    """``[{action, label, reason: {message, code, rule}}]`` for the refused candidates of `decision`."""
    if decision is None or state.phase == "over":
        return []
    finder = _CANDIDATES.get(decision["kind"])
    if finder is None:
        return []
    # A space with a legal build is never a "why not": its candidate is either offered as it is (a
    # generic piece from the first sector that has one) or, for a factory (named without its sector),
    # accepted just as the offered build with the factory's own sector is.  Trying it would play a
    # whole build to find that out.
    built = {a["space"] for a in legal if a["kind"] == "build"}
    # So a build candidate left is never offered: the offered answers are encoded (one C call each; a
    # choose_build offers dozens) only when another kind of candidate comes.
    offered: set | None = None
    entries, seen = [], set()
    trials = _Trials(state)
    decision_id = decision["id"]
    judged_placements = decision["kind"] == "choose_placement" and state.edition is not None  # see the docstring
    names = tuple(p.name for p in state.players) if decision["kind"] == "choose_build" else None
    for candidate in finder(state, decision):
        kind = candidate["kind"]
        if kind == "build" and candidate["space"] in built:
            continue
        if judged_placements:
            judged = placement.judged_placement(state, candidate)
            if type(judged) is int:  # offered (the options list every placement judged legal)
                continue
            if judged is not None:  # candidates are distinct centres and workers: none was seen before
                entries.append(_judged_entry(state, decision_id, candidate, judged))
                continue
        action = {**candidate, "decision": decision_id}
        if names is not None and kind == "build" and "sector" in candidate:
            # one candidate per space: none was seen before, and none is offered (see `built`)
            reason, label = _build_first_check(state, decision, action, names)
            if reason is _PASSED:
                reason = trials.refusal(action)
            elif reason is not None:
                reason = {"message": reason[0], "code": reason[1], "rule": reason[2]}
            if reason is not None:
                entries.append({"action": action, "label": label, "reason": reason})
            continue
        key = _key(action)
        if key in seen:
            continue
        if kind != "build":
            if offered is None:
                offered = {_key(a) for a in legal}
            if key in offered:
                continue
        seen.add(key)
        reason = _first_check(state, decision, action)
        if reason is _PASSED:
            reason = trials.refusal(action)
        if reason is not None:
            entries.append({"action": action, "label": candidate_label(state, decision, action), "reason": reason})
    return entries


def refusal(state: GameState, action: dict) -> dict | None:
    """What `apply` raises for `action` ({message, code, rule}), or None if it would apply."""
    try:
        apply(state, action)
    except RulesError as exc:
        return {"message": exc.message, "code": exc.code, "rule": exc.rule}
    return None


class _Trials:
    """`refusal` for several candidates on one state, sharing one copy while it stays equal to the state."""

    def __init__(self, state: GameState):
        self.state = state
        self.scratch: GameState | None = None

    def refusal(self, action: dict) -> dict | None:
        """What `refusal(state, action)` answers."""
        scratch, self.scratch = self.scratch or self.state.clone(), None
        try:
            apply_on_copy(self.state, action, scratch)
        except RulesError as exc:
            if scratch == self.state:  # untouched (the usual case): the next candidate starts from it
                self.scratch = scratch
            return {"message": exc.message, "code": exc.code, "rule": exc.rule}
        return None


def _key(action: dict) -> bytes:
    """The action as JSON with sorted keys, to compare answers (one C call each; a dozen dozen per view).

    Every action compared answers the current decision, so its decision id is the same in all
    and may stay in the key.
    """
    if orjson is not None:
        return orjson.dumps(action, option=orjson.OPT_SORT_KEYS)
    return json.dumps(action, sort_keys=True, separators=(",", ":")).encode()


# -- the first check each handler runs (see the module docstring) ------------------------
_PASSED = object()


def _first_check(state: GameState, decision: dict, action: dict):
    """The refusal `apply` gives when the handler's first check refuses `action`; `_PASSED` when it does not.

    Run on the state itself: these checks only read.  `apply` checks the action's shape and
    decision first: candidates are well formed and answer the current decision; a kind the
    decision does not take is left to the trial.
    """
    check = _FIRST_CHECKS.get(action["kind"])
    if check is None or action["kind"] not in ANSWERS[decision["kind"]]:
        return _PASSED
    try:
        check(state, decision, action)
    except RulesError as exc:  # what `apply_on_copy` does with it, word for word
        if state.edition is not None and not isinstance(exc, ActionShapeError):
            humanize_error(state.edition, state.player_count, exc)
        return {"message": exc.message, "code": exc.code, "rule": exc.rule}
    except Exception:  # the trial through `apply` decides (and fails) exactly as the move would
        return _PASSED
    return _PASSED


def _judged_entry(state: GameState, decision_id, candidate: dict, judged: tuple) -> dict:
    """The entry of a placement candidate refused as `placement_options` judged it."""
    error, message, code, rule, _details = judged
    label, message, code = _judged_words(state.edition, state.player_count, candidate["center"], error, message, code)
    return {"action": {**candidate, "decision": decision_id}, "label": label,
            "reason": {"message": message, "code": code, "rule": rule}}


@per_edition
def _judged_words(edition, player_count: int, center: str, error: type, message: str, code: str | None) -> tuple:
    """(label, message, code) of a placement refused by the judged `error`, as `_first_check` words it."""
    if not issubclass(error, ActionShapeError):
        message = humanize(edition, player_count, message)
    return L.center_label(edition, center), message, code or error.default_code


def _build_first_check(state: GameState, decision: dict, action: dict, names: tuple) -> tuple:
    """(`_first_check`'s reason as (message, code, rule), or `_PASSED`; the label) of a choose_build's
    candidate on a non-factory space, remembered by everything that check reads.

    `building.check_space` reads there the space (the edition's), the decision's Tiger and centre,
    the player count, who built the space if anyone (and so the player names: `names`), and whether
    the candidate's sector is the player's and holds a generic piece; the words, the edition and the
    player count.  Most refusals (a space built, out of reach, a university from centre C) recur
    move after move, and raising and wording them anew costs several times the look-up.
    """
    space_id, sector = action["space"], action["sector"]
    occupant = state.occupancy.get(space_id)
    content = state.peek_player(decision["seat"]).sectors.get(sector)
    key = (state.edition.content_hash, state.player_count, decision["kind"], decision["tiger"], decision["center"],
           space_id, None if occupant is None else state.pieces[occupant].owner, names, sector,
           None if content is None else content["generic"] >= 1)
    known = _BUILD_CHECKS.get(key)
    if known is None:
        if len(_BUILD_CHECKS) >= _BUILD_CHECKS_MAX:
            _BUILD_CHECKS.clear()
        reason = _first_check(state, decision, action)
        if reason is not _PASSED:
            reason = (reason["message"], reason["code"], reason["rule"])
        known = _BUILD_CHECKS[key] = (reason, candidate_label(state, decision, action))
    return known


# (edition hash, what the first check of a build candidate reads) -> (reason or _PASSED, label)
_BUILD_CHECKS: dict = {}
_BUILD_CHECKS_MAX = 8192


def _check_build(state: GameState, decision: dict, action: dict) -> None:
    building.check_space(state, state.peek_player(decision["seat"]), action.get("space"), action.get("sector"),
                         decision["center"], building.BUILDABLE_FROM_CENTER, decision["tiger"])


def _check_sale(state: GameState, decision: dict, action: dict) -> None:
    market.check_sale(state, state.peek_player(decision["seat"]), action,
                      market.open_nations(state, state.frames[decision["frame"]]))


def _check_special_sale(state: GameState, decision: dict, action: dict) -> None:
    market.check_sale(state, state.peek_player(decision["seat"]), action, market.other_center_nations(state))


def _check_bonus(state: GameState, decision: dict, action: dict) -> None:
    pending = bonuses.pending_bonus(state, action.get("bonus"))
    if pending["seat"] != decision["seat"]:
        return  # refused by the handler itself: left to the trial
    bonuses.check(state, pending, action)


# Each mirrors the start of its handler (placement.place_worker, building.build, placement.sell_local,
# market.sell_to_nation / special_sale, bonuses.resolve_bonus) up to and including its first check.
_FIRST_CHECKS = {
    "place_worker": lambda state, decision, action: placement.check_place_worker(state, action),
    "build": _check_build,
    "sell_local": lambda state, decision, action: placement.check_local_sale(state, decision, action.get("market")),
    "sell_to_nation": _check_sale,
    "special_sale": _check_special_sale,
    "resolve_bonus": _check_bonus,
}


# -- candidates per decision kind ------------------------------------------------------
def _placements(state: GameState, decision: dict) -> tuple[dict, ...]:
    player = state.peek_player(state.turn_order[state.turn_index])
    return _placement_candidates(state.edition, player.team is not None, tuple(state.trade_centers))


@per_edition
def _placement_candidates(edition, team: bool, trade_centers: tuple) -> tuple[dict, ...]:
    """Every centre for each worker (the team's next one: unnamed), shared: never change them."""
    workers = [None] if team else list(edition.worker_types)
    centers = [f"{t}.{c}" for t in edition.tigers for c in CENTERS] + list(trade_centers)
    return tuple({"kind": "place_worker", "center": c, **({"worker": w} if w else {})}
                 for w in workers for c in centers)


def _generic_sector(state: GameState, decision: dict) -> str:
    player = state.peek_player(decision["seat"])
    return next((s for s, v in player.sectors.items() if v["generic"] > 0), next(iter(player.sectors)))


def _builds(state: GameState, decision: dict) -> tuple[dict, ...]:
    return _build_candidates(state.edition, decision["tiger"], state.player_count, _generic_sector(state, decision))


@per_edition
def _build_candidates(edition, tiger: str, player_count: int, sector: str) -> tuple[dict, ...]:
    """A build on every open space of `tiger` a centre builds on (a generic piece from `sector`), in the
    edition's order; shared: never change them."""
    return tuple({"kind": "build", "space": space.id, **({} if space.kind == "factory" else {"sector": sector})}
                 for space in edition.tigers[tiger].spaces.values()
                 if space.kind in building.BUILDABLE_FROM_CENTER and space.min_players <= player_count)  # `is_open`


def _local_sales(state: GameState, decision: dict) -> list[dict]:
    return [{"kind": "sell_local", "market": m} for m in state.edition.tigers[decision["tiger"]].local_markets]


def _university(state: GameState, decision: dict) -> list[dict]:
    tiger = state.edition.space(decision["space"]).tiger
    sector = _generic_sector(state, decision)
    return [{"kind": "build_department", "space": s.id, "sector": sector}
            for s in state.edition.tigers[tiger].spaces.values() if s.kind == "department" and building.is_open(state, s)]


def _sales(state: GameState, decision: dict) -> list[dict]:
    frame = state.frames[decision["frame"]]
    return _sale_candidates(state, decision, market.nations_at(state, frame["trade_center"]), "sell_to_nation")


def _special_sales(state: GameState, decision: dict) -> list[dict]:
    return _sale_candidates(state, decision, market.other_center_nations(state), "special_sale")


def _sale_candidates(state: GameState, decision: dict, nations: list[str], kind: str) -> list[dict]:
    """One sale per nation: its demand (or the goods at hand), the first open accepting row."""
    player = state.peek_player(decision["seat"])
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
                    for c in bonuses._candidates(state, state.peek_player(pending["seat"]), pending)]
    return out


_CANDIDATES = {
    "choose_placement": _placements, "choose_build": _builds, "choose_local_sale": _local_sales,
    "choose_university_action": _university, "choose_sale": _sales, "choose_bonus": _bonuses,
    "choose_special_trade": _special_sales,
}


# -- labels of refused candidates (no check runs: they would raise) ---------------------------
def candidate_label(state: GameState, decision: dict, action: dict) -> str:
    """A human label for a candidate that is not legal now."""
    edition = state.edition
    kind = action["kind"]
    if kind == "place_worker":
        return L.center_label(edition, action["center"])
    if kind in ("build", "build_department"):
        return L.space_label(edition, edition.space(action["space"]))
    if kind == "sell_local":
        return L.market_label(edition, action["market"])
    if kind in ("sell_to_nation", "special_sale"):
        return f"Sell to {edition.nations[action['nation']].name}"
    if kind == "resolve_bonus":
        pending = next(b for b in state.pending_bonuses if b["id"] == action["bonus"])
        label = L.bonus_label(edition, pending["bonus"], f"{pending['type']}_bonuses")
        if "tiger" in action:
            return f"“{label}” on {edition.tigers[action['tiger']].name}"
        space = action.get("space", "")
        tiger = edition.tigers.get(space.split(".")[0])
        if tiger and space in tiger.satellite_spaces:
            return f"“{label}” on {L.satellite_space_label(edition, space)}"
        if tiger and space in tiger.spaces:
            return f"“{label}” on {L.space_label(edition, edition.space(space))}"
        return f"“{label}”"
    return kind.replace("_", " ")


__all__ = ["why_not", "refusal", "candidate_label"]
