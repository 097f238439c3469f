"""Issue 34: with the board described, the neutral's investment points come from its blockers (no 16 fields)."""
from __future__ import annotations

from collections import Counter

from api.games.asian_tigers import load_edition
from api.games.asian_tigers.scoring.board_input import expand_boards

EDITION = load_edition()


def table(**neutral) -> dict:
    return {"player_count": 3, "tigers": {t: {"board": {}} for t in EDITION.tigers},
            "participants": {"Red": {"kind": "player"}, "Neutral": {"kind": "neutral", "influence": {}, **neutral}}}


def test_the_neutral_ip_are_its_blockers_on_the_four_dot_spaces():
    # NEUTRAL-01/04: a blocker on each 4-dot space of every Tiger, worth 5 IP there, by the spaces' columns
    derived = expand_boards(table(), EDITION)["participants"]["Neutral"]["tigers"]
    for tiger_id, tiger in EDITION.tigers.items():
        columns = Counter(s.column or "none" for s in tiger.spaces.values()
                          if not s.infinite and s.min_players == EDITION.neutral["blocker_space_dots"])
        assert derived[tiger_id]["ip"] == {c: columns.get(c, 0) for c in ("A", "B", "C", "none")}
        assert sum(derived[tiger_id]["ip"].values()) == len(EDITION.neutral["blocker_kinds_per_tiger"])


def test_the_advanced_neutral_adds_its_parts_factories_and_a_given_entry_is_kept():
    # NEUTRAL-03/04: advanced, a parts factory under each neutral factory: 6 IP per Tiger
    derived = expand_boards(table(advanced=True), EDITION)["participants"]["Neutral"]
    assert "advanced" not in derived
    assert all(sum(f["ip"].values()) == 6 for f in derived["tigers"].values())
    given = {t: {"ip": {"A": 5, "B": 0, "C": 0, "none": 0}} for t in EDITION.tigers}
    assert expand_boards(table(tigers=given), EDITION)["participants"]["Neutral"]["tigers"] == given
