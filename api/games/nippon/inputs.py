"""What a Nippon table enters at the end of the game, checked against the rules and the edition.

The input, field by field: docs/scorers.md ("Nippon, detailed").
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Mapping, NamedTuple

from api.games.field_problems import refuse_field
from api.games.nippon.bounds import check_board_achievements
from api.games.messages import Message, msg
from api.games.nippon.data import NipponData
from api.games.scorekit import (
    PlaceholderLog, ScoringInputError, child, read_id, read_int, read_list, read_mapping, read_object,
    read_player_ids, read_player_ref,
)


class Pieces(NamedTuple):
    """Trains or ships: the rule that counts them and what refusing them says."""

    rule: str
    too_many: Message
    removed: Message
    owned: Message
    in_region: Message


PIECES = {
    "trains": Pieces("NIP-SCORE-03", msg("{player} has only {most} trains in all, {count} on the board"),
                     msg("{player} had {count} train(s) in {region} at scoring {number}; trains are never "
                         "removed, so scoring {next} cannot show fewer"),
                     msg("{player}'s trains"), msg("{player}'s trains in {region}")),
    "ships": Pieces("NIP-SCORE-07", msg("{player} has only {most} ships in all, {count} on the board"),
                    msg("{player} had {count} ship(s) in {region} at scoring {number}; ships are never "
                        "removed, so scoring {next} cannot show fewer"),
                    msg("{player}'s ships"), msg("{player}'s ships in {region}")),
}


@dataclass(frozen=True)
class Achievement:
    """One filled (or empty, when `multiplier` is None) achievement space of a player board."""

    space: str
    units: int
    multiplier: int | None


@dataclass(frozen=True)
class NipponPlayer:
    """A player: seat in turn order, VP gained in play (totals) and achievement spaces."""

    id: str
    seat: int
    contracts_vp: int
    region_bonus_vp: int
    workforce_vp_lost: int
    achievements: tuple[Achievement, ...]


@dataclass(frozen=True)
class PlacedTile:
    """An influence tile of `player` with `value`, covering slot `slot` of `city`."""

    player: str
    city: str
    slot: int
    value: int


@dataclass(frozen=True)
class RegionBoard:
    """What lies in one region at one scoring."""

    tiles: tuple[PlacedTile, ...] = ()
    trains: Mapping[str, int] = field(default_factory=dict)
    ships: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class NipponEndState:
    """The checked end-of-game input."""

    players: tuple[NipponPlayer, ...]
    last_turn_player: str
    scorings: tuple[Mapping[str, RegionBoard], ...]  # per scoring: region id → board


def parse_nippon_input(raw: object, data: NipponData, log: PlaceholderLog) -> NipponEndState:
    """Check `raw` against the rules and `data`; raise `ScoringInputError` on the first impossible value."""
    read_object(raw, "", "NIP-SCORE-01", required=("players", "last_turn_player", "scorings"), optional=("mode",))
    if raw.get("mode", "detailed") != "detailed":
        raise ScoringInputError("unknown_mode", "NIP-SCORE-01", "/mode",
                                msg('mode is "detailed" (the default), "end_only" or "live"'), field=msg("the entry mode"))
    players_raw = read_list(raw["players"], "/players", "NIP-SCORE-01")
    check_player_count(players_raw, data)
    for index, player in enumerate(players_raw):
        read_object(player, child("/players", index), "NIP-SCORE-01", required=("id", "seat"),
                    optional=("vp_in_play", "achievements"))
    ids = read_player_ids(players_raw, "/players", "NIP-SCORE-01")
    players = tuple(_player(p, child("/players", i), len(players_raw), data) for i, p in enumerate(players_raw))
    seats: set[int] = set()
    for index, player in enumerate(players):
        if player.seat in seats:
            raise ScoringInputError("duplicate_seat", "NIP-SCORE-01", child("/players", index, "seat"),
                                    msg("seat {seat} is taken by more than one player", seat=player.seat))
        seats.add(player.seat)
    check_multiplier_supply(players, data)
    last = read_player_ref(raw["last_turn_player"], "/last_turn_player", "NIP-SCORE-10", ids)
    scorings_raw = read_list(raw["scorings"], "/scorings", "NIP-SCORE-02", length=data.scorings)
    scorings = tuple(parse_scoring(s, child("/scorings", i), ids, data, log) for i, s in enumerate(scorings_raw))
    check_nothing_removed(scorings)
    check_tiles_only_outbid(scorings)
    check_board_achievements(players, scorings[-1], data)
    return NipponEndState(players, last, scorings)


def check_player_count(players_raw: list, data: NipponData) -> None:
    """Nippon is played by 2 to 4 (rules, Setup: "fewer than 4 players"; NIP-SCORE-01 seats them)."""
    if not data.min_players <= len(players_raw) <= data.max_players:
        raise ScoringInputError("wrong_player_count", "NIP-SCORE-01", "/players",
                                msg("Nippon takes {least} to {most} players, got {count}", least=data.min_players,
                                    most=data.max_players, count=len(players_raw)), field=msg("the players"))


def read_seats(players_raw: list, names: list[str]) -> list[int]:
    """Each player's seat in turn order, 1 to the number of players, each taken once (NIP-SCORE-01)."""
    seats: list[int] = []
    for index, player in enumerate(players_raw):
        path = child("/players", index, "seat")
        seat = read_int(player["seat"], path, "NIP-SCORE-01", minimum=1, maximum=len(players_raw))
        if seat in seats:
            raise ScoringInputError("duplicate_seat", "NIP-SCORE-01", path,
                                    msg("seat {seat} is taken by more than one player", seat=seat),
                                    field=msg("{player}'s seat", player=names[index]))
        seats.append(seat)
    return seats


def check_tiles_only_outbid(scorings: tuple[dict[str, RegionBoard], ...]) -> None:
    """A tile leaves its slot only when a higher tile replaces it (rules, Local Market, "Available Influence
    Slot"; NIP-SCORE-03/04): no tile vanishes, none is replaced by a lower or equal one, none moves slots."""
    for index in range(1, len(scorings)):
        before = {(t.city, t.slot): (region_id, t) for region_id, board in scorings[index - 1].items()
                  for t in board.tiles}
        after = {(t.city, t.slot): (region_id, n, t) for region_id, board in scorings[index].items()
                 for n, t in enumerate(board.tiles)}
        for (city, slot), (region_id, old) in before.items():
            where = msg("slot {slot} of city {city}", slot=slot, city=city)
            words = msg("the tile on {where} at scoring {number}", where=where, number=index + 1)
            if (city, slot) not in after:
                raise ScoringInputError(
                    "tile_vanished", "NIP-SCORE-04", child("/scorings", index, "regions", region_id, "tiles"),
                    msg("{player}'s {value} lay on {where} at scoring {number}; a tile leaves a slot only when a "
                        "higher one replaces it, so the slot cannot be empty now", player=old.player, value=old.value,
                        where=where, number=index), field=words)
            region_id, n, new = after[(city, slot)]
            if (new.player, new.value) != (old.player, old.value) and new.value <= old.value:
                raise ScoringInputError(
                    "tile_replaced_by_lower", "NIP-SCORE-04",
                    child("/scorings", index, "regions", region_id, "tiles", n, "value"),
                    msg("{player}'s {value} lay on {where} at scoring {number}; only a higher tile can replace it, "
                        "not {new_player}'s {new_value}", player=old.player, value=old.value, where=where,
                        number=index, new_player=new.player, new_value=new.value), field=words)


def _player(raw: dict, path: str, player_count: int, data: NipponData) -> NipponPlayer:
    seat = read_int(raw["seat"], child(path, "seat"), "NIP-SCORE-01", minimum=1, maximum=player_count)
    totals = read_vp_in_play(raw.get("vp_in_play", {}), path)
    step = data.vp_lost_per_unpaid_color
    if (step and totals["workforce_lost"] % step) or (not step and totals["workforce_lost"]):
        raise ScoringInputError("not_a_multiple", "NIP-SCORE-08", child(path, "vp_in_play", "workforce_lost"),
                                msg("workforce VP are lost {step} per unpaid worker colour; {lost} is not a "
                                    "multiple of {step}", step=step, lost=totals["workforce_lost"]))
    check_vp_in_play(totals, path, raw["id"], data)
    return NipponPlayer(raw["id"], seat, totals["contracts"], totals["region_bonus"], totals["workforce_lost"],
                        parse_achievements(raw.get("achievements", []), child(path, "achievements"), data))


def read_vp_in_play(raw: object, path: str) -> dict[str, int]:
    """A player's VP gained in play (NIP-SCORE-08): contracts, region bonus and workforce lost, each 0 by default."""
    keys = ("contracts", "region_bonus", "workforce_lost")
    in_play = read_object(raw, child(path, "vp_in_play"), "NIP-SCORE-08", optional=keys)
    return {key: read_int(in_play.get(key, 0), child(path, "vp_in_play", key), "NIP-SCORE-08") for key in keys}


def check_vp_in_play(totals: dict, path: str, name: str, data: NipponData) -> None:
    """Contract VP come from the VP contracts a player holds, one of each kind; region-bonus VP in steps of
    the region's bonus (NIP-SCORE-08; rules, Setup 2 and Local Market)."""
    contracts = totals["contracts"]
    reachable = {0}
    for vp in data.contract_vp:
        reachable |= {r + vp for r in reachable}
    if contracts not in reachable:
        made_of = ", ".join(map(str, data.contract_vp))
        limit = (msg("at most {vp}", vp=data.contract_vp_max) if contracts > data.contract_vp_max
                 else msg("a sum of some of them"))
        refuse_field(ScoringInputError("contract_vp_impossible", "NIP-SCORE-08", child(path, "vp_in_play", "contracts"),
                                       msg("a player's VP contracts pay {pays} (one of each kind), so contract VP "
                                           "are {limit}, not {vp}", pays=made_of, limit=limit, vp=contracts),
                                       field=msg("{player}'s contract VP", player=name)))
    step = math.gcd(*data.region_bonus_vp) if data.region_bonus_vp else 0
    bonus = totals["region_bonus"]
    if (step and bonus % step) or (not step and bonus):
        refuse_field(ScoringInputError("region_bonus_not_a_multiple", "NIP-SCORE-08",
                                       child(path, "vp_in_play", "region_bonus"),
                                       msg("a region bonus pays {step} VP per influence tile placed, so {vp} is not "
                                           "possible", step=step, vp=bonus),
                                       field=msg("{player}'s region-bonus VP", player=name)))


def parse_achievements(raw: object, path: str, data: NipponData) -> tuple[Achievement, ...]:
    """A player's achievement spaces: each once, units within the components, known multipliers (NIP-SCORE-09)."""
    allowed = {m for m, _ in data.multiplier_supply}
    seen: set[str] = set()
    result = []
    for index, entry in enumerate(read_list(raw, path, "NIP-SCORE-09")):
        here = child(path, index)
        read_object(entry, here, "NIP-SCORE-09", required=("space", "units"), optional=("multiplier",))
        space = read_id(entry["space"], child(here, "space"), "NIP-SCORE-09")
        if data.achievement_space(space) is None:
            known = ", ".join(a.id for a in data.achievement_spaces)
            raise ScoringInputError("unknown_achievement_space", "NIP-SCORE-09", child(here, "space"),
                                    msg("no achievement space {space}; the board has {known}", space=repr(space),
                                        known=known))
        if space in seen:
            raise ScoringInputError("duplicate_achievement_space", "NIP-SCORE-09", child(here, "space"),
                                    msg("achievement space {space} is listed twice; each space holds one tile",
                                        space=space))
        seen.add(space)
        multiplier = entry.get("multiplier")
        if multiplier is not None:
            read_int(multiplier, child(here, "multiplier"), "NIP-SCORE-09", minimum=1)
            if not isinstance(multiplier, int) or multiplier not in allowed:  # a list or object is not hashable
                raise ScoringInputError("unknown_multiplier", "NIP-SCORE-09", child(here, "multiplier"),
                                        msg("no tile has a {multiplier}× multiplier; tiles are {tiles}",
                                            multiplier=multiplier, tiles=", ".join(f"{m}×" for m in sorted(allowed))))
        units = read_int(entry["units"], child(here, "units"), "NIP-SCORE-09")
        limit = data.achievement_space(space).max_units
        if units > limit:
            condition = data.achievement_space(space).words
            refuse_field(ScoringInputError("achievement_units_beyond_components", "NIP-SCORE-09", child(here, "units"),
                                           msg("{space} counts {condition}: a player owns at most {most}, not "
                                               "{units}", space=space, condition=condition, most=limit, units=units),
                                           field=msg("achievement space {space}", space=space)))
            units = limit
        result.append(Achievement(space, units, multiplier))
    return tuple(result)


def check_multiplier_supply(players: tuple[NipponPlayer, ...], data: NipponData) -> None:
    """No more multiplier tiles of a kind on the player boards than the game has (NIP-SCORE-09)."""
    supply = dict(data.multiplier_supply)
    used: Counter = Counter()
    for p_index, player in enumerate(players):
        for a_index, achievement in enumerate(player.achievements):
            if achievement.multiplier is None:
                continue
            used[achievement.multiplier] += 1
            if used[achievement.multiplier] > supply[achievement.multiplier]:
                raise ScoringInputError(
                    "too_many_multiplier_tiles", "NIP-SCORE-09",
                    child("/players", p_index, "achievements", a_index, "multiplier"),
                    msg("the game has only {count} tiles with {multiplier}×", count=supply[achievement.multiplier],
                        multiplier=achievement.multiplier))


def parse_scoring(raw: object, path: str, ids: list[str], data: NipponData, log: PlaceholderLog) -> dict[str, RegionBoard]:
    """The board at one scoring: region id → its tiles, trains and ships, within each player's pieces."""
    read_object(raw, path, "NIP-SCORE-02", required=("regions",))
    regions_raw = read_mapping(raw["regions"], child(path, "regions"), "NIP-SCORE-05")
    boards: dict[str, RegionBoard] = {}
    tiles_left = {pid: Counter(data.tile_values) for pid in ids}
    totals = {kind: Counter() for kind in PIECES}
    for region_id, region_raw in regions_raw.items():
        here = child(path, "regions", region_id)
        region = data.region(region_id)
        if region is None:
            raise ScoringInputError("unknown_region", "NIP-SCORE-05", here,
                                    msg("no region {region}; the map has {regions}", region=repr(region_id),
                                        regions=", ".join(r.id for r in data.regions)))
        read_object(region_raw, here, "NIP-SCORE-03", optional=("tiles", "trains", "ships"))
        tiles = _tiles(region_raw.get("tiles", []), child(here, "tiles"), region, ids, tiles_left, data, log)
        trains, ships = (_pieces(region_raw.get(kind, {}), child(here, kind), ids, totals[kind], kind, data)
                         for kind in PIECES)
        if sum(trains.values()) + sum(ships.values()) > region.train_ship_slots:
            raise ScoringInputError("train_ship_slots_full", "NIP-SCORE-03", here,
                                    msg("region {region} has only {slots} train/ship slots", region=region_id,
                                        slots=region.train_ship_slots))
        boards[region_id] = RegionBoard(tiles, trains, ships)
    return boards


def _tiles(raw: object, path: str, region, ids: list[str], tiles_left: dict[str, Counter],
           data: NipponData, log: PlaceholderLog) -> tuple[PlacedTile, ...]:
    covered: set[tuple[str, int]] = set()
    result = []
    for index, entry in enumerate(read_list(raw, path, "NIP-SCORE-03")):
        here = child(path, index)
        read_object(entry, here, "NIP-SCORE-03", required=("player", "city", "slot", "value"))
        player = read_player_ref(entry["player"], child(here, "player"), "NIP-SCORE-03", ids)
        city = region.city(read_id(entry["city"], child(here, "city"), "NIP-SCORE-04"))
        if city is None:
            raise ScoringInputError("unknown_city", "NIP-SCORE-04", child(here, "city"),
                                    msg("region {region} has no city {city}; its cities are {cities}",
                                        region=region.id, city=repr(entry["city"]),
                                        cities=", ".join(c.id for c in region.cities)))
        slot = read_int(entry["slot"], child(here, "slot"), "NIP-SCORE-04")
        if slot >= len(city.slots):
            raise ScoringInputError("unknown_slot", "NIP-SCORE-04", child(here, "slot"),
                                    msg("city {city} has influence slots 0 to {last}, not {slot}", city=city.id,
                                        last=len(city.slots) - 1, slot=slot))
        if (city.id, slot) in covered:
            raise ScoringInputError("slot_taken", "NIP-SCORE-04", child(here, "slot"),
                                    msg("slot {slot} of city {city} already holds a tile; a slot holds one tile",
                                        slot=slot, city=city.id))
        covered.add((city.id, slot))
        value = read_int(entry["value"], child(here, "value"), "NIP-SCORE-03", minimum=None)
        log.use("influence_tiles", "values")
        if tiles_left[player][value] <= 0:
            owned = "+".join(str(v) for v in sorted(data.tile_values))
            said = msg("{player} has no more influence tiles of value {value} to place at this scoring (a "
                       "player's set is {set})", player=player, value=value, set=owned) \
                if value in data.tile_values else \
                msg("{player} has no influence tiles of value {value} to place at this scoring (a player's set is "
                    "{set})", player=player, value=value, set=owned)
            raise ScoringInputError("tile_not_in_set", "NIP-SCORE-03", child(here, "value"), said)
        tiles_left[player][value] -= 1
        result.append(PlacedTile(player, city.id, slot, value))
    return tuple(result)


def _pieces(raw: object, path: str, ids: list[str], totals: Counter, kind: str, data: NipponData) -> dict:
    rule, most = PIECES[kind].rule, getattr(data, f"{kind}_per_player")
    counts = {}
    for player, count in read_mapping(raw, path, rule).items():
        read_player_ref(player, child(path, player), rule, ids)
        counts[player] = read_int(count, child(path, player), rule)
        totals[player] += counts[player]
        if totals[player] > most:
            raise ScoringInputError(f"too_many_{kind}", rule, child(path, player),
                                    msg(PIECES[kind].too_many.id, player=player, most=most, count=totals[player]))
    return counts


def check_nothing_removed(scorings: tuple[dict[str, RegionBoard], ...]) -> None:
    """Trains and ships stay where they were built, so a later scoring cannot show fewer."""
    for index in range(1, len(scorings)):
        before, after = scorings[index - 1], scorings[index]
        for region_id, board in before.items():
            now = after.get(region_id, RegionBoard())
            for kind, pieces in PIECES.items():
                for player, count in getattr(board, kind).items():
                    if getattr(now, kind).get(player, 0) < count:
                        path = child("/scorings", index, "regions", region_id, kind, player)
                        raise ScoringInputError(
                            f"{kind[:-1]}_removed", pieces.rule, path,
                            msg(pieces.removed.id, player=player, count=count, region=region_id, number=index,
                                next=index + 1))
