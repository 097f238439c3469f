"""Rule checks on a table's end-of-game position, before it is scored.

`check_position` refuses positions that cannot arise in a legal game, where that is cheap to see from the scorer's
input: markers sharing a stack height, facts that contradict the investment points, too many satellites or parts
factories, the neutral's blockers, flags in rows that do not take them, flags not in the game at this player count or
not taken from the top of their stack, the Automa's fill order, the Era I headquarters (each a `ScorerInputError`).
"""
from __future__ import annotations

from itertools import permutations

from api.games.asian_tigers.edition.load import Edition
from api.games.asian_tigers.scoring.model import AUTOMA, NEUTRAL, OFF_BOARD, SPECIAL_PREFIX, EndPosition
from api.games.asian_tigers.scoring.scorer_errors import and_words, fail, ptr
from api.games.messages import msg


def check_position(position: EndPosition, edition: Edition) -> None:
    """Run every cross-check; raise `ScorerInputError` at the first problem."""
    _stacks(position)
    _facts(position, edition)
    _neutral(position, edition)
    _flags(position, edition)
    _era1(position)


def _stacks(position: EndPosition) -> None:
    """GM-02: one marker per height on a space, since the height records arrival order (TIE-04)."""
    seen: dict[tuple[int, int], str] = {}
    for p in position.participants.values():
        if p.kind == NEUTRAL:
            continue
        spot = (p.gm_position, p.gm_stack)
        if spot in seen:
            fail("duplicate_stack_height", ptr("participants", p.id, "global_market", "stack"),
                 msg("{id} and {other} are both at height {height} on global-market space {space}; markers on one "
                     "space need different heights (0 = arrived first)", id=p.id, other=seen[spot], height=spot[1],
                     space=spot[0]), "GM-02")
        seen[spot] = p.id


def _facts(position: EndPosition, edition: Edition) -> None:
    """Facts against investment points (IP-01..04, SCORE-FSB-03) and the component limits."""
    sat_total_limit = edition.document["components"]["per_color"]["satellites"]
    n = position.table_player_count
    for t, tiger in edition.tigers.items():
        name = tiger.name
        # Factory spaces a participant other than the neutral can use at this player count.
        # (with 3 players the 4-dot spaces hold the neutral's blockers, so they are excluded too).
        open_factories = sum(1 for s in tiger.spaces.values() if s.kind == "factory" and s.min_players <= int(n))
        sats = pfs = 0
        for p in position.participants.values():
            if p.kind == NEUTRAL:
                continue
            f = p.tigers[t]
            path = ptr("participants", p.id, "tigers", t)
            hq = int(position.headquarters.get(t) == p.id)
            if f.distinct_infrastructure_types > 6:
                fail("facts_inconsistent", path + "/distinct_infrastructure_types",
                     msg("there are only 6 infrastructure types (university, factory, power plant, laboratory, "
                         "satellite, headquarters)"), "SCORE-FSB-03")
            if f.ip.none < f.satellites + hq:
                what = (msg("{count} satellite(s) and the headquarters", count=f.satellites) if hq
                        else msg("{count} satellite(s)", count=f.satellites))
                fail("facts_inconsistent", path + "/ip/none", msg("{id} has {what} on {tiger}, each worth 1 investment "
                     "point in no column, but only {points} point(s) outside the columns", id=p.id, what=what,
                     tiger=name, points=f.ip.none), "IP-04")
            least = f.satellites + f.power_plants + f.laboratories + hq + 2 * f.parts_factories
            if f.ip.total < least or f.ip.total < f.distinct_infrastructure_types:
                fail("facts_inconsistent", path + "/ip",
                     msg("{id}'s pieces on {tiger} are worth at least {least} investment points (1 per piece, 2 per "
                         "factory with a parts factory), not {total}", id=p.id, tiger=name,
                         least=max(least, f.distinct_infrastructure_types), total=f.ip.total), "IP-01")
            kinds = (f.satellites > 0) + (f.power_plants > 0) + (f.laboratories > 0) + hq + (f.parts_factories > 0)
            if f.distinct_infrastructure_types < kinds:
                fail("facts_inconsistent", path + "/distinct_infrastructure_types",
                     msg("{id} has at least {kinds} infrastructure types on {tiger} (a parts factory implies a "
                         "factory), not {given}", id=p.id, kinds=kinds, tiger=name,
                         given=f.distinct_infrastructure_types), "SCORE-FSB-03")
            sats += f.satellites
            pfs += f.parts_factories
            if sats > len(tiger.satellite_spaces):
                fail("too_many_satellites", path + "/satellites",
                     msg("{tiger} has {count} satellite spaces, one satellite each", tiger=name,
                         count=len(tiger.satellite_spaces)), "BUILD-SAT-01")
            if pfs > open_factories:
                fail("too_many_parts_factories", path + "/parts_factories",
                     msg("{tiger} has {count} factory spaces open to players at this player count and a factory "
                         "holds one parts factory", tiger=name, count=open_factories), "BUILD-PARTS-01")
    for p in position.participants.values():
        if p.kind != NEUTRAL and sum(f.satellites for f in p.tigers.values()) > sat_total_limit:
            fail("too_many_satellites", ptr("participants", p.id, "tigers"),
                 msg("{id} owns only {count} satellites", id=p.id, count=sat_total_limit), "COMP-02")


def _neutral(position: EndPosition, edition: Edition) -> None:
    """NEUTRAL-04: the neutral's IP are its blockers, 5 per Tiger (6 in the advanced variant) everywhere."""
    base = len(edition.neutral["blocker_kinds_per_tiger"])
    for p in position.of_kind(NEUTRAL):
        totals = {t: f.ip.total for t, f in p.tigers.items()}
        for t, total in totals.items():
            if total not in (base, base + 1) or total != next(iter(totals.values())):
                fail("neutral_investment_points", ptr("participants", p.id, "tigers", t, "ip"),
                     msg("the neutral's blockers are worth {base} investment points on every Tiger ({advanced} on "
                         "every Tiger in the advanced variant), not {total} here", base=base, advanced=base + 1,
                         total=total), "NEUTRAL-04")


def _flag_catalog(edition: Edition, n: str) -> dict[str, tuple[str, int, bool, int | None]]:
    """Flag id → (nation, stack index, in the game at this player count, dots)."""
    removed = set(edition.rules["flags"]["removed_dots_by_player_count"][n])
    return {f.id: (code, i, f.dots is None or f.dots not in removed, f.dots)
            for code, nation in edition.nations.items() for i, f in enumerate(nation.flags)}


def _flags(position: EndPosition, edition: Edition) -> None:
    """Flags: known, in the game, once each, in rows that take them, from the top of their stacks."""
    n = position.table_player_count
    catalog = _flag_catalog(edition, n)
    where: dict[str, str] = {}  # flag (or special:T) → pointer of where it is
    for p in position.participants.values():
        for i, t in enumerate(p.special_flags):
            path = ptr("participants", p.id, "special_flags", i)
            if t not in edition.tigers:
                fail("unknown_tiger", path, msg("there is no special flag {flag}; there is one per Tiger: {tigers}",
                                                flag=repr(t), tigers=", ".join(edition.tigers)))
            _once(where, SPECIAL_PREFIX + t, path, msg("the special flag of {tiger}", tiger=t))
        sectors = (dict(edition.solo["automa_board"]["final_scoring_sectors"]) if p.kind == AUTOMA
                   else dict(edition.document["player_board"]["final_scoring_sectors"]))
        for sector, flags in p.flags.items():
            path = ptr("participants", p.id, "flags", sector)
            if sector not in sectors and not (p.kind == AUTOMA and sector == OFF_BOARD):
                allowed = list(sectors) + ([OFF_BOARD] if p.kind == AUTOMA else [])
                fail("unknown_sector", path, msg("{id} has no sector {sector}; sectors: {all}", id=p.id,
                                                 sector=repr(sector), all=", ".join(allowed)))
            for i, flag in enumerate(flags):
                if flag.startswith(SPECIAL_PREFIX):
                    t = flag[len(SPECIAL_PREFIX):]
                    if t not in edition.tigers:
                        fail("unknown_flag", path + ptr(i), msg("there is no special flag {flag}", flag=repr(flag)))
                    if p.kind == AUTOMA:
                        fail("special_flag_row", path + ptr(i), msg("the Automa never moves a special flag into a row"),
                             "AMB-24")
                    _once(where, flag, path + ptr(i), msg("the special flag of {tiger}", tiger=t))
                    continue
                if flag not in catalog:
                    fail("unknown_flag", path + ptr(i), msg("unknown flag {flag}; flag ids look like USA-1", flag=repr(flag)))
                if not catalog[flag][2]:
                    fail("flag_not_in_game", path + ptr(i), msg("{flag} ({dots} dots) is removed in a game with "
                         "{count} player(s)", flag=flag, dots=catalog[flag][3], count=position.player_count), "SETUP-07")
                _once(where, flag, path + ptr(i), flag)
            if sector != OFF_BOARD:
                _rows(edition, p.kind, sector, sectors[sector], flags, path, catalog)
        if p.kind == AUTOMA:
            _automa_fill_order(edition, p)
    _stack_order(edition, catalog, where)


def _once(where: dict, flag: str, path: str, label: str) -> None:
    if flag in where:
        fail("duplicate_flag", path, msg("{flag} is already at {path}; every flag exists once", flag=label,
                                         path=where[flag]), "COMP-05")
    where[flag] = path


def _rows(edition: Edition, kind: str, sector: str, data, flags, path: str, catalog) -> None:
    """FLAG-02: one flag per row, each in a row that accepts it (special flags: "any" rows, AMB-24)."""
    if kind == AUTOMA:
        rows = [{"accepts": data["accepts"]}] * data["rows"]
    else:
        rows = list(data["rows"])
    if len(flags) > len(rows):
        fail("sector_full", path + ptr(len(rows)), msg("sector {sector} has {rows} row(s), one flag each, but holds "
             "{flags} flags", sector=sector, rows=len(rows), flags=len(flags)), "FLAG-02")
    special_ok = bool(edition.document["player_board"]["any_row_accepts_special_flags"]) or kind == AUTOMA

    def fits(flag: str, row) -> bool:
        if flag.startswith(SPECIAL_PREFIX):
            return row["accepts"] == "any" and special_ok
        return row["accepts"] == "any" or catalog[flag][0] in row["accepts"]

    if any(all(fits(f, r) for f, r in zip(flags, chosen)) for chosen in permutations(rows, len(flags))):
        return
    described = and_words([msg("any flag") if r["accepts"] == "any" else "/".join(r["accepts"]) for r in rows])
    for i, flag in enumerate(flags):
        if not any(fits(flag, r) for r in rows):
            said = {"flag": flag, "sector": sector, "rows": described}
            if flag.startswith(SPECIAL_PREFIX):
                fail("special_flag_row", path + ptr(i), msg("{flag} cannot go in sector {sector}: its rows accept {rows}"
                     " (a special flag only goes in a row that accepts any flag)", **said), "PERF-07")
            fail("flag_row_mismatch", path + ptr(i), msg("{flag} cannot go in sector {sector}: its rows accept {rows}",
                                                         **said), "FLAG-02")
    fail("flag_row_mismatch", path, msg("{flags} cannot all fit in sector {sector}: its rows accept {rows}, one flag "
                                        "per row", flags=", ".join(flags), sector=sector, rows=described), "FLAG-02")


def _automa_fill_order(edition: Edition, p) -> None:
    """AMB-44 / I17: the Automa fills AF1, then AF2, then AF3, and only then keeps flags off its board."""
    sectors = dict(edition.solo["automa_board"]["final_scoring_sectors"])
    order = list(sectors) + [OFF_BOARD]
    for i, sector in enumerate(order[:-1]):
        if len(p.flags.get(sector, ())) < sectors[sector]["rows"]:
            later = [s for s in order[i + 1:] if p.flags.get(s)]
            if later:
                fail("automa_fill_order", ptr("participants", p.id, "flags", later[0]),
                     msg("the Automa fills its sectors in order: {sector} is not full, so {later} must be empty",
                         sector=sector, later=later[0]), "AMB-44")


def _stack_order(edition: Edition, catalog, where: dict) -> None:
    """SETUP-08 / TRADE-03: flags leave a nation's stack from the top, so the taken ones are its top flags."""
    for code, nation in edition.nations.items():
        stack = [f.id for f in nation.flags if catalog[f.id][2]]
        for i, flag in enumerate(stack):
            if flag in where:
                above = [f for f in stack[:i] if f not in where]
                if above:
                    fail("flag_stack_order", where[flag], msg("{flag} is held but {above}, above it in the {nation} "
                         "stack, is not: flags are always taken from the top", flag=flag, above=above[0], nation=code),
                         "SETUP-08")


def _era1(position: EndPosition) -> None:
    """BUILD-HQ-02: a headquarters never moves, so an Era I headquarters is still there at the end."""
    if position.era1 is None:
        return
    seen: dict[str, str] = {}
    for t, holder in position.era1.headquarters.items():
        if holder is None:
            continue
        if holder in seen:
            fail("duplicate_headquarters", ptr("era1", "headquarters", t),
                 msg("{id} has only one headquarters and it already stands on {tiger}", id=holder,
                     tiger=seen[holder]), "BUILD-HQ-02")
        seen[holder] = t
        if position.headquarters.get(t) != holder:
            fail("era1_headquarters_mismatch", ptr("era1", "headquarters", t),
                 msg("{id}'s headquarters stood on {tiger} in Era I, so it is still there at the end (found {found})",
                     id=holder, tiger=t, found=repr(position.headquarters.get(t))), "BUILD-HQ-02")
