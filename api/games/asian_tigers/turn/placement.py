"""Placing a worker: investment centres, the special trade centre, local markets.

Rules TURN-01/02, PLACE-01..07, FUNDS-01/02, LMKT-01..05, each with one check (`center_refusal`,
`local_sale_refusal`) that both the options and the answers use.
"""
from __future__ import annotations

from api.games.asian_tigers.decisions import push_frame
from api.games.asian_tigers.edition.load import CENTERS
from api.games.asian_tigers.errors import ActionShapeError, IllegalActionError, Refusal, msg, msg_n
from api.games.asian_tigers.presentation.labels import center_label, keep
from api.games.asian_tigers.state import GameState, PlayerState
from api.games.asian_tigers.told import good_named, tiger_named, told
from api.games.asian_tigers.turn import building, market
from api.games.asian_tigers.turn.effects import advance_global_market, advance_influence

SPECIAL_TRADE_CENTER = "STC"


# -- which worker ---------------------------------------------------------------
def worker_for(state: GameState, player: PlayerState, action: dict) -> str:
    """The worker this placement uses (TURN-01; PSETUP-03/04 for stated types)."""
    types = state.edition.worker_types
    stated = action.get("worker")
    if stated is not None and stated not in types:
        raise ActionShapeError(msg("worker must be one of {types}", types=', '.join(types)), code="unknown_worker_type",
                               field="worker")
    if player.team is not None:
        leftmost = player.team[0]
        if stated is not None and stated != leftmost:
            raise IllegalActionError(msg("Your next worker is {leftmost} (the leftmost in your team area), not "
                                         "{stated}", leftmost=leftmost, stated=stated), code="not_leftmost_worker",
                                     rule="TURN-01")
        if "worker" in action:  # its options name no worker: the answer is one of them, nothing more (TURN-04)
            raise ActionShapeError(msg("This table recorded each team area's sequence, so your next worker is known "
                                       "({leftmost}): leave \"worker\" out", leftmost=leftmost),
                                   code="unexpected_field", field="worker")
        return leftmost
    if stated is None:
        raise ActionShapeError(msg("This table states each worker's type: add \"worker\" to the placement"),
                               code="worker_type_required", field="worker")
    allowed = stated_types_possible(state, player)
    if stated not in allowed:
        raise IllegalActionError(msg("Your team area cannot still hold a {stated} worker: you have placed {placed} of "
                                     "that type this era (12 workers, 4 per type, minus 2 of different types set "
                                     "aside)", stated=stated, placed=player.placed[stated]), code="worker_not_in_team",
                                 rule="PSETUP-03")
    return stated


def stated_types_possible(state: GameState, player: PlayerState) -> list[str]:
    """Worker types that can still be in a team area whose sequence was not recorded."""
    per_type = state.edition.setup["player"]["workers_per_type"]
    types = state.edition.worker_types
    if player.set_aside is not None:
        return [t for t in types if player.placed[t] < per_type - player.set_aside.count(t)]
    # Unknown set-aside pair: the team is 4/3/3 in some order, so only one type may reach 4.
    at_max = [t for t in types if player.placed[t] >= per_type]
    return [t for t in types if player.placed[t] < per_type - 1
            or (player.placed[t] == per_type - 1 and not at_max)]


# -- investment centres -----------------------------------------------------------
def center_cost(state: GameState, center: str) -> int:
    """The funds an investment centre costs (PLACE-05)."""
    return state.edition.rules["investment_centers"][center.split(".")[1]]["cost_funds"]


def center_refusal(state: GameState, player: PlayerState, center: str, worker: str) -> Refusal | None:
    """PLACE-01/02/05 and TURN-02: why `worker` may not go to investment centre `center`, or None.

    The one check of these rules: the options list the centres it lets through, `place_worker`
    raises what it refuses.
    """
    tiger, letter = center.split(".")
    label, name = center_label(state.edition, center, "en", keep), tiger_named(state, tiger)  # said in any language
    cost = center_cost(state, center)
    fixed = state.centers[center]
    if fixed is not None and fixed != worker:
        return Refusal(msg("{label} already takes {fixed} workers this era; your next worker is {worker}", label=label,
                           fixed=fixed, worker=worker), "center_type_fixed", "PLACE-01")
    if fixed is None:
        for other in CENTERS:
            key = f"{tiger}.{other}"
            if key != center and state.centers[key] == worker:
                return Refusal(msg("{center} already takes {worker} workers this era, and no two centres of {name} "
                                   "take the same type", center=center_label(state.edition, key, "en", keep),
                                   worker=worker, name=name), "worker_type_taken_in_tiger", "PLACE-02")
    if player.funds[tiger] < cost:
        return Refusal(msg("{label} costs {cost} funds on {name}; you have {funds}", label=label, cost=cost, name=name,
                           funds=player.funds[tiger]), "insufficient_funds", "PLACE-05")
    if not building.any_build_possible(state, player, tiger, letter):
        return Refusal(msg("A worker in an investment centre must build, and nothing you can build is open within "
                           "reach of {label} (columns {reach})", label=label,
                           reach=', '.join(building.reach(state, letter))), "no_legal_build", "TURN-02")
    return None


def check_place_worker(state: GameState, action: dict) -> dict:
    """Validate a placement; returns {center, worker, cost}."""
    player = state.player(state.turn_order[state.turn_index])
    center = action.get("center")
    if not isinstance(center, str):
        raise ActionShapeError(msg("place_worker needs a \"center\" (e.g. \"SK.A\" or \"STC\")"), code="missing_field",
                               field="center", rule="TURN-01")
    worker = worker_for(state, player, action)
    if center == SPECIAL_TRADE_CENTER:
        return {"center": center, "worker": worker, "cost": 0}  # PLACE-03/07: takes any worker
    if center in state.trade_centers:
        refusal = market.trade_center_refusal(state, player, center, worker)
        cost = 0
    elif center in state.centers:
        refusal = center_refusal(state, player, center, worker)
        cost = center_cost(state, center)
    else:
        raise ActionShapeError(msg("unknown centre {center}", center=repr(center)), code="unknown_center",
                               field="center", rule="TURN-02")
    if refusal is not None:
        raise refusal.error()
    return {"center": center, "worker": worker, "cost": cost}


def place_worker(state: GameState, action: dict, events: list[dict]) -> None:
    """Place the worker, fix the centre's type, pay, and start the action's frame."""
    info = check_place_worker(state, action)
    player = state.current_player
    center, worker = info["center"], info["worker"]
    if player.team is not None:
        player.team.pop(0)
    player.placed[worker] += 1
    player.workers_placed += 1
    state.turn.update({"worker": worker, "center": center})
    if center == SPECIAL_TRADE_CENTER:
        events.append({"kind": "worker_placed", "participant": player.id, "center": center, "worker": worker,
                       **told(msg("{player} places a {worker} worker in the special trade centre",
                                  player=player.name, worker=worker))})
        push_frame(state, "special_trade", ["special_trade"], seat=player.id)
        return
    if center in state.trade_centers:
        market.start_trade(state, player, center, worker, events)
        return
    tiger, letter = center.split(".")
    fixed_now = state.centers[center] is None
    if fixed_now:  # else it takes this type already (`check_place_worker`)
        state.centers[center] = worker
    state.center_workers[center].append(player.id)
    player.funds[tiger] -= info["cost"]
    values = dict(player=player.name, worker=worker, center=center, cost=info["cost"])
    said = msg("{player} places a {worker} worker in {center} and pays {cost} funds; the centre takes {worker} "
               "workers for the rest of the era", **values) if fixed_now else msg(
        "{player} places a {worker} worker in {center} and pays {cost} funds", **values)
    events.append({"kind": "worker_placed", "participant": player.id, "center": center, "worker": worker,
                   "funds_paid": info["cost"], **told(said)})
    push_frame(state, "investment", ["local_sale", "build"], seat=player.id, tiger=tiger, center=letter)


def placement_options(state: GameState, decision: dict) -> list[dict]:
    """Every legal placement for the current player: the centres `check_place_worker`'s checks let through."""
    player = state.player(state.turn_order[state.turn_index])
    workers = [player.team[0]] if player.team is not None else stated_types_possible(state, player)
    options = []
    for worker in workers:
        open_centers = [c for c in state.centers if center_refusal(state, player, c, worker) is None] + [
            tc for tc in state.trade_centers if market.trade_center_refusal(state, player, tc, worker) is None]
        stated = {"worker": worker} if player.team is None else {}  # a table that states each worker's type
        # PLACE-03/07: the special trade centre takes any worker, free
        options += [{"kind": "place_worker", "center": c, **stated} for c in open_centers + [SPECIAL_TRADE_CENTER]]
    return options


# -- special trade centre ------------------------------------------------------------
def special_trade_options(state: GameState, decision: dict) -> list[dict]:
    """The special trade centre's choices available now: sales with no GM movement, or the advance."""
    player = state.player(decision["seat"])
    return market.sale_options(state, player, market.other_center_nations(state), "special_sale") + [
        {"kind": "special_advance"}]


def special_advance(state: GameState, action: dict, events: list[dict]) -> None:
    """TRADE-07: advance 2 on the global market without selling."""
    amount = state.edition.rules["global_market"]["special_trade_center_advance"]
    events.extend(advance_global_market(state, state.current_player.id, amount, msg("special trade centre")))


# -- local markets ---------------------------------------------------------------------
def check_local_sale(state: GameState, decision: dict, market_id) -> dict:
    """LMKT-01/03/04/05; returns {market} (raises `local_sale_refusal`'s refusal)."""
    tiger = state.edition.tigers[decision["tiger"]]
    if market_id not in tiger.local_markets:
        raise ActionShapeError(msg("{market_id} is not a local market of {tiger}", market_id=repr(market_id),
                                   tiger=tiger.name), code="unknown_market", field="market", rule="LMKT-01")
    refusal = local_sale_refusal(state, decision, market_id)
    if refusal is not None:
        raise refusal.error()
    return {"market": tiger.local_markets[market_id]}


def local_sale_refusal(state: GameState, decision: dict, market_id: str) -> Refusal | None:
    """LMKT-03/04/05: reach, one good per market per era, the good in hand: why the current player may
    not sell to the Tiger's market `market_id`, or None (the options and `check_local_sale` use it)."""
    tiger = state.edition.tigers[decision["tiger"]]
    market = tiger.local_markets[market_id]
    reach = state.edition.rules["investment_centers"][decision["center"]]["market_columns"]
    if market.column not in reach:
        return Refusal(msg_n("From centre {center} you can sell only to the column {reach} market of {tiger}",
                             "From centre {center} you can sell only to the column {reach} markets of {tiger}", "count",
                             count=len(reach), center=decision['center'], reach='/'.join(reach), tiger=tiger.name),
                       "market_out_of_reach", "LMKT-03")
    if state.local_markets[market_id] is not None:
        return Refusal(msg("The column {column} market of {tiger} already took a good this era", column=market.column,
                           tiger=tiger.name), "market_full", "LMKT-04")
    if state.player(state.turn_order[state.turn_index]).goods[market.good] < 1:
        return Refusal(msg("The column {column} market of {tiger} wants {good}, and you have none",
                           column=market.column, tiger=tiger.name, good=good_named(market.good)), "missing_good",
                       "LMKT-05")
    return None


def local_sale_options(state: GameState, decision: dict) -> list[dict]:
    """Every legal local-market sale, plus skipping it (only when a sale is possible)."""
    options = [{"kind": "sell_local", "market": market_id}
               for market_id in state.edition.tigers[decision["tiger"]].local_markets
               if local_sale_refusal(state, decision, market_id) is None]
    return options + [{"kind": "skip_local_sale"}] if options else []


def sell_local(state: GameState, action: dict, events: list[dict]) -> None:
    """Put the good on the market and gain its influence (LMKT-05)."""
    decision = state.decisions[-1]
    market = check_local_sale(state, decision, action.get("market"))["market"]
    player = state.current_player
    player.goods[market.good] -= 1
    state.local_markets[market.id] = {"good": market.good, "seller": player.id}
    events.append({"kind": "local_sale_made", "participant": player.id, "market": market.id, "good": market.good,
                   "placeholder_values": state.edition.placeholders(f"{market.path}/good"),
                   **told(msg("{player} sells {good} to the column {column} market of {tiger}", player=player.name,
                              good=good_named(market.good), column=market.column,
                              tiger=tiger_named(state, market.tiger)))})
    gained = advance_influence(state, player.id, market.tiger, market.influence, msg("local market sale"))
    gained[0]["placeholder_values"] = state.edition.placeholders(f"{market.path}/influence")
    events.extend(gained)
