"""Rulebook-stated values, rules options and project rulings of the Asian Tigers edition.

`RULEBOOK` mirrors the table of the edition validator in the project's reference
material (``check.py``): each value is stated by the rules text, so an edition must
hold exactly it and mark it ``rulebook``.
"""
from __future__ import annotations

from api.games.messages import msg
from api.games.provenance import iter_leaves, split_pointer

from .checks_base import Check, Doc, expect, fail, first_diff, json_type, member, same, show, table

# pointer -> the value the rules text states (one per line in pinned_values.json)
RULEBOOK = table("rulebook")


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
     msg("ruling I01: a participant with 0 investment points in a Tiger is not ranked")),
    (("rules", "zero_influence_ranked"), False, msg("ruling I02: a participant at 0 influence is not ranked for prosperity")),
)


def check_rulebook_values(doc: Doc) -> Check:
    """Each value the rules text states is present, equal to the text, and marked 'rulebook'."""
    for ptr, want in RULEBOOK.items():
        segs = split_pointer(ptr)
        node = doc.root
        for depth, seg in enumerate(segs):
            if not isinstance(node, dict):
                yield fail(segs[:depth], msg("expected an object (it holds the rulebook value {ptr}), found {node} "
                                             "{node2}", ptr=ptr, node=json_type(node), node2=show(node)))
                break
            if seg not in node:
                yield fail(segs[: depth + 1], msg("missing; the rules text states {ptr} = {want}", ptr=ptr,
                                                  want=show(want)))
                break
            node = node[seg]
        else:
            diff = first_diff(node, want, segs)
            if diff:
                yield fail(diff[0], msg("rulebook value {diff}: the rules text states {ptr} = {want}", diff=diff[1],
                                        ptr=ptr, want=show(want)))
                continue
            if doc.prov is None:
                continue
            for path, _ in iter_leaves(node, segs):
                found = doc.prov.resolve(path)
                if found != "rulebook":
                    yield fail(path, msg("stated by the rules text but its provenance resolves to {found}; add a "
                                         "'rulebook' pattern for it", found=repr(found)))


def check_rules_options(doc: Doc) -> Check:
    """Exactly the three rules options of README 1a, allowed values, defaults, restated fields."""
    options = doc.obj("rules_options")
    for name in options:
        if name not in RULES_OPTIONS:
            yield fail(("rules_options", name), msg("unknown rules option; exactly {rules_options} exist (README "
                                                    "1a: no other rules switch)",
                                                    rules_options=sorted(RULES_OPTIONS)))
    valid = {}
    for name, (default, allowed) in RULES_OPTIONS.items():
        path = ("rules_options", name)
        if name not in options:
            yield fail(path, msg("missing rules option (default {default}, allowed {allowed})",
                                 default=show(default), allowed=show(allowed)))
            continue
        value = options[name]
        if not member(value, allowed):
            yield fail(path, msg("{value} is not an allowed value; expected one of {allowed}", value=show(value),
                                 allowed=show(allowed)))
            continue
        valid[name] = value
        # A game stores its own option values; the edition only records the defaults,
        # which check.py pins to the project rulings.  require_default_options=False
        # accepts an edition that ships other (still allowed) defaults.
        if doc.require_default_options and not same(value, default):
            yield fail(path, msg("the edition must hold the default {default} (project ruling, README 1a), found "
                                 "{value}; a game picks another value when it is created", default=show(default),
                                 value=show(value)))
        if doc.prov is not None and doc.prov.resolve(path) != "interpretation":
            yield fail(path, msg("a rules option must have provenance 'interpretation', found {path}",
                                 path=repr(doc.prov.resolve(path))))
    if "milestone_counts_on_space" in valid:
        want = "position_at_or_past" if valid["milestone_counts_on_space"] else "position_past"
        path = ("board", "global_market_track", "milestone_counts_when")
        yield from expect(doc, path, want, msg("must restate rules_options/milestone_counts_on_space = "
                                               "{milestone_counts_on_space}: expected {want}",
                                               milestone_counts_on_space=show(valid['milestone_counts_on_space']),
                                               want=show(want)))
    if "prosperity_from_influence_rounds" in valid:
        want = valid["prosperity_from_influence_rounds"]
        path = ("rules", "prosperity_from_influence_scorings")
        yield from expect(doc, path, want, msg("must restate rules_options/prosperity_from_influence_rounds: "
                                               "expected {want}", want=show(want)))


def check_rulings(doc: Doc) -> Check:
    """The project rulings I01, I02, I13, I15 and I17 stay encoded."""
    for path, want, ruling in RULINGS:
        yield from expect(doc, path, want, msg("{ruling}; expected {want}", ruling=ruling, want=show(want)))
    diff = first_diff(doc.at("rules", "supply_limits"), SUPPLY_LIMITS, ("rules", "supply_limits"))
    if diff:
        yield fail(diff[0], msg("ruling I13 (goods and parts factories limited, energy and science unlimited): "
                                "{diff}", diff=diff[1]))
    normal = doc.at("rules", "factory", "production_goods")
    yield from expect(doc, ("rules", "factory_production_effect_goods"), normal,
                      msg("ruling I15: the yen factory production yields the normal production {normal} goods (a "
                          "parts factory adds nothing)", normal=show(normal)))
    yield from expect(doc, ("solo", "automa_rules", "local_market_occupied"), "next_market_to_the_right_no_wrap",
                      msg("ruling I17: the Automa's local-market overflow does not wrap round; expected "
                          "\"next_market_to_the_right_no_wrap\""))
