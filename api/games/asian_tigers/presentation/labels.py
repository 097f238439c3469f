"""Human labels for every component, built from the edition's own data (issue 12).

A token reads "24 · 16 · 9 · 3", not ``PT1``.  Every label is composed from edition values (names,
printed numbers, effects), so a corrected edition file corrects its labels too; `edition_labels`
gathers them in the one per-edition document, also in a language (issue 37: `component_names`).
"""
from __future__ import annotations

import dataclasses
from functools import reduce

from api.games.asian_tigers.presentation.cache import per_edition

from api.games.asian_tigers.edition.load import BUILDINGS, NAME_FAMILIES, Edition, Space
from api.games.messages import Language, Message, msg, msg_n, name, ordinal, render as _render

ROW_MESSAGES = {"factory": msg("factory row"), "power_plant": msg("power-plant row"),
                "laboratory": msg("laboratory row"), "university": msg("university row")}
ROW_NAMES = {**{row: str(name) for row, name in ROW_MESSAGES.items()}, "any": "any row"}
SET_NAMES = {"dollar": "$", "yen": "¥", "either": "$ or ¥"}


def _decap(text: str) -> str:
    return text[:1].lower() + text[1:]


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _names(edition: Edition, tigers) -> str:
    return " or ".join(edition.tigers[t].name for t in tigers)


def tiger_scope(edition: Edition, scope: str | None) -> str:
    """Where an effect applies, in words (``one_upper`` → ``South Korea or Taiwan``)."""
    if scope is None:
        return ""
    if scope.startswith(("most_automa_", "least_automa_", "fewest_automa_")):  # the Automa's Tiger selectors
        return f"where the Automa has {scope.replace('_automa_', ' ').replace('_', ' ')}"
    return {
        "this": "here", "same": "there", "token_tiger_or_any_if_leftover": "here (any Tiger if leftover)",
        "one_upper": f"on {_names(edition, edition.upper_area())}",
        "one_lower": f"on {_names(edition, edition.lower_area())}",
        "one_any": "on any Tiger", "any": "on any Tiger", "all": "on every Tiger",
        "any_without_other_headquarters": "on a Tiger without another headquarters",
        "leftover_tokens_both": "of both tokens beside the board", "destination": "of the new Tiger",
    }.get(scope, f"on {edition.tigers[scope].name}" if scope in edition.tigers else scope.replace("_", " "))


def effect_text(edition: Edition, effect) -> str:
    """One catalogue effect in words (``{"do": "advance_influence", "amount": 3}`` → ``+3 influence here``)."""
    do, amount, where = effect["do"], effect.get("amount"), tiger_scope(edition, effect.get("tiger"))
    cost = effect.get("cost") or {}
    paid = f" for {_count(cost['energy'], 'energy', 'energy')}" if cost.get("energy") else ""
    text = {
        "advance_influence": lambda: f"+{amount} influence {where}",
        "advance_global_market": lambda: f"+{amount} on the global market",
        "region_bonus": lambda: {"same": "then its region bonus",
                                 "leftover_tokens_both": "the region bonuses of both tokens beside the board"}.get(
            effect.get("tiger"), f"then the region bonus {where}"),
        "build_headquarters": lambda: f"your headquarters {where}",
        "build_satellite": lambda: (f"a satellite in {'any row' if effect.get('row') == 'any' else 'the ' + ROW_NAMES[effect['row']]} "
                                    f"{'on any Tiger' if effect.get('tiger') == 'same' else where}").rstrip(),
        "parts_factory": lambda: f"a parts factory {where}{paid or ' (free)'}"
        + (" under its own factory" if effect.get("requires_own_factory_there") else ""),
        "performance_bonus": lambda: f"a {SET_NAMES[effect['set']]} performance token",
        "build_factory": lambda: f"build a factory in column {' or '.join(effect['columns'])} {where}",
        "remove_generic": lambda: "remove a generic piece from your player board",
        "build_department": lambda: "build a department here",
        "gain": lambda: ("1 good made here" if effect["resource"] == "good" and amount == 1
                         else f"+{amount} {'goods made here' if effect['resource'] == 'good' else effect['resource']}"),
        "advance_global_market_per_distinct_flag": lambda: "+1 on the global market per different flag you hold",
        "relocate_satellite": lambda: "move one of your satellites to another Tiger",
        "relocate_special_flag": lambda: "move a special flag into another row",
        "nation_bonus": lambda: "then that row's nation bonus",
        "sale_without_worker": lambda: "a sale at any trade centre without a worker",
        "factory_production": lambda: "one factory produces again for 1 energy (a second for 1 more)",
    }.get(do)
    return text() if text else do.replace("_", " ")


def effects_text(edition: Edition, entry) -> str:
    """A catalogue entry (effects and cost) in words."""
    parts = [effect_text(edition, e) for e in entry.get("effects", ())]
    text = ", ".join(parts)
    cost = entry.get("cost") or {}
    if cost.get("funds"):
        text += f"; costs {_count(cost['funds'], 'fund')} there"
    return text[:1].upper() + text[1:] if text else text


# -- bonuses -----------------------------------------------------------------------
BONUS_TABLES = ("infrastructure_bonuses", "nation_bonuses", "region_bonus_effects", "performance_yen_effects",
                "automa_infrastructure_bonuses", "automa_nation_bonuses", "university_additional_actions")


@per_edition
def bonus_label(edition: Edition, bonus: str, table: str | None = None) -> str:
    """A sector, nation, region or performance bonus by what it does."""
    for name in ((table,) if table else BONUS_TABLES):
        entry = edition.catalog.get(name, {}).get(bonus)
        if entry is not None:
            return effects_text(edition, entry)
    return bonus.replace("_", " ")


# -- tokens and tiles ----------------------------------------------------------------
@per_edition
def prosperity_label(edition: Edition, token: str, player_count: int) -> str:
    """A prosperity token by the values printed for this player count (``24 · 16 · 9 · 3``)."""
    count = edition.solo.get("setup_as_player_count", 2) if player_count == 1 else player_count
    ranks = edition.prosperity_tokens[token]["by_player_count"][str(count)]["ranks"]
    return " · ".join(str(r) for r in ranks)


@per_edition
def region_token_label(edition: Edition, token: str) -> str:
    """A region bonus token by its effect (``+3 influence``, ``1 good made here``)."""
    effect = edition.region_bonus_tokens[token]
    entry = edition.catalog["region_bonus_effects"][effect]["effects"][0]
    if entry["do"] == "advance_influence":
        return f"+{entry['amount']} influence"
    return effect_text(edition, entry)


@per_edition
def performance_label(edition: Edition, token: str) -> str:
    """A performance token by its effect (``$ +2 funds on South Korea and/or Taiwan``)."""
    if token in edition.dollar_tokens:
        data = edition.dollar_tokens[token]
        scope = data["scope"]
        tigers = {"upper": edition.upper_area(), "lower": edition.lower_area()}.get(scope, (scope,))
        joiner = " and/or " if data["choose"] == "one_or_both" else " or "
        return f"$ +{data['amount_per_tiger']} funds on {joiner.join(edition.tigers[t].name for t in tigers)}"
    return "¥ " + _decap(effects_text(edition, edition.catalog["performance_yen_effects"][edition.yen_tokens[token]]))


@per_edition
def automa_tile_label(edition: Edition, tile: str) -> str:
    """An Automa action tile by its instruction."""
    data = edition.solo["action_tiles"][tile]
    target = data["target"]
    if target["type"] == "trade_center":
        where = trade_center_label(edition, target["trade_center"])
    elif target["type"] == "investment":
        where = f"invest in {edition.tigers[target['tiger']].name}"
    else:
        more = "more" if target["pick"].startswith("more") else "fewer"
        where = (f"invest in {_names(edition, target['tigers'])} (the one with {more} investment points; tie: "
                 f"{edition.tigers[target['tie_default']].name})")
    parts = [where]
    if data.get("local_market_sale"):
        parts.append("sell on a local market")
    if data.get("influence"):
        parts.append(f"+{data['influence']} influence")
    flags = data["trade_center_rule"]["flags"]
    parts.append(f"trade: {_count(flags, 'flag')}")
    return "; ".join(parts)


@per_edition
def campaign_goal_label(edition: Edition, tile: str) -> str:
    """A campaign tile by the goal printed on it (``build at least 5 laboratories``); the tile has no code."""
    return requirement_text(edition, edition.catalog["campaign_requirements"][
        edition.solo["campaign_tiles"][tile]["requirement"]])


def requirement_text(edition: Edition, requirement) -> str:
    """A campaign requirement (``{"metric": "laboratories_built", "at_least": 5}``) in words."""
    metric, n = requirement.get("metric"), requirement.get("at_least")
    rows = ", ".join(r.replace("_", " ") for r in requirement.get("satellite_rows", []))
    tigers = " or ".join(edition.tigers[t].name if t in edition.tigers else t for t in requirement.get("tigers", []))
    texts = {
        "universities_built": f"build at least {n} universities (departments do not count)",
        "laboratories_built": f"build at least {n} laboratories",
        "power_plants_built": f"build at least {n} power plants",
        "distinct_factory_goods_built": f"build factories of {n} different goods",
        "distinct_flags_in_final_scoring_rows": f"allocate at least {n} different flags to final objectives",
        "headquarters_and_satellite_rows": f"build the headquarters and a satellite in each row ({rows})",
        "more_investment_points_than_automa_in_one_of":
            f"more investment points than the Automa in {tigers}",
        "global_market_position": f"reach at least space {n} on the global market",
    }
    return texts.get(metric, str(metric).replace("_", " "))


# -- places ------------------------------------------------------------------------
def space_label(edition: Edition, space: Space, lang: str = "en", render=str) -> str:
    """A construction space by Tiger, kind, column and good (``South Korea · factory · column B · Electronics``)."""
    if render is str:  # the common case, looked up on every view
        return _space_labels(edition, lang)[space.id]
    parts = _space_parts(edition, lang)[space.id]  # `keep`: a message (" · " needs no translation)
    return Message(" · ".join(f"{{p{i}}}" for i in range(len(parts))), {f"p{i}": p for i, p in enumerate(parts)}) \
        if render is keep else " · ".join(map(render, parts))


@per_edition
def _space_labels(edition: Edition, lang: str) -> dict[str, str]:
    return {sid: " · ".join(map(_render, parts)) for sid, parts in _space_parts(edition, lang).items()}


@per_edition
def _space_parts(edition: Edition, lang: str) -> dict[str, list]:
    # A space's label as parts (names in `lang`, messages), joined by " · " in the reader's language.
    parts = {}
    for tiger in edition.tigers.values():
        for space in tiger.spaces.values():
            parts[space.id] = [named(edition, "tigers", tiger.id, lang), named(edition, "buildings", space.kind, lang),
                               msg("∞ space (no column limit)") if space.infinite else msg("column {column}", column=space.column),
                               *([named(edition, "goods", space.good, lang)] if space.good else []),
                               # a cost, not a gain (issue 33)
                               *([msg("costs {science} science", science=space.science_cost)] if space.science_cost is not None else []),
                               *([effect_text(edition, space.bonus)] if space.bonus is not None else [])]
        seen: dict[str, list[str]] = {}
        for sid in tiger.spaces:
            seen.setdefault(" · ".join(map(_render, parts[sid])), []).append(sid)
        for ids in (ids for ids in seen.values() if len(ids) > 1):
            dots = [tiger.spaces[s].min_players for s in ids]
            for index, sid in enumerate(sorted(ids, key=lambda s: tiger.spaces[s].position)):
                # Twins as the board tells them apart: by their dots (DATA-13), else by their order.
                parts[sid].append(msg("{dots}-dot space", dots=tiger.spaces[sid].min_players) if len(set(dots)) == len(dots)
                                  else msg("{place} space", place=ordinal(index + 1)))
    return parts


@per_edition
def center_label(edition: Edition, center: str, lang: str = "en", render=str) -> str:
    """``HK.B`` → ``Hong Kong centre B``; trade centres by their nations (`render` says a message in `lang`)."""
    if center in edition.trade_centers:
        return trade_center_label(edition, center, lang, render)
    tiger, letter = center.split(".")
    return render(msg("{tiger} centre {letter}", tiger=named(edition, "tigers", tiger, lang), letter=letter))


@per_edition
def trade_center_label(edition: Edition, center: str, lang: str = "en", render=str) -> str:
    """A trade centre by its kind and the nations it serves."""
    kind = edition.trade_centers[center]["kind"]
    nations = reduce(lambda a, b: msg("{before}, {after}", before=a, after=b), [named(
        edition, "nations", n.code, lang) for n in edition.nations.values() if n.trade_center == center] or [""])
    return render(msg("the special trade centre") if kind == "special" else msg("the regional trade centre ({nations})",
                  nations=nations) if kind == "regional" else msg("the international trade centre ({nations})", nations=nations))


@per_edition
def sector_label(edition: Edition, sector: str) -> str:
    """A player-board sector by its pieces and bonus."""
    data = edition.sectors.get(sector)
    if data is None:
        return _automa_sector_label(edition, sector)
    number = sector.lstrip("S")
    content = f"{data.factory_good} factory sector" if data.factory_good else "sector"
    return f"{content} {number} (bonus: {_decap(bonus_label(edition, data.bonus, 'infrastructure_bonuses'))})"


def _automa_sector_label(edition: Edition, sector: str) -> str:
    board = edition.solo.get("automa_board", {})
    if sector in board.get("infrastructure_sectors", {}):
        data = board["infrastructure_sectors"][sector]
        return (f"Automa {data['factory']} sector (bonus: "
                f"{_decap(bonus_label(edition, data['bonus'], 'automa_infrastructure_bonuses'))})")
    if sector in board.get("final_scoring_sectors", {}):
        data = board["final_scoring_sectors"][sector]
        index = list(board["final_scoring_sectors"]).index(sector) + 1
        return (f"Automa flag sector {index} (bonus: "
                f"{_decap(bonus_label(edition, data['nation_bonus'], 'automa_nation_bonuses'))})")
    return sector


@per_edition
def nations_text(edition: Edition, accepts) -> str:
    """The nations a row accepts."""
    return "any nation" if accepts == "any" else " or ".join(edition.nations[n].name for n in accepts)


@per_edition
def row_label(edition: Edition, row: str) -> str:
    """A final-scoring row by its sector, nations and nation bonus."""
    data = edition.rows[row]
    number = row[len(data.sector):]
    return (f"sector {data.sector} row {number} ({nations_text(edition, data.accepts)}; bonus: "
            f"{_decap(bonus_label(edition, data.nation_bonus, 'nation_bonuses'))})")


@per_edition
def flag_label(edition: Edition, flag: str, lang: str = "en", render=str) -> str:
    """A nation flag by nation, global-market value and stars; special flags by Tiger."""
    if flag.startswith("special:"):
        tiger = flag.split(":", 1)[1]
        return render(msg_n("the special flag of {tiger} ({stars} star)", "the special flag of {tiger} ({stars} stars)", "stars",
                            tiger=named(edition, "tigers", tiger, lang), stars=edition.special_flag_stars[tiger]))
    nation = edition.nations[flag.rsplit("-", 1)[0]]
    data = next(f for f in nation.flags if f.id == flag)
    return render(msg_n("{nation} (value {value}, {stars} star)", "{nation} (value {value}, {stars} stars)", "stars",
                        nation=named(edition, "nations", nation.code, lang), value=data.value, stars=data.stars))


@per_edition
def market_label(edition: Edition, market: str, lang: str = "en", render=str) -> str:
    """A local market by Tiger, column, the good it wants and its influence."""
    data = edition.tigers[market.split(".")[0]].local_markets[market]
    return render(msg("{tiger} · column {column} market · wants {good} · +{influence} influence", column=data.column,
                      tiger=named(edition, "tigers", data.tiger, lang), good=named(edition, "goods", data.good, lang),
                      influence=data.influence))


@per_edition
def satellite_space_label(edition: Edition, space: str, lang: str = "en", render=str) -> str:
    """A satellite space by Tiger and row."""
    tiger = space.split(".")[0]
    return render(msg("{tiger} · {row} satellite", tiger=named(edition, "tigers", tiger, lang),
                      row=ROW_MESSAGES.get(edition.tigers[tiger].satellite_spaces[space].row, "row")))


@per_edition
def worker_label(edition: Edition, worker: str, render=str, capital=False) -> str:
    """A worker type (the edition's names are placeholders: ``W1`` → ``type 1 worker``; `capital`: ``Type 1 worker``)."""
    number = edition.worker_types.index(worker) + 1 if worker in edition.worker_types else worker
    return render(msg("Type {number} worker", number=number) if capital else msg("type {number} worker", number=number))


# -- in a language (issue 37) ------------------------------------------------------
@per_edition
def component_names(edition: Edition, lang: str = "en") -> dict[str, dict[str, str]]:
    """Tigers, nations, goods and buildings named in `lang` (the edition's ``/names``), else in English."""
    given, english = edition.names.get(lang, {}), {
        "tigers": {t: x.name for t, x in edition.tigers.items()}, "nations": {n: x.name for n, x in edition.nations.items()},
        "goods": {g: g for g in edition.goods},
        "buildings": {b: edition.names.get("en", {}).get("buildings", {}).get(b, b.replace("_", " ")) for b in BUILDINGS}}
    return {f: {code: given.get(f, {}).get(code, name) for code, name in english[f].items()} for f in NAME_FAMILIES}


def keep(message):
    """The `render` that keeps a label function's message (names in it said by the reader's `Language`)."""
    return message


def named(edition: Edition, family: str, code: str, lang: str = "en") -> dict:
    """A `messages.name` value: said with the reader's names (`in_language`), else `name_of` in `lang`."""
    return name(family, code, name_of(edition, family, code, lang))


def in_language(edition: Edition, language: Language) -> Language:
    """`language` that names `edition`'s components in its own language (`component_names`)."""
    return language if language.code == "en" else dataclasses.replace(
        language, names=component_names(edition, language.code))


def name_of(edition: Edition, family: str, code: str, lang: str = "en") -> str:
    """One name of `component_names` (`code` itself when the edition has no such component)."""
    return component_names(edition, lang).get(family, {}).get(code, code)
