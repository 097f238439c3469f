"""Tests of the Asian Tigers edition validator (`api.games.asian_tigers.edition.checks`).

The shipped placeholder edition passes; each broken copy in `CASES` fails with
the expected JSON pointer.  `CASES` and the edit helpers are also used by the
other ``test_edition_checks_*`` files (fuzzing).

Each `Case` applies a few edits to a deep copy of the shipped file and names the
JSON pointer and a message fragment the validator must report.  Edit pointers
use RFC 6901 escapes (``~1`` for ``/``) so provenance patterns can be edited;
expected paths follow `api.games.provenance` (``/provenance//goods``).
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from api.games.asian_tigers.edition.checks import (UNEXPECTED_STRUCTURE, validate_edition_document,
                                                   validate_edition_errors)
from api.games.provenance import EditionError, ProvenanceMap

EDITION_PATH = Path(__file__).resolve().parents[4] / "api" / "data" / "asian-tigers.placeholder.json"
DELETE = object()
MOVE_TO_END = object()


@dataclass(frozen=True)
class Append:
    """Edit: append `value` to the array at the pointer."""
    value: Any


@dataclass(frozen=True)
class Case:
    """One broken edition: `edits` (pointer, value) and the expected error."""
    id: str
    edits: tuple[tuple[str, Any], ...]
    path: str
    fragment: str


def load_edition() -> dict:
    """A fresh copy of the shipped placeholder edition."""
    return json.loads(EDITION_PATH.read_text(encoding="utf-8"))


def _segments(ptr: str) -> list[str]:
    return [s.replace("~1", "/").replace("~0", "~") for s in ptr.split("/")[1:]]


def apply_edits(document: dict, edits) -> dict:
    """A deep copy of `document` with `edits` applied."""
    doc = copy.deepcopy(document)
    for ptr, value in edits:
        *parents, last = _segments(ptr)
        node = doc
        for seg in parents:
            node = node[int(seg)] if isinstance(node, list) else node[seg]
        key: Any = int(last) if isinstance(node, list) else last
        if value is DELETE:
            del node[key]
        elif value is MOVE_TO_END:
            node[key] = node.pop(key)
        elif isinstance(value, Append):
            node[key].append(copy.deepcopy(value.value))
        else:
            node[key] = copy.deepcopy(value)
    return doc


def C(case_id: str, edits, path: str, fragment: str) -> Case:
    """Shorthand constructor; `edits` is a dict or a list of pairs."""
    pairs = tuple(edits.items()) if isinstance(edits, dict) else tuple(edits)
    return Case(case_id, pairs, path, fragment)


SP = "/tigers/SK/spaces"
GMN = "/global_market/nations"
PBS = "/player_board/infrastructure_sectors"
PBF = "/player_board/final_scoring_sectors"
AB = "/solo/automa_board"
AT = "/solo/action_tiles"
ALL_NATIONS = ["USA", "CAN", "AUS", "GBR", "DEU", "NLD", "JPN", "IDN"]

CASES: list[Case] = [
    # ---- structure: missing keys and wrong JSON types
    C("missing-factory-good", {f"{SP}/SK.F2/good": DELETE}, f"{SP}/SK.F2/good", "missing required key 'good'"),
    C("missing-nation-demand", {f"{GMN}/JPN/demand": DELETE}, f"{GMN}/JPN/demand", "missing required key"),
    C("missing-rulebook-value", {"/setup/player/energy": DELETE}, "/setup/player/energy", "missing"),
    C("position-is-string", {f"{SP}/SK.F2/position": "2"}, f"{SP}/SK.F2/position", "expected integer"),
    C("space-is-string", {f"{SP}/SK.F2": "F2"}, f"{SP}/SK.F2", "expected object"),
    C("nations-is-array", {GMN: []}, GMN, "expected object"),
    C("flags-is-object", {f"{GMN}/USA/flags": {}}, f"{GMN}/USA/flags", "expected array"),
    C("rule-is-array", {f"{AT}/AT01/trade_center_rule": []}, f"{AT}/AT01/trade_center_rule", "expected an object"),
    C("headline-is-string", {"/prosperity_tokens/PT1/by_player_count/2/headline": "24"},
      "/prosperity_tokens/PT1/by_player_count/2/headline", "expected integer"),
    # ---- provenance scheme
    C("dead-pattern", {"/provenance/~1nonexistent": "placeholder"}, "/provenance//nonexistent", "dead"),
    C("dead-pattern-after-delete", {AB: DELETE}, "/provenance//solo/automa_board/infrastructure_sectors", "dead"),
    C("conflicting-patterns", {"/provenance/~1*~1SK~1spaces": "rulebook"}, f"{SP}/SK.U1/kind", "conflicting"),
    C("leaf-without-provenance", {"/extra": 1}, "/extra", "no provenance"),
    C("unknown-provenance-word", {"/provenance/~1goods": "invented"}, "/provenance//goods", "unknown provenance"),
    # ---- interpretations <-> interpretation patterns
    C("interpretation-pattern-unlisted", {"/provenance/~1board~1two_player_side_model": "interpretation"},
      "/provenance//board/two_player_side_model", "no entry of /interpretations"),
    C("interpretation-path-not-marked", {"/interpretations/I01/paths": Append("/goods")},
      "/interpretations/I01/paths/1", "provenance 'rulebook'"),
    C("interpretation-without-why", {"/interpretations/I05/why": ""}, "/interpretations/I05/why", "non-empty why"),
    # ---- rulebook-stated values
    C("lab-science-gain", {"/rules/laboratory/science_gain": 3}, "/rules/laboratory/science_gain", "rules text"),
    C("extra-science-ships", {"/rules/factory/extra_cost_science/Ships": 3},
      "/rules/factory/extra_cost_science/Ships", "is 3, expected 2"),
    C("removed-dots", {"/rules/flags/removed_dots_by_player_count/3": [3]},
      "/rules/flags/removed_dots_by_player_count/3/0", "is 3, expected 4"),
    C("rank-band", {"/solo/rank_table/2/max": 150}, "/solo/rank_table/2/max", "rules text"),
    C("goods-order", {"/goods/0": "Ships", "/goods/4": "Electronics"}, "/goods/0", "rules text"),
    C("rulebook-marked-placeholder", {"/provenance/~1rules~1laboratory": "placeholder"},
      "/rules/laboratory/science_gain", "resolves to 'placeholder'"),
    C("rulebook-bool-for-int", {"/rules/investment_funds/era_2_extra_per_laboratory": True},
      "/rules/investment_funds/era_2_extra_per_laboratory", "is true, expected 1"),
    # ---- rules options
    C("option-not-default", {"/rules_options/milestone_counts_on_space": False,
                             "/board/global_market_track/milestone_counts_when": "position_past"},
      "/rules_options/milestone_counts_on_space", "default"),
    C("option-bad-value", {"/rules_options/tiebreak_era2_tiger_ties": "coin_flip"},
      "/rules_options/tiebreak_era2_tiger_ties", "not an allowed value"),
    C("option-bool-for-int", {"/rules_options/prosperity_from_influence_rounds": True},
      "/rules_options/prosperity_from_influence_rounds", "not an allowed value"),
    C("option-unknown", {"/rules_options/extra_rounds": 1, "/provenance/~1rules_options~1extra_rounds": "placeholder"},
      "/rules_options/extra_rounds", "unknown rules option"),
    C("option-missing", {"/rules_options/tiebreak_era2_tiger_ties": DELETE, "/interpretations/I18": DELETE,
                         "/provenance/~1rules_options~1tiebreak_era2_tiger_ties": DELETE},
      "/rules_options/tiebreak_era2_tiger_ties", "missing rules option"),
    C("option-not-interpretation", {"/provenance/~1rules_options~1milestone_counts_on_space": "placeholder",
                                    "/interpretations/I04/paths": ["/board/global_market_track/milestone_counts_when"]},
      "/rules_options/milestone_counts_on_space", "provenance 'interpretation'"),
    C("restated-milestone", {"/board/global_market_track/milestone_counts_when": "position_past"},
      "/board/global_market_track/milestone_counts_when", "restate"),
    C("restated-rounds", {"/rules/prosperity_from_influence_scorings": 2},
      "/rules/prosperity_from_influence_scorings", "restate"),
    # ---- project rulings
    C("ruling-I01", {"/board/management_track/zero_investment_points_ranked": True},
      "/board/management_track/zero_investment_points_ranked", "I01"),
    C("ruling-I02", {"/rules/zero_influence_ranked": True}, "/rules/zero_influence_ranked", "I02"),
    C("ruling-I13", {"/rules/supply_limits/energy_tokens": True}, "/rules/supply_limits/energy_tokens", "I13"),
    C("ruling-I15", {"/rules/factory_production_effect_goods": 3}, "/rules/factory_production_effect_goods", "I15"),
    C("ruling-I17", {"/solo/automa_rules/local_market_occupied": "wrap_round"},
      "/solo/automa_rules/local_market_occupied", "I17"),
    # ---- component arithmetic
    C("colors", {"/components/colors": 5}, "/components/colors", "140"),
    C("worker-type-ids", {"/worker_types": ["W1", "W2"]}, "/worker_types", "worker types"),
    C("player-colors", {"/player_colors": Append("purple")}, "/player_colors", "colour ids"),
    C("bags", {"/components/bags": 3}, "/components/bags", "one per colour"),
    C("team-area-slots", {"/player_board/team_area_slots": 9}, "/player_board/team_area_slots", "workers placed"),
    # ---- Tigers
    C("tiger-order", {"/tigers/SK": MOVE_TO_END}, "/tigers", "in that order"),
    C("tiger-name", {"/tigers/HK/name": "Hongkong"}, "/tigers/HK/name", "Hong Kong"),
    C("areas-duplicate", {"/board/areas/upper": ["SK", "SK"]}, "/board/areas/upper/1", "once"),
    C("good-twice-in-tiger", {f"{SP}/SK.F2/good": "Ships"}, f"{SP}/SK.F2/good", "differ within a Tiger"),
    C("power-plant-wrong-factory", {f"{SP}/SK.P1/connects": ["SK.F1", "SK.F3"]}, f"{SP}/SK.P1/connects/1",
      "adjacent factories"),
    C("power-plant-connects-lab", {f"{SP}/SK.P1/connects": ["SK.F1", "SK.L1"]}, f"{SP}/SK.P1/connects/1",
      "must name a factory"),
    C("power-plant-one-factory", {f"{SP}/SK.P1/connects": ["SK.F1"]}, f"{SP}/SK.P1/connects", "connects 2"),
    C("university-column-c", {f"{SP}/SK.U3/column": "C"}, f"{SP}/SK.U3/column", "columns A and B"),
    C("department-column-b", {f"{SP}/SK.D1/column": "B"}, f"{SP}/SK.D1/column", "column C"),
    C("department-science-cost", {f"{SP}/SK.D2/science_cost": 3}, f"{SP}/SK.D2/science_cost", "science cost"),
    C("kind-row-mismatch", {f"{SP}/SK.L1/row": "factory"}, f"{SP}/SK.L1/row", "laboratory row"),
    C("unknown-kind", {f"{SP}/SK.L1/kind": "lab"}, f"{SP}/SK.L1/kind", "unknown kind"),
    C("min-players-5", {f"{SP}/SK.L3/min_players": 5}, f"{SP}/SK.L3/min_players", "2, 3 or 4"),
    C("university-bonus-verb", {f"{SP}/SK.U1/bonus/do": "gain"}, f"{SP}/SK.U1/bonus/do", "advance_global_market"),
    C("university-action-unknown", {f"{SP}/SK.U1/additional_actions/1": "teleport"},
      f"{SP}/SK.U1/additional_actions/1", "university_additional_actions"),
    C("bonus-on-factory", {f"{SP}/SK.F1/bonus": {"do": "advance_global_market", "amount": 1}}, f"{SP}/SK.F1/bonus",
      "only universities"),
    C("positions-duplicate", {f"{SP}/SK.L2/position": 1}, f"{SP}/SK.L2/position", "each once"),
    C("columns-out-of-order", {f"{SP}/SK.L1/column": "B", f"{SP}/SK.L2/column": "A"}, f"{SP}/SK.L2/column",
      "left to right"),
    C("four-dots-two-factories", {f"{SP}/SK.F1/min_players": 4}, f"{SP}/SK.F4/min_players", "once too often"),
    C("four-dots-no-lab", {f"{SP}/SK.L1/min_players": 2}, SP, "missing [\"laboratory\"]"),
    C("centre-c-cannot-build", {f"{SP}/SK.F3/min_players": 3, f"{SP}/SK.L3/min_players": 3}, SP,
      "centre C"),
    C("infinite-column", {"/tigers/SK/infinite_spaces/SK.Pinf/column": "A"},
      "/tigers/SK/infinite_spaces/SK.Pinf/column", "no column"),
    C("infinite-connects", {"/tigers/SK/infinite_spaces/SK.Pinf/connects": ["SK.F1"]},
      "/tigers/SK/infinite_spaces/SK.Pinf/connects", "connects to no factory"),
    C("satellite-row-twice", {"/tigers/SK/satellite_spaces/SK.SL/row": "factory"},
      "/tigers/SK/satellite_spaces/SK.SL/row", "satellite spaces"),
    C("two-headquarters", {"/tigers/SK/headquarters_slots/SK.HQ2": {"column": None, "min_players": 2}},
      "/tigers/SK/headquarters_slots", "one headquarters slot"),
    C("market-good-twice", {"/tigers/SK/local_markets/SK.MC/good": "Finance"}, "/tigers/SK/local_markets/SK.MC/good",
      "different goods"),
    C("market-column-twice", {"/tigers/SK/local_markets/SK.MB/column": "A"}, "/tigers/SK/local_markets/SK.MB/column",
      "one per column"),
    C("market-influence-zero", {"/tigers/SK/local_markets/SK.MA/influence": 0},
      "/tigers/SK/local_markets/SK.MA/influence", "positive"),
    C("shape-differs", {"/tigers/TW/spaces/TW.F1/min_players": 2}, "/tigers/TW/spaces/TW.F1/min_players",
      "share one layout"),
    C("shape-kind-differs", {"/tigers/HK/spaces/HK.L3/column": "B"}, "/tigers/HK/spaces/HK.L3/column",
      "share one layout"),
    # ---- board-wide
    C("neutral-factory-goods", {"/tigers/HK/spaces/HK.F4/good": "Machinery"}, "/tigers/HK/spaces/HK.F4/good",
      "neutral player"),
    C("good-one-factory-space", {"/tigers/TW/spaces/TW.F4/good": "Ships",
                                 "/tigers/SG/spaces/SG.F3/good": "Electronics"},
      "/tigers", "good Finance: 1 factory space"),
    C("good-closed-at-2p", {"/tigers/SG/spaces/SG.F1/good": "Chemicals", "/tigers/SG/spaces/SG.F2/good": "Machinery"},
      "/tigers", "Chemicals: no factory space open in a 2-player game"),
    C("centre-order", {"/board/investment_center_order_left_to_right": ["A", "B", "B"]},
      "/board/investment_center_order_left_to_right", "A, B, C"),
    # ---- global market
    C("rtc-sales", {"/global_market/trade_centers/RTC/sales_max": 3}, "/global_market/trade_centers/RTC/sales_max",
      "1 to 2 sales"),
    C("stc-restricted", {"/global_market/trade_centers/STC/worker_type_restricted": True},
      "/global_market/trade_centers/STC/worker_type_restricted", "any worker"),
    C("trade-center-order", {"/board/trade_center_order_top_to_bottom": ["ITC1", "ITC1", "RTC"]},
      "/board/trade_center_order_top_to_bottom", "ITC1, ITC2 and RTC"),
    C("nation-unknown-centre", {f"{GMN}/AUS/trade_center": "XTC"}, f"{GMN}/AUS/trade_center", "ITC1, ITC2 or RTC"),
    C("nation-split", {f"{GMN}/AUS/trade_center": "ITC2"}, f"{GMN}/NLD/trade_center", "3 at ITC1"),
    C("demand-pair-twice", {f"{GMN}/DEU/demand/goods": ["Electronics", "Machinery"]}, f"{GMN}/NLD/demand/goods",
      "different pairs"),
    C("demand-same-good", {f"{GMN}/USA/demand/goods": ["Ships", "Ships"]}, f"{GMN}/USA/demand/goods",
      "2 different goods"),
    C("regional-both-3", {f"{GMN}/JPN/demand/any_different": 3}, f"{GMN}/IDN/demand/any_different", "regional"),
    C("flags-not-sorted", {f"{GMN}/USA/flags/2/value": 7}, f"{GMN}/USA/flags/2/value", "highest value first"),
    C("flag-value-zero", {f"{GMN}/USA/flags/3/value": 0}, f"{GMN}/USA/flags/3/value", "positive"),
    C("flag-stars", {f"{GMN}/USA/flags/2/stars": 4}, f"{GMN}/USA/flags/2/stars", "1, 2 or 3"),
    C("flag-dots", {f"{GMN}/USA/flags/0/dots": 2}, f"{GMN}/USA/flags/0/dots", "null, 3 or 4"),
    C("no-flag-at-2p", {f"{GMN}/USA/flags/0/dots": 3, f"{GMN}/USA/flags/1/dots": 4}, f"{GMN}/USA/flags",
      "no flag left in a 2-player game"),
    C("three-flags", {f"{GMN}/USA/flags/3": DELETE}, f"{GMN}/USA/flags", "4 flags"),
    C("flag-id-twice", {f"{GMN}/CAN/flags/0/id": "USA-1"}, f"{GMN}/CAN/flags/0/id", "duplicate flag id"),
    C("special-flag-stars", {"/global_market/special_flags/SK/stars": 0}, "/global_market/special_flags/SK/stars",
      "1, 2 or 3"),
    C("special-flag-tiger", {"/global_market/special_flags/SK/tiger": "HK"}, "/global_market/special_flags/SK/tiger",
      "special flag of SK"),
    # ---- tracks
    C("milestone-off", {"/board/global_market_track/milestones/3": 21}, "/board/global_market_track/milestones/3",
      "every 5"),
    C("track-too-short", {"/board/global_market_track/printed_max": 40,
                          "/board/global_market_track/milestones": [5, 10, 15, 20, 25, 30, 35, 40]},
      "/board/global_market_track/printed_max", "45"),
    C("tiger-icons", {"/board/influence_track/tiger_icon_spaces/3": 16}, "/board/influence_track/tiger_icon_spaces/3",
      "Tiger icons"),
    C("tiger-icon-every-zero", {"/board/influence_track/tiger_icon_every": 0},
      "/board/influence_track/tiger_icon_every", "positive"),
    C("management-rank-length", {"/board/management_track/influence_by_rank/era_1/3": [7, 5, 3]},
      "/board/management_track/influence_by_rank/era_1/3", "one award per participant"),
    C("management-increasing", {"/board/management_track/influence_by_rank/era_2/4": [10, 7, 8, 2]},
      "/board/management_track/influence_by_rank/era_2/4/2", "must not increase"),
    C("management-steps", {"/board/management_track/steps/era_1/2": "investment_funds",
                           "/board/management_track/steps/era_1/3": "special_flags"},
      "/board/management_track/steps/era_1/2", "third Era I"),
    # ---- tokens
    C("headlines-not-distinct", {"/prosperity_tokens/PT2/by_player_count/3/headline": 24},
      "/prosperity_tokens/PT2/by_player_count/3/headline", "headlines must differ"),
    C("prosperity-rank-length", {"/prosperity_tokens/PT1/by_player_count/3/ranks": [24, 16, 9]},
      "/prosperity_tokens/PT1/by_player_count/3/ranks", "one award per participant"),
    C("prosperity-increasing", {"/prosperity_tokens/PT1/by_player_count/2/ranks": [12, 24]},
      "/prosperity_tokens/PT1/by_player_count/2/ranks/1", "must not increase"),
    C("region-effect-unknown", {"/region_bonus_tokens/RB6/effect": "funds_2"}, "/region_bonus_tokens/RB6/effect",
      "region_bonus_effects"),
    C("region-effect-unused", {"/region_bonus_tokens/RB6/effect": "science_2"}, "/region_bonus_tokens",
      "energy_2"),
    C("dollar-scope-twice", {"/performance_tokens/dollar/tokens/D4/scope": "SK"},
      "/performance_tokens/dollar/tokens/D4/scope", "$ scopes"),
    C("dollar-choose", {"/performance_tokens/dollar/tokens/D1/choose": "named"},
      "/performance_tokens/dollar/tokens/D1/choose", "one_or_both"),
    C("dollar-amount-cap", {"/performance_tokens/dollar/tokens/D3/amount_per_tiger": 10},
      "/performance_tokens/dollar/tokens/D3/amount_per_tiger", "below the cap"),
    C("yen-effect-twice", {"/performance_tokens/yen/tokens/Y6/effect": "relocate_satellite"},
      "/performance_tokens/yen/tokens/Y6/effect", "¥ effects"),
    # ---- catalogs
    C("unknown-verb", {"/catalog/nation_bonuses/energy_2/effects/0/do": "gain_energy"},
      "/catalog/nation_bonuses/energy_2/effects/0/do", "unknown effect verb"),
    C("catalog-size", {"/catalog/nation_bonuses/science_2": DELETE}, "/catalog/nation_bonuses", "9 entries"),
    C("bonus-funds", {"/catalog/infrastructure_bonuses/influence_any_7/cost/funds": 2},
      "/catalog/infrastructure_bonuses/influence_any_7/cost/funds", "influence 1"),
    # ---- player board
    C("generic-count", {f"{PBS}/S7/slots": Append("generic")}, PBS, "24 generic"),
    C("player-factory-twice", {f"{PBS}/S2/slots/2/factory": "Electronics"}, f"{PBS}/S2/slots/2/factory",
      "one per good"),
    C("sector-bonus-twice", {f"{PBS}/S8/bonus": "influence_any_5"}, f"{PBS}/S8/bonus", "exactly one sector"),
    C("slot-unknown", {f"{PBS}/S7/slots/0": "round"}, f"{PBS}/S7/slots/0", "\"generic\""),
    C("sector-three-rows", {f"{PBF}/A/rows": Append({"id": "A3", "accepts": "any", "nation_bonus": "energy_2"})},
      f"{PBF}/A/rows", "1 or 2 rows"),
    C("sector-requirement", {f"{PBF}/C/requirement": "D"}, f"{PBF}/C/requirement", "requirement 'C'"),
    C("row-id-twice", {f"{PBF}/C/rows/1/id": "C1"}, f"{PBF}/C/rows/1/id", "used twice"),
    C("row-bonus-unknown", {f"{PBF}/A/rows/0/nation_bonus": "funds_3"}, f"{PBF}/A/rows/0/nation_bonus",
      "catalog.nation_bonuses"),
    C("row-accepts-unknown", {f"{PBF}/A/rows/0/accepts": ["USA", "FRA"]}, f"{PBF}/A/rows/0/accepts/1", "not a nation"),
    C("bipartite-matching", {f"{PBF}/B/rows/0/accepts": ["JPN"], f"{PBF}/E/rows/1/accepts": ["JPN"]}, PBF,
      "one flag of every nation"),
    C("no-any-row", {f"{PBF}/B/rows/0/accepts": ALL_NATIONS, f"{PBF}/E/rows/1/accepts": ALL_NATIONS}, PBF,
      "accept \"any\""),
    C("special-section-slots", {"/player_board/special_flag_section/slots": 3},
      "/player_board/special_flag_section/slots", "special flag"),
    C("neutral-player-count", {"/neutral_player/player_count": 4}, "/neutral_player/player_count", "3-player"),
    # ---- solo
    C("automa-numbers-duplicated", {f"{AB}/infrastructure_sectors/AS2/generic_numbers/2": 5},
      f"{AB}/infrastructure_sectors/AS2/generic_numbers/2", "once too often"),
    C("automa-number-out-of-range", {f"{AB}/infrastructure_sectors/AS6/generic_numbers/2": 19},
      f"{AB}/infrastructure_sectors/AS6/generic_numbers/2", "unknown"),
    C("automa-factory-twice", {f"{AB}/infrastructure_sectors/AS2/factory": "Electronics"},
      f"{AB}/infrastructure_sectors/AS2/factory", "one per good"),
    C("automa-factory-space", {f"{AB}/factory_spaces/5": "Tea"}, f"{AB}/factory_spaces/5", "unknown"),
    C("automa-bonus-twice", {f"{AB}/infrastructure_sectors/AS4/bonus": "influence_all_1"},
      f"{AB}/infrastructure_sectors/AS4/bonus", "Automa infrastructure bonuses"),
    C("automa-nation-bonus-twice", {f"{AB}/final_scoring_sectors/AF3/nation_bonus": "global_market_3"},
      f"{AB}/final_scoring_sectors/AF3/nation_bonus", "Automa nation bonuses"),
    C("automa-accepts", {f"{AB}/final_scoring_sectors/AF1/accepts": "USA"}, f"{AB}/final_scoring_sectors/AF1/accepts",
      "\"any\""),
    C("automa-special-slots", {f"{AB}/special_flag_slots": 2}, f"{AB}/special_flag_slots", "special flag"),
    C("tile-influence-3", {f"{AT}/AT04/influence": 3}, f"{AT}/AT04/influence", "null, 2 or 4"),
    C("tile-target-type", {f"{AT}/AT04/target/type": "market"}, f"{AT}/AT04/target/type", "target type"),
    C("tile-too-many-flags", {f"{AT}/AT03/trade_center_rule/flags": 3}, f"{AT}/AT03/trade_center_rule/flags",
      "at most 2 sales"),
    C("tile-influence-at-centre", {f"{AT}/AT01/influence": 2}, f"{AT}/AT01/influence", "trade-centre tile"),
    C("tile-tie-default", {f"{AT}/AT08/target/tie_default": "HK"}, f"{AT}/AT08/target/tie_default", "tie default"),
    C("tile-same-tigers", {f"{AT}/AT08/target/tigers": ["SK", "SK"]}, f"{AT}/AT08/target/tigers", "two different"),
    C("tile-only-fewer", {f"{AT}/AT08/target/pick": "fewer_investment_points"}, AT, "'more' and 'fewer'"),
    C("tile-tiger-never-named", {f"{AT}/AT07/target/tiger": "SK"}, AT, "never named: ['SG']"),
    C("tile-prefer", {f"{AT}/AT05/trade_center_rule/prefer": "repeated"}, f"{AT}/AT05/trade_center_rule/prefer",
      "different_then_repeated"),
    C("tile-sale-not-bool", {f"{AT}/AT04/local_market_sale": "yes"}, f"{AT}/AT04/local_market_sale", "true or false"),
    C("solo-universities", {f"/tigers/{t}/spaces/{t}.U3/min_players": 3 for t in ("SK", "HK", "TW", "SG")}, "/tigers",
      "universities"),
    C("solo-setup-count", {"/solo/setup_as_player_count": 3}, "/solo/setup_as_player_count", "2-player"),
    C("solo-tables", {"/player_counts/solo_uses_tables_for": 3}, "/player_counts/solo_uses_tables_for", "tables"),
    # ---- campaign
    C("campaign-requirement-twice", {"/solo/campaign_tiles/CT2/requirement": "universities_5"},
      "/solo/campaign_tiles/CT2/requirement", "once each"),
    C("campaign-effect-unknown", {"/solo/campaign_tiles/CT1/automa_era_1/effects/0/amount": 5},
      "/solo/campaign_tiles/CT1/automa_era_1/effects/0", "Automa bonus catalogs"),
    C("campaign-trigger", {"/solo/campaign_tiles/CT1/automa_era_2/trigger": "era_end"},
      "/solo/campaign_tiles/CT1/automa_era_2/trigger", "era_start"),
    C("campaign-no-effects", {"/solo/campaign_tiles/CT3/automa_era_1/effects": []},
      "/solo/campaign_tiles/CT3/automa_era_1/effects", "must not be empty"),
    C("campaign-pairs-vs-areas", {"/board/areas/upper": ["SK", "HK"], "/board/areas/lower": ["TW", "SG"]},
      "/board/areas/upper", "campaign pair"),
]


@pytest.fixture(scope="module")
def edition() -> dict:
    return load_edition()


def test_cases_have_unique_ids_and_cover_many_rules():
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids))
    assert len(CASES) >= 60


def test_shipped_edition_passes(edition):
    prov = validate_edition_document(edition)
    assert isinstance(prov, ProvenanceMap)
    assert prov.resolve("/rules/laboratory/science_gain") == "rulebook"
    assert prov.is_placeholder("/tigers/SK/spaces/SK.F2/good")
    assert validate_edition_errors(edition) == []


def test_validation_does_not_modify_the_document(edition):
    before = json.dumps(edition, sort_keys=True)
    validate_edition_document(edition)
    validate_edition_errors(edition)
    assert json.dumps(edition, sort_keys=True) == before


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_broken_edition_names_the_path(edition, case):
    broken = apply_edits(edition, case.edits)
    with pytest.raises(EditionError) as info:
        validate_edition_document(broken)
    err = info.value
    assert (err.path, case.fragment in err.message) == (case.path, True), err.message
    assert UNEXPECTED_STRUCTURE not in err.message
    assert err.code == "invalid_edition"
    assert str(err).startswith(err.path + ": ")


# Every third case: the full list costs a second validation, and its first item
# comes from the same code path as the first-failure call.
@pytest.mark.parametrize("case", CASES[::3], ids=lambda c: c.id)
def test_error_list_starts_with_the_first_failure(edition, case):
    errors = validate_edition_errors(apply_edits(edition, case.edits))
    assert errors and errors[0].path == case.path
    assert all(isinstance(e, EditionError) for e in errors)


def test_error_list_collects_independent_failures(edition):
    broken = apply_edits(edition, {"/rules/laboratory/science_gain": 3,
                                   "/global_market/nations/USA/flags/2/stars": 4,
                                   "/solo/campaign_tiles/CT1/automa_era_2/trigger": "era_end"}.items())
    paths = [e.path for e in validate_edition_errors(broken)]
    assert paths == ["/rules/laboratory/science_gain", "/global_market/nations/USA/flags/2/stars",
                     "/solo/campaign_tiles/CT1/automa_era_2/trigger"]


@pytest.mark.parametrize("document", [[], "edition", None, 3])
def test_document_must_be_an_object(document):
    with pytest.raises(EditionError) as info:
        validate_edition_document(document)
    assert info.value.path == "/"


def test_other_option_defaults_are_accepted_when_asked(edition):
    broken = apply_edits(edition, {"/rules_options/milestone_counts_on_space": False,
                                   "/board/global_market_track/milestone_counts_when": "position_past",
                                   "/rules_options/prosperity_from_influence_rounds": 2,
                                   "/rules/prosperity_from_influence_scorings": 2,
                                   "/rules_options/tiebreak_era2_tiger_ties": "turn_order"}.items())
    with pytest.raises(EditionError) as info:
        validate_edition_document(broken)
    assert info.value.path == "/rules_options/tiebreak_era2_tiger_ties"
    validate_edition_document(broken, require_default_options=False)
    assert validate_edition_errors(broken, require_default_options=False) == []


def test_other_option_defaults_must_still_be_restated(edition):
    broken = apply_edits(edition, {"/rules_options/milestone_counts_on_space": False}.items())
    with pytest.raises(EditionError) as info:
        validate_edition_document(broken, require_default_options=False)
    assert info.value.path == "/board/global_market_track/milestone_counts_when"
    assert "position_past" in info.value.message


def test_corrected_placeholder_value_still_passes(edition):
    # README 1: correcting a value and marking it verified keeps the file valid.
    fixed = apply_edits(edition, {"/tigers/SK/local_markets/SK.MA/good": "Ships",
                                  "/provenance/~1tigers~1SK~1local_markets": "rulebook"}.items())
    prov = validate_edition_document(fixed)
    assert prov.resolve("/tigers/SK/local_markets/SK.MA/good") == "rulebook"


def test_tigers_may_differ_in_what_is_printed_on_their_shared_layout(edition):
    # Rulebook, Anatomy of a Tiger: the 4 Tigers share a layout; their printed bonuses and markets may differ
    # (issue 34: SK U1 at +4 while the others print +3 was refused)
    changed = apply_edits(edition, [("/tigers/SK/spaces/SK.U1/bonus/amount", 4),
                                    ("/tigers/HK/local_markets/HK.MA/influence", 5)])
    assert validate_edition_errors(changed) == []
