"""The canonical bytes of a state, assembled from parts that are encoded once.

Storage hashes every recorded state: the SHA-256 of its canonical JSON (sorted
keys, no spaces: what ``json.dumps(state_to_dict(state), sort_keys=True,
separators=(",", ":"), ensure_ascii=False)`` writes).  Most of a state does not
change from one move to the next, and much of it is held in objects that can
never change again: the players a state shares with a clone (see
`GameState.clone`), the frozen pieces, the management record's entries and the
options.  Their bytes are kept by object identity and reused, so a move encodes
only what may have changed.

The result is byte for byte what encoding the whole `state_to_dict` gives:
canonical JSON of a mapping with sorted keys is the concatenation of its
entries' canonical JSON, and each part is encoded by the same `encode`
(`tests/games/asian_tigers/test_state_encoding.py` checks it over random games,
with clones changed in every field).  Pure Python: the encoder is the caller's.
"""
from __future__ import annotations

from typing import Any, Callable

from api.games.asian_tigers.state import SAVED_FIELDS, GameState

Encode = Callable[[Any], bytes]

# id(value) -> (value, encoder, bytes).  Holding the value keeps its id from being reused while the
# entry lives; only values that can never change again are entered (see `state_canonical_bytes`).
_KEPT: dict[int, tuple[Any, Encode, bytes]] = {}
KEPT_LIMIT = 20_000  # entries (pieces, players, records); past it the cache starts over
# (id of each piece, in order) -> (the pieces, encoder, bytes of the list)
_PIECE_LISTS: dict[tuple[int, ...], tuple[tuple, Encode, bytes]] = {}


def _kept(value: Any, encode: Encode) -> bytes:
    entry = _KEPT.get(id(value))
    if entry is not None and entry[0] is value and entry[1] is encode:
        return entry[2]
    data = encode(value)
    if len(_KEPT) >= KEPT_LIMIT:
        _KEPT.clear()
    _KEPT[id(value)] = (value, encode, data)
    return data


def _players(state: GameState, encode: Encode) -> bytes:
    # From now on this state copies a player before changing it, as if it shared all of them with
    # a clone (the next move's clone makes it so anyway): so none of these objects changes again.
    state._shared_seats = (1 << len(state.players)) - 1
    return b"[" + b",".join([_kept(p.__dict__, encode) for p in state.players]) + b"]"


def _pieces(state: GameState, encode: Encode) -> bytes:
    # Pieces are frozen, and a clone's list holds the same ones: the list is known by its pieces' ids
    # (the entry holds the pieces, so no id is reused while it lives) until a build adds one.
    pieces = state.pieces
    key = tuple(map(id, pieces))
    entry = _PIECE_LISTS.get(key)
    if entry is not None and entry[1] is encode:
        return entry[2]
    data = b"[" + b",".join([_kept(p.__dict__, encode) for p in pieces]) + b"]"
    if len(_PIECE_LISTS) >= KEPT_LIMIT // 10:
        _PIECE_LISTS.clear()
    _PIECE_LISTS[key] = (tuple(pieces), encode, data)
    return data


def _management(state: GameState, encode: Encode) -> bytes:
    record = state.management
    if type(record) is not dict or not all(type(key) is str for key in record):
        return encode(record)
    # Its entries are written once and never changed (clones share them; see `_STATE_COPIERS`).
    return b"{" + b",".join([encode(key) + b":" + (_kept(record[key], encode) if type(record[key]) in (dict, list)
                                                   else encode(record[key]))
                             for key in sorted(record)]) + b"}"


def _options(state: GameState, encode: Encode) -> bytes:
    return _kept(state.options, encode)  # set up once, shared by every clone, never changed


_PARTS: dict[str, Callable[[GameState, Encode], bytes]] = {
    "players": _players, "pieces": _pieces, "management": _management, "options": _options}


def _layout() -> list[tuple[str, Any]]:
    """The fields in sorted order: runs of plain fields (encoded together) between the kept parts."""
    layout: list[tuple[str, Any]] = []
    run: list[str] = []
    for name in sorted(SAVED_FIELDS):
        if name in _PARTS:
            if run:
                layout.append(("run", tuple(run)))
                run = []
            layout.append((name, (b'"' + name.encode() + b'":', _PARTS[name])))
        else:
            run.append(name)
    if run:
        layout.append(("run", tuple(run)))
    return layout


_LAYOUT = _layout()


def state_canonical_bytes(state: GameState, encode: Encode) -> bytes:
    """``encode(state_to_dict(state))``, where `encode` gives canonical JSON bytes, mostly from kept parts.

    `encode` must give the canonical bytes of any JSON value (sorted keys, no spaces, UTF-8);
    the same function object should be passed each time, since kept bytes are per encoder.
    It leaves the state's players to be copied before they are next changed (as a clone does).
    """
    values = state.__dict__
    chunks = []
    for name, part in _LAYOUT:
        if name == "run":
            chunks.append(encode({field: values[field] for field in part})[1:-1])
        else:
            chunks.append(part[0] + part[1](state, encode))
    return b"{" + b",".join(chunks) + b"}"
