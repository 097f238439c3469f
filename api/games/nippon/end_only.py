"""Nippon "end only" input: what lies on the table when the game is over.

The input, field by field: docs/scorers.md ("Nippon, end only").

The VP track already holds the starting VP, the three scorings and the VP gained
in play; the achievements (NIP-SCORE-09) are added to it.  The result's
``verification`` says what the scorer could check: each scoring entered is checked
and scored (what it gave each player), the last board confirms the achievements it
shows, all three boards recompute the scorings, and with ``vp_in_play`` too the whole track.
"""
from __future__ import annotations

from api.games.nippon.bounds import board_counts, check_vp_track
from api.games.nippon.data import NipponData
from api.games.nippon.live import Board
from api.games.nippon.inputs import (
    NipponEndState, NipponPlayer, check_multiplier_supply, check_nothing_removed, check_player_count,
    check_tiles_only_outbid, check_vp_in_play, parse_achievements, parse_scoring, read_seats, read_vp_in_play,
)
from api.games.nippon.scoring import CATEGORIES, result_document, score_achievements, score_scorings
from api.games.messages import and_list, msg
from api.games.scorekit import (PlaceholderLog, ScoreSheet, check_row, child, read_int, read_list, read_object,
                                read_player_names, read_player_ref)

MODE = "end_only"
TRACK_ONLY = {"vp_track": msg("VP track"), "achievements": CATEGORIES["achievements"], "floor": CATEGORIES["floor"]}
WITH_BOARDS = {**{k: v for k, v in CATEGORIES.items() if k not in ("contracts", "region_bonus", "workforce")},
               "in_play": msg("VP gained in play (from the track)")}


def score_end_only(raw: object, data: NipponData, log: PlaceholderLog) -> dict:
    """Check and score an end-only input (docs/scorers.md, "Nippon, end only")."""
    read_object(raw, "", "NIP-SCORE-01", required=("mode", "players", "last_turn_player"), optional=("scorings",))
    players_raw = read_list(raw["players"], "/players", "NIP-SCORE-01")
    check_player_count(players_raw, data)
    names = read_player_names(players_raw, "NIP-SCORE-01", ("name", "seat", "vp_track"), ("achievements", "vp_in_play"))
    seats = read_seats(players_raw, names)
    players, tracks, in_play = [], {}, {}
    for index, (player, name) in enumerate(zip(players_raw, names)):
        path = child("/players", index)
        tracks[name] = read_int(player["vp_track"], child(path, "vp_track"), "NIP-SCORE-01",
                                minimum=None if data.negative_vp_allowed else 0)
        check_vp_track(tracks[name], child(path, "vp_track"), name, data)
        if "vp_in_play" in player:
            totals = read_vp_in_play(player["vp_in_play"], path)
            check_vp_in_play(totals, path, name, data)
            in_play[name] = totals["contracts"] + totals["region_bonus"] - totals["workforce_lost"]
        players.append(NipponPlayer(name, seats[index], 0, 0, 0,
                                    parse_achievements(player.get("achievements", []), child(path, "achievements"),
                                                       data)))
    players = tuple(players)
    check_multiplier_supply(players, data)
    last = read_player_ref(raw["last_turn_player"], "/last_turn_player", "NIP-SCORE-10", names)
    remembered = _read_scorings(raw["scorings"], names, data, log) if "scorings" in raw else ()
    if remembered and None not in remembered:
        return _score_boards(NipponEndState(players, last, remembered), tracks, in_play, data, log)
    state = NipponEndState(players, last, ())
    sheets = {p.id: ScoreSheet(TRACK_ONLY) for p in players}
    for player in players:
        sheets[player.id].add("vp_track", tracks[player.id],
                              msg("VP track after the 3rd scoring: {vp}", vp=tracks[player.id]))
        score_achievements(player, sheets[player.id], data, log)
    if any(board is not None for board in remembered):
        scorings, checks = _score_remembered(state, remembered, data, log)
    else:  # nothing remembered: as without the scorings
        scorings, checks = [], [check_row(msg("the three scorings"), "not_verified",
                                          msg("the boards were not entered: the VP track is taken as it stands"))]
    return _result(state, data, log, sheets, scorings, TRACK_ONLY, checks)


def _score_boards(state: NipponEndState, tracks: dict, in_play: dict, data: NipponData, log: PlaceholderLog) -> dict:
    """All three boards entered: they recompute the scorings, so the track shows what was gained in play."""
    sheets = {p.id: ScoreSheet(WITH_BOARDS) for p in state.players}
    scorings = score_scorings(state, data, log, sheets)
    checks = [check_row(msg("the three scorings"), "verified",
                        msg("computed from the boards entered (tiles only outbid, pieces never removed)"))]
    for player in state.players:
        sheet, track = sheets[player.id], tracks[player.id]
        implied = track - sheet.total
        sheet.add("in_play", implied, msg("The VP track shows {track}; starting VP and the three scorings give "
                                          "{vp}, so {implied} were gained in play (contracts, region bonus, "
                                          "workforce)", track=track, vp=sheet.total, implied=implied))
        checks.append(_in_play_check(player.id, implied, in_play.get(player.id)))
        score_achievements(player, sheet, data, log)
    checks += _board_achievements(state.players, state.scorings[-1], data)
    return _result(state, data, log, sheets, scorings, WITH_BOARDS, checks)


def _result(state: NipponEndState, data: NipponData, log: PlaceholderLog, sheets: dict, scorings: list,
            labels: dict, checks: list[dict]) -> dict:
    """The result of an end-only input: achievements are always checked, then what the input let be checked."""
    result = result_document(state, data, log, sheets, scorings, labels)
    result["mode"] = MODE
    result["verification"] = [check_row(msg("achievements"), "verified", msg(
        "units within what a player owns, multiplier tiles within the supply, scored")), *checks]
    return result


def _read_scorings(raw: object, names: list[str], data: NipponData, log: PlaceholderLog) -> tuple:
    """The optional detail of the three scorings: the three boards as the detailed format has them, or per
    scoring null (not remembered) or what changed since the scoring entered before it (from the empty board
    for the first), replayed as the live mode replays them (NIP-SCORE-02..04)."""
    scorings_raw = read_list(raw, "/scorings", "NIP-SCORE-02", length=data.scorings)
    if any(isinstance(s, dict) and "regions" in s for s in scorings_raw):
        boards = tuple(parse_scoring(s, child("/scorings", i), names, data, log) for i, s in enumerate(scorings_raw))
        check_nothing_removed(boards)
        check_tiles_only_outbid(boards)
        return boards
    board, boards = Board(names, data), []
    for number, step in enumerate(scorings_raw):
        if step is not None:
            board.apply(step, child("/scorings", number), number + 1)
        boards.append(None if step is None else board.regions())
    return tuple(boards)


def _score_remembered(state: NipponEndState, remembered: tuple, data: NipponData,
                      log: PlaceholderLog) -> tuple[list[dict], list[dict]]:
    """Some scorings entered: the track is taken as it stands; each scoring entered is checked and scored
    for the record (the track holds it) and the last board confirms what achievements it can.
    Returns (the scorings entered, their verification)."""
    scratch = {p.id: ScoreSheet(CATEGORIES) for p in state.players}
    replay = NipponEndState(state.players, state.last_turn_player, tuple(b or {} for b in remembered))
    computed = score_scorings(replay, data, log, scratch)
    checks = []
    for number, board in enumerate(remembered, start=1):
        if board is None:
            checks.append(check_row(msg("scoring {number}", number=number), "not_verified",
                                    msg("not entered: taken as the VP track holds it")))
            continue
        gained = [(p.id, sum(line["points"] for line in scratch[p.id].lines if line.get("scoring") == number
                             and line["category"] in ("region_majority", "ships"))) for p in state.players]
        checks.append(check_row(msg("scoring {number}", number=number), "verified",
                                msg("the board entered is possible (tiles only outbid, pieces never removed, each "
                                    "player's tiles, trains and ships); it gave {gained}, which the VP track holds",
                                    gained=and_list(msg("{player} {vp} VP", player=name, vp=vp)
                                                    for name, vp in gained))))
    checks.append(check_row(msg("the VP track"), "not_verified",
                            msg("taken as it stands: checking it needs the boards of all three scorings")))
    if remembered[-1] is not None:
        checks += _board_achievements(state.players, remembered[-1], data)
    return [s for s, board in zip(computed, remembered) if board is not None], checks

def _board_achievements(players, board, data: NipponData) -> list[dict]:
    """Achievement units the 3rd scoring's board can confirm (NIP-SCORE-09)."""
    return [check_row(msg("{player}'s {space} ({condition})", player=player.id, space=space.id,
                          condition=space.words), "verified" if seen == achievement.units else "mismatch",
                      msg("{units} entered, the last board shows {seen}", units=achievement.units, seen=seen))
            for _, _, player, achievement, space, seen in board_counts(players, board, data)]


def _in_play_check(name: str, implied: int, entered: int | None) -> dict:
    check = msg("{player}'s VP track", player=name)
    if entered is None:
        return check_row(check, "not_verified", msg("{vp} VP from contracts, region bonus and workforce, not entered "
                                                 "to compare", vp=implied))
    if entered == implied:
        return check_row(check, "verified",
                      msg("starting VP, the three scorings and the VP gained in play add up to the track"))
    return check_row(check, "mismatch", msg("the track implies {implied} VP gained in play but {entered} were entered: "
                                         "check the track, the boards and the contracts", implied=implied,
                                         entered=entered))

