"""Player board, neutral player, solo (Automa board, action tiles) and campaign checks."""
from __future__ import annotations

from typing import Any

from api.games.messages import msg
from api.games.scorekit import max_matching

from .checks_base import (TIGERS, Check, Doc, Path, duplicate, expect, expect_one_of, fail, is_int, member,
                          multiset_mismatch, same, show)
from .checks_board import all_spaces
from .checks_market import participants

TARGET_TYPES = ("trade_center", "investment", "investment_compare")
PICKS = ("more_investment_points", "fewer_investment_points")


def check_player_board(doc: Doc) -> Check:
    """Infrastructure sectors, final-scoring rows (with the nation matching) and special flag section."""
    pb = ("player_board",)
    sectors = doc.entries(*pb, "infrastructure_sectors")
    where = pb + ("infrastructure_sectors",)
    if len(sectors) != 12:
        yield fail(where, msg("12 infrastructure sectors expected, found {n_sectors}", n_sectors=len(sectors)))
    generics, factories = 0, []
    for sid, _ in sectors:
        slots = doc.nonempty(*where, sid, "slots", kind="array", what=msg("an infrastructure sector's slots"))
        for i, slot in enumerate(slots):
            if slot == "generic":
                generics += 1
            elif isinstance(slot, dict) and list(slot) == ["factory"]:
                factories.append((where + (sid, "slots", i, "factory"), slot["factory"]))
            else:
                yield fail(where + (sid, "slots", i), msg("a slot is \"generic\" or {{\"factory\": good}}, found "
                                                          "{slot}", slot=show(slot)))
                return
    want = doc.int("components", "per_color", "generic_infrastructures")
    if generics != want:
        yield fail(where, msg("the player board holds the {want} generic infrastructures, found {generics} generic "
                              "slots", want=want, generics=generics))
    goods = list(doc.arr("goods"))
    bonuses = [(where + (sid, "bonus"), doc.at(*where, sid, "bonus")) for sid, _ in sectors]
    known_bonuses = list(doc.obj("catalog", "infrastructure_bonuses"))
    yield from multiset_mismatch(factories, goods, where, msg("player-board factories (one per good)"))
    yield from multiset_mismatch(bonuses, known_bonuses, where, msg("infrastructure bonuses (each on exactly one "
                                                                    "sector)"))
    yield from _check_final_rows(doc)
    slots = doc.int(*pb, "special_flag_section", "slots")
    if slots < len(doc.obj("global_market", "special_flags")):
        yield fail(pb + ("special_flag_section", "slots"), msg("{slots} slots cannot hold every special flag",
                                                               slots=slots))
    if doc.int("neutral_player", "player_count") != 3:
        yield fail(("neutral_player", "player_count"), msg("the neutral player joins 3-player games: expected 3, "
                                                           "found {value}",
                                                           value=doc.int('neutral_player', 'player_count')))
    if participants(doc)["3"] != 4:
        yield fail(("board", "management_track", "participants_by_player_count", "3"),
                   msg("3-player games rank 4 participants (3 players + the neutral player)"))


def _check_final_rows(doc: Doc) -> Check:
    where = ("player_board", "final_scoring_sectors")
    sectors = doc.entries(*where)
    if [k for k, _ in sectors] != list("ABCDEF"):
        yield fail(where, msg("final-scoring sectors A to F expected, found {value}", value=[k for k, _ in sectors]))
        return
    rows: list[tuple[Path, dict]] = []
    for k, _ in sectors:
        if not same(doc.at(*where, k, "requirement"), k):
            yield fail(where + (k, "requirement"), msg("sector {k} uses requirement {k2}", k=k, k2=repr(k)))
        count = len(doc.arr(*where, k, "rows"))
        if not 1 <= count <= 2:
            yield fail(where + (k, "rows"), msg("a final-scoring sector has 1 or 2 rows, found {count}", count=count))
        rows += [(where + (k, "rows", i), doc.obj(*where, k, "rows", i)) for i in range(count)]
    yield from duplicate([(p + ("id",), doc.at(*p, "id")) for p, _ in rows],
                         lambda row_id: msg("row id {row_id} is used twice", row_id=show(row_id)))
    bonuses = doc.obj("catalog", "nation_bonuses")
    for p, row in rows:
        bonus = doc.at(*p, "nation_bonus")
        if not (isinstance(bonus, str) and bonus in bonuses):
            yield fail(p + ("nation_bonus",), msg("{bonus} is not in catalog.nation_bonuses", bonus=show(bonus)))
            return
    unused = [b for b in bonuses if not any(row["nation_bonus"] == b for _, row in rows)]
    if unused:
        yield fail(where, msg("all {n_bonuses} nation bonuses appear on the rows; unused: {unused}",
                              n_bonuses=len(bonuses), unused=unused))
    if len(rows) < len(bonuses):
        yield fail(where, msg("at least {n_bonuses} rows expected, found {n_rows}", n_bonuses=len(bonuses),
                              n_rows=len(rows)))
    nations = list(doc.obj("global_market", "nations"))
    for p, _ in rows:
        accepts = doc.at(*p, "accepts")
        if accepts == "any":
            continue
        if not (isinstance(accepts, list) and accepts):
            yield fail(p + ("accepts",), msg("a row accepts \"any\" or a list of nation codes, found {accepts}",
                                             accepts=show(accepts)))
            return
        for i, code in enumerate(accepts):
            if not member(code, nations):
                yield fail(p + ("accepts", i), msg("{code} is not a nation; expected one of {nations}",
                                                   code=show(code), nations=nations))
                return
    fits = max_matching(nations, lambda code: [i for i, (_, r) in enumerate(rows)
                                               if r["accepts"] == "any" or code in r["accepts"]])
    left_out = [code for code in nations if code not in fits.values()]
    if left_out:
        yield fail(where, msg("the rows cannot hold one flag of every nation at once: at most {n_fits} of "
                              "{n_nations} fit ({left_out} left over)", n_fits=len(fits), n_nations=len(nations),
                              left_out=left_out))
    need = doc.int("catalog", "campaign_requirements", "flags_7_different", "at_least")
    if len(fits) < need:
        yield fail(where, msg("the campaign tile needs {need} different flags in the rows, at most {n_fits} fit",
                              need=need, n_fits=len(fits)))
    if doc.at("player_board", "any_row_accepts_special_flags", kind="boolean") and not any(r["accepts"] == "any" for _, r in rows):
        yield fail(where, msg("any_row_accepts_special_flags is true, so some row must accept \"any\" (¥ relocation)"))


def check_solo(doc: Doc) -> Check:
    """Automa board, action tiles, solo setup and the solo rank table."""
    ab = ("solo", "automa_board")
    sectors = doc.entries(*ab, "infrastructure_sectors")
    where = ab + ("infrastructure_sectors",)
    numbered = doc.int(*ab, "numbered_generic_spaces")
    nums = [(where + (sid, "generic_numbers", i), n) for sid, _ in sectors
            for i, n in enumerate(doc.arr(*where, sid, "generic_numbers"))]
    yield from multiset_mismatch(nums, list(range(1, numbered + 1)), where,
                                 msg("Automa numbered generic spaces (1..{numbered}, each once)", numbered=numbered))
    if numbered + doc.int(*ab, "reserve_generics") != doc.int("components", "per_color", "generic_infrastructures"):
        yield fail(ab + ("reserve_generics",), msg("numbered + reserve generics must equal a colour's generics"))
    goods = list(doc.arr("goods"))
    finals = doc.entries(*ab, "final_scoring_sectors")
    for items, expected, path, what in (
        ([(where + (sid, "factory"), doc.at(*where, sid, "factory")) for sid, _ in sectors], goods, where,
         msg("Automa sector factories (one per good)")),
        ([(ab + ("factory_spaces", i), g) for i, g in enumerate(doc.arr(*ab, "factory_spaces"))], goods,
         ab + ("factory_spaces",), msg("Automa factory spaces (one per good)")),
        ([(where + (sid, "bonus"), doc.at(*where, sid, "bonus")) for sid, _ in sectors],
         list(doc.obj("catalog", "automa_infrastructure_bonuses")), where, msg("Automa infrastructure bonuses")),
        ([(ab + ("final_scoring_sectors", k, "nation_bonus"), doc.at(*ab, "final_scoring_sectors", k, "nation_bonus"))
          for k, _ in finals], list(doc.obj("catalog", "automa_nation_bonuses")), ab + ("final_scoring_sectors",),
         msg("Automa nation bonuses")),
    ):
        yield from multiset_mismatch(items, expected, path, what)
    for k, _ in finals:
        p = ab + ("final_scoring_sectors", k)
        rows = doc.at(*p, "rows")
        if not (is_int(rows) and rows >= 1):
            yield fail(p + ("rows",), msg("an Automa sector has at least 1 row, found {rows}", rows=show(rows)))
        yield from expect(doc, p + ("accepts",), "any", msg("Automa rows accept \"any\""))
    if doc.int(*ab, "special_flag_slots") < len(doc.obj("global_market", "special_flags")):
        yield fail(ab + ("special_flag_slots",), msg("the Automa board must hold every special flag"))
    yield from _check_action_tiles(doc)
    n_solo = doc.int("solo", "setup_as_player_count")
    if n_solo != 2:
        yield fail(("solo", "setup_as_player_count"), msg("solo is set up as a 2-player game, found {n_solo}",
                                                          n_solo=n_solo))
    if not same(doc.at("player_counts", "solo_uses_tables_for"), n_solo):
        yield fail(("player_counts", "solo_uses_tables_for"), msg("solo uses the {n_solo}-player tables",
                                                                  n_solo=n_solo))
    need = doc.int("catalog", "campaign_requirements", "universities_5", "at_least")
    unis = sum(s["kind"] == "university" and s["min_players"] <= n_solo for _, s in all_spaces(doc))
    if unis < need:
        yield fail(("tigers",), msg("the campaign needs {need} universities, only {unis} are open in solo "
                                    "({n_solo}-player board)", need=need, unis=unis, n_solo=n_solo))
    bands = doc.arr("solo", "rank_table")
    for i in range(1, len(bands)):
        low, high = doc.at("solo", "rank_table", i, "min"), doc.at("solo", "rank_table", i - 1, "max")
        if not (is_int(low) and is_int(high) and high + 1 == low):
            yield fail(("solo", "rank_table", i, "min"), msg("rank bands are contiguous: expected {high} + 1, found "
                                                             "{low}", high=show(high), low=show(low)))


def _check_action_tiles(doc: Doc) -> Check:
    where = ("solo", "action_tiles")
    tiles = doc.entries(*where)
    if len(tiles) != doc.int("components", "action_tiles"):
        yield fail(where, msg("{value} action tiles expected, found {n_tiles}",
                              value=doc.int('components', 'action_tiles'), n_tiles=len(tiles)))
    named, picks, to_market = set(), set(), False
    for k, tile in tiles:
        p = where + (k,)
        kind = doc.at(*p, "target", "type")
        if not member(kind, TARGET_TYPES):
            yield fail(p + ("target", "type"), msg("target type must be one of {target_types}, found {kind}",
                                                   target_types=list(TARGET_TYPES), kind=show(kind)))
            continue
        rule = p + ("trade_center_rule",)
        for key, want in (("prefer", "different_then_repeated"), ("value", "highest")):
            yield from expect(doc, rule + (key,), want, msg("the text: {key} is {want}", key=key, want=repr(want)))
        flags = doc.at(*rule, "flags")
        if not (is_int(flags) and 1 <= flags <= 3):
            yield fail(rule + ("flags",), msg("the Automa tries 1 to 3 flags, found {flags}", flags=show(flags)))
            continue
        yield from expect_one_of(doc, p + ("influence",), (None, 2, 4), msg("the influence advance is null, 2 or 4"))
        if not isinstance(doc.at(*p, "local_market_sale"), bool):
            yield fail(p + ("local_market_sale",), msg("local_market_sale must be true or false"))
        target = p + ("target",)
        if kind == "trade_center":
            to_market = True
            tc = doc.at(*target, "trade_center")
            if not member(tc, ("ITC1", "ITC2", "RTC")):
                yield fail(target + ("trade_center",), msg("ITC1, ITC2 or RTC expected, found {tc}", tc=show(tc)))
                continue
            sales = doc.int("global_market", "trade_centers", tc, "sales_max")
            if flags > sales:
                yield fail(rule + ("flags",), msg("{flags} flags but {tc} makes at most {sales} sales", flags=flags,
                                                  tc=tc, sales=sales))
            if tile["influence"] is not None:
                yield fail(p + ("influence",), msg("a trade-centre tile acts in no Tiger, so no influence advance "
                                                   "(null)"))
            if tile["local_market_sale"] is not False:
                yield fail(p + ("local_market_sale",), msg("a trade-centre tile makes no local-market sale"))
        elif kind == "investment":
            yield from expect_one_of(doc, target + ("tiger",), TIGERS, msg("a Tiger id expected"))
            named.add(tile["target"]["tiger"])
        else:
            pair = doc.at(*target, "tigers")
            if not (isinstance(pair, list) and len(pair) == 2 and all(member(x, TIGERS) for x in pair)
                    and pair[0] != pair[1]):
                yield fail(target + ("tigers",), msg("two different Tigers expected, found {pair}", pair=show(pair)))
                continue
            if not member(doc.at(*target, "tie_default"), pair):
                yield fail(target + ("tie_default",), msg("the tie default is one of {pair}", pair=pair))
            yield from expect_one_of(doc, target + ("pick",), PICKS, msg("pick must be one of {picks}",
                                                                         picks=list(PICKS)))
            picks.add(tile["target"]["pick"])
    missing = [t for t in TIGERS if t not in named]
    if missing:
        yield fail(where, msg("each Tiger is named by some investment tile; never named: {missing}", missing=missing))
    if not set(PICKS) <= picks:
        yield fail(where, msg("compare tiles use both 'more' and 'fewer'; found only {str}",
                              str=sorted(map(str, picks))))
    if not to_market:
        yield fail(where, msg("some tile must send the Automa to a trade centre"))


def check_campaign(doc: Doc) -> Check:
    """Campaign tiles: the 9 requirements once each, Automa behaviours from the Automa catalogs, Tiger pairs."""
    where = ("solo", "campaign_tiles")
    tiles = doc.entries(*where)
    if len(tiles) != doc.int("components", "campaign_tiles"):
        yield fail(where, msg("{value} campaign tiles expected, found {n_tiles}",
                              value=doc.int('components', 'campaign_tiles'), n_tiles=len(tiles)))
    yield from multiset_mismatch([(where + (k, "requirement"), doc.at(*where, k, "requirement")) for k, _ in tiles],
                                 list(doc.obj("catalog", "campaign_requirements")), where,
                                 msg("campaign requirements (the 9 listed, once each)"))
    known: list[Any] = [e for name in ("automa_infrastructure_bonuses", "automa_nation_bonuses")
                        for key in doc.obj("catalog", name)
                        for e in doc.arr("catalog", name, key, "effects")]
    for k, _ in tiles:
        for era in ("automa_era_1", "automa_era_2"):
            p = where + (k, era)
            yield from expect(doc, p + ("trigger",), "era_start", msg("a campaign behaviour triggers at "
                                                                      "\"era_start\""))
            effects = doc.nonempty(*p, "effects", kind="array", what=msg("a campaign behaviour's effects"))
            for i, effect in enumerate(effects):
                if not member(effect, known):
                    yield fail(p + ("effects", i), msg("{effect} is not an effect of the Automa bonus catalogs",
                                                       effect=show(effect)))
    for side in ("upper", "lower"):
        req = ("catalog", "campaign_requirements", f"beat_automa_ip_{side}", "tigers")
        pair = doc.items_of(*req, kind="string")
        area = doc.items_of("board", "areas", side, kind="string")
        if sorted(pair) != sorted(area):
            yield fail(("board", "areas", side), msg("the {side} area must be the campaign pair {pair} (/{req}), "
                                                     "found {area}", side=side, pair=pair, req='/'.join(req),
                                                     area=area))
