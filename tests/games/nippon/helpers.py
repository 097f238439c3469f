"""Builders for Nippon end-of-game inputs (plain dicts, as the API receives them)."""
from __future__ import annotations

import copy
import json
import pathlib

DATA_FILE = pathlib.Path(__file__).resolve().parents[3] / "api" / "data" / "nippon.placeholder.json"


def placeholder_document() -> dict:
    """A fresh copy of the shipped placeholder edition, to correct or break in a test."""
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


def tile(player: str, city: str, slot: int, value: int) -> dict:
    """An influence tile of `player` on slot `slot` (index into the city's printed slots)."""
    return {"player": player, "city": city, "slot": slot, "value": value}


def region(tiles=(), trains=None, ships=None) -> dict:
    """One region's board at one scoring."""
    board = {"tiles": list(tiles)}
    if trains:
        board["trains"] = dict(trains)
    if ships:
        board["ships"] = dict(ships)
    return board


def players(*ids: str) -> list[dict]:
    """Players seated in the given order (seat 1 first)."""
    return [{"id": pid, "seat": seat} for seat, pid in enumerate(ids, start=1)]


def game(player_list: list[dict], scorings=None, last_turn: str | None = None) -> dict:
    """A full input; `scorings` maps a scoring number (1-3) to its regions.  A scoring not given shows the
    board of the one before (empty before the first given): tiles, trains and ships stay until outbid."""
    scorings = scorings or {}
    boards, board = [], {}
    for n in (1, 2, 3):
        board = scorings.get(n, board)
        boards.append({"regions": copy.deepcopy(board)})
    return {
        "players": copy.deepcopy(player_list),
        "last_turn_player": last_turn or player_list[-1]["id"],
        "scorings": boards,
    }


def same_board_each_scoring(regions: dict) -> dict:
    """The same board at all three scorings (trains and ships never leave the board)."""
    return {1: regions, 2: regions, 3: regions}


def player_result(result: dict, pid: str) -> dict:
    """The result entry of one player."""
    return next(p for p in result["players"] if p["id"] == pid)


def region_result(result: dict, scoring: int, region_id: str) -> dict:
    """The standings of one region at one scoring."""
    return next(r for r in result["scorings"][scoring - 1]["regions"] if r["region"] == region_id)


def region_vp(result: dict, scoring: int, region_id: str) -> dict:
    """Per player: majority VP + ship VP in one region at one scoring."""
    standings = region_result(result, scoring, region_id)["standings"]
    return {s["player"]: s["vp"] + s["ship_vp"] for s in standings if s["player"] is not None}


def lines(result: dict, pid: str, category: str) -> list[dict]:
    """A player's explanation lines of one category."""
    return [line for line in player_result(result, pid)["lines"] if line["category"] == category]
