"""A tiny game that follows the engine contract, for storage and web tests.

Players take turns taking 1..max_take counters from a shared pile; whoever
takes the last one wins.  Each take also rolls a seeded die (so replay must
reproduce the RNG).  Registered as game ``toy`` through the test hook
``TABLEKEEPER_TEST_ENGINES=tests.toy_engine:ENGINE``.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

from api.storage.engines import ModuleEngine

DEFAULT_DOCUMENT = {
    "schema_version": "1.0",
    "edition": {"id": "toy.placeholder", "game": "Toy pile"},
    "provenance": {"/max_take": "rulebook", "/pile": "placeholder"},
    "max_take": 3,
    "pile": 21,
}


class RulesError(ValueError):
    """An illegal action or option, with a stable code and catalogue rule."""

    def __init__(self, code: str, message: str, rule: str | None = None):
        super().__init__(message)
        self.code, self.message, self.rule = code, message, rule

    def to_dict(self) -> dict:
        """JSON-ready description."""
        return {"code": self.code, "rule": self.rule, "message": self.message}


class EditionError(ValueError):
    """A bad edition value at `path`."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path, self.message, self.code = path, message, "invalid_edition"


@dataclass(frozen=True)
class Edition:
    """A validated toy edition."""

    document: dict
    content_hash: str


def load_edition(source=None) -> Edition:
    """None → the default document, a path → JSON file, a dict → itself."""
    if source is None:
        doc = json.loads(json.dumps(DEFAULT_DOCUMENT))
    elif isinstance(source, (str, Path)):
        doc = json.loads(Path(source).read_text())
    else:
        doc = json.loads(json.dumps(source))
    for key in ("max_take", "pile"):
        if not isinstance(doc.get(key), int) or isinstance(doc.get(key), bool) or doc[key] < 1:
            raise EditionError(f"/{key}", "must be a positive integer")
    digest = hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()
    return Edition(doc, digest)


@dataclass(frozen=True)
class GameState:
    """Immutable toy state."""

    names: tuple
    pile: int
    max_take: int
    seat: int
    rng: int
    rolls: tuple
    winner: int | None


class Step(NamedTuple):
    """Result of `apply`."""

    state: GameState
    events: list


def new_game(options: dict, edition: Edition, seed: int) -> GameState:
    """Start a game; options need 2-4 players."""
    players = options.get("players") or []
    if not 2 <= len(players) <= 4:
        raise RulesError("bad_player_count", f"2 to 4 players, got {len(players)}", "TOY-00")
    return GameState(tuple(p["name"] for p in players), edition.document["pile"],
                     edition.document["max_take"], 0, seed % 2**31 or 1, (), None)


def _roll(rng: int) -> tuple[int, int]:
    rng = (rng * 1103515245 + 12345) % 2**31
    return rng, rng % 6 + 1


def apply(state: GameState, action: dict) -> Step:
    """Take counters; never mutates `state`."""
    if state.winner is not None:
        raise RulesError("game_over", "the game is over", "TOY-03")
    if not isinstance(action, dict) or action.get("kind") != "take":
        raise RulesError("unknown_action", f"unknown action {action!r}; legal: take", None)
    amount = action.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise RulesError("bad_amount", "amount must be a positive integer", "TOY-01")
    if amount > min(state.max_take, state.pile):
        raise RulesError("take_too_many",
                         f"you may take at most {min(state.max_take, state.pile)}, not {amount}", "TOY-02")
    rng, roll = _roll(state.rng)
    pile = state.pile - amount
    name = state.names[state.seat]
    winner = state.seat if pile == 0 else None
    new = replace(state, pile=pile, rng=rng, rolls=state.rolls + (roll,), winner=winner,
                  seat=state.seat if winner is not None else (state.seat + 1) % len(state.names))
    events = [{"kind": "counters_taken", "text": f"{name} takes {amount} ({pile} left) and rolls {roll}",
               "seat": state.seat, "amount": amount, "roll": roll}]
    if winner is not None:  # the pile size decided the game: it is a placeholder value
        events.append({"kind": "game_won", "text": f"{name} wins", "seat": winner, "placeholder_values": ["/pile"]})
    return Step(new, events)


def legal_actions(state: GameState) -> list[dict]:
    """Every legal take."""
    if state.winner is not None:
        return []
    return [{"kind": "take", "amount": n} for n in range(1, min(state.max_take, state.pile) + 1)]


def is_over(state: GameState) -> bool:
    """True once the pile is empty."""
    return state.winner is not None


def view(state: GameState) -> dict:
    """Public view."""
    over = is_over(state)
    decision = None if over else {
        "id": f"d{len(state.rolls)}", "seat": state.seat, "kind": "choose_amount",
        "options": legal_actions(state), "may_decline": False,
    }
    return {"current_seat": None if over else state.seat, "decision": decision, "over": over,
            "pile": state.pile, "players": list(state.names), "rolls": list(state.rolls)}


def state_to_dict(state: GameState) -> dict:
    """Serialise."""
    return {"names": list(state.names), "pile": state.pile, "max_take": state.max_take, "seat": state.seat,
            "rng": state.rng, "rolls": list(state.rolls), "winner": state.winner}


def state_from_dict(data: dict, edition: Edition) -> GameState:
    """Deserialise."""
    return GameState(tuple(data["names"]), data["pile"], data["max_take"], data["seat"], data["rng"],
                     tuple(data["rolls"]), data["winner"])


def replay(options: dict, edition: Edition, seed: int, actions: list) -> GameState:
    """Rebuild a game from its actions."""
    state = new_game(options, edition, seed)
    for action in actions:
        state = apply(state, action).state
    return state


def provisional_score(state: GameState) -> dict:
    """Sum of rolls per seat (rolls alternate seats in order)."""
    n = len(state.names)
    return {"scores": [{"seat": s, "name": state.names[s], "points": sum(state.rolls[s::n])} for s in range(n)]}


def outcome(state: GameState) -> dict:
    """Winner once over; RulesError before."""
    if not is_over(state):
        raise RulesError("game_not_over", "the game is not over yet", None)
    return {"winner": state.winner, "reason": "took the last counter",
            "standings": [{"seat": state.winner, "name": state.names[state.winner], "rank": 1}]}


ENGINE = ModuleEngine("toy", __name__)
