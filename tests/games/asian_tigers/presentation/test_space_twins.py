"""Twin spaces by the dots printed on the board (issue 33, item 12: "2 science · 1st" told the table nothing):
two spaces of one Tiger alike in kind, column, good, cost and bonus are told apart by their dots (DATA-13)."""
from api.games.asian_tigers.presentation import labels as L
from tests.games.asian_tigers.builders import edition


def test_data_13_twin_spaces_are_named_by_their_dots_and_every_label_is_unique():
    ed = edition()
    twins = 0
    for tiger in ed.tigers.values():
        names = {sid: L.space_label(ed, space) for sid, space in tiger.spaces.items()}
        assert len(set(names.values())) == len(names), names  # each space its own name
        for sid, name in names.items():
            if name.endswith("-dot space"):
                assert name.endswith(f"· {tiger.spaces[sid].min_players}-dot space"), name
                twins += 1
    assert twins >= 2 * len(ed.tigers)  # the 3-dot and 4-dot departments costing 2 science, on every Tiger
    d2 = L.space_label(ed, ed.space("SK.D2"))
    assert d2 == "South Korea · department · column C · costs 2 science · 3-dot space"
