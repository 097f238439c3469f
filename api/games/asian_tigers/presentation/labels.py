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


def _or(parts: list):
    """Parts joined by "or" in the reader's language ("a or b or c")."""
    return reduce(lambda a, b: msg("{before} or {after}", before=a, after=b), parts)


AUTOMA_SCOPES = {
    "most_automa_influence": msg("where the Automa has most influence"),
    "least_automa_influence": msg("where the Automa has least influence"),
    "most_automa_factories": msg("where the Automa has most factories"),
    "most_automa_power_plants": msg("where the Automa has most power plants"),
    "most_automa_laboratories": msg("where the Automa has most laboratories"),
    "fewest_automa_investment_points": msg("where the Automa has fewest investment points")}
SCOPES = {"this": msg("here"), "same": msg("there"), "token_tiger_or_any_if_leftover": msg("here (any Tiger if leftover)"),
          "one_any": msg("on any Tiger"), "any": msg("on any Tiger"), "all": msg("on every Tiger"),
          "any_without_other_headquarters": msg("on a Tiger without another headquarters"),
          "leftover_tokens_both": msg("of both tokens beside the board"), "destination": msg("of the new Tiger")}


def _scope(edition: Edition, scope: str | None):
    """Where an effect applies, in words (``one_upper`` → ``on South Korea or Taiwan``)."""
    if scope is None:
        return ""
    if scope in AUTOMA_SCOPES:
        return AUTOMA_SCOPES[scope]
    if scope.startswith(("most_automa_", "least_automa_", "fewest_automa_")):  # the Automa's Tiger selectors
        return f"where the Automa has {scope.replace('_automa_', ' ').replace('_', ' ')}"
    area = {"one_upper": edition.upper_area, "one_lower": edition.lower_area}.get(scope)
    if area is not None:
        return msg("on {tigers}", tigers=_or([named(edition, "tigers", t) for t in area()]))
    if scope in edition.tigers:
        return msg("on {tigers}", tigers=named(edition, "tigers", scope))
    return SCOPES.get(scope, scope.replace("_", " "))


# Each effect in words: (the message in a sentence, the message that opens a label); issue 37.
EFFECTS = {
    "remove_generic": (msg("remove a generic piece from your player board"),
                       msg("Remove a generic piece from your player board")),
    "build_department": (msg("build a department here"), msg("Build a department here")),
    "advance_global_market_per_distinct_flag": (msg("+1 on the global market per different flag you hold"),) * 2,
    "relocate_satellite": (msg("move one of your satellites to another Tiger"),
                           msg("Move one of your satellites to another Tiger")),
    "relocate_special_flag": (msg("move a special flag into another row"), msg("Move a special flag into another row")),
    "nation_bonus": (msg("then that row's nation bonus"), msg("Then that row's nation bonus")),
    "sale_without_worker": (msg("a sale at any trade centre without a worker"),
                            msg("A sale at any trade centre without a worker")),
    "factory_production": (msg("one factory produces again for 1 energy (a second for 1 more)"),
                           msg("One factory produces again for 1 energy (a second for 1 more)")),
}
SET_MESSAGES = {"dollar": "$", "yen": "¥", "either": msg("$ or ¥")}
GAINS = {"energy": lambda amount: msg("+{amount} energy", amount=amount),
         "science": lambda amount: msg("+{amount} science", amount=amount),
         "good": lambda amount: msg("+{amount} goods made here", amount=amount)}


def effect_text(edition: Edition, effect, render=str) -> str:
    """One catalogue effect in words (``{"do": "advance_influence", "amount": 3}`` → ``+3 influence here``)."""
    return render(_effect(edition, effect, False))


def _effect(edition: Edition, effect, cap: bool):
    """`effect` as a message; `cap`: the form that opens a label ("A satellite…")."""
    do, amount, scope = effect["do"], effect.get("amount"), effect.get("tiger")
    where = _scope(edition, scope)
    one = lambda lower, upper: upper if cap else lower  # noqa: E731
    if do in EFFECTS:
        return EFFECTS[do][cap]
    if do == "advance_influence":
        return msg("+{amount} influence {where}", amount=amount, where=where)
    if do == "advance_global_market":
        return msg("+{amount} on the global market", amount=amount)
    if do == "region_bonus":
        if scope == "same":
            return one(msg("then its region bonus"), msg("Then its region bonus"))
        if scope == "leftover_tokens_both":
            return one(msg("the region bonuses of both tokens beside the board"),
                       msg("The region bonuses of both tokens beside the board"))
        return one(msg("then the region bonus {where}", where=where), msg("Then the region bonus {where}", where=where))
    if do == "build_headquarters":
        return one(msg("your headquarters {where}", where=where), msg("Your headquarters {where}", where=where))
    if do == "build_satellite":
        where = SCOPES["any"] if scope == "same" else where
        if effect.get("row") == "any":
            return one(msg("a satellite in any row {where}", where=where), msg("A satellite in any row {where}", where=where))
        row = ROW_MESSAGES[effect["row"]]
        return one(msg("a satellite in the {row} {where}", row=row, where=where),
                   msg("A satellite in the {row} {where}", row=row, where=where))
    if do == "parts_factory":
        energy = (effect.get("cost") or {}).get("energy")
        said = (one(msg("a parts factory {where} for {energy} energy", where=where, energy=energy),
                    msg("A parts factory {where} for {energy} energy", where=where, energy=energy)) if energy else
                one(msg("a parts factory {where} (free)", where=where), msg("A parts factory {where} (free)", where=where)))
        return msg("{effect} under its own factory", effect=said) if effect.get("requires_own_factory_there") else said
    if do == "performance_bonus":
        token = SET_MESSAGES[effect["set"]]
        return one(msg("a {set} performance token", set=token), msg("A {set} performance token", set=token))
    if do == "build_factory":
        columns = _or(list(effect["columns"]))
        return one(msg("build a factory in column {columns} {where}", columns=columns, where=where),
                   msg("Build a factory in column {columns} {where}", columns=columns, where=where))
    if do == "gain":
        if effect["resource"] == "good" and amount == 1:
            return msg("1 good made here")
        said = GAINS.get(effect["resource"])
        return said(amount) if said else f"+{amount} {effect['resource']}"
    return do.replace("_", " ")


def _effects(edition: Edition, entry, cap: bool):
    """A catalogue entry (effects and cost) in words."""
    parts = [_effect(edition, e, cap and not i) for i, e in enumerate(entry.get("effects", ()))]
    text = reduce(lambda a, b: msg("{before}, {after}", before=a, after=b), parts) if parts else ""
    funds = (entry.get("cost") or {}).get("funds")
    if funds:
        text = msg_n("{effects}; costs {count} fund there", "{effects}; costs {count} funds there", "count",
                     effects=text, count=funds)
    return text


# -- bonuses -----------------------------------------------------------------------
BONUS_TABLES = ("infrastructure_bonuses", "nation_bonuses", "region_bonus_effects", "performance_yen_effects",
                "automa_infrastructure_bonuses", "automa_nation_bonuses", "university_additional_actions")


@per_edition
def bonus_label(edition: Edition, bonus: str, table: str | None = None, render=str) -> str:
    """A sector, nation, region or performance bonus by what it does (`render`: `keep` for the message)."""
    return render(_bonus(edition, bonus, table, True))


def _bonus(edition: Edition, bonus: str, table: str | None, cap: bool):
    for name in ((table,) if table else BONUS_TABLES):
        entry = edition.catalog.get(name, {}).get(bonus)
        if entry is not None:
            return _effects(edition, entry, cap)
    return bonus.replace("_", " ")


# -- tokens and tiles ----------------------------------------------------------------
@per_edition
def prosperity_label(edition: Edition, token: str, player_count: int) -> str:
    """A prosperity token by the values printed for this player count (``24 · 16 · 9 · 3``)."""
    count = edition.solo.get("setup_as_player_count", 2) if player_count == 1 else player_count
    ranks = edition.prosperity_tokens[token]["by_player_count"][str(count)]["ranks"]
    return " · ".join(str(r) for r in ranks)


@per_edition
def region_token_label(edition: Edition, token: str, render=str) -> str:
    """A region bonus token by its effect (``+3 influence``, ``1 good made here``)."""
    effect = edition.region_bonus_tokens[token]
    entry = edition.catalog["region_bonus_effects"][effect]["effects"][0]
    if entry["do"] == "advance_influence":
        return render(msg("+{amount} influence", amount=entry["amount"]))
    return effect_text(edition, entry, render)


@per_edition
def performance_label(edition: Edition, token: str, render=str) -> str:
    """A performance token by its effect (``$ +2 funds on South Korea and/or Taiwan``)."""
    if token in edition.dollar_tokens:
        data = edition.dollar_tokens[token]
        scope = data["scope"]
        tigers = [named(edition, "tigers", t) for t in
                  {"upper": edition.upper_area(), "lower": edition.lower_area()}.get(scope, (scope,))]
        either = _or(tigers) if data["choose"] != "one_or_both" else reduce(
            lambda a, b: msg("{before} and/or {after}", before=a, after=b), tigers)
        return render(msg("$ +{amount} funds on {tigers}", amount=data["amount_per_tiger"], tigers=either))
    return render(msg("¥ {effects}", effects=_effects(
        edition, edition.catalog["performance_yen_effects"][edition.yen_tokens[token]], False)))


def _joined(parts: list, between: str) -> Message:
    """Parts joined by punctuation that needs no translation (each part said in the reader's language)."""
    return Message(between.join(f"{{p{i}}}" for i in range(len(parts))), {f"p{i}": p for i, p in enumerate(parts)})


@per_edition
def automa_tile_label(edition: Edition, tile: str, render=str) -> str:
    """An Automa action tile by its instruction (`render`: `keep` for the message)."""
    data = edition.solo["action_tiles"][tile]
    target = data["target"]
    if target["type"] == "trade_center":
        where = trade_center_label(edition, target["trade_center"], "en", keep)
    elif target["type"] == "investment":
        where = msg("invest in {tiger}", tiger=named(edition, "tigers", target["tiger"]))
    else:
        said = dict(tigers=_or([named(edition, "tigers", t) for t in target["tigers"]]),
                    tie=named(edition, "tigers", target["tie_default"]))
        where = (msg("invest in {tigers} (the one with more investment points; tie: {tie})", **said)
                 if target["pick"].startswith("more") else
                 msg("invest in {tigers} (the one with fewer investment points; tie: {tie})", **said))
    parts = [where]
    if data.get("local_market_sale"):
        parts.append(msg("sell on a local market"))
    if data.get("influence"):
        parts.append(msg("+{amount} influence", amount=data["influence"]))
    flags = data["trade_center_rule"]["flags"]
    parts.append(msg_n("trade: {count} flag", "trade: {count} flags", "count", count=flags))
    return render(_joined(parts, "; "))


@per_edition
def campaign_goal_label(edition: Edition, tile: str, render=str) -> str:
    """A campaign tile by the goal printed on it (``build at least 5 laboratories``); the tile has no code."""
    return requirement_text(edition, edition.catalog["campaign_requirements"][
        edition.solo["campaign_tiles"][tile]["requirement"]], render)


GOALS = {
    "universities_built": lambda n, said: msg("build at least {n} universities (departments do not count)", n=n),
    "laboratories_built": lambda n, said: msg("build at least {n} laboratories", n=n),
    "power_plants_built": lambda n, said: msg("build at least {n} power plants", n=n),
    "distinct_factory_goods_built": lambda n, said: msg("build factories of {n} different goods", n=n),
    "distinct_flags_in_final_scoring_rows":
        lambda n, said: msg("allocate at least {n} different flags to final objectives", n=n),
    "headquarters_and_satellite_rows":
        lambda n, said: msg("build the headquarters and a satellite in each row ({rows})", rows=said["rows"]),
    "more_investment_points_than_automa_in_one_of":
        lambda n, said: msg("more investment points than the Automa in {tigers}", tigers=said["tigers"]),
    "global_market_position": lambda n, said: msg("reach at least space {n} on the global market", n=n),
}


def requirement_text(edition: Edition, requirement, render=str) -> str:
    """A campaign requirement (``{"metric": "laboratories_built", "at_least": 5}``) in words."""
    metric, n = requirement.get("metric"), requirement.get("at_least")
    if metric not in GOALS:
        return str(metric).replace("_", " ")
    rows = [named(edition, "buildings", r) for r in requirement.get("satellite_rows", [])]
    tigers = [named(edition, "tigers", t) if t in edition.tigers else t for t in requirement.get("tigers", [])]
    said = {"rows": _joined(rows, ", "), "tigers": _or(tigers) if tigers else ""}
    return render(GOALS[metric](n, said))


# -- places ------------------------------------------------------------------------
def space_label(edition: Edition, space: Space, lang: str = "en", render=str) -> str:
    """A construction space by Tiger, kind, column and good (``South Korea · factory · column B · Electronics``)."""
    if render is str:  # the common case, looked up on every view
        return _space_labels(edition, lang)[space.id]
    if render is keep:  # a message (" · " needs no translation), built once: every refusal of a space names it
        return _space_messages(edition, lang)[space.id]
    return " · ".join(map(render, _space_parts(edition, lang)[space.id]))


@per_edition
def _space_labels(edition: Edition, lang: str) -> dict[str, str]:
    return {sid: " · ".join(map(_render, parts)) for sid, parts in _space_parts(edition, lang).items()}


@per_edition
def _space_messages(edition: Edition, lang: str) -> dict[str, Message]:
    return {sid: _joined(parts, " · ") for sid, parts in _space_parts(edition, lang).items()}


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
                               *([_effect(edition, space.bonus, False)] if space.bonus is not None else [])]
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
def sector_label(edition: Edition, sector: str, render=str) -> str:
    """A player-board sector by its pieces and bonus (`render`: `keep` for the message)."""
    data = edition.sectors.get(sector)
    if data is None:
        return render(_automa_sector(edition, sector))
    number = sector.lstrip("S")
    bonus = _bonus(edition, data.bonus, "infrastructure_bonuses", False)
    if data.factory_good:
        return render(msg("{good} factory sector {number} (bonus: {bonus})", number=number, bonus=bonus,
                          good=named(edition, "goods", data.factory_good)))
    return render(msg("sector {number} (bonus: {bonus})", number=number, bonus=bonus))


def _automa_sector(edition: Edition, sector: str):
    board = edition.solo.get("automa_board", {})
    if sector in board.get("infrastructure_sectors", {}):
        data = board["infrastructure_sectors"][sector]
        return msg("Automa {good} sector (bonus: {bonus})", good=named(edition, "goods", data["factory"]),
                   bonus=_bonus(edition, data["bonus"], "automa_infrastructure_bonuses", False))
    if sector in board.get("final_scoring_sectors", {}):
        data = board["final_scoring_sectors"][sector]
        index = list(board["final_scoring_sectors"]).index(sector) + 1
        return msg("Automa flag sector {index} (bonus: {bonus})", index=index,
                   bonus=_bonus(edition, data["nation_bonus"], "automa_nation_bonuses", False))
    return sector


@per_edition
def nations_text(edition: Edition, accepts, render=str) -> str:
    """The nations a row accepts."""
    return render(msg("any nation") if accepts == "any" else _or([named(edition, "nations", n) for n in accepts]))


@per_edition
def row_label(edition: Edition, row: str, render=str) -> str:
    """A final-scoring row by its sector, nations and nation bonus."""
    data = edition.rows[row]
    return render(msg("{row} ({nations}; bonus: {bonus})", row=row_name(edition, row, keep),
                      nations=nations_text(edition, data.accepts, keep),
                      bonus=_bonus(edition, data.nation_bonus, "nation_bonuses", False)))


@per_edition
def row_name(edition: Edition, row: str, render=str) -> str:
    """A final-scoring row by its sector and number (``sector A row 2``)."""
    sector = edition.rows[row].sector
    return render(msg("sector {sector} row {number}", sector=sector, number=row[len(sector):]))


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
