"""The players of the Nippon end-only and live inputs: named (a name is the player's id) and seated."""
from __future__ import annotations

from api.games.messages import msg
from api.games.scorekit import ScoringInputError, child, read_int, read_object, read_player_name


def read_names(players_raw: list, required: tuple[str, ...], optional: tuple[str, ...]) -> list[str]:
    """The players' names (their ids): non-empty, at most 40 characters, all different (NIP-SCORE-01)."""
    names: list[str] = []
    for index, player in enumerate(players_raw):
        read_object(player, child("/players", index), "NIP-SCORE-01", required=required, optional=optional)
        read_player_name(player, index, "NIP-SCORE-01", names)
    return names


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
