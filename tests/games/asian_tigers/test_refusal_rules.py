"""Issue 16 (c): every refusal of an illegal move names the catalogue rule it breaks, where there is one.

Illegal moves are made by mutating legal ones in random games (a field dropped or given a value
from elsewhere in the game, a stale decision id, another kind); only refusals of a malformed
action itself (no rule in the catalogue covers a field that does not exist) may lack a rule.
"""
from __future__ import annotations

import random
from collections import Counter, defaultdict

from api.games.asian_tigers import RulesError, apply, legal_actions, load_edition, new_game

EDITION = load_edition()
TABLES = [
    {"players": [{"name": "a", "color": "red"}, {"name": "b", "color": "blue"}]},
    {"players": [{"name": "a", "color": "red"}, {"name": "b", "color": "blue"}, {"name": "c", "color": "green"}]},
    {"players": [{"name": "a", "color": "red"}], "solo": {"difficulty": 2}},
]
SHAPE_ONLY = {"malformed_action", "invalid_field", "unknown_action_kind", "unknown_field", "unexpected_field"}
ODD_VALUES = ["XX.Q9", "SG.HQ", "SK.SP", None, 0]


def _mutations(rng: random.Random, legal: list[dict], values: dict, kinds: list[str]):
    action = dict(rng.choice(legal))
    fields = [k for k in action if k not in ("kind", "decision")]
    roll = rng.random()
    if roll < 0.15 and fields:
        del action[rng.choice(fields)]
    elif roll < 0.25:
        action["decision"] = action["decision"] + rng.choice([-1, 1, 5])
    elif roll < 0.35 or not fields:
        action["kind"] = rng.choice(kinds)
    else:
        field = rng.choice(fields)
        pool = sorted(values[field], key=repr) + ODD_VALUES
        action[field] = rng.choice(pool)
    return {k: list(v) if isinstance(v, tuple) else v for k, v in action.items()}


def test_refusals_of_random_illegal_moves_carry_a_rule():
    values: dict[str, set] = defaultdict(set)
    kinds: set[str] = set()
    missing, refused = Counter(), 0
    for options in TABLES:
        for seed in range(4):
            rng, state = random.Random(seed), new_game(options, EDITION, seed)
            while legal := legal_actions(state):
                for option in legal:
                    kinds.add(option["kind"])
                    for key, value in option.items():
                        values[key].add(tuple(value) if isinstance(value, list) else value)
                if rng.random() < 0.5:
                    action = _mutations(rng, legal, values, sorted(kinds))
                    if action not in legal:
                        try:
                            apply(state, action)
                        except RulesError as exc:
                            refused += 1
                            if exc.rule is None and exc.code not in SHAPE_ONLY:
                                missing[exc.code] += 1
                state = apply(state, rng.choice(legal)).state
    assert refused > 300
    assert not missing, f"refusals without a rule id: {dict(missing)}"


def test_building_on_a_headquarters_or_satellite_space_cites_its_rule():
    # BUILD-HQ-01 / BUILD-SAT-01: these spaces take pieces only through their bonuses
    state = new_game(TABLES[0], EDITION, 1)
    for _ in range(40):  # play until a build decision on an investment centre is asked
        legal = legal_actions(state)
        build = next((a for a in legal if a["kind"] == "build"), None)
        if build:
            break
        state = apply(state, next((a for a in legal if a["kind"] == "place_worker" and "." in a.get("center", "")
                                   and a["center"] != "STC"), legal[0])).state
    assert build, "no build decision reached"
    tiger = build["space"].split(".")[0]
    for space, rule, code in ((f"{tiger}.HQ", "BUILD-HQ-01", "headquarters_slot"),
                              (f"{tiger}.SP", "BUILD-SAT-01", "satellite_space")):
        try:
            apply(state, {**build, "space": space})
        except RulesError as exc:
            assert (exc.rule, exc.code) == (rule, code), exc.to_dict()
        else:
            raise AssertionError(f"a build on {space} was accepted")
