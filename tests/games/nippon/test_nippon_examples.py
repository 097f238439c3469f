"""The catalogue's Nippon mini tests NIP-T1 and NIP-T2 (Part E.1), exactly as written."""
import json

from api.games.nippon import score

from tests.games.nippon.helpers import game, lines, players, region, region_result, region_vp, tile


def test_nip_t1_tie_for_first_train_needs_a_tile_overseas_third():
    # NIP-T1: 2nd scoring 8/5/3, region R2 (slots [1,2,3,3] and [1,1,1,2], 14 in all).
    r2 = region(
        tiles=[tile("red", "R2.C1", 3, 3), tile("red", "R2.C1", 1, 2),  # Red 3 + 2 on slots printed 3 and 2
               tile("blue", "R2.C1", 2, 4), tile("blue", "R2.C2", 3, 3)],  # Blue 4 + 3 on slots printed 3 and 2
        trains={"red": 1, "yellow": 1}, ships={"red": 1})
    result = score(game(players("red", "blue", "yellow"), {2: {"R2": r2}}))  # the tiles stay for scoring 3

    assert json.loads(json.dumps(result)) == result  # JSON-ready as returned
    r2_result = region_result(result, 2, "R2")
    assert r2_result["overseas_influence"] == 14 - 10  # the tiles cover slots printed 3, 3, 2 and 2
    by_player = {s["player"]: s for s in r2_result["standings"]}
    assert by_player["red"]["influence"] == 7 and by_player["blue"]["influence"] == 7
    assert by_player["yellow"]["place"] is None  # a train but no tile: 0, not placed
    overseas = next(s for s in r2_result["standings"] if s["overseas_companies"])
    assert (overseas["place"], overseas["vp_to_nobody"]) == (3, 3)
    assert region_vp(result, 2, "R2") == {"red": 8, "blue": 6, "yellow": 0}
    red_line = next(line for line in lines(result, "red", "region_majority") if line["scoring"] == 2)
    assert "tied 1st with blue → (8+5)/2 = 6 (rounded down)" in red_line["explanation"]


def test_nip_t2_tie_with_the_overseas_companies():
    # NIP-T2: 1st scoring 6/4/2, region R1 (slots [1,1,2,3] and [1,2,2,2], 14 in all).
    r1 = region(
        tiles=[tile("yellow", "R1.C1", 3, 4), tile("yellow", "R1.C1", 2, 1),  # on the slots printed 3 and 2
               tile("red", "R1.C2", 1, 2), tile("red", "R1.C2", 2, 1)],  # on two slots printed 2
        ships={"yellow": 1, "red": 1})
    result = score(game(players("red", "yellow"), {1: {"R1": r1}}))  # the same board at scorings 2 and 3

    assert region_result(result, 1, "R1")["overseas_influence"] == 5
    assert region_vp(result, 1, "R1") == {"yellow": 7, "red": 2}
    overseas = next(s for s in region_result(result, 1, "R1")["standings"] if s["overseas_companies"])
    assert (overseas["place"], overseas["tied"], overseas["vp_to_nobody"]) == (1, True, 5)
    yellow_line = next(line for line in lines(result, "yellow", "region_majority") if line["scoring"] == 1)
    assert "tied 1st with the Overseas Companies → (6+4)/2 = 5" in yellow_line["explanation"]
