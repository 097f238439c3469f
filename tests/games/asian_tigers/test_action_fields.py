"""Issue 16: an action with a field no legal answer has is refused (it used to be applied and stored
verbatim, so a 900 KB field grew the database by 11 MB over five moves)."""
from __future__ import annotations

import random

import pytest

from api.games.asian_tigers import RulesError, apply, legal_actions, load_edition, new_game

EDITION = load_edition()
TABLES = [
    {"players": [{"name": "a", "color": "red"}, {"name": "b", "color": "blue"}]},
    {"players": [{"name": "a", "color": "red"}], "solo": {"difficulty": 2}},
]


@pytest.mark.parametrize("options", TABLES)
def test_every_legal_answer_with_an_extra_field_is_refused_naming_it(options):
    # TURN-04: a decision is answered by one of its legal answers, nothing more
    state, rng = new_game(options, EDITION, 5), random.Random(5)
    for _ in range(60):
        legal = legal_actions(state)
        if not legal:
            break
        action = rng.choice(legal)
        with pytest.raises(RulesError) as caught:
            apply(state, {**action, "note": "x" * 1000})
        # refused either here or by a handler that lists its own fields ("unexpected_field")
        assert caught.value.code in ("unknown_field", "unexpected_field"), caught.value.to_dict()
        if caught.value.code == "unknown_field":
            assert "'note'" in caught.value.message and caught.value.details["unknown"] == ["note"]
        state = apply(state, action).state  # the same answer without the extra field is legal
