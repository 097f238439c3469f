"""The Automa's turn, played by the engine (SOLO-AUTOMA-01..13, AMB-41..44).

A turn is one frame whose steps run inside `engine.advance`, so it needs no input except a
recorded tile or a region tie (`automa_bonuses`).  Each step logs its move as an instruction for
the physical table.
"""
from __future__ import annotations

from api.games.asian_tigers.decisions import new_decision, push_frame
from api.games.asian_tigers.edition.load import CENTERS, Space
from api.games.asian_tigers.errors import IllegalActionError, msg
from api.games.asian_tigers.presentation.labels import center_label, keep
from api.games.asian_tigers.solo.automa_bonuses import (automa_player, factory_sector, held_nations, next_generic,
                                                        place_flag, say, take_factory, take_generic)
from api.games.asian_tigers.state import GameState, Piece
from api.games.asian_tigers.told import building_named, good_named, tiger_named, told
from api.games.asian_tigers.turn.building import reach
from api.games.asian_tigers.turn.effects import advance_global_market, advance_influence, apply_simple_effect
from api.games.asian_tigers.turn.investment import column_ip
from api.games.asian_tigers.turn.market import flag_value, nations_at
from api.games.messages import Message

STC = "STC"


def begin_automa_turn(state: GameState) -> None:
    """Open the Automa's turn: reveal a tile, place, act, end (SOLO-AUTOMA-01)."""
    push_frame(state, "automa_turn", ["automa_tile", "automa_place"], seat=state.solo["automa"])


# -- the tile ------------------------------------------------------------------------
def tile_step(state: GameState, frame: dict, events: list[dict]) -> dict | None:
    """SOLO-AUTOMA-01 / SOLO-SETUP-03: the next tile of the seeded pile, or ask which tile the table revealed."""
    # The view's instruction list is the turn about to be played (era-start effects ran before it).
    state.solo["instructions"] = []
    if state.solo["tiles_mode"] == "recorded":
        return new_decision(state, "record_automa_tile", "0", declinable=False)
    reveal(state, frame, state.solo["pile"][0], events)
    return None


def reveal(state: GameState, frame: dict, tile: str, events: list[dict]) -> None:
    """Take `tile` off the pile for this turn."""
    solo = state.solo
    solo["pile"].remove(tile)
    solo["revealed"].append(tile)
    frame["tile"] = tile
    say(state, events, "automa_tile_revealed", msg("reveal {tile}", tile=f"tile {tile}"), tile=tile)


def record_tile_options(state: GameState, decision: dict) -> list[dict]:
    """One option per tile still in the Automa's pile."""
    return [{"kind": "reveal_automa_tile", "tile": t} for t in state.solo["pile"]]


def reveal_automa_tile(state: GameState, action: dict, events: list[dict]) -> None:
    """The table says which tile it revealed."""
    tile = action.get("tile")
    if tile not in state.solo["pile"]:
        raise IllegalActionError(msg("Tile {tile} is not in the Automa's pile; left: {pile}", tile=repr(tile),
                                     pile=', '.join(state.solo['pile'])), code="tile_not_in_pile",
                                 rule="SOLO-AUTOMA-01", field="tile")
    reveal(state, state.frames[state.decisions[-1]["frame"]], tile, events)


# -- where the worker goes (pure) -----------------------------------------------------------
def target_tiger(state: GameState, target: dict) -> str:
    """SOLO-AUTOMA-04: the named Tiger, or the one with more / fewer Automa IP (a tie takes the default)."""
    if target["type"] == "investment":
        return target["tiger"]
    a, b = target["tigers"]
    ip_a, ip_b = (column_ip(state, state.solo["automa"], t).total for t in (a, b))
    if ip_a == ip_b:
        return target["tie_default"]
    more = a if ip_a > ip_b else b
    return more if target["pick"] == "more_investment_points" else (b if more == a else a)


def destination(state: GameState, tile: str, worker: str) -> dict:
    """Where the Automa's worker goes (AMB-41): {"center": id, "why": text}; centre ``STC`` for the special one."""
    target = state.edition.solo["action_tiles"][tile]["target"]
    if target["type"] == "trade_center":
        return _trade_destination(state, target["trade_center"], worker)
    tiger = target_tiger(state, target)
    centers = [f"{tiger}.{c}" for c in state.edition.board["investment_center_order_left_to_right"]]
    fixed = next((c for c in centers if state.centers[c] == worker), None)
    if fixed:  # SOLO-AUTOMA-02: the type it holds is already required there
        return {"center": fixed, "tiger": tiger, "why": f"{fixed} already takes {worker} workers"}
    free = next((c for c in centers if state.centers[c] is None), None)
    if free:  # SOLO-AUTOMA-03: the leftmost centre with no type yet
        return {"center": free, "tiger": tiger, "why": msg("leftmost free centre")}
    return {"center": STC, "why": msg("every centre of {tiger} takes another worker type",
                                      tiger=tiger_named(state, tiger))}


def _has_flags(state: GameState, trade_center: str) -> bool:
    return any(state.flag_stacks[n] for n in nations_at(state, trade_center))


def _trade_destination(state: GameState, named: str, worker: str) -> dict:
    fixed = state.trade_centers[named]
    if fixed is not None and fixed != worker:  # SOLO-AUTOMA-12
        return {"center": STC, "why": msg("{center} takes {worker} workers", center=named, worker=fixed)}
    if not _has_flags(state, named):  # SOLO-AUTOMA-12 / AMB-41 step 3 comes before the free-centre swap (step 4)
        return {"center": STC, "why": msg("{center} has no flags left", center=named)}
    if fixed is None:
        if worker in state.trade_centers.values():  # PLACE-03: no free centre may take this type
            return {"center": STC, "why": msg("another trade centre already takes {worker} workers", worker=worker)}
        order = list(state.edition.board["trade_center_order_top_to_bottom"])
        if state.era == 2:
            order.reverse()  # SOLO-AUTOMA-13: topmost in Era I, bottommost in Era II
        named = next(tc for tc in order if state.trade_centers[tc] is None)
    if not _has_flags(state, named):  # SOLO-AUTOMA-12
        return {"center": STC, "why": msg("{center} has no flags left", center=named)}
    return {"center": named, "why": msg("its type matches") if fixed else msg("topmost free trade centre")
            if state.era == 1 else msg("bottommost free trade centre")}


# -- placing ----------------------------------------------------------------------------------
def _center_label(state: GameState, center: str):
    # The Automa's instructions name a restricted trade centre by its id.
    return f"trade centre {center}" if center in state.trade_centers else center_label(state.edition, center, "en",
                                                                                        keep)


def place_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """Place the leftmost worker where the tile says and line up the action's steps (no funds, SOLO-AUTOMA-08)."""
    automa = automa_player(state)
    worker = automa.team.pop(0)
    automa.placed[worker] += 1
    automa.workers_placed += 1
    where = destination(state, frame["tile"], worker)
    center = where["center"]
    frame.update(worker=worker, center=center)
    state.turn.update({"worker": worker, "center": center})
    say(state, events, "worker_placed", msg("{worker} worker to {center} ({why})", worker=worker,
                                            center=_center_label(state, center), why=where["why"]),
        center=center, worker=worker)
    tile = state.edition.solo["action_tiles"][frame["tile"]]
    if center == STC:
        amount = state.edition.solo["automa_rules"]["no_match_or_no_flags"]["advance_global_market"]
        _gm(state, amount, msg("special trade centre"), events)
        frame["steps"][:0] = ["automa_end"]
    elif center in state.trade_centers:
        if state.trade_centers[center] is None:
            state.trade_centers[center] = worker
        frame.update(flags_wanted=min(tile["trade_center_rule"]["flags"],
                                      state.edition.trade_centers[center]["sales_max"]), flags=[], sold=[])
        frame["steps"][:0] = ["automa_flag", "automa_trade_gm", "automa_end"]
    else:
        state.centers[center] = worker
        state.center_workers[center].append(automa.id)
        frame.update(tiger=where["tiger"], letter=center.split(".")[1])
        frame["steps"][:0] = ["automa_sale", "automa_build", "automa_department", "automa_university_bonus",
                              "automa_influence", "automa_end"]


def _gm(state: GameState, amount: int, reason: str, events: list[dict]) -> None:
    moved = advance_global_market(state, state.solo["automa"], amount, reason)
    if moved:
        say(state, events, "automa_global_market", msg("advance {amount} on the global market ({source}; {start} → "
                                                       "{end})", amount=amount, source=reason, start=moved[0]["from"],
                                                       end=moved[0]["to"]), amount=amount)


# -- investment centre -------------------------------------------------------------------------
def market_for_sale(state: GameState, tiger: str, letter: str) -> str | None:
    """SOLO-AUTOMA-10 / AMB-43: the centre's column market, else the next to the right, no wrap."""
    columns = list(state.edition.board["investment_center_order_left_to_right"])
    for column in columns[columns.index(letter):]:
        market = state.edition.tigers[tiger].market_in_column(column)
        if state.local_markets[market.id] is None:
            return market.id
    return None


def sale_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """A tile's local-market sale: a good from the supply, no influence (SOLO-AUTOMA-10)."""
    if not state.edition.solo["action_tiles"][frame["tile"]]["local_market_sale"]:
        return None
    market_id = market_for_sale(state, frame["tiger"], frame["letter"])
    if market_id is None:
        say(state, events, "automa_no_sale", msg("no local market to the right is free in {tiger}: no sale",
                                                 tiger=tiger_named(state, frame["tiger"])))
        return None
    market = state.edition.tigers[frame["tiger"]].local_markets[market_id]
    if state.supply_goods[market.good] < 1:  # AMB-37: the supply is a hard limit
        say(state, events, "automa_no_sale", msg("the supply has no {good} for the column {column} market: no sale",
                                                 good=good_named(market.good), column=market.column))
        return None
    state.supply_goods[market.good] -= 1
    state.local_markets[market_id] = {"good": market.good, "seller": state.solo["automa"]}
    say(state, events, "local_sale_made", msg("put {good} from the supply on the column {column} market of {tiger} "
                                              "(no influence)", good=good_named(market.good), column=market.column,
                                              tiger=tiger_named(state, market.tiger)), market=market_id,
        good=market.good)


def _can_take(state: GameState, space: Space) -> bool:
    if space.kind == "factory":
        return factory_sector(state, space.good) is not None
    return next_generic(state) is not None


def _open_spaces(state: GameState, tiger: str) -> list[Space]:
    """The Tiger's construction spaces open at this player count, left to right."""
    return sorted((s for s in state.edition.tigers[tiger].spaces.values() if s.min_players <= state.player_count),
                  key=lambda s: (s.position, s.id))


def build_choice(state: GameState, tiger: str, letter: str) -> Space | None:
    """SOLO-AUTOMA-05 / AMB-42: priority university → factory → laboratory → power plant within the centre's
    reach, then the next centres cyclically A → B → C → A, then an ∞ laboratory / power plant."""
    rules = state.edition.solo["automa_rules"]
    spaces = [s for s in _open_spaces(state, tiger) if _can_take(state, s)]
    start = CENTERS.index(letter)
    for offset in range(len(CENTERS)):
        center = CENTERS[(start + offset) % len(CENTERS)]
        columns = reach(state, center)
        for kind in rules["build_priority"]:
            if kind == "university" and center == "C":  # BUILD-UNI-03
                continue
            space = next((s for s in spaces if s.kind == kind and not s.infinite and s.id not in state.occupancy
                          and s.column in columns), None)
            if space is not None:
                return space
    for kind in rules["build_priority"]:
        space = next((s for s in spaces if s.kind == kind and s.infinite), None)
        if space is not None and kind in rules["infinite_fallback_kinds"]:
            return space
    return None


def _put(state: GameState, space: Space) -> None:
    if not space.infinite:
        state.occupancy[space.id] = len(state.pieces)
    state.pieces.append(Piece(state.solo["automa"], space.id, space.tiger, space.kind))


def build_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """Build by priority, taking the next numbered piece or the matching factory; no costs, no gains."""
    space = build_choice(state, frame["tiger"], frame["letter"])
    if space is None:
        say(state, events, "automa_no_build", msg("nothing can be built in {tiger} (no piece or space left)",
                                                  tiger=tiger_named(state, frame["tiger"])))
        return None
    frame["built"] = space.id
    if space.kind == "factory":
        _put(state, space)
        say(state, events, "infrastructure_built", msg("take its {good} factory; build it on {space} (no production)",
                                                       good=good_named(space.good), space=space.id),
            space=space.id, infrastructure=space.kind)
        take_factory(state, space.good, events)
        return None
    label = next_generic(state)[0]
    _put(state, space)
    say(state, events, "infrastructure_built", msg("take {piece}; build a {building} on {space}", piece=label,
                                                   building=building_named(space.kind), space=space.id),
        space=space.id, infrastructure=space.kind, piece=label)
    take_generic(state, events)


def department_space(state: GameState, tiger: str) -> Space | None:
    """SOLO-AUTOMA-07: the first open department space from left to right (I09)."""
    return next((s for s in _open_spaces(state, tiger) if s.kind == "department" and s.id not in state.occupancy),
                None)


def department_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """A university that offers a department always gets one, free of science (AMB-44)."""
    university = frame.get("built")
    if university is None or state.edition.space(university).kind != "university" \
            or "build_department" not in state.edition.space(university).additional_actions:
        return None
    space = department_space(state, frame["tiger"])
    if space is None or next_generic(state) is None:
        say(state, events, "automa_no_department", msg("no department: no open department space") if space is None
            else msg("no department: no generic piece left"))
        return None
    label = next_generic(state)[0]
    _put(state, space)
    say(state, events, "infrastructure_built", msg("take {piece}; build a department on {space} (no science)",
                                                   piece=label, space=space.id),
        space=space.id, infrastructure="department", piece=label)
    take_generic(state, events)


def university_bonus_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """The university's printed bonus, when it moves the GM or influence (AMB-44)."""
    built = frame.get("built")
    space = state.edition.space(built) if built else None
    if space is None or space.kind != "university" or space.bonus is None:
        return None
    bonus = space.bonus
    if bonus["do"] in ("advance_global_market", "advance_influence"):
        apply_simple_effect(state, state.solo["automa"], bonus, space.tiger, msg("university bonus"))
        source = f"university bonus on {space.id}"  # narrated as one phrase (the space without its bonus)
        said = msg("advance {amount} on the global market ({source})", amount=bonus["amount"], source=source) \
            if bonus["do"] == "advance_global_market" else msg("advance {amount} influence in {tiger} ({source})",
                                                               amount=bonus["amount"], source=source,
                                                               tiger=tiger_named(state, space.tiger))
        say(state, events, "automa_university_bonus", said, amount=bonus["amount"])
    else:
        say(state, events, "automa_university_bonus", msg("the {source} gives nothing to the Automa (it keeps no "
                                                          "resources)", source=f"university bonus on {space.id}"))


def influence_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """SOLO-AUTOMA-09: +2 / +4 influence on the Tiger where the worker acts."""
    amount = state.edition.solo["action_tiles"][frame["tile"]]["influence"]
    if amount:
        advance_influence(state, state.solo["automa"], frame["tiger"], amount, f"tile {frame['tile']}")
        say(state, events, "automa_influence", msg("advance {amount} influence in {tiger} ({source})", amount=amount,
                                                   tiger=tiger_named(state, frame["tiger"]),
                                                   source=f"tile {frame['tile']}"), tiger=frame["tiger"], amount=amount)


# -- trade centre -------------------------------------------------------------------------------
def flag_choices(state: GameState, trade_center: str, sold: list[str]) -> list[str]:
    """SOLO-AUTOMA-11: nations still open here, new nations first, each group by its top flag's value."""
    held = held_nations(state)
    nations = [n for n in nations_at(state, trade_center) if state.flag_stacks[n] and n not in sold]
    return sorted(nations, key=lambda n: (n in held, -flag_value(state, state.flag_stacks[n][0])))


def flag_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """Take one flag (no goods paid) and place it on the Automa board; repeat while the tile asks for more."""
    choices = flag_choices(state, frame["center"], frame["sold"])
    if not choices:
        return None
    nation = choices[0]
    new = nation not in held_nations(state)
    flag = state.flag_stacks[nation].pop(0)
    frame["flags"].append(flag)
    frame["sold"].append(nation)
    where = place_flag(state, flag, events)
    english = (f"take flag {flag} ({state.edition.nations[nation].name}, {'a new nation' if new else 'a repeat'}, "
               f"value {flag_value(state, flag)}) and place it {where}")  # the state's line, as narration reads it
    said = msg("take flag {flag} (a new nation) and place it {where}", flag=flag, where=where) if new else msg(
        "take flag {flag} (a repeat) and place it {where}", flag=flag, where=where)
    say(state, events, "automa_flag_taken", said, english, flag=flag, nation=nation)
    if len(frame["flags"]) < frame["flags_wanted"]:
        frame["steps"].insert(0, "automa_flag")


def trade_gm_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """TRADE-06 / SOLO-AUTOMA-11: advance by the highest-value flag taken."""
    if frame["flags"]:
        best = max(frame["flags"], key=lambda f: flag_value(state, f))
        _gm(state, flag_value(state, best), msg("flag {flag}", flag=best), events)


def close_turn(state: GameState, events: list[dict]) -> None:
    """Close the Automa's turn with one summary line (`flow.automa_end_step` then passes the turn, TURN-03)."""
    lines = state.solo["instructions"]
    summary = f"{lines[0]} — " + "; ".join(lines[1:]) if len(lines) > 1 else "".join(lines)
    # The turn's lines are kept in English in the state (hashed); the summary's message joins the messages of the
    # Automa's own lines of this step, when every line is one of them (else it is said from the English lines).
    own = {e["text"][len("Automa: "):]: e["message"].params["line"] for e in events
           if e.get("participant") == state.solo["automa"] and isinstance(e.get("message"), Message)
           and e["message"].id == "Automa: {line}"}
    parts = [own.get(line) for line in lines]
    line = Message("{p0} — " + "; ".join(f"{{p{i}}}" for i in range(1, len(parts))) if len(parts) > 1 else "{p0}",
                   {f"p{i}": p for i, p in enumerate(parts)}) if parts and None not in parts else summary
    events.append({"kind": "automa_turn", "participant": state.solo["automa"], "instructions": list(lines),
                   "text": f"Automa: {summary}", "message": msg("Automa: {line}", line=line)})
    state.pending_bonuses = []
    state.frames = []
