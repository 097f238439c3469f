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
from api.games.messages import msg
from api.games.provenance import split_pointer

from .checks_base import Check, Doc, expect, fail, show, table

BEYOND_PRINTED_MAX = ("keep_counting_milestones_every_5", "no_milestones_beyond_printed_max")

# Followed as written in the engine's code: the only value it supports for each (the shipped reading);
# one per line in pinned_values.json.
FIXED = {split_pointer(ptr): value for ptr, value in table("engine_fixed").items()}


def check_engine_support(doc: Doc) -> Check:
    """Honoured fields hold values the engine knows; code-only fields keep the shipped reading."""
    path = ("rules", "tie_breakers", "order")
    order = doc.at(*path)
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(DEFAULT_TIE_ORDER) \
            or len(order) != len(DEFAULT_TIE_ORDER):
        yield fail(path, msg("the tie-break order lists each of {default_tie_order} exactly once, found {order}",
                             default_tie_order=', '.join(DEFAULT_TIE_ORDER), order=show(order)))
    elif order[-1] != "turn_order":
        yield fail(path + (str(len(order) - 1),), msg("turn_order must come last: it is the only tie-breaker that "
                                                      "always separates two participants, found {order}",
                                                      order=show(order[-1])))
    rules_flag, neutral_flag = doc.at("rules", "tie_breakers", "neutral_wins_ties"), doc.at("neutral_player", "wins_ties")
    for where, value in ((("rules", "tie_breakers", "neutral_wins_ties"), rules_flag),
                         (("neutral_player", "wins_ties"), neutral_flag)):
        if not isinstance(value, bool):
            yield fail(where, msg("must be true or false, found {value}", value=show(value)))
    if isinstance(rules_flag, bool) and isinstance(neutral_flag, bool) and rules_flag != neutral_flag:
        yield fail(("neutral_player", "wins_ties"), msg("must agree with /rules/tie_breakers/neutral_wins_ties "
                                                        "({rules_flag}): both say whether the neutral wins its ties",
                                                        rules_flag=show(rules_flag)))
    path = ("board", "global_market_track", "beyond_printed_max")
    if doc.at(*path) not in BEYOND_PRINTED_MAX:
        yield fail(path, msg("must be one of {beyond_printed_max}, found {value}",
                             beyond_printed_max=', '.join(BEYOND_PRINTED_MAX), value=show(doc.at(*path))))
    for path, want in FIXED.items():
        yield from expect(doc, path, want, msg("the engine supports only {want} here (it follows this rule as "
                                               "written in its code); an edition cannot change it", want=show(want)))
