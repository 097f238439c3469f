"""The players of the Nippon end-only and live inputs: seated (a name is the player's id, `read_player_names`)."""
from __future__ import annotations

from api.games.messages import msg
from api.games.scorekit import ScoringInputError, child, read_int


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
