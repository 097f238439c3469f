"""The players of the Nippon end-only and live inputs: named (a name is the player's id) and seated."""
from __future__ import annotations

from api.games.scorekit import ScoringInputError, child, read_int, read_object

MAX_NAME = 40


def read_names(players_raw: list, required: tuple[str, ...], optional: tuple[str, ...]) -> list[str]:
    """The players' names (their ids): non-empty, at most 40 characters, all different (NIP-SCORE-01)."""
    names: list[str] = []
    for index, player in enumerate(players_raw):
        read_object(player, child("/players", index), "NIP-SCORE-01", required=required, optional=optional)
        name, path = player["name"], child("/players", index, "name")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise ScoringInputError("not_a_name", "NIP-SCORE-01", path,
                                    f"a player needs a name of 1 to {MAX_NAME} characters",
                                    field=f"player {index + 1}'s name")
        if name in names:
            raise ScoringInputError("duplicate_player_name", "NIP-SCORE-01", path,
                                    f"two players are called {name!r}; give each a different name",
                                    field=f"player {index + 1}'s name")
        names.append(name)
    return names


def read_seats(players_raw: list, names: list[str]) -> list[int]:
    """Each player's seat in turn order, 1 to the number of players, each taken once (NIP-SCORE-01)."""
    seats: list[int] = []
    for index, player in enumerate(players_raw):
        path = child("/players", index, "seat")
        seat = read_int(player["seat"], path, "NIP-SCORE-01", minimum=1, maximum=len(players_raw))
        if seat in seats:
            raise ScoringInputError("duplicate_seat", "NIP-SCORE-01", path,
                                    f"seat {seat} is taken by more than one player", field=f"{names[index]}'s seat")
        seats.append(seat)
    return seats
