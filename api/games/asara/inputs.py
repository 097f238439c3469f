"""What an Asara table enters at the end of the game, checked against the rules and the edition.

The input, field by field: docs/scorers.md ("Asara, detailed").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from api.games.asara.bounds import (
    building_prestige_range, check_asari, check_sections_in_box, tower_words,
)
from api.games.asara.data import AsaraData
from api.games.messages import msg
from api.games.scorekit import (
    ScoringInputError, child, max_matching, read_int, read_list, read_mapping, read_object, read_player_ids,
    read_player_ref,
)


@dataclass(frozen=True)
class Tower:
    """A complete tower: one colour, its sections by kind, and how many carry a gold decoration."""

    color: str
    sections: Mapping[str, int]
    gold_sections: int

    @property
    def height(self) -> int:
        """Number of sections (ASA-SCORE-04)."""
        return sum(self.sections.values())


@dataclass(frozen=True)
class AsaraPlayer:
    """A player: Asari held at the end and the optional building-turn prestige."""

    id: str
    asari: int
    building_prestige: int | None = None
    building_turns: tuple[int, ...] | None = None


@dataclass(frozen=True)
class YearEnd:
    """The facts of one year-end evaluation."""

    caliph: str
    towers: Mapping[str, tuple[Tower, ...]]  # player id → towers standing at the year end

    def towers_of(self, player: str) -> tuple[Tower, ...]:
        """The towers `player` has standing."""
        return self.towers.get(player, ())


@dataclass(frozen=True)
class AsaraEndState:
    """The checked end-of-game input."""

    players: tuple[AsaraPlayer, ...]
    years: tuple[YearEnd, ...]

    @property
    def final_towers(self) -> Mapping[str, tuple[Tower, ...]]:
        """The towers standing after the last year: what the final evaluation ranks."""
        return self.years[-1].towers


def parse_asara_input(raw: object, data: AsaraData) -> AsaraEndState:
    """Check `raw` against the rules and `data`; raise `ScoringInputError` on the first impossible value."""
    read_object(raw, "", "ASA-SCORE-01", required=("players", "years"), optional=("mode",))
    if raw.get("mode", "detailed") != "detailed":
        raise ScoringInputError("unknown_mode", "ASA-SCORE-01", "/mode",
                                msg('mode is "detailed" (the default) or "end_only"'), field=msg("the entry mode"))
    players_raw = read_list(raw["players"], "/players", "ASA-SCORE-01")
    if not data.min_players <= len(players_raw) <= data.max_players:
        raise ScoringInputError("wrong_player_count", "ASA-SCORE-01", "/players",
                                msg("Asara takes {least} to {most} players, got {count}", least=data.min_players,
                                    most=data.max_players, count=len(players_raw)))
    for index, player in enumerate(players_raw):
        read_object(player, child("/players", index), "ASA-SCORE-01", required=("id", "asari"),
                    optional=("building_prestige", "building_turns"))
    ids = read_player_ids(players_raw, "/players", "ASA-SCORE-01")
    players = tuple(_player(p, child("/players", i), data) for i, p in enumerate(players_raw))
    years_raw = read_list(raw["years"], "/years", "ASA-SCORE-03", length=data.years)
    years = tuple(_year(y, child("/years", i), ids, data) for i, y in enumerate(years_raw))
    _check_towers_only_grow(years)
    _check_box(players, years, data)
    state = AsaraEndState(players, years)
    _check_building_turns(state)
    return state


def _player(raw: dict, path: str, data: AsaraData) -> AsaraPlayer:
    asari = read_int(raw["asari"], child(path, "asari"), "ASA-SCORE-09")
    if "building_prestige" in raw and "building_turns" in raw:
        raise ScoringInputError("conflicting_fields", "ASA-SCORE-02", child(path, "building_turns"),
                                msg("give either building_prestige (a total) or building_turns, not both"))
    prestige = turns = None
    if "building_prestige" in raw:
        prestige = read_int(raw["building_prestige"], child(path, "building_prestige"), "ASA-SCORE-02")
    if "building_turns" in raw:
        turns = tuple(read_int(n, child(path, "building_turns", i), "ASA-SCORE-02", minimum=1,
                               maximum=data.max_sections_per_building_turn)
                      for i, n in enumerate(read_list(raw["building_turns"], child(path, "building_turns"),
                                                      "ASA-SCORE-02")))
    return AsaraPlayer(raw["id"], asari, prestige, turns)


def _year(raw: object, path: str, ids: list[str], data: AsaraData) -> YearEnd:
    read_object(raw, path, "ASA-SCORE-03", required=("caliph", "towers"))
    caliph = read_player_ref(raw["caliph"], child(path, "caliph"), "ASA-SCORE-03", ids)
    towers = {}
    for player, towers_raw in read_mapping(raw["towers"], child(path, "towers"), "ASA-SCORE-03").items():
        read_player_ref(player, child(path, "towers", player), "ASA-SCORE-03", ids)
        here = child(path, "towers", player)
        towers[player] = tuple(_tower(t, child(here, i), data)
                               for i, t in enumerate(read_list(towers_raw, here, "ASA-SCORE-04")))
    return YearEnd(caliph, towers)


def _tower(raw: object, path: str, data: AsaraData) -> Tower:
    """A tower is valid when it has one colour, exactly one base and one turret (ASA-SCORE-04)."""
    read_object(raw, path, "ASA-SCORE-04", required=("color", "sections"), optional=("gold_sections",))
    color = raw["color"]
    if color not in data.colors:
        raise ScoringInputError("unknown_color", "ASA-SCORE-04", child(path, "color"),
                                msg("a tower is one of the colours {colors}, not {color}",
                                    colors=", ".join(data.colors), color=repr(color)))
    sections_raw = read_object(raw["sections"], child(path, "sections"), "ASA-SCORE-04", optional=data.section_kinds)
    sections = {kind: read_int(sections_raw.get(kind, 0), child(path, "sections", kind), "ASA-SCORE-04",
                               maximum=data.tower_sections_in_box)  # a tower is at most every section in the box
                for kind in data.section_kinds}
    for kind in ("base", "turret"):
        if sections[kind] != 1:
            raise ScoringInputError(f"tower_{kind}_count", "ASA-SCORE-04", child(path, "sections", kind),
                                    msg("a tower has exactly one base; this one has {count}", count=sections[kind])
                                    if kind == "base" else
                                    msg("a tower has exactly one turret; this one has {count}", count=sections[kind]))
    tower = Tower(color, sections, read_int(raw.get("gold_sections", 0), child(path, "gold_sections"), "ASA-SCORE-03"))
    if tower.gold_sections > tower.height:
        raise ScoringInputError("too_many_gold_sections", "ASA-SCORE-03", child(path, "gold_sections"),
                                msg("a tower of {sections} sections cannot have {gold} gold sections",
                                    sections=tower.height, gold=tower.gold_sections))
    return tower


def _check_towers_only_grow(years: tuple[YearEnd, ...]) -> None:
    """Towers are never taken down or shortened, sections are never swapped between towers (rule 5 of
    "Build Tower"), so gold sections stay in their tower: each tower of a year must become a tower of the same
    colour the next year that is at least as high, with at least its gold and no more new gold than new
    sections (ASA-SCORE-03)."""
    for index in range(1, len(years)):
        for player, before in years[index - 1].towers.items():
            after = years[index].towers_of(player)
            path = child("/years", index, "towers", player)
            for color in dict.fromkeys(t.color for t in before):  # input order: the same refusal every run
                old = [t for t in before if t.color == color]
                new = [t for t in after if t.color == color]
                if _can_grow_into(old, new, gold=True):
                    continue
                heights = lambda towers: ", ".join(str(msg("{sections} ({gold} gold)", sections=t.height,
                                                              gold=t.gold_sections)) for t in towers) or msg("none")
                shrank = not _can_grow_into(old, new, gold=False)
                said = dict(player=player, color=color, before=heights(old), year=index, after=heights(new),
                            next=index + 1)
                raise ScoringInputError(
                    "tower_shrank" if shrank else "gold_sections_removed", "ASA-SCORE-03", path,
                    msg("{player}'s {color} towers were {before} sections at the end of year {year} but {after} at "
                        "the end of year {next}; towers are never shortened or taken down", **said) if shrank else
                    msg("{player}'s {color} towers were {before} sections at the end of year {year} but {after} at "
                        "the end of year {next}; gold sections stay in their tower and are never removed or moved "
                        "to another", **said),
                    field=msg("{player}'s towers at the end of year {number}", player=player, number=index + 1))


def _can_grow_into(old: list[Tower], new: list[Tower], gold: bool) -> bool:
    """Whether every old tower can be matched to its own new tower it could have grown into (`max_matching`);
    with `gold`, a tower keeps its gold sections and gains gold only in sections added to it."""
    def fits(a: Tower, b: Tower) -> bool:
        added = b.height - a.height
        return added >= 0 and (not gold or a.gold_sections <= b.gold_sections <= a.gold_sections + added)

    grown = max_matching(range(len(old)), lambda i: [j for j, tower in enumerate(new) if fits(old[i], tower)])
    return len(grown) == len(old)


def _check_box(players: tuple[AsaraPlayer, ...], years: tuple[YearEnd, ...], data: AsaraData) -> None:
    """What the box holds: the Asari coins, the tower sections (`bounds`)."""
    check_asari(((child("/players", i, "asari"), p.id, p.asari) for i, p in enumerate(players)), data)
    for number, year in enumerate(years):
        check_sections_in_box(
            ((child("/years", number, "towers", owner, j),
              msg("{tower} in year {number}", tower=tower_words(owner, j), number=number + 1), t.height)
             for owner, towers in year.towers.items() for j, t in enumerate(towers)),
            data, msg("standing at the end of year {number}", number=number + 1))
    for index, player in enumerate(players):
        if player.building_prestige is None:
            continue
        sections = sum(t.height for t in years[-1].towers_of(player.id))
        low, high = building_prestige_range(data, sections)
        if not low <= player.building_prestige <= high:
            raise ScoringInputError(
                "building_prestige_out_of_reach", "ASA-SCORE-02", child("/players", index, "building_prestige"),
                msg("building turns that used the {sections} sections of {player}'s towers earn {low} to {high} "
                    "prestige, not {prestige}", sections=sections, player=player.id, low=low, high=high,
                    prestige=player.building_prestige), field=msg("{player}'s building prestige", player=player.id))


def _check_building_turns(state: AsaraEndState) -> None:
    """Every section in a tower was used in exactly one building turn (ASA-SCORE-02)."""
    for index, player in enumerate(state.players):
        if player.building_turns is None:
            continue
        built = sum(t.height for t in state.final_towers.get(player.id, ()))
        if sum(player.building_turns) != built:
            raise ScoringInputError(
                "building_sections_mismatch", "ASA-SCORE-02", child("/players", index, "building_turns"),
                msg("{player}'s building turns used {used} sections, but their towers hold {built}",
                    player=player.id, used=sum(player.building_turns), built=built))
