"""BUILD-FAC-01 in the option's words (issue 33, item 12): a factory cheaper than 4 energy says why
(a power plant built beside it), so the table is not left to wonder at "pays 3 energy"."""
import re

from api.games.asian_tigers import load_edition, view
from tests.games.asian_tigers.builders import random_walk

OPTIONS = {"players": [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Bob", "blue"), ("Cy", "green"))]}


def test_build_fac_01_a_cheaper_factory_says_why():
    edition = load_edition()
    for state in random_walk(OPTIONS, range(30), 300, edition):
        if state.decisions[-1]["kind"] == "choose_build":
            shown = view(state)
            for action, choice in zip(shown["legal_actions"], shown["choices"]):
                if action["kind"] != "build" or edition.space(action["space"]).kind != "factory":
                    continue
                paid = re.search(r"pays (\d+) energy", choice["space_detail"])
                if paid and int(paid.group(1)) < 4:
                    assert "energy 4 less 1 for" in choice["space_detail"] and "power plant" in choice["space_detail"], choice
                    # BUILD-PWR-02: whose plant it is, each owner named (the neutral's blocker too)
                    for owner in _plant_owners(state, edition.space(action["space"])):
                        assert owner in choice["space_detail"], (owner, choice)
                    return
    raise AssertionError("no factory cheaper than 4 energy was offered in the seeds tried")


def _plant_owners(state, factory):
    """The owners of the power plants built on the spaces linked to `factory`, as the option names them."""
    mover = state.current_player.id
    owners = set()
    for space in state.edition.tigers[factory.tiger].spaces.values():
        if space.kind == "power_plant" and factory.id in space.connects and space.id in state.occupancy:
            owner = state.pieces[state.occupancy[space.id]].owner
            owners.add("yours" if owner == mover else "the neutral's" if owner == "neutral"
                       else state.player(owner).name + "'s")
    assert owners
    return owners
