"""Property over random games: a performance-token action that `apply` accepts is one `legal_actions` lists,
its set-valued fields read as sets, and it is applied in the listed spelling (PERF-01..09).

Goods paid and Tigers raised are sets (TRADE-04/05, PERF-03/08): the same choices in another order are
the listed option, applied and stored in the listed order; any other spelling (a choice twice or left
out, a field of another option, a field missing or added, another token) is refused, and every listed
one applies.
"""
from __future__ import annotations

import random
from itertools import permutations

from api.games.asian_tigers import RulesError, apply, is_over, legal_actions, load_edition, new_game
from api.games.asian_tigers.state import state_to_dict

EDITION = load_edition()
GAMES = 45  # the suite's time: games 45..59 reached no line or branch of turn/performance.py and turn/bonuses.py that 0..44 miss
COLORS = ["red", "blue", "green", "yellow"]
FIXED = {"kind", "decision", "bonus"}


def _token_actions(legal: list[dict]) -> list[dict]:
    return [a for a in legal if a["kind"] == "resolve_bonus" and "token" in a]


def _variants(rng: random.Random, action: dict, listed: list[dict]):
    """Spellings near a listed token action: some listed, most not."""
    for key, value in action.items():
        if isinstance(value, list) and len(value) > 1:  # another order of the same choices
            for order in permutations(value):
                yield {**action, key: list(order)}
        if isinstance(value, list) and value:  # a choice twice, or one left out
            yield {**action, key: value + value[:1]}
            yield {**action, key: value[1:]}
    for key in set(action) - FIXED:  # a field missing
        yield {k: v for k, v in action.items() if k != key}
    for other in rng.sample(listed, min(6, len(listed))):  # a field of another listed option
        for key in set(other) - FIXED:
            yield {**action, key: other[key]}
    for token in (*EDITION.dollar_tokens, *EDITION.yen_tokens):  # another token, the same choices
        yield {**action, "token": token}
    yield {**action, "tigers": ["SK"]}  # a field this token does not take (or another Tiger)


def _applied(state, action: dict) -> dict | None:
    """The action as `apply` applied it (the listed spelling), or None when refused."""
    try:
        return apply(state, action).action
    except RulesError:
        return None


def _listed_as_set(variant: dict, legal: list[dict]) -> dict | None:
    """The listed option `variant` equals when its lists are read as sets, or None."""
    def as_set(action):
        return {k: sorted(v) if isinstance(v, list) else v for k, v in action.items()}
    return next((option for option in legal if as_set(option) == as_set(variant)), None)


def test_a_performance_token_action_is_accepted_exactly_when_it_is_listed():
    seen_tokens, checked = set(), 0
    for game in range(GAMES):
        count = 2 + game % 3
        state = new_game({"players": [{"color": c} for c in COLORS[:count]]}, EDITION, game)
        rng = random.Random(game)
        while not is_over(state):
            legal = legal_actions(state)
            listed = _token_actions(legal)
            if listed:
                before = state_to_dict(state)
                for action in listed:
                    seen_tokens.add(action["token"])
                    for variant in _variants(rng, action, listed):
                        # PERF-01..09: accepted ⇔ listed as sets, and applied in the listed spelling
                        assert _applied(state, variant) == _listed_as_set(variant, legal), variant
                        checked += 1
                assert state_to_dict(state) == before  # a refused (or trial) action never changes the state
            state = apply(state, rng.choice(legal)).state
    assert seen_tokens >= {*EDITION.dollar_tokens, *EDITION.yen_tokens}, seen_tokens
    assert checked > 1000, checked
