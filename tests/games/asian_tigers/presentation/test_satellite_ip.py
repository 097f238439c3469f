"""IP-03 in the option's words (issue 33, item 12): a satellite bonus says the investment points it adds,
the satellite's 1 and +1 for each of the player's pieces in its row there, beside its cost."""
import re

from api.games.asian_tigers import load_edition, view
from tests.games.asian_tigers.builders import random_walk

OPTIONS = {"players": [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "blue"}]}


def test_ip_03_a_satellite_bonus_says_the_points_it_adds():
    for state in random_walk(OPTIONS, range(40), 400, load_edition()):
        shown = view(state)
        for action, choice in zip(shown["legal_actions"], shown["choices"]):
            if action["kind"] == "resolve_bonus" and "satellite" in choice.get("payoff", {}):
                assert re.search(r"pays \d+ funds?", choice["detail"]), choice
                m = re.search(r"\+(\d+) investment points? on [A-Z][a-z]+( [A-Z][a-z]+)? \(the satellite 1", choice["detail"])
                assert m, choice["detail"]
                return
    raise AssertionError("no satellite bonus was offered in the seeds tried")
