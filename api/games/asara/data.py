"""Asara edition data: the printed numbers the scorer needs, loaded and checked.

The rules text points at the board for the per-colour tower points and the
building prestige, and lost the number for the highest tower overall, so they
live in an edition file (default `api/data/asara.placeholder.json`, catalogue
ASA-DATA-01..05).  `load_asara_data` validates the provenance scheme and every
structural fact the scorer relies on, raising `EditionError` with the JSON path.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Mapping

from api.games.messages import msg
from api.games.scorekit import DataReader, EditionValues, load_document
from api.games.provenance import EditionError

DEFAULT_FILE = "asara.placeholder.json"
REQUIRED_SECTION_KINDS = ("base", "turret")
# The rule texts and ASA-AMB readings this scorer implements (any other value is refused on load).
FIXED_READINGS = {
    ("final", "ties", "first_place"): "pool_first_and_second_divide_by_tied_towers_round_up_no_second_place",
    ("final", "ties", "second_place"): "divide_second_by_tied_towers_round_up",
    ("final", "ties", "most_towers_divisor"): "tied_players",
    ("final", "ties", "per_tower_awards"): "a_player_may_collect_several_tower_awards",
    ("prestige_track", "above_max"): "store_true_value",
}
ROUNDINGS = ("down", "up")


@dataclass(frozen=True)
class PlacePoints:
    """Points for 1st and 2nd place in one final-evaluation category."""

    first: int
    second: int


@dataclass(frozen=True)
class AsaraData:
    """Everything the Asara scorer reads from an edition file."""

    edition_id: str
    min_players: int
    max_players: int
    colors: tuple[str, ...]
    section_kinds: tuple[str, ...]
    years: int
    max_sections_per_building_turn: int
    prestige_by_sections_used: tuple[tuple[int, int], ...]  # (sections used, prestige)
    per_tower: int
    per_gold_section: int
    caliph_patronage: int
    tower_by_color: tuple[tuple[str, PlacePoints], ...]
    highest_tower_overall: PlacePoints
    most_towers: PlacePoints
    asari_per_point: int
    asari_rounding: str
    most_towers_rounding: str
    tower_sections_in_box: int  # every tower section of the game (the lit windows aside)
    asari_coins: tuple[tuple[int, int], ...]  # (coin value, coins of it in the box)
    values: EditionValues = field(compare=False, repr=False)

    def color_points(self, color: str) -> PlacePoints:
        """1st/2nd points for the highest towers of `color`."""
        return dict(self.tower_by_color)[color]

    @property
    def asari_in_box(self) -> int:
        """The value of every Asari coin in the box: no table can hold more."""
        return sum(value * count for value, count in self.asari_coins)

    @property
    def coins_in_box(self) -> int:
        """How many Asari coins the box holds."""
        return sum(count for _, count in self.asari_coins)

    def building_prestige(self, sections_used: int) -> int:
        """Prestige for a building turn that used `sections_used` sections (ASA-SCORE-02)."""
        return dict(self.prestige_by_sections_used)[sections_used]


def load_asara_data(source: str | os.PathLike | Mapping | None = None) -> AsaraData:
    """Load and validate an Asara edition: a file path, an already-parsed dict, or None for the shipped file."""
    document = load_document(source, DEFAULT_FILE, "Asara")
    values = EditionValues(document)
    read = DataReader(document)

    min_players = read.integer("players", "min", minimum=1)
    colors = _names(read, "colors")
    kinds = _names(read, "section_kinds")
    for kind in REQUIRED_SECTION_KINDS:
        if kind not in kinds:
            raise EditionError("/section_kinds", msg("must include {kind}", kind=repr(kind)))
    by_color = read.mapping("final", "tower_by_color")
    if set(by_color) != set(colors):
        raise EditionError("/final/tower_by_color", msg("must have exactly the colours {colours}", colours=", ".join(colors)))
    for path, reading in FIXED_READINGS.items():
        read.choice(*path, supported=[reading])
    if read.boolean("final", "gold_and_caliph_score_in_final"):
        raise EditionError("/final/gold_and_caliph_score_in_final", msg("must be false ({rule})", rule="ASA-SCORE-13"))
    if not read.boolean("final", "tied_winners_share_victory"):
        raise EditionError("/final/tied_winners_share_victory", msg("must be true ({rule})", rule="ASA-SCORE-14"))

    return AsaraData(
        edition_id=document["edition"]["id"],
        min_players=min_players,
        max_players=read.integer("players", "max", minimum=min_players),
        colors=colors,
        section_kinds=kinds,
        years=read.integer("years", minimum=1),
        max_sections_per_building_turn=max(read.integers("building", "plots", minimum=1)),
        prestige_by_sections_used=_building_table(read),
        per_tower=read.integer("year_end", "per_tower"),
        per_gold_section=read.integer("year_end", "per_gold_section"),
        caliph_patronage=read.integer("year_end", "caliph_patronage"),
        tower_by_color=tuple((color, _place_points(read, ("final", "tower_by_color", color), "highest"))
                             for color in colors),
        highest_tower_overall=_place_points(read, ("final", "highest_tower_overall"), "highest"),
        most_towers=_place_points(read, ("final", "most_towers"), "most"),
        asari_per_point=read.integer("final", "asari_per_prestige_point", minimum=1),
        asari_rounding=read.choice("final", "asari_rounding", supported=ROUNDINGS),
        most_towers_rounding=read.choice("final", "ties", "most_towers_rounding", supported=ROUNDINGS),
        tower_sections_in_box=read.integer("components", "tower_sections", minimum=2),
        asari_coins=_coins(read),
        values=values,
    )


def _names(read: DataReader, key: str) -> tuple[str, ...]:
    names = read.node(key)
    if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
        raise EditionError(f"/{key}", msg("must be a non-empty list of names"))
    if len(set(names)) != len(names):
        raise EditionError(f"/{key}", msg("must not repeat a name"))
    return tuple(names)


def _place_points(read: DataReader, path: tuple[str, ...], first_key: str) -> PlacePoints:
    return PlacePoints(read.integer(*path, first_key), read.integer(*path, "second"))


def _building_table(read: DataReader) -> tuple[tuple[int, int], ...]:
    """Prestige per sections used: one entry for every count from 1 to the dearest plot."""
    table = read.mapping("building", "prestige_by_sections_used")
    largest = max(read.integers("building", "plots", minimum=1))
    expected = [str(n) for n in range(1, largest + 1)]
    if sorted(table, key=str) != sorted(expected):
        raise EditionError("/building/prestige_by_sections_used",
                           msg("must have exactly the keys {keys}", keys=", ".join(expected)))
    return tuple((int(key), read.integer("building", "prestige_by_sections_used", key)) for key in expected)


def _coins(read: DataReader) -> tuple[tuple[int, int], ...]:
    """The Asari coins in the box by value (the rulebook's 25 ones, 16 fives and 11 tens)."""
    coins = read.mapping("components", "asari_coins")
    result = []
    for key in coins:
        if not key.isdigit() or int(key) < 1:
            raise EditionError(f"/components/asari_coins/{key}", msg("a coin value must be a whole number ≥ 1"))
        result.append((int(key), read.integer("components", "asari_coins", key)))
    return tuple(sorted(result))


def describe(data: AsaraData) -> dict:
    """What an entry form needs from the edition: colours, players, years and the box's limits (JSON-ready)."""
    return {
        "edition": data.edition_id,
        "players": {"min": data.min_players, "max": data.max_players},
        "colors": list(data.colors),
        "years": data.years,
        "tower_sections": data.tower_sections_in_box,
        "asari_in_box": data.asari_in_box,
    }
