"""Nippon end-game scoring (catalogue Part E.1, NIP-SCORE-01..10, with the proposed NIP-AMB readings).

`score_detailed(end_state, data)` takes the table's end-of-game input (read by
`api.games.nippon.inputs`) and returns a JSON-ready result: every player's
categories, total and explanation lines, the region standings of each scoring,
the ranking with the last-turn tie rule applied, and the placeholder data used.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from api.games.nippon.data import NipponData, Region
from api.games.nippon.inputs import NipponEndState, NipponPlayer, RegionBoard, parse_nippon_input
from api.games.messages import and_list, msg, msg_n, ordinal, said
from api.games.scorekit import PlaceholderLog, ScoreSheet, check_row, sheet_row

OVERSEAS = msg("the Overseas Companies")
CATEGORIES = {
    "starting_vp": msg("starting VP"),
    "region_majority": msg("region majorities"),
    "ships": msg("ships"),
    "contracts": msg("contract VP"),
    "region_bonus": msg("region bonus VP"),
    "workforce": msg("workforce"),
    "achievements": msg("achievements"),
    "floor": msg("raised to 0"),
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
    def name(self):
        """How explanations name this contender."""
        return self.player if self.player is not None else OVERSEAS


def score_detailed(end_state: dict, data: NipponData) -> dict:
    """Score a finished game entered in the detailed format (`api.games.nippon.inputs`); `ScoringInputError` if
    impossible."""
    log = PlaceholderLog(data.values)
    state = parse_nippon_input(end_state, data, log)
    sheets = {player.id: ScoreSheet(CATEGORIES) for player in state.players}
    scorings = score_scorings(state, data, log, sheets)
    for player in state.players:
        score_in_play(player, sheets[player.id], data)
        score_achievements(player, sheets[player.id], data, log)
    result = result_document(state, data, log, sheets, scorings)
    result["verification"] = [check_row(msg("the board at each scoring"), "verified",
                                        msg("entered in full; every region majority and ship computed from it"))]
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
            {"id": p.id, "seat": p.seat, **sheet_row(sheets[p.id], labels, ranking, p.id)} for p in state.players
        ],
        "scorings": scorings,
        "ranking": ranking,
        "winners": [ranking[0]["player"]],
        **said("winner_explanation", _winner_text(ranking) if final else _leader_text(ranking, len(scorings))),
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
    where = msg("Scoring {number}, region {region}", number=number, region=region.id)
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
                    "region_majority", share, msg("{where}: influence {influence}; {award}", where=where,
                                                  influence=_influence_text(contender), award=award),
                    scoring=number, region=region.id)
                entry.update(tiles=list(contender.tiles), train_influence=contender.train_influence, vp=share,
                             ship_vp=_score_ships(number, region.id, contender, place, board, data, log, sheets))
            standings.append(entry)
        place += len(group)
    for contender in unplaced:
        only_trains = contender.trains and not contender.tiles
        sheets[contender.player].add(
            "region_majority", 0,
            msg("{where}: influence 0 (trains count only with an influence tile there); not placed → 0", where=where)
            if only_trains else msg("{where}: influence 0; not placed → 0", where=where),
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
    where = msg("Scoring {number}, region {region}", number=number, region=region_id)
    if place is not None and place in data.ship_scoring_places:
        log.use("ships", "face_up_vp")
        points = ships * data.ship_vp
        text = msg_n("{where}: {ships} ship × {vp} VP, placed {place} → {points}",
                     "{where}: {ships} ships × {vp} VP, placed {place} → {points}", "ships", where=where,
                     ships=ships, vp=data.ship_vp, place=ordinal(place), points=points)
    else:
        points = 0
        status = msg("placed {place}", place=ordinal(place)) if place is not None else msg("not placed")
        text = msg_n("{where}: {ships} ship scores nothing ({status}; only {places} score their ships) → 0",
                     "{where}: {ships} ships score nothing ({status}; only {places} score their ships) → 0",
                     "ships", where=where, ships=ships, status=status,
                     places=and_list([ordinal(p) for p in data.ship_scoring_places]))
    sheets[contender.player].add("ships", points, text, scoring=number, region=region_id)
    return points


def _influence_text(contender: Contender):
    tiles = "+".join(str(v) for v in contender.tiles)
    trains = msg_n("{trains} train +{influence}", "{trains} trains +{influence}", "trains",
                   trains=contender.trains, influence=contender.train_influence)
    if tiles and contender.train_influence:
        return msg("{total} (tiles {tiles}, {trains})", total=contender.influence, tiles=tiles, trains=trains)
    if tiles:
        return msg("{total} (tiles {tiles})", total=contender.influence, tiles=tiles)
    return msg("{total} ({trains})", total=contender.influence, trains=trains) if contender.train_influence \
        else contender.influence


def _award_text(contender: Contender, place: int, group: list[Contender], pooled: list[int], share: int,
                places_scored: int):
    if place > places_scored:
        beyond = msg(" (only {count} places score)", count=places_scored)
    elif place + len(group) - 1 > places_scored:
        beyond = msg("; places beyond {place} are worth {vp}", place=ordinal(places_scored), vp=pooled[-1])
    else:
        beyond = ""
    if len(group) == 1:
        return msg("{place} → {vp}{beyond}", place=ordinal(place), vp=share, beyond=beyond)
    sums = dict(place=ordinal(place), others=and_list([c.name for c in group if c is not contender]),
                pooled="+".join(map(str, pooled)), count=len(group), vp=share, beyond=beyond)
    rounded = sum(pooled) % len(group)
    if contender.player is not None and any(c.player is None for c in group):
        return msg("tied {place} with {others} → ({pooled})/{count} = {vp} (rounded down); the Overseas Companies' "
                   "share goes to nobody{beyond}", **sums) if rounded else \
            msg("tied {place} with {others} → ({pooled})/{count} = {vp}; the Overseas Companies' share goes to "
                "nobody{beyond}", **sums)
    return msg("tied {place} with {others} → ({pooled})/{count} = {vp} (rounded down){beyond}", **sums) if rounded \
        else msg("tied {place} with {others} → ({pooled})/{count} = {vp}{beyond}", **sums)


# --------------------------------------------------------------------------- the player board and the winner

def _score_starting_vp(player: NipponPlayer, sheet: ScoreSheet, data: NipponData, log: PlaceholderLog) -> None:
    """Starting VP depend on the seat in turn order (NIP-SCORE-01)."""
    log.use("victory_points", "start_by_seat", str(player.seat - 1))
    sheet.add("starting_vp", data.start_vp_by_seat[player.seat - 1],
              msg("Seat {seat} starts on {vp} VP", seat=player.seat, vp=data.start_vp_by_seat[player.seat - 1]))


def score_in_play(player: NipponPlayer, sheet: ScoreSheet, data: NipponData) -> None:
    """VP gained in play: contracts, the region bonus, the workforce losses (NIP-SCORE-08)."""
    if player.contracts_vp:
        sheet.add("contracts", player.contracts_vp, msg("Contracts paid in VP during play: {vp}", vp=player.contracts_vp))
    if player.region_bonus_vp:
        sheet.add("region_bonus", player.region_bonus_vp,
                  msg("Local Market region bonuses paid in VP during play: {vp}", vp=player.region_bonus_vp))
    if player.workforce_vp_lost:
        colours = player.workforce_vp_lost // data.vp_lost_per_unpaid_color
        sheet.add("workforce", -player.workforce_vp_lost,
                  msg_n("Workforce: {colours} unpaid worker colour × −{each} = −{lost}",
                        "Workforce: {colours} unpaid worker colours × −{each} = −{lost}", "colours", colours=colours,
                        each=data.vp_lost_per_unpaid_color, lost=player.workforce_vp_lost))


def score_achievements(player: NipponPlayer, sheet: ScoreSheet, data: NipponData, log: PlaceholderLog) -> None:
    """Achievements (NIP-SCORE-09), then the 0 floor when the edition has no negative VP (NIP-AMB-05)."""
    for achievement in player.achievements:
        space = data.achievement_space(achievement.space)
        log.use("achievements", "spaces", space.id)
        condition = space.words
        if achievement.multiplier is None:
            log.use("achievements", "empty_space_scores")
            points = achievement.units * space.vp_per_unit * data.empty_space_multiplier
            text = msg("Achievement {space} ({condition}): empty space, no multiplier tile → "
                       "{units} × {vp} VP × {multiplier} = {points}", space=space.id, condition=condition,
                       units=achievement.units, vp=space.vp_per_unit, multiplier=data.empty_space_multiplier,
                       points=points)
        else:
            points = achievement.units * space.vp_per_unit * achievement.multiplier
            text = msg("Achievement {space} ({condition}): {units} × {vp} VP × {multiplier} (multiplier tile) = "
                       "{points}", space=space.id, condition=condition, units=achievement.units,
                       vp=space.vp_per_unit, multiplier=achievement.multiplier, points=points)
        sheet.add("achievements", points, text, space=space.id)
    log.use("end_of_game", "negative_vp_allowed")
    if sheet.total < 0 and not data.negative_vp_allowed:
        sheet.add("floor", -sheet.total, msg("VP cannot go below 0 in this edition: {vp} raised to 0", vp=sheet.total))


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
            tie_break = msg("tied on {vp} VP with {others}; {player} took the last turn", vp=total,
                            others=and_list(tied), player=player.id) if distance[player.id] == 0 else \
                msg_n("tied on {vp} VP with {others}; {player} sits {seats} seat counterclockwise from {last}, who took "
                      "the last turn", "tied on {vp} VP with {others}; {player} sits {seats} seats counterclockwise "
                      "from {last}, who took the last turn", "seats", vp=total, others=and_list(tied),
                      player=player.id, seats=distance[player.id], last=state.last_turn_player)
        ranking.append({"player": player.id, "total": total, "rank": rank, **said("tie_break", tie_break)})
    return ranking


def _winner_text(ranking: list[dict]):
    first = ranking[0]
    if first["tie_break"]:
        return msg("{player} wins with {vp} VP ({why})", player=first["player"], vp=first["total"],
                   why=first["tie_break_message"])
    return msg("{player} wins with {vp} VP", player=first["player"], vp=first["total"])


def _leader_text(ranking: list[dict], scorings: int):
    leaders = [r["player"] for r in ranking if r["rank"] == 1]
    vp = ranking[0]["total"]
    if not scorings:
        return msg("Before the first scoring, {player} leads with {vp} VP", player=leaders[0], vp=vp) \
            if len(leaders) == 1 else msg("Before the first scoring, {players} lead with {vp} VP",
                                           players=and_list(leaders), vp=vp)
    return msg("After scoring {number}, {player} leads with {vp} VP", number=scorings, player=leaders[0], vp=vp) \
        if len(leaders) == 1 else msg("After scoring {number}, {players} lead with {vp} VP", number=scorings,
                                      players=and_list(leaders), vp=vp)
