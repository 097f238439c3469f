"""Resolving unlocked bonuses (infrastructure, nation, performance, region).

Each bonus in the per-turn queue offers ``resolve_bonus`` options here; the
effects themselves run as frames so a bonus can unlock another (CASCADE-01).
"""
from __future__ import annotations

from api.games.asian_tigers.state import GameState


def resolve_options(state: GameState, pending: dict) -> list[dict]:
    """The ways to resolve `pending` now (none yet for effects not built)."""
    return []
