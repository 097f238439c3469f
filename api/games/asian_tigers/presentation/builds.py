"""What a build or a department costs and gives, in words (issue 12), as two parts (issue 18).

Such an option is made of its space's part — what the space costs and gives, the same for every
sector — and its sector's part — the piece taken and what that leaves (a factory takes its own
piece: a part of its own).  `options` joins them; the phone shows them on its two screens.
"""
from __future__ import annotations

from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.presentation.summary import detail, joined, sector_words, shown
from api.games.asian_tigers.state import NEUTRAL, GameState, PlayerState
from api.games.asian_tigers.turn import building
from api.games.messages import msg, msg_n


def sector_payoff(state: GameState, player: PlayerState, sector: str, factory: bool) -> dict:
    """What taking one piece (a generic, or the factory) out of `sector` leaves, and whether it empties it.

    Codes only: the sector's label and its bonus are in the labels document (``sectors``).
    """
    content = player.sectors[sector]
    generic = content["generic"] - (0 if factory else 1)
    factory_left = bool(content["factory"]) and not factory
    return {"id": sector, "generic_left": generic, "factory_left": factory_left,
            "empties": generic == 0 and not factory_left and not content.get("bonus_unlocked")}  # IBONUS-02


def build_payoff(state: GameState, player: PlayerState, info: dict) -> tuple[dict, dict]:
    """(cost, payoff) of placing the piece `info` describes (BUILD-LAB/PWR/FAC/UNI-*), sector included."""
    cost, payoff = space_payoff(state, info)
    payoff["sector"] = sector_payoff(state, player, info["sector"], info["space"].kind == "factory")
    return cost, payoff


def space_payoff(state: GameState, info: dict) -> tuple[dict, dict]:
    """(cost, payoff) of building on the space `info` names, whichever the sector (``space``: its id)."""
    space = info["space"]
    rules = state.edition.rules
    cost, payoff = {}, {"space": space.id}
    if space.kind == "factory":
        add(cost, "energy", info.get("energy", 0))
        add(cost, "science", info.get("science", 0))
        payoff["goods"] = {space.good: rules["factory"]["production_goods"]}
        base, off = rules["factory"]["base_cost_energy"], rules["factory"]["discount_per_connected_built_power_plant"]
        if "energy" in info and info["energy"] < base and off:  # BUILD-FAC-01: say why it is cheaper (issue 33)
            plants = (base - info["energy"]) // off
            payoff["notes"] = [msg_n("energy {base} less {off} for the power plant built beside it ({owners})",
                                     "energy {base} less {off} for each of the {count} power plants built beside it "
                                     "({owners})", "count", base=base, off=off, count=plants,
                                     owners=_plant_owners(state, space))]
    elif space.kind == "laboratory":
        payoff["science"] = rules["laboratory"]["science_gain_infinite" if space.infinite else "science_gain"]
    elif space.kind == "power_plant":
        payoff["energy"] = rules["power_plant"]["energy_gain_infinite" if space.infinite else "energy_gain"]
    elif space.kind == "university":
        notes = []
        if space.bonus is not None:
            notes.append(msg("university bonus: {bonus}", bonus=L.effect_text(state.edition, space.bonus, L.keep)))
            if space.bonus["do"] == "advance_global_market":
                payoff["global_market"] = space.bonus["amount"]
            elif space.bonus["do"] == "advance_influence":
                payoff["influence"] = {space.tiger: space.bonus["amount"]}
        notes.append(msg("then a department here or a parts factory (optional)"))
        payoff["notes"] = notes
    return cost, payoff


def _plant_owners(state: GameState, factory):
    """Whose power plant stands on each space linked to `factory` (BUILD-PWR-02), as the table says it."""
    builder = state.current_player
    owners = []
    for other in state.edition.tigers[factory.tiger].spaces.values():
        if other.kind == "power_plant" and factory.id in other.connects and other.id in state.occupancy:
            owner = state.pieces[state.occupancy[other.id]].owner
            owners.append(msg("yours") if builder and owner == builder.id else msg("the neutral's")
                          if owner == NEUTRAL else msg("{player}'s", player=state.player(owner).name))
    named = [o for i, o in enumerate(owners) if o not in owners[:i]]  # each once: "both Ann's", "yours and …"
    if len(named) == 1 and len(owners) > 1:
        return msg("both {owner}", owner=named[0]) if len(owners) == 2 else msg("all {owner}", owner=named[0])
    return joined(named, "and")


def add(bucket: dict, key: str, amount: int) -> None:
    """Add a non-zero `amount` to ``bucket[key]``."""
    if amount:
        bucket[key] = bucket.get(key, 0) + amount


KINDS = {"factory": lambda on: msg("Factory on {space}", space=on), "university": lambda on: msg("University on "
         "{space}", space=on), "laboratory": lambda on: msg("Laboratory on {space}", space=on), "power_plant": lambda on:
         msg("Power plant on {space}", space=on), "department": lambda on: msg("Department on {space}", space=on)}


def space_label(state: GameState, space):
    """``Laboratory on Hong Kong · laboratory · column C``: the space part's label."""
    return KINDS[space.kind](L.space_label(state.edition, space, "en", L.keep))


def sector_label(sector: str, factory: bool):
    """``piece from sector 3`` (a factory takes its own piece: no words)."""
    return "" if factory else msg("piece from sector {sector}", sector=sector.lstrip("S"))


def build_label(state: GameState, info: dict):
    """``Laboratory on … — piece from sector 3`` (a factory takes its own piece: no sector)."""
    space = info["space"]
    label = space_label(state, space)
    return label if space.kind == "factory" else joined([label, sector_label(info["sector"], False)])


def build_parts(state: GameState, decision: dict, action: dict, placeholder) -> tuple[dict, dict]:
    """(space part, sector part) of the build or department `action` (raises what `check_space` raises).

    `placeholder`: `options.uses_placeholder`, to mark a part naming a placeholder component.
    """
    player = state.player(decision["seat"])
    if action["kind"] == "build":
        info = building.check_space(state, player, action["space"], action.get("sector"), decision["center"],
                                    building.BUILDABLE_FROM_CENTER, decision["tiger"])
    else:
        info = building.check_space(state, player, action["space"], action.get("sector"), None, ("department",),
                                    state.edition.space(decision["space"]).tiger)
    space, sector = info["space"], info["sector"]
    cost, payoff = space_payoff(state, info)
    if action["kind"] == "build_department":
        add(cost, "science", space.science_cost or 0)
    spaced = {"label": space_label(state, space), "detail": detail(state, cost, payoff), "cost": cost,
              "payoff": shown(payoff), "placeholder": placeholder(state, {"space": space.id})}
    taken = sector_payoff(state, player, sector, space.kind == "factory")
    sectored = {"label": sector_label(sector, space.kind == "factory"), "detail": sector_words(state, taken),
                "payoff": {"sector": taken}, "placeholder": placeholder(state, {"sector": sector})}
    return spaced, sectored
