"""End of an era: the management phases (MGMT1-*, ERA2-*, MGMT2-*)."""
from __future__ import annotations

from api.games.asian_tigers.state import GameState


def begin(state: GameState, events: list[dict]) -> None:
    """Start the management phase of the era that just ended."""
    state.phase = "management"
    state.management = {"era": state.era, "step": 0}
