"""Performance tokens: the $ set (funds) and the ¥ set (PERF-01..09).

A performance bonus names a set ($, ¥ or either).  The ``resolve_bonus``
action names the token and the token's own choices: a $ token the ``tigers`` raised
(PERF-03), a ¥ token the fields of `YEN_FIELDS` (Y6's second run is asked after).

`candidates` lists every combination worth checking and `check` judges one, so
the offered options and the refusals come from the same code.  A chosen token
leaves `state.performance_tokens` for everyone (PERF-01).
"""
from __future__ import annotations

from itertools import combinations

from api.games.asian_tigers.decisions import push_frame
from api.games.asian_tigers.errors import (ActionShapeError, IllegalActionError, and_list, either, joined, listed, msg,
                                           msg_n)
from api.games.asian_tigers.state import GameState, PlayerState
from api.games.asian_tigers.told import good_named, row_named, tiger_named, told
from api.games.asian_tigers.turn import market, region, satellites
from api.games.asian_tigers.turn.effects import advance_global_market, gain_goods, pay_resource, tiger_name

SET_NAMES = {"dollar": "$", "yen": "¥"}
BASE_FIELDS = {"kind", "decision", "bonus", "token"}
# The fields each ¥ effect takes besides the token.
YEN_FIELDS = {
    "global_market_per_distinct_flag": set(),
    "activate_leftover_region_bonuses": set(),
    "relocate_satellite": {"satellite", "space"},
    "relocate_special_flag": {"special_flag", "row"},
    "sale_without_worker": {"nation", "goods", "row"},
    "factory_production_for_energy": {"space"},
}


def token_set(state: GameState, token: str) -> str:
    """``dollar`` or ``yen``."""
    return "dollar" if token in state.edition.dollar_tokens else "yen"


def sets_for(bonus_set: str) -> tuple[str, ...]:
    """The sets a bonus may draw from (NBONUS-04: either)."""
    return ("dollar", "yen") if bonus_set == "either" else (bonus_set,)


def _yen_effect(state: GameState, token: str) -> tuple[str, tuple]:
    effect = state.edition.yen_tokens[token]
    return effect, state.edition.catalog["performance_yen_effects"][effect]["effects"]


def _expect(action: dict, allowed: set[str], what: str) -> None:
    extra = sorted(set(action) - BASE_FIELDS - allowed)
    if extra:
        raise ActionShapeError(msg("{what} takes {allowed}; unexpected: {extra}", what=what, extra=', '.join(extra),
                                   allowed=', '.join(sorted(allowed)) or msg("no further choice")),
                               code="unexpected_field", field=extra[0])


def dollar_scope(state: GameState, token: str) -> list[str]:
    """The Tigers a $ token may raise (DATA-15 areas or the named Tiger)."""
    scope = state.edition.dollar_tokens[token]["scope"]
    return list({"upper": state.edition.upper_area(), "lower": state.edition.lower_area()}.get(scope, [scope]))


def distinct_flags(player: PlayerState) -> int:
    """PERF-04 / AMB-30: distinct nations on the board plus one per special flag (in a row or the section)."""
    nations = {f.rsplit("-", 1)[0] for f in player.rows.values() if not f.startswith("special:")}
    specials = [f for f in player.rows.values() if f.startswith("special:")] + list(player.special_flags)
    return len(nations) + len(specials)


def own_factories(state: GameState, player: PlayerState) -> list[str]:
    """Spaces of `player`'s built factories."""
    return [p.space for p in state.pieces if p.owner == player.id and p.kind == "factory"]


# -- options -----------------------------------------------------------------------
def candidates(state: GameState, player: PlayerState, bonus_set: str) -> list[dict]:
    """Every (token, choices) combination worth checking for a bonus of `bonus_set`."""
    result = []
    for token in state.performance_tokens:
        if token_set(state, token) not in sets_for(bonus_set):
            continue
        if token in state.edition.dollar_tokens:
            scope = dollar_scope(state, token)
            sizes = range(1, len(scope) + 1) if state.edition.dollar_tokens[token]["choose"] == "one_or_both" else [1]
            result += [{"token": token, "tigers": list(c)} for n in sizes for c in combinations(scope, n)]
            continue
        effect, _ = _yen_effect(state, token)
        if effect == "relocate_satellite":
            result += [{"token": token, "satellite": s, "space": d} for s in satellites.own_satellites(state, player)
                       for d in satellites.all_satellite_spaces(state)]
        elif effect == "relocate_special_flag":
            result += [{"token": token, "special_flag": t, "row": r} for t in player.special_flags
                       for r in state.edition.rows]
        elif effect == "sale_without_worker":
            sales = market.sale_options(state, player, market.other_center_nations(state), "sale")
            result += [{"token": token, **{k: v for k, v in s.items() if k != "kind"}} for s in sales]
        elif effect == "factory_production_for_energy":
            result += [{"token": token, "space": s} for s in own_factories(state, player)]
        else:
            result.append({"token": token})
    return result


# -- checks ------------------------------------------------------------------------
def check(state: GameState, player: PlayerState, action: dict, bonus_set: str, rule: str) -> dict:
    """Validate a token and its choices for a bonus of `bonus_set`; returns the plan to apply."""
    token = action.get("token")
    known = list(state.edition.dollar_tokens) + list(state.edition.yen_tokens)
    if token not in known:
        raise ActionShapeError(msg("say which performance token to take (\"token\": one of {known})",
                                   known=', '.join(known)), code="token_required", field="token", rule="PERF-01")
    if token_set(state, token) not in sets_for(bonus_set):
        allowed = either([SET_NAMES[s] for s in sets_for(bonus_set)])
        raise IllegalActionError(msg("This bonus takes a token of the {allowed} set; {token} is a {set} token",
                                     allowed=allowed, token=token, set=SET_NAMES[token_set(state, token)]),
                                 code="wrong_token_set", rule=rule)
    if token not in state.performance_tokens:
        raise IllegalActionError(msg("Performance token {token} was already used; it is gone for everyone",
                                     token=token), code="token_used", rule="PERF-01")
    if token in state.edition.dollar_tokens:
        return _check_dollar(state, action, token)
    effect, specs = _yen_effect(state, token)
    _expect(action, YEN_FIELDS[effect], f"Token {token} ({effect.replace('_', ' ')})")
    plan = {"token": token, "effect": effect, "specs": specs}
    if effect == "relocate_satellite":  # PERF-06
        _, space = satellites.check_relocation(state, player, action.get("satellite"), action.get("space"))
        plan.update(satellite=action["satellite"], space=space)
    elif effect == "relocate_special_flag":  # PERF-07
        plan.update(_check_special_flag(state, player, action))
    elif effect == "sale_without_worker":  # PERF-08
        plan["sale"] = market.check_sale(state, player, action, market.other_center_nations(state))
    elif effect == "factory_production_for_energy":  # PERF-09
        plan["space"] = check_production(state, player, action.get("space"), specs[0]["cost"].get("energy", 0),
                                         exclude=None)
    return plan


def _check_dollar(state: GameState, action: dict, token: str) -> dict:
    """PERF-03: the Tigers raised are in the token's scope; one or both for an area token."""
    _expect(action, {"tigers"}, f"Token {token}")
    spec = state.edition.dollar_tokens[token]
    scope = dollar_scope(state, token)
    tigers = action.get("tigers")
    if not isinstance(tigers, list) or not tigers or not all(isinstance(t, str) for t in tigers):
        raise ActionShapeError(msg("say which Tigers gain the funds (\"tigers\": a list from {scope})",
                                   scope=', '.join(scope)), code="tigers_required", field="tigers", rule="PERF-03")
    if any(t not in state.edition.tigers for t in tigers):
        raise ActionShapeError(msg("unknown Tiger in {tigers}", tigers=str(tigers)), code="unknown_tiger",
                               field="tigers", rule="PERF-03")
    limit = len(scope) if spec["choose"] == "one_or_both" else 1
    if len(set(tigers)) != len(tigers) or len(tigers) > limit or any(t not in scope for t in tigers):
        names = and_list(tiger_name(state, t) for t in scope)
        what = msg("one or both of {names}", names=names) if limit > 1 else names
        raise IllegalActionError(msg("Token {token} raises the funds of {what} only", token=token, what=what),
                                 code="tiger_not_in_scope", rule="PERF-03")
    return {"token": token, "effect": "dollar", "tigers": [t for t in state.edition.tigers if t in tigers],
            "amount": spec["amount_per_tiger"]}


def _check_special_flag(state: GameState, player: PlayerState, action: dict) -> dict:
    """PERF-07 / AMB-24: a special flag of the section into an empty row accepting any flag."""
    tiger = action.get("special_flag")
    if tiger not in state.edition.special_flag_stars:
        raise ActionShapeError(msg("say which special flag moves (\"special_flag\": its Tiger, one of "
                                   "{tigers})", tigers=', '.join(state.edition.special_flag_stars)),
                               code="special_flag_required", field="special_flag", rule="PERF-07")
    if tiger not in player.special_flags:
        raise IllegalActionError(msg("The special flag of {tiger} is not in your special-flag section (yours: "
                                     "{yours})", tiger=tiger_name(state, tiger),
                                     yours=listed(player.special_flags)), code="no_special_flag",
                                 rule="PERF-07")
    row = action.get("row")
    if row not in state.edition.rows:
        raise ActionShapeError(msg("say which row takes the flag (\"row\": one of {rows})",
                                   rows=', '.join(state.edition.rows)), code="row_required", field="row",
                               rule="PERF-07")
    if state.edition.rows[row].accepts != "any":
        raise IllegalActionError(msg("Row {row} takes only flags of {accepts}; a special flag goes only to a row "
                                     "accepting any flag", row=row,
                                     accepts=joined(list(state.edition.rows[row].accepts), ", ")),
                                 code="row_not_for_special_flag", rule="AMB-24")
    if row in player.rows:
        raise IllegalActionError(msg("Row {row} already holds a flag", row=row), code="row_not_available",
                                 rule="FLAG-02")
    return {"special_flag": tiger, "row": row}


def check_production(state: GameState, player: PlayerState, space_id, energy: int, exclude: str | None) -> str:
    """PERF-09: one of your built factories (not `exclude`) and the energy to run it."""
    if not isinstance(space_id, str):
        raise ActionShapeError(msg("say which of your factories produces (\"space\", e.g. \"SK.F2\")"),
                               code="space_required", field="space", rule="PERF-09")
    if space_id not in own_factories(state, player):
        raise IllegalActionError(msg("{space_id} is not one of your built factories (yours: {yours})",
                                     space_id=space_id, yours=listed(own_factories(state, player))),
                                 code="not_your_factory", rule="PERF-09")
    if space_id == exclude:
        raise IllegalActionError(msg("The second run must use a different factory"), code="same_factory",
                                 rule="PERF-09")
    if player.energy < energy:
        raise IllegalActionError(msg("A production run costs {energy} energy; you have {have}", energy=energy,
                                     have=player.energy), code="cannot_afford_production", rule="PERF-09")
    return space_id


# -- effects -----------------------------------------------------------------------
def apply(state: GameState, player: PlayerState, plan: dict, reason: str, events: list[dict]) -> None:
    """Turn the token face down (PERF-01) and apply it."""
    token = plan["token"]
    state.performance_tokens.remove(token)
    effect = plan["effect"]
    why = f"performance token {token}"  # narrated as the token's effect (issue 33: said once)
    events.append({"kind": "performance_token_used", "participant": player.id, "token": token, "effect": effect,
                   **told(msg("{player} takes {token} — {reason}; it is gone for everyone", player=player.name,
                              token=why, reason=reason))})
    if effect == "dollar":
        for tiger in plan["tigers"]:
            events.append(raise_funds(state, player, tiger, plan["amount"], why))
    elif effect == "global_market_per_distinct_flag":
        spec = plan["specs"][0]
        count = distinct_flags(player)
        moved = advance_global_market(state, player.id, count * spec["amount_per_flag"], msg_n(
            "{token}, {count} distinct flag", "{token}, {count} distinct flags", "count", token=why, count=count))
        events.extend(moved or [{"kind": "global_market_unchanged", "participant": player.id,
                                 **told(msg("{player} has no flag yet: {token} moves nothing", player=player.name,
                                            token=why))}])
    elif effect == "activate_leftover_region_bonuses":  # PERF-05
        region.activate(state, player.id, [(t, None) for t in state.leftover_region_tokens], why)
    elif effect == "relocate_satellite":  # PERF-06
        satellites.relocate_satellite(state, player, plan["satellite"], plan["space"], events)
        region.activate_for_tiger(state, player.id, plan["space"].tiger, why)
    elif effect == "relocate_special_flag":  # PERF-07
        player.special_flags.remove(plan["special_flag"])
        player.rows[plan["row"]] = f"special:{plan['special_flag']}"
        events.append({"kind": "special_flag_moved", "participant": player.id, "tiger": plan["special_flag"],
                       "row": plan["row"],
                       **told(msg("{player} moves the special flag of {tiger} into {row}", player=player.name,
                                  tiger=tiger_named(state, plan["special_flag"]), row=row_named(state, plan["row"])))})
        market.queue_nation_bonus(state, player, plan["row"], events)
    elif effect == "sale_without_worker":  # PERF-08 / AMB-13: no worker, no GM movement
        market.make_sale(state, player, plan["sale"], events, msg(
            "a trade centre with {token} (no worker, no global-market advance)", token=why))
    elif effect == "factory_production_for_energy":  # PERF-09
        spec = plan["specs"][0]
        run_factory(state, player, plan["space"], spec["cost"].get("energy", 0), why, events)
        if "optional_second" in spec:
            push_frame(state, "second_production", ["second_production"], seat=player.id, first=plan["space"],
                       energy=spec["optional_second"]["cost"].get("energy", 0), reason=why)


def raise_funds(state: GameState, player: PlayerState, tiger: str, amount: int, reason: str) -> dict:
    """FUNDS-01 / AMB-16: funds rise up to 10; the rest is lost."""
    cap = state.edition.rules["investment_funds"]["max"]
    before = player.funds[tiger]
    player.funds[tiger] = min(cap, before + amount)
    gained = player.funds[tiger] - before
    values = dict(player=player.name, gained=gained, tiger=tiger_named(state, tiger), start=before,
                  end=player.funds[tiger], reason=reason)
    said = msg("{player} gains {gained} funds in {tiger} ({start} → {end}) — {reason}", **values) if gained >= amount \
        else msg("{player} gains {gained} funds in {tiger} ({start} → {end}) — {reason} ({lost} lost above the cap "
                 "of {cap})", **values, lost=amount - gained, cap=cap)
    return {"kind": "funds_gained", "participant": player.id, "tiger": tiger, "amount": gained, "requested": amount,
            **told(said)}


def run_factory(state: GameState, player: PlayerState, space_id: str, energy: int, reason: str,
                events: list[dict]) -> None:
    """AMB-34: a run costs its energy and yields the factory's normal production (2 goods)."""
    good = state.edition.space(space_id).good
    events.extend(pay_resource(player, "energy", energy, msg("production in the {good} factory on {space}",
                                                             good=good_named(good), space=space_id)))
    amount = state.edition.rules["factory_production_effect_goods"]
    events.extend(gain_goods(state, player, good, amount, msg("{reason}: production in the factory on {space}",
                                                              reason=reason, space=space_id)))


def second_production_options(state: GameState, decision: dict) -> list[dict]:
    """Every other own factory, if the energy is there, plus declining."""
    player = state.player(decision["seat"])
    options = []
    for space in own_factories(state, player):
        try:
            check_production(state, player, space, decision["energy"], decision["first"])
        except (IllegalActionError, ActionShapeError):
            continue
        options.append({"kind": "run_factory", "space": space})
    return options + [{"kind": "skip_second_production"}] if options else []


def run_second_factory(state: GameState, action: dict, events: list[dict]) -> None:
    """Pay 1 more energy for a run in a second factory (same or another Tiger)."""
    decision = state.decisions[-1]
    player = state.player(decision["seat"])
    space = check_production(state, player, action.get("space"), decision["energy"], decision["first"])
    run_factory(state, player, space, decision["energy"], msg("{reason}, second run", reason=decision["reason"]),
                events)


def skip_second_production(state: GameState, action: dict, events: list[dict]) -> None:
    """Decline the second run."""
    player = state.player(state.decisions[-1]["seat"])
    events.append({"kind": "second_production_skipped", "participant": player.id,
                   **told(msg("{player} does not run a second factory", player=player.name))})
