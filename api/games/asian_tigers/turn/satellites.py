"""Headquarters and satellites (BUILD-HQ-01/02, BUILD-SAT-01/02, PERF-06, AMB-07, AMB-36).

Both live outside `state.pieces`: `state.headquarters` {Tiger: owner} and `state.satellites`
{satellite space: {owner, satellite}}.  Each Tiger has one satellite space per row (factory, power
plant, laboratory); a typed satellite only goes on its own row's space, the generic ("any")
satellite on any of them (AMB-07).
"""
from __future__ import annotations

from api.games.asian_tigers.edition.load import SatelliteSpace
from api.games.asian_tigers.errors import ActionShapeError, IllegalActionError, listed, msg
from api.games.asian_tigers.state import GameState, PlayerState
from api.games.asian_tigers.told import building_named, tiger_named, told
from api.games.asian_tigers.turn.effects import owner_name, tiger_name

SATELLITE_NAMES = {"factory": msg("factory-row"), "power_plant": msg("power-plant-row"),
                   "laboratory": msg("laboratory-row"), "any": msg("generic")}  # str() is the English


def satellite_space(state: GameState, space_id) -> SatelliteSpace:
    """The satellite space `space_id` (``SK.SF``) or an `ActionShapeError`."""
    tiger = space_id.split(".")[0] if isinstance(space_id, str) else None
    if tiger not in state.edition.tigers or space_id not in state.edition.tigers[tiger].satellite_spaces:
        raise ActionShapeError(msg("unknown satellite space {space_id} (e.g. \"SK.SF\", \"SK.SP\", \"SK.SL\")",
                                   space_id=repr(space_id)), code="unknown_satellite_space", field="space",
                               rule="BUILD-SAT-01")
    return state.edition.tigers[tiger].satellite_spaces[space_id]


def all_satellite_spaces(state: GameState) -> list[str]:
    """Every satellite space id on the board, Tiger by Tiger."""
    return [s for tiger in state.edition.tigers.values() for s in tiger.satellite_spaces]


def satellite_label(state: GameState, space: SatelliteSpace):
    """``Hong Kong power plant row satellite space`` (a message)."""
    return msg("{tiger} {row} row satellite space", tiger=tiger_named(state, space.tiger),
               row=building_named(space.row))


def _min_players(state: GameState, tiger: str, group: str, space_id: str) -> int:
    # The dataclasses do not carry the dots of satellite and HQ spaces; the document does.
    return state.edition.document["tigers"][tiger][group][space_id].get("min_players", 2)


def check_satellite_destination(state: GameState, satellite: str, space_id, rule: str) -> SatelliteSpace:
    """BUILD-SAT-01 / AMB-07: `space_id` is open, empty and on the row `satellite` may use."""
    space = satellite_space(state, space_id)
    if satellite != "any" and space.row != satellite:
        raise IllegalActionError(msg("Your {satellite} satellite goes only on a {row} row satellite "
                                     "space, not the {space}", satellite=SATELLITE_NAMES[satellite],
                                     row=building_named(satellite), space=satellite_label(state, space)),
                                 code="wrong_satellite_row", rule="BUILD-SAT-01")
    if _min_players(state, space.tiger, "satellite_spaces", space.id) > state.player_count:
        raise IllegalActionError(msg("The {space} is closed with {player_count} players",
                                     space=satellite_label(state, space), player_count=state.player_count),
                                 code="space_closed", rule="SETUP-01")
    if space.id in state.satellites:
        owner = state.satellites[space.id]["owner"]
        raise IllegalActionError(msg("The {space} already holds a satellite (of {owner})",
                                     space=satellite_label(state, space), owner=owner_name(state, owner)),
                                 code="satellite_space_taken", rule=rule)
    return space


def check_build_satellite(state: GameState, player: PlayerState, satellite: str, space_id, funds: int,
                          rule: str) -> SatelliteSpace:
    """IBONUS-13..16: the satellite is still beside the board, the space fits, the Tiger's funds pay."""
    space = satellite_space(state, space_id)
    if satellite not in player.satellites:
        raise IllegalActionError(msg("Your {satellite} satellite is already on the board",
                                     satellite=SATELLITE_NAMES[satellite]), code="satellite_already_built",
                                 rule="BUILD-SAT-02")
    check_satellite_destination(state, satellite, space_id, "BUILD-SAT-01")
    if player.funds[space.tiger] < funds:
        raise IllegalActionError(msg("A satellite on {tiger} costs {funds} funds there; you have {have}",
                                     tiger=tiger_name(state, space.tiger), funds=funds,
                                     have=player.funds[space.tiger]), code="insufficient_funds", rule=rule)
    return space


def build_satellite(state: GameState, player: PlayerState, satellite: str, space: SatelliteSpace, funds: int,
                    events: list[dict]) -> None:
    """Pay the funds on the satellite's Tiger (FUNDS-02) and put the satellite on its space."""
    player.funds[space.tiger] -= funds
    player.satellites.remove(satellite)
    state.satellites[space.id] = {"owner": player.id, "satellite": satellite}
    events.append({"kind": "satellite_built", "participant": player.id, "space": space.id, "satellite": satellite,
                   "funds_paid": funds,
                   **told(msg("{player} pays {funds} funds in {tiger} and builds the {satellite} satellite on the "
                              "{space}", player=player.name, funds=funds, tiger=tiger_named(state, space.tiger),
                              satellite=SATELLITE_NAMES[satellite], space=satellite_label(state, space)))})


# -- relocation (¥ token, PERF-06) -------------------------------------------------
def own_satellites(state: GameState, player: PlayerState) -> list[str]:
    """Satellite spaces holding one of `player`'s satellites."""
    return [s for s, v in state.satellites.items() if v["owner"] == player.id]


def check_relocation(state: GameState, player: PlayerState, from_id, to_id) -> tuple[str, SatelliteSpace]:
    """PERF-06: one of your satellites to an empty space it may use on a different Tiger."""
    if not isinstance(from_id, str) or from_id not in all_satellite_spaces(state):
        raise ActionShapeError(msg("say which of your satellites moves (\"satellite\": its space, e.g. \"SK.SF\"); "
                                   "yours: {yours}", yours=listed(own_satellites(state, player))),
                               code="satellite_required", field="satellite")
    if state.satellites.get(from_id, {}).get("owner") != player.id:
        raise IllegalActionError(msg("No satellite of yours stands on {from_id}; yours: {yours}",
                                     from_id=from_id, yours=listed(own_satellites(state, player))),
                                 code="not_your_satellite", rule="PERF-06")
    satellite = state.satellites[from_id]["satellite"]
    space = satellite_space(state, to_id)
    if space.tiger == from_id.split(".")[0]:
        raise IllegalActionError(msg("The satellite must move to a different Tiger than {tiger}",
                                     tiger=tiger_name(state, space.tiger)), code="same_tiger", rule="PERF-06")
    check_satellite_destination(state, satellite, to_id, "PERF-06")
    return satellite, space


def relocate_satellite(state: GameState, player: PlayerState, from_id: str, space: SatelliteSpace,
                       events: list[dict]) -> None:
    """Move the satellite; no funds are paid (PERF-06 names no cost)."""
    satellites = state.satellites
    entry = satellites.pop(from_id)
    satellites[space.id] = entry
    origin = satellite_space(state, from_id)
    events.append({"kind": "satellite_relocated", "participant": player.id, "from": from_id, "to": space.id,
                   "satellite": entry["satellite"],
                   **told(msg("{player} moves the {satellite} satellite from the {origin} to the {space}",
                              player=player.name, satellite=SATELLITE_NAMES[entry["satellite"]],
                              origin=satellite_label(state, origin), space=satellite_label(state, space)))})


# -- headquarters (IBONUS-08, BUILD-HQ-01/02) ----------------------------------------
def check_headquarters(state: GameState, player: PlayerState, tiger, rule: str) -> str:
    """The player's headquarters is still beside the board and `tiger` has none."""
    if tiger not in state.edition.tigers:
        raise ActionShapeError(msg("say which Tiger takes the headquarters (\"tiger\": one of {tigers})",
                                   tigers=', '.join(state.edition.tigers)), code="tiger_required", field="tiger",
                               rule=rule)
    if not player.headquarters_available:
        raise IllegalActionError(msg("Your headquarters is already on the board (one per player)"),
                                 code="headquarters_already_built", rule="BUILD-HQ-02")
    if tiger in state.headquarters:
        raise IllegalActionError(msg("{tiger} already holds the headquarters of {owner} (one per Tiger)",
                                     tiger=tiger_name(state, tiger),
                                     owner=owner_name(state, state.headquarters[tiger])), code="headquarters_taken",
                                 rule="BUILD-HQ-02")
    slot = state.edition.tigers[tiger].headquarters_slot
    if _min_players(state, tiger, "headquarters_slots", slot) > state.player_count:
        raise IllegalActionError(msg("The headquarters slot of {tiger} is closed with {player_count} players",
                                     tiger=tiger_name(state, tiger), player_count=state.player_count),
                                 code="space_closed", rule="SETUP-01")
    return tiger


def build_headquarters(state: GameState, player: PlayerState, tiger: str, events: list[dict]) -> None:
    """BUILD-HQ-01: free, on the Tiger's headquarters slot."""
    state.headquarters[tiger] = player.id
    player.headquarters_available = False
    events.append({"kind": "headquarters_built", "participant": player.id, "tiger": tiger,
                   "space": state.edition.tigers[tiger].headquarters_slot,
                   **told(msg("{player} builds their headquarters in {tiger}", player=player.name,
                              tiger=tiger_named(state, tiger)))})
