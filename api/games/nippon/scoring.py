"""Nippon end-game scoring (catalogue Part E.1, NIP-SCORE-01..10, with the proposed NIP-AMB readings).

`score(end_state, data)` takes the table's end-of-game input (shape in
`api.games.nippon.inputs`) and returns a JSON-ready result: every player's
categories, total and explanation lines, the region standings of each scoring,
the ranking with the last-turn tie rule applied, and the placeholder data used.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Mapping

from api.games.nippon.data import NipponData, Region, load_nippon_data
from api.games.nippon.inputs import NipponEndState, NipponPlayer, RegionBoard, parse_nippon_input
from api.games.scorekit import PlaceholderLog, ScoreSheet, and_list, ordinal

OVERSEAS = "the Overseas Companies"
CATEGORIES = {
    "starting_vp": "starting VP",
    "region_majority": "region majorities",
    "ships": "ships",
    "contracts": "contract VP",
    "region_bonus": "region bonus VP",
    "workforce": "workforce",
    "achievements": "achievements",
    "floor": "raised to 0",
}


@dataclass(frozen=True)
class Contender:
    """A player or the Overseas Companies (`player` None) competing in one region at one scoring."""

    player: str | None
    influence: int
    tiles: tuple[int, ...] = ()
    trains: int = 0
    train_influence: int = 0

    @property
    def name(self) -> str:
        """How explanations name this contender."""
        return self.player if self.player is not None else OVERSEAS


def score(end_state: dict, data: NipponData | str | os.PathLike | Mapping | None = None) -> dict:
    """Score a finished game of Nippon entered in the detailed format.

    `end_state` is the plain JSON-like input described in `api.games.nippon.inputs`;
    `data` is a loaded `NipponData`, or a path / dict / None handed to `load_nippon_data`.
    Raises `ScoringInputError` for impossible input and `EditionError` for a bad data file.
    """
    data = data if isinstance(data, NipponData) else load_nippon_data(data)
    log = PlaceholderLog(data.values)
    state = parse_nippon_input(end_state, data, log)
    sheets = {player.id: ScoreSheet(CATEGORIES) for player in state.players}
    scorings = score_scorings(state, data, log, sheets)
    for player in state.players:
        score_in_play(player, sheets[player.id], data)
        score_achievements(player, sheets[player.id], data, log)
    result = result_document(state, data, log, sheets, scorings)
    result["verification"] = [{"check": "the board at each scoring", "status": "verified",
                               "detail": "entered in full; every region majority and ship computed from it"}]
    return result


def score_scorings(state: NipponEndState, data: NipponData, log: PlaceholderLog,
                   sheets: dict[str, ScoreSheet]) -> list[dict]:
    """Starting VP (NIP-SCORE-01) and every region at each scoring in `state` (NIP-SCORE-02..07)."""
    for player in state.players:
        _score_starting_vp(player, sheets[player.id], data, log)
    scorings = []
    for number, boards in enumerate(state.scorings, start=1):
        regions = [_score_region(number, region, boards.get(region.id, RegionBoard()), state, data, log, sheets)
                   for region in data.regions]
        scorings.append({"scoring": number, "regions": regions})
    return scorings


def result_document(state: NipponEndState, data: NipponData, log: PlaceholderLog, sheets: dict[str, ScoreSheet],
                    scorings: list[dict], labels: Mapping[str, str] = CATEGORIES, final: bool = True) -> dict:
    """The JSON-ready result: players with categories and lines, the scorings, the ranking and the winner."""
    ranking = _rank(state, sheets, final)
    placeholders = log.paths()
    return {
        "game": "nippon",
        "edition": data.edition_id,
        "players": [
            {"id": p.id, "seat": p.seat, "categories": dict(sheets[p.id].categories), "total": sheets[p.id].total,
             "total_explanation": sheets[p.id].total_explanation(labels), "lines": sheets[p.id].lines,
             "rank": next(r["rank"] for r in ranking if r["player"] == p.id)}
            for p in state.players
        ],
        "scorings": scorings,
        "ranking": ranking,
        "winners": [ranking[0]["player"]],
        "winner_explanation": _winner_text(ranking) if final else _leader_text(ranking, len(scorings)),
        "placeholders_used": placeholders,
        "provisional": bool(placeholders),
    }


# --------------------------------------------------------------------------- one region at one scoring

def _contenders(region: Region, board: RegionBoard, state: NipponEndState, data: NipponData,
                log: PlaceholderLog) -> tuple[list[Contender], list[Contender]]:
    """(placed contenders, unplaced players with pieces here) for one region: NIP-SCORE-03/04, NIP-AMB-02."""
    placed, unplaced = [], []
    for player in state.players:
        tiles = tuple(t.value for t in board.tiles if t.player == player.id)
        trains = board.trains.get(player.id, 0)
        trains_count = bool(tiles) or not data.trains_need_influence_tile
        train_influence = trains * data.train_influence if trains_count else 0
        contender = Contender(player.id, sum(tiles) + train_influence, tiles, trains, train_influence)
        if contender.influence > 0 or data.zero_influence_player_places:
            placed.append(contender)
        elif tiles or trains or board.ships.get(player.id, 0):
            unplaced.append(contender)
    if data.overseas_companies_compete:
        covered = {(t.city, t.slot) for t in board.tiles}
        overseas = 0
        for city in region.cities:
            log.use("regions", region.id, "cities", city.id, "overseas_influence_slots")
            overseas += sum(v for slot, v in enumerate(city.slots) if (city.id, slot) not in covered)
        if overseas > 0:
            placed.append(Contender(None, overseas))
    placed.sort(key=lambda c: -c.influence)  # stable: players in input order, the Overseas Companies last
    return placed, unplaced


def _score_region(number: int, region: Region, board: RegionBoard, state: NipponEndState, data: NipponData,
                  log: PlaceholderLog, sheets: dict[str, ScoreSheet]) -> dict:
    """Rank one region, pay places 1-3 with ties pooled (NIP-SCORE-05/06) and score ships (NIP-SCORE-07)."""
    where = f"Scoring {number}, region {region.id}"
    placed, unplaced = _contenders(region, board, state, data, log)
    standings = []
    place = 1
    while place <= len(placed):
        group = [c for c in placed if c.influence == placed[place - 1].influence]
        pooled = []
        for q in range(place, place + len(group)):
            pooled.append(data.place_vp(number, q))
            if q <= data.places_scored:
                log.use("region_majority", "vp_by_scoring", str(number), str(q - 1))
            else:
                log.use("region_majority", "places_beyond_table_vp")
        share = sum(pooled) // len(group)
        for contender in group:
            award = _award_text(contender, place, group, pooled, share, data.places_scored)
            entry = {"player": contender.player, "overseas_companies": contender.player is None,
                     "influence": contender.influence, "place": place, "tied": len(group) > 1}
            if contender.player is None:
                entry["vp_to_nobody"] = share
            else:
                sheets[contender.player].add(
                    "region_majority", share, f"{where}: influence {_influence_text(contender)}; {award}",
                    scoring=number, region=region.id)
                entry.update(tiles=list(contender.tiles), train_influence=contender.train_influence, vp=share,
                             ship_vp=_score_ships(number, region.id, contender, place, board, data, log, sheets))
            standings.append(entry)
        place += len(group)
    for contender in unplaced:
        reason = "trains count only with an influence tile there" if contender.trains and not contender.tiles else ""
        sheets[contender.player].add(
            "region_majority", 0,
            f"{where}: influence 0{' (' + reason + ')' if reason else ''}; not placed → 0",
            scoring=number, region=region.id)
        standings.append({"player": contender.player, "overseas_companies": False, "influence": 0, "place": None,
                          "tied": False, "tiles": list(contender.tiles), "train_influence": 0, "vp": 0,
                          "ship_vp": _score_ships(number, region.id, contender, None, board, data, log, sheets)})
    overseas = next((c.influence for c in placed if c.player is None), 0)
    return {"region": region.id, "overseas_influence": overseas, "standings": standings}


def _score_ships(number: int, region_id: str, contender: Contender, place: int | None, board: RegionBoard,
                 data: NipponData, log: PlaceholderLog, sheets: dict[str, ScoreSheet]) -> int:
    """Ships of the contender in this region score only for the places in `ships.scored_by_places` (NIP-SCORE-07)."""
    ships = board.ships.get(contender.player, 0)
    if not ships:
        return 0
    log.use("ships", "scored_by_places")
    where = f"Scoring {number}, region {region_id}"
    noun = "1 ship" if ships == 1 else f"{ships} ships"
    if place is not None and place in data.ship_scoring_places:
        log.use("ships", "face_up_vp")
        points = ships * data.ship_vp
        text = f"{where}: {noun} × {data.ship_vp} VP, placed {ordinal(place)} → {points}"
    else:
        points = 0
        status = f"placed {ordinal(place)}" if place is not None else "not placed"
        scoring_places = and_list([ordinal(p) for p in data.ship_scoring_places])
        text = f"{where}: {noun} score{'s' if ships == 1 else ''} nothing ({status}; only {scoring_places} " \
               f"score their ships) → 0"
    sheets[contender.player].add("ships", points, text, scoring=number, region=region_id)
    return points


def _influence_text(contender: Contender) -> str:
    parts = []
    if contender.tiles:
        parts.append("tiles " + "+".join(str(v) for v in contender.tiles))
    if contender.train_influence:
        parts.append(f"{contender.trains} train{'s' if contender.trains > 1 else ''} +{contender.train_influence}")
    detail = ", ".join(parts)
    return f"{contender.influence} ({detail})" if detail else str(contender.influence)


def _award_text(contender: Contender, place: int, group: list[Contender], pooled: list[int], share: int,
                places_scored: int) -> str:
    if place > places_scored:
        beyond = f" (only {places_scored} places score)"
    elif place + len(group) - 1 > places_scored:
        beyond = f"; places beyond {ordinal(places_scored)} are worth {pooled[-1]}"
    else:
        beyond = ""
    if len(group) == 1:
        return f"{ordinal(place)} → {share}{beyond}"
    others = and_list([c.name for c in group if c is not contender])
    rounding = " (rounded down)" if sum(pooled) % len(group) else ""
    text = f"tied {ordinal(place)} with {others} → ({'+'.join(map(str, pooled))})/{len(group)} = {share}{rounding}"
    if contender.player is not None and any(c.player is None for c in group):
        text += f"; {OVERSEAS}' share goes to nobody"
    return text + beyond


# --------------------------------------------------------------------------- the player board and the winner

def _score_starting_vp(player: NipponPlayer, sheet: ScoreSheet, data: NipponData, log: PlaceholderLog) -> None:
    """Starting VP depend on the seat in turn order (NIP-SCORE-01)."""
    log.use("victory_points", "start_by_seat", str(player.seat - 1))
    sheet.add("starting_vp", data.start_vp_by_seat[player.seat - 1],
              f"Seat {player.seat} starts on {data.start_vp_by_seat[player.seat - 1]} VP")


def score_in_play(player: NipponPlayer, sheet: ScoreSheet, data: NipponData) -> None:
    """VP gained in play: contracts, the region bonus, the workforce losses (NIP-SCORE-08)."""
    if player.contracts_vp:
        sheet.add("contracts", player.contracts_vp, f"Contracts paid in VP during play: {player.contracts_vp}")
    if player.region_bonus_vp:
        sheet.add("region_bonus", player.region_bonus_vp,
                  f"Local Market region bonuses paid in VP during play: {player.region_bonus_vp}")
    if player.workforce_vp_lost:
        colours = player.workforce_vp_lost // data.vp_lost_per_unpaid_color
        sheet.add("workforce", -player.workforce_vp_lost,
                  f"Workforce: {colours} unpaid worker colour{'s' if colours > 1 else ''} × "
                  f"−{data.vp_lost_per_unpaid_color} = −{player.workforce_vp_lost}")


def score_achievements(player: NipponPlayer, sheet: ScoreSheet, data: NipponData, log: PlaceholderLog) -> None:
    """Achievements (NIP-SCORE-09), then the 0 floor when the edition has no negative VP (NIP-AMB-05)."""
    for achievement in player.achievements:
        space = data.achievement_space(achievement.space)
        log.use("achievements", "spaces", space.id)
        condition = space.condition.replace("_", " ")
        if achievement.multiplier is None:
            log.use("achievements", "empty_space_scores")
            points = achievement.units * space.vp_per_unit * data.empty_space_multiplier
            text = (f"Achievement {space.id} ({condition}): empty space, no multiplier tile → "
                    f"{achievement.units} × {space.vp_per_unit} VP × {data.empty_space_multiplier} = {points}")
        else:
            points = achievement.units * space.vp_per_unit * achievement.multiplier
            text = (f"Achievement {space.id} ({condition}): {achievement.units} × {space.vp_per_unit} VP × "
                    f"{achievement.multiplier} (multiplier tile) = {points}")
        sheet.add("achievements", points, text, space=space.id)
    log.use("end_of_game", "negative_vp_allowed")
    if sheet.total < 0 and not data.negative_vp_allowed:
        sheet.add("floor", -sheet.total, f"VP cannot go below 0 in this edition: {sheet.total} raised to 0")


def _rank(state: NipponEndState, sheets: dict[str, ScoreSheet], final: bool = True) -> list[dict]:
    """Most VP first; ties go to the last-turn player, then the closest counterclockwise (NIP-SCORE-10).
    Before the end (`final` false) nobody has taken the last turn yet: tied players share a rank."""
    if not final:
        order = sorted(state.players, key=lambda p: (-sheets[p.id].total, p.seat))
        return [{"player": p.id, "total": sheets[p.id].total,
                 "rank": 1 + sum(1 for q in state.players if sheets[q.id].total > sheets[p.id].total),
                 "tie_break": None} for p in order]
    seats = len(state.players)
    last_seat = next(p.seat for p in state.players if p.id == state.last_turn_player)
    distance = {p.id: (last_seat - p.seat) % seats for p in state.players}
    order = sorted(state.players, key=lambda p: (-sheets[p.id].total, distance[p.id]))
    ranking = []
    for rank, player in enumerate(order, start=1):
        total = sheets[player.id].total
        tied = [p.id for p in order if p.id != player.id and sheets[p.id].total == total]
        tie_break = None
        if tied:
            if distance[player.id] == 0:
                how = "took the last turn"
            else:
                steps = distance[player.id]
                how = (f"sits {steps} seat{'s' if steps > 1 else ''} counterclockwise from "
                       f"{state.last_turn_player}, who took the last turn")
            tie_break = f"tied on {total} VP with {and_list(tied)}; {player.id} {how}"
        ranking.append({"player": player.id, "total": total, "rank": rank, "tie_break": tie_break})
    return ranking


def _winner_text(ranking: list[dict]) -> str:
    first = ranking[0]
    text = f"{first['player']} wins with {first['total']} VP"
    return f"{text} ({first['tie_break']})" if first["tie_break"] else text


def _leader_text(ranking: list[dict], scorings: int) -> str:
    leaders = [r["player"] for r in ranking if r["rank"] == 1]
    after = f"After scoring {scorings}" if scorings else "Before the first scoring"
    verb = "leads" if len(leaders) == 1 else "lead"
    return f"{after}, {and_list(leaders)} {verb} with {ranking[0]['total']} VP"
