"""Asara "end only" input: what lies on the table when the game is over, checked against the box.

The input, field by field: docs/scorers.md ("Asara, end only").

The prestige-track position already holds the building turns and the year-end
evaluations; the final evaluation (ASA-SCORE-05..12) is added to it.  Without
``years`` the scorer can only check that the position is one the towers allow;
with them it also splits it into year-end evaluations and building prestige.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from api.games.asara.bounds import (
    building_prestige_range, check_asari, check_sections_in_box, tower_words,
)
from api.games.asara.data import AsaraData
from api.games.asara.inputs import Tower
from api.games.messages import msg, ordinal
from api.games.scorekit import (ScoringInputError, child, read_int, read_list, read_mapping, read_object,
                                read_player_names)

MODE = "end_only"
# Year-end counts in words, per key: the count in a year, a player's count, the last year differs, a count shrank.
YEAR_WORDS = {
    "towers": (msg("the towers in year {number}"), msg("{player}'s towers at the end of year {number}"),
               msg("the last year-end evaluation counts what is on the table now: {now} towers, not {value}"),
               msg("{value} towers at the end of year {number} but {later} a year later; towers are never taken "
                   "down and gold sections stay in their tower")),
    "gold": (msg("the gold sections in year {number}"), msg("{player}'s gold sections at the end of year {number}"),
             msg("the last year-end evaluation counts what is on the table now: {now} gold sections, not {value}"),
             msg("{value} gold sections at the end of year {number} but {later} a year later; towers are never "
                 "taken down and gold sections stay in their tower")),
}


@dataclass(frozen=True)
class EndPlayer:
    """A player as the table shows them at the end: Asari, prestige-track position, towers."""

    id: str
    asari: int
    prestige: int
    towers: tuple[Tower, ...]

    @property
    def gold(self) -> int:
        """Gold-decorated sections in all their towers."""
        return sum(t.gold_sections for t in self.towers)

    @property
    def sections(self) -> int:
        """Tower sections in all their towers."""
        return sum(t.height for t in self.towers)


@dataclass(frozen=True)
class YearSummary:
    """One year-end evaluation as remembered: towers and gold sections per player, the Caliph's holder."""

    caliph: str
    towers: Mapping[str, int]
    gold: Mapping[str, int]


@dataclass(frozen=True)
class AsaraEndOnly:
    """The checked end-only input."""

    players: tuple[EndPlayer, ...]
    years: tuple[YearSummary, ...] | None

    @property
    def final_towers(self) -> Mapping[str, tuple[Tower, ...]]:
        """The towers the final evaluation ranks."""
        return {p.id: p.towers for p in self.players}


def is_end_only(raw: object) -> bool:
    """Whether `raw` asks for the end-only mode."""
    return isinstance(raw, dict) and raw.get("mode") == MODE


def parse_end_only(raw: object, data: AsaraData) -> AsaraEndOnly:
    """Check `raw` against the rules and the box; raise `ScoringInputError` naming the first impossible value."""
    read_object(raw, "", "ASA-SCORE-01", required=("mode", "players"), optional=("years",))
    players_raw = read_list(raw["players"], "/players", "ASA-SCORE-01")
    if not data.min_players <= len(players_raw) <= data.max_players:
        raise ScoringInputError("wrong_player_count", "ASA-SCORE-01", "/players",
                                msg("Asara takes {least} to {most} players, got {count}", least=data.min_players,
                                    most=data.max_players, count=len(players_raw)), field=msg("the players"))
    names = read_player_names(players_raw, "ASA-SCORE-01", ("name", "asari", "prestige"), ("towers",))
    players = tuple(_player(p, child("/players", i), names[i], data) for i, p in enumerate(players_raw))
    check_asari(((child("/players", i, "asari"), p.id, p.asari) for i, p in enumerate(players)), data)
    check_sections_in_box(((child("/players", i, "towers", j, "sections"), tower_words(p.id, j), t.height)
                           for i, p in enumerate(players) for j, t in enumerate(p.towers)), data, msg("on the table"))
    years = None
    if "years" in raw:
        years = tuple(_year(y, child("/years", n), n, names)
                      for n, y in enumerate(read_list(raw["years"], "/years", "ASA-SCORE-03", length=data.years)))
        _check_years_grow(years, players)
    for index, player in enumerate(players):
        _check_prestige(player, index, years, data)
    return AsaraEndOnly(players, years)


def _player(raw: dict, path: str, name: str, data: AsaraData) -> EndPlayer:
    asari = read_int(raw["asari"], child(path, "asari"), "ASA-SCORE-09")
    prestige = read_int(raw["prestige"], child(path, "prestige"), "ASA-SCORE-01")
    towers = tuple(_tower(t, child(path, "towers", j), tower_words(name, j), data)
                   for j, t in enumerate(read_list(raw.get("towers", []), child(path, "towers"), "ASA-SCORE-04")))
    return EndPlayer(name, asari, prestige, towers)


def _tower(raw: object, path: str, words, data: AsaraData) -> Tower:
    """A tower is one colour, its base and its turret plus any trunks and windows (ASA-SCORE-04)."""
    read_object(raw, path, "ASA-SCORE-04", required=("color", "sections"), optional=("gold",))
    if raw["color"] not in data.colors:
        raise ScoringInputError("unknown_color", "ASA-SCORE-04", child(path, "color"),
                                msg("a tower is one of the colours {colors}, not {color}",
                                    colors=", ".join(data.colors), color=repr(raw["color"])),
                                field=msg("the colour of {tower}", tower=words))
    sections_of = msg("the sections of {tower}", tower=words)
    height = read_int(raw["sections"], child(path, "sections"), "ASA-SCORE-04")
    if height < 2:
        raise ScoringInputError("tower_too_low", "ASA-SCORE-04", child(path, "sections"),
                                msg("a tower has a base and a turret, so at least 2 sections, not {sections}",
                                    sections=height), field=sections_of)
    if height > data.tower_sections_in_box:
        raise ScoringInputError("tower_too_high", "ASA-SCORE-04", child(path, "sections"),
                                msg("the box has only {most} tower sections, so no tower has {sections}",
                                    most=data.tower_sections_in_box, sections=height), field=sections_of)
    gold_of = msg("the gold sections of {tower}", tower=words)
    gold = read_int(raw.get("gold", 0), child(path, "gold"), "ASA-SCORE-03")
    if gold > height:
        raise ScoringInputError("too_many_gold_sections", "ASA-SCORE-03", child(path, "gold"),
                                msg("a tower of {sections} sections cannot have {gold} gold sections",
                                    sections=height, gold=gold), field=gold_of)
    sections = {kind: 0 for kind in data.section_kinds}
    sections.update(base=1, turret=1)
    filler = next(k for k in data.section_kinds if k not in ("base", "turret"))
    sections[filler] += height - 2  # only the height counts; which sections are trunks or windows does not
    return Tower(raw["color"], sections, gold)


def _year(raw: object, path: str, number: int, names: list[str]) -> YearSummary:
    read_object(raw, path, "ASA-SCORE-03", required=("caliph",), optional=("towers", "gold"))
    caliph = raw["caliph"]
    if caliph not in names:
        raise ScoringInputError("caliph_holder_unknown", "ASA-SCORE-03", child(path, "caliph"),
                                msg("someone always holds the Caliph's patronage: pick who held it at the end of "
                                    "year {number} ({names})", number=number + 1, names=", ".join(names)),
                                field=msg("who held the Caliph's patronage in year {number}", number=number + 1))
    counts = {}
    for key in ("towers", "gold"):
        mapping = read_mapping(raw.get(key, {}), child(path, key), "ASA-SCORE-03")
        for name, value in mapping.items():
            if name not in names:
                raise ScoringInputError("unknown_player", "ASA-SCORE-03", child(path, key, name),
                                        msg("no player is called {name}", name=repr(name)),
                                        field=msg(YEAR_WORDS[key][0].id, number=number + 1))
        counts[key] = {name: read_int(mapping.get(name, 0), child(path, key, name), "ASA-SCORE-03") for name in names}
    return YearSummary(caliph, counts["towers"], counts["gold"])


def _check_years_grow(years: tuple[YearSummary, ...], players: tuple[EndPlayer, ...]) -> None:
    """Towers and their gold sections only accumulate, and year 4 is the table as it is now (ASA-SCORE-03)."""
    last = len(years) - 1
    for number, year in enumerate(years):
        for player in players:
            for key, now in (("towers", len(player.towers)), ("gold", player.gold)):
                value = getattr(year, key)[player.id]
                later = getattr(years[number + 1], key)[player.id] if number < last else now
                path = child("/years", number, key, player.id)
                words = msg(YEAR_WORDS[key][1].id, player=player.id, number=number + 1)
                if number == last and value != now:
                    raise ScoringInputError(f"year_end_{key}_differ", "ASA-SCORE-03", path,
                                            msg(YEAR_WORDS[key][2].id, now=now, value=value), field=words)
                if value > later:
                    raise ScoringInputError(f"year_end_{key}_shrank", "ASA-SCORE-03", path,
                                            msg(YEAR_WORDS[key][3].id, value=value, number=number + 1, later=later),
                                            field=words)


def year_end_points(year: YearSummary, player: str, data: AsaraData) -> int:
    """+1 per tower, +1 per gold section, +1 for the Caliph's patronage (ASA-SCORE-03)."""
    return (year.towers[player] * data.per_tower + year.gold[player] * data.per_gold_section
            + (data.caliph_patronage if year.caliph == player else 0))


def _check_prestige(player: EndPlayer, index: int, years, data: AsaraData) -> None:
    """The track holds building prestige (ASA-SCORE-02) plus the year-end evaluations (ASA-SCORE-03)."""
    low, high = building_prestige_range(data, player.sections)
    built = msg("building turns using {sections} sections earn {low} to {high}", sections=player.sections, low=low,
                high=high)
    if years is not None:
        evaluations = sum(year_end_points(y, player.id, data) for y in years)
        low, high = low + evaluations, high + evaluations
        because = msg("the year-end evaluations entered give {points} and {built}", points=evaluations, built=built)
    else:
        per_year = len(player.towers) * data.per_tower + player.gold * data.per_gold_section
        low, high = low + per_year, high + data.years * (per_year + data.caliph_patronage)
        because = msg("the {year} year-end evaluation alone gives {points}, the {count} can give at most {most}, and "
                      "{built}", year=ordinal(data.years), points=per_year, count=data.years,
                      most=data.years * (per_year + data.caliph_patronage), built=built)
    if not low <= player.prestige <= high:
        raise ScoringInputError(
            "prestige_out_of_reach", "ASA-SCORE-03", child("/players", index, "prestige"),
            msg("{prestige} cannot be reached with these towers: {because}, so it lies between {low} and {high}",
                prestige=player.prestige, because=because, low=low, high=high),
            field=msg("{player}'s prestige-track position", player=player.id))

