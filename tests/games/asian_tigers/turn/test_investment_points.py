"""Investment points computed from the board (IP-01..05), and what they feed (FUNDS-04, COMP-04)."""
from collections import Counter

import pytest

from api.games.asian_tigers.management.era2 import end_position
from api.games.asian_tigers.turn.investment import column_ip, tiger_facts
from tests.games.asian_tigers.builders import game
from tests.games.asian_tigers.builders.management import put


def test_ip_01_each_built_piece_is_worth_one_including_infinity_hq_and_satellites():
    # IP-01: university, department, factory, power plant, lab, satellite, HQ and ∞ pieces: 1 each
    state = put(game(2), "0", "SK", "U1", "D1", "F2", "P1", "L3", "Linf", "Pinf", "SL", "HQ")
    assert column_ip(state, "0", "SK").total == 9 + 1  # SL boosts L3 (IP-03): +1
    assert column_ip(state, "1", "SK").total == 0


def test_ip_02_a_parts_factory_adds_one_to_its_factory():
    # IP-02
    state = put(game(2), "0", "SK", "F2+PF")
    ip = column_ip(state, "0", "SK")
    assert (ip.B, ip.total) == (2, 2)


@pytest.mark.parametrize("codes, expected", [
    (("SF", "F2+PF", "F3"), {"A": 0, "B": 3, "C": 2, "none": 1}),  # F2 1+PF+sat, F3 1+sat, SF 1
    (("SP", "P1", "Pinf"), {"A": 2, "B": 0, "C": 0, "none": 2}),  # ∞ power plant not boosted
    (("SL*", "L3", "Linf", "U1"), {"A": 1, "B": 0, "C": 2, "none": 2}),  # generic satellite on SL boosts L3 only
])
def test_ip_03_a_satellite_boosts_its_owners_pieces_in_its_row_except_infinity_and_parts(codes, expected):
    # IP-03 / AMB-08: +1 to every other own piece of that row on that Tiger; not ∞, not parts factories
    state = put(game(2), "0", "SK", *codes)
    assert column_ip(state, "0", "SK").__dict__ == expected


def test_ip_03_a_satellite_does_not_boost_another_players_pieces():
    # IP-03: the modifier is the owner's
    state = put(put(game(2), "0", "SK", "SF"), "1", "SK", "F2")
    assert column_ip(state, "1", "SK").total == 1


def test_ip_04_column_split_puts_satellites_hq_and_infinity_in_none():
    # IP-04 / AMB-10 / AMB-19: columns A/B/C of the space; satellites, HQ, ∞ pieces in no column
    state = put(game(2), "0", "HK", "U1", "U3", "D1", "Linf", "HQ")
    assert column_ip(state, "0", "HK").__dict__ == {"A": 1, "B": 1, "C": 1, "none": 2}


def test_ip_05_the_neutral_blockers_are_its_investment_points():
    # IP-05 / NEUTRAL-04: 5 per Tiger, 6 in the advanced variant (parts factory on its factory)
    basic, advanced = game(3), game(3, advanced_neutral=True)
    for tiger in ("SK", "HK", "TW", "SG"):
        assert column_ip(basic, "neutral", tiger).total == 5
        assert column_ip(advanced, "neutral", tiger).total == 6


def test_sector_facts_follow_the_requirements():
    # SCORE-FSB-03..07: kinds (department counts as university), satellites, parts factories, PP and labs incl. ∞
    state = put(game(2), "0", "TW", "D1", "F2+PF", "P1", "Pinf", "Linf", "SF*", "HQ")
    facts = tiger_facts(state, "0", "TW")
    assert facts.distinct_infrastructure_types == 6
    assert (facts.satellites, facts.parts_factories, facts.power_plants, facts.laboratories) == (1, 1, 2, 1)


def test_funds_04_funds_are_not_leftover_resources():
    # FUNDS-04 / MGMT2-02: only goods, energy and science count
    state = game(2)
    state.players[0].funds = {t: 10 for t in state.players[0].funds}
    position = end_position(state)
    left = position.participants["0"].leftovers
    assert (left.goods, left.energy, left.science) == (1, 4, 2)


def test_comp_04_workers_cover_four_bags_and_the_board():
    # COMP-04 / PSETUP-02: 4 bags × 12 (4 of each type) + 3 setup workers (one of each) = 51 = 3 × 17
    state = game(4)
    per_type = Counter()
    for player in state.players:
        per_type.update(player.team + player.set_aside)
    setup_types = Counter(state.centers[c] for c, workers in state.center_workers.items() if "setup" in workers)
    total = per_type + setup_types
    assert dict(total) == {t: 17 for t in state.edition.worker_types}
    assert sum(total.values()) == 51
