"""MGMT1-03 in the table's words (issue 33, item 10): each influence award names the marker's new space."""
import random
import re

from api.games.asian_tigers import apply, legal_actions, load_edition, new_game

OPTIONS = {"players": [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Bob", "blue"), ("Cy", "green"))]}


def test_mgmt1_03_each_award_says_where_the_marker_goes():
    state, rng = new_game(OPTIONS, load_edition(), 3), random.Random(1)
    while True:
        before = {p.id: dict(p.influence) for p in state.players}
        step = apply(state, rng.choice(legal_actions(state)))
        awarded = [e for e in step.events if e["kind"] == "influence_awarded"]
        if awarded:
            break
        state = step.state
    for event in awarded:
        for seat, gain in event["awards"].items():
            if seat == "neutral":
                continue
            name = next(p.name for p in state.players if p.id == seat)
            was = before[seat][event["tiger"]]
            assert re.search(rf"{name} \(\w+\) \d+ IP → \+{gain} influence \({was} → {was + gain}\)", event["text"]), event["text"]
