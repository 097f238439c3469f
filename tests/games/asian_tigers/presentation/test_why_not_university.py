"""Why not, at a university (issue 33, item 11): its parts-factory action is listed when it cannot be taken,
with the engine's own reason (BUILD-PARTS-01), not left out."""
import random

from api.games.asian_tigers import apply, legal_actions, load_edition, new_game
from api.games.asian_tigers.presentation.why_not import why_not

OPTIONS = {"players": [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "blue"}]}


def university_question(seed: int):
    """The first university question (seeded-random play) whose university offers a parts factory."""
    edition = load_edition()
    state, rng = new_game(OPTIONS, edition, seed), random.Random(seed)
    while legal_actions(state):
        d = state.decisions[-1]
        if d["kind"] == "choose_university_action" and "parts_factory" in edition.space(d["space"]).additional_actions:
            return state
        state = apply(state, rng.choice(legal_actions(state))).state
    return None


def test_build_parts_01_the_parts_factory_action_is_explained_when_refused():
    for seed in range(40):
        state = university_question(seed)
        if state is None:
            continue
        legal = legal_actions(state)
        if any(a["kind"] == "attach_parts_factory" for a in legal):
            continue  # offered here: nothing to explain
        entries = why_not(state, state.decisions[-1], legal)
        parts = [e for e in entries if e["action"]["kind"] == "attach_parts_factory"]
        assert parts, f"seed {seed}: the refused parts factory is not explained"
        assert all(e["reason"]["rule"].startswith("BUILD-PARTS") for e in parts)
        assert parts[0]["label"].startswith("A parts factory under ")
        return
    raise AssertionError("no seed reached a university whose parts factory was refused")
