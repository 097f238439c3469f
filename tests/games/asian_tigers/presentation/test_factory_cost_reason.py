"""BUILD-FAC-01 in the option's words (issue 33, item 12): a factory cheaper than 4 energy says why
(a power plant built beside it), so the table is not left to wonder at "pays 3 energy"."""
import random
import re

from api.games.asian_tigers import apply, legal_actions, load_edition, new_game, view

OPTIONS = {"players": [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Bob", "blue"), ("Cy", "green"))]}


def test_build_fac_01_a_cheaper_factory_says_why():
    edition = load_edition()
    for seed in range(30):
        state, rng = new_game(OPTIONS, edition, seed), random.Random(seed)
        for _ in range(300):
            legal = legal_actions(state)
            if not legal:
                break
            if state.decisions[-1]["kind"] == "choose_build":
                shown = view(state)
                for action, choice in zip(shown["legal_actions"], shown["choices"]):
                    if action["kind"] != "build" or edition.space(action["space"]).kind != "factory":
                        continue
                    paid = re.search(r"pays (\d+) energy", choice["detail"])
                    if paid and int(paid.group(1)) < 4:
                        assert "energy 4 less 1 for" in choice["detail"] and "power plant" in choice["detail"], choice
                        return
            state = apply(state, rng.choice(legal)).state
    raise AssertionError("no factory cheaper than 4 energy was offered in the seeds tried")
