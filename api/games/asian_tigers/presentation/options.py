"""Cost and payoff of every legal option, before the tap (issue 12), each said once (issue 18).

`describe_choice(state, decision, action)` returns ``{label, detail, cost, payoff, placeholder}`` (each when said),
worked out by the same checks `apply` runs, so what the phone shows is what the engine will do:

* ``cost``: only what is paid — ``funds`` (Tiger → amount), ``energy``, ``science``, ``goods``;
* ``payoff``: ``energy``, ``science``, ``goods``, ``influence``, ``global_market``, ``flag`` / ``row``, ``space``,
  ``sector`` (``{id, generic_left, factory_left, empties}``, IBONUS-02), ``bonus``, ``token``;
* ``detail``: what can be said only in words, once (label and detail are messages: `api.games.messages`);
  ``placeholder``: present (true) only when the option names a component whose printed values are invented.

A move's answer carries the next question's choices, so each choice says a thing once (issue 30: a move's
answer <= 4 KB at the median): no ``placeholder: false``, no empty ``cost`` or ``payoff``, and a build gives
its ``space_detail`` and ``sector_detail`` without the ``detail`` that would repeat them joined.
"""
from __future__ import annotations

from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.presentation.builds import build_parts, build_payoff, sector_payoff
from api.games.asian_tigers.presentation.cache import per_edition
from api.games.asian_tigers.presentation.document import edition_labels
from api.games.asian_tigers.presentation.summary import detail as _detail, joined, shown
from api.games.asian_tigers.state import NEUTRAL, GameState, PlayerState
from api.games.asian_tigers.turn import bonuses, building, market, placement
from api.games.messages import msg, msg_n, plus_sum


def describe_choice(state: GameState, decision: dict, action: dict) -> dict:
    """The option `action` of `decision` with its label, detail, cost and payoff."""
    if action["kind"] in ("build", "build_department"):
        return _whole_build(*build_parts(state, decision, action, uses_placeholder))
    return _described(state, decision, action)


def describe_choices(state: GameState, decision: dict, actions: list[dict]) -> list[dict]:
    """The view's ``choices``: one whole choice per action, same order."""
    return [describe_choice(state, decision, action) for action in actions]


def _whole_build(space: dict, sector: dict) -> dict:
    """A build or department from its space's part and its sector's part (see `builds.build_parts`).

    Label: the parts' non-empty ones joined; cost: the space's (a sector costs nothing); payoff: both
    merged (no key is in both).  ``space_detail`` (what the space costs and brings, the same for each of
    its sectors) and ``sector_detail`` (what taking the piece leaves) are kept apart for the phone's two
    screens, the space first, then the sector; its whole detail is the non-empty ones joined by " — ",
    which the reader does (the phone's `costLine`): it is not sent a third time.
    """
    return _said({"label": joined([p["label"] for p in (space, sector) if p["label"]]),
                    "cost": dict(space["cost"]), "payoff": {**space["payoff"], **sector["payoff"]},
                    "space_detail": space["detail"], "sector_detail": sector["detail"]},
                   space["placeholder"] or sector["placeholder"])


def _described(state: GameState, decision: dict, action: dict) -> dict:
    kind = action["kind"]
    label, cost, payoff = _DESCRIBERS.get(kind, _plain)(state, decision, action)
    return _said({"label": label, "detail": _detail(state, cost, payoff), "cost": cost, "payoff": shown(payoff)},
                   uses_placeholder(state, action))


def _said(choice: dict, placeholder: bool) -> dict:
    """`choice` as a view carries it: ``placeholder: true`` when it names a placeholder component; nothing
    paid or got is no ``cost`` or ``payoff`` (an absent one is empty, a false ``placeholder`` is not said)."""
    for key in ("cost", "payoff"):
        if not choice[key]:
            del choice[key]
    if placeholder:
        choice["placeholder"] = True
    return choice


# Action field → labels-document family of the component it names.
_FAMILIES = {"space": "spaces", "market": "local_markets", "nation": "nations", "flag": "flags", "row": "rows",
             "sector": "sectors", "token": "performance_tokens", "tile": "automa_tiles", "center": "centers"}


def uses_placeholder(state: GameState, action: dict) -> bool:
    """True when the option names a component whose printed values are placeholders."""
    marked, names = _placeholder_fields(state.edition)
    # Only the few fields that name components can match: looked up by name, not every field walked.
    for name in names:
        value = action.get(name)
        if type(value) is str and (name, value) in marked:
            return True
    return False


@per_edition
def _placeholder_fields(edition) -> tuple[frozenset, tuple]:
    """(every (action field, component code) whose labels-document entry is marked placeholder, those fields)."""
    document = edition_labels(edition)
    marked = frozenset((field, code) for field, family in _FAMILIES.items()
                       for code, entry in document.get(family, {}).items() if entry["placeholder"])
    return marked, tuple(sorted({field for field, _ in marked}))


# -- shared pieces ------------------------------------------------------------------
def _row_payoff(state: GameState, row: str) -> dict:
    bonus = state.edition.rows[row].nation_bonus
    return {"id": row, "label": L.row_label(state.edition, row, L.keep),
            "nation_bonus": {"id": bonus, "label": L.bonus_label(state.edition, bonus, "nation_bonuses", L.keep)}}


def flag_payoff(state: GameState, flag: str) -> dict:
    """A nation flag as the options and the board show it: ``{id, label, value, stars}``."""
    nation = state.edition.nations[flag.rsplit("-", 1)[0]]
    data = next(f for f in nation.flags if f.id == flag)
    return {"id": flag, "label": L.flag_label(state.edition, flag), "value": data.value, "stars": data.stars}


# -- one describer per action kind ----------------------------------------------------
def _place_worker(state: GameState, decision: dict, action: dict):
    info = placement.check_place_worker(state, action)
    center, edition = info["center"], state.edition
    worker = L.worker_label(edition, info["worker"], L.keep, True)
    if center == placement.SPECIAL_TRADE_CENTER:
        amount = edition.rules["global_market"]["special_trade_center_advance"]
        # The detail says the advance ("gets +2 on the global market"); the note only the alternative.
        return (msg("{worker} → the special trade centre", worker=worker), {},
                {"global_market": amount, "notes": [msg("or instead one sale to a nation of another trade centre "
                                                        "(no advance)")]})
    if center in state.trade_centers:
        spec = edition.trade_centers[center]
        nations = [L.named(edition, "nations", n) for n in market.nations_at(state, center)]
        return (msg("{worker} → {centre}", worker=worker, centre=L.trade_center_label(edition, center, "en", L.keep)), {},
                {"notes": [msg("{least} to {most} sales to {nations}; one flag bought advances you on the global "
                               "market", least=spec["sales_min"], most=spec["sales_max"], nations=joined(nations, ","))]})
    tiger, letter = center.split(".")
    columns = building.reach(state, letter)
    markets = state.edition.tigers[tiger].local_markets
    sales = [msg("1 {good} to its column {column} market (+{amount} influence)", good=L.named(edition, "goods", markets[m].good),
                 column=markets[m].column, amount=markets[m].influence) for m in _local_sales(state, center)]
    notes = [msg("then you may sell {sales}", sales=joined(sales, "or"))] if sales else []  # LMKT-02: sale, then build
    notes.append(msg_n("then a build in column {columns} (or a ∞ space)", "then a build in columns {columns} (or a ∞ "
                       "space)", "count", count=len(columns), columns=", ".join(columns)))
    if state.centers[center] is None:
        notes.append(msg("the centre takes {worker}s for the rest of the era",
                         worker=L.worker_label(edition, info["worker"], L.keep)))
    return (msg("{worker} → {centre}", worker=worker, centre=L.center_label(edition, center, "en", L.keep)),
            {"funds": {tiger: info["cost"]}} if info["cost"] else {}, {"notes": notes})


def _local_sales(state: GameState, center: str) -> tuple:
    """The local markets the current player could sell to after a worker on investment centre `center`
    (LMKT-03/04/05: in the centre's reach, not yet sold this era, the good in hand)."""
    tiger, letter = center.split(".")
    decision = {"tiger": tiger, "center": letter}
    return tuple(m for m in state.edition.tigers[tiger].local_markets
                 if placement.local_sale_refusal(state, decision, m) is None)


def _parts_factory(state: GameState, player: PlayerState, space_id: str, energy: int):
    good = state.edition.space(space_id).good
    cost = {"energy": energy} if energy else {}
    return (msg("Parts factory under your {good} factory on {space}", good=L.named(state.edition, "goods", good), space=L.space_label(
        state.edition, state.edition.space(space_id), "en", L.keep)), cost, {"goods": {good: state.edition.rules["parts_factory"][
            "production_goods"]}})


def _attach_parts_factory(state: GameState, decision: dict, action: dict):
    energy = state.edition.rules["university"]["parts_factory_cost_energy"]
    return _parts_factory(state, state.player(decision["seat"]), action["space"], energy)


def _sell_local(state: GameState, decision: dict, action: dict):
    market_data = placement.check_local_sale(state, decision, action["market"])["market"]
    return (msg("Sell {good} to {market}", good=L.named(state.edition, "goods", market_data.good),
                market=L.market_label(state.edition, market_data.id, "en", L.keep)),
            {"goods": {market_data.good: 1}}, {"influence": {market_data.tiger: market_data.influence}})


def _sale(state: GameState, decision: dict, action: dict):
    nation = state.edition.nations[action["nation"]]
    flag = state.flag_stacks[action["nation"]][0]
    payoff = {"flag": flag_payoff(state, flag), "row": _row_payoff(state, action["row"])}
    if action["kind"] == "sell_to_nation":
        payoff["notes"] = [msg("if this flag is the one chosen to advance: +{amount} on the global market",
                               amount=payoff["flag"]["value"])]
    else:
        payoff["notes"] = [msg("no global-market advance (special trade centre)")]
    goods, named = {}, plus_sum(L.named(state.edition, "goods", g) for g in action["goods"])
    for good in action["goods"]:
        goods[good] = goods.get(good, 0) + 1
    return (msg("Sell {goods} to {nation} → flag in {row}", goods=named, nation=L.named(state.edition, "nations", nation.code),
                row=L.row_name(state.edition, action["row"], L.keep)), {"goods": goods}, payoff)


def _advance_with_flag(state: GameState, decision: dict, action: dict):
    label = L.flag_label(state.edition, action["flag"], "en", L.keep)
    return msg("Advance with {flag}", flag=label), {}, {"global_market": flag_payoff(state, action["flag"])["value"]}


def _special_advance(state: GameState, decision: dict, action: dict):
    amount = state.edition.rules["global_market"]["special_trade_center_advance"]
    return msg("Advance {amount} on the global market", amount=amount), {}, {"global_market": amount}


def _finish_sales(state: GameState, decision: dict, action: dict):
    return msg("Finish selling"), {}, {"notes": [msg("then choose which flag bought here advances you")]}


def _resolve_bonus(state: GameState, decision: dict, action: dict):
    pending = bonuses.pending_bonus(state, action["bonus"])
    player = state.player(pending["seat"])
    plan = bonuses.check(state, pending, action)
    label = L.bonus_label(state.edition, pending["bonus"], f"{pending['type']}_bonuses", L.keep)
    cost, payoff = {}, {"bonus": {"id": pending["bonus"], "label": label}}
    verb, edition = plan["verb"], state.edition
    on = lambda place: msg("Use “{bonus}” on {place}", bonus=label, place=place)  # noqa: E731
    if verb == "advance_influence":
        cost = {"funds": {plan["tiger"]: plan["funds"]}} if plan["funds"] else {}
        payoff["influence"] = {plan["tiger"]: plan["amount"]}
        _region_note(state, pending, plan["tiger"], payoff)
        said = on(L.named(edition, "tigers", plan["tiger"]))
    elif verb == "build_headquarters":
        payoff["notes"] = [msg("headquarters on {tiger}", tiger=L.named(edition, "tigers", plan["tiger"]))]
        _region_note(state, pending, plan["tiger"], payoff)
        said = on(L.named(edition, "tigers", plan["tiger"]))
    elif verb == "build_satellite":
        satellite = plan["space"]
        cost = {"funds": {satellite.tiger: plan["funds"]}} if plan["funds"] else {}
        payoff["satellite"] = {"id": satellite.id, "label": L.satellite_space_label(edition, satellite.id)}
        payoff["notes"] = [_satellite_ip(state, player, satellite)]
        said = on(L.satellite_space_label(edition, satellite.id, "en", L.keep))
    elif verb == "parts_factory":
        text, cost, more = _parts_factory(state, player, plan["piece"].space, plan["energy"])
        payoff.update(more)
        said = msg("Use “{bonus}”: parts factory under your {good} factory on {space}", bonus=label, **text.params)
    elif verb == "build_factory":
        cost, more = build_payoff(state, player, plan["info"])
        payoff.update(more)
        said = on(L.space_label(edition, plan["info"]["space"], "en", L.keep))
    elif verb == "remove_generic":
        payoff["sector"] = sector_payoff(state, player, plan["sector"], factory=False)
        said = msg("Use “{bonus}”: sector {sector}", bonus=label, sector=plan["sector"].lstrip("S"))
    elif verb == "performance_bonus":
        token = action["token"]
        payoff["token"] = {"id": token, "label": L.performance_label(edition, token, L.keep)}
        said = msg("Use “{bonus}”: {token}", bonus=label, token=L.performance_label(edition, token, L.keep))
        if action.get("tigers"):
            amount = edition.dollar_tokens[token]["amount_per_tiger"]
            payoff["funds"] = {t: amount for t in action["tigers"]}
            said = msg("Use “{bonus}”: {token} ({tigers})", bonus=label, token=L.performance_label(edition, token, L.keep),
                       tigers=joined([L.named(edition, "tigers", t) for t in action["tigers"]], "and"))
    else:
        effect = bonuses.entry(state, pending)["effects"][0]
        if verb == "advance_global_market":
            payoff["global_market"] = effect["amount"]
        elif verb == "gain":
            payoff[effect["resource"]] = effect["amount"]
        said = msg("Use “{bonus}”", bonus=label)
    return said, cost, payoff


def _satellite_ip(state: GameState, player, satellite) -> str:
    """IP-03 in numbers (issue 33): the satellite's 1 IP and +1 for each of the player's pieces in its row there."""
    row = [p for p in state.pieces if p.owner == player.id and p.space in state.edition.tigers[satellite.tiger].spaces
           and state.edition.space(p.space).row == satellite.row and not state.edition.space(p.space).infinite]
    tiger = L.named(state.edition, "tigers", satellite.tiger)
    return msg("+{points} investment points on {tiger} (the satellite 1, +1 for each of your {count} pieces in that "
               "row)", points=1 + len(row), tiger=tiger, count=len(row)) if row else msg(
        "+1 investment point on {tiger} (the satellite 1)", tiger=tiger)


def _region_note(state: GameState, pending: dict, tiger: str, payoff: dict) -> None:
    follow = [e for e in bonuses.entry(state, pending)["effects"][1:] if e["do"] == "region_bonus"]
    token = state.region_tokens.get(tiger)
    if follow and token:
        payoff["region_bonus"] = {"id": token, "label": L.region_token_label(state.edition, token, L.keep), "tiger": tiger}


def _ignore_bonus(state: GameState, decision: dict, action: dict):
    pending = bonuses.pending_bonus(state, action["bonus"])
    label = L.bonus_label(state.edition, pending["bonus"], f"{pending['type']}_bonuses", L.keep)
    return msg("Ignore “{bonus}”", bonus=label), {}, {"notes": [msg("the bonus is gone for good")]}


def _end_turn(state: GameState, decision: dict, action: dict):
    lost = [L.bonus_label(state.edition, b["bonus"], f"{b['type']}_bonuses", L.keep) for b in state.pending_bonuses]
    return msg("End the turn"), {}, ({"notes": [msg("forfeits: {bonuses}", bonuses=joined(lost, ";"))]} if lost else {})


def _take_region_bonus(state: GameState, decision: dict, action: dict):
    spec = state.edition.catalog["region_bonus_effects"][state.edition.region_bonus_tokens[decision["token"]]]
    amount = spec["effects"][0]["amount"]
    if "tiger" in action:
        return (msg("+{amount} influence on {tiger}", amount=amount, tiger=L.named(state.edition, "tigers", action["tiger"])),
                {}, {"influence": {action["tiger"]: amount}})
    return (msg("Take {amount} {good}", amount=amount, good=L.named(state.edition, "goods", action["good"])), {},
            {"goods": {action["good"]: amount}, "notes": [_made_where(state, decision, action["good"])]})


def _made_where(state: GameState, decision: dict, good: str):
    """REGION-04 / AMB-26 in words (issue 33, item 12): which factories on the token's Tiger make `good` —
    anyone's counts, the neutral's too — or, for a leftover token, any good the supply holds."""
    tiger = decision["tiger"]
    if tiger is None:
        return msg("a leftover token gives any good the supply holds")
    owners = []
    for piece in state.pieces:
        if piece.tiger == tiger and piece.kind == "factory" and state.edition.space(piece.space).good == good:
            owner = (msg("your factory") if piece.owner == decision["seat"] else msg("the neutral's factory")
                     if piece.owner == NEUTRAL else msg("{player}'s factory", player=state.player(piece.owner).name))
            if owner not in owners:
                owners.append(owner)
    said = dict(good=L.named(state.edition, "goods", good), tiger=L.named(state.edition, "tigers", tiger), makers=joined(owners, "and"))
    return msg("{good} is made on {tiger} by {makers}", **said) if owners == [msg("your factory")] else msg(
        "{good} is made on {tiger} by {makers} (anyone's factory counts)", **said)


def _run_factory(state: GameState, decision: dict, action: dict):
    space = state.edition.space(action["space"])
    return (msg("Run the {good} factory on {space}", good=L.named(state.edition, "goods", space.good),
                space=L.space_label(state.edition, space, "en", L.keep)),
            {"energy": decision["energy"]},
            {"goods": {space.good: state.edition.rules["factory"]["production_goods"]}})


def _accept_special_flag(state: GameState, decision: dict, action: dict):
    tiger = decision["tiger"]
    return (msg("Accept {flag}", flag=L.flag_label(state.edition, "special:" + tiger, "en", L.keep)), {},
            {"flag": {"id": f"special:{tiger}", "label": L.flag_label(state.edition, "special:" + tiger),
                      "stars": state.edition.special_flag_stars[tiger]},
             "notes": [msg("your influence there drops to the previous Tiger icon")]})


def _reveal_tile(state: GameState, decision: dict, action: dict):
    return msg("The Automa revealed “{tile}”", tile=L.automa_tile_label(state.edition, action["tile"])), {}, {}


def _automa_region(state: GameState, decision: dict, action: dict):
    return msg("The Automa's bonus goes to {tiger}", tiger=L.named(state.edition, "tigers", action["tiger"])), {}, {}


_PLAIN_LABELS = {
    "skip_local_sale": msg("No local-market sale"), "skip_university_action": msg("No additional action"),
    "skip_second_production": msg("No second production run"), "decline_special_flag": msg("Decline the special flag"),
    "draw_era2_setup": msg("Let the app draw the Era II setup"),
}


def _plain(state: GameState, decision: dict, action: dict):
    return _PLAIN_LABELS.get(action["kind"], action["kind"].replace("_", " ").capitalize()), {}, {}


_DESCRIBERS = {
    "place_worker": _place_worker,
    "attach_parts_factory": _attach_parts_factory, "sell_local": _sell_local, "sell_to_nation": _sale,
    "special_sale": _sale, "advance_with_flag": _advance_with_flag, "special_advance": _special_advance,
    "finish_sales": _finish_sales, "resolve_bonus": _resolve_bonus, "ignore_bonus": _ignore_bonus,
    "end_turn": _end_turn, "take_region_bonus": _take_region_bonus, "run_factory": _run_factory,
    "accept_special_flag": _accept_special_flag, "reveal_automa_tile": _reveal_tile,
    "choose_automa_region": _automa_region,
}
