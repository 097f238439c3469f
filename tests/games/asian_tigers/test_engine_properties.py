"""Property tests: random legal play, random illegal variants, replay and serialization.

Checks TURN-01 (only legal placements are offered and accepted), the decision
stack's contract (CASCADE-03) and that an illegal action never changes a state: the session guard of
tests/games/asian_tigers/conftest.py (`apply_never_changes_its_input`) compares the state field by field
before and after every `apply`, each variant's included; the state's dict is compared once per step, after
its variants (it was compared after each: the guard's check again).
"""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.games.asian_tigers import RulesError, apply, legal_actions, load_edition, new_game, replay, state_from_dict, state_to_dict, view

EDITION = load_edition()
COLORS = ["red", "blue", "green", "yellow"]


def _strip(action):
    return {k: v for k, v in action.items() if k != "decision"}


def _variant(rng, action, state):
    """A random change of one field of a legal action (may or may not stay legal)."""
    variant = _strip(action)
    fields = [k for k in variant if k != "kind"] or ["kind"]
    field = rng.choice(fields)
    pools = {
        "center": list(state.centers) + ["STC", "ITC1", "XX.A"],
        "space": [s for t in EDITION.tigers.values() for s in t.spaces] + ["SK.ZZ"],
        "sector": list(EDITION.sectors) + ["S99"],
        "market": [m for t in EDITION.tigers.values() for m in t.local_markets],
        "worker": list(EDITION.worker_types) + ["W9"],
        "bonus": [0, 1, 2, 999],
        "kind": ["place_worker", "build", "sell_local", "end_turn", "skip_local_sale", "build_department", "jump"],
    }
    variant[field] = rng.choice(pools.get(field, [None]))
    return variant


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(player_count=st.integers(2, 4), seed=st.integers(0, 10_000), stated=st.booleans(), advanced=st.booleans())
def test_random_play_legal_actions_apply_and_variants_are_judged_consistently(player_count, seed, stated, advanced):
    options = {"players": [{"color": c} for c in COLORS[:player_count]], "advanced_neutral": advanced,
               "worker_entry": "stated" if stated else "sequence"}
    state = new_game(options, EDITION, seed)
    rng = random.Random(seed)
    played = []
    before = state_to_dict(state)  # the state as a dict, kept from one step to the next (computed once)
    while legal := legal_actions(state):
        legal_set = [_strip(a) for a in legal]
        for _ in range(3):
            variant = _variant(rng, rng.choice(legal), state)
            if variant in legal_set:
                apply(state, variant)  # a listed action always applies
            else:
                try:
                    apply(state, variant)
                except RulesError:
                    pass
                else:
                    raise AssertionError(f"unlisted action accepted: {variant}")
        assert state_to_dict(state) == before  # neither the variants' applies nor legal_actions changed it
        action = rng.choice(legal)
        step = apply(state, action)
        assert all(isinstance(e.get("text"), str) and e["text"] for e in step.events)
        played.append(action)
        state = step.state
        before = state_to_dict(state)
        assert state_to_dict(state_from_dict(before, EDITION)) == before
    assert state.phase == "over"  # the whole game was played to its end
    view(state)
    assert state_to_dict(replay(options, EDITION, seed, played)) == state_to_dict(state)
