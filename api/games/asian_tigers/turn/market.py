"""The global market: trade centres, sales, flags and the GM advance (GM-*, TRADE-*, FLAG-*).

A sale names the nation, the goods paid (regional nations: the seller's
choice) and the final-scoring row its flag goes to; the flag's nation bonus
joins the turn's bonus queue (FLAG-03/04).  Only sales with an empty accepting
row are offered (AMB-35).
"""
from __future__ import annotations

from itertools import combinations

from api.games.asian_tigers.decisions import push_frame, repeat
from api.games.asian_tigers.errors import (ActionShapeError, IllegalActionError, Message, Refusal, and_list, joined,
                                           listed, msg, msg_n)
from api.games.asian_tigers.presentation.cache import per_edition
from api.games.asian_tigers.state import GameState, PlayerState
from api.games.asian_tigers.told import bonus_named, good_named, goods_joined, nation_named, row_named, told
from api.games.asian_tigers.turn.effects import advance_global_market


def nations_at(state: GameState, trade_center: str) -> list[str]:
    """Nations sold to at `trade_center` (TRADE-01)."""
    return [code for code, nation in state.edition.nations.items() if nation.trade_center == trade_center]


def empty_rows_for(state: GameState, player: PlayerState, nation: str) -> list[str]:
    """FLAG-02: the empty rows of the player board accepting a flag of `nation`."""
    return [row for row in _rows_accepting(state.edition, nation) if row not in player.rows]


@per_edition
def _rows_accepting(edition, nation: str) -> tuple[str, ...]:
    """The final-scoring rows a flag of `nation` may go in, in the edition's order (read for every
    trade centre each time the placements are listed)."""
    return tuple(r.id for r in edition.rows.values() if r.accepts_nation(nation))


def payments_for(state: GameState, player: PlayerState, nation: str) -> list[tuple[str, ...]]:
    """The ways `player` can pay `nation`'s demand (TRADE-04/05)."""
    demand = state.edition.nations[nation]
    if demand.demand_goods is not None:
        goods = tuple(sorted(demand.demand_goods))
        return [goods] if all(player.goods[g] >= 1 for g in goods) else []
    held = sorted(g for g, n in player.goods.items() if n >= 1)
    return list(combinations(held, demand.demand_any_different))


def check_sale(state: GameState, player: PlayerState, action: dict, allowed: list[str]) -> dict:
    """Validate a sale to one of the `allowed` nations (raises `sale_refusal`'s); returns {nation, goods, row}."""
    refusal = sale_refusal(state, player, action, allowed)
    if refusal is not None:
        raise refusal.error()
    # The goods are a set: spelt as the options list them.
    return {"nation": action["nation"], "goods": sorted(action["goods"]), "row": action["row"]}


def sale_refusal(state: GameState, player: PlayerState, action: dict, allowed: list[str]) -> Refusal | None:
    """Why `player` may not make the sale `action` ({nation, goods, row}) to one of the `allowed` nations, or
    None (TRADE-02..05/08, FLAG-02, AMB-35): the one check the listed sales and `check_sale` use."""
    nation = action.get("nation")
    if nation not in state.edition.nations:
        return Refusal(msg("unknown nation {nation}", nation=repr(nation)), "unknown_nation", "TRADE-02",
                       ActionShapeError, {"field": "nation"})
    demand = state.edition.nations[nation]
    if nation not in allowed:
        return Refusal(msg("{nation} cannot be sold to here (or was already sold to this turn); open: {allowed}",
                           nation=demand.name, allowed=listed(allowed)), "nation_not_available", "TRADE-02")
    if not state.flag_stacks[nation]:
        return Refusal(msg("{nation} has no flag left", nation=demand.name), "no_flag_left", "TRADE-08")
    goods = action.get("goods")
    if not isinstance(goods, list) or not all(isinstance(g, str) for g in goods):
        return Refusal(msg("goods must be a list of good names"), "goods_required", "TRADE-03", ActionShapeError,
                       {"field": "goods"})
    if any(g not in state.edition.goods for g in goods):
        return Refusal(msg("unknown good in {goods}", goods=str(goods)), "unknown_good", "TRADE-03", ActionShapeError,
                       {"field": "goods"})
    if demand.demand_goods is not None and sorted(goods) != sorted(demand.demand_goods):
        return Refusal(msg("{nation} demands {goods}", nation=demand.name,
                           goods=and_list(map(good_named, demand.demand_goods))), "wrong_goods", "TRADE-04")
    if demand.demand_any_different is not None and (len(goods) != demand.demand_any_different
                                                    or len(set(goods)) != len(goods)):
        return Refusal(msg("{nation} takes {count} different goods of your choice", nation=demand.name,
                           count=demand.demand_any_different), "wrong_goods", "TRADE-05")
    missing = [g for g in goods if player.goods[g] < 1]
    if missing:
        return Refusal(msg("You have no {missing} to pay {nation}", nation=demand.name,
                           missing=joined(list(map(good_named, missing)), ", ")), "missing_goods", "TRADE-03")
    row = action.get("row")
    rows = empty_rows_for(state, player, nation)
    if row not in state.edition.rows:
        return Refusal(msg("say which final-scoring row takes the flag (\"row\"; open for {nation}: {rows})",
                           nation=demand.name, rows=listed(rows)), "row_required", "FLAG-02", ActionShapeError,
                       {"field": "row"})
    if row not in rows:
        said, held = dict(row=row, nation=demand.name, rows=listed(rows)), row in player.rows
        return Refusal(msg("Row {row} already holds a flag; open rows for {nation}: {rows}", **said) if held
                       else msg("Row {row} does not accept {nation}; open rows for {nation}: {rows}", **said),
                       "row_not_available", "FLAG-02" if rows else "AMB-35")
    return None


def _sales(state: GameState, player: PlayerState, allowed: list[str], rows_per_nation: int | None = None):
    """Every sale ({nation, goods, row}) to the `allowed` nations that `sale_refusal` lets through: the
    candidates are each nation, each set of goods at hand its demand may take, each empty row accepting
    its flag (the first `rows_per_nation` of them, when given)."""
    for nation in allowed:
        for goods in payments_for(state, player, nation):
            for row in empty_rows_for(state, player, nation)[:rows_per_nation]:
                sale = {"nation": nation, "goods": list(goods), "row": row}
                if sale_refusal(state, player, sale, allowed) is None:
                    yield sale


def sale_options(state: GameState, player: PlayerState, allowed: list[str], kind: str) -> list[dict]:
    """Every legal sale to the `allowed` nations, as actions of `kind`."""
    return [{"kind": kind, **sale} for sale in _sales(state, player, allowed)]


def any_sale(state: GameState, player: PlayerState, allowed: list[str]) -> bool:
    """True when `sale_options` offers a sale to one of the `allowed` nations (found without listing them all:
    whether a sale passes does not depend on which empty row accepting its flag it names)."""
    return next(_sales(state, player, allowed, 1), None) is not None


def make_sale(state: GameState, player: PlayerState, sale: dict, events: list[dict], where: str | Message) -> str:
    """Pay the goods, take the top flag into its row and queue the row's nation bonus (TRADE-03, FLAG-03)."""
    supply = state.supply_goods
    for good in sale["goods"]:
        player.goods[good] -= 1
        supply[good] += 1
    flag_id = state.flag_stacks[sale["nation"]].pop(0)
    player.rows[sale["row"]] = flag_id
    nation = state.edition.nations[sale["nation"]]
    events.append({"kind": "sale_made", "participant": player.id, "nation": nation.code, "goods": sale["goods"],
                   "flag": flag_id, "row": sale["row"],
                   **told(msg("{player} sells {goods} to {nation} at {where} and places flag {flag} in {row}",
                              player=player.name, goods=goods_joined(sale["goods"]),
                              nation=nation_named(state, nation.code), where=where, flag=flag_id,
                              row=row_named(state, sale["row"])))})
    queue_nation_bonus(state, player, sale["row"], events)
    return flag_id


def queue_nation_bonus(state: GameState, player: PlayerState, row_id: str, events: list[dict]) -> None:
    """FLAG-03: a flag placed in a row unlocks the row's nation bonus once."""
    bonus = state.edition.rows[row_id].nation_bonus
    state.pending_bonuses.append({"id": state.next_bonus_id, "seat": player.id, "source": f"row:{row_id}",
                                         "bonus": bonus, "type": "nation"})
    state.next_bonus_id += 1
    events.append({"kind": "bonus_unlocked", "participant": player.id, "row": row_id, "bonus": bonus,
                   **told(msg("Row {row} unlocks the nation bonus “{bonus}”", row=row_id,
                              bonus=bonus_named(state, bonus)))})


def flag_value(state: GameState, flag_id: str) -> int:
    """Printed GM value of a nation flag."""
    nation = state.edition.nations[flag_id.rsplit("-", 1)[0]]
    return next(f.value for f in nation.flags if f.id == flag_id)


# -- trade centre placement ------------------------------------------------------------
def trade_center_refusal(state: GameState, player: PlayerState, trade_center: str, worker: str) -> Refusal | None:
    """PLACE-01/03, TRADE-09 and AMB-49 for the three restricted trade centres: why `worker` may not go
    to `trade_center`, or None (the one check: the options and `place_worker` both use it)."""
    fixed = state.trade_centers[trade_center]
    if fixed is not None and fixed != worker:
        return Refusal(msg("This era {trade_center} already takes {fixed} workers; your next worker is {worker}",
                           trade_center=trade_center, fixed=fixed, worker=worker), "center_type_fixed",
                       "PLACE-01")
    if fixed is None:
        other = next((tc for tc, t in state.trade_centers.items() if t == worker), None)
        if other:
            return Refusal(msg("No two trade centres take the same type: {other} already takes {worker} workers",
                               other=other, worker=worker), "worker_type_taken_at_market", "PLACE-03")
    nations = nations_at(state, trade_center)
    if not any_sale(state, player, nations):
        return Refusal(msg("You cannot make any sale at {trade_center}, so no worker may go there: {reasons}",
                           trade_center=trade_center,
                           reasons=joined([_no_sale_reason(state, player, n) for n in nations], "; ")),
                       "no_possible_sale", "TRADE-09")
    return None


def _no_sale_reason(state: GameState, player: PlayerState, nation: str) -> Message:
    """Why `player` cannot sell to `nation` now, in the table's words (issue 33: which of goods, flag, row)."""
    spec = state.edition.nations[nation]
    if not state.flag_stacks[nation]:
        return msg("{nation} has no flag left", nation=spec.name)
    if not payments_for(state, player, nation):
        if spec.demand_goods is not None:
            lacking = and_list(msg("no {good}", good=good_named(g)) for g in spec.demand_goods if player.goods[g] < 1)
            return msg("{nation} takes 1 {goods} (you have {lacking})", nation=spec.name,
                       goods=joined(list(map(good_named, spec.demand_goods)), " + 1 "), lacking=lacking)
        held = sum(1 for n in player.goods.values() if n >= 1)
        return msg_n("{nation} takes {count} different goods (you have {held} kind)",
                     "{nation} takes {count} different goods (you have {held} kinds)", "held", nation=spec.name,
                     count=spec.demand_any_different, held=held)
    return msg("no open row on your board takes a {nation} flag", nation=spec.name)


def start_trade(state: GameState, player: PlayerState, trade_center: str, worker: str, events: list[dict]) -> None:
    """Place at a restricted trade centre and open its sales (TRADE-02)."""
    newly_fixed = state.trade_centers[trade_center] is None
    state.trade_centers[trade_center] = worker
    values = dict(player=player.name, worker=worker, center=f"trade centre {trade_center}")
    said = msg("{player} places a {worker} worker in {center}; it takes {worker} workers for the rest of the era",
               **values) if newly_fixed else msg("{player} places a {worker} worker in {center}", **values)
    events.append({"kind": "worker_placed", "participant": player.id, "center": trade_center, "worker": worker,
                   **told(said)})
    push_frame(state, "trade", ["sales", "gm_flag"], seat=player.id, trade_center=trade_center, sold=[], flags=[])


def open_nations(state: GameState, frame: dict) -> list[str]:
    """Nations of the frame's centre not yet sold to this turn, while sales remain."""
    spec = state.edition.trade_centers[frame["trade_center"]]
    if len(frame["sold"]) >= spec["sales_max"]:
        return []
    return [n for n in nations_at(state, frame["trade_center"]) if n not in frame["sold"]]


def open_sales(state: GameState, decision: dict) -> list[dict]:
    """The sales still open at the worker's trade centre (`flow.sale_options` adds the turn's bonuses)."""
    frame = state.frames[decision["frame"]]
    return sale_options(state, state.player(decision["seat"]), open_nations(state, frame), "sell_to_nation")


def sell_to_nation(state: GameState, action: dict, events: list[dict]) -> None:
    """One sale at the trade centre where the worker stands."""
    decision = state.decisions[-1]
    frame = state.frames[decision["frame"]]
    player = state.player(decision["seat"])
    sale = check_sale(state, player, action, open_nations(state, frame))
    frame["flags"].append(make_sale(state, player, sale, events, f"trade centre {frame['trade_center']}"))
    frame["sold"].append(sale["nation"])
    repeat(state, decision)


def finish_sales(state: GameState, action: dict, events: list[dict]) -> None:
    """Stop selling; the GM advance follows (TRADE-06)."""
    if not state.frames[state.decisions[-1]["frame"]]["sold"]:
        raise IllegalActionError(msg("Make at least one sale first"), code="sale_required", rule="TRADE-09")


def gm_flag_options(state: GameState, decision: dict) -> list[dict]:
    """One option per flag bought at the centre this turn."""
    return [{"kind": "advance_with_flag", "flag": f} for f in decision["flags"]]


def advance_with_flag(state: GameState, action: dict, events: list[dict]) -> None:
    """Advance by the chosen flag's printed value (AMB-13: the seller chooses)."""
    decision = state.decisions[-1]
    if action.get("flag") not in decision["flags"]:
        raise IllegalActionError(msg("Choose one of the flags bought here this turn: {flags}",
                                     flags=listed(decision['flags'])), code="flag_not_bought_here", rule="TRADE-06")
    value = flag_value(state, action["flag"])
    nation = action["flag"].rsplit("-", 1)[0]
    index = next(i for i, f in enumerate(state.edition.nations[nation].flags) if f.id == action["flag"])
    moved = advance_global_market(state, decision["seat"], value, msg("flag {flag}", flag=action["flag"]))
    for event in moved:
        event["placeholder_values"] = state.edition.placeholders(f"/global_market/nations/{nation}/flags/{index}/value")
    events.extend(moved)


# -- special trade centre sale ------------------------------------------------------------
def other_center_nations(state: GameState) -> list[str]:
    """TRADE-07: every nation of the three other trade centres."""
    return [code for code, n in state.edition.nations.items() if n.trade_center in state.trade_centers]


def special_sale(state: GameState, action: dict, events: list[dict]) -> None:
    """TRADE-07: one sale to a nation of another centre, without advancing."""
    player = state.player(state.decisions[-1]["seat"])
    sale = check_sale(state, player, action, other_center_nations(state))
    make_sale(state, player, sale, events, msg("the special trade centre (no global-market advance)"))
