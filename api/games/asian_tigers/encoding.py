"""The canonical bytes of a state, assembled from parts that are encoded once.

Storage hashes every recorded state: the SHA-256 of its canonical JSON (sorted
keys, no spaces: what ``json.dumps(state_to_dict(state), sort_keys=True,
separators=(",", ":"), ensure_ascii=False)`` writes).  Most of a state does not
change from one move to the next, and much of it is held in objects that can
never change again: the players a state shares with a clone (see
`GameState.clone`), the frozen pieces, the management record's entries and the
options.  A state keeps their bytes beside its fields, naming the objects they
encode, and a clone inherits them: while it still holds those very objects the
bytes are reused, so a move encodes only what it may have changed (about one
player and the plain fields) instead of the whole ~10 KB.

The result is byte for byte what encoding the whole `state_to_dict` gives:
canonical JSON of a mapping with sorted keys is the concatenation of its
entries' canonical JSON, and each part is encoded by the same `encode`
(`tests/games/asian_tigers/test_state_encoding.py` checks it over random games,
with clones changed in every field).  Pure Python: the encoder is the caller's.
"""
from __future__ import annotations

import operator
from typing import Any, Callable

from api.games.asian_tigers.state import SAVED_FIELDS, GameState

Encode = Callable[[Any], bytes]

# The kept bytes live in the state's `__dict__` as ``_encoded_players`` / ``_pieces`` / ``_management``
# / ``_options`` (not fields: never saved nor compared; `clone` copies them with the rest), each with
# the encoder and the objects it encodes.  On the state rather than in a process-wide table by
# object id: between two moves the machine's caches are cold, and a lookup in a large table costs
# about what encoding the part again does.


def _players(state: GameState, encode: Encode) -> bytes:
    # From now on this state copies a player before changing it, as if it shared all of them with
    # a clone (the next move's clone makes it so anyway): so none of these objects changes again,
    # and a clone that still holds one may reuse its bytes.
    state._shared_seats = (1 << len(state.players)) - 1
    kept = state.__dict__.get("_encoded_players")
    if kept is None or kept[0] is not encode:
        kept = (encode, ())
    known = kept[1]
    entries = tuple((p, known[i][1] if i < len(known) and known[i][0] is p else encode(p.__dict__))
                    for i, p in enumerate(state.players))
    state._encoded_players = (encode, entries)
    return b"[" + b",".join([data for _, data in entries]) + b"]"


def _pieces(state: GameState, encode: Encode) -> bytes:
    # Pieces are frozen and only ever added (`replace_piece` swaps one): bytes kept for the same
    # pieces in the same order are reused, and a list that grew is the kept one plus the new pieces.
    pieces = state.pieces
    kept = state.__dict__.get("_encoded_pieces")
    if kept is not None and kept[0] is encode:
        _, before, data = kept
        count = len(before)
        if count <= len(pieces) and all(map(operator.is_, before, pieces)):
            if count == len(pieces):
                return data
            added = b",".join([encode(p.__dict__) for p in pieces[count:]])
            data = (data[:-1] + b"," if count else b"[") + added + b"]"
            state._encoded_pieces = (encode, tuple(pieces), data)
            return data
    data = encode([p.__dict__ for p in pieces])
    state._encoded_pieces = (encode, tuple(pieces), data)
    return data


def _management(state: GameState, encode: Encode) -> bytes:
    # Its entries are written once and never changed (clones share them; see `_STATE_COPIERS`): the
    # record is known again by its keys and the identity of their values.
    record = state.management
    if record is None:  # Era I
        return b"null"
    if type(record) is not dict:
        return encode(record)
    kept = state.__dict__.get("_encoded_management")
    if (kept is not None and kept[0] is encode and len(kept[1]) == len(record)
            and all(key in record and record[key] is value for key, value in kept[1])):
        return kept[2]
    data = encode(record)
    state._encoded_management = (encode, tuple(record.items()), data)
    return data


def _options(state: GameState, encode: Encode) -> bytes:
    # Set up once, shared by every clone, never changed.
    kept = state.__dict__.get("_encoded_options")
    if kept is not None and kept[0] is encode and kept[1] is state.options:
        return kept[2]
    data = encode(state.options)
    state._encoded_options = (encode, state.options, data)
    return data


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
            if len(part) == 1 and type(values[part[0]]) is int:  # an integer is written as Python writes it
                chunks.append(b'"%s":%d' % (part[0].encode(), values[part[0]]))
            else:
                chunks.append(encode({field: values[field] for field in part})[1:-1])
        else:
            chunks.append(part[0] + part[1](state, encode))
    return b"{" + b",".join(chunks) + b"}"
