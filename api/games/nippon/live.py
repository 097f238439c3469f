"""Nippon "live" input: at each scoring the table enters only what changed since the one before.

Stateless by design: the phone keeps the changes and sends all of them each time, the
scorer replays them onto an empty board (a few dozen changes at most), scores every
scoring reached and answers with the running table and the board as it now lies,
which the phone shows for the next scoring.  Nothing is stored on the server.

The input, field by field: docs/scorers.md ("Nippon, live").

A tile placed on an occupied slot pushes out the lower tile there, which goes back
to its owner (rules, Local Market, "Available Influence Slot"); a slot whose tile is
as high or higher is not available.  With ``end`` (after the 3rd scoring) the boards
rebuilt from the changes are scored exactly as the detailed format would score them.
"""
from __future__ import annotations

from collections import Counter

from api.games.field_problems import all_problems
from api.games.messages import msg
from api.games.nippon.data import NipponData
from api.games.nippon.inputs import (
    PIECES, NipponEndState, NipponPlayer, PlacedTile, RegionBoard, check_player_count, read_seats,
)
from api.games.nippon.scoring import CATEGORIES, result_document, score_detailed, score_scorings
from api.games.scorekit import (
    PlaceholderLog, ScoreSheet, ScoringInputError, child, read_int, read_list, read_mapping, read_object,
    read_player_names, read_player_ref,
)

MODE = "live"


class Board:
    """The map as it lies: who covers each influence slot, trains and ships per region, tiles in hand."""

    def __init__(self, names: list[str], data: NipponData):
        self.data = data
        self.slots: dict[tuple[str, int], tuple[str, int]] = {}  # (city, slot) → (player, value)
        self.pieces = {kind: {r.id: Counter() for r in data.regions} for kind in ("trains", "ships")}
        self.hands = {name: Counter(data.tile_values) for name in names}

    def place(self, raw: object, path: str, scoring: int) -> None:
        """Put a tile on a slot, pushing out a lower tile (rules, Local Market; NIP-SCORE-03/04)."""
        read_object(raw, path, "NIP-SCORE-03", required=("player", "city", "slot", "value"))
        player = read_player_ref(raw["player"], child(path, "player"), "NIP-SCORE-03", list(self.hands))
        found = self.data.city(raw["city"]) if isinstance(raw["city"], str) else None
        if found is None:
            cities = ", ".join(c.id for r in self.data.regions for c in r.cities)
            raise ScoringInputError("unknown_city", "NIP-SCORE-04", child(path, "city"),
                                    msg("no city {city}; the map has {cities}", city=repr(raw["city"]), cities=cities),
                                    field=msg("the city"))
        _, city = found
        slot = read_int(raw["slot"], child(path, "slot"), "NIP-SCORE-04", maximum=len(city.slots) - 1)
        value = read_int(raw["value"], child(path, "value"), "NIP-SCORE-03", minimum=1)
        words = msg("{player}'s tile on slot {slot} of city {city} before scoring {number}", player=player, slot=slot,
                    city=city.id, number=scoring)
        if self.hands[player][value] <= 0:
            left = "+".join(str(v) for v in sorted(self.hands[player].elements())) or msg("none")
            raise ScoringInputError("tile_not_in_hand", "NIP-SCORE-03", child(path, "value"),
                                    msg("{player} has no tile of value {value} off the board (in hand: {left})",
                                        player=player, value=value, left=left), field=words)
        holder = self.slots.get((city.id, slot))
        if holder is not None:
            if holder[1] >= value:
                raise ScoringInputError(
                    "slot_not_available", "NIP-SCORE-04", child(path, "value"),
                    msg("{player}'s {value} covers that slot; only a higher tile can replace it", player=holder[0],
                        value=holder[1]), field=words)
            self.hands[holder[0]][holder[1]] += 1  # pushed out: back to its owner
        self.hands[player][value] -= 1
        self.slots[(city.id, slot)] = (player, value)

    def add(self, kind: str, raw: object, path: str) -> None:
        """Trains or ships built, per player and region (NIP-SCORE-03/07; rules, Trains and Ships)."""
        per_player = getattr(self.data, f"{kind}_per_player")
        rule = PIECES[kind].rule
        for player, regions in read_mapping(raw, path, rule).items():
            read_player_ref(player, child(path, player), rule, list(self.hands))
            for region_id, count in read_mapping(regions, child(path, player), rule).items():
                here = child(path, player, region_id)
                region = self.data.region(region_id)
                if region is None:
                    raise ScoringInputError("unknown_region", "NIP-SCORE-05", here,
                                            msg("no region {region}", region=repr(region_id)),
                                            field=msg(PIECES[kind].owned.id, player=player))
                added = read_int(count, here, rule)
                owned = sum(c[player] for c in self.pieces[kind].values()) + added
                if owned > per_player:
                    raise ScoringInputError(f"too_many_{kind}", rule, here,
                                            msg(PIECES[kind].too_many.id, player=player, most=per_player, count=owned),
                                            field=msg(PIECES[kind].in_region.id, player=player, region=region.name))
                pieces = sum(self.pieces[k][region_id].total() for k in ("trains", "ships")) + added
                if pieces > region.train_ship_slots:
                    raise ScoringInputError("train_ship_slots_full", rule, here,
                                            msg("{region} has only {slots} train/ship slots", region=region.name,
                                                slots=region.train_ship_slots),
                                            field=msg(PIECES[kind].in_region.id, player=player, region=region.name))
                self.pieces[kind][region_id][player] += added

    def apply(self, step: object, path: str, scoring: int) -> None:
        """The changes before scoring number `scoring`: ``{placed, trains, ships}`` (NIP-SCORE-02)."""
        read_object(step, path, "NIP-SCORE-02", optional=("placed", "trains", "ships"))
        for index, tile in enumerate(read_list(step.get("placed", []), child(path, "placed"), "NIP-SCORE-03")):
            self.place(tile, child(path, "placed", index), scoring)
        for kind in ("trains", "ships"):
            self.add(kind, step.get(kind, {}), child(path, kind))

    def regions(self) -> dict[str, RegionBoard]:
        """The board as the detailed format holds it: region id → tiles, trains, ships."""
        boards = {}
        for region in self.data.regions:
            tiles = tuple(PlacedTile(*self.slots[(city.id, slot)][:1], city.id, slot, self.slots[(city.id, slot)][1])
                          for city in region.cities for slot in range(len(city.slots))
                          if (city.id, slot) in self.slots)
            boards[region.id] = RegionBoard(tiles, dict(+self.pieces["trains"][region.id]),
                                            dict(+self.pieces["ships"][region.id]))
        return boards

    def as_json(self) -> dict:
        """The board for the phone: tiles, trains and ships per region, and each player's tiles in hand."""
        return {
            "tiles": [{"player": p, "city": c, "slot": s, "value": v} for (c, s), (p, v) in sorted(self.slots.items())],
            "trains": {r: dict(+c) for r, c in self.pieces["trains"].items() if +c},
            "ships": {r: dict(+c) for r, c in self.pieces["ships"].items() if +c},
            "in_hand": {p: sorted(h.elements()) for p, h in self.hands.items()},
        }


def detailed_body(board_snapshots: list[dict[str, RegionBoard]], players: list[NipponPlayer], end: dict) -> dict:
    """The detailed-format input of the same game (what `score` of the detailed format takes)."""
    return {
        "players": [{"id": p.id, "seat": p.seat, **end["players"].get(p.id, {})} for p in players],
        "last_turn_player": end["last_turn_player"],
        "scorings": [{"regions": {r: {"tiles": [{"player": t.player, "city": t.city, "slot": t.slot, "value": t.value}
                                                for t in b.tiles], "trains": dict(b.trains), "ships": dict(b.ships)}
                                  for r, b in boards.items() if b.tiles or b.trains or b.ships}}
                     for boards in board_snapshots],
    }


def score_live(raw: object, data: NipponData, log: PlaceholderLog) -> dict:
    """Replay the changes, score each scoring reached; with ``end``, the whole game as the detailed format."""
    read_object(raw, "", "NIP-SCORE-02", required=("mode", "players", "scorings"), optional=("end",))
    players_raw = read_list(raw["players"], "/players", "NIP-SCORE-01")
    check_player_count(players_raw, data)
    names = read_player_names(players_raw, "NIP-SCORE-01", ("name", "seat"), ())
    seats = read_seats(players_raw, names)
    players = [NipponPlayer(n, s, 0, 0, 0, ()) for n, s in zip(names, seats)]
    steps = read_list(raw["scorings"], "/scorings", "NIP-SCORE-02")
    if len(steps) > data.scorings:
        raise ScoringInputError("too_many_scorings", "NIP-SCORE-02", "/scorings",
                                msg("Nippon has {most} scorings, not {count}", most=data.scorings, count=len(steps)),
                                field=msg("the scorings"))
    board = Board(names, data)
    snapshots = []
    for number, step in enumerate(steps):
        board.apply(step, child("/scorings", number), number + 1)
        snapshots.append(board.regions())

    sheets = {p.id: ScoreSheet(CATEGORIES) for p in players}
    state = NipponEndState(tuple(players), names[0], tuple(snapshots))
    scorings = score_scorings(state, data, log, sheets)
    running = _running(players, sheets, len(snapshots), data)
    if "end" in raw:
        if len(steps) != data.scorings:
            raise ScoringInputError("end_before_last_scoring", "NIP-SCORE-02", "/end",
                                    msg("the game ends after scoring {number}; {count} entered so far",
                                        number=data.scorings, count=len(steps)), field=msg("the end of the game"))
        end = read_object(raw["end"], "/end", "NIP-SCORE-10", required=("last_turn_player",), optional=("players",))
        extra = read_mapping(end.get("players", {}), "/end/players", "NIP-SCORE-08")
        for name in extra:
            read_player_ref(name, child("/end/players", name), "NIP-SCORE-08", names)
            read_mapping(extra[name], child("/end/players", name), "NIP-SCORE-08")
        try:  # its own collection of field problems, so that each is relocated
            result = all_problems(score_detailed, detailed_body(snapshots, players, {**end, "players": extra}), data,
                                  errors=(ScoringInputError,))
        except ScoringInputError as error:  # name the value where the live input holds it
            moved = _relocated(error, names)
            moved.others = [_relocated(e, names) for e in error.others]
            raise moved from None
    else:
        result = result_document(state, data, log, sheets, scorings, final=False)
    result.update(mode=MODE, final="end" in raw, running=running, board=board.as_json())
    return result


def _running(players: list[NipponPlayer], sheets: dict[str, ScoreSheet], reached: int, data: NipponData) -> list:
    """After each scoring: what each player scored in it and their VP so far (starting VP included)."""
    table = []
    so_far = {p.id: data.start_vp_by_seat[p.seat - 1] for p in players}
    for number in range(1, reached + 1):
        rows = []
        for p in players:
            lines = [line for line in sheets[p.id].lines if line.get("scoring") == number]
            majority = sum(line["points"] for line in lines if line["category"] == "region_majority")
            ships = sum(line["points"] for line in lines if line["category"] == "ships")
            so_far[p.id] += majority + ships
            rows.append({"player": p.id, "region_majority": majority, "ships": ships, "gained": majority + ships,
                         "vp_so_far": so_far[p.id]})
        table.append({"scoring": number, "players": rows})
    return table


def _relocated(error: ScoringInputError, names: list[str]) -> ScoringInputError:
    """A refusal of the rebuilt detailed body, pointed at the live input's ``end`` (players keyed by name)."""
    path = error.path
    if path.startswith("/players/"):
        index, _, rest = path[len("/players/"):].partition("/")
        if index.isdigit() and int(index) < len(names):
            path = child("/end/players", names[int(index)]) + ("/" + rest if rest else "")
    elif path == "/last_turn_player":
        path = "/end/last_turn_player"
    return ScoringInputError(error.code, error.rule, path, error.text, field=error.field_text)
