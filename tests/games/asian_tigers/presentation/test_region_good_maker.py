"""REGION-04 / AMB-26 in the option's words (issue 33, item 12): a "1 good made here" region bonus offers the
goods some factory on that Tiger makes — anyone's, the neutral's blocker too — and each option says whose
factory makes its good, so a Finance offered only because of the neutral's factory is no longer a puzzle."""
import random

from api.games.asian_tigers import apply, is_over, legal_actions, new_game, view
from api.games.asian_tigers.state import NEUTRAL
from tests.games.asian_tigers.builders import edition, players


def _makers(state, tiger, good, seat):
    """Whose factories on `tiger` make `good`, as the option should name them (from the pieces on the board)."""
    names = set()
    for piece in state.pieces:
        if piece.tiger == tiger and piece.kind == "factory" and state.edition.space(piece.space).good == good:
            names.add("your" if piece.owner == seat else "the neutral's" if piece.owner == NEUTRAL
                      else state.player(piece.owner).name + "'s")
    return names


def test_region_04_each_good_of_a_good_token_says_whose_factory_makes_it():
    ed = edition()
    neutral_only = checked = 0
    for seed in range(60):
        state, rng = new_game({"players": players(3), "advanced_neutral": bool(seed % 2)}, ed, seed), random.Random(seed)
        while not is_over(state):
            decision = state.decisions[-1]
            if decision["kind"] == "choose_region_bonus" and decision["tiger"] is not None:
                shown = view(state)
                tiger = ed.tigers[decision["tiger"]].name
                for action, choice in zip(shown["legal_actions"], shown["choices"]):
                    if "good" not in action:
                        continue
                    makers = _makers(state, decision["tiger"], action["good"], decision["seat"])
                    assert makers, action  # REGION-04: only a good made there is offered
                    assert f"{action['good']} is made on {tiger} by " in choice["detail"], choice
                    assert all(f"{m} factory" in choice["detail"] for m in makers), (makers, choice)
                    neutral_only += makers == {"the neutral's"}
                    checked += 1
            state = apply(state, rng.choice(legal_actions(state))).state
        if neutral_only >= 2 and checked >= 10:
            return
    raise AssertionError(f"too few good-token choices seen ({checked}, neutral's only: {neutral_only})")
