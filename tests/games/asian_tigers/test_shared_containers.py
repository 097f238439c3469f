"""`GameState.clone` shares the board's containers copy-on-write: a move copies only what it writes.

Every field holding a dict or a list (but the players, copied one by one, and the options,
never changed) is copied by `GameState.own` before the first change, to the depth the engine
writes to.  Over random games (2-4 players, both worker entries, solo): every container of a
clone changed through `own` never shows in its original nor the other way round; every field a
move leaves as it was is the previous state's very object (what the state hash and the view
skip by identity); and the move never changed the state it started from (the conftest checks
that for every `apply` of every test).  An engine property, not a rule: no catalogue rule applies.
"""
import random
from dataclasses import fields

import pytest

from api.games.asian_tigers import apply, is_over, legal_actions, new_game, state_to_dict
from api.games.asian_tigers.state import COPIERS, GameState, Piece
from tests.games.asian_tigers.test_clone_isolation import EDITION, GAMES, _scribble, _states

# Written by every answer (the answered decision leaves the stack, a step leaves its frame): owned each move.
ALWAYS_WRITTEN = {"decisions", "frames"}


def test_every_container_field_is_copied_on_write():
    state = new_game(GAMES[2][0], EDITION, 5)
    containers = {f.name for f in fields(GameState) if isinstance(getattr(state, f.name), (dict, list))}
    containers |= {"neutral", "turn", "management", "solo"}  # None in some games or phases
    assert containers - {"players", "options"} == set(COPIERS)


# How deep each copier copies: what the engine may change (deeper entries are shared, never changed).
DEPTH = {name: 1 for name in COPIERS}
DEPTH.update(center_workers=2, flag_stacks=2, global_market=2, satellites=2, local_markets=2, frames=2, neutral=2,
             solo=99)


def _change_to_depth(container, depth: int) -> None:
    """Change `container` in place: every entry (nested containers `depth` - 1 levels down), and a new one."""
    entries = list(container.items()) if isinstance(container, dict) else list(enumerate(container))
    for key, value in entries:
        if isinstance(value, (dict, list)) and depth > 1:
            _change_to_depth(value, depth - 1)
        else:
            container[key] = _scribble(value) if not isinstance(value, (dict, list, Piece)) else "changed"
    if isinstance(container, dict):
        container["probe"] = 1
    else:
        container.append("probe")


def _change_every_container(state) -> None:
    """Change every container of `state` in place, as deep as its copier copies, reached through `own`."""
    for name in COPIERS:
        value = state.own(name)
        if name == "pieces":  # immutable pieces: the list itself changes
            value.append(Piece("0", "probe", "SK", "factory"))
        elif value is not None:
            _change_to_depth(value, DEPTH[name])


@pytest.mark.parametrize("options,seed", GAMES)
def test_changing_a_container_of_a_clone_or_its_original_never_shows_in_the_other(options, seed):
    for state in _states(options, seed, every=11):
        before = state_to_dict(state)
        original = state.clone()
        clone = original.clone()
        _change_every_container(clone)
        assert state_to_dict(original) == before, "changing a clone's containers changed its original"
        assert state_to_dict(clone) != before
        other = original.clone()
        grandchild = other.clone()
        _change_every_container(original)
        assert state_to_dict(other) == before == state_to_dict(grandchild)
        _change_every_container(grandchild)
        assert state_to_dict(other) == before == state_to_dict(state)


@pytest.mark.parametrize("options,seed", GAMES)
def test_a_move_shares_every_field_it_leaves_as_it_was(options, seed):
    state = new_game(options, EDITION, seed)
    rng = random.Random(seed)
    shared = copied = needless = moves = 0
    while not is_over(state):
        step = apply(state, rng.choice(legal_actions(state)))
        for name in COPIERS.keys() - ALWAYS_WRITTEN:
            if name == "turn" and state.solo is not None:
                continue  # a solo move may play a whole round: the human's turn opens anew, as it was
            old, new = getattr(state, name), getattr(step.state, name)
            if old == new:
                assert old is new, f"{name}: copied by a move that did not change it"
                shared += 1
            else:
                copied += 1
        # The players it did not touch, too (`player` copies a seat on first use only).  A change may
        # leave a player as it was (funds gained at their cap), so only nearly always.
        needless += sum(old is not new and vars(old) == vars(new)
                        for old, new in zip(state.players, step.state.players))
        moves += 1
        state = step.state
    assert shared > 3 * copied  # a move writes a few containers
    assert needless <= 1 + moves // 200, f"{needless} players copied by moves that did not change them"
