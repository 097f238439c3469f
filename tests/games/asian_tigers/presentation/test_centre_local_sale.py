"""A centre's button says which local-market sale it opens (issue 33, item 12): what the option's words
promise is exactly what the engine then offers (LMKT-02: the optional sale after the placement; LMKT-03/04/05:
in the centre's reach, not yet sold this era, the good in hand)."""
import re

from api.games.asian_tigers import apply, legal_actions, load_edition, view
from tests.games.asian_tigers.builders import random_walk

OPTIONS = {"players": [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "blue"},
                       {"name": "Cy", "color": "green"}]}
PROMISE = re.compile(r"1 (\w[\w ]*?) to its column ([ABC]) market \(\+(\d+) influence\)")


def test_lmkt_02_a_centre_names_the_local_sales_it_opens():
    # LMKT-02 LMKT-03 LMKT-05
    edition = load_edition()
    with_sale = without_sale = 0
    for state in random_walk(OPTIONS, range(12), 60, edition):
        shown = view(state)
        for action, choice in zip(shown["legal_actions"], shown["choices"]):
            center = action.get("center", "")
            if action["kind"] != "place_worker" or not re.fullmatch(r"[A-Z]{2}\.[ABC]", center):
                continue
            after = apply(state, {k: v for k, v in action.items() if k != "decision"}).state
            offered = sorted(
                (m.good, m.column, m.influence)
                for a in legal_actions(after) if a["kind"] == "sell_local"
                for m in [edition.tigers[center[:2]].local_markets[a["market"]]])
            promised = sorted((g, c, int(i)) for g, c, i in PROMISE.findall(choice["detail"]))
            assert promised == offered, (center, choice["detail"], offered)
            if offered:
                with_sale += 1
                assert choice["detail"].index("you may sell") < choice["detail"].index("then a build")
            else:
                without_sale += 1
                assert "sell" not in choice["detail"], choice["detail"]
    assert with_sale and without_sale, (with_sale, without_sale)
