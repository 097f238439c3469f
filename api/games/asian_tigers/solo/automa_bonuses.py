"""The Automa's board, bonuses and region choices (SOLO-AUTOMA-06, -14..18, AMB-44, AMB-45, AMB-50).

The Automa's effects never cost or gain funds, energy, science or goods, and
never activate a region bonus (AMB-50).  They run as ``automa_effects`` frames
so that a region tie the human must settle (SOLO-AUTOMA-18) can pause them.
Every change is logged as an event whose text is an instruction for the table
("Automa: ..."), and kept in ``state.solo["instructions"]`` for the view.
"""
from __future__ import annotations

from typing import Mapping

from api.games.asian_tigers.decisions import new_decision, push_frame
from api.games.asian_tigers.errors import IllegalActionError, Message, listed, msg
from api.games.asian_tigers.scoring.model import OFF_BOARD
from api.games.asian_tigers.state import GameState, Piece
from api.games.asian_tigers.told import building_named, good_named, tiger_named
from api.games.asian_tigers.turn.effects import advance_global_market, advance_influence
from api.games.asian_tigers.turn.investment import column_ip

# Tiger selector -> (what is compared, best = max or min); SOLO-AUTOMA-15/17, campaign tiles (DATA-23).
SELECTORS = {
    "most_automa_influence": ("influence", max), "least_automa_influence": ("influence", min),
    "most_automa_power_plants": ("power_plant", max), "most_automa_factories": ("factory", max),
    "most_automa_laboratories": ("laboratory", max), "fewest_automa_investment_points": ("ip", min),
}
_WORDS = {"influence": "influence", "power_plant": "power plants", "factory": "factories",
          "laboratory": "laboratories", "ip": "investment points"}


AUTOMA_SATELLITES = {"factory": msg("factory"), "power_plant": msg("power-plant"), "laboratory": msg("laboratory"),
                     "any": msg("generic")}  # an Automa satellite by its row (str(): the English)


def say(state: GameState, events: list[dict], kind: str, text: Message, english: str | None = None,
        **fields) -> None:
    """Log one Automa instruction: an event for the log and a line for the view (kept in English in the state;
    `english`: that line where it says more than `text` before narration)."""
    line = str(text) if english is None else english
    state.solo["instructions"].append(line)
    events.append({"kind": kind, "participant": state.solo["automa"], **fields, "text": f"Automa: {line}",
                   "message": msg("Automa: {line}", line=text)})


def automa_player(state: GameState):
    """The Automa's `PlayerState`."""
    return state.player(state.solo["automa"])


# -- the Automa board: numbered pieces, factories, flags ----------------------------
def next_generic(state: GameState) -> tuple[str, str | None] | None:
    """(label, sector) of the next generic piece: numbered 1..18 in order, then the reserve (SOLO-AUTOMA-06, I17)."""
    board = state.edition.solo["automa_board"]["infrastructure_sectors"]
    automa = automa_player(state)
    for sector, spec in board.items():
        left = automa.sectors[sector]["generic"]
        if left:
            return f"piece #{spec['generic_numbers'][len(spec['generic_numbers']) - left]}", sector
    if state.solo["reserve_generics"]:
        return "a reserve generic piece", None
    return None


def take_generic(state: GameState, events: list[dict]) -> str:
    """Take the next generic piece; an emptied sector gives its bonus (SOLO-AUTOMA-14).  Returns its label."""
    label, sector = next_generic(state)
    if sector is None:
        state.solo["reserve_generics"] -= 1
    else:
        automa_player(state).sectors[sector]["generic"] -= 1
        check_sector_emptied(state, sector, events)
    return label


def factory_sector(state: GameState, good: str) -> str | None:
    """The Automa-board sector still holding the factory of `good`, or None once built."""
    for sector, spec in state.edition.solo["automa_board"]["infrastructure_sectors"].items():
        if spec["factory"] == good and automa_player(state).sectors[sector]["factory"]:
            return sector
    return None


def take_factory(state: GameState, good: str, events: list[dict]) -> None:
    """Take the factory of `good` from the Automa board."""
    sector = factory_sector(state, good)
    automa_player(state).sectors[sector]["factory"] = False
    check_sector_emptied(state, sector, events)


def check_sector_emptied(state: GameState, sector: str, events: list[dict]) -> None:
    """SOLO-AUTOMA-14: the last piece leaving a sector queues its one-time bonus."""
    content = automa_player(state).sectors[sector]
    if content["generic"] or content["factory"] or content.get("bonus_unlocked"):
        return
    content["bonus_unlocked"] = True
    bonus = state.edition.solo["automa_board"]["infrastructure_sectors"][sector]["bonus"]
    say(state, events, "automa_bonus_unlocked", msg("{sector} is empty: {bonus}", sector=f"sector {sector}",
                                                    bonus=f"bonus {bonus.replace('_', ' ')}"),
        sector=sector, bonus=bonus)
    push_effects(state, list(state.edition.catalog["automa_infrastructure_bonuses"][bonus]["effects"]),
                 f"sector {sector} bonus")


def place_flag(state: GameState, flag: str, events: list[dict]) -> str:
    """Flags fill AF1 → AF2 → AF3 row by row, then stay off the board (I17); a full sector gives its bonus."""
    sectors = state.edition.solo["automa_board"]["final_scoring_sectors"]
    flags = state.solo["flags"]
    for sector, spec in sectors.items():
        if len(flags[sector]) < spec["rows"]:
            flags[sector].append(flag)
            where = msg("{sector} row {row}", sector=f"sector {sector}", row=len(flags[sector]))
            if len(flags[sector]) == spec["rows"]:  # SOLO-AUTOMA-16: only a full sector fires
                bonus = state.edition.catalog["automa_nation_bonuses"][spec["nation_bonus"]]
                push_effects(state, list(bonus["effects"]), f"sector {sector} full")
            return where
    flags[OFF_BOARD].append(flag)
    return msg("beside its board (its sectors are full: counts for nations only)")


def held_nations(state: GameState) -> set[str]:
    """Nations of every flag the Automa holds, overflow included (SOLO-AUTOMA-11)."""
    return {f.rsplit("-", 1)[0] for row in state.solo["flags"].values() for f in row}


# -- effects -----------------------------------------------------------------------------
def push_effects(state: GameState, effects: list, source: str) -> None:
    """Queue Automa effects; they run before whatever the Automa was doing continues."""
    if effects:
        # Edition data is frozen (mapping proxies); frames must stay plain, picklable JSON data.
        push_frame(state, "automa_effects", ["automa_effect"], effects=[_plain(e) for e in effects], source=source)


def _plain(value):
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def effect_step(state: GameState, frame: dict, events: list[dict]) -> dict | None:
    """Run the next queued effect; a region tie nothing settles asks the human (SOLO-AUTOMA-18)."""
    effect = frame["effects"].pop(0)
    if frame["effects"]:
        frame["steps"].insert(0, "automa_effect")
    verb = effect["do"]
    if verb == "advance_influence" and effect.get("tiger") == "all":
        for tiger in state.edition.tigers:
            advance_influence(state, state.solo["automa"], tiger, effect["amount"], frame["source"])
        say(state, events, "automa_influence", msg("advance {amount} influence in every Tiger ({source})",
                                                   amount=effect["amount"], source=frame["source"]),
            amount=effect["amount"])
        return None
    if verb == "advance_global_market":
        moved = advance_global_market(state, state.solo["automa"], effect["amount"], frame["source"])
        say(state, events, "automa_global_market", msg(
            "advance {amount} on the global market ({source}; {start} → {end})", amount=effect["amount"],
            source=frame["source"], start=moved[0]["from"], end=moved[0]["to"]), amount=effect["amount"])
        return None
    if verb not in REGION_EFFECTS:  # the edition checks keep Automa effects to this list
        say(state, events, "automa_effect_skipped", msg("effect {verb} is not an Automa effect; skipped", verb=verb))
        return None
    tigers, why = choose_region(state, effect)
    if not tigers:
        say(state, events, "automa_effect_skipped", msg("no Tiger qualifies for {effect} ({source}): nothing happens",
                                                        effect=_effect_name(effect), source=frame["source"]))
        return None
    if len(tigers) > 1:  # SOLO-AUTOMA-18, last step: the human chooses
        return new_decision(state, "choose_automa_region", "0", declinable=False, tigers=tigers, effect=effect,
                            source=frame["source"], why=why)
    REGION_EFFECTS[verb](state, effect, tigers[0], f"{frame['source']}; {why}", events)
    return None


def _effect_name(effect: dict) -> str:
    if effect["do"] == "build_satellite":
        return f"a {effect['row'].replace('_', '-')}-row satellite"
    return {"parts_factory": "a parts factory", "build_headquarters": "its headquarters"}[effect["do"]]


def region_metric(state: GameState, selector: str, tiger: str) -> int:
    """The Automa's value on `tiger` for a Tiger selector (influence, pieces of a kind, IP)."""
    what, _ = SELECTORS[selector]
    automa = state.solo["automa"]
    if what == "influence":
        return automa_player(state).influence[tiger]
    if what == "ip":
        return column_ip(state, automa, tiger).total
    return sum(1 for p in state.pieces if p.owner == automa and p.tiger == tiger and p.kind == what)


def eligible_tigers(state: GameState, effect: dict) -> list[str]:
    """Tigers where the effect can happen (AMB-45 for the headquarters; the same reading for the others)."""
    automa = automa_player(state)
    verb, tigers = effect["do"], state.edition.tigers
    if verb == "parts_factory":
        return [t for t in tigers if state.supply_parts_factories > 0 and _bare_factories(state, t)]
    if verb == "build_satellite":
        row = effect["row"]
        return [t for t in tigers if _satellite_space(state, t, row) is not None
                and (row in automa.satellites or "any" in automa.satellites)]
    return [t for t in tigers if automa.headquarters_available and t not in state.headquarters]


def choose_region(state: GameState, effect: dict) -> tuple[list[str], str]:
    """SOLO-AUTOMA-15/17/18: the best eligible Tiger; ties go to the human's most IP, then most funds.

    Returns the Tigers still tied (one when settled, several when the human must choose) and why.
    """
    selector = effect["tiger"]
    what, best = SELECTORS[selector]
    pool = eligible_tigers(state, effect)
    if not pool:
        return [], "no eligible Tiger"
    values = {t: region_metric(state, selector, t) for t in pool}
    target = best(values.values())
    tied = [t for t in pool if values[t] == target]
    word = "most" if best is max else ("fewest" if what in ("ip",) else "least")
    why = f"{word} {_WORDS[what]} ({target})"
    if len(tied) == 1:
        return tied, why
    human = "0"
    for label, value in (("your most investment points", lambda t: column_ip(state, human, t).total),
                         ("your most investment funds", lambda t: state.player(human).funds[t])):
        top = max(value(t) for t in tied)
        tied = [t for t in tied if value(t) == top]
        why += f"; tie broken by {label}"
        if len(tied) == 1:
            return tied, why
    return tied, why + ": still tied, you choose"


def region_options(state: GameState, decision: dict) -> list[dict]:
    """One option per Tiger still tied for the Automa's bonus."""
    return [{"kind": "choose_automa_region", "tiger": t} for t in decision["tigers"]]


def choose_automa_region(state: GameState, action: dict, events: list[dict]) -> None:
    """SOLO-AUTOMA-18: the human settles a region tie for the Automa."""
    decision = state.decisions[-1]
    tiger = action.get("tiger")
    if tiger not in decision["tigers"]:
        raise IllegalActionError(msg("Choose one of the tied Tigers: {tigers}", tigers=listed(decision['tigers'])),
                                 code="tiger_not_tied", rule="SOLO-AUTOMA-18", field="tiger")
    effect = decision["effect"]
    REGION_EFFECTS[effect["do"]](state, effect, tiger, f"{decision['source']}; tie chosen by you", events)


def _bare_factories(state: GameState, tiger: str) -> list[Piece]:
    pieces = [p for p in state.pieces if p.owner == state.solo["automa"] and p.tiger == tiger
              and p.kind == "factory" and not p.parts_factory]
    return sorted(pieces, key=lambda p: state.edition.space(p.space).position)


def _satellite_space(state: GameState, tiger: str, row: str) -> str | None:
    """The free satellite space of `row` on `tiger` (one per row, AMB-07)."""
    for space in state.edition.tigers[tiger].satellite_spaces.values():
        if space.row == row and space.id not in state.satellites:
            return space.id
    return None


def _parts_factory(state: GameState, effect: dict, tiger: str, why: str, events: list[dict]) -> None:
    piece = _bare_factories(state, tiger)[0]
    piece = state.replace_piece(piece, parts_factory=True)  # pieces are frozen
    state.supply_parts_factories -= 1
    good = state.edition.space(piece.space).good
    say(state, events, "automa_parts_factory", msg(
        "attach a parts factory under its {good} factory on {space} in {tiger} ({why}; no production)",
        good=good_named(good), space=piece.space, tiger=tiger_named(state, tiger), why=why),
        space=piece.space, tiger=tiger)


def _satellite(state: GameState, effect: dict, tiger: str, why: str, events: list[dict]) -> None:
    automa = automa_player(state)
    row = effect["row"]
    kind = row if row in automa.satellites else "any"
    automa.satellites.remove(kind)
    space = _satellite_space(state, tiger, row)
    state.satellites[space] = {"owner": automa.id, "satellite": kind}
    say(state, events, "automa_satellite", msg(
        "build its {satellite} satellite on {space} ({row} row of {tiger}; {why}; no region bonus)",
        satellite=AUTOMA_SATELLITES[kind], space=space, row=building_named(row), tiger=tiger_named(state, tiger),
        why=why), space=space, tiger=tiger)


def _headquarters(state: GameState, effect: dict, tiger: str, why: str, events: list[dict]) -> None:
    automa = automa_player(state)
    automa.headquarters_available = False
    state.headquarters[tiger] = automa.id
    say(state, events, "automa_headquarters", msg("build its headquarters in {tiger} ({why}; no region bonus)",
                                                  tiger=tiger_named(state, tiger), why=why), tiger=tiger)


REGION_EFFECTS = {"parts_factory": _parts_factory, "build_satellite": _satellite, "build_headquarters": _headquarters}
