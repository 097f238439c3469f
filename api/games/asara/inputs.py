"""What an Asara table enters at the end of the game, checked against the rules and the edition.

Input shape (plain JSON; list positions and ids appear in error paths)::

    {
      "players": [
        {"id": "P1", "asari": 27, "building_prestige": 31},     # or "building_turns": [3, 5, 2, ...]
        {"id": "P2", "asari": 9}
      ],
      "years": [                                                 # one entry per year, in order
        {"caliph": "P2",                                         # who holds the Caliph's patronage at year end
         "towers": {"P1": [{"color": "red",
                            "sections": {"base": 1, "trunk": 2, "window": 1, "turret": 1},
                            "gold_sections": 1}]}}
      ]
    }

Each year lists every tower standing at that year end (a player missing from
``towers`` has none); the last year's towers are the ones the final evaluation
ranks.  ``gold_sections`` defaults to 0.  Building-turn prestige is optional:
either a total (``building_prestige``) or the sections used in each building
turn (``building_turns``), which the edition's table converts.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from api.games.asara.data import AsaraData
from api.games.scorekit import (
    ScoringInputError, child, read_int, read_list, read_mapping, read_object, read_player_ids, read_player_ref,
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
    read_object(raw, "", "ASA-SCORE-01", required=("players", "years"))
    players_raw = read_list(raw["players"], "/players", "ASA-SCORE-01")
    if not data.min_players <= len(players_raw) <= data.max_players:
        raise ScoringInputError("wrong_player_count", "ASA-SCORE-01", "/players",
                                f"Asara takes {data.min_players} to {data.max_players} players, got {len(players_raw)}")
    for index, player in enumerate(players_raw):
        read_object(player, child("/players", index), "ASA-SCORE-01", required=("id", "asari"),
                    optional=("building_prestige", "building_turns"))
    ids = read_player_ids(players_raw, "/players", "ASA-SCORE-01")
    players = tuple(_player(p, child("/players", i), data) for i, p in enumerate(players_raw))
    years_raw = read_list(raw["years"], "/years", "ASA-SCORE-03", length=data.years)
    years = tuple(_year(y, child("/years", i), ids, data) for i, y in enumerate(years_raw))
    _check_towers_only_grow(years)
    state = AsaraEndState(players, years)
    _check_building_turns(state)
    return state


def _player(raw: dict, path: str, data: AsaraData) -> AsaraPlayer:
    asari = read_int(raw["asari"], child(path, "asari"), "ASA-SCORE-09")
    if "building_prestige" in raw and "building_turns" in raw:
        raise ScoringInputError("conflicting_fields", "ASA-SCORE-02", child(path, "building_turns"),
                                "give either building_prestige (a total) or building_turns, not both")
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
                                f"a tower is one of the colours {', '.join(data.colors)}, not {color!r}")
    sections_raw = read_object(raw["sections"], child(path, "sections"), "ASA-SCORE-04", optional=data.section_kinds)
    sections = {kind: read_int(sections_raw.get(kind, 0), child(path, "sections", kind), "ASA-SCORE-04")
                for kind in data.section_kinds}
    for kind in ("base", "turret"):
        if sections[kind] != 1:
            raise ScoringInputError(f"tower_{kind}_count", "ASA-SCORE-04", child(path, "sections", kind),
                                    f"a tower has exactly one {kind}; this one has {sections[kind]}")
    tower = Tower(color, sections, read_int(raw.get("gold_sections", 0), child(path, "gold_sections"), "ASA-SCORE-03"))
    if tower.gold_sections > tower.height:
        raise ScoringInputError("too_many_gold_sections", "ASA-SCORE-03", child(path, "gold_sections"),
                                f"a tower of {tower.height} sections cannot have {tower.gold_sections} gold sections")
    return tower


def _check_towers_only_grow(years: tuple[YearEnd, ...]) -> None:
    """Towers are never taken down or shortened, and sections are never swapped out (ASA-SCORE-03)."""
    for index in range(1, len(years)):
        for player, before in years[index - 1].towers.items():
            after = years[index].towers_of(player)
            path = child("/years", index, "towers", player)
            for color in {t.color for t in before}:
                old = sorted((t.height for t in before if t.color == color), reverse=True)
                new = sorted((t.height for t in after if t.color == color), reverse=True)
                if len(new) < len(old) or any(n < o for n, o in zip(new, old)):
                    raise ScoringInputError(
                        "tower_shrank", "ASA-SCORE-03", path,
                        f"{player}'s {color} towers were {old} sections high at the end of year {index} but "
                        f"{new} at the end of year {index + 1}; towers are never shortened or taken down")
            if sum(t.gold_sections for t in after) < sum(t.gold_sections for t in before):
                raise ScoringInputError("gold_sections_removed", "ASA-SCORE-03", path,
                                        f"{player} has fewer gold sections at the end of year {index + 1} "
                                        f"than at the end of year {index}")


def _check_building_turns(state: AsaraEndState) -> None:
    """Every section in a tower was used in exactly one building turn (ASA-SCORE-02)."""
    for index, player in enumerate(state.players):
        if player.building_turns is None:
            continue
        built = sum(t.height for t in state.final_towers.get(player.id, ()))
        if sum(player.building_turns) != built:
            raise ScoringInputError(
                "building_sections_mismatch", "ASA-SCORE-02", child("/players", index, "building_turns"),
                f"{player.id}'s building turns used {sum(player.building_turns)} sections, "
                f"but their towers hold {built}")
