"""Nippon "end only" input: what lies on the table when the game is over.

Input shape (plain JSON; a player's name is their id in the result)::

    {
      "mode": "end_only",
      "players": [
        {"name": "Ann", "seat": 1, "vp_track": 74,                 # the disc after the 3rd scoring
         "achievements": [{"space": "ACH1", "units": 4, "multiplier": 3}],
         "vp_in_play": {"contracts": 9, "region_bonus": 4, "workforce_lost": 2}}   # optional
      ],
      "last_turn_player": "Ann",
      "scorings": [ ... ]          # optional: the three boards, as in the detailed format, by player name
    }

The VP track already holds the starting VP, the three scorings and the VP gained
in play; the achievements (NIP-SCORE-09) are added to it.  The result's
``verification`` says what the scorer could check: with the boards it recomputes
the scorings, with the boards and ``vp_in_play`` it recomputes the whole track.
"""
from __future__ import annotations

from api.games.nippon.data import NipponData
from api.games.nippon.inputs import (
    NipponEndState, NipponPlayer, check_multiplier_supply, check_nothing_removed, check_player_count,
    check_tiles_only_outbid, check_vp_in_play, parse_achievements, parse_scoring,
)
from api.games.nippon.scoring import CATEGORIES, result_document, score_achievements, score_scorings
from api.games.scorekit import (
    PlaceholderLog, ScoreSheet, ScoringInputError, child, read_int, read_list, read_object, read_player_ref,
)

MODE = "end_only"
MAX_NAME = 40
TRACK_ONLY = {"vp_track": "VP track", "achievements": "achievements", "floor": "raised to 0"}
WITH_BOARDS = {**{k: v for k, v in CATEGORIES.items() if k not in ("contracts", "region_bonus", "workforce")},
               "in_play": "VP gained in play (from the track)"}


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


def score_end_only(raw: object, data: NipponData, log: PlaceholderLog) -> dict:
    """Check and score an end-only input (shape above)."""
    read_object(raw, "", "NIP-SCORE-01", required=("mode", "players", "last_turn_player"), optional=("scorings",))
    players_raw = read_list(raw["players"], "/players", "NIP-SCORE-01")
    check_player_count(players_raw, data)
    names = read_names(players_raw, ("name", "seat", "vp_track"), ("achievements", "vp_in_play"))
    seats = read_seats(players_raw, names)
    players, tracks, in_play = [], {}, {}
    for index, (player, name) in enumerate(zip(players_raw, names)):
        path = child("/players", index)
        tracks[name] = read_int(player["vp_track"], child(path, "vp_track"), "NIP-SCORE-01",
                                minimum=None if data.negative_vp_allowed else 0)
        if "vp_in_play" in player:
            gained = read_object(player["vp_in_play"], child(path, "vp_in_play"), "NIP-SCORE-08",
                                 optional=("contracts", "region_bonus", "workforce_lost"))
            totals = {k: read_int(gained.get(k, 0), child(path, "vp_in_play", k), "NIP-SCORE-08")
                      for k in ("contracts", "region_bonus", "workforce_lost")}
            check_vp_in_play(totals, path, name, data)
            in_play[name] = totals["contracts"] + totals["region_bonus"] - totals["workforce_lost"]
        players.append(NipponPlayer(name, seats[index], 0, 0, 0,
                                    parse_achievements(player.get("achievements", []), child(path, "achievements"),
                                                       data)))
    players = tuple(players)
    check_multiplier_supply(players_raw, players, data)
    last = read_player_ref(raw["last_turn_player"], "/last_turn_player", "NIP-SCORE-10", names)
    boards = ()
    if "scorings" in raw:
        scorings_raw = read_list(raw["scorings"], "/scorings", "NIP-SCORE-02", length=data.scorings)
        boards = tuple(parse_scoring(s, child("/scorings", i), names, data, log) for i, s in enumerate(scorings_raw))
        check_nothing_removed(boards)
        check_tiles_only_outbid(boards)
    state = NipponEndState(players, last, boards)

    sheets = {p.id: ScoreSheet(WITH_BOARDS if boards else TRACK_ONLY) for p in players}
    scorings = score_scorings(state, data, log, sheets) if boards else []
    verification = []
    for player in players:
        sheet, track = sheets[player.id], tracks[player.id]
        if boards:
            implied = track - sheet.total
            sheet.add("in_play", implied, f"The VP track shows {track}; starting VP and the three scorings give "
                                          f"{sheet.total}, so {implied} were gained in play (contracts, region bonus, "
                                          "workforce)")
            verification.append(_in_play_check(player.id, implied, in_play.get(player.id)))
        else:
            sheet.add("vp_track", track, f"VP track after the 3rd scoring: {track}")
        score_achievements(player, sheet, data, log)
    if boards:
        verification += _board_achievements(players, boards[-1], data)
    labels = WITH_BOARDS if boards else TRACK_ONLY
    result = result_document(state, data, log, sheets, scorings, labels)
    result["mode"] = MODE
    result["verification"] = _verification(boards, verification)
    return result


# Achievement conditions the last board shows (the game ends at the 3rd scoring, NIP-SCORE-02).
BOARD_CONDITIONS = {
    "trains_and_ships_on_board": lambda name, board: sum(b.trains.get(name, 0) + b.ships.get(name, 0)
                                                         for b in board.values()),
    "regions_with_own_influence_tile": lambda name, board: sum(1 for b in board.values()
                                                               if any(t.player == name for t in b.tiles)),
}


def _board_achievements(players, board, data: NipponData) -> list[dict]:
    """Achievement units the 3rd scoring's board can confirm (NIP-SCORE-09)."""
    checks = []
    for player in players:
        for achievement in player.achievements:
            space = data.achievement_space(achievement.space)
            count = BOARD_CONDITIONS.get(space.condition)
            if count is None:
                continue
            seen = count(player.id, board)
            condition = space.condition.replace("_", " ")
            status = "verified" if seen == achievement.units else "mismatch"
            checks.append({"check": f"{player.id}'s {space.id} ({condition})", "status": status,
                           "detail": f"{achievement.units} entered, the last board shows {seen}"})
    return checks


def _in_play_check(name: str, implied: int, entered: int | None) -> dict:
    check = f"{name}'s VP track"
    if entered is None:
        return {"check": check, "status": "not_verified",
                "detail": f"{implied} VP from contracts, region bonus and workforce, not entered to compare"}
    if entered == implied:
        return {"check": check, "status": "verified",
                "detail": "starting VP, the three scorings and the VP gained in play add up to the track"}
    return {"check": check, "status": "mismatch",
            "detail": f"the track implies {implied} VP gained in play but {entered} were entered: "
                      "check the track, the boards and the contracts"}


def _verification(boards: tuple, per_player: list[dict]) -> list[dict]:
    checks = [{"check": "achievements", "status": "verified",
               "detail": "units within what a player owns, multiplier tiles within the supply, scored"}]
    if not boards:
        checks.append({"check": "the three scorings", "status": "not_verified",
                       "detail": "the boards were not entered: the VP track is taken as it stands"})
        return checks
    checks.append({"check": "the three scorings", "status": "verified",
                   "detail": "computed from the boards entered (tiles only outbid, pieces never removed)"})
    return checks + per_player
