"""What the rules make possible in Nippon, for refusing values no game can reach.

* The VP track: the rulebook prints no end to it, so the bound is the most a player
  can score: the highest starting VP (rules, Setup 3), first place in every region at
  each scoring (NIP-SCORE-05), every ship scoring at each scoring (NIP-SCORE-07), every
  VP contract (NIP-SCORE-08) and a region bonus for every tile placement the map allows
  (a slot is only ever covered by a higher tile, rules, Local Market), so at most one
  placement per tile value per slot).
* Achievements the board shows (NIP-SCORE-09): trains and ships on the board and regions
  with an own influence tile are counted on the last scoring's board, which is the board
  at the game's end (the game ends at the 3rd scoring, NIP-SCORE-02).
"""
from __future__ import annotations

from typing import Callable, Mapping

from api.games.nippon.data import NipponData
from api.games.field_problems import refuse_field
from api.games.messages import msg
from api.games.scorekit import ScoringInputError


def vp_track_max(data: NipponData) -> int:
    """The most VP a player's disc can show after the last scoring (see the module docstring)."""
    majorities = sum(row[0] for row in data.vp_by_scoring) * len(data.regions)
    ships = data.ships_per_player * data.ship_vp * data.scorings
    slots = sum(len(city.slots) for region in data.regions for city in region.cities)
    bonus = max(data.region_bonus_vp, default=0) * slots * len(set(data.tile_values))
    return max(data.start_vp_by_seat) + majorities + ships + data.contract_vp_max + bonus


def check_vp_track(value: int, path: str, name: str, data: NipponData) -> None:
    """Refuse a VP track position above what the rules make possible (NIP-SCORE-01; noted, see field_problems)."""
    most = vp_track_max(data)
    if value > most:
        refuse_field(ScoringInputError("vp_track_beyond_possible", "NIP-SCORE-01", path,
                                msg("{vp} VP is more than a game can give: at most {most} (starting VP, first "
                                    "place in every region at every scoring, every ship, every contract and a region "
                                    "bonus for every tile the map can take)", vp=value, most=most),
                                field=msg("{player}'s VP track", player=name)))


# Achievement conditions a board shows: condition → count for a player on a board (region id → RegionBoard).
BOARD_CONDITIONS: dict[str, Callable[[str, Mapping], int]] = {
    "trains_and_ships_on_board": lambda name, board: sum(b.trains.get(name, 0) + b.ships.get(name, 0)
                                                         for b in board.values()),
    "regions_with_own_influence_tile": lambda name, board: sum(1 for b in board.values()
                                                               if any(t.player == name for t in b.tiles)),
}


def board_counts(players: tuple, board: Mapping, data: NipponData):
    """For each achievement the board shows: (player index, achievement index, player, achievement, space, the
    count on `board`)."""
    for p_index, player in enumerate(players):
        for a_index, achievement in enumerate(player.achievements):
            space = data.achievement_space(achievement.space)
            count = BOARD_CONDITIONS.get(space.condition)
            if count is not None:
                yield p_index, a_index, player, achievement, space, count(player.id, board)


def check_board_achievements(players: tuple, board: Mapping, data: NipponData) -> None:
    """With the whole game entered, an achievement the last board shows must match it (NIP-SCORE-09)."""
    for p_index, a_index, player, achievement, space, seen in board_counts(players, board, data):
        if seen != achievement.units:
            refuse_field(ScoringInputError(
                "achievement_not_on_board", "NIP-SCORE-09", f"/players/{p_index}/achievements/{a_index}/units",
                msg("{space} counts {condition}: the board entered shows {seen} for {player}, not {units}",
                    space=space.id, condition=space.words, seen=seen, player=player.id, units=achievement.units),
                field=msg("{player}'s {space}", player=player.id, space=space.id)))
