"""Component arithmetic, Tiger layout and board-wide checks of the Asian Tigers edition."""
from __future__ import annotations

import collections
from typing import Any

from api.games.messages import msg

from .checks_base import (COLUMNS, KIND_ROW, PLAYER_COUNTS, TIGERS, Check, Doc, Path, duplicate, expect,
                          expect_one_of, fail, first_diff, is_int, member, multiset_mismatch, same, show)

TIGER_NAMES = {"SK": "South Korea", "HK": "Hong Kong", "TW": "Taiwan", "SG": "Singapore"}
# Ordinary spaces per row; the university row is free as long as it has both kinds.
ROW_SIZES = {"factory": 4, "power_plant": 3, "laboratory": 3}
TIGER_SECTIONS = ("spaces", "infinite_spaces", "satellite_spaces", "headquarters_slots", "local_markets")


def all_spaces(doc: Doc) -> list[tuple[Path, dict]]:
    """(path, space) for every ordinary construction space of every Tiger, board order."""
    return [(("tigers", t, "spaces", sid), s) for t in TIGERS for sid, s in doc.entries("tigers", t, "spaces")]


def check_components(doc: Doc) -> Check:
    """Component-list arithmetic: pieces, goods, workers, discs, markers and token supplies."""
    comp = ("components",)
    colors = doc.int(*comp, "colors")
    per = {k: doc.int(*comp, "per_color", k) for k in
           ("generic_infrastructures", "factories", "satellites", "headquarters", "discs", "squared_markers")}
    pieces = per["generic_infrastructures"] + per["factories"] + per["satellites"] + per["headquarters"]
    total = doc.int(*comp, "infrastructures_total")
    if colors * pieces != total:
        yield fail(comp + ("colors",), msg("{colors} colours x {pieces} infrastructures per colour = {value}, but "
                                           "the component list has {total} infrastructures", colors=colors,
                                           pieces=pieces, value=colors * pieces, total=total))
    goods = doc.items_of("goods", kind="string")
    per_type, goods_total = doc.int(*comp, "goods_per_type"), doc.int(*comp, "goods_total")
    if per_type * len(goods) != goods_total or len(set(goods)) != 6:
        yield fail(comp + ("goods_total",), msg("6 good types x {per_type} = {goods_total} expected, found "
                                                "{n_goods} types and {goods_total} goods", per_type=per_type,
                                                goods_total=goods_total, n_goods=len(set(goods))))
    worker_types = doc.int(*comp, "worker_types")
    if len(doc.arr("worker_types")) != worker_types:
        yield fail(("worker_types",), msg("{n_value} worker type ids, but the component list has {worker_types} "
                                          "worker types", n_value=len(doc.arr('worker_types')),
                                          worker_types=worker_types))
    if len(doc.arr("player_colors")) != colors:
        yield fail(("player_colors",), msg("{n_value} colour ids, but there are {colors} colours",
                                           n_value=len(doc.arr('player_colors')), colors=colors))
    for key in ("player_boards", "bags"):
        if doc.int(*comp, key) != colors:
            yield fail(comp + (key,), msg("{value} {key}, expected one per colour ({colors})",
                                          value=doc.int(*comp, key), key=key.replace('_', ' '), colors=colors))
    sp = ("setup", "player")
    bag, per_type_bag = doc.int(*sp, "bag_size"), doc.int(*sp, "workers_per_type")
    if bag != per_type_bag * worker_types:
        yield fail(sp + ("bag_size",), msg("bag of {bag} != {per_type_bag} workers x {worker_types} types", bag=bag,
                                           per_type_bag=per_type_bag, worker_types=worker_types))
    team = bag - doc.int(*sp, "set_aside", "count")
    for path in (sp + ("team_area_slots",), ("rules", "workers_placed_per_era"), ("player_board", "team_area_slots")):
        if doc.int(*path) != team:
            yield fail(path, msg("bag {bag} - set-aside {value} = {team} team-area slots = workers placed per era; "
                                 "found {value2}", bag=bag, value=bag - team, team=team, value2=doc.int(*path)))
    workers = doc.int(*comp, "workers_per_type")
    if colors * bag + worker_types != worker_types * workers:
        yield fail(comp + ("workers_per_type",), msg("{colors} bags x {bag} + {worker_types} board workers = "
                                                     "{value}, but {worker_types} types x {workers} = {value2}",
                                                     colors=colors, bag=bag, worker_types=worker_types,
                                                     value=colors * bag + worker_types, workers=workers,
                                                     value2=worker_types * workers))
    n_tigers = len(doc.obj("tigers"))
    for key, use in (("discs", msg("1 turn-order disc + 1 funds disc per Tiger")),
                     ("squared_markers", msg("1 global-market marker + 1 influence marker per Tiger"))):
        if per[key] != 1 + n_tigers:
            yield fail(("tigers",), msg("{per} {key} per colour = {use}, so there must be {value} Tigers, found "
                                        "{n_tigers}", per=per[key], key=key.replace('_', ' '), use=use,
                                        value=per[key] - 1, n_tigers=n_tigers))
    for key, start in (("energy_tokens", "energy"), ("science_tokens", "science")):
        need = colors * doc.int(*sp, start)
        if doc.int(*comp, key) < need:
            yield fail(comp + (key,), msg("{value} tokens cannot cover the starting {start} of {colors} players "
                                          "({need})", value=doc.int(*comp, key), start=start, colors=colors,
                                          need=need))
    if doc.int(*comp, "parts_factories") < colors * per["factories"]:
        yield fail(comp + ("parts_factories",), msg("fewer parts factories than the {value} player factories",
                                                    value=colors * per['factories']))
    pool = doc.items_of(*sp, "starting_good_pool", kind="string")
    for i, good in enumerate(pool):
        if good not in goods:
            yield fail(sp + ("starting_good_pool", i), msg("{good} is not a good; expected one of {goods}",
                                                           good=repr(good), goods=show(goods)))
    if len(pool) < colors:
        yield fail(sp + ("starting_good_pool",), msg("the pool of {n_pool} goods cannot deal 1 to each of {colors} "
                                                     "players", n_pool=len(pool), colors=colors))


def check_tigers(doc: Doc) -> Check:
    """Ids, names, areas, and the layout of each Tiger; all Tigers share one layout (their printed values may differ)."""
    found = list(doc.obj("tigers"))
    if found != list(TIGERS):
        yield fail(("tigers",), msg("the Tigers must be {tigers} in that order, found {found}", tigers=list(TIGERS),
                                    found=found))
        return
    for t, name in TIGER_NAMES.items():
        yield from expect(doc, ("tigers", t, "name"), name, msg("expected {name}", name=repr(name)))
    areas = doc.obj("board", "areas")
    if sorted(areas) != ["lower", "upper"]:
        yield fail(("board", "areas"), msg("expected exactly the areas 'upper' and 'lower', found {areas}",
                                           areas=sorted(areas)))
        return
    placed = [(("board", "areas", side, i), t) for side in ("upper", "lower")
              for i, t in enumerate(doc.items_of("board", "areas", side, kind="string"))]
    yield from multiset_mismatch(placed, list(TIGERS), ("board", "areas"), msg("areas split the 4 Tigers"))
    for side in ("upper", "lower"):
        if len(doc.arr("board", "areas", side)) != 2:
            yield fail(("board", "areas", side), msg("each area holds 2 Tigers, found {n_value}",
                                                     n_value=len(doc.arr('board', 'areas', side))))
    for t in TIGERS:
        yield from _check_tiger(doc, t)
    yield from _check_same_shape(doc)


def _check_space(doc: Doc, t: str, sid: str, s: dict) -> Check:
    p = ("tigers", t, "spaces", sid)
    if not (sid.startswith(t + ".") and sid.count(".") == 1):
        yield fail(p, msg("space id must be '{t}.<name>'", t=t))
    kind = doc.at(*p, "kind", kind="string")
    if kind not in KIND_ROW:
        yield fail(p + ("kind",), msg("unknown kind {kind}; expected one of {kind_row}", kind=repr(kind),
                                      kind_row=sorted(KIND_ROW)))
        return
    yield from expect(doc, p + ("row",), KIND_ROW[kind], msg("a {kind} sits in the {kind_row} row", kind=kind,
                                                             kind_row=KIND_ROW[kind]))
    column = doc.at(*p, "column")
    yield from expect_one_of(doc, p + ("column",), COLUMNS, msg("column must be \"A\", \"B\" or \"C\""))
    yield from expect_one_of(doc, p + ("min_players",), PLAYER_COUNTS, msg("min_players must be 2, 3 or 4"))
    doc.int(*p, "position")
    if kind == "university":
        if column not in ("A", "B"):
            yield fail(p + ("column",), msg("universities sit only in columns A and B, found {column}",
                                            column=show(column)))
        yield from expect_one_of(doc, p + ("bonus", "do"), ("advance_global_market", "advance_influence"),
                                 msg("a university bonus is advance_global_market or advance_influence"))
        if s["bonus"]["do"] == "advance_influence" and not same(s["bonus"].get("tiger"), "this"):
            yield fail(p + ("bonus", "tiger"), msg("a university influence bonus is for this Tiger (\"this\")"))
        amount = s["bonus"].get("amount")
        if not (is_int(amount) and amount > 0):
            yield fail(p + ("bonus", "amount"), msg("bonus amount must be a positive integer, found {amount}",
                                                    amount=show(amount)))
        actions = doc.at("catalog", "university_additional_actions", kind="object")
        if not doc.at(*p, "additional_actions", kind="array"):
            yield fail(p + ("additional_actions",), msg("a university offers at least one additional action"))
        for i, action in enumerate(s["additional_actions"]):
            if not isinstance(action, str) or action not in actions:
                yield fail(p + ("additional_actions", i), msg("{action} is not in "
                                                              "catalog.university_additional_actions {actions}",
                                                              action=show(action), actions=sorted(actions)))
    else:
        for key in ("bonus", "additional_actions"):
            if key in s:
                yield fail(p + (key,), msg("only universities carry {key}, this is a {kind}",
                                           key=key.replace('_', ' '), kind=kind))
    if kind == "department":
        if column != "C":
            yield fail(p + ("column",), msg("departments sit in column C of the university row, found {column}",
                                            column=show(column)))
        options = doc.arr("rules", "department", "science_cost_options")
        if not member(s.get("science_cost"), options):
            yield fail(p + ("science_cost",), msg("department science cost must be one of {options}, found {value}",
                                                  options=show(options), value=show(s.get('science_cost'))))
    if kind == "factory" and not member(doc.at(*p, "good"), doc.arr("goods")):
        yield fail(p + ("good",), msg("factory good must be one of the goods, found {good}", good=show(s['good'])))
    if kind == "power_plant":
        n = doc.int("rules", "power_plant", "factories_connected")
        connects = s.get("connects", [])
        if not isinstance(connects, list) or len(connects) != n:
            yield fail(p + ("connects",), msg("a power plant connects {n} factories, found {connects}", n=n,
                                              connects=show(connects)))


def _check_tiger(doc: Doc, t: str) -> Check:
    base = ("tigers", t)
    spaces = doc.entries(*base, "spaces")
    errors = [e for sid, s in spaces for e in _check_space(doc, t, sid, s)]
    if errors:
        yield from errors
        return  # the layout rules below assume well-formed spaces
    by_row: dict[str, list[tuple[str, dict]]] = collections.defaultdict(list)
    for sid, s in spaces:
        by_row[s["row"]].append((sid, s))
    for row, members in by_row.items():
        seen: set[int] = set()
        for sid, s in members:
            if not 1 <= s["position"] <= len(members) or s["position"] in seen:
                yield fail(base + ("spaces", sid, "position"), msg("positions in the {row} row must be "
                                                                   "1..{n_members}, each once; found {position}",
                                                                   row=row, n_members=len(members),
                                                                   position=s['position']))
            seen.add(s["position"])
        ordered = sorted(members, key=lambda m: m[1]["position"])
        for (_, prev), (sid, s) in zip(ordered, ordered[1:]):
            if s["column"] < prev["column"]:
                yield fail(base + ("spaces", sid, "column"), msg("columns run A..C left to right along the {row} "
                                                                 "row: column {column} follows column {column2}",
                                                                 row=row, column=s['column'], column2=prev['column']))
    for row, n in ROW_SIZES.items():
        if len(by_row[row]) != n:
            yield fail(base + ("spaces",), msg("the {row} row must have {n} ordinary spaces, found {n_by_row}",
                                               row=row, n=n, n_by_row=len(by_row[row])))
    kinds = {s["kind"] for _, s in spaces}
    if not {"university", "department"} <= kinds:
        yield fail(base + ("spaces",), msg("the university row needs universities and departments"))
    facs = {sid: s for sid, s in spaces if s["kind"] == "factory"}
    yield from duplicate([(base + ("spaces", sid, "good"), s["good"]) for sid, s in facs.items()],
                         lambda good: msg("factory good {good} appears twice in {t}; factory goods must differ "
                                          "within a Tiger", good=repr(good), t=t))
    yield from _check_power_plants(doc, t, spaces, facs)
    dots = doc.int("neutral_player", "blocker_space_dots")
    blockers = doc.items_of("neutral_player", "blocker_kinds_per_tiger", kind="string")
    four = [(base + ("spaces", sid, "min_players"), s["kind"]) for sid, s in spaces if s["min_players"] == dots]
    yield from multiset_mismatch(four, blockers, base + ("spaces",),
                                 msg("{dots}-dot spaces (the neutral player's blockers)", dots=dots))
    for n in PLAYER_COUNTS:
        for cid in COLUMNS:
            cols = doc.arr("rules", "investment_centers", cid, "build_columns")
            if not any(s["kind"] != "department" and member(s["column"], cols) and s["min_players"] <= n
                       for _, s in spaces):
                yield fail(base + ("spaces",), msg("centre {cid} (build columns {cols}) has no open ordinary space "
                                                   "to build in a {n}-player game", cid=cid, cols=cols, n=n))
    yield from _check_side_spaces(doc, t)


def _check_power_plants(doc: Doc, t: str, spaces: list[tuple[str, dict]], facs: dict) -> Check:
    connected: collections.Counter = collections.Counter()
    for sid, s in spaces:
        if s["kind"] != "power_plant":
            continue
        p = ("tigers", t, "spaces", sid, "connects")
        for i, (fid, want) in enumerate(zip(s["connects"], (s["position"], s["position"] + 1))):
            if not isinstance(fid, str) or fid not in facs:
                yield fail(p + (i,), msg("must name a factory space of {t}, found {fid}", t=t, fid=show(fid)))
            elif facs[fid]["position"] != want:
                yield fail(p + (i,), msg("{sid} at position {position} connects the adjacent factories at positions "
                                         "{position} and {value}; {fid} is at position {position2}", sid=sid,
                                         position=s['position'], value=s['position'] + 1, fid=fid,
                                         position2=facs[fid]['position']))
            else:
                connected[fid] += 1
    for fid in facs:
        if not connected[fid]:
            yield fail(("tigers", t, "spaces", fid), msg("no power plant connects this factory; every factory must "
                                                         "be connected"))


def _check_side_spaces(doc: Doc, t: str) -> Check:
    base = ("tigers", t)
    inf = doc.entries(*base, "infinite_spaces")
    kinds = [doc.at(*base, "infinite_spaces", sid, "kind") for sid, _ in inf]
    if sorted(map(str, kinds)) != ["laboratory", "power_plant"] or not all(isinstance(k, str) for k in kinds):
        yield fail(base + ("infinite_spaces",), msg("one ∞ power plant and one ∞ laboratory, found kinds {kinds}",
                                                    kinds=show(kinds)))
        return
    for sid, s in inf:
        p = base + ("infinite_spaces", sid)
        if not sid.startswith(t + "."):
            yield fail(p, msg("space id must be '{t}.<name>'", t=t))
        yield from expect(doc, p + ("column",), None, msg("∞ spaces have no column (null)"))
        yield from expect(doc, p + ("row",), KIND_ROW[s["kind"]],
                          msg("a {kind} sits in the {kind_row} row", kind=s['kind'], kind_row=KIND_ROW[s['kind']]))
        if not same(s.get("connects", []), []):
            yield fail(p + ("connects",), msg("an ∞ power plant connects to no factory (expected [])"))
    rows = doc.items_of("rules", "satellite", "rows", kind="string")
    sats = doc.entries(*base, "satellite_spaces")
    yield from multiset_mismatch([(base + ("satellite_spaces", sid, "row"),
                                   doc.at(*base, "satellite_spaces", sid, "row")) for sid, _ in sats],
                                 rows, base + ("satellite_spaces",),
                                 msg("satellite spaces (one per factory/power-plant/laboratory row)"))
    for section in ("satellite_spaces", "headquarters_slots"):
        for sid, _ in doc.entries(*base, section):
            if not sid.startswith(t + "."):
                yield fail(base + (section, sid), msg("id must be '{t}.<name>'", t=t))
            if doc.at(*base, section, sid, "column") is not None:
                yield fail(base + (section, sid, "column"), msg("satellite and headquarters spaces have no column "
                                                                "(null)"))
    max_hq = doc.int("rules", "headquarters", "max_per_tiger")
    if max_hq != 1:
        yield fail(("rules", "headquarters", "max_per_tiger"), msg("one headquarters per Tiger, found {max_hq}",
                                                                   max_hq=max_hq))
    if len(doc.obj(*base, "headquarters_slots")) != 1:
        yield fail(base + ("headquarters_slots",), msg("one headquarters slot per Tiger, found {n_value}",
                                                       n_value=len(doc.obj(*base, 'headquarters_slots'))))
    yield from _check_local_markets(doc, t)


def _check_local_markets(doc: Doc, t: str) -> Check:
    base = ("tigers", t, "local_markets")
    markets = doc.entries(*base)
    yield from multiset_mismatch([(base + (m, "column"), doc.at(*base, m, "column")) for m, _ in markets],
                                 list(COLUMNS), base, msg("local markets (one per column)"))
    goods = doc.arr("goods")
    wanted = [(base + (m, "good"), doc.at(*base, m, "good")) for m, _ in markets]
    for path, good in wanted:
        if not member(good, goods):
            yield fail(path, msg("a local market wants one of the goods, found {good}", good=show(good)))
    yield from duplicate(wanted, lambda good: msg("{good} is wanted twice in {t}; its 3 local markets want "
                                                  "different goods", good=show(good), t=t))
    for m, market in markets:
        influence = doc.at(*base, m, "influence")
        if not (is_int(influence) and influence > 0):
            yield fail(base + (m, "influence"), msg("market influence must be a positive integer, found {influence}",
                                                    influence=show(influence)))


# What "the same layout" covers (rulebook, Anatomy of a Tiger): the spaces, their kinds, rows, columns, order,
# dots, links and the university's additional actions.  What is printed in the spaces (bonuses, science costs,
# goods, market influence) may differ from Tiger to Tiger: the rulebook does not say they are equal (issue 34).
LAYOUT_KEYS = frozenset({"kind", "row", "column", "position", "min_players", "connects", "additional_actions"})


def _shape(doc: Doc, t: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for section in TIGER_SECTIONS:
        entries = {}
        for sid, s in doc.entries("tigers", t, section):
            if section == "local_markets":
                norm: dict[str, Any] = {"column": s.get("column")}
            else:
                norm = {k: v for k, v in s.items() if k in LAYOUT_KEYS}
                if isinstance(norm.get("connects"), list):
                    norm["connects"] = [c.split(".", 1)[-1] if isinstance(c, str) else c for c in norm["connects"]]
            entries[sid.split(".", 1)[-1]] = norm
        out[section] = entries
    return out


def _check_same_shape(doc: Doc) -> Check:
    ref = _shape(doc, TIGERS[0])
    for t in TIGERS[1:]:
        diff = first_diff(_shape(doc, t), ref, ())
        if diff:
            path, desc = diff
            real = ("tigers", t, path[0], f"{t}.{path[1]}") + path[2:] if len(path) > 1 else ("tigers", t) + path
            yield fail(real, msg("the 4 Tigers share one layout (rulebook, Anatomy of a Tiger): {desc} as in "
                                 "{tigers}", desc=desc, tigers=TIGERS[0]))


def check_board_wide(doc: Doc) -> Check:
    """Factory goods against player factories, the neutral player's pieces, piece and slot counts."""
    spaces = all_spaces(doc)
    goods = doc.items_of("goods", kind="string")
    facs = [(p, s) for p, s in spaces if s["kind"] == "factory"]
    for good in goods:
        count = sum(s["good"] == good for _, s in facs)
        if count < 2:
            yield fail(("tigers",), msg("good {good}: {count} factory space(s) board-wide, at least 2 are needed",
                                        good=good, count=count))
        for n in PLAYER_COUNTS:
            if not any(s["good"] == good and s["min_players"] <= n for _, s in facs):
                yield fail(("tigers",), msg("good {good}: no factory space open in a {n}-player game, so a player's "
                                            "{good} factory could never be built", good=good, n=n))
    comp = ("components",)
    dots = doc.int("neutral_player", "blocker_space_dots")
    neutral = [(p, s) for p, s in spaces if s["min_players"] == dots]
    n_fac = [(p + ("good",), s["good"]) for p, s in neutral if s["kind"] == "factory"]
    yield from duplicate(n_fac, lambda good: msg("the neutral player's {dots}-dot factory spaces need different "
                                                 "goods (the neutral colour has one factory per good); {good} "
                                                 "repeats", dots=dots, good=repr(good)))
    factories = doc.int(*comp, "per_color", "factories")
    generics = doc.int(*comp, "per_color", "generic_infrastructures")
    if len(n_fac) > factories:
        yield fail(("tigers",), msg("{n_n_fac} neutral factory spaces, but a colour has {factories} factories",
                                    n_n_fac=len(n_fac), factories=factories))
    if sum(s["kind"] != "factory" for _, s in neutral) > generics:
        yield fail(("tigers",), msg("more neutral {dots}-dot generic spaces than a colour's {generics} generics",
                                    dots=dots, generics=generics))
    if 3 * factories + len(n_fac) > doc.int(*comp, "parts_factories"):
        yield fail(comp + ("parts_factories",), msg("advanced 3-player game: 3 x {factories} + {n_n_fac} neutral "
                                                    "parts factories needed", factories=factories,
                                                    n_n_fac=len(n_fac)))
    colors = doc.int(*comp, "colors")
    open_4p = sum(s["min_players"] <= 4 for _, s in spaces)
    if open_4p > colors * (generics + factories):
        yield fail(("tigers",), msg("{open_4p} ordinary spaces but only {value} buildable pieces", open_4p=open_4p,
                                    value=colors * (generics + factories)))
    hq = sum(len(doc.obj("tigers", t, "headquarters_slots")) for t in TIGERS)
    if hq != colors * doc.int(*comp, "per_color", "headquarters"):
        yield fail(("tigers",), msg("{hq} headquarters slots, expected one per colour's headquarters", hq=hq))
    sats = sum(len(doc.obj("tigers", t, "satellite_spaces")) for t in TIGERS)
    own = doc.int(*comp, "per_color", "satellites")
    if sats < own:
        yield fail(("tigers",), msg("{sats} satellite spaces cannot take a player's {own} satellites", sats=sats,
                                    own=own))
    if not any(s["column"] in ("B", "C") for _, s in facs):
        yield fail(("tigers",), msg("the nation bonus 'build a factory in column B or C' needs such factory spaces"))
    order = doc.items_of("board", "investment_center_order_left_to_right", kind="string")
    if sorted(order) != list(COLUMNS):
        yield fail(("board", "investment_center_order_left_to_right"), msg("must order the centres A, B, C, found "
                                                                           "{order}", order=order))
