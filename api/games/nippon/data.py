"""Nippon edition data: the printed numbers the scorer needs, loaded and checked.

The rules text gives none of the board's scoring tables, so they live in an
edition file (default `api/data/nippon.placeholder.json`, catalogue NIP-DATA-01..08).
`load_nippon_data` validates the provenance scheme and every structural fact the
scorer relies on, raising `EditionError` with the JSON path of the bad value.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Mapping

from api.games.messages import msg
from api.games.scorekit import DataReader, EditionValues, load_document
from api.games.provenance import EditionError

DEFAULT_FILE = "nippon.placeholder.json"
# The only readings of the NIP-AMB questions this scorer implements.
OVERSEAS_SHARE_IN_TIES = "counted_then_discarded"
SHIPS_SCORED_IN = "own_ships_in_the_region_being_scored"
TIE_BREAK = "tied_player_who_played_the_last_turn_else_closest_counterclockwise_to_that_player"


@dataclass(frozen=True)
class City:
    """A city of a region: the Overseas Companies' numbers printed on its influence slots, by slot index."""

    id: str
    slots: tuple[int, ...]


@dataclass(frozen=True)
class Region:
    """A region of the map: its cities and how many train/ship slots it has."""

    id: str
    name: str
    cities: tuple[City, ...]
    train_ship_slots: int

    def city(self, city_id: str) -> City | None:
        """The city with this id, or None."""
        return next((c for c in self.cities if c.id == city_id), None)


@dataclass(frozen=True)
class AchievementSpace:
    """An achievement space of the player board: VP per unit of its condition (before the multiplier)."""

    id: str
    condition: str
    vp_per_unit: int
    max_units: int  # the most a player can own of what the condition counts (components, rules)

    @property
    def words(self):
        """The condition in words: a message for the shipped edition's conditions, else its id with spaces."""
        return CONDITIONS.get(self.condition, self.condition.replace("_", " "))


CONDITIONS = {"factories_built": msg("factories built"), "contracts_fulfilled": msg("contracts fulfilled"),
              "trains_and_ships_on_board": msg("trains and ships on board"), "knowledge_level": msg("knowledge level"),
              "machinery_tiles_on_factories": msg("machinery tiles on factories"),
              "regions_with_own_influence_tile": msg("regions with own influence tile")}


@dataclass(frozen=True)
class NipponData:
    """Everything the Nippon scorer reads from an edition file."""

    edition_id: str
    min_players: int
    max_players: int
    start_vp_by_seat: tuple[int, ...]
    scorings: int
    regions: tuple[Region, ...]
    places_scored: int
    vp_by_scoring: tuple[tuple[int, ...], ...]  # [scoring - 1][place - 1]
    places_beyond_table_vp: int
    overseas_companies_compete: bool
    trains_need_influence_tile: bool
    zero_influence_player_places: bool
    train_influence: int
    trains_per_player: int
    ship_vp: int
    ships_per_player: int
    ship_scoring_places: tuple[int, ...]
    tile_values: tuple[int, ...]
    achievement_spaces: tuple[AchievementSpace, ...]
    empty_space_multiplier: int
    multiplier_supply: tuple[tuple[int, int], ...]  # (multiplier, tiles of it in the game)
    vp_lost_per_unpaid_color: int
    negative_vp_allowed: bool
    contract_vp: tuple[int, ...]  # VP of each VP contract a player holds (one of each kind)
    region_bonus_vp: tuple[int, ...]  # VP a Local Market placement can pay as its region bonus
    values: EditionValues = field(compare=False, repr=False)

    def region(self, region_id: str) -> Region | None:
        """The region with this id, or None."""
        return next((r for r in self.regions if r.id == region_id), None)

    def achievement_space(self, space_id: str) -> AchievementSpace | None:
        """The achievement space with this id, or None."""
        return next((a for a in self.achievement_spaces if a.id == space_id), None)

    @property
    def contract_vp_max(self) -> int:
        """The most contract VP a player can earn: every VP contract they hold fulfilled."""
        return sum(self.contract_vp)

    def city(self, city_id: str) -> tuple[Region, City] | None:
        """The region and city with this city id, or None."""
        return next(((r, c) for r in self.regions for c in r.cities if c.id == city_id), None)

    def place_vp(self, scoring: int, place: int) -> int:
        """VP printed for `place` (1-based) in `scoring` (1-based); places beyond the table use the fallback."""
        row = self.vp_by_scoring[scoring - 1]
        return row[place - 1] if place <= len(row) else self.places_beyond_table_vp


def load_nippon_data(source: str | os.PathLike | Mapping | None = None) -> NipponData:
    """Load and validate a Nippon edition: a file path, an already-parsed dict, or None for the shipped file."""
    document = load_document(source, DEFAULT_FILE, "Nippon")
    values = EditionValues(document)
    read = DataReader(document)

    max_players = read.integer("players", "max", minimum=1)
    scorings = read.integer("scoring_track", "scorings", minimum=1)
    places = read.integer("region_majority", "places_scored", minimum=1)
    by_scoring = read.mapping("region_majority", "vp_by_scoring")
    expected_keys = [str(n) for n in range(1, scorings + 1)]
    if sorted(by_scoring, key=str) != sorted(expected_keys):
        raise EditionError("/region_majority/vp_by_scoring",
                           msg("must have exactly the keys {keys}", keys=", ".join(expected_keys)))

    per_player = read.integer("influence_tiles", "per_player", minimum=1)
    value_min = read.integer("influence_tiles", "value_min", minimum=0)
    value_max = read.integer("influence_tiles", "value_max", minimum=value_min)
    tile_values = read.integers("influence_tiles", "values", length=per_player, minimum=value_min)
    for index, value in enumerate(tile_values):
        if value > value_max:
            raise EditionError(f"/influence_tiles/values/{index}",
                               msg("must be at most value_max {value_max}", value_max=value_max))

    ship_places = read.integers("ships", "scored_by_places", minimum=1)
    read.choice("ships", "scored_in", supported=[SHIPS_SCORED_IN])
    read.choice("region_majority", "overseas_share_in_ties", supported=[OVERSEAS_SHARE_IN_TIES])
    read.choice("end_of_game", "tie_break", supported=[TIE_BREAK])

    return NipponData(
        edition_id=document["edition"]["id"],
        min_players=read.integer("players", "min", minimum=1),
        max_players=max_players,
        start_vp_by_seat=read.integers("victory_points", "start_by_seat", length=max_players),
        scorings=scorings,
        regions=_regions(read),
        places_scored=places,
        vp_by_scoring=tuple(read.integers("region_majority", "vp_by_scoring", key, length=places)
                            for key in expected_keys),
        places_beyond_table_vp=read.integer("region_majority", "places_beyond_table_vp"),
        overseas_companies_compete=read.boolean("region_majority", "overseas_companies_compete"),
        trains_need_influence_tile=read.boolean("region_majority",
                                                "train_influence_requires_an_influence_tile_in_region"),
        zero_influence_player_places=read.boolean("region_majority", "zero_influence_player_places"),
        train_influence=read.integer("trains", "face_up_influence"),
        trains_per_player=read.integer("trains", "per_player"),
        ship_vp=read.integer("ships", "face_up_vp"),
        ships_per_player=read.integer("ships", "per_player"),
        ship_scoring_places=ship_places,
        tile_values=tile_values,
        achievement_spaces=_achievement_spaces(read),
        empty_space_multiplier=read.integer("achievements", "empty_space_scores"),
        multiplier_supply=_multiplier_supply(read),
        vp_lost_per_unpaid_color=read.integer("workforce", "vp_lost_per_unpaid_color"),
        negative_vp_allowed=read.boolean("end_of_game", "negative_vp_allowed"),
        contract_vp=_contract_vp(read),
        region_bonus_vp=tuple(read.integer("regions", r, "local_market_bonus", "vp", minimum=1)
                              for r in read.mapping("regions")
                              if "vp" in read.mapping("regions", r, "local_market_bonus")),
        values=values,
    )


def _regions(read: DataReader) -> tuple[Region, ...]:
    regions = []
    for region_id, region in read.mapping("regions").items():
        read.mapping("regions", region_id)
        name = region.get("name", region_id)
        if not isinstance(name, str):
            raise EditionError(f"/regions/{region_id}/name", msg("must be a string"))
        cities = tuple(
            City(city_id, read.integers("regions", region_id, "cities", city_id, "overseas_influence_slots"))
            for city_id in read.mapping("regions", region_id, "cities")
        )
        regions.append(Region(region_id, name, cities, read.integer("regions", region_id, "train_ship_slots")))
    return tuple(regions)


def _achievement_spaces(read: DataReader) -> tuple[AchievementSpace, ...]:
    spaces = read.mapping("achievements", "spaces")
    count = read.integer("achievements", "spaces_per_player_board", minimum=1)
    if count != len(spaces):
        raise EditionError("/achievements/spaces_per_player_board",
                           msg("is {count} but {listed} spaces are listed", count=count, listed=len(spaces)))
    result = []
    for space_id in spaces:
        condition = read.node("achievements", "spaces", space_id, "condition")
        if not isinstance(condition, str) or not condition:
            raise EditionError(f"/achievements/spaces/{space_id}/condition", msg("must be a non-empty string"))
        vp_per_unit = read.integer("achievements", "spaces", space_id, "vp_per_unit")
        max_units = read.integer("achievements", "spaces", space_id, "max_units")
        result.append(AchievementSpace(space_id, condition, vp_per_unit, max_units))
    return tuple(result)


def _multiplier_supply(read: DataReader) -> tuple[tuple[int, int], ...]:
    """How many tiles of each multiplier exist: reward tiles spread evenly over their multipliers, plus the 2× tiles."""
    multipliers = read.integers("reward_tiles", "multipliers_on_back", minimum=1)
    if len(set(multipliers)) != len(multipliers):
        raise EditionError("/reward_tiles/multipliers_on_back", msg("must not repeat a multiplier"))
    total = read.integer("reward_tiles", "total")
    stacks = read.integer("reward_tiles", "stacks", minimum=1)
    if total != stacks * read.integer("reward_tiles", "tiles_per_stack", minimum=1):
        raise EditionError("/reward_tiles/total", msg("must equal stacks × tiles_per_stack"))
    if total % len(multipliers):
        raise EditionError("/reward_tiles/total", msg("must divide evenly among the multipliers on the back"))
    supply = {m: total // len(multipliers) for m in multipliers}
    extra_value = read.integer("reward_tiles", "vp_multiplier_tile_value", minimum=1)
    supply[extra_value] = supply.get(extra_value, 0) + read.integer("reward_tiles", "vp_multiplier_tiles")
    return tuple(sorted(supply.items()))


def _contract_vp(read: DataReader) -> tuple[int, ...]:
    """Each player holds one contract of each kind (rules, setup 2); the VP of those that pay VP."""
    kinds = read.mapping("contracts", "kinds")
    return tuple(read.integer("contracts", "kinds", k, "bonus", "vp", minimum=1)
                 for k in kinds if "vp" in read.mapping("contracts", "kinds", k, "bonus"))


def describe(data: NipponData) -> dict:
    """What an entry form needs from the edition: the map (regions, cities and their printed slots), each
    player's pieces, the achievement spaces and the multiplier tiles (JSON-ready)."""
    return {
        "edition": data.edition_id,
        "players": {"min": data.min_players, "max": data.max_players},
        "start_vp_by_seat": list(data.start_vp_by_seat),
        "scorings": data.scorings,
        "regions": [{"id": r.id, "name": r.name, "train_ship_slots": r.train_ship_slots,
                     "cities": [{"id": c.id, "slots": list(c.slots)} for c in r.cities]} for r in data.regions],
        "tile_values": list(data.tile_values),
        "trains_per_player": data.trains_per_player,
        "ships_per_player": data.ships_per_player,
        "achievement_spaces": [{"id": a.id, "condition": a.condition, "vp_per_unit": a.vp_per_unit,
                                "max_units": a.max_units} for a in data.achievement_spaces],
        "multipliers": [m for m, _ in data.multiplier_supply],
        "contract_vp": list(data.contract_vp),
        "placeholder_map": bool(data.values.placeholders_under(("regions",))),
    }
