"""`state_canonical_bytes` gives exactly the canonical JSON of `state_to_dict`, whatever was kept encoded.

The state hash of every recorded move is the SHA-256 of these bytes, so they must never differ
from encoding the whole state: not for any state of a random game (2-4 players, both worker
entries, solo), not after a clone or its original changed every player field or container (the parts kept by
identity must never go stale), not with values that only the stdlib's encoding decides (floats,
big integers).  An engine property, not a rule: no catalogue rule applies.
"""
import json

import pytest

from api.games.asian_tigers import state_canonical_bytes, state_from_dict, state_to_dict
from api.games.asian_tigers.state import Piece
from tests.games.asian_tigers.test_clone_isolation import GAMES, _change_every_player, _states
from tests.games.asian_tigers.test_shared_containers import _change_every_container


def canonical(value) -> bytes:
    """The reference: the stdlib's canonical JSON (sorted keys, no spaces, UTF-8)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


@pytest.mark.parametrize("options,seed", GAMES)
def test_the_assembled_bytes_are_the_canonical_json_of_the_whole_state(options, seed):
    for index, state in enumerate(_states(options, seed, every=3)):
        assert state_canonical_bytes(state, canonical) == canonical(state_to_dict(state))
        if index % 4:
            continue
        # Kept parts must not go stale: change every player of a clone, then of the original.
        original = state.clone()
        clone = original.clone()
        before = state_canonical_bytes(original, canonical)
        state_canonical_bytes(clone, canonical)
        _change_every_player(clone, "player")
        assert state_canonical_bytes(clone, canonical) == canonical(state_to_dict(clone)) != before
        assert state_canonical_bytes(original, canonical) == before
        _change_every_player(original, "current_player")  # after its own bytes were kept, too
        assert state_canonical_bytes(original, canonical) == canonical(state_to_dict(original)) != before
        assert state_canonical_bytes(state, canonical) == canonical(state_to_dict(state))
        # A state hashed while it owns its players (as the state a move just made does), then changed.
        owned = state.clone()
        owned.own_players()
        state_canonical_bytes(owned, canonical)
        _change_every_player(owned, "own_players")
        assert state_canonical_bytes(owned, canonical) == canonical(state_to_dict(owned))
        # Containers: every one of a clone changed (through `own`, as the engine does), then the original's.
        board = state.clone()
        state_canonical_bytes(board, canonical)
        _change_every_container(board)
        assert state_canonical_bytes(board, canonical) == canonical(state_to_dict(board))
        assert state_canonical_bytes(state, canonical) == canonical(state_to_dict(state))
        _change_every_container(original)  # hashed before: its kept bytes must not be reused
        assert state_canonical_bytes(original, canonical) == canonical(state_to_dict(original))
        # Pieces: one added to a clone (as a build does), one swapped in the original (a parts factory).
        if state.pieces:
            grown = state.clone()
            grown.own("pieces").append(Piece("0", "probe", "SK", "factory"))
            assert state_canonical_bytes(grown, canonical) == canonical(state_to_dict(grown))
            original.replace_piece(original.pieces[-1], parts_factory=not original.pieces[-1].parts_factory)
            assert state_canonical_bytes(original, canonical) == canonical(state_to_dict(original))
            assert state_canonical_bytes(state, canonical) == canonical(state_to_dict(state))


def test_floats_and_big_integers_anywhere_encode_as_the_whole_state_does():
    state = next(_states(*GAMES[0], every=1))
    data = state_to_dict(state)
    data["options"]["probe"] = 1e16  # in a kept part
    data["turn"] = {"probe": 0.00001}  # in a run of plain fields
    data["players"][0]["funds"]["probe"] = 2 ** 70  # inside a player
    data["management"] = {"era1": {"probe": -1e-7}, "flag": 1.5}
    probed = state_from_dict(data, state.edition)
    assert state_canonical_bytes(probed, canonical) == canonical(state_to_dict(probed))
    assert b"1e+16" in state_canonical_bytes(probed, canonical)


def test_strings_like_the_marker_between_values_encoded_together_change_nothing():
    # The changed parts are encoded in one call, cut apart at a marker (a lone NUL character): a state
    # holding that very string, or text around it, must still give exactly its canonical JSON.
    state = next(_states(*GAMES[0], every=1))
    for name in ("\x00", ',"\x00",', "a\x00", '\x00","'):
        data = state_to_dict(state)
        data["players"][1]["name"] = name
        data["turn"] = {"seat": "0", "worker": name, "center": None}
        data["leftover_region_tokens"] = [name, "\x00", name]  # ,"\u0000", inside a value
        probed = state_from_dict(data, state.edition)
        assert state_canonical_bytes(probed, canonical) == canonical(state_to_dict(probed))
        clone = probed.clone()
        clone.own("turn")["center"] = "\x00"
        clone.player("2").name = "\x00"
        assert state_canonical_bytes(clone, canonical) == canonical(state_to_dict(clone))
