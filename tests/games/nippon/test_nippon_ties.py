"""Nippon tie situations in a region (NIP-SCORE-06, NIP-AMB-01, NIP-AMB-04) and a property check of the pooling."""
from hypothesis import given, settings, strategies as st

from api.games.nippon import load_nippon_data, score

from tests.games.nippon.helpers import game, lines, players, region, region_result, region_vp, tile

DATA = load_nippon_data()
R3_SLOTS = [("R3.C1", i) for i in range(4)] + [("R3.C2", i) for i in range(4)]  # printed 2,2,3,4 / 1,2,2,3


def test_two_way_tie_for_first_pools_first_and_second():
    # NIP-SCORE-06: (6+4)/2 = 5 each, the Overseas Companies are 3rd and their 2 VP go to nobody.
    r1 = region(tiles=[tile("a", "R1.C1", 3, 7), tile("a", "R1.C1", 2, 1), tile("b", "R1.C2", 3, 6),
                       tile("b", "R1.C2", 2, 2)])  # a 8, b 8, Overseas 14 - 9 = 5
    result = score(game(players("a", "b"), {1: {"R1": r1}}))
    assert region_vp(result, 1, "R1") == {"a": 5, "b": 5}
    assert region_result(result, 1, "R1")["standings"][2]["vp_to_nobody"] == 2


def test_tie_for_second_pools_second_and_third_and_both_score_ships():
    # NIP-SCORE-06, NIP-SCORE-07: the 2nd scoring, a alone 1st, b and c tied 2nd: (5+3)/2 = 4.
    r3 = region(tiles=[tile("a", "R3.C1", 3, 7), tile("a", "R3.C1", 2, 6), tile("a", "R3.C1", 1, 5),
                       tile("b", "R3.C1", 0, 7), tile("b", "R3.C2", 3, 6), tile("c", "R3.C2", 2, 7),
                       tile("c", "R3.C2", 1, 6)],
                ships={"b": 1, "c": 1})  # a 18, b 13, c 13, Overseas 1
    result = score(game(players("a", "b", "c"), {2: {"R3": r3}}))
    assert region_vp(result, 2, "R3") == {"a": 8, "b": 4 + 2, "c": 4 + 2}


def test_tie_with_the_overseas_companies_counts_them_then_discards_their_share():
    # NIP-AMB-01: a ties the Overseas Companies for 2nd: (4+2)/2 = 3; their 3 go to nobody.
    r2 = region(tiles=[tile("b", "R2.C1", 3, 7), tile("b", "R2.C1", 2, 6),  # b 13 on the slots printed 3 and 3
                       tile("a", "R2.C2", 3, 4), tile("a", "R2.C2", 2, 1)])  # a 5 on the slots printed 2 and 1
    # Overseas Companies: 14 - 6 - 3 = 5
    result = score(game(players("a", "b"), {1: {"R2": r2}}))
    standings = region_result(result, 1, "R2")["standings"]
    overseas = next(s for s in standings if s["overseas_companies"])
    a = next(s for s in standings if s["player"] == "a")
    assert a["influence"] == overseas["influence"] == 5
    assert (a["place"], overseas["place"], a["vp"], overseas["vp_to_nobody"]) == (2, 2, 3, 3)
    assert lines(result, "a", "region_majority")[0]["explanation"].endswith(
        "tied 2nd with the Overseas Companies → (4+2)/2 = 3; the Overseas Companies' share goes to nobody")


def test_three_way_tie_for_first_with_the_overseas_companies():
    # NIP-AMB-01: a, b and the Overseas Companies share (10+7+4)/3 = 7 at the 3rd scoring.
    r3 = region(tiles=[tile("a", "R3.C1", 3, 7), tile("a", "R3.C1", 2, 1), tile("b", "R3.C1", 1, 6),
                       tile("b", "R3.C1", 0, 2)])  # a 8, b 8, Overseas 1+2+2+3 = 8
    result = score(game(players("a", "b"), {3: {"R3": r3}}))
    assert region_vp(result, 3, "R3") == {"a": 7, "b": 7}
    assert [s["place"] for s in region_result(result, 3, "R3")["standings"]] == [1, 1, 1]


def test_tie_reaching_beyond_third_place_pools_with_zero():
    # NIP-AMB-04: c and d tie for 3rd at the 2nd scoring: (3+0)/2 = 1 (rounded down).
    r3 = region(tiles=[tile("a", "R3.C1", 3, 7), tile("a", "R3.C1", 2, 6), tile("a", "R3.C1", 1, 5),
                       tile("b", "R3.C1", 0, 7), tile("b", "R3.C2", 3, 6), tile("c", "R3.C2", 2, 7),
                       tile("d", "R3.C2", 1, 7)])  # a 18, b 13, c 7, d 7, Overseas 1
    result = score(game(players("a", "b", "c", "d"), {2: {"R3": r3}}))
    assert region_vp(result, 2, "R3") == {"a": 8, "b": 5, "c": 1, "d": 1}
    assert lines(result, "c", "region_majority")[0]["explanation"].endswith(
        "tied 3rd with d → (3+0)/2 = 1 (rounded down); places beyond 3rd are worth 0")


def test_tie_entirely_beyond_third_place_pays_nothing():
    # NIP-AMB-04: the Overseas Companies 1st, a 2nd, b 3rd, c and d tied 4th.
    r4 = region(tiles=[tile("a", "R4.C2", 3, 7), tile("b", "R4.C2", 2, 6), tile("c", "R4.C2", 1, 5),
                       tile("d", "R4.C2", 0, 5)])  # Overseas 20 - 12 = 8
    result = score(game(players("a", "b", "c", "d"), {1: {"R4": r4}}))
    assert region_vp(result, 1, "R4") == {"a": 4, "b": 2, "c": 0, "d": 0}
    assert lines(result, "c", "region_majority")[0]["explanation"].endswith(
        "tied 4th with d → (0+0)/2 = 0 (only 3 places score)")


@settings(max_examples=80, deadline=None)
@given(owners=st.lists(st.sampled_from([None, 0, 1, 2, 3]), min_size=8, max_size=8),
       orders=st.lists(st.permutations(DATA.tile_values), min_size=4, max_size=4),
       scoring=st.sampled_from([1, 2, 3]))
def test_pooling_never_pays_more_than_the_table_and_ignores_input_order(owners, orders, scoring):
    # NIP-SCORE-05, NIP-SCORE-06: shares are equal within a tie and sum to at most the printed places.
    ids = ["a", "b", "c", "d"]
    used = [0, 0, 0, 0]
    tiles = []
    for (city, slot), owner in zip(R3_SLOTS, owners):
        if owner is not None:
            tiles.append(tile(ids[owner], city, slot, orders[owner][used[owner]]))
            used[owner] += 1
    forward = score(game(players(*ids), {scoring: {"R3": region(tiles=tiles)}}))
    backward = score(game(players(*ids), {scoring: {"R3": region(tiles=list(reversed(tiles)))}}))
    paid = region_vp(forward, scoring, "R3")
    assert paid == region_vp(backward, scoring, "R3")
    assert sum(paid.values()) <= sum(DATA.vp_by_scoring[scoring - 1])
    standings = region_result(forward, scoring, "R3")["standings"]
    for entry in standings:
        tied = [s for s in standings if s["place"] == entry["place"]]
        shares = {s.get("vp", s.get("vp_to_nobody")) for s in tied}
        assert len(shares) == 1
