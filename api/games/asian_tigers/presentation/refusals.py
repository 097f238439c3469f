"""What is not available now, and why: the refused candidates of the current decision, on demand.

`why_not` is the costly part of a view (every candidate a table might reach for is tried through
the engine's own checks), and a person looks at it only when they open "not available now".  So it
is not part of `view.view`: the server answers it at ``GET /api/games/{id}/why-not`` and the
offline phone's engine through `api.offline.table.why_not_json`, both from this function.
"""
from __future__ import annotations

from api.games.asian_tigers.decisions import current_decision
from api.games.asian_tigers.engine import legal_actions
from api.games.asian_tigers.presentation.why_not import why_not
from api.games.asian_tigers.state import GameState


def refusals(state: GameState) -> dict:
    """``{decision_id, why_not}``: the current decision's id (None when there is none) and its refused
    candidates, ``[{action, label, reason: {message, code, rule}}]`` (see `why_not`)."""
    decision = current_decision(state)
    if decision is None or state.phase == "over":
        return {"decision_id": None, "why_not": []}
    return {"decision_id": decision["id"], "why_not": why_not(state, decision, legal_actions(state))}
