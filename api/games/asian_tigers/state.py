"""The game state: plain dataclasses of str, int, list and dict.

Nothing here knows the rules; `engine.apply` copies a state and changes the
copy.  Everything is JSON-ready so a game can be saved, viewed, undone or
replayed in the middle of a bonus chain.  Participants are named by string id:
``"0"``..``"3"`` for the seats, ``"neutral"`` for the 3-player neutral.
"""
from __future__ import annotations

import pickle
from dataclasses import dataclass, field, fields, replace
from typing import Any

NEUTRAL = "neutral"


@dataclass
class PlayerState:
    """One player's holdings."""

    id: str
    name: str
    color: str
    funds: dict[str, int]
    influence: dict[str, int]
    energy: int
    science: int
    goods: dict[str, int]
    # Worker types still in the team area, leftmost first; None when the table
    # states each worker's type as it places it ("stated" worker entry).
    team: list[str] | None
    set_aside: list[str] | None
    placed: dict[str, int]  # worker type -> workers placed this era
    workers_placed: int
    # Player-board sectors: generic pieces left and whether the factory is still there.
    sectors: dict[str, dict[str, Any]]
    satellites: list[str]  # satellites beside the board: factory, power_plant, laboratory, any
    headquarters_available: bool
    rows: dict[str, str]  # final-scoring row id -> flag id ("special:SK" for a moved special flag)
    special_flags: list[str]  # Tigers whose special flag sits in the special-flag section


@dataclass(frozen=True)
class Piece:
    """A built infrastructure on the board (frozen: a copy of the state shares it; see `GameState.replace_piece`)."""

    owner: str
    space: str
    tiger: str
    kind: str
    parts_factory: bool = False


@dataclass
class GameState:
    """The whole game: board, players, decision stack, turn context."""

    player_count: int
    options: dict[str, Any]
    seed: int
    players: list[PlayerState]
    neutral: dict[str, Any] | None
    era: int
    phase: str  # "turns", "management", "over"
    turn_order: list[str]
    turn_index: int
    prosperity_tokens: dict[str, str]  # Tiger -> token id
    region_tokens: dict[str, str]  # Tiger -> token id
    leftover_region_tokens: list[str]
    centers: dict[str, str | None]  # "SK.A" -> fixed worker type this era
    center_workers: dict[str, list[str]]  # centre -> participant ids of the workers there
    trade_centers: dict[str, str | None]
    pieces: list[Piece]
    occupancy: dict[str, int]  # ordinary space id -> index into pieces
    satellites: dict[str, dict[str, str]]  # satellite space id -> {owner, satellite}
    headquarters: dict[str, str]  # Tiger -> owner
    local_markets: dict[str, dict[str, str] | None]  # market id -> {good, seller}
    flag_stacks: dict[str, list[str]]  # nation -> flag ids, top first
    special_flags_available: list[str]
    performance_tokens: list[str]  # tokens still face up
    supply_goods: dict[str, int]
    supply_parts_factories: int
    global_market: dict[str, list[str]]  # str(position) -> participant ids, bottom (first arrived) first
    decisions: list[dict[str, Any]]
    # Frames: the things being resolved (a turn, an investment action, a
    # university, a bonus), each with the steps it still has to take.
    frames: list[dict[str, Any]]
    pending_bonuses: list[dict[str, Any]]
    turn: dict[str, Any] | None
    next_decision_id: int = 1
    next_bonus_id: int = 1
    draws: int = 0
    history_length: int = 0
    management: dict[str, Any] | None = None
    # Solo games only (issue 7): the Automa's seat, tiles, board and settings (see solo/session.py); None otherwise.
    solo: dict[str, Any] | None = None
    edition: Any = field(default=None, repr=False, compare=False)

    # -- helpers -----------------------------------------------------------
    def copy(self) -> "GameState":
        """A deep copy that shares nothing changeable with this state (`apply` changes only its copy).

        Every saved field is copied to the bottom; only the edition (never changed) and the pieces
        (frozen: `replace_piece` swaps one) are shared.
        """
        copy = object.__new__(GameState)
        copy.__dict__ = {name: _json_copy(value) for name, value in self.__dict__.items() if name not in _SHARED}
        copy.players = [_copy_player(p) for p in self.players]
        copy.pieces, copy.edition = list(self.pieces), self.edition
        return copy

    def replace_piece(self, piece: Piece, **changes) -> Piece:
        """Swap `piece` for a copy with `changes` (pieces are frozen) and return it."""
        for index, candidate in enumerate(self.pieces):
            if candidate is piece:
                self.pieces[index] = new = replace(piece, **changes)
                return new
        raise ValueError(f"piece on {piece.space} is not on this board")

    def player(self, participant: str) -> PlayerState:
        """The player with id `participant` (a seat number as a string)."""
        return self.players[int(participant)]

    @property
    def current_player(self) -> PlayerState | None:
        """Whose turn it is, or None outside the turns phase."""
        if self.phase != "turns":
            return None
        return self.player(self.turn_order[self.turn_index])

    def gm_position(self, participant: str) -> int:
        """Global-market position of `participant`."""
        for position, stack in self.global_market.items():
            if participant in stack:
                return int(position)
        raise KeyError(participant)


_SCALARS = (str, int, bool, float, type(None))
# Not copied by `GameState.copy`: the edition (never changed), the players and the pieces (copied apart).
_SHARED = frozenset({"edition", "players", "pieces"})


def _copy_player(player: PlayerState) -> PlayerState:
    """A deep copy of a player: its fields hold scalars and containers of scalars, the sectors one level deeper
    (as its annotations say; the apply guard in tests/games checks that `apply` never changes its input).  A
    quarter of `_json_copy`'s time: a state copy is a fifth of every move."""
    copy = object.__new__(PlayerState)
    copy.__dict__ = {name: value.copy() if type(value) in (dict, list) else value
                     for name, value in player.__dict__.items()}
    copy.sectors = {sector: content.copy() for sector, content in player.sectors.items()}
    return copy


def _json_copy(value):
    """A deep copy of JSON-like data (dicts, lists, tuples of scalars), faster than `copy.deepcopy`."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _SCALARS else _json_copy(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _SCALARS else _json_copy(v) for v in value]
    if kind is tuple:
        return tuple(v if type(v) in _SCALARS else _json_copy(v) for v in value)
    if kind in _SCALARS:
        return value
    return pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))  # anything else, exactly


# The fields a saved state has, in field order (the edition is stored apart).
SAVED_FIELDS = tuple(f.name for f in fields(GameState) if f.name != "edition")


def state_to_dict(state: GameState) -> dict:
    """JSON-ready copy of `state` (the edition is stored separately).

    Its canonical JSON (sorted keys, compact) is what storage hashes: keep the fields, their
    order and their encoding as they are, or stored state hashes stop matching.
    """
    data = {name: _json_copy(getattr(state, name)) if name not in _SHARED else None for name in SAVED_FIELDS}
    data["players"] = [_json_copy(p.__dict__) for p in state.players]
    data["pieces"] = [dict(vars(p)) for p in state.pieces]
    return data


def state_from_dict(data: dict, edition) -> GameState:
    """Rebuild a state saved by `state_to_dict`, attached to `edition`."""
    values = _json_copy(dict(data))  # the state never shares the caller's lists and dicts
    values["players"] = [PlayerState(**p) for p in values["players"]]
    values["pieces"] = [Piece(**p) for p in values["pieces"]]
    values["occupancy"] = {k: int(v) for k, v in values["occupancy"].items()}
    state = GameState(**values)
    state.edition = edition
    return state
