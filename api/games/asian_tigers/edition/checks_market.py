"""Global market, tracks, tokens and catalog checks of the Asian Tigers edition."""
from __future__ import annotations

import collections
from typing import Any, Iterator

from api.games.messages import msg

from .checks_base import (PLAYER_COUNTS, TIGERS, Check, Doc, Path, duplicate, expect, expect_one_of, fail,
                          first_diff, is_int, member, multiset_mismatch, same, show)

META_KEYS = frozenset({"schema_version", "edition", "provenance", "interpretations"})
TRADE_CENTERS = {"ITC1": ("international", 1, 3), "ITC2": ("international", 1, 3), "RTC": ("regional", 1, 2)}
NATIONS_PER_CENTER = {"ITC1": 3, "ITC2": 3, "RTC": 2}
STARS = (1, 2, 3)
CATALOG_SIZES = {"infrastructure_bonuses": 12, "nation_bonuses": 9, "region_bonus_effects": 4,
                 "performance_yen_effects": 6, "automa_infrastructure_bonuses": 6, "automa_nation_bonuses": 3,
                 "campaign_requirements": 9}
# The verbs of README section 2; an engine only knows how to resolve these.
VERBS = {"advance_global_market", "advance_influence", "advance_global_market_per_distinct_flag", "gain",
         "parts_factory", "build_factory", "build_department", "remove_generic", "performance_bonus",
         "build_headquarters", "build_satellite", "region_bonus", "relocate_satellite", "relocate_special_flag",
         "nation_bonus", "sale_without_worker", "factory_production", "sale_to_nation_of_other_center"}


def check_global_market(doc: Doc) -> Check:
    """Trade centres, nations (3/3/2, demands), flag stacks and special flags."""
    gm = ("global_market",)
    centers = doc.obj(*gm, "trade_centers")
    if sorted(centers) != ["ITC1", "ITC2", "RTC", "STC"]:
        yield fail(gm + ("trade_centers",), msg("expected trade centres ITC1, ITC2, RTC, STC, found {centers}",
                                                centers=sorted(centers)))
        return
    for tc, (kind, low, high) in TRADE_CENTERS.items():
        for key, want in (("kind", kind), ("sales_min", low), ("sales_max", high)):
            yield from expect(doc, gm + ("trade_centers", tc, key), want,
                              msg("the text: {tc} is {kind} with {low} to {high} sales; expected {want}", tc=tc,
                                  kind=kind, low=low, high=high, want=show(want)))
    for key, want in (("kind", "special"), ("worker_type_restricted", False)):
        yield from expect(doc, gm + ("trade_centers", "STC", key), want,
                          msg("the special trade centre accepts any worker; expected {want}", want=show(want)))
    order = doc.items_of("board", "trade_center_order_top_to_bottom", kind="string")
    if sorted(order) != ["ITC1", "ITC2", "RTC"]:
        yield fail(("board", "trade_center_order_top_to_bottom"), msg("must order ITC1, ITC2 and RTC, found {order}",
                                                                      order=order))
    nations = doc.entries(*gm, "nations")
    if len(nations) != 8:
        yield fail(gm + ("nations",), msg("8 nations expected, found {n_nations}", n_nations=len(nations)))
        return
    errors = list(_check_nation_centers(doc, nations))
    if errors:
        yield from errors
        return  # demands are read per centre below
    yield from _check_demands(doc, nations)
    yield from _check_flags(doc, nations)
    special = doc.entries(*gm, "special_flags")
    if sorted(k for k, _ in special) != sorted(TIGERS):
        yield fail(gm + ("special_flags",), msg("one special flag per Tiger, found {value}",
                                                value=sorted(k for k, _ in special)))
    for t, flag in special:
        if not same(doc.at(*gm, "special_flags", t, "tiger"), t):
            yield fail(gm + ("special_flags", t, "tiger"), msg("the special flag of {t} names {tiger}", t=t,
                                                               tiger=show(flag['tiger'])))
        yield from expect_one_of(doc, gm + ("special_flags", t, "stars"), STARS, msg("stars must be 1, 2 or 3"))
    total = sum(len(n["flags"]) for _, n in nations) + len(special)
    if total != doc.int("components", "flags_total"):
        yield fail(gm + ("nations",), msg("{total} flags (nation flags + special flags), but the component list has "
                                          "{value}", total=total, value=doc.int('components', 'flags_total')))


def _check_nation_centers(doc: Doc, nations: list[tuple[str, dict]]) -> Check:
    placed: collections.Counter = collections.Counter()
    for code, _ in nations:
        path = ("global_market", "nations", code, "trade_center")
        tc = doc.at(*path)
        if not member(tc, list(NATIONS_PER_CENTER)):
            yield fail(path, msg("a nation sits at ITC1, ITC2 or RTC, found {tc}", tc=show(tc)))
        elif placed[tc] >= NATIONS_PER_CENTER[tc]:
            yield fail(path, msg("{tc} already has {nations_per_center} nations; expected 3 at ITC1, 3 at ITC2, 2 "
                                 "at RTC", tc=tc, nations_per_center=NATIONS_PER_CENTER[tc]))
        else:
            placed[tc] += 1


def _check_demands(doc: Doc, nations: list[tuple[str, dict]]) -> Check:
    goods = doc.arr("goods")
    pairs: list[tuple[Path, Any]] = []
    regional: list[tuple[Path, Any]] = []
    for code, nation in nations:
        p = ("global_market", "nations", code, "demand")
        demand = doc.obj(*p)
        if nation["trade_center"] == "RTC":
            regional.append((p + ("any_different",), demand.get("any_different")))
            continue
        wanted = demand.get("goods", [])
        if not (isinstance(wanted, list) and len(wanted) == 2 and all(member(g, goods) for g in wanted)
                and wanted[0] != wanted[1]):
            yield fail(p + ("goods",) if "goods" in demand else p,
                       msg("an international nation demands 2 different goods, found {wanted}", wanted=show(wanted)))
            return
        pairs.append((p + ("goods",), sorted(wanted)))
    yield from duplicate(pairs, lambda pair: msg("international nations demand different pairs; {pair} is demanded "
                                                 "twice", pair=show(pair)))
    missing = [g for g in goods if not any(g in pair for _, pair in pairs)]
    if missing:
        yield fail(("global_market", "nations"), msg("every good is demanded by some international nation; nobody "
                                                     "demands {missing}", missing=missing))
    yield from multiset_mismatch(regional, [2, 3], ("global_market", "nations"),
                                 msg("regional demands (one nation takes any 2 different goods, the other any 3)"))


def _check_flags(doc: Doc, nations: list[tuple[str, dict]]) -> Check:
    removed = {n: doc.arr("rules", "flags", "removed_dots_by_player_count", str(n)) for n in PLAYER_COUNTS}
    ids: list[tuple[Path, Any]] = []
    for code, _ in nations:
        fp = ("global_market", "nations", code, "flags")
        flags = doc.arr(*fp)
        if len(flags) != 4:
            yield fail(fp, msg("{code}: 4 flags per nation, found {n_flags}", code=code, n_flags=len(flags)))
            continue
        previous = None
        for i in range(4):
            doc.obj(*fp, i)
            value = doc.at(*fp, i, "value")
            if not (is_int(value) and value > 0):
                yield fail(fp + (i, "value"), msg("a flag value is a positive integer, found {value}",
                                                  value=show(value)))
                previous = None
                continue
            if previous is not None and value > previous:
                yield fail(fp + (i, "value"), msg("flags are listed top of the stack first, highest value first: "
                                                  "{value} follows {previous}", value=value, previous=previous))
            previous = value
        for i in range(4):
            yield from expect_one_of(doc, fp + (i, "stars"), STARS, msg("stars must be 1, 2 or 3"))
            yield from expect_one_of(doc, fp + (i, "dots"), (None, 3, 4), msg("dots must be null, 3 or 4"))
            ids.append((fp + (i, "id"), doc.at(*fp, i, "id")))
        for n, gone in removed.items():
            if all(member(f["dots"], gone) for f in flags):
                yield fail(fp, msg("{code}: no flag left in a {n}-player game (flags with dots {gone} are removed)",
                                   code=code, n=n, gone=gone))
    yield from duplicate(ids, lambda flag_id: msg("duplicate flag id {flag_id}", flag_id=show(flag_id)))


def check_tracks(doc: Doc) -> Check:
    """Global-market milestones, Tiger icons, and the management influence tables."""
    gmt = ("board", "global_market_track")
    every, top = doc.int(*gmt, "milestone_every"), doc.int(*gmt, "printed_max")
    if every <= 0:
        yield fail(gmt + ("milestone_every",), msg("must be a positive integer, found {every}", every=every))
        return
    diff = first_diff(doc.arr(*gmt, "milestones"), list(range(every, top + 1, every)), gmt + ("milestones",))
    if diff:
        yield fail(diff[0], msg("milestones sit every {every} spaces up to printed_max {top}: {diff}", every=every,
                                top=top, diff=diff[1]))
    reach = doc.int("catalog", "campaign_requirements", "global_market_45", "at_least")
    if top < reach:
        yield fail(gmt + ("printed_max",), msg("the global-market track must reach space {reach} (campaign tile), "
                                               "found {top}", reach=reach, top=top))
    it = ("board", "influence_track")
    every, top = doc.int(*it, "tiger_icon_every"), doc.int(*it, "printed_max")
    if every <= 0:
        yield fail(it + ("tiger_icon_every",), msg("must be a positive integer, found {every}", every=every))
    else:
        diff = first_diff(doc.arr(*it, "tiger_icon_spaces"), list(range(0, top + 1, every)),
                          it + ("tiger_icon_spaces",))
        if diff:
            yield fail(diff[0], msg("Tiger icons sit every {every} spaces from 0 to {top}: {diff}", every=every,
                                    top=top, diff=diff[1]))
    for key in ("influence_start", "influence_start_advanced"):
        if doc.int("neutral_player", key) > top:
            yield fail(("neutral_player", key), msg("the neutral player starts on the printed track (0..{top})",
                                                    top=top))
    mt = ("board", "management_track")
    parts = participants(doc)
    for era in doc.obj(*mt, "influence_by_rank"):
        table = doc.obj(*mt, "influence_by_rank", era)
        if sorted(table) != ["2", "3", "4"]:
            yield fail(mt + ("influence_by_rank", era), msg("tables for 2, 3 and 4 players expected, found {table}",
                                                            table=sorted(table)))
            continue
        for n_pl in table:
            yield from rank_awards(doc, mt + ("influence_by_rank", era, n_pl), parts[n_pl], n_pl)
    era_1 = doc.arr(*mt, "steps", "era_1")
    if len(era_1) < 3 or era_1[2] != "special_flags":
        yield fail(mt + ("steps", "era_1", 2) if len(era_1) >= 3 else mt + ("steps", "era_1"),
                   msg("the special flags are offered in the third Era I management step"))
    if not member("prosperity_from_influence", doc.arr(*mt, "steps", "era_2")):
        yield fail(mt + ("steps", "era_2"), msg("Era II management scores prosperity from influence"))


def participants(doc: Doc) -> dict[str, int]:
    """Ranked participants per player count ("2", "3", "4")."""
    return {n: doc.int("board", "management_track", "participants_by_player_count", n) for n in ("2", "3", "4")}


def rank_awards(doc: Doc, path: Path, count: int, n_pl: str) -> Check:
    """A rank table: one non-negative integer per participant, non-increasing."""
    awards = doc.arr(*path)
    if len(awards) != count:
        yield fail(path, msg("one award per participant rank: {count} participants in a {n_pl}-player game, found "
                             "{n_awards} awards", count=count, n_pl=n_pl, n_awards=len(awards)))
        return
    for i, value in enumerate(awards):
        if not (is_int(value) and value >= 0):
            yield fail(path + (i,), msg("an award is a non-negative integer, found {value}", value=show(value)))
            return
        if i and value > awards[i - 1]:
            yield fail(path + (i,), msg("awards must not increase with rank: {value} follows {awards}", value=value,
                                        awards=awards[i - 1]))


def check_tokens(doc: Doc) -> Check:
    """Prosperity, region-bonus and performance tokens."""
    n_tigers = len(doc.obj("tigers"))
    tokens = doc.entries("prosperity_tokens")
    count = doc.int("components", "prosperity_tokens")
    if len(tokens) != count:
        yield fail(("prosperity_tokens",), msg("{count} prosperity tokens expected, found {n_tokens}", count=count,
                                               n_tokens=len(tokens)))
    returned = ("setup", "prosperity_tokens", "returned_to_box")
    if count != doc.int(*returned) + n_tigers:
        yield fail(returned, msg("{count} prosperity tokens = 1 per Tiger + those returned to the box", count=count))
    parts = participants(doc)
    for n_pl in ("2", "3", "4"):
        heads = [(("prosperity_tokens", pid, "by_player_count", n_pl, "headline"),
                  doc.int("prosperity_tokens", pid, "by_player_count", n_pl, "headline")) for pid, _ in tokens]
        yield from duplicate(heads, lambda head: msg("prosperity headlines must differ in the {n_pl}-player tables "
                                                     "so setup can rank the Tigers; {head} repeats", n_pl=n_pl,
                                                     head=head))
        for pid, _ in tokens:
            yield from rank_awards(doc, ("prosperity_tokens", pid, "by_player_count", n_pl, "ranks"), parts[n_pl], n_pl)
    region = doc.entries("region_bonus_tokens")
    count = doc.int("components", "region_bonus_tokens")
    if len(region) != count:
        yield fail(("region_bonus_tokens",), msg("{count} region bonus tokens expected, found {n_region}",
                                                 count=count, n_region=len(region)))
    leftover = ("setup", "region_bonus_tokens", "leftover_beside_board")
    if count != n_tigers + doc.int(*leftover):
        yield fail(leftover, msg("{count} region bonus tokens = 1 per Tiger + the leftovers", count=count))
    effects = doc.obj("catalog", "region_bonus_effects")
    for rid, _ in region:
        effect = doc.at("region_bonus_tokens", rid, "effect")
        if not (isinstance(effect, str) and effect in effects):
            yield fail(("region_bonus_tokens", rid, "effect"), msg("{effect} is not in catalog.region_bonus_effects "
                                                                   "{effects}", effect=show(effect),
                                                                   effects=sorted(effects)))
    unused = [e for e in effects if not any(tok["effect"] == e for _, tok in region)]
    if unused:
        yield fail(("region_bonus_tokens",), msg("every listed region bonus effect appears on a token; unused: "
                                                 "{unused}", unused=unused))
    yield from _check_performance(doc)


def _check_performance(doc: Doc) -> Check:
    pt = ("performance_tokens",)
    dollar = doc.entries(*pt, "dollar", "tokens")
    yen = doc.entries(*pt, "yen", "tokens")
    for name, tokens in (("dollar", dollar), ("yen", yen)):
        if len(tokens) != 6:
            yield fail(pt + (name, "tokens"), msg("6 {name} tokens expected, found {n_tokens}", name=name,
                                                  n_tokens=len(tokens)))
    if len(dollar) + len(yen) != doc.int("components", "performance_tokens", "total"):
        yield fail(("components", "performance_tokens", "total"), msg("the $ and ¥ tokens must add up to the total"))
    scopes = [(pt + ("dollar", "tokens", k, "scope"), doc.at(*pt, "dollar", "tokens", k, "scope")) for k, _ in dollar]
    bad = list(multiset_mismatch(scopes, ["upper", "lower", *TIGERS], pt + ("dollar", "tokens"),
                                 msg("$ scopes (upper, lower and each Tiger)")))
    if bad:
        yield from bad
        return
    cap = doc.int("rules", "investment_funds", "max")
    for k, token in dollar:
        p = pt + ("dollar", "tokens", k)
        amount = doc.at(*p, "amount_per_tiger")
        if not (is_int(amount) and 0 < amount < cap):
            yield fail(p + ("amount_per_tiger",), msg("funds per Tiger must be a positive integer below the cap "
                                                      "{cap}, found {amount}", cap=cap, amount=show(amount)))
        want = "one_or_both" if token["scope"] in ("upper", "lower") else "named"
        yield from expect(doc, p + ("choose",), want, msg("a $ token with scope {scope} chooses {want}",
                                                          scope=repr(token['scope']), want=repr(want)))
    effects = list(doc.obj("catalog", "performance_yen_effects"))
    used = [(pt + ("yen", "tokens", k, "effect"), doc.at(*pt, "yen", "tokens", k, "effect")) for k, _ in yen]
    yield from multiset_mismatch(used, effects, pt + ("yen", "tokens"), msg("¥ effects (the 6 listed, once each)"))


def _effects(node: Any, path: Path) -> Iterator[tuple[Path, dict]]:
    if isinstance(node, dict):
        if "do" in node:
            yield path, node
        for key, value in node.items():
            yield from _effects(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _effects(value, path + (i,))


def check_catalogs(doc: Doc) -> Check:
    """Catalog sizes, effect verbs everywhere, and infrastructure-bonus funds costs."""
    cat = ("catalog",)
    for name, size in CATALOG_SIZES.items():
        if len(doc.obj(*cat, name)) != size:
            yield fail(cat + (name,), msg("{size} entries expected, found {n_value}", size=size,
                                          n_value=len(doc.obj(*cat, name))))
    if list(doc.obj(*cat, "final_scoring_requirements")) != list("ABCDEF"):
        yield fail(cat + ("final_scoring_requirements",), msg("requirements A to F expected, found {value}",
                                                              value=list(doc.obj(*cat, 'final_scoring_requirements'))))
    for key, value in doc.root.items():
        if key in META_KEYS:
            continue
        for path, effect in _effects(value, (key,)):
            if not (isinstance(effect["do"], str) and effect["do"] in VERBS):
                yield fail(path + ("do",), msg("unknown effect verb {do}", do=show(effect['do'])))
    for k, _ in doc.entries(*cat, "infrastructure_bonuses"):
        cost = doc.obj(*cat, "infrastructure_bonuses", k, "cost")
        want = 2 if k.startswith("satellite") else 1 if k.startswith("influence") else 0
        if not same(cost.get("funds", 0), want):
            path = cat + ("infrastructure_bonuses", k, "cost") + (("funds",) if "funds" in cost else ())
            yield fail(path, msg("funds cost of {k} must be {want} (influence 1, satellite 2, others none), found "
                                 "{value}", k=k, want=want, value=show(cost.get('funds', 0))))
