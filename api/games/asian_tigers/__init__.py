"""Asian Tigers: A Story of Prosperity — the pure rules engine.

Vocabulary (python-chess / OpenSpiel style)::

    edition = load_edition()                       # validated component data
    state = new_game(options, edition, seed)       # GameState at the first question
    legal_actions(state)                           # every legal answer now
    step = apply(state, action)                    # Step(state, events); input untouched
    view(state), is_over(state), replay(options, edition, seed, actions)
    outcome(state) / provisional_score(state)      # final result / live scoreboard
    edition_labels(edition)                        # every component's human label (cacheable)
    refusals(state)                                # what is not available now, and why (on demand)
    state_to_dict(state) / state_from_dict(data, edition)
    state_to_shared_dict(state)                    # state_to_dict's data, uncopied: encode at once
    state_canonical_bytes(state, encode)           # its canonical JSON, from parts kept encoded (hashing)

Illegal actions raise `RulesError` (code, rule, message).  No Flask, HTTP or
database import lives in this package.
"""
from api.games.asian_tigers.edition.load import Edition, EditionError, load_edition
from api.games.asian_tigers.encoding import state_canonical_bytes
from api.games.asian_tigers.engine import Step, action_kinds, apply, is_over, legal_actions, new_game, replay
from api.games.asian_tigers.errors import (ActionShapeError, GameOverError, IllegalActionError, RulesError, SetupError,
                                           StaleDecisionError)
from api.games.asian_tigers.presentation.document import edition_labels
from api.games.asian_tigers.presentation.outcome import outcome, provisional_score
from api.games.asian_tigers.presentation.refusals import refusals
from api.games.asian_tigers.state import GameState, state_from_dict, state_to_dict, state_to_shared_dict
from api.games.asian_tigers.view import view

__all__ = [
    "action_kinds", "ActionShapeError", "Edition", "edition_labels", "EditionError", "GameOverError", "GameState",
    "IllegalActionError", "RulesError", "SetupError", "StaleDecisionError", "Step", "apply", "is_over", "legal_actions", "load_edition",
    "new_game", "outcome", "provisional_score", "refusals", "replay", "state_canonical_bytes", "state_from_dict",
    "state_to_dict", "state_to_shared_dict", "view",
]
