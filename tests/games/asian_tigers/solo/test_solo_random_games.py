"""Random solo games: the human plays random legal moves, the Automa plays itself (SOLO-TURN-01, SOLO-AUTOMA-*).

Invariants: a question is always waiting until the end (legal actions never empty before
it); every listed action applies; the Automa never holds funds or resources
(SOLO-AUTOMA-08); a saved state round-trips; `apply` leaves its input untouched; the
game replays to the same state from its options, seed and actions.
"""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.games.asian_tigers import apply, is_over, legal_actions, load_edition, new_game, replay, state_from_dict, \
    state_to_dict, view

EDITION = load_edition()
VARIANTS = [
    {"variant": "solo"}, {"variant": "scenario"}, {"variant": "campaign", "face_up": ["CT2", "CT5", "CT8"]},
    {"variant": "high_score", "high_score": 60}, {"variant": "solo", "tiles": "recorded"},
]


def _automa_holds_nothing(state) -> bool:
    automa = state.player(state.solo["automa"])
    return automa.energy == 0 and automa.science == 0 and not any(automa.goods.values()) \
        and set(automa.funds.values()) == {0}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(VARIANTS), difficulty=st.integers(1, 4),
       stated=st.booleans())
def test_random_solo_games_run_to_the_end_and_replay(seed, variant, difficulty, stated):
    options = {"players": [{"name": "Ann", "color": "green"}], "worker_entry": "stated" if stated else "sequence",
               "solo": {"difficulty": difficulty, **variant}}
    state = new_game(options, EDITION, seed)
    rng = random.Random(seed)
    played = []
    automa_turns = 0
    while not is_over(state):
        legal = legal_actions(state)
        assert legal, f"no legal action before the end ({state.decisions})"
        action = rng.choice(legal)
        if rng.random() < 0.1:  # apply never changes its input
            before = state_to_dict(state)
            apply(state, action)
            assert state_to_dict(state) == before
        step = apply(state, action)
        assert all(isinstance(e.get("text"), str) and e["text"] for e in step.events)
        automa_turns += sum(e["kind"] == "automa_turn" for e in step.events)
        played.append(action)
        state = step.state
        assert _automa_holds_nothing(state)
        if rng.random() < 0.2:
            data = state_to_dict(state)
            assert state_to_dict(state_from_dict(data, EDITION)) == data
    assert automa_turns == 20  # 10 workers in each era (SOLO-TURN-01)
    assert legal_actions(state) == []
    shown = view(state)
    assert shown["over"] and shown["solo"]["variant"] == variant["variant"]
    solo = state.management["outcome"]["solo"]
    assert solo["difficulty"] == difficulty and solo["variant"] == variant["variant"]
    assert state_to_dict(replay(options, EDITION, seed, played)) == state_to_dict(state)
