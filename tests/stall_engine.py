"""The toy engine plus a ``stall`` action that computes for `seconds` (a stand-in for any runaway move).

Registered as game ``stall`` through ``TABLEKEEPER_TEST_ENGINES=tests.stall_engine:ENGINE``; the
request-budget tests use it to prove a long request is cut (503) and the worker keeps serving.
"""
from __future__ import annotations

import time

from api.storage.engines import ModuleEngine
from tests import toy_engine
from tests.toy_engine import (  # noqa: F401
    Edition,
    EditionError,
    GameState,
    RulesError,
    is_over,
    legal_actions,
    load_edition,
    new_game,
    replay,
    state_from_dict,
    state_to_dict,
    view,
)


def apply(state: GameState, action: dict):
    """``{"kind": "stall", "seconds": s}`` spins the CPU for s seconds, then takes 1; anything else as toy."""
    if isinstance(action, dict) and action.get("kind") == "stall":
        until = time.monotonic() + float(action.get("seconds", 0))
        spins = 0
        while time.monotonic() < until:  # pure Python work, like a loop over a huge input number
            spins += 1
        return toy_engine.apply(state, {"kind": "take", "amount": 1})
    return toy_engine.apply(state, action)


ENGINE = ModuleEngine("stall", __name__)
