"""Asara end-game scoring (catalogue Part E.2, ASA-SCORE-01..14, with the proposed ASA-AMB readings).

`score(end_state, data)` takes the table's end-of-game input (read by
`api.games.asara.inputs`) and returns a JSON-ready result: every player's
categories, total and explanation lines, the awards of the final evaluation,
the ranking (tied players share the win) and the placeholder data used.
"""
from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from api.games.field_problems import all_problems
from api.games.asara.data import AsaraData, PlacePoints, load_asara_data
from api.games.asara.end_only import AsaraEndOnly, is_end_only, parse_end_only, year_end_points
from api.games.asara.inputs import AsaraEndState, AsaraPlayer, YearEnd, parse_asara_input
from api.games.messages import and_list, msg, msg_n, ordinal, plus_sum, said
from api.games.scorekit import PlaceholderLog, ScoreSheet, ScoringInputError, check_row, name_the_field, sheet_row

CATEGORIES = {
    "building": msg("building prestige"),
    "year_end": msg("year-end evaluations"),
    "tower_colors": msg("tower colours"),
    "highest_tower": msg("highest tower"),
    "most_towers": msg("most towers"),
    "asari": msg("Asari"),
}
# The towers of each colour of the shipped edition, said whole (an adjective agrees with its noun).
COLOR_TOWERS = {"brown": msg("Brown towers"), "green": msg("Green towers"), "red": msg("Red towers"),
                "black": msg("Black towers"), "white": msg("White towers")}
ROUNDED = {"up": msg("rounded up"), "down": msg("rounded down")}
# End only without the year ends: the track position stands for building and year-end prestige together.
END_ONLY_CATEGORIES = {"prestige_track": msg("prestige track"), **{k: v for k, v in CATEGORIES.items()
                                                               if k not in ("building", "year_end")}}


@dataclass(frozen=True, eq=False)
class Entry:
    """One thing ranked in a final-evaluation category: a tower (measure = height) or a player (tower count)."""

    owner: str
    measure: int


@dataclass(frozen=True)
class Award:
    """What one ranked entry earns: its place, the group it tied with, the pooled points and its share."""

    entry: Entry
    place: int | None  # None: would have been 2nd, but a tie for 1st leaves no 2nd place
    group: tuple[Entry, ...]
    pooled: tuple[int, ...]
    share: int


def score(end_state: dict, data: AsaraData | str | os.PathLike | Mapping | None = None) -> dict:
    """Score a finished game of Asara.

    `end_state` is the plain JSON-like input: the detailed year-by-year towers
    (`api.games.asara.inputs`) or, with ``"mode": "end_only"``, what lies on the
    table at the end (`api.games.asara.end_only`).  `data` is a loaded `AsaraData`,
    or a path / dict / None handed to `load_asara_data`.
    Raises `ScoringInputError` for impossible input and `EditionError` for a bad data file.
    """
    data = data if isinstance(data, AsaraData) else load_asara_data(data)
    try:  # every field problem at once (field_problems.py)
        return all_problems(_score, end_state, data, errors=(ScoringInputError,))
    except ScoringInputError as error:
        raise name_the_field(error, end_state) from None


def _score(end_state: dict, data: AsaraData) -> dict:
    log = PlaceholderLog(data.values)
    if is_end_only(end_state):
        state = parse_end_only(end_state, data)
        categories = END_ONLY_CATEGORIES if state.years is None else CATEGORIES
        sheets = {player.id: ScoreSheet(categories) for player in state.players}
        verification = _score_track(state, sheets, data, log)
    else:
        state = parse_asara_input(end_state, data)
        sheets = {player.id: ScoreSheet(CATEGORIES) for player in state.players}
        for player in state.players:
            _score_building(player, sheets[player.id], data, log)
        for number, year in enumerate(state.years, start=1):
            _score_year_end(number, year, state, sheets, data, log)
        verification = [check_row(msg("the towers at every year end"), "verified",
                               msg("each year's towers and gold sections were entered and checked against the next"))]

    final = _final_evaluation(state, sheets, data, log)
    ranking = _rank(sheets)
    winners = [r["player"] for r in ranking if r["rank"] == 1]
    placeholders = log.paths()
    return {
        "game": "asara",
        "mode": "end_only" if is_end_only(end_state) else "detailed",
        "edition": data.edition_id,
        "players": [
            {"id": p.id, **sheet_row(sheets[p.id], CATEGORIES | END_ONLY_CATEGORIES, ranking, p.id)}
            for p in state.players
        ],
        "final_evaluation": final,
        "ranking": ranking,
        "winners": winners,
        **said("winner_explanation", msg("{player} wins with {prestige} prestige", player=winners[0],
                                         prestige=ranking[0]["total"]) if len(winners) == 1 else
               msg("{players} share the win with {prestige} prestige", players=and_list(winners),
                   prestige=ranking[0]["total"])),
        "verification": verification,
        "placeholders_used": placeholders,
        "provisional": bool(placeholders),
    }


def _final_evaluation(state, sheets: dict[str, ScoreSheet], data: AsaraData, log: PlaceholderLog) -> dict:
    """The final evaluation of the towers standing and the Asari held (ASA-SCORE-05..13)."""
    final = {"tower_colors": {}}
    towers = [(owner, tower) for owner in (p.id for p in state.players) for tower in state.final_towers.get(owner, ())]
    for color in data.colors:
        of_color = [Entry(owner, t.height) for owner, t in towers if t.color == color]
        label = COLOR_TOWERS.get(color, msg("{color} towers", color=color.capitalize()))
        final["tower_colors"][color] = _tower_category(label, of_color, data.color_points(color), "tower_colors",
                                                       sheets, log, ("final", "tower_by_color", color))
    final["highest_tower"] = _tower_category(
        msg("Highest tower overall"), [Entry(owner, t.height) for owner, t in towers], data.highest_tower_overall,
        "highest_tower", sheets, log, ("final", "highest_tower_overall"))
    final["most_towers"] = _most_towers(state, sheets, data, log)
    for player in state.players:
        _score_asari(player.asari, sheets[player.id], data, log)
    return final


def _score_track(state: AsaraEndOnly, sheets: dict[str, ScoreSheet], data: AsaraData,
                 log: PlaceholderLog) -> list[dict]:
    """End only: the prestige track as it stands, split into year ends and building when the years were entered."""
    log.use("building", "prestige_by_sections_used")
    for key in ("per_tower", "per_gold_section", "caliph_patronage"):
        log.use("year_end", key)
    for player in state.players:
        sheet = sheets[player.id]
        if state.years is None:
            sheet.add("prestige_track", player.prestige,
                      msg("Prestige track after the {year} year end: {prestige} (building turns and year-end "
                          "evaluations, as the track shows them)", year=ordinal(data.years), prestige=player.prestige))
            continue
        evaluations = 0
        for number, year in enumerate(state.years, start=1):
            points = year_end_points(year, player.id, data)
            evaluations += points
            caliph = msg(" + Caliph's patronage {points}", points=data.caliph_patronage) if year.caliph == player.id else ""
            sheet.add("year_end", points,
                      msg("Year {number} evaluation: {towers} towers × {per_tower} + {gold} gold sections × "
                          "{per_gold}{caliph} = {points}", number=number, towers=year.towers[player.id],
                          per_tower=data.per_tower, gold=year.gold[player.id], per_gold=data.per_gold_section,
                          caliph=caliph, points=points), year=number)
        sheet.add("building", player.prestige - evaluations,
                  msg("Building turns: the track's {prestige} minus {evaluations} from the year-end evaluations "
                      "= {points}", prestige=player.prestige, evaluations=evaluations,
                      points=player.prestige - evaluations))
    checked = [check_row(msg("prestige-track positions"), "verified",
                      msg("each position is one the towers on the table can have earned")),
               check_row(msg("Asari and tower sections"), "verified",
                      msg("within the box's {asari} Asari and {sections} sections", asari=data.asari_in_box,
                          sections=data.tower_sections_in_box))]
    if state.years is None:
        checked.append(check_row(msg("year-end evaluations"), "not_verified",
                              msg("not entered: the track's split into building and year-end prestige is unknown")))
    else:
        checked.append(check_row(msg("year-end evaluations"), "verified",
                              msg("towers and gold sections only grow, and the last year matches the table")))
    return checked


# --------------------------------------------------------------------------- during the game

def _score_building(player: AsaraPlayer, sheet: ScoreSheet, data: AsaraData, log: PlaceholderLog) -> None:
    """Building-turn prestige, entered as a total or as the sections used per turn (ASA-SCORE-02)."""
    if player.building_turns is not None:
        points = []
        for sections in player.building_turns:
            log.use("building", "prestige_by_sections_used", str(sections))
            points.append(data.building_prestige(sections))
        sheet.add("building", sum(points), msg("Building turns using {sections} sections → {each} = {points}",
                                               sections="+".join(map(str, player.building_turns)),
                                               each="+".join(map(str, points)) or "0", points=sum(points)))
    elif player.building_prestige:
        sheet.add("building", player.building_prestige,
                  msg("Building turns: {prestige} prestige (entered as a total)", prestige=player.building_prestige))


def _score_year_end(number: int, year: YearEnd, state: AsaraEndState, sheets: dict[str, ScoreSheet], data: AsaraData,
                    log: PlaceholderLog) -> None:
    """+1 per tower, +1 per gold section, +1 for the Caliph's patronage (ASA-SCORE-03)."""
    for key in ("per_tower", "per_gold_section", "caliph_patronage"):
        log.use("year_end", key)
    for player in state.players:
        towers = year.towers_of(player.id)
        gold = sum(t.gold_sections for t in towers)
        caliph = data.caliph_patronage if year.caliph == player.id else 0
        points = len(towers) * data.per_tower + gold * data.per_gold_section + caliph
        parts = [msg_n("{count} tower × {each}", "{count} towers × {each}", "count", count=len(towers),
                       each=data.per_tower),
                 msg_n("{count} gold section × {each}", "{count} gold sections × {each}", "count", count=gold,
                       each=data.per_gold_section)]
        if caliph:
            parts.append(msg("Caliph's patronage {points}", points=caliph))
        sheets[player.id].add("year_end", points, msg("Year {number} evaluation: {parts} = {points}", number=number,
                                                      parts=plus_sum(parts), points=points), year=number)


def _score_asari(asari: int, sheet: ScoreSheet, data: AsaraData, log: PlaceholderLog) -> None:
    """1 prestige per 10 Asari, rounded down by default (ASA-SCORE-09, ASA-AMB-05)."""
    log.use("final", "asari_per_prestige_point")
    log.use("final", "asari_rounding")
    points = _divide(asari, data.asari_per_point, data.asari_rounding)
    sheet.add("asari", points,
              msg("{asari} Asari → {points} (1 per {per}, {rounded})", asari=asari, points=points,
                  per=data.asari_per_point, rounded=ROUNDED[data.asari_rounding]))


# --------------------------------------------------------------------------- final evaluation

def _divide(amount: int, divisor: int, rounding: str) -> int:
    return -(-amount // divisor) if rounding == "up" else amount // divisor


def _awards(entries: list[Entry], points: PlacePoints, rounding: str) -> list[Award]:
    """Rank entries by measure; pay 1st and 2nd with the tie rules of ASA-SCORE-10/11/12 (and ASA-AMB-03)."""
    ranked = sorted(entries, key=lambda e: -e.measure)
    if not ranked:
        return []
    top = tuple(e for e in ranked if e.measure == ranked[0].measure)
    if len(top) > 1:  # a tie for 1st pools 1st and 2nd; there is no 2nd place
        pooled = (points.first, points.second)
        awards = [Award(e, 1, top, pooled, _divide(sum(pooled), len(top), rounding)) for e in top]
        rest = [e for e in ranked if e not in top]
        if rest:
            blocked = tuple(e for e in rest if e.measure == rest[0].measure)
            awards += [Award(e, None, blocked, (), 0) for e in blocked]
        return awards
    awards = [Award(top[0], 1, top, (points.first,), points.first)]
    rest = ranked[1:]
    if rest:
        second = tuple(e for e in rest if e.measure == rest[0].measure)
        awards += [Award(e, 2, second, (points.second,), _divide(points.second, len(second), rounding))
                   for e in second]
    return awards


def _tie_text(award: Award, unit: str, rounding: str):
    """``"tied 1st with P2 → (6+3)/2 = 4.5 → 5 (rounded up)"``."""
    if award.place is None:
        return msg("no 2nd place after a tie for 1st → 0")
    if len(award.group) == 1:
        return msg("{place} → {points}", place=ordinal(award.place), points=award.share)
    owners = Counter(e.owner for e in award.group if e is not award.entry)
    others = and_list([_others_text(owner, count, owner == award.entry.owner, unit) for owner, count in owners.items()])
    exact = Fraction(sum(award.pooled), len(award.group))
    value = f"{float(exact):.2f}".rstrip("0").rstrip(".")
    rounded = msg(" → {points} ({rounded})", points=award.share, rounded=ROUNDED[rounding]) \
        if exact.denominator != 1 else ""
    return msg("tied {place} with {others} → ({pooled})/{count} = {value}{rounded}", place=ordinal(award.place),
               others=others, pooled="+".join(map(str, award.pooled)), count=len(award.group), value=value,
               rounded=rounded)


def _others_text(owner: str, count: int, same_owner: bool, unit: str):
    if unit == "tower":
        if same_owner:
            return msg_n("another of {owner}'s towers", "{count} more of {owner}'s towers", "count",
                         owner=owner, count=count)
        return owner if count == 1 else msg("{owner} ({count} towers)", owner=owner, count=count)
    return owner if count == 1 else msg("{owner} ({count} players)", owner=owner, count=count)


def _log_award(award: Award, log: PlaceholderLog, path: tuple[str, ...], first: str) -> None:
    """The place values an award used: 1st or 2nd, and both when a tie for 1st pooled them."""
    if award.place is not None:
        log.use(*path, first if award.place == 1 else "second")
        if award.place == 1 and len(award.group) > 1:
            log.use(*path, "second")


def _tower_category(label, entries: list[Entry], points: PlacePoints, category: str,
                    sheets: dict[str, ScoreSheet], log: PlaceholderLog, log_path: tuple[str, ...]) -> list[dict]:
    """Award one tower category per tower (ASA-SCORE-06/07/10/11, ASA-AMB-01: one player may collect several)."""
    result = []
    for award in _awards(entries, points, "up"):
        _log_award(award, log, log_path, "highest")
        text = msg("{label}: {owner}'s {sections}-section tower, {award}", label=label, owner=award.entry.owner,
                   sections=award.entry.measure, award=_tie_text(award, "tower", "up"))
        sheets[award.entry.owner].add(category, award.share, text)
        result.append({"player": award.entry.owner, "height": award.entry.measure, "place": award.place,
                       "tied_towers": len(award.group), "points": award.share})
    return result


def _most_towers(state: AsaraEndState, sheets: dict[str, ScoreSheet], data: AsaraData,
                 log: PlaceholderLog) -> list[dict]:
    """12 / 6 for the most / second-most towers; ties split per tied player (ASA-SCORE-08/12, ASA-AMB-02).

    A player without towers does not place (a reading the catalogue does not settle)."""
    entries = [Entry(p.id, len(state.final_towers.get(p.id, ()))) for p in state.players]
    entries = [e for e in entries if e.measure > 0]
    log.use("final", "ties", "most_towers_rounding")
    result = []
    for award in _awards(entries, data.most_towers, data.most_towers_rounding):
        _log_award(award, log, ("final", "most_towers"), "most")
        text = msg("Most towers: {towers} towers, {award}", towers=award.entry.measure,
                   award=_tie_text(award, "player", data.most_towers_rounding))
        sheets[award.entry.owner].add("most_towers", award.share, text)
        result.append({"player": award.entry.owner, "towers": award.entry.measure, "place": award.place,
                       "tied_players": len(award.group), "points": award.share})
    return result


def _rank(sheets: dict[str, ScoreSheet]) -> list[dict]:
    """Highest prestige first; tied players share a rank, and tied leaders all win (ASA-SCORE-14)."""
    order = sorted(sheets, key=lambda pid: -sheets[pid].total)
    ranking = []
    for pid in order:
        total = sheets[pid].total
        rank = 1 + sum(1 for other in sheets.values() if other.total > total)
        ranking.append({"player": pid, "total": total, "rank": rank,
                        "tied_with": [o for o in order if o != pid and sheets[o].total == total]})
    return ranking
