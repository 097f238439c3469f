"""The scorer refuses inconsistent table input with a code, a JSON pointer and the rule broken."""
import copy

import pytest

from api.games.asian_tigers.scoring.scorer import ScorerInputError, score_table
from tests.games.asian_tigers.builders.scoring import TIGERS, facts, participant, table


def base():
    """A valid 2-player table with flags, a headquarters and satellites."""
    p1 = participant(position=10, influence={"SK": 4}, leftovers=(1, 2, 3),
                     tigers={"SK": facts(A=2, none=2, sat=1, pp=1, hq=True)},
                     flags={"A": ["USA-1"], "E": ["GBR-1"], "C": ["CAN-1"]}, special=["SK"])
    p2 = participant(position=8, influence={"HK": 3}, tigers={"HK": facts(B=2, pf=1)}, flags={"D": ["AUS-1"]})
    return table({"P1": p1, "P2": p2}, hq={"SK": "P1"})


def solo_base():
    return table({"Me": participant(position=3), "Bot": participant("automa", position=2)})


def three_base():
    parts = {p: participant(position=i + 1) for i, p in enumerate(("P1", "P2", "P3"))}
    parts["N"] = participant("neutral", tigers={t: facts(A=2, C=3) for t in TIGERS})
    return table(parts)


def rejects(data, code, path, rule=None, edition=None, contains=None):
    with pytest.raises(ScorerInputError) as err:
        score_table(data, edition)
    e = err.value
    assert (e.code, e.path, e.rule) == (code, path, rule), e
    assert e.message and str(e).startswith(path or "/")
    if contains:
        assert contains in e.message
    assert e.to_dict() == {"code": code, "path": path, "rule": rule, "message": e.message}
    return e


def test_the_bases_are_valid(scoring_edition):
    for data in (base(), solo_base(), three_base()):
        assert score_table(data, scoring_edition)["winner"]


def _set(data, path, value):
    node = data
    *parents, last = path
    for key in parents:
        node = node[key]
    if value is DELETE:
        del node[last]
    else:
        node[last] = value
    return data


DELETE = object()
P1, P2 = ("participants", "P1"), ("participants", "P2")

CASES = [
    # (edit path, new value, code, pointer, rule)
    (("player_count",), 5, "invalid_player_count", "/player_count", None),
    (("player_count",), True, "invalid_player_count", "/player_count", None),
    (("surprise",), 1, "unknown_field", "/surprise", None),
    (("participants",), DELETE, "missing_field", "/participants", None),
    (("participants",), [], "invalid_type", "/participants", None),
    (("neutral",), True, "neutral_mismatch", "/neutral", "NEUTRAL-01"),
    (("solo",), {"difficulty": 2}, "unexpected_solo", "/solo", None),
    (("rules_options",), {"tiebreak_era2_tiger_ties": "dice"}, "invalid_rules_option",
     "/rules_options/tiebreak_era2_tiger_ties", "SCORE-END-03"),
    (("rules_options",), {"milestone_counts_on_space": 1}, "invalid_rules_option",
     "/rules_options/milestone_counts_on_space", "SCORE-END-03"),
    (("rules_options",), {"speed": 1}, "unknown_field", "/rules_options/speed", None),
    (("rules_options",), {"prosperity_from_influence_rounds": 2}, "missing_era1", "/era1", "SCORE-INF-01"),
    (("turn_order",), ["P1", "P9"], "unknown_participant", "/turn_order/1", None),
    (("turn_order",), ["P1", "P1"], "duplicate_participant", "/turn_order/1", None),
    (("turn_order",), ["P1"], "missing_participant", "/turn_order", None),
    (("turn_order",), "P1,P2", "invalid_type", "/turn_order", None),
    (("tigers", "XX"), {"prosperity_token": "PT5"}, "unknown_tiger", "/tigers/XX", None),
    (("tigers", "SG"), DELETE, "missing_tiger", "/tigers/SG", None),
    (("tigers", "HK", "prosperity_token"), "PT9", "unknown_prosperity_token", "/tigers/HK/prosperity_token",
     "SETUP-02"),
    (("tigers", "HK", "prosperity_token"), "PT1", "duplicate_prosperity_token", "/tigers/HK/prosperity_token",
     "SETUP-02"),
    (("tigers", "HK", "headquarters"), "P7", "unknown_participant", "/tigers/HK/headquarters", None),
    (("tigers", "HK", "headquarters"), "P1", "duplicate_headquarters", "/tigers/HK/headquarters", "BUILD-HQ-02"),
    (P1 + ("kind",), "robot", "invalid_kind", "/participants/P1/kind", None),
    (P1 + ("kind",), "automa", "automa_mismatch", "/participants/P1/kind", "SOLO-SETUP-01"),
    (P1 + ("kind",), "neutral", "neutral_mismatch", "/participants/P1/kind", "NEUTRAL-01"),
    (P1 + ("influence", "SK"), -1, "negative_value", "/participants/P1/influence/SK", None),
    (P1 + ("influence", "SK"), 2.5, "invalid_type", "/participants/P1/influence/SK", None),
    (P1 + ("influence", "SG"), DELETE, "missing_tiger", "/participants/P1/influence/SG", None),
    (P1 + ("leftovers", "energy"), -3, "negative_value", "/participants/P1/leftovers/energy", None),
    (P1 + ("leftovers",), DELETE, "missing_field", "/participants/P1/leftovers", None),
    (P1 + ("global_market", "position"), -1, "negative_value", "/participants/P1/global_market/position", None),
    (P2 + ("global_market",), {"position": 10, "stack": 0}, "duplicate_stack_height",
     "/participants/P2/global_market/stack", "GM-02"),
    (P2 + ("tigers", "TW", "ip", "C"), -2, "negative_value", "/participants/P2/tigers/TW/ip/C", None),
    (P2 + ("tigers", "TW", "ip", "D"), 1, "unknown_field", "/participants/P2/tigers/TW/ip/D", None),
    (P2 + ("tigers", "TW", "satellites"), DELETE, "missing_field", "/participants/P2/tigers/TW/satellites", None),
    (P2 + ("tigers", "TW", "pieces"), "U1", "invalid_type", "/participants/P2/tigers/TW/pieces", None),
    # Facts against investment points (IP-01..04, SCORE-FSB-03).
    (P2 + ("tigers", "TW"), facts(A=1, sat=1, types=1), "facts_inconsistent", "/participants/P2/tigers/TW/ip/none",
     "IP-04"),
    (P1 + ("tigers", "SK", "ip", "none"), 1, "facts_inconsistent", "/participants/P1/tigers/SK/ip/none", "IP-04"),
    (P2 + ("tigers", "TW"), facts(C=1, pf=1, types=1), "facts_inconsistent", "/participants/P2/tigers/TW/ip",
     "IP-01"),
    (P2 + ("tigers", "TW"), facts(C=1, types=3), "facts_inconsistent", "/participants/P2/tigers/TW/ip", "IP-01"),
    (P2 + ("tigers", "TW"), facts(C=9, types=7), "facts_inconsistent",
     "/participants/P2/tigers/TW/distinct_infrastructure_types", "SCORE-FSB-03"),
    (P2 + ("tigers", "TW"), facts(C=4, pp=1, lab=1, pf=1, types=2), "facts_inconsistent",
     "/participants/P2/tigers/TW/distinct_infrastructure_types", "SCORE-FSB-03"),
    (P2 + ("tigers", "SK"), facts(none=3, sat=3), "too_many_satellites", "/participants/P2/tigers/SK/satellites",
     "BUILD-SAT-01"),
    (P2 + ("tigers", "HK"), facts(B=6, pf=3), "too_many_parts_factories",
     "/participants/P2/tigers/HK/parts_factories", "BUILD-PARTS-01"),
    # Flags (FLAG-02, SETUP-07, SETUP-08, COMP-05, AMB-24).
    (P1 + ("flags", "C"), ["USA-2"], "flag_row_mismatch", "/participants/P1/flags/C/0", "FLAG-02"),
    (P1 + ("flags", "C"), ["CAN-1", "DEU-1"], "flag_row_mismatch", "/participants/P1/flags/C", "FLAG-02"),
    (P1 + ("flags", "A"), ["USA-1", "JPN-1", "IDN-1"], "sector_full", "/participants/P1/flags/A/2", "FLAG-02"),
    (P1 + ("flags", "B"), ["NLD-1", "DEU-1"], "sector_full", "/participants/P1/flags/B/1", "FLAG-02"),
    (P2 + ("flags", "B"), ["USA-1"], "duplicate_flag", "/participants/P2/flags/B/0", "COMP-05"),
    (P2 + ("flags", "F"), ["JPN-3"], "flag_not_in_game", "/participants/P2/flags/F/0", "SETUP-07"),
    (P2 + ("flags", "F"), ["IDN-2"], "flag_stack_order", "/participants/P2/flags/F/0", "SETUP-08"),
    (P2 + ("flags", "F"), ["XYZ-1"], "unknown_flag", "/participants/P2/flags/F/0", None),
    (P2 + ("flags", "B"), ["special:XX"], "unknown_flag", "/participants/P2/flags/B/0", None),
    (P2 + ("flags", "C"), ["special:TW"], "special_flag_row", "/participants/P2/flags/C/0", "PERF-07"),
    (P2 + ("flags", "B"), ["special:SK"], "duplicate_flag", "/participants/P2/flags/B/0", "COMP-05"),
    (P2 + ("flags", "G"), ["JPN-1"], "unknown_sector", "/participants/P2/flags/G", None),
    (P2 + ("flags", "F"), "JPN-1", "invalid_type", "/participants/P2/flags/F", None),
    (P2 + ("special_flags",), ["XX"], "unknown_tiger", "/participants/P2/special_flags/0", None),
    (P2 + ("special_flags",), ["SK"], "duplicate_flag", "/participants/P2/special_flags/0", "COMP-05"),
]


@pytest.mark.parametrize("path, value, code, pointer, rule", CASES, ids=[f"{c[2]}:{c[3]}" for c in CASES])
def test_rejections(scoring_edition, path, value, code, pointer, rule):
    rejects(_set(base(), path, value), code, pointer, rule, scoring_edition)


def test_flag_row_message_names_the_rows(scoring_edition):
    # FLAG-02: the message says which rows the sector has.
    data = _set(base(), P1 + ("flags", "C"), ["USA-2"])
    rejects(data, "flag_row_mismatch", "/participants/P1/flags/C/0", "FLAG-02", scoring_edition,
            contains="USA-2 cannot go in sector C: its rows accept CAN/DEU and AUS/NLD")


def test_top_level_must_be_an_object(scoring_edition):
    rejects([1, 2], "invalid_type", "", None, scoring_edition)


def test_a_player_owns_four_satellites(scoring_edition):
    # COMP-02: 2 satellites on each of 3 Tigers is 6.
    data = base()
    for t in ("HK", "TW", "SG"):
        data["participants"]["P1"]["tigers"][t] = facts(none=2, sat=2)
    rejects(data, "too_many_satellites", "/participants/P1/tigers", "COMP-02", scoring_edition)


# ------------------------------------------------------------------ solo ---

@pytest.mark.parametrize("path, value, code, pointer, rule", [
    (("solo",), DELETE, "missing_solo", "/solo", "SOLO-SETUP-07"),
    (("solo",), {"difficulty": 5}, "invalid_difficulty", "/solo/difficulty", "SOLO-SETUP-07"),
    (("solo",), {"difficulty": 1, "variant": "duel"}, "invalid_value", "/solo/variant", None),
    (("solo",), {"difficulty": 1, "variant": "high_score"}, "missing_field", "/solo/high_score", "SOLO-SCORE-03"),
    (("solo",), {"difficulty": 1, "goal_met": True}, "invalid_value", "/solo/goal_met", None),
    (("participants", "Bot", "leftovers"), {"goods": 1, "energy": 0, "science": 0}, "automa_leftovers",
     "/participants/Bot/leftovers", "SOLO-AUTOMA-08"),
    (("participants", "Bot", "flags"), {"AF2": ["USA-1"]}, "automa_fill_order", "/participants/Bot/flags/AF2",
     "AMB-44"),
    (("participants", "Bot", "flags"), {"AF1": ["USA-1", "CAN-1"], "off_board": ["AUS-1"]}, "automa_fill_order",
     "/participants/Bot/flags/off_board", "AMB-44"),
    (("participants", "Bot", "flags"), {"AF1": ["special:SK"]}, "special_flag_row", "/participants/Bot/flags/AF1/0",
     "AMB-24"),
    (("participants", "Bot", "flags"), {"A": ["USA-1"]}, "unknown_sector", "/participants/Bot/flags/A", None),
    (("participants", "Me", "flags"), {"off_board": ["USA-1"]}, "unknown_sector", "/participants/Me/flags/off_board",
     None),
    (("participants", "Bot", "kind"), "player", "automa_mismatch", "/participants", "SOLO-SETUP-01"),
])
def test_solo_rejections(scoring_edition, path, value, code, pointer, rule):
    rejects(_set(solo_base(), path, value), code, pointer, rule, scoring_edition)


# ------------------------------------------------------------- 3 players ---

@pytest.mark.parametrize("path, value, code, pointer, rule", [
    (("participants", "N"), DELETE, "neutral_mismatch", "/participants", "NEUTRAL-01"),
    (("neutral",), False, "neutral_mismatch", "/neutral", "NEUTRAL-01"),
    (("turn_order",), ["P1", "P2", "P3", "N"], "neutral_not_allowed", "/turn_order/3", "AMB-22"),
    (("tigers", "SK", "headquarters"), "N", "neutral_not_allowed", "/tigers/SK/headquarters", "AMB-22"),
    (("participants", "N", "global_market"), {"position": 1, "stack": 1}, "not_for_neutral",
     "/participants/N/global_market", "AMB-22"),
    (("participants", "N", "flags"), {}, "not_for_neutral", "/participants/N/flags", "AMB-22"),
    (("participants", "N", "tigers", "HK", "ip", "A"), 1, "neutral_investment_points",
     "/participants/N/tigers/HK/ip", "NEUTRAL-04"),
    (("participants", "N", "tigers", "HK", "ip", "A"), 3, "neutral_investment_points",
     "/participants/N/tigers/HK/ip", "NEUTRAL-04"),
    (("participants", "P3"), DELETE, "participant_count_mismatch", "/participants", None),
    (("participants", "P3", "flags"), {"A": ["USA-3"]}, "flag_stack_order", "/participants/P3/flags/A/0", "SETUP-08"),
    (("participants", "P3", "flags"), {"A": ["USA-4"]}, "flag_not_in_game", "/participants/P3/flags/A/0", "SETUP-07"),
])
def test_three_player_rejections(scoring_edition, path, value, code, pointer, rule):
    rejects(_set(three_base(), path, value), code, pointer, rule, scoring_edition)


def test_two_neutrals_are_refused(scoring_edition):
    data = three_base()
    data["participants"]["N2"] = copy.deepcopy(data["participants"]["N"])
    data["participants"]["P3"]["kind"] = "player"
    rejects(data, "neutral_mismatch", "/participants", "NEUTRAL-01", scoring_edition)


def test_neutral_advanced_variant_is_six_everywhere(scoring_edition):
    # NEUTRAL-04: 6 on every Tiger (advanced parts factories) is fine.
    data = three_base()
    for t in TIGERS:
        data["participants"]["N"]["tigers"][t]["ip"]["C"] = 4
    assert score_table(data, scoring_edition)["participants"]["N"]["recorded"] is False


# ------------------------------------------------------------------ era 1 ---

def _era1_table():
    data = base()
    data["rules_options"] = {"prosperity_from_influence_rounds": 2}
    data["era1"] = {"turn_order": ["P1", "P2"], "headquarters": {"SK": "P1"},
                    "participants": {p: {"influence": {t: 1 for t in TIGERS},
                                         "ip": {t: {"A": 0, "B": 0, "C": 0, "none": 0} for t in TIGERS}}
                                     for p in ("P1", "P2")}}
    return data


def test_era1_block_is_accepted(scoring_edition):
    assert "prosperity_from_influence_era1" in score_table(_era1_table(), scoring_edition)


@pytest.mark.parametrize("path, value, code, pointer, rule", [
    (("era1", "headquarters", "HK"), "P2", "era1_headquarters_mismatch", "/era1/headquarters/HK", "BUILD-HQ-02"),
    (("era1", "headquarters", "XX"), None, "unknown_tiger", "/era1/headquarters/XX", None),
    (("era1", "participants", "P2"), DELETE, "missing_participant", "/era1/participants/P2", None),
    (("era1", "participants", "P9"), {}, "unknown_participant", "/era1/participants/P9", None),
    (("era1", "participants", "P2", "ip"), DELETE, "missing_field", "/era1/participants/P2/ip", None),
    (("era1", "participants", "P2", "influence", "TW"), -1, "negative_value",
     "/era1/participants/P2/influence/TW", None),
    (("era1", "turn_order"), ["P2"], "missing_participant", "/era1/turn_order", None),
])
def test_era1_rejections(scoring_edition, path, value, code, pointer, rule):
    rejects(_set(_era1_table(), path, value), code, pointer, rule, scoring_edition)
