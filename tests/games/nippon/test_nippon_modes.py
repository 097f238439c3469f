"""Nippon's end-only and live modes give the detailed format's totals for the same 4-player game; each impossible
value is refused naming it in words and the rule (catalogue E.1; rules, Local Market "Available Influence Slot")."""
import copy

import pytest

from api.games.nippon import ScoringInputError, score

from tests.games.nippon.helpers import region, tile

NAMES = ["Ann", "Bob", "Cem", "Dee"]
# What was placed before each scoring, in the order played (a tile on an occupied slot pushes the lower one out).
PLACED = [
    [tile("Ann", "R1.C1", 3, 4), tile("Bob", "R1.C2", 0, 3), tile("Cem", "R2.C1", 2, 5)],
    [tile("Dee", "R1.C1", 3, 6), tile("Ann", "R3.C1", 3, 7), tile("Bob", "R2.C1", 2, 6)],  # Dee outbids Ann, Bob Cem
    [tile("Cem", "R2.C1", 2, 7), tile("Ann", "R4.C2", 1, 4), tile("Bob", "R4.C2", 2, 5)],  # Ann's 4 is back in hand
]
TRAINS = [{"Ann": {"R1": 1}}, {"Cem": {"R2": 1}}, {"Bob": {"R4": 1}}]
SHIPS = [{"Bob": {"R1": 1}}, {"Dee": {"R3": 1}}, {}]
IN_PLAY = {"Ann": {"contracts": 12}, "Bob": {"region_bonus": 4}, "Dee": {"workforce_lost": 2}}
ACHIEVEMENTS = {"Ann": [{"space": "ACH1", "units": 4, "multiplier": 3}, {"space": "ACH5", "units": 2, "multiplier": 2}],
                "Bob": [{"space": "ACH3", "units": 2, "multiplier": 4}],
                "Cem": [{"space": "ACH6", "units": 5, "multiplier": 2}, {"space": "ACH2", "units": 2, "multiplier": None}],
                "Dee": [{"space": "ACH4", "units": 2, "multiplier": 5}]}

# The same boards as the detailed format states them, scoring by scoring.
BOARD_1 = {"R1": region([tile("Ann", "R1.C1", 3, 4), tile("Bob", "R1.C2", 0, 3)], {"Ann": 1}, {"Bob": 1}),
           "R2": region([tile("Cem", "R2.C1", 2, 5)])}
BOARD_2 = {"R1": region([tile("Dee", "R1.C1", 3, 6), tile("Bob", "R1.C2", 0, 3)], {"Ann": 1}, {"Bob": 1}),
           "R2": region([tile("Bob", "R2.C1", 2, 6)], {"Cem": 1}),
           "R3": region([tile("Ann", "R3.C1", 3, 7)], ships={"Dee": 1})}
BOARD_3 = {**BOARD_2, "R2": region([tile("Cem", "R2.C1", 2, 7)], {"Cem": 1}),
           "R4": region([tile("Ann", "R4.C2", 1, 4), tile("Bob", "R4.C2", 2, 5)], {"Bob": 1})}


def detailed() -> dict:
    return {"players": [{"id": n, "seat": i + 1, "vp_in_play": IN_PLAY.get(n, {}), "achievements": ACHIEVEMENTS[n]}
                        for i, n in enumerate(NAMES)],
            "last_turn_player": "Dee",
            "scorings": [{"regions": copy.deepcopy(b)} for b in (BOARD_1, BOARD_2, BOARD_3)]}


def live(reached: int = 3, end: bool = True) -> dict:
    body = {"mode": "live", "players": [{"name": n, "seat": i + 1} for i, n in enumerate(NAMES)],
            "scorings": [{"placed": PLACED[n], "trains": TRAINS[n], "ships": SHIPS[n]} for n in range(reached)]}
    if end:
        body["end"] = {"last_turn_player": "Dee",
                       "players": {n: {"vp_in_play": IN_PLAY.get(n, {}), "achievements": ACHIEVEMENTS[n]}
                                   for n in NAMES}}
    return copy.deepcopy(body)


def end_only(boards: bool = False, in_play: bool = False) -> dict:
    full = score(detailed())
    track = {p["id"]: p["total"] - p["categories"]["achievements"] for p in full["players"]}
    body = {"mode": "end_only", "last_turn_player": "Dee",
            "players": [{"name": n, "seat": i + 1, "vp_track": track[n], "achievements": ACHIEVEMENTS[n],
                         **({"vp_in_play": IN_PLAY.get(n, {})} if in_play else {})} for i, n in enumerate(NAMES)]}
    if boards:
        body["scorings"] = detailed()["scorings"]
    return copy.deepcopy(body)


def totals(result: dict) -> dict:
    return {p["id"]: p["total"] for p in result["players"]}


def statuses(result: dict) -> dict:
    return {v["check"]: v["status"] for v in result["verification"]}


def test_live_gives_the_detailed_totals_and_a_running_table():
    # NIP-SCORE-02..10: the boards rebuilt from the changes score as the detailed boards do.
    expected = score(detailed())
    result = score(live())
    assert totals(result) == totals(expected) and result["winners"] == expected["winners"]
    assert result["scorings"] == expected["scorings"] and result["final"] is True
    # the running table: each scoring's region and ship VP, added to the starting VP (10, 11, 12, 13)
    for number, row in enumerate(result["running"], start=1):
        for entry in row["players"]:
            gained = sum(line["points"] for line in next(p for p in expected["players"] if p["id"] == entry["player"])
                         ["lines"] if line.get("scoring") == number)
            assert entry["gained"] == gained
    assert [r["vp_so_far"] for r in result["running"][-1]["players"]] == [
        p["categories"]["starting_vp"] + p["categories"]["region_majority"] + p["categories"]["ships"]
        for p in expected["players"]]
    assert sorted(result["board"]["in_hand"]["Ann"]) == [1, 1, 2, 2, 3, 3, 5, 6]  # 4 and 7 on the board


def test_a_live_scoring_step_scores_at_once_and_shows_the_board_for_the_next():
    # NIP-SCORE-02: after the 1st scoring only it is scored; Cem leads R2 alone, nobody has taken the last turn.
    first = score(live(reached=1, end=False))
    assert first["final"] is False and len(first["scorings"]) == 1 and len(first["running"]) == 1
    assert first["winner_explanation"].startswith("After scoring 1, ")
    assert {t["city"] for t in first["board"]["tiles"]} == {"R1.C1", "R1.C2", "R2.C1"}
    second = score(live(reached=2, end=False))
    pushed = next(t for t in second["board"]["tiles"] if (t["city"], t["slot"]) == ("R1.C1", 3))
    assert (pushed["player"], pushed["value"]) == ("Dee", 6)  # Ann's 4 went back to her
    assert second["running"][0] == first["running"][0]


def test_end_only_gives_the_detailed_totals_and_says_what_it_verified():
    # NIP-SCORE-09: the achievements are added to the track, which holds everything else.
    expected = score(detailed())
    bare = score(end_only())
    assert totals(bare) == totals(expected) and bare["winners"] == expected["winners"]
    assert statuses(bare)["the three scorings"] == "not_verified"
    with_boards = score(end_only(boards=True))
    assert totals(with_boards) == totals(expected)
    assert statuses(with_boards)["Ann's VP track"] == "not_verified"
    full = score(end_only(boards=True, in_play=True))
    assert {statuses(full)[f"{n}'s VP track"] for n in NAMES} == {"verified"}
    wrong = end_only(boards=True, in_play=True)
    wrong["players"][1]["vp_track"] += 2
    assert statuses(score(wrong))["Bob's VP track"] == "mismatch"
    # NIP-SCORE-09 against the last board: Ann's tiles lie in 2 regions, Bob has a train and a ship there
    assert statuses(full)["Ann's ACH5 (regions with own influence tile)"] == "verified"
    assert statuses(full)["Bob's ACH3 (trains and ships on board)"] == "verified"
    wrong = end_only(boards=True, in_play=True)
    wrong["players"][1]["achievements"][0]["units"] = 3
    assert statuses(score(wrong))["Bob's ACH3 (trains and ships on board)"] == "mismatch"


def remembered(*numbers: int) -> list:
    """The end-only ``scorings`` when only the scorings `numbers` (1-3) are remembered: each as what changed
    since the one entered before it (the board of scoring 3 is the board left on the table)."""
    out, since = [], set()
    for number in range(1, 4):
        if number not in numbers:
            out.append(None)
            continue
        steps = [k for k in range(number) if k + 1 not in since]  # the changes since the last one entered
        since.update(k + 1 for k in range(number))
        placed = [t for k in steps for t in PLACED[k]]
        pieces = {kind: {} for kind in ("trains", "ships")}
        for kind, source in (("trains", TRAINS), ("ships", SHIPS)):
            for k in steps:
                for player, regions in source[k].items():
                    for region_id, count in regions.items():
                        mine = pieces[kind].setdefault(player, {})
                        mine[region_id] = mine.get(region_id, 0) + count
        out.append({"placed": placed, **pieces})
    return copy.deepcopy(out)


def test_end_only_with_what_the_table_remembers_of_the_scorings():
    # NIP-SCORE-02..07: a scoring entered is checked and scored for the record; the track still holds the total.
    expected = score(detailed())
    body = end_only()
    body["scorings"] = remembered(3)
    result = score(body)
    assert totals(result) == totals(expected)
    checks = statuses(result)
    assert (checks["scoring 1"], checks["scoring 2"], checks["scoring 3"]) == ("not_verified", "not_verified", "verified")
    assert checks["the VP track"] == "not_verified"
    third = next(v for v in result["verification"] if v["check"] == "scoring 3")["detail"]
    gained = {e["player"]: e["gained"] for e in score(live())["running"][2]["players"]}
    assert all(f"{name} {vp} VP" in third for name, vp in gained.items())
    assert [s["scoring"] for s in result["scorings"]] == [3] and result["scorings"][0] == expected["scorings"][2]
    # NIP-SCORE-09 against the board left on the table
    assert checks["Bob's ACH3 (trains and ships on board)"] == "verified"
    # scorings 1 and 3 remembered: the changes of scoring 3 count from scoring 1's board
    body["scorings"] = remembered(1, 3)
    assert [s["scoring"] for s in score(body)["scorings"]] == [1, 3]
    # all three as changes: the same as the three boards
    body["scorings"] = remembered(1, 2, 3)
    assert statuses(score(body)) == statuses(score(end_only(boards=True)))


def test_remembered_scorings_are_checked_as_the_live_changes_are():
    # rules, Local Market, "Available Influence Slot": only a higher tile replaces one (NIP-SCORE-04)
    body = end_only()
    body["scorings"] = remembered(1, 2)
    body["scorings"][1]["placed"][0]["value"] = 3  # Dee's 3 on Ann's 4
    with pytest.raises(ScoringInputError) as caught:
        score(body)
    assert (caught.value.code, caught.value.path) == ("slot_not_available", "/scorings/1/placed/0/value")
    # NIP-SCORE-02: three entries, one per scoring
    body["scorings"] = remembered(3)[1:]
    with pytest.raises(ScoringInputError) as caught:
        score(body)
    assert caught.value.path == "/scorings" and caught.value.rule == "NIP-SCORE-02"


def put(path: list, value):
    def change(body):
        node = body
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        return body
    return change


LIVE_REFUSALS = [
    # rules, Local Market, "Available Influence Slot": only a higher tile replaces one (NIP-SCORE-04)
    ("a lower tile on a covered slot", put(["scorings", 1, "placed", 0, "value"], 3), "slot_not_available",
     "NIP-SCORE-04", "/scorings/1/placed/0/value", "Dee's tile on slot 3 of city R1.C1"),
    ("an equal tile on a covered slot", put(["scorings", 1, "placed", 0, "value"], 4), "slot_not_available",
     "NIP-SCORE-04", "/scorings/1/placed/0/value", "Dee's tile"),
    # NIP-SCORE-03 / rules Setup 2: ten tiles 1,1,2,2,3,3,4,5,6,7 per player
    ("a tile the player does not have", put(["scorings", 0, "placed", 0, "value"], 8), "tile_not_in_hand",
     "NIP-SCORE-03", "/scorings/0/placed/0/value", "Ann's tile"),
    ("the same 7 twice", put(["scorings", 2, "placed", 1, "value"], 7), "tile_not_in_hand", "NIP-SCORE-03",
     "/scorings/2/placed/1/value", "Ann's tile"),
    ("a slot the city does not have", put(["scorings", 0, "placed", 1, "slot"], 4), "above_maximum",
     "NIP-SCORE-04", "/scorings/0/placed/1/slot", None),
    ("seven trains", put(["scorings", 0, "trains"], {"Ann": {"R1": 4, "R2": 3}}), "too_many_trains",
     "NIP-SCORE-03", "/scorings/0/trains/Ann/R2", "Ann's trains"),
    ("nine pieces in a region", put(["scorings", 0, "ships"], {"Bob": {"R1": 4}, "Cem": {"R1": 4}}),
     "train_ship_slots_full", "NIP-SCORE-07", "/scorings/0/ships/Cem/R1", "Cem's ships in Region 1"),
    ("a fourth scoring", lambda b: {**b, "scorings": b["scorings"] + [{}]}, "too_many_scorings", "NIP-SCORE-02",
     "/scorings", "the scorings"),
    ("one player", lambda b: {**b, "players": b["players"][:1]}, "wrong_player_count", "NIP-SCORE-01", "/players",
     "the players"),
    ("13 trains and ships", put(["end", "players", "Bob", "achievements", 0, "units"], 13),
     "achievement_units_beyond_components", "NIP-SCORE-09", "/end/players/Bob/achievements/0/units", "ACH3"),
    ("26 contract VP", put(["end", "players", "Ann", "vp_in_play", "contracts"], 26), "contract_vp_impossible",
     "NIP-SCORE-08", "/end/players/Ann/vp_in_play/contracts", "Ann's contract VP"),
    # NIP-SCORE-09: with every change entered the last board shows Bob's trains and ships: 9 is not what it holds
    ("9 trains and ships when the board holds 2", put(["end", "players", "Bob", "achievements", 0, "units"], 9),
     "achievement_not_on_board", "NIP-SCORE-09", "/end/players/Bob/achievements/0/units", "Bob's ACH3"),
    # bad input is refused by name, never a crash: a player's end entry that is not an object (NIP-SCORE-08) and a
    # multiplier that is a list (NIP-SCORE-09)
    ("a player's end entry that is not an object", put(["end", "players", "Ann"], "x"), "not_an_object",
     "NIP-SCORE-08", "/end/players/Ann", None),
    ("a list for a multiplier", put(["end", "players", "Bob", "achievements", 0, "multiplier"], [3]),
     "not_an_integer", "NIP-SCORE-09", "/end/players/Bob/achievements/0/multiplier", "Bob's 1st achievement"),
]


@pytest.mark.parametrize("change, code, rule, path, words", [c[1:] for c in LIVE_REFUSALS],
                         ids=[c[0] for c in LIVE_REFUSALS])
def test_impossible_live_input_is_refused(change, code, rule, path, words):
    with pytest.raises(ScoringInputError) as caught:
        score(change(live()))
    assert (caught.value.code, caught.value.rule, caught.value.path) == (code, rule, path)
    if words:
        assert words in caught.value.field


END_ONLY_REFUSALS = [
    ("one player", lambda b: {**b, "players": b["players"][:1]}, "wrong_player_count", "NIP-SCORE-01", "/players"),
    ("two players with one name", put(["players", 1, "name"], "Ann"), "duplicate_player_name", "NIP-SCORE-01",
     "/players/1/name"),
    ("a seat taken twice", put(["players", 1, "seat"], 1), "duplicate_seat", "NIP-SCORE-01", "/players/1/seat"),
    ("13 trains and ships", put(["players", 1, "achievements", 0, "units"], 13),
     "achievement_units_beyond_components", "NIP-SCORE-09", "/players/1/achievements/0/units"),
    ("an odd region bonus", put(["players", 1, "vp_in_play"], {"region_bonus": 3}), "region_bonus_not_a_multiple",
     "NIP-SCORE-08", "/players/1/vp_in_play/region_bonus"),
    ("a tile vanishing between the boards", put(["scorings", 2, "regions", "R3"], {"ships": {"Dee": 1}}),
     "tile_vanished", "NIP-SCORE-04", "/scorings/2/regions/R3/tiles"),
    ("a name the players do not have", put(["last_turn_player"], "Eve"), "unknown_player", "NIP-SCORE-10",
     "/last_turn_player"),
    # NIP-SCORE-01: no game gives 999 VP (the most the rules allow is far lower)
    ("a VP track of 999", put(["players", 0, "vp_track"], 999), "vp_track_beyond_possible", "NIP-SCORE-01",
     "/players/0/vp_track"),
]


@pytest.mark.parametrize("change, code, rule, path", [c[1:] for c in END_ONLY_REFUSALS],
                         ids=[c[0] for c in END_ONLY_REFUSALS])
def test_impossible_end_only_input_is_refused(change, code, rule, path):
    with pytest.raises(ScoringInputError) as caught:
        score(change(end_only(boards=True, in_play=True)))
    assert (caught.value.code, caught.value.rule, caught.value.path) == (code, rule, path)


def test_the_vp_track_bound_is_what_the_rules_make_possible():
    # NIP-SCORE-01/05/07/08: starting VP, a first place everywhere, every ship, every contract, every region bonus
    from api.games.nippon.bounds import vp_track_max
    from api.games.nippon.data import load_nippon_data

    data = load_nippon_data()
    most = vp_track_max(data)
    assert most > max(p["total"] for p in score(detailed())["players"])
    body = end_only()
    body["players"][0]["vp_track"] = most
    assert score(body)["players"]  # the bound itself is allowed
    body["players"][0]["vp_track"] = most + 1
    with pytest.raises(ScoringInputError) as caught:
        score(body)
    assert caught.value.field == "Ann's VP track" and str(most) in caught.value.message


def test_every_field_problem_is_named_at_once():
    # NIP-SCORE-01, NIP-SCORE-09: a blank track, an impossible track and too many units, all in one refusal
    body = end_only()
    body["players"][0]["vp_track"] = ""
    body["players"][1]["vp_track"] = 999
    body["players"][2]["achievements"][0]["units"] = 40
    with pytest.raises(ScoringInputError) as caught:
        score(body)
    found = {e.path: e for e in [caught.value, *caught.value.others]}
    assert set(found) == {"/players/0/vp_track", "/players/1/vp_track", "/players/2/achievements/0/units"}
    assert found["/players/0/vp_track"].message == "a whole number is needed here: nothing was entered"
    assert found["/players/0/vp_track"].field  # each named in words too
    assert caught.value.all_errors()["/players/1/vp_track"][0].startswith("999 VP is more than a game can give")


def test_live_field_problems_of_the_end_are_all_named_where_the_live_input_holds_them():
    # NIP-SCORE-08/09: two impossible values at the end of a live game
    body = live()
    body["end"]["players"]["Ann"]["vp_in_play"]["contracts"] = 26
    body["end"]["players"]["Bob"]["achievements"][0]["units"] = 9
    with pytest.raises(ScoringInputError) as caught:
        score(body)
    paths = {e.path for e in [caught.value, *caught.value.others]}
    assert paths == {"/end/players/Ann/vp_in_play/contracts", "/end/players/Bob/achievements/0/units"}
