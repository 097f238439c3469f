"""Resolving unlocked bonuses: infrastructure (IBONUS-*) and nation (NBONUS-*) bonuses.

A pending bonus {id, seat, source, bonus, type} waits in `state.pending_bonuses`
(CASCADE-03).  ``resolve_bonus`` names it and the choices its effect needs (`FIELDS`; a
performance bonus: the token and its choices, see `performance`).  The catalogue entry of the
bonus supplies amounts, costs and whether a region bonus follows; follow-up questions (region
bonus, second ¥ production) run as frames above the looping decision, and bonuses the effect
unlocks join the queue (CASCADE-01..04).
"""
from __future__ import annotations

from api.games.asian_tigers.decisions import repeat
from api.games.asian_tigers.errors import ActionShapeError, IllegalActionError, RulesError, either, msg, msg_n
from api.games.asian_tigers.state import GameState, Piece, PlayerState
from api.games.asian_tigers.told import bonus_named, row_named, tiger_named, told
from api.games.asian_tigers.turn import building, performance, region, satellites
from api.games.asian_tigers.turn.effects import advance_global_market, advance_influence, gain_resource

# The catalogue rule of each (type, bonus): refusals cite it (a bonus not listed: its family's rule).
RULES = {
    ("infrastructure", "parts_factory_free"): "IBONUS-05", ("infrastructure", "performance_dollar"): "IBONUS-06",
    ("infrastructure", "performance_yen"): "IBONUS-07", ("infrastructure", "headquarters"): "IBONUS-08",
    ("infrastructure", "influence_upper_3"): "IBONUS-09", ("infrastructure", "influence_lower_3"): "IBONUS-10",
    ("infrastructure", "influence_any_5"): "IBONUS-11", ("infrastructure", "influence_any_7"): "IBONUS-12",
    ("infrastructure", "satellite_laboratory"): "IBONUS-13", ("infrastructure", "satellite_power_plant"): "IBONUS-14",
    ("infrastructure", "satellite_factory"): "IBONUS-15", ("infrastructure", "satellite_any"): "IBONUS-16",
    ("nation", "parts_factory_for_energy"): "NBONUS-01", ("nation", "build_factory_b_or_c"): "NBONUS-02",
    ("nation", "remove_generic"): "NBONUS-03", ("nation", "performance_either"): "NBONUS-04",
    ("nation", "influence_upper_3"): "NBONUS-05", ("nation", "influence_lower_3"): "NBONUS-06",
    ("nation", "global_market_3"): "NBONUS-07", ("nation", "energy_2"): "NBONUS-08",
    ("nation", "science_2"): "NBONUS-09",
}
# The fields each effect verb takes besides kind, bonus and decision: an own factory's ``space`` (parts factory),
# the ``tiger`` (headquarters; influence, whose funds are paid there, IBONUS-04), a satellite ``space`` (its Tiger
# pays the funds), a column-B/C factory ``space`` (NBONUS-02), a player-board ``sector`` (NBONUS-03).
FIELDS = {"parts_factory": {"space"}, "build_headquarters": {"tiger"}, "advance_influence": {"tiger"},
          "build_satellite": {"space"}, "build_factory": {"space"}, "remove_generic": {"sector"},
          "advance_global_market": set(), "gain": set()}


def entry(state: GameState, pending: dict) -> dict:
    """The catalogue entry of a pending bonus ({cost, effects})."""
    group = "infrastructure_bonuses" if pending["type"] == "infrastructure" else "nation_bonuses"
    return state.edition.catalog[group][pending["bonus"]]


# A bonus's code word in a refusal, in the reader's language (issue 37); English is the code in words, as
# refusals always said it (the English text then names it by its label, `presentation.text.humanize`).
BONUS_NAMES = {
    "parts_factory_free": msg("parts factory free"), "performance_dollar": msg("performance dollar"),
    "performance_yen": msg("performance yen"), "headquarters": msg("headquarters"),
    "influence_upper_3": msg("influence upper 3"), "influence_lower_3": msg("influence lower 3"),
    "influence_any_5": msg("influence any 5"), "influence_any_7": msg("influence any 7"),
    "satellite_laboratory": msg("satellite laboratory"), "satellite_power_plant": msg("satellite power plant"),
    "satellite_factory": msg("satellite factory"), "satellite_any": msg("satellite any"),
    "parts_factory_for_energy": msg("parts factory for energy"), "build_factory_b_or_c": msg("build factory b or c"),
    "remove_generic": msg("remove generic"), "performance_either": msg("performance either"),
    "global_market_3": msg("global market 3"), "energy_2": msg("energy 2"), "science_2": msg("science 2"),
}


def bonus_name(bonus: str):
    """A bonus's code word (a message where the catalogue has it; an edition's own bonus: its code in words)."""
    return BONUS_NAMES.get(bonus, bonus.replace("_", " "))


def describe(state: GameState, pending: dict, capital: bool = False):
    """``the headquarters bonus (sector S5)`` (a message; `capital`: ``The …``, "s5" as str.capitalize said it)."""
    kind, where = pending["source"].split(":")
    said = dict(bonus=bonus_name(pending["bonus"]), where=where.lower() if capital else where)
    if kind == "sector":
        return msg("The {bonus} bonus (sector {where})", **said) if capital else msg(
            "the {bonus} bonus (sector {where})", **said)
    return msg("The {bonus} bonus (row {where})", **said) if capital else msg("the {bonus} bonus (row {where})", **said)


def told_source(state: GameState, pending: dict):
    """`describe` for a log line: the bonus by its effect and where it was unlocked, as narration says it."""
    kind, where = pending["source"].split(":")
    bonus = bonus_named(state, pending["bonus"])
    if kind == "sector":
        return msg("the “{bonus}” bonus (sector {sector})", bonus=bonus, sector=where.lstrip("S"))
    return msg("the “{bonus}” bonus ({row})", bonus=bonus, row=row_named(state, where))


# -- options ----------------------------------------------------------------------
def candidates(state: GameState, player: PlayerState, pending: dict) -> list[dict]:
    """Every choice worth checking for `pending` (the check decides which are legal)."""
    effect = entry(state, pending)["effects"][0]
    verb = effect["do"]
    if verb == "parts_factory":
        return [{"space": p.space} for p in state.pieces if p.owner == player.id and p.kind == "factory"]
    if verb in ("build_headquarters", "advance_influence"):
        return [{"tiger": t} for t in state.edition.tigers]
    if verb == "build_satellite":
        return [{"space": s} for s in satellites.all_satellite_spaces(state)]
    if verb == "build_factory":
        return [{"space": s.id} for t in state.edition.tigers.values() for s in t.spaces.values()
                if s.kind == "factory" and s.column in effect["columns"]]
    if verb == "remove_generic":
        return [{"sector": s} for s in player.sectors]
    if verb == "performance_bonus":
        return performance.candidates(state, player, effect["set"])
    return [{}]


def resolve_options(state: GameState, pending: dict) -> list[dict]:
    """Every legal way to resolve `pending` now; none when it cannot be used (it may still be ignored)."""
    options = []
    for choice in candidates(state, state.player(pending["seat"]), pending):
        action = {"kind": "resolve_bonus", "bonus": pending["id"], **choice}
        try:
            check(state, pending, action)
        except RulesError:
            continue
        options.append(action)
    return options


# -- checks -------------------------------------------------------------------------
def check(state: GameState, pending: dict, action: dict) -> dict:
    """Validate `action` for `pending`; returns the plan `apply_plan` carries out."""
    player = state.player(pending["seat"])
    bonus = entry(state, pending)
    effect = bonus["effects"][0]
    verb = effect["do"]
    rule = RULES.get((pending["type"], pending["bonus"]),
                     "IBONUS-02" if pending["type"] == "infrastructure" else "FLAG-03")
    if verb == "performance_bonus":
        return {"verb": verb, "performance": performance.check(state, player, action, effect["set"], rule)}
    extra = sorted(set(action) - {"kind", "bonus", "decision"} - FIELDS[verb])
    if extra:
        wanted = ", ".join(sorted(FIELDS[verb])) or "no further choice"
        raise ActionShapeError(msg("{what} takes {wanted}; unexpected: {extra}",
                                   what=describe(state, pending, capital=True), wanted=wanted, extra=', '.join(extra)),
                               code="unexpected_field", field=extra[0])
    funds = bonus.get("cost", {}).get("funds", 0)
    plan = {"verb": verb, "funds": funds}
    if verb == "parts_factory":
        energy = effect.get("cost", {}).get("energy", 0)
        plan.update(piece=_check_parts_factory(state, player, action.get("space"), energy), energy=energy)
    elif verb == "build_headquarters":
        plan["tiger"] = satellites.check_headquarters(state, player, action.get("tiger"), rule)
    elif verb == "advance_influence":
        plan.update(tiger=_check_influence(state, player, action.get("tiger"), effect, funds, rule),
                    amount=effect["amount"])
    elif verb == "build_satellite":
        plan["space"] = satellites.check_build_satellite(state, player, effect["row"], action.get("space"), funds,
                                                         rule)
        plan["satellite"] = effect["row"]
    elif verb == "build_factory":
        plan["info"] = _check_factory(state, player, action.get("space"), effect["columns"])
    elif verb == "remove_generic":
        plan["sector"] = _check_removal(player, action.get("sector"))
    return plan


def _check_parts_factory(state: GameState, player: PlayerState, space_id, energy: int) -> Piece:
    """BUILD-PARTS-01/03 through a bonus (AMB-05: free from a sector, 1 energy from a row)."""
    if not isinstance(space_id, str):
        raise ActionShapeError(msg("say which of your factories takes the parts factory (\"space\", e.g. \"SK.F2\")"),
                               code="space_required", field="space")
    return building.check_parts_factory(state, player, space_id, energy)


def _check_influence(state: GameState, player: PlayerState, tiger, effect: dict, funds: int, rule: str) -> str:
    """IBONUS-09..12, NBONUS-05/06: a Tiger of the bonus's area, and 1 fund there if the bonus costs it."""
    if tiger not in state.edition.tigers:
        raise ActionShapeError(msg("say which Tiger gains the influence (\"tiger\": one of {tigers})",
                                   tigers=', '.join(state.edition.tigers)), code="tiger_required", field="tiger",
                               rule=rule)
    areas = {"one_upper": state.edition.upper_area(), "one_lower": state.edition.lower_area()}
    scope = list(areas.get(effect["tiger"], state.edition.tigers))
    if tiger not in scope:
        said = dict(tiger=either([tiger_named(state, t) for t in scope]))
        raise IllegalActionError(msg("This bonus raises influence in the board's upper area only ({tiger})", **said)
                                 if effect["tiger"] == "one_upper" else msg(
            "This bonus raises influence in the board's lower area only ({tiger})", **said), code="tiger_not_in_area",
                                 rule=rule)
    if player.funds[tiger] < funds:
        raise IllegalActionError(msg_n("This bonus costs {funds} fund in {tiger}; you have {have} there",
                                       "This bonus costs {funds} funds in {tiger}; you have {have} there", "funds",
                                       funds=funds, tiger=tiger_named(state, tiger), have=player.funds[tiger]),
                                 code="insufficient_funds", rule=rule)
    return tiger


def _check_factory(state: GameState, player: PlayerState, space_id, columns) -> dict:
    """NBONUS-02 / AMB-33: any Tiger, no centre, column B or C, the normal factory cost."""
    tiger = space_id.split(".")[0] if isinstance(space_id, str) else None
    if tiger in state.edition.tigers and space_id in state.edition.tigers[tiger].spaces:
        space = state.edition.space(space_id)
        if space.kind == "factory" and space.column not in columns:
            raise IllegalActionError(msg("This bonus builds a factory in column {columns} only; {space} is in column "
                                         "{column}", columns=either(columns),
                                         space=building.space_label(state, space), column=space.column),
                                     code="wrong_column", rule="NBONUS-02")
    return building.check_space(state, player, space_id, None, None, ("factory",))


def _check_removal(player: PlayerState, sector) -> str:
    """NBONUS-03: a sector of the player board that still holds a generic piece."""
    if sector not in player.sectors:
        raise ActionShapeError(msg("say which sector loses a generic piece (\"sector\": one of {sectors})",
                                   sectors=', '.join(player.sectors)), code="sector_required", field="sector")
    if player.sectors[sector]["generic"] < 1:
        raise IllegalActionError(msg("Sector {sector} of your player board has no generic piece left",
                                     sector=sector.lstrip('S')), code="sector_has_no_generic", rule="NBONUS-03")
    return sector


# -- the queue (CASCADE-03) ------------------------------------------------------------
def pending_bonus_options(state: GameState) -> list[dict]:
    """Resolve or ignore each bonus waiting this turn (offered at every open point of the turn)."""
    options = []
    for pending in state.pending_bonuses:
        options += resolve_options(state, pending)
        options.append({"kind": "ignore_bonus", "bonus": pending["id"]})
    return options


def pending_bonus(state: GameState, bonus_id) -> dict:
    """The waiting bonus `bonus_id` (IllegalActionError when none waits)."""
    pending = next((b for b in state.pending_bonuses if b["id"] == bonus_id), None)
    if pending is None:
        raise IllegalActionError(msg("No unlocked bonus {bonus_id} is waiting this turn", bonus_id=repr(bonus_id)),
                                 code="unknown_bonus", rule="CASCADE-03")
    return pending


def ignore_bonus(state: GameState, action: dict, events: list[dict]) -> None:
    """IBONUS-03 / FLAG-03: an ignored bonus is gone for good."""
    pending = pending_bonus(state, action.get("bonus"))
    state.pending_bonuses.remove(pending)
    player = state.player(pending["seat"])
    events.append({"kind": "bonus_ignored", "participant": player.id, "bonus": pending["bonus"],
                   **told(msg("{player} ignores the “{bonus}” bonus; it is gone", player=player.name,
                              bonus=bonus_named(state, pending["bonus"])))})
    repeat(state, state.decisions[-1])


# -- the answer ---------------------------------------------------------------------
def resolve_bonus(state: GameState, action: dict, events: list[dict]) -> None:
    """Use one waiting bonus; the question that offered it comes back once its chain is resolved."""
    decision = state.decisions[-1]
    pending = pending_bonus(state, action.get("bonus"))
    if pending["seat"] != decision["seat"]:
        raise IllegalActionError(msg("That bonus belongs to another player"), code="not_your_bonus", rule="CASCADE-03")
    plan = check(state, pending, action)
    # The loop (bonus queue or trade-centre sales) resumes after the chain: CASCADE-04.
    repeat(state, decision)
    state.pending_bonuses.remove(pending)
    player = state.player(pending["seat"])
    events.append({"kind": "bonus_resolved", "participant": player.id, "bonus": pending["bonus"],
                   "source": pending["source"], **told(msg("{player} uses {bonus}", player=player.name,
                                                           bonus=told_source(state, pending)))})
    apply_plan(state, player, pending, plan, events)


def apply_plan(state: GameState, player: PlayerState, pending: dict, plan: dict, events: list[dict]) -> None:
    """Pay the bonus's cost and carry out its effects; follow-ups and unlocked bonuses come after."""
    reason = told_source(state, pending)
    verb = plan["verb"]
    follow = [e for e in entry(state, pending)["effects"][1:] if e["do"] == "region_bonus"]
    tiger = None
    if verb == "performance_bonus":
        performance.apply(state, player, plan["performance"], reason, events)
    elif verb == "parts_factory":
        building.attach_parts(state, player, plan["piece"], plan["energy"], reason, events)
    elif verb == "build_headquarters":
        tiger = plan["tiger"]
        satellites.build_headquarters(state, player, tiger, events)
    elif verb == "advance_influence":
        tiger = plan["tiger"]
        _pay_funds(state, player, tiger, plan["funds"], reason, events)
        events.extend(advance_influence(state, player.id, tiger, plan["amount"], reason))
    elif verb == "build_satellite":
        satellites.build_satellite(state, player, plan["satellite"], plan["space"], plan["funds"], events)
    elif verb == "build_factory":
        # place_piece pays energy/science, produces and checks the sector it empties (AMB-33).
        building.place_piece(state, player, plan["info"], events)
    elif verb == "remove_generic":
        remove_generic(state, player, plan["sector"], events)
    else:
        effect = entry(state, pending)["effects"][0]
        if verb == "advance_global_market":
            events.extend(advance_global_market(state, player.id, effect["amount"], reason))
        else:
            events.extend(gain_resource(player, effect["resource"], effect["amount"], reason))
    if follow and tiger is not None:  # IBONUS-08..11: the region bonus of the Tiger used (REGION-02)
        region.activate_for_tiger(state, player.id, tiger, str(describe(state, pending)))  # kept in the state


def _pay_funds(state: GameState, player: PlayerState, tiger: str, funds: int, reason: str,
               events: list[dict]) -> None:
    """IBONUS-04 / FUNDS-02: the cost is paid on the Tiger where the bonus is used."""
    if funds <= 0:
        return
    player.funds[tiger] -= funds
    events.append({"kind": "funds_paid", "participant": player.id, "tiger": tiger, "amount": funds,
                   **told(msg_n("{player} pays {funds} fund in {tiger} — {reason}",
                                "{player} pays {funds} funds in {tiger} — {reason}", "funds", player=player.name,
                                funds=funds, tiger=tiger_named(state, tiger), reason=reason))})


def remove_generic(state: GameState, player: PlayerState, sector: str, events: list[dict]) -> None:
    """NBONUS-03: the piece leaves the game; emptying the sector unlocks its bonus (IBONUS-02, AMB-11)."""
    content = player.sectors[sector]
    content["generic"] -= 1
    # Counted so the 24 generics stay accounted for (board + built + removed).
    content["removed"] = content.get("removed", 0) + 1
    events.append({"kind": "generic_removed", "participant": player.id, "sector": sector,
                   **told(msg("{player} removes a generic piece from sector {sector} of their player board without "
                              "building it", player=player.name, sector=sector.lstrip("S")))})
    building.check_sector_emptied(state, player, sector, events)
