"""Building infrastructure (BUILD-GEN/LAB/PWR/FAC/UNI/DEPT/PARTS).

A generic piece comes from a player-board sector the player names
(BUILD-GEN-04); emptying a sector unlocks its bonus, queued for the player
to resolve, defer or ignore (IBONUS-02/03, CASCADE-03).
"""
from __future__ import annotations

from typing import Iterator

from api.games.asian_tigers.decisions import push_frame
from api.games.asian_tigers.edition.load import Space
from api.games.asian_tigers.errors import ActionShapeError, IllegalActionError, Message, Refusal, either, msg, msg_n
from api.games.asian_tigers.presentation import labels
from api.games.asian_tigers.presentation.cache import per_edition
from api.games.asian_tigers.state import GameState, Piece, PlayerState
from api.games.asian_tigers.told import bonus_named, building_named, good_named, told
from api.games.asian_tigers.turn.effects import (apply_simple_effect, gain_goods, gain_resource, owner_name,
                                                 pay_resource, tiger_name)

BUILDABLE_FROM_CENTER = ("university", "factory", "power_plant", "laboratory")


def reach(state: GameState, center: str) -> tuple[str, ...]:
    """Columns a centre builds in (PLACE-06)."""
    return tuple(state.edition.rules["investment_centers"][center]["build_columns"])


def space_label(state: GameState, space: Space):
    """``SK.F2`` → ``South Korea · factory · column B · Electronics`` (issue 12: names, never codes): a message."""
    return labels.space_label(state.edition, space, "en", labels.keep)


def is_open(state: GameState, space: Space) -> bool:
    """Open at this player count (SETUP-01, DATA-20)."""
    return space.min_players <= state.player_count


def factory_cost(state: GameState, space: Space) -> tuple[int, int]:
    """BUILD-FAC-01 / BUILD-PWR-02: (energy, science) to build a factory on `space`."""
    rules = state.edition.rules["factory"]
    linked = sum(1 for plant in _power_plants_for(state.edition, space.tiger, space.id) if plant in state.occupancy)
    energy = max(0, rules["base_cost_energy"] - rules["discount_per_connected_built_power_plant"] * linked)
    return energy, rules["extra_cost_science"].get(space.good, 0)


@per_edition
def _power_plants_for(edition, tiger: str, space_id: str) -> tuple[str, ...]:
    """The power-plant spaces of `tiger` connected to the factory space `space_id` (BUILD-PWR-02)."""
    return tuple(other.id for other in edition.tigers[tiger].spaces.values()
                 if other.kind == "power_plant" and space_id in other.connects)


def sector_for_factory(state: GameState, good: str) -> str:
    """The player-board sector holding the factory of `good`."""
    return _factory_sectors(state.edition)[good]


@per_edition
def _factory_sectors(edition) -> dict[str, str]:
    """Good -> the first player-board sector holding its factory (every factory space asks it)."""
    sectors: dict = {}
    for sector in edition.sectors.values():
        sectors.setdefault(sector.factory_good, sector.id)
    return sectors


def check_space(state: GameState, player: PlayerState, space_id, sector, center: str | None, kinds,
                tiger: str | None = None) -> dict:
    """A build on `space_id` taking a piece from `sector`; returns what the build needs (raises `space_refusal`'s).

    `center` is the investment centre letter (None for departments and bonuses
    that ignore reach); `kinds` the space kinds allowed here.
    """
    tiger_id = space_id.split(".")[0] if isinstance(space_id, str) else None
    on_tiger = state.edition.tigers.get(tiger_id) if tiger_id is not None else None
    space = on_tiger.spaces.get(space_id) if on_tiger is not None else None
    if space is None:
        raise _not_a_construction_space(state, tiger_id, space_id)
    refusal = space_refusal(state, player, space, sector, center, kinds, tiger)
    if refusal is not None:
        raise refusal.error()
    if space.kind == "factory":
        energy, science = factory_cost(state, space)
        return {"space": space, "sector": sector_for_factory(state, space.good), "energy": energy, "science": science}
    return {"space": space, "sector": sector}


def space_refusal(state: GameState, player: PlayerState, space: Space, sector, center: str | None, kinds,
                  tiger: str | None = None) -> Refusal | None:
    """Why `player` may not build on `space` with a piece from `sector`, or None (BUILD-GEN-01/02/04,
    BUILD-DEPT-01, SETUP-01, BUILD-UNI-03, PLACE-06, BUILD-FAC-01/02).

    The one check of these rules: `check_space` raises what it refuses, the listed builds and the
    placements' TURN-02 keep what it lets through.  `tiger`: the Tiger the action builds on, if any.
    """
    if tiger is not None and space.tiger != tiger:
        return Refusal(msg("This action builds on {tiger}; {space} is on another Tiger", tiger=tiger_name(state, tiger),
                           space=space_label(state, space)), "space_on_other_tiger",
                       "BUILD-DEPT-01" if "department" in kinds else "BUILD-GEN-01")
    if space.kind not in kinds:
        if space.kind == "department":
            return Refusal(msg("A department can only be built as a university's additional action"),
                           "department_needs_university", "BUILD-DEPT-01")
        return Refusal(msg("{space} is not a {kinds} space", space=space_label(state, space),
                           kinds=either([building_named(k) for k in kinds])), "wrong_space_kind", "BUILD-GEN-01")
    if space.min_players > state.player_count:  # `is_open`
        return Refusal(msg("{space} is closed with {player_count} players", space=space_label(state, space),
                           player_count=state.player_count), "space_closed", "SETUP-01")
    if not space.infinite and space.id in state.occupancy:
        owner = state.pieces[state.occupancy[space.id]].owner
        return Refusal(msg("{space} is already built (by {owner})", space=space_label(state, space),
                           owner=owner_name(state, owner)), "space_occupied", "BUILD-GEN-02")
    if center is not None:
        if space.kind == "university" and center == "C":
            return Refusal(msg("A type-C investment centre can never build a university"), "university_from_center_c",
                           "BUILD-UNI-03")
        columns = reach(state, center)
        if not space.infinite and space.column not in columns:
            return Refusal(msg_n("Centre {center} builds only in column {columns}; {space} is in column {column}",
                                 "Centre {center} builds only in columns {columns}; {space} is in column {column}",
                                 "count", count=len(columns), center=center, columns=', '.join(columns),
                               space=space_label(state, space), column=space.column), "space_out_of_reach", "PLACE-06")
    if space.kind == "factory":
        return factory_refusal(state, player, space, sector)
    return _sector_refusal(player, sector)


def _not_a_construction_space(state: GameState, tiger_id, space_id) -> ActionShapeError:
    """The refusal of a build on something that is no construction space, citing the rule that forbids it."""
    tiger = state.edition.tigers.get(tiger_id) if isinstance(tiger_id, str) else None
    if tiger is not None and space_id == tiger.headquarters_slot:
        return ActionShapeError(msg("{space_id} is {tiger}'s headquarters slot: a headquarters is built only through "
                                    "the bonus that unlocks it", space_id=space_id, tiger=tiger.name),
                                code="headquarters_slot", field="space", rule="BUILD-HQ-01")
    if tiger is not None and space_id in tiger.satellite_spaces:
        return ActionShapeError(msg("{space_id} is a satellite space of {tiger}: a satellite is built only through a "
                                    "bonus that unlocks it", space_id=space_id, tiger=tiger.name),
                                code="satellite_space", field="space", rule="BUILD-SAT-01")
    return ActionShapeError(msg("unknown construction space {space_id}", space_id=repr(space_id)), code="unknown_space",
                            field="space", rule="BUILD-GEN-01")


def _sector_refusal(player: PlayerState, sector) -> Refusal | None:
    """BUILD-GEN-04: a generic piece comes from a sector of the player's board that still has one."""
    if sector is None:
        return Refusal(msg("say which player-board sector the generic piece comes from (\"sector\": \"S1\"..\"S12\")"),
                       "sector_required", "BUILD-GEN-04", ActionShapeError, {"field": "sector"})
    if sector not in player.sectors:
        return Refusal(msg("unknown player-board sector {sector}", sector=repr(sector)), "unknown_sector",
                       "BUILD-GEN-04", ActionShapeError, {"field": "sector"})
    if player.sectors[sector]["generic"] < 1:
        return Refusal(msg("Sector {sector} of your player board has no generic piece left", sector=sector.lstrip('S')),
                       "sector_has_no_generic", "BUILD-GEN-04")
    return None


def factory_refusal(state: GameState, player: PlayerState, space: Space, sector=None) -> Refusal | None:
    """BUILD-FAC-01/02: why the player may not build its factory on `space` from `sector` (None: its own), or
    None.  The one check of these rules: the builds and placements listed and `check_space` use it."""
    own_sector = sector_for_factory(state, space.good)
    if sector is not None and sector != own_sector:
        return Refusal(msg("Your {good} factory sits in sector {own_sector}, not {sector}", good=good_named(space.good),
                           own_sector=own_sector, sector=sector), "wrong_sector", "BUILD-FAC-02")
    if not player.sectors[own_sector]["factory"]:
        return Refusal(msg("You have already built your {good} factory (one per good)", good=good_named(space.good)),
                       "factory_already_built", "BUILD-FAC-02")
    energy, science = factory_cost(state, space)
    if player.energy < energy or player.science < science:
        need = msg("{energy} energy and {science} science", energy=energy, science=science) if science else msg(
            "{energy} energy", energy=energy)
        return Refusal(msg("A {good} factory on {space} costs {need}; you have {energy} energy and {science} science",
                           good=good_named(space.good), space=space_label(state, space), need=need,
                           energy=player.energy, science=player.science), "cannot_afford_factory", "BUILD-FAC-01")
    return None


def build_candidates(state: GameState, player: PlayerState, tiger: str, center: str | None,
                     kinds) -> Iterator[dict]:
    """Every legal (space, sector) build on `tiger` for these kinds: what `space_refusal` lets through."""
    generic_sectors = [s for s, v in player.sectors.items() if v["generic"] > 0]
    for space in state.edition.tigers[tiger].spaces.values():
        if space.kind == "factory":  # its piece is the factory of its good, from its own sector
            if space_refusal(state, player, space, None, center, kinds) is None:
                yield {"kind": "build", "space": space.id, "sector": sector_for_factory(state, space.good)}
        elif generic_sectors and space_refusal(state, player, space, generic_sectors[0], center, kinds) is None:
            # any sector holding a generic piece gives it (BUILD-GEN-04): the check passes for each alike
            yield from ({"kind": "build", "space": space.id, "sector": sector} for sector in generic_sectors)


def any_build_possible(state: GameState, player: PlayerState, tiger: str, center: str) -> bool:
    """TURN-02: placing in a centre needs at least one legal build."""
    return next(build_candidates(state, player, tiger, center, BUILDABLE_FROM_CENTER), None) is not None


# -- the build step ------------------------------------------------------------------
def build_options(state: GameState, decision: dict) -> list[dict]:
    """Every legal build for this investment action."""
    return list(build_candidates(state, state.player(decision["seat"]), decision["tiger"], decision["center"],
                                 BUILDABLE_FROM_CENTER))


def build(state: GameState, action: dict, events: list[dict]) -> None:
    """Build one infrastructure from the investment centre (BUILD-*)."""
    decision = state.decisions[-1]
    player = state.player(decision["seat"])
    info = check_space(state, player, action.get("space"), action.get("sector"), decision["center"],
                       BUILDABLE_FROM_CENTER, decision["tiger"])
    place_piece(state, player, info, events)


def place_piece(state: GameState, player: PlayerState, info: dict, events: list[dict]) -> None:
    """Move the piece from the player board to the space and take the build's reward."""
    space: Space = info["space"]
    sector = info["sector"]
    rules = state.edition.rules
    if space.kind == "factory":
        events.extend(pay_resource(player, "energy", info["energy"],
                                         msg("{good} factory", good=good_named(space.good))))
        events.extend(pay_resource(player, "science", info["science"],
                                         msg("{good} factory", good=good_named(space.good))))
        player.sectors[sector]["factory"] = False
    else:
        player.sectors[sector]["generic"] -= 1
    if not space.infinite:
        state.occupancy[space.id] = len(state.pieces)
    state.pieces.append(Piece(player.id, space.id, space.tiger, space.kind))
    events.append({"kind": "infrastructure_built", "participant": player.id, "space": space.id,
                   "infrastructure": space.kind, "sector": sector,
                   **told(msg("{player} builds a {building} on {space} (piece from sector {sector})",
                              player=player.name, building=building_named(space.kind), space=space.id,
                              sector=sector.lstrip("S")))})
    if space.kind == "laboratory":  # BUILD-LAB-01
        amount = rules["laboratory"]["science_gain_infinite" if space.infinite else "science_gain"]
        events.extend(gain_resource(player, "science", amount, msg("laboratory")))
    elif space.kind == "power_plant":  # BUILD-PWR-01
        amount = rules["power_plant"]["energy_gain_infinite" if space.infinite else "energy_gain"]
        events.extend(gain_resource(player, "energy", amount, msg("power plant")))
    elif space.kind == "factory":  # BUILD-FAC-03
        events.extend(gain_goods(state, player, space.good, rules["factory"]["production_goods"],
                                       msg("factory production")))
    elif space.kind == "university":  # BUILD-UNI-01/02
        push_frame(state, "university", ["university_action", "university_bonus"], seat=player.id, space=space.id)
    check_sector_emptied(state, player, sector, events)


def check_sector_emptied(state: GameState, player: PlayerState, sector: str, events: list[dict]) -> None:
    """IBONUS-02: the last piece leaving a sector unlocks its bonus once."""
    content = player.sectors[sector]
    if content["generic"] or content["factory"] or content.get("bonus_unlocked"):
        return
    content["bonus_unlocked"] = True
    bonus = state.edition.sectors[sector].bonus
    state.pending_bonuses.append({"id": state.next_bonus_id, "seat": player.id, "source": f"sector:{sector}",
                                         "bonus": bonus, "type": "infrastructure"})
    state.next_bonus_id += 1
    events.append({"kind": "bonus_unlocked", "participant": player.id, "sector": sector, "bonus": bonus,
                   **told(msg("{player} empties sector {sector}: bonus “{bonus}” unlocked (resolve it now, later this "
                              "turn, or ignore it)", player=player.name, sector=sector.lstrip("S"),
                              bonus=bonus_named(state, bonus)))})


# -- universities -----------------------------------------------------------------------
def university_action_options(state: GameState, decision: dict) -> list[dict]:
    """Departments on the same Tiger and parts factories anywhere, plus skipping (when any exists)."""
    player = state.player(decision["seat"])
    space = state.edition.space(decision["space"])
    options = []
    if "build_department" in space.additional_actions:
        for option in build_candidates(state, player, space.tiger, None, ("department",)):
            if player.science >= state.edition.space(option["space"]).science_cost:
                options.append({**option, "kind": "build_department"})
    if "parts_factory" in space.additional_actions:
        options += [{"kind": "attach_parts_factory", "space": s} for s in parts_factory_targets(state, player, 1)]
    return options + [{"kind": "skip_university_action"}] if options else []


def build_department(state: GameState, action: dict, events: list[dict]) -> None:
    """BUILD-DEPT-01: a department on the university's Tiger for its printed science."""
    decision = state.decisions[-1]
    player = state.player(decision["seat"])
    university = state.edition.space(decision["space"])
    if "build_department" not in university.additional_actions:
        raise IllegalActionError(msg("This university does not offer a department"), code="action_not_offered",
                                 rule="BUILD-UNI-01")
    info = check_space(state, player, action.get("space"), action.get("sector"), None, ("department",),
                       university.tiger)
    cost = info["space"].science_cost
    if player.science < cost:
        raise IllegalActionError(msg("This department costs {cost} science; you have {science}", cost=cost,
                                     science=player.science), code="cannot_afford_department", rule="BUILD-DEPT-01")
    events.extend(pay_resource(player, "science", cost, msg("department")))
    place_piece(state, player, info, events)


def parts_factory_targets(state: GameState, player: PlayerState, energy_cost: int) -> list[str]:
    """BUILD-PARTS-01/03: own built factories without a parts factory, if one can be paid and taken."""
    if state.supply_parts_factories < 1 or player.energy < energy_cost:
        return []
    return [p.space for p in state.pieces if p.owner == player.id and p.kind == "factory" and not p.parts_factory]


def check_parts_factory(state: GameState, player: PlayerState, space_id, energy_cost: int) -> Piece:
    """Validate attaching a parts factory under `space_id`."""
    if state.supply_parts_factories < 1:
        raise IllegalActionError(msg("The supply has no parts factory left"), code="no_parts_factory_left",
                                 rule="BUILD-PARTS-03")
    piece = next((p for p in state.pieces if p.space == space_id and p.kind == "factory"), None)
    if piece is None or piece.owner != player.id:
        raise IllegalActionError(msg("{space_id} is not one of your built factories", space_id=Message(
            "'{space}'", {"space": space_id}) if repr(space_id) == f"'{space_id}'" else repr(space_id)),
                                 code="not_your_factory", rule="BUILD-PARTS-01")
    if piece.parts_factory:
        raise IllegalActionError(msg("That factory already has a parts factory"), code="parts_factory_present",
                                 rule="BUILD-PARTS-01")
    if player.energy < energy_cost:
        raise IllegalActionError(msg("A parts factory costs {energy_cost} energy here; you have {energy}",
                                     energy_cost=energy_cost, energy=player.energy), code="cannot_afford_parts_factory",
                                 rule="BUILD-PARTS-01")
    return piece


def attach_parts_factory(state: GameState, action: dict, events: list[dict]) -> None:
    """University additional action: a parts factory for 1 energy (BUILD-PARTS-01/02)."""
    decision = state.decisions[-1]
    player = state.player(decision["seat"])
    cost = state.edition.rules["university"]["parts_factory_cost_energy"]
    attach_parts(state, player, check_parts_factory(state, player, action.get("space"), cost), cost, None, events)


def attach_parts(state: GameState, player: PlayerState, piece: Piece, energy: int, reason: str | None,
                 events: list[dict]) -> None:
    """BUILD-PARTS-01/02: pay, take one from the supply, attach it and produce 1 good."""
    events.extend(pay_resource(player, "energy", energy, msg("parts factory")))
    piece = state.replace_piece(piece, parts_factory=True)  # pieces are frozen
    state.supply_parts_factories -= 1
    good = state.edition.space(piece.space).good
    events.append({"kind": "parts_factory_attached", "participant": player.id, "space": piece.space,
                   **told(msg("{player} attaches a parts factory to the {good} factory on {space} — {reason}",
                              player=player.name, good=good_named(good), space=piece.space, reason=reason)
                          if reason else msg("{player} attaches a parts factory to the {good} factory on {space}",
                                             player=player.name, good=good_named(good), space=piece.space))})
    events.extend(gain_goods(state, player, good, state.edition.rules["parts_factory"]["production_goods"],
                             msg("parts factory production")))


def university_bonus_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """BUILD-UNI-02: the printed bonus, after the additional action."""
    space = state.edition.space(frame["space"])
    if space.bonus is not None:
        bonus_events = apply_simple_effect(state, frame["seat"], space.bonus, space.tiger,
                                           f"university bonus on {space.id}")
        for event in bonus_events:
            event["placeholder_values"] = state.edition.placeholders(f"{space.path}/bonus/amount")
        events.extend(bonus_events)
