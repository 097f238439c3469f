"""`GameState.clone` shares players until one is changed: a clone and its original never see each other's changes.

A clone keeps the original's `PlayerState` objects until `player` (the engine's one way to a
player it changes) copies one for the state asking.  Over random games (2-4 players, both
worker entries, solo), every player of a clone is changed in every field through that path,
and the original must read as before; then the other way round; then along a chain of
clones.  An engine property, not a rule: no catalogue rule applies.
"""
import random

import pytest

from api.games.asian_tigers import apply, is_over, legal_actions, load_edition, new_game, state_to_dict

EDITION = load_edition()
COLORS = ["red", "blue", "green", "yellow"]


def _scribble(value):
    """A changed copy of a scalar (every type a player holds)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 7
    if isinstance(value, str):
        return value + "~"
    return "changed"


def _change_in_place(container) -> None:
    """Change every entry of a player's dict or list in place, one level down too (the sectors' contents)."""
    if isinstance(container, dict):
        nested = False
        for key, value in list(container.items()):
            if isinstance(value, (dict, list)):
                _change_in_place(value)
                nested = True
            else:
                container[key] = _scribble(value)
        if not nested:  # a new entry too (the sectors keep their shape: each holds a dict)
            container["probe"] = 1
    else:
        for index, value in enumerate(container):
            container[index] = _scribble(value)
        container.append("probe")


def _change_every_player(state, via: str) -> None:
    """Change each player of `state` in every field, reached as the engine reaches a player it changes."""
    first = [state.current_player] if via == "current_player" and state.current_player is not None else []
    rest = state.own_players() if via == "own_players" else [state.player(str(i)) for i in range(len(state.players))]
    for player in first + [p for p in rest if not any(p is f for f in first)]:
        for name, value in vars(player).items():
            if isinstance(value, (dict, list)):
                _change_in_place(value)
            elif name != "id":  # the seat id names the player (`player` looks seats up by index)
                setattr(player, name, _scribble(value))


def _states(options, seed, every=7):
    """Every `every`-th state of a random game to its end."""
    state = new_game(options, EDITION, seed)
    rng = random.Random(seed)
    step = 0
    while not is_over(state):
        if step % every == 0:
            yield state
        state = apply(state, rng.choice(legal_actions(state))).state
        step += 1
    yield state


GAMES = [
    ({"players": [{"color": c} for c in COLORS]}, 11),
    ({"players": [{"color": c} for c in COLORS[:3]], "worker_entry": "stated"}, 12),
    ({"players": [{"color": c} for c in COLORS[:2]], "advanced_neutral": True}, 13),
    ({"players": [{"name": "Ann", "color": "green"}], "solo": {"difficulty": 2, "variant": "solo"}}, 14),
]


@pytest.mark.parametrize("options,seed", GAMES)
def test_changing_a_clone_or_its_original_never_shows_in_the_other(options, seed):
    vias = ["player", "own_players", "current_player"]
    for index, state in enumerate(_states(options, seed)):
        via = vias[index % len(vias)]
        before = state_to_dict(state)
        original = state.clone()  # the game goes on from `state`: the scribbling is done on clones

        clone = original.clone()
        _change_every_player(clone, via)
        assert state_to_dict(original) == before, f"changing a clone changed its original (via {via})"
        assert state_to_dict(clone) != before

        original.own_players()  # now it holds players nothing else has: the clone must make it share them again
        other = original.clone()
        grandchild = other.clone()  # a chain: the middle one shares with both ends
        _change_every_player(original, via)
        assert state_to_dict(other) == before, f"changing an original changed its clone (via {via})"
        assert state_to_dict(grandchild) == before
        _change_every_player(grandchild, via)
        assert state_to_dict(other) == before, "changing a clone's clone changed the clone"
        assert state_to_dict(state) == before  # and the game's own state never moved
