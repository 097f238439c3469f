"""Edition fields the engine reads from code, and the values of those it reads from the edition.

The edition documents every rule as data, but the engine only implements some of
them as switches.  This check makes the difference visible: a field the engine
honours must hold a value it knows (tie-break order, the neutral's tie rule, the
global-market track past its end), and a field it implements in code only must
keep the shipped reading; changing it is refused, naming the field, instead of
being accepted and ignored.  (Fields the rulebook states are pinned by the
rulebook checks already.)
"""
from __future__ import annotations

from api.games.asian_tigers.scoring.ranking import DEFAULT_TIE_ORDER

from .checks_base import Check, Doc, expect, fail, show

BEYOND_PRINTED_MAX = ("keep_counting_milestones_every_5", "no_milestones_beyond_printed_max")

# Followed as written in the engine's code: the only value it supports for each (the shipped reading).
FIXED: dict[tuple[str, ...], object] = {
    ("rules", "investment_centers", "A", "market_columns"): ["A", "B", "C"],
    ("rules", "investment_centers", "B", "market_columns"): ["B", "C"],
    ("rules", "investment_centers", "C", "market_columns"): ["C"],
    ("rules", "investment_centers", "worker_type_fixed_by_first_worker_each_era"): True,
    ("rules", "investment_centers", "distinct_worker_types_within_tiger"): True,
    ("rules", "infinite_spaces_reachable_from_centers"): ["A", "B", "C"],
    ("rules", "local_markets", "cleared_at_era_2_setup"): True,
    ("rules", "local_markets", "sale_timing"): "after_center_cost_before_build",
    ("rules", "power_plant", "discount_for_all_players"): True,
    ("rules", "power_plant", "infinite_connects"): False,
    ("rules", "factory", "one_per_good_per_player"): True,
    ("rules", "university", "additional_action_count"): 1,
    ("rules", "university", "bonus_resolved_after_additional_action"): True,
    ("rules", "department", "only_via_university_additional_action"): True,
    ("rules", "department", "same_tiger_as_university"): True,
    ("rules", "department", "placement"): "any_open_department_space",
    ("rules", "parts_factory", "max_per_factory"): 1,
    ("rules", "parts_factory", "investment_points"): 1,
    ("rules", "satellite", "modifier_excludes"): ["infinite_spaces", "parts_factories"],
    ("rules", "satellite", "rows"): ["factory", "power_plant", "laboratory"],
    ("rules", "headquarters", "cost_funds"): 0,
    ("rules", "investment_points", "infinite_spaces_count"): True,
    ("rules", "tie_breakers", "column_points_include"):
        "points_of_infrastructures_on_spaces_of_that_column_incl_satellite_modifier_and_parts_factories",
    ("rules", "global_market", "era_2_leftover_resources_count"): ["goods", "energy", "science"],
    ("rules", "global_market", "turn_order_tie"): "earlier_arrival_first",
    ("rules", "special_flags", "offered_in"): "era_1_management",
    ("rules", "special_flags", "offered_to"): "influence_leader_then_down_track",
    ("rules", "special_flags", "accept_influence"): "back_to_previous_tiger_icon",
    ("rules", "special_flags", "accept_triggers_nation_bonus"): False,
    ("rules", "special_flags", "declined_by_all"): "return_to_box",
    ("rules", "flags", "stack_order"): "highest_value_on_top",
    ("rules", "flags", "no_legal_row"): "sale_not_allowed",
    ("rules", "final_scoring", "formula"): "tigers_meeting_requirement * stars_in_sector",
    ("rules", "nations_scoring", "formula"): "distinct_flags_incl_special * milestones_passed",
    ("rules", "winner_tie_break"): "first_in_final_turn_order",
    ("rules", "region_bonus_tokens_consumed"): False,
    ("rules", "region_bonus_good_produced_in_tiger"): "good_type_of_any_factory_built_there_else_none",
    ("neutral_player", "color"): "unused_player_color",
    ("neutral_player", "blocker_space_dots"): 4,
    ("neutral_player", "blocker_kinds_per_tiger"): ["university", "department", "factory", "power_plant", "laboratory"],
    ("neutral_player", "advanced_parts_factory_on_each_factory"): True,
    ("neutral_player", "participates_in"): ["management_influence", "special_flags", "prosperity_from_influence"],
    ("neutral_player", "always_accepts_special_flags"): True,
    ("neutral_player", "records_score"): False,
}


def check_engine_support(doc: Doc) -> Check:
    """Honoured fields hold values the engine knows; code-only fields keep the shipped reading."""
    path = ("rules", "tie_breakers", "order")
    order = doc.at(*path)
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(DEFAULT_TIE_ORDER) \
            or len(order) != len(DEFAULT_TIE_ORDER):
        yield fail(path, f"the tie-break order lists each of {', '.join(DEFAULT_TIE_ORDER)} exactly once, "
                         f"found {show(order)}")
    elif order[-1] != "turn_order":
        yield fail(path + (str(len(order) - 1),), "turn_order must come last: it is the only tie-breaker that "
                                                   f"always separates two participants, found {show(order[-1])}")
    rules_flag, neutral_flag = doc.at("rules", "tie_breakers", "neutral_wins_ties"), doc.at("neutral_player", "wins_ties")
    for where, value in ((("rules", "tie_breakers", "neutral_wins_ties"), rules_flag),
                         (("neutral_player", "wins_ties"), neutral_flag)):
        if not isinstance(value, bool):
            yield fail(where, f"must be true or false, found {show(value)}")
    if isinstance(rules_flag, bool) and isinstance(neutral_flag, bool) and rules_flag != neutral_flag:
        yield fail(("neutral_player", "wins_ties"), f"must agree with /rules/tie_breakers/neutral_wins_ties "
                                                    f"({show(rules_flag)}): both say whether the neutral wins its ties")
    path = ("board", "global_market_track", "beyond_printed_max")
    if doc.at(*path) not in BEYOND_PRINTED_MAX:
        yield fail(path, f"must be one of {', '.join(BEYOND_PRINTED_MAX)}, found {show(doc.at(*path))}")
    for path, want in FIXED.items():
        yield from expect(doc, path, want, f"the engine supports only {show(want)} here (it follows this rule as "
                                           f"written in its code); an edition cannot change it")
