"""Impossible Nippon input is refused with a stable code, the rule it breaks and the JSON pointer of the value."""
import pytest

from api.games.nippon import ScoringInputError, score

from tests.games.nippon.helpers import game, players, region, tile


def base() -> dict:
    """A valid game: red and blue, one tile each in R1 at the 1st scoring."""
    r1 = region(tiles=[tile("red", "R1.C1", 0, 3), tile("blue", "R1.C1", 1, 2)])
    return game(players("red", "blue"), {1: {"R1": r1}})


def set_path(document: dict, path: tuple, value) -> dict:
    node = document
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return document


def r1_tiles(*tiles) -> dict:
    return {"R1": region(tiles=list(tiles))}


CASES = [
    # (id, change, code, rule, path)
    ("not an object", lambda g: [], "not_an_object", "NIP-SCORE-01", "/"),
    ("missing seat", lambda g: g["players"][0].pop("seat") and g, "missing_field", "NIP-SCORE-01", "/players/0/seat"),
    ("unknown field", lambda g: set_path(g, ("players", 0, "colour"), "red"), "unknown_field", "NIP-SCORE-01",
     "/players/0/colour"),
    ("duplicate player ids", lambda g: set_path(g, ("players", 1, "id"), "red"), "duplicate_player_id",
     "NIP-SCORE-01", "/players/1/id"),
    ("empty id", lambda g: set_path(g, ("players", 1, "id"), " "), "not_an_id", "NIP-SCORE-01", "/players/1/id"),
    ("five players", lambda g: set_path(g, ("players",), players("a", "b", "c", "d", "e")), "wrong_player_count",
     "NIP-SCORE-01", "/players"),
    ("duplicate seat", lambda g: set_path(g, ("players", 1, "seat"), 1), "duplicate_seat", "NIP-SCORE-01",
     "/players/1/seat"),
    ("seat beyond the table", lambda g: set_path(g, ("players", 1, "seat"), 3), "above_maximum", "NIP-SCORE-01",
     "/players/1/seat"),
    ("seat is a boolean", lambda g: set_path(g, ("players", 0, "seat"), True), "not_an_integer", "NIP-SCORE-01",
     "/players/0/seat"),
    ("unknown last player", lambda g: set_path(g, ("last_turn_player",), "green"), "unknown_player", "NIP-SCORE-10",
     "/last_turn_player"),
    ("two scorings", lambda g: g["scorings"].pop() and g, "wrong_length", "NIP-SCORE-02", "/scorings"),
    ("unknown region", lambda g: set_path(g, ("scorings", 0, "regions", "R9"), {}), "unknown_region", "NIP-SCORE-05",
     "/scorings/0/regions/R9"),
    ("city of another region", lambda g: set_path(g, ("scorings", 0, "regions"), r1_tiles(tile("red", "R2.C1", 0, 3))),
     "unknown_city", "NIP-SCORE-04", "/scorings/0/regions/R1/tiles/0/city"),
    ("slot that does not exist", lambda g: set_path(g, ("scorings", 0, "regions"), r1_tiles(tile("red", "R1.C1", 4, 3))),
     "unknown_slot", "NIP-SCORE-04", "/scorings/0/regions/R1/tiles/0/slot"),
    ("two tiles on one slot", lambda g: set_path(g, ("scorings", 0, "regions"), r1_tiles(
        tile("red", "R1.C1", 2, 3), tile("blue", "R1.C1", 2, 4))), "slot_taken", "NIP-SCORE-04",
     "/scorings/0/regions/R1/tiles/1/slot"),
    ("tile value not in the set", lambda g: set_path(g, ("scorings", 0, "regions"), r1_tiles(
        tile("red", "R1.C1", 2, 8))), "tile_not_in_set", "NIP-SCORE-03", "/scorings/0/regions/R1/tiles/0/value"),
    ("third tile of value 1", lambda g: set_path(g, ("scorings", 0, "regions"), {
        "R1": region(tiles=[tile("red", "R1.C1", 0, 1), tile("red", "R1.C1", 1, 1)]),
        "R2": region(tiles=[tile("red", "R2.C1", 0, 1)])}), "tile_not_in_set", "NIP-SCORE-03",
     "/scorings/0/regions/R2/tiles/0/value"),
    ("tile of an unknown player", lambda g: set_path(g, ("scorings", 0, "regions"), r1_tiles(
        tile("green", "R1.C1", 2, 3))), "unknown_player", "NIP-SCORE-03", "/scorings/0/regions/R1/tiles/0/player"),
    ("negative train count", lambda g: set_path(g, ("scorings", 0, "regions", "R1", "trains"), {"red": -1}),
     "negative_count", "NIP-SCORE-03", "/scorings/0/regions/R1/trains/red"),
    ("seven trains", lambda g: set_path(g, ("scorings", 0, "regions"), {
        "R1": region(trains={"red": 4}), "R2": region(trains={"red": 3})}), "too_many_trains", "NIP-SCORE-03",
     "/scorings/0/regions/R2/trains/red"),
    ("seven ships", lambda g: set_path(g, ("scorings", 0, "regions"), {
        "R1": region(ships={"red": 6}), "R3": region(ships={"red": 1})}), "too_many_ships", "NIP-SCORE-07",
     "/scorings/0/regions/R3/ships/red"),
    ("nine pieces in a region", lambda g: set_path(g, ("scorings", 0, "regions"), {
        "R1": region(trains={"red": 5}, ships={"blue": 4})}), "train_ship_slots_full", "NIP-SCORE-03",
     "/scorings/0/regions/R1"),
    ("train gone at a later scoring", lambda g: set_path(g, ("scorings", 0, "regions", "R4"), region(trains={"blue": 1})),
     "train_removed", "NIP-SCORE-03", "/scorings/1/regions/R4/trains/blue"),
    ("ship gone at a later scoring", lambda g: set_path(g, ("scorings", 1, "regions", "R4"), region(ships={"red": 2})),
     "ship_removed", "NIP-SCORE-07", "/scorings/2/regions/R4/ships/red"),
    ("odd workforce loss", lambda g: set_path(g, ("players", 0, "vp_in_play"), {"workforce_lost": 3}),
     "not_a_multiple", "NIP-SCORE-08", "/players/0/vp_in_play/workforce_lost"),
    ("negative contract VP", lambda g: set_path(g, ("players", 0, "vp_in_play"), {"contracts": -3}),
     "negative_count", "NIP-SCORE-08", "/players/0/vp_in_play/contracts"),
    ("unknown achievement space", lambda g: set_path(g, ("players", 0, "achievements"), [
        {"space": "ACH9", "units": 1, "multiplier": 2}]), "unknown_achievement_space", "NIP-SCORE-09",
     "/players/0/achievements/0/space"),
    ("achievement space twice", lambda g: set_path(g, ("players", 0, "achievements"), [
        {"space": "ACH1", "units": 1, "multiplier": 2}, {"space": "ACH1", "units": 2, "multiplier": 3}]),
     "duplicate_achievement_space", "NIP-SCORE-09", "/players/0/achievements/1/space"),
    ("no such multiplier", lambda g: set_path(g, ("players", 0, "achievements"), [
        {"space": "ACH1", "units": 1, "multiplier": 6}]), "unknown_multiplier", "NIP-SCORE-09",
     "/players/0/achievements/0/multiplier"),
    ("negative units", lambda g: set_path(g, ("players", 0, "achievements"), [
        {"space": "ACH1", "units": -1, "multiplier": 2}]), "negative_count", "NIP-SCORE-09",
     "/players/0/achievements/0/units"),
    ("seven 5x tiles", lambda g: set_path(set_path(g, ("players", 0, "achievements"), [
        {"space": f"ACH{n}", "units": 1, "multiplier": 5} for n in range(1, 7)]), ("players", 1, "achievements"), [
        {"space": "ACH1", "units": 1, "multiplier": 5}]), "too_many_multiplier_tiles", "NIP-SCORE-09",
     "/players/1/achievements/0/multiplier"),
    # rules, Setup: the game is for 2 to 4 players (NIP-SCORE-01)
    ("one player", lambda g: set_path(g, ("players",), players("red")), "wrong_player_count", "NIP-SCORE-01",
     "/players"),
    # NIP-SCORE-09: units bounded by what a player owns (ACH3: six trains + six ships)
    ("13 trains and ships", lambda g: set_path(g, ("players", 0, "achievements"), [
        {"space": "ACH3", "units": 13, "multiplier": 2}]), "achievement_units_beyond_components", "NIP-SCORE-09",
     "/players/0/achievements/0/units"),
    ("7 factories", lambda g: set_path(g, ("players", 1, "achievements"), [
        {"space": "ACH1", "units": 7, "multiplier": 2}]), "achievement_units_beyond_components", "NIP-SCORE-09",
     "/players/1/achievements/0/units"),
    # NIP-SCORE-08: contracts pay 3+4+5+6+7 at most (one contract of each kind, rules Setup 2)
    ("contract VP beyond the printed ones", lambda g: set_path(g, ("players", 0, "vp_in_play"), {"contracts": 26}),
     "contract_vp_impossible", "NIP-SCORE-08", "/players/0/vp_in_play/contracts"),
    ("contract VP no set of contracts pays", lambda g: set_path(g, ("players", 0, "vp_in_play"), {"contracts": 24}),
     "contract_vp_impossible", "NIP-SCORE-08", "/players/0/vp_in_play/contracts"),
    # NIP-SCORE-08: the region bonus pays 2 VP per influence tile placed
    ("odd region bonus", lambda g: set_path(g, ("players", 1, "vp_in_play"), {"region_bonus": 5}),
     "region_bonus_not_a_multiple", "NIP-SCORE-08", "/players/1/vp_in_play/region_bonus"),
    # rules, Local Market, "Available Influence Slot": a tile leaves only when a higher one replaces it
    ("a tile vanishes", lambda g: set_path(g, ("scorings", 1, "regions", "R1"), region()),
     "tile_vanished", "NIP-SCORE-04", "/scorings/1/regions/R1/tiles"),
    ("a lower tile replaces a higher", lambda g: set_path(g, ("scorings", 2, "regions", "R1"), region(
        tiles=[tile("blue", "R1.C1", 0, 1)])), "tile_replaced_by_lower", "NIP-SCORE-04",
     "/scorings/2/regions/R1/tiles/0/value"),
    ("a tile moves slots", lambda g: set_path(g, ("scorings", 1, "regions", "R1"), region(
        tiles=[tile("red", "R1.C1", 1, 3)])), "tile_vanished", "NIP-SCORE-04",
     "/scorings/1/regions/R1/tiles"),
]


@pytest.mark.parametrize("change, code, rule, path", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_impossible_input_is_refused(change, code, rule, path):
    with pytest.raises(ScoringInputError) as caught:
        score(change(base()))
    assert (caught.value.code, caught.value.rule, caught.value.path) == (code, rule, path)
    described = {"code": code, "rule": rule, "path": path, "message": caught.value.message}
    assert caught.value.to_dict() == described | ({"field": caught.value.field} if caught.value.field else {})
    assert isinstance(caught.value, ValueError) and caught.value.message


def test_the_base_input_is_valid():
    assert score(base())["winners"]


def test_player_ids_are_escaped_in_json_pointers():
    game_with_slash = game(players("red/1", "blue"), {1: {"R1": region(trains={"red/1": -1})}})
    with pytest.raises(ScoringInputError) as caught:
        score(game_with_slash)
    assert caught.value.path == "/scorings/0/regions/R1/trains/red~11"


def test_message_names_the_problem():
    with pytest.raises(ScoringInputError) as caught:
        score(set_path(base(), ("scorings", 0, "regions"), r1_tiles(tile("red", "R1.C1", 4, 3))))
    assert caught.value.message == "city R1.C1 has influence slots 0 to 3, not 4"
