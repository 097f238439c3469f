"""The canonical bytes of a state, assembled from parts that are encoded once.

Storage hashes every recorded state: the SHA-256 of its canonical JSON (sorted
keys, no spaces: what ``json.dumps(state_to_dict(state), sort_keys=True,
separators=(",", ":"), ensure_ascii=False)`` writes).  Most of a state does not
change from one move to the next, and a move's state holds the previous state's
very objects for everything the move did not write (`GameState.clone` shares
containers and players copy-on-write).  So a state keeps the bytes of each
field beside its fields, with the object they encode, and a clone inherits
them: a field that still holds that very object reuses its bytes, so a move
encodes only the few fields it wrote (a player, the decision stack, a board
container or two) instead of the whole ~10 KB, and in one call of the encoder.
That is sound because, once its bytes are kept, an object never changes again:
hashing a state leaves it to copy every container and player before its next
change (`GameState.share_everything`).

The result is byte for byte what encoding the whole `state_to_dict` gives:
canonical JSON of a mapping with sorted keys is the concatenation of its
entries' canonical JSON, and each part is encoded by the same `encode`
(`tests/games/asian_tigers/test_state_encoding.py` checks it over random games,
with clones changed in every field).  Pure Python: the encoder is the caller's.
"""
from __future__ import annotations

import operator
from itertools import compress
from typing import Any, Callable

from api.games.asian_tigers.state import SAVED_FIELDS, GameState

Encode = Callable[[Any], bytes]

# The kept bytes live in the state's `__dict__` as ``_encoded_fields``, ``_encoded_players`` and
# ``_encoded_pieces`` (not fields: never saved nor compared; `clone` copies them with the rest), each
# with the encoder and the objects it encodes.  On the state rather than in a process-wide table by
# object id: between two moves the machine's caches are cold, and a lookup in a large table costs
# about what encoding the part again does.

_NAMES = tuple(sorted(SAVED_FIELDS))
_KEYS = tuple(b'"' + name.encode() + b'":' for name in _NAMES)
_VALUES = operator.itemgetter(*_NAMES)
_INDICES = tuple(range(len(_NAMES)))
_PLAYERS, _PIECES = _NAMES.index("players"), _NAMES.index("pieces")
_MARK = "\x00"  # stands between the values one call of `encode` encodes (`_encode_all`)
_separator: list = [None, b""]  # (encoder, its bytes of ``,MARK,``): one encoder in a process


def _encode_all(values: list, encode: Encode) -> list[bytes]:
    """``[encode(v) for v in values]`` with one call of `encode`, however many values there are.

    Each call has a fixed cost in the caller's encoder, so the values are encoded as one list with
    a marker between them and the bytes are cut at the markers: canonical JSON writes a value the
    same wherever it stands.  A cut ``,"\\u0000",`` cannot straddle a value's edge (a value ends
    with ``"``, ``]``, ``}``, a digit or a letter, and a string holds ``,"`` only escaped), so a
    wrong cut needs the marker inside a value (a string of the state equal to it): then there
    are more pieces than values, and each value is encoded alone.
    """
    if len(values) < 2:
        return [encode(value) for value in values]
    if _separator[0] is not encode:
        _separator[:] = [encode, b"," + encode(_MARK) + b","]
    marked = [_MARK] * (2 * len(values) - 1)
    marked[::2] = values
    parts = encode(marked)[1:-1].split(_separator[1])
    return parts if len(parts) == len(values) else [encode(value) for value in values]


def state_canonical_bytes(state: GameState, encode: Encode) -> bytes:
    """``encode(state_to_dict(state))``, where `encode` gives canonical JSON bytes, mostly from kept parts.

    `encode` must give the canonical bytes of any JSON value (sorted keys, no spaces, UTF-8);
    the same function object should be passed each time, since kept bytes are per encoder.
    It leaves the state to copy its players and containers before they are next changed (as a
    clone does), so that none of the objects whose bytes it keeps changes.
    """
    values = _VALUES(state.__dict__)
    kept = state.__dict__.get("_encoded_fields")
    if kept is not None and kept[0] is encode:
        chunks = list(kept[2])
        # The fields that hold another object than the one their kept bytes encode, found without a
        # Python loop over all the fields: a move changes a few.
        changed = compress(_INDICES, map(operator.is_not, values, kept[1]))
    else:
        chunks = [None] * len(_NAMES)
        changed = _INDICES
    todo, fields = [], []  # what is left to encode, and the fields it is for
    for index in changed:
        if index == _PLAYERS:  # changes in place (`GameState.player`): each player is known by identity instead
            continue
        if index == _PIECES:  # see `_pieces_to_encode`
            chunks[index] = None
            continue
        value = values[index]
        if type(value) is int:  # an integer is written as Python writes it
            chunks[index] = b"%s%d" % (_KEYS[index], value)
        else:
            todo.append(value)
            fields.append(index)
    players, known = state.players, state.__dict__.get("_encoded_players")
    known = known[1] if known is not None and known[0] is encode else ()
    player_bytes = [known[i][1] if i < len(known) and known[i][0] is p else None for i, p in enumerate(players)]
    new_players = [i for i, data in enumerate(player_bytes) if data is None]
    todo += [players[i].__dict__ for i in new_players]
    pieces = _pieces_to_encode(state, encode) if chunks[_PIECES] is None else None
    if pieces is not None:
        todo += pieces[1]

    encoded = _encode_all(todo, encode)
    for index, data in zip(fields, encoded):
        chunks[index] = _KEYS[index] + data
    for i, data in zip(new_players, encoded[len(fields):]):
        player_bytes[i] = data
    chunks[_PLAYERS] = _KEYS[_PLAYERS] + b"[" + b",".join(player_bytes) + b"]"
    if pieces is not None:
        chunks[_PIECES] = _KEYS[_PIECES] + _pieces_bytes(state, encode, pieces[0],
                                                         encoded[len(todo) - len(pieces[1]):])
    state._encoded_fields = (encode, values, chunks)
    state._encoded_players = (encode, tuple(zip(players, player_bytes)))
    state.share_everything()
    out = chunks.copy()  # the braces on the end chunks: the ~10 KB are copied once, by the join
    out[0], out[-1] = b"{" + out[0], out[-1] + b"}"
    return b",".join(out)


def _pieces_to_encode(state: GameState, encode: Encode) -> tuple[bytes | None, list]:
    """(the kept bytes of the pieces the list starts with, or None; what is left to encode).

    Pieces are frozen and only ever added (`replace_piece` swaps one): bytes kept for the same
    pieces in the same order are reused, and a list that grew is the kept one plus the new pieces.
    """
    pieces, kept = state.pieces, state.__dict__.get("_encoded_pieces")
    if kept is not None and kept[0] is encode:
        count = len(kept[1])
        if count <= len(pieces) and all(map(operator.is_, kept[1], pieces)):
            return kept[2], [p.__dict__ for p in pieces[count:]]
    return None, [[p.__dict__ for p in pieces]]


def _pieces_bytes(state: GameState, encode: Encode, start: bytes | None, encoded: list[bytes]) -> bytes:
    """The pieces' bytes from `_pieces_to_encode`'s plan and what was encoded for it (kept for the next time)."""
    if start is None:
        data = encoded[0]
    elif not encoded:
        data = start
    else:
        data = (start[:-1] + b"," if start != b"[]" else b"[") + b",".join(encoded) + b"]"
    state._encoded_pieces = (encode, tuple(state.pieces), data)
    return data
