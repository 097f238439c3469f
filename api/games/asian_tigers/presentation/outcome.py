"""The outcome and the live score in words (issue 12): the same dicts, their lines without codes.

Machine fields (``token: "PT4"``, ``flags``, tie-break keys) stay as they are;
only the human-readable strings (``text``, ``detail``, ``lines``) are
rewritten with `text.humanize_tree`.
"""
from __future__ import annotations

from api.games.asian_tigers.management import era2
from api.games.asian_tigers.presentation.labels import campaign_goal_label
from api.games.asian_tigers.presentation.text import humanize_tree
from api.games.asian_tigers.state import GameState

READABLE_KEYS = ("text", "detail", "lines", "label", "summary")


def outcome(state: GameState) -> dict | None:
    """The final outcome once the game is over (else None), its lines in words."""
    result = era2.outcome(state)
    if result is None:
        return None
    shown = humanize_tree(state.edition, state.player_count, result, READABLE_KEYS)  # a copy: the state's stays
    for tile, report in ((shown.get("solo") or {}).get("goals") or {}).items():
        report["label"] = campaign_goal_label(state.edition, tile)  # a person never reads the campaign tile's code
    return shown


def provisional_score(state: GameState) -> dict:
    """The score as if the game ended now, its lines in words (see `era2.provisional_score`)."""
    return humanize_tree(state.edition, state.player_count, era2.provisional_score(state), READABLE_KEYS)
