"""Rulebook-stated values, rules options and project rulings of the Asian Tigers edition.

`RULEBOOK` mirrors the table of the edition validator in the project's reference
material (``check.py``): each value is stated by the rules text, so an edition must
hold exactly it and mark it ``rulebook``.
"""
from __future__ import annotations

from api.games.provenance import iter_leaves, split_pointer

from .checks_base import Check, Doc, expect, fail, first_diff, json_type, member, same, show

# pointer -> the value the rules text states
RULEBOOK = {
    "/components/infrastructures_total": 140,
    "/components/per_color/generic_infrastructures": 24,
    "/components/per_color/factories": 6,
    "/components/per_color/satellites": 4,
    "/components/per_color/headquarters": 1,
    "/components/per_color/discs": 5,
    "/components/per_color/squared_markers": 5,
    "/components/goods_total": 60,
    "/components/goods_per_type": 10,
    "/components/worker_types": 3,
    "/components/workers_per_type": 17,
    "/components/flags_total": 36,
    "/components/energy_tokens": 35,
    "/components/science_tokens": 25,
    "/components/parts_factories": 24,
    "/components/performance_tokens/total": 12,
    "/components/action_tiles": 10,
    "/components/campaign_tiles": 9,
    "/components/region_bonus_tokens": 6,
    "/components/prosperity_tokens": 5,
    "/goods": ["Electronics", "Automobiles", "Machinery", "Finance", "Ships", "Chemicals"],
    "/rules/eras": 2,
    "/rules/workers_placed_per_era": 10,
    "/rules/investment_funds/start_per_tiger": 6,
    "/rules/investment_funds/max": 10,
    "/rules/investment_funds/carry_over_between_eras": False,
    "/rules/investment_funds/era_2_extra_per_laboratory": 1,
    "/rules/investment_funds/era_2_extra_counts_infinite_laboratories": True,
    "/rules/investment_centers/A/cost_funds": 3,
    "/rules/investment_centers/B/cost_funds": 2,
    "/rules/investment_centers/C/cost_funds": 1,
    "/rules/investment_centers/A/build_columns": ["A", "B", "C"],
    "/rules/investment_centers/B/build_columns": ["B", "C"],
    "/rules/investment_centers/C/build_columns": ["C"],
    "/rules/local_markets/goods_per_market_per_era": 1,
    "/rules/laboratory/science_gain": 2,
    "/rules/laboratory/science_gain_infinite": 1,
    "/rules/power_plant/energy_gain": 3,
    "/rules/power_plant/energy_gain_infinite": 2,
    "/rules/power_plant/factories_connected": 2,
    "/rules/power_plant/factory_discount_energy": 1,
    "/rules/factory/base_cost_energy": 4,
    "/rules/factory/discount_per_connected_built_power_plant": 1,
    "/rules/factory/extra_cost_science": {"Automobiles": 2, "Ships": 2},
    "/rules/factory/production_goods": 2,
    "/rules/university/parts_factory_cost_energy": 1,
    "/rules/department/science_cost_options": [1, 2],
    "/rules/parts_factory/production_goods": 1,
    "/rules/satellite/cost_funds": 2,
    "/rules/satellite/row_modifier_investment_points": 1,
    "/rules/investment_points/per_built_infrastructure": 1,
    "/rules/investment_points/per_parts_factory": 1,
    "/rules/global_market/special_trade_center_advance": 2,
    "/rules/global_market/flags_used_to_advance_per_turn": 1,
    "/rules/global_market/era_2_leftover_resources_per_space": 3,
    "/rules/special_flags/accept_global_market": 2,
    "/rules/flags/removed_dots_by_player_count": {"2": [3, 4], "3": [4], "4": []},
    "/board/global_market_track/milestone_every": 5,
    "/board/global_market_track/start_space_by_turn_position": [1, 2, 3, 4],
    "/board/influence_track/start": 0,
    "/board/influence_track/cap": None,
    "/board/influence_track/printed_max": 40,
    "/board/management_track/participants_by_player_count": {"2": 2, "3": 4, "4": 4},
    "/setup/funds_per_tiger": 6,
    "/setup/influence_start": 0,
    "/setup/player/workers_per_type": 4,
    "/setup/player/bag_size": 12,
    "/setup/player/set_aside/count": 2,
    "/setup/player/team_area_slots": 10,
    "/setup/player/energy": 4,
    "/setup/player/science": 2,
    "/setup/player/starting_good_pool": ["Electronics", "Machinery", "Finance", "Chemicals"],
    "/setup/player/starting_goods": 1,
    "/setup/region_bonus_tokens/leftover_beside_board": 2,
    "/neutral_player/influence_start": 5,
    "/neutral_player/influence_start_advanced": 6,
    "/catalog/final_scoring_requirements/A/at_least": 8,
    "/catalog/final_scoring_requirements/B/at_least": 5,
    "/catalog/campaign_requirements/universities_5/at_least": 5,
    "/catalog/campaign_requirements/laboratories_5/at_least": 5,
    "/catalog/campaign_requirements/power_plants_5/at_least": 5,
    "/catalog/campaign_requirements/flags_7_different/at_least": 7,
    "/catalog/campaign_requirements/global_market_45/at_least": 45,
    "/solo/difficulty_multipliers": [1, 2, 3, 4],
    "/solo/campaign/starting_science_after_failures": [2, 1, 0],
    "/solo/campaign/failures_ending_campaign": 3,
    "/solo/campaign/scenarios_min": 2,
    "/solo/campaign/scenarios_max": 9,
    "/solo/automa_board/numbered_generic_spaces": 18,
    "/solo/automa_board/reserve_generics": 6,
    "/solo/rank_table": [
        {"min": None, "max": 114, "rank": "Bankruptcy"},
        {"min": 115, "max": 129, "rank": "Small Investor"},
        {"min": 130, "max": 144, "rank": "Successful"},
        {"min": 145, "max": 160, "rank": "Wealthy"},
        {"min": 161, "max": None, "rank": "Magnate"}],
}


# name -> (default, allowed values); README section 1a
RULES_OPTIONS = {
    "tiebreak_era2_tiger_ties": ("chain", ["chain", "turn_order"]),
    "milestone_counts_on_space": (True, [True, False]),
    "prosperity_from_influence_rounds": (1, [1, 2]),
}

# project rulings (I13): which supplies run out
SUPPLY_LIMITS = {"goods": True, "parts_factories": True, "energy_tokens": False, "science_tokens": False}

# project rulings stated as one fixed value: (path, value, the ruling in words)
RULINGS = (
    (("board", "management_track", "zero_investment_points_ranked"), False,
     "ruling I01: a participant with 0 investment points in a Tiger is not ranked"),
    (("rules", "zero_influence_ranked"), False, "ruling I02: a participant at 0 influence is not ranked for prosperity"),
)


def check_rulebook_values(doc: Doc) -> Check:
    """Each value the rules text states is present, equal to the text, and marked 'rulebook'."""
    for ptr, want in RULEBOOK.items():
        segs = split_pointer(ptr)
        node = doc.root
        for depth, seg in enumerate(segs):
            if not isinstance(node, dict):
                yield fail(segs[:depth], f"expected an object (it holds the rulebook value {ptr}), "
                                         f"found {json_type(node)} {show(node)}")
                break
            if seg not in node:
                yield fail(segs[: depth + 1], f"missing; the rules text states {ptr} = {show(want)}")
                break
            node = node[seg]
        else:
            diff = first_diff(node, want, segs)
            if diff:
                yield fail(diff[0], f"rulebook value {diff[1]}: the rules text states {ptr} = {show(want)}")
                continue
            if doc.prov is None:
                continue
            for path, _ in iter_leaves(node, segs):
                found = doc.prov.resolve(path)
                if found != "rulebook":
                    yield fail(path, f"stated by the rules text but its provenance resolves to {found!r}; "
                                     f"add a 'rulebook' pattern for it")


def check_rules_options(doc: Doc) -> Check:
    """Exactly the three rules options of README 1a, allowed values, defaults, restated fields."""
    options = doc.obj("rules_options")
    for name in options:
        if name not in RULES_OPTIONS:
            yield fail(("rules_options", name), f"unknown rules option; exactly {sorted(RULES_OPTIONS)} exist "
                                                f"(README 1a: no other rules switch)")
    valid = {}
    for name, (default, allowed) in RULES_OPTIONS.items():
        path = ("rules_options", name)
        if name not in options:
            yield fail(path, f"missing rules option (default {show(default)}, allowed {show(allowed)})")
            continue
        value = options[name]
        if not member(value, allowed):
            yield fail(path, f"{show(value)} is not an allowed value; expected one of {show(allowed)}")
            continue
        valid[name] = value
        # A game stores its own option values; the edition only records the defaults,
        # which check.py pins to the project rulings.  require_default_options=False
        # accepts an edition that ships other (still allowed) defaults.
        if doc.require_default_options and not same(value, default):
            yield fail(path, f"the edition must hold the default {show(default)} (project ruling, README 1a), "
                             f"found {show(value)}; a game picks another value when it is created")
        if doc.prov is not None and doc.prov.resolve(path) != "interpretation":
            yield fail(path, f"a rules option must have provenance 'interpretation', "
                             f"found {doc.prov.resolve(path)!r}")
    if "milestone_counts_on_space" in valid:
        want = "position_at_or_past" if valid["milestone_counts_on_space"] else "position_past"
        path = ("board", "global_market_track", "milestone_counts_when")
        yield from expect(doc, path, want, f"must restate rules_options/milestone_counts_on_space = "
                                           f"{show(valid['milestone_counts_on_space'])}: expected {show(want)}")
    if "prosperity_from_influence_rounds" in valid:
        want = valid["prosperity_from_influence_rounds"]
        path = ("rules", "prosperity_from_influence_scorings")
        yield from expect(doc, path, want, f"must restate rules_options/prosperity_from_influence_rounds: "
                                           f"expected {show(want)}")


def check_rulings(doc: Doc) -> Check:
    """The project rulings I01, I02, I13, I15 and I17 stay encoded."""
    for path, want, ruling in RULINGS:
        yield from expect(doc, path, want, f"{ruling}; expected {show(want)}")
    diff = first_diff(doc.at("rules", "supply_limits"), SUPPLY_LIMITS, ("rules", "supply_limits"))
    if diff:
        yield fail(diff[0], f"ruling I13 (goods and parts factories limited, energy and science unlimited): "
                            f"{diff[1]}")
    normal = doc.at("rules", "factory", "production_goods")
    yield from expect(doc, ("rules", "factory_production_effect_goods"), normal,
                      f"ruling I15: the yen factory production yields the normal production {show(normal)} goods "
                      f"(a parts factory adds nothing)")
    yield from expect(doc, ("solo", "automa_rules", "local_market_occupied"), "next_market_to_the_right_no_wrap",
                      'ruling I17: the Automa\'s local-market overflow does not wrap round; expected '
                      '"next_market_to_the_right_no_wrap"')
