"""Scorer-only input "as the board lies": who owns each construction space, instead of the numbers.

With boards, the players' and the Automa's (and the neutral's) ``tigers`` facts are derived here with the
engine's own `turn.investment` functions (IP-01..04, SCORE-FSB-02..07, NEUTRAL-01..04); the format is in
docs/scorers.md ("The Asian Tigers scorer's input").
"""
from __future__ import annotations

import copy
from dataclasses import asdict
from types import SimpleNamespace
from typing import Any

from api.games.asian_tigers.edition.load import Edition
from api.games.asian_tigers.scoring.scorer_input import fail, integer, obj, ptr
from api.games.asian_tigers.state import Piece
from api.games.asian_tigers.turn.investment import tiger_facts
from api.games.messages import msg

SATELLITES_PER_PLAYER = 4  # BUILD-SAT-02: one per satellite bonus
KIND = {"university": msg("university"), "department": msg("department"), "power_plant": msg("power plant"),
        "laboratory": msg("laboratory")}  # a space that is not a factory, in words


def has_boards(data: Any) -> bool:
    """Whether the input describes the board (any Tiger entry with a ``board``)."""
    tigers = data.get("tigers") if isinstance(data, dict) else None
    return isinstance(tigers, dict) and any(isinstance(e, dict) and "board" in e for e in tigers.values())


def expand_boards(data: dict, edition: Edition) -> dict:
    """The same input with every player's and the Automa's per-Tiger facts derived from the boards."""
    data = copy.deepcopy(data)
    participants = obj(data.get("participants"), "/participants", free=True)
    owners = [pid for pid, p in participants.items() if isinstance(p, dict) and p.get("kind") != "neutral"]
    count = data.get("player_count")
    count = count if isinstance(count, int) and not isinstance(count, bool) else 4
    pieces, satellites, headquarters = [], {}, {}
    for tiger_id, tiger in edition.tigers.items():
        entry = data["tigers"].get(tiger_id)
        path = ptr("tigers", tiger_id, "board")
        if not isinstance(entry, dict) or "board" not in entry:
            fail("missing_board", path, msg("describe the board of every Tiger, or of none: {tiger} has none",
                                            tiger=tiger.name))
        board = obj(entry.pop("board"), path, optional=("spaces", "infinite", "satellites"))
        if isinstance(entry.get("headquarters"), str):
            headquarters[tiger_id] = entry["headquarters"]
        pieces += _spaces(board.get("spaces", {}), path, tiger, owners, count)
        pieces += _infinite(board.get("infinite", {}), path, tiger, owners)
        satellites.update(_satellites(board.get("satellites", {}), path, tiger, owners))
    for owner in owners:
        held = [s for s, v in satellites.items() if v["owner"] == owner]
        if len(held) > SATELLITES_PER_PLAYER:
            fail("too_many_satellites", ptr("tigers"), msg("{id} has only {most} satellites, not {count} ({spaces})",
                 id=owner, most=SATELLITES_PER_PLAYER, count=len(held), spaces=", ".join(held)), "BUILD-SAT-02")
    board_state = SimpleNamespace(edition=edition, pieces=pieces, satellites=satellites, headquarters=headquarters)
    for owner in owners:
        if "tigers" in participants[owner]:
            fail("conflicting_fields", ptr("participants", owner, "tigers"),
                 msg("with the boards described, the app works out each Tiger's facts: leave tigers out"))
        participants[owner]["tigers"] = {t: asdict(tiger_facts(board_state, owner, t)) for t in edition.tigers}
    for pid, p in participants.items():
        if isinstance(p, dict) and p.get("kind") == "neutral":
            advanced = p.pop("advanced", False)
            if not isinstance(advanced, bool):
                fail("invalid_type", ptr("participants", pid, "advanced"), msg("advanced is true or false"))
            if "tigers" not in p:
                blockers = SimpleNamespace(edition=edition, pieces=_blockers(edition, pid, advanced), satellites={},
                                           headquarters={})
                p["tigers"] = {t: {"ip": asdict(tiger_facts(blockers, pid, t))["ip"]} for t in edition.tigers}
    return data


def _blockers(edition: Edition, neutral: str, advanced: bool) -> list[Piece]:
    """The neutral's blockers: one on every 4-dot space of every Tiger (NEUTRAL-01..03), as setup places them."""
    dots = edition.neutral["blocker_space_dots"]
    return [Piece(neutral, space.id, tiger.id, space.kind, advanced and space.kind == "factory")
            for tiger in edition.tigers.values() for space in tiger.spaces.values()
            if not space.infinite and space.min_players == dots]


def _owner(value: Any, path: str, owners: list[str]) -> str:
    if value not in owners:
        fail("unknown_participant", path, msg("{id} is not a player here; the players are {all}", id=repr(value),
                                              all=", ".join(owners)))
    return value


def _spaces(raw: Any, path: str, tiger, owners: list[str], count: int) -> list[Piece]:
    """One piece per ordinary space (BUILD-GEN-02), on spaces in play (BUILD-GEN-05), parts factories under
    factories only (BUILD-PARTS-01)."""
    pieces = []
    for space_id, held in obj(raw, path + "/spaces", free=True).items():
        here = path + ptr("spaces", space_id)
        space = tiger.spaces.get(space_id)
        if space is None or space.infinite:
            fail("unknown_space", here, msg("{tiger} has no construction space {space}", tiger=tiger.name,
                                            space=repr(space_id)), "BUILD-GEN-05")
        if space.min_players > count:
            fail("space_not_in_play", here, msg("{space} is used only with {count} or more players", space=space_id,
                                                count=space.min_players), "BUILD-GEN-05")
        held = obj(held, here, ("owner",), ("parts_factory",))
        owner = _owner(held["owner"], here + "/owner", owners)
        parts = held.get("parts_factory", False)
        if not isinstance(parts, bool):
            fail("invalid_type", here + "/parts_factory", msg("expected true or false, got {value}", value=repr(parts)))
        if parts and space.kind != "factory":
            fail("parts_factory_not_on_factory", here + "/parts_factory",
                 msg("a parts factory is attached under a factory; {space} is a {kind}", space=space_id,
                     kind=KIND.get(space.kind, space.kind)), "BUILD-PARTS-01")
        pieces.append(Piece(owner, space_id, tiger.id, space.kind, parts))
    return pieces


def _infinite(raw: Any, path: str, tiger, owners: list[str]) -> list[Piece]:
    """An ∞ space holds any number of pieces (BUILD-GEN-02)."""
    pieces = []
    for space_id, by_owner in obj(raw, path + "/infinite", free=True).items():
        here = path + ptr("infinite", space_id)
        space = tiger.spaces.get(space_id)
        if space is None or not space.infinite:
            fail("unknown_space", here, msg("{tiger} has no ∞ space {space}", tiger=tiger.name, space=repr(space_id)),
                 "BUILD-GEN-05")
        for owner, n in obj(by_owner, here, free=True).items():
            _owner(owner, here + ptr(owner), owners)
            pieces += [Piece(owner, space_id, tiger.id, space.kind)] * integer(n, here + ptr(owner))
    return pieces


def _satellites(raw: Any, path: str, tiger, owners: list[str]) -> dict:
    """A satellite stands on its row's satellite space of a Tiger (BUILD-SAT-01)."""
    held = {}
    for space_id, owner in obj(raw, path + "/satellites", free=True).items():
        here = path + ptr("satellites", space_id)
        if space_id not in tiger.satellite_spaces:
            fail("unknown_space", here, msg("{tiger} has no satellite space {space}", tiger=tiger.name,
                                            space=repr(space_id)), "BUILD-SAT-01")
        held[space_id] = {"owner": _owner(owner, here, owners)}
    return held

