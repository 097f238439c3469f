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
    """A built infrastructure on the board (immutable: clones share pieces; see `GameState.replace_piece`)."""

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
    # (decision id, options) of the current decision: valid until that decision is answered,
    # because nothing changes a state except answering its top decision.
    options_cache: Any = field(default=None, repr=False, compare=False)
    # (decision, {(centre, worker): cost or refusal}) of a waiting choose_placement, valid as long
    # (see `turn.placement.placement_options`).
    placement_checks: Any = field(default=None, repr=False, compare=False)

    # Seats whose PlayerState this state may share with a clone (bit i: seat i), copied before their
    # first use through `player` (see `clone`).  A class default, not a field: never saved or compared.
    # (`encoding.state_canonical_bytes` keeps encoded parts beside the fields the same way.)
    _shared_seats = 0
    # The same for the board's containers (bit: `FIELD_BITS[name]`), copied on first use through `own`.
    _shared_fields = 0

    # -- helpers -----------------------------------------------------------
    def clone(self) -> "GameState":
        """A copy that shares nothing it may change with this state: copy-on-write, field by field.

        Hand-written for speed: this runs on every `apply`.  Both states keep the very same
        containers (the board's dicts and lists, the decision stack, the turn, the solo record)
        and players until one of them changes one: `own` (the one way the engine reaches a
        container it changes) and `player` (the same for a player) copy it first for the state
        asking.  So a move copies the few things it writes, and every field it did not write is
        the previous state's object itself: readers that keep work per object (the state's
        encoded bytes, the view's sections) find it unchanged by identity.  Pieces are immutable
        (`replace_piece` swaps one), the edition and options are never changed.  A container
        field added to GameState must get a copier in `COPIERS`; the tests that play random games
        and check after every `apply` that its input reads as before catch a forgotten `own`.
        """
        values = self.__dict__.copy()
        values["players"] = list(self.players)
        # From now on neither state owns these alone: each copies a player or a container before changing it.
        values["_shared_seats"] = self._shared_seats = (1 << len(self.players)) - 1
        values["_shared_fields"] = self._shared_fields = EVERY_FIELD
        values["options_cache"] = values["placement_checks"] = None
        copy = object.__new__(GameState)
        copy.__dict__ = values
        return copy

    def own(self, name: str):
        """The container in field `name` (see `COPIERS`), this state's own to change.

        The engine changes a board container, the decision stack, the turn or the solo record
        only through this: one this state still shares with a clone is copied first (see
        `clone`), to the depth the engine writes to.  A field may be read directly, or given a
        new value (the old one stays with whoever shares it); never change what it held without
        `own`, nor keep what `own` returned past a `clone`.
        """
        value = self.__dict__[name]
        bit = FIELD_BITS[name]
        if self._shared_fields & bit:
            self._shared_fields &= ~bit
            if value is not None:
                self.__dict__[name] = value = COPIERS[name](value)
        return value

    def share_everything(self) -> None:
        """From now on copy every player and container before changing it, as after a `clone`.

        For readers that keep work per object (`encoding.state_canonical_bytes`): once called,
        none of the objects the state holds now changes again.
        """
        self._shared_seats = (1 << len(self.players)) - 1
        self._shared_fields = EVERY_FIELD

    def replace_piece(self, piece: Piece, **changes) -> Piece:
        """Swap `piece` for a copy with `changes` (pieces are shared between clones) and return it."""
        pieces = self.own("pieces")
        for index, candidate in enumerate(pieces):
            if candidate is piece:
                pieces[index] = new = replace(piece, **changes)
                return new
        raise ValueError(f"piece on {piece.space} is not on this board")

    def player(self, participant: str) -> PlayerState:
        """The player with id `participant` (a seat number as a string), this state's own to change.

        The engine changes a player only through this (or `current_player`): a player this state
        still shares with a clone is copied first (see `clone`).  `players` may be read directly.
        """
        index = int(participant)
        player = self.players[index]
        if self._shared_seats:
            bit = 1 << (index % len(self.players))
            if self._shared_seats & bit:
                self.players[index] = player = _copy_player(player)
                self._shared_seats &= ~bit
        return player

    def peek_player(self, participant: str) -> PlayerState:
        """The player with id `participant` to read a field of, without the copy `player` may make.

        It may be shared with a clone: never change it, nor keep it past a change to this state.
        """
        return self.players[int(participant)]

    def own_players(self) -> list[PlayerState]:
        """Every player, each this state's own to change (`player` for each seat, in seat order)."""
        return [self.player(str(index)) for index in range(len(self.players))]

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

    def pieces_of(self, owner: str, tiger: str | None = None) -> list[Piece]:
        """Built pieces of `owner`, optionally on one Tiger."""
        return [p for p in self.pieces if p.owner == owner and (tiger is None or p.tiger == tiger)]


_SCALARS = (str, int, bool, float, type(None))


def _json_copy(value):
    """A deep copy of JSON-like data (dicts, lists, tuples of scalars), faster than pickle for small values."""
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


def _dict_of_lists(value):
    return {k: list(v) for k, v in value.items()}


def _optional_dicts(value):
    return {k: (dict(v) if v is not None else None) for k, v in value.items()}


def _copy_player(player: PlayerState) -> PlayerState:
    values = player.__dict__.copy()
    for name in ("funds", "influence", "goods", "placed", "rows"):
        values[name] = values[name].copy()
    for name in ("satellites", "special_flags"):
        values[name] = values[name][:]
    for name in ("team", "set_aside"):
        if values[name] is not None:
            values[name] = values[name][:]
    values["sectors"] = {k: x.copy() for k, x in values["sectors"].items()}
    copy = object.__new__(PlayerState)
    copy.__dict__.update(values)
    return copy


def _copy_frames(frames):
    # A frame's own keys and lists change (steps popped, sales and flags added); the entries of its
    # lists (step names, region tokens, Automa effects) are only ever taken off, never changed.
    return [{k: v[:] if type(v) is list else v for k, v in frame.items()} for frame in frames]


def _copy_neutral(neutral):
    return {**neutral, "influence": dict(neutral["influence"])}


# How `GameState.own` copies each container it may share with a clone: to the depth the engine
# writes to.  Every field that holds a dict or a list is here, except the players (copied one by
# one: `GameState.player`) and the options (set up once, never changed).
COPIERS = {
    "neutral": _copy_neutral, "turn_order": list, "prosperity_tokens": dict, "region_tokens": dict,
    "leftover_region_tokens": list, "centers": dict, "center_workers": _dict_of_lists, "trade_centers": dict,
    "pieces": list,  # of immutable pieces: a parts factory swaps its piece (`replace_piece`)
    "occupancy": dict, "satellites": _optional_dicts, "headquarters": dict, "local_markets": _optional_dicts,
    "flag_stacks": _dict_of_lists, "special_flags_available": list, "performance_tokens": list,
    "supply_goods": dict, "global_market": _dict_of_lists,
    # A decision is never changed once it is on the stack, nor a pending bonus once queued: the lists
    # are copied, their dicts shared.
    "decisions": list, "frames": _copy_frames, "pending_bonuses": list, "turn": dict,
    # The management record's entries (the Era I snapshot, the outcome) are written once and never changed,
    # only new keys are added: its top level is copied, the entries are shared.
    "management": dict,
    "solo": _json_copy,  # solo (issue 7)
}
FIELD_BITS = {name: 1 << index for index, name in enumerate(COPIERS)}
EVERY_FIELD = (1 << len(COPIERS)) - 1


# The fields a saved state has, in field order (the edition and the caches are not saved).
SAVED_FIELDS = tuple(f.name for f in fields(GameState)
                     if f.name not in ("edition", "options_cache", "placement_checks"))


def state_to_dict(state: GameState) -> dict:
    """JSON-ready copy of `state` (the edition is stored separately)."""
    data = {name: getattr(state, name) for name in SAVED_FIELDS}
    for name in COPIERS:  # deep: the copy shares nothing with the state (a clone shares some entries)
        if name != "pieces":
            data[name] = _json_copy(data[name])
    data["options"] = _json_copy(state.options)
    data["players"] = [_copy_player(p).__dict__ for p in state.players]  # fresh objects: nothing else holds them
    data["pieces"] = [dict(vars(p)) for p in state.pieces]
    return data


def state_to_shared_dict(state: GameState) -> dict:
    """What `state_to_dict` gives, equal value for value and in the same key order, without the copy.

    The mapping holds the state's own lists and dicts: encode it at once (hash, snapshot) and let
    it go; never change it, nor keep it past a change to `state`.  A move's write encodes its
    state this way (~2 µs instead of the ~45 µs of a deep copy).
    """
    data = {name: getattr(state, name) for name in SAVED_FIELDS}
    data["players"] = [p.__dict__ for p in state.players]
    data["pieces"] = [p.__dict__ for p in state.pieces]  # a frozen piece's own fields: never changed
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
