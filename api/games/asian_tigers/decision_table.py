"""The decision table: every step, every question, who lists its options and who answers each action.

This is the one place that says which function the engine runs; nothing is
registered by importing a module.  A step (``function(state, frame, events)``)
returns the decision it asks, or None; frames in a saved game hold step names, so
a name never changes.  An answer is ``function(state, action, events)``.  The parts
of the game are listed in the order they are played.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Callable, Mapping

from api.games.asian_tigers import flow
from api.games.asian_tigers.decisions import Ask, decline
from api.games.asian_tigers.management import era1, era2, era2_setup
from api.games.asian_tigers.solo import automa, automa_bonuses
from api.games.asian_tigers.turn import bonuses, building, market, performance, placement, region


@dataclass(frozen=True)
class Decision:
    """One kind of question: who asks it, who lists its options, who answers each action kind."""

    asked_by: tuple[str, ...]
    options: Callable
    answers: Mapping[str, Callable]


STEPS: Mapping[str, Callable] = MappingProxyType({
    # the turn (flow)
    "placement": Ask("choose_placement"),  # TURN-01: place the leftmost worker
    "bonuses": Ask("choose_bonus"),  # after the action: resolve or ignore unlocked bonuses, then end the turn
    # the action a placement starts
    "special_trade": Ask("choose_special_trade"),  # TRADE-07: sell to a nation of another centre, or advance 2
    "local_sale": Ask("choose_local_sale", True, ("tiger", "center")),  # LMKT-02: optional, before the build
    "build": Ask("choose_build", False, ("tiger", "center")),  # the mandatory build of an investment action
    "university_action": Ask("choose_university_action", True, ("space",)),  # BUILD-UNI-01: optional
    "university_bonus": building.university_bonus_step,
    "sales": Ask("choose_sale", False, ("trade_center",)),  # TRADE-02/04/05, bonuses in between (CASCADE-04)
    "gm_flag": Ask("choose_gm_flag", False, ("flags",)),  # TRADE-06: one flag bought here advances the GM
    # bonuses that ask a follow-up question
    "region_bonus": region.region_bonus_step,
    "second_production": Ask("choose_second_production", True, ("first", "energy", "reason")),  # PERF-09
    # management: Era I, the Era II setup, Era II and the final scoring
    "mgmt_global_market": era1.global_market_step,
    "mgmt_influence": era1.influence_step,
    "mgmt_special_flags": era1.special_flags_step,
    "offer_special_flag": era1.offer_step,
    "mgmt_funds": era1.funds_step,
    "era2_setup": flow.era2_setup_step,
    "final_scoring": era2.final_scoring_step,
    # solo: the Automa's turn
    "automa_tile": automa.tile_step,
    "automa_place": automa.place_step,
    "automa_sale": automa.sale_step,
    "automa_build": automa.build_step,
    "automa_department": automa.department_step,
    "automa_university_bonus": automa.university_bonus_step,
    "automa_influence": automa.influence_step,
    "automa_flag": automa.flag_step,
    "automa_trade_gm": automa.trade_gm_step,
    "automa_effect": automa_bonuses.effect_step,
    "automa_end": flow.automa_end_step,
})

DECISIONS: Mapping[str, Decision] = MappingProxyType({
    # the turn
    "choose_placement": Decision(("placement",), placement.placement_options,
                                 {"place_worker": placement.place_worker}),
    "choose_bonus": Decision(("bonuses",), flow.bonus_options,
                             {"resolve_bonus": bonuses.resolve_bonus, "ignore_bonus": bonuses.ignore_bonus,
                              "end_turn": flow.end_turn}),
    # the action a placement starts
    "choose_special_trade": Decision(("special_trade",), placement.special_trade_options,
                                     {"special_advance": placement.special_advance,
                                      "special_sale": market.special_sale}),
    "choose_local_sale": Decision(("local_sale",), placement.local_sale_options,
                                  {"sell_local": placement.sell_local, "skip_local_sale": decline}),
    "choose_build": Decision(("build",), building.build_options, {"build": building.build}),
    "choose_university_action": Decision(("university_action",), building.university_action_options,
                                         {"build_department": building.build_department,
                                          "attach_parts_factory": building.attach_parts_factory,
                                          "skip_university_action": decline}),
    "choose_sale": Decision(("sales",), flow.sale_options,
                            {"sell_to_nation": market.sell_to_nation, "finish_sales": market.finish_sales,
                             "resolve_bonus": bonuses.resolve_bonus, "ignore_bonus": bonuses.ignore_bonus}),
    "choose_gm_flag": Decision(("gm_flag",), market.gm_flag_options,
                               {"advance_with_flag": market.advance_with_flag}),
    # bonuses that ask a follow-up question
    "choose_region_bonus": Decision(("region_bonus",), region.region_bonus_options,
                                    {"take_region_bonus": region.take_region_bonus}),
    "choose_second_production": Decision(("second_production",), performance.second_production_options,
                                         {"run_factory": performance.run_second_factory,
                                          "skip_second_production": performance.skip_second_production}),
    # management
    "choose_special_flag": Decision(("offer_special_flag",), era1.special_flag_options,
                                    {"accept_special_flag": era1.accept_answer,
                                     "decline_special_flag": era1.decline_answer}),
    "record_era2_draws": Decision(("era2_setup",), era2_setup.record_options,
                                  {"draw_era2_setup": flow.draw_era2_setup}),
    # solo: the Automa's turn
    "record_automa_tile": Decision(("automa_tile",), automa.record_tile_options,
                                   {"reveal_automa_tile": automa.reveal_automa_tile}),
    "choose_automa_region": Decision(("automa_effect",), automa_bonuses.region_options,
                                     {"choose_automa_region": automa_bonuses.choose_automa_region}),
})

OPTIONS: Mapping[str, Callable] = MappingProxyType({kind: d.options for kind, d in DECISIONS.items()})
ANSWERS: Mapping[str, Mapping[str, Callable]] = MappingProxyType(
    {kind: MappingProxyType(dict(d.answers)) for kind, d in DECISIONS.items()})
ACTION_KINDS: tuple[str, ...] = tuple(sorted({action for answers in ANSWERS.values() for action in answers}))

# The fields each action kind may carry besides "kind" and "decision": an answer with any other field is refused,
# never stored (issue 16).  Read from this table, not from the options listed again: listing them took a third
# of every move.  Where a kind's fields differ with the situation, its handler refuses the ones it does not take
# (a bonus: `bonuses.FIELDS` and the performance tokens'; a known team's worker: `placement.worker_for`).
_NONE, _SALE, _BUILD = frozenset(), frozenset({"goods", "nation", "row"}), frozenset({"space", "sector"})
ACTION_FIELDS: Mapping[str, frozenset[str]] = MappingProxyType({
    # the turn
    "place_worker": frozenset({"center", "worker"}), "end_turn": _NONE, "ignore_bonus": frozenset({"bonus"}),
    "resolve_bonus": frozenset({"bonus", "token", "tigers"}).union(*bonuses.FIELDS.values(),
                                                                   *performance.YEN_FIELDS.values()),
    # the action a placement starts
    "special_advance": _NONE, "special_sale": _SALE, "sell_local": frozenset({"market"}), "skip_local_sale": _NONE,
    "build": _BUILD, "build_department": _BUILD, "attach_parts_factory": frozenset({"space"}),
    "skip_university_action": _NONE, "sell_to_nation": _SALE, "finish_sales": _NONE,
    "advance_with_flag": frozenset({"flag"}),
    # bonuses that ask a follow-up question
    "take_region_bonus": frozenset({"tiger", "good"}), "run_factory": frozenset({"space"}),
    "skip_second_production": _NONE,
    # management
    "accept_special_flag": _NONE, "decline_special_flag": _NONE,
    "draw_era2_setup": frozenset({"setup_workers", "workers"}),
    # solo: the Automa's turn
    "reveal_automa_tile": frozenset({"tile"}), "choose_automa_region": frozenset({"tiger"}),
})
