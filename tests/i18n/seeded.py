"""Seeded games played to their end, each event with its German and its Portuguese log line (for the tests of
translated log lines)."""
from __future__ import annotations

import functools
import random

from api.games import asian_tigers as engine
from api.games.asian_tigers.presentation.text import event_lines
from api.i18n import language
from tests.games.asian_tigers.builders import edition
from tests.games.asian_tigers.presentation.test_presentation_random_games import _options


@functools.lru_cache(maxsize=None)
def played_lines(game: int) -> tuple:
    """(event, its German line, its Portuguese line) of seeded game `game` (its options: `_options(game)`),
    random legal moves to its end."""
    ed, german, portuguese = edition(), language("de"), language("pt")
    out = []
    rng = random.Random(game)
    state = engine.new_game(_options(game), ed, seed=game)
    while not engine.is_over(state):
        step = engine.apply(state, rng.choice(engine.legal_actions(state)))
        state = step.state
        out += zip(step.events, event_lines(ed, step.events, german), event_lines(ed, step.events, portuguese))
    return tuple(out)
