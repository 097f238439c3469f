"""Asian Tigers: A Story of Prosperity — the pure rules engine.

Vocabulary (python-chess / OpenSpiel style)::

    edition = load_edition()                       # validated component data
    state = new_game(options, edition, seed)       # GameState at the first question
    legal_actions(state)                           # every legal answer now
    step = apply(state, action)                    # Step(state, events, action, legal); input untouched
    view(state), is_over(state), replay(options, edition, seed, actions)
    view(state, None)                              # the view with its words as messages (said at the edge)
    outcome(state) / provisional_score(state)      # final result / live scoreboard
    edition_labels(edition)                        # every component's human label (cacheable)
    refusals(state)                                # what is not available now, and why (on demand)
    state_to_dict(state) / state_from_dict(data, edition)

Illegal actions raise `RulesError` (code, rule, message); its subclasses live in
`api.games.asian_tigers.errors`.  Everything else is internal: import it from
its module.  No Flask, HTTP or database import lives in this package.
"""
from api.games.asian_tigers.edition.load import load_edition
from api.games.asian_tigers.engine import apply, is_over, legal_actions, new_game, replay
from api.games.asian_tigers.errors import RulesError
from api.games.asian_tigers.presentation.document import edition_labels
from api.games.asian_tigers.presentation.outcome import outcome, provisional_score
from api.games.asian_tigers.presentation.why_not import refusals
from api.games.asian_tigers.state import state_from_dict, state_to_dict
from api.games.asian_tigers.view import view

__all__ = [
    "RulesError", "apply", "edition_labels", "is_over", "legal_actions", "load_edition", "new_game", "outcome",
    "provisional_score", "refusals", "replay", "state_from_dict", "state_to_dict", "view",
]
