"""Shared fixtures for the Asian Tigers tests.

`scoring_edition` is the shipped placeholder edition.  It uses `load_edition()` (which
runs the full `edition.checks` validation) and falls back to building the edition
from the provenance check alone while `edition.checks` is not importable.  The scorer-table
builders live in `builders.scoring`.
"""
from __future__ import annotations

import pytest

from tests.games.asian_tigers.builders.scoring import shipped_edition


@pytest.fixture(scope="session")
def scoring_edition():
    """The shipped placeholder edition (see `shipped_edition`)."""
    return shipped_edition()


@pytest.fixture
def score(scoring_edition):
    """`score(table)` → the outcome dict, on the shipped edition."""
    from api.games.asian_tigers.scoring.scorer import score_table

    return lambda data: score_table(data, scoring_edition)


@pytest.fixture(scope="session", autouse=True)
def apply_never_changes_its_input():
    """Every `apply` in these tests checks that its input state reads afterwards exactly as before.

    `apply` changes only its own copy (`GameState.copy`); the server keeps the previous state for
    the next move, so every move played here, by any test or fixture, fails at once if its input
    changed (compared field by field with a copy taken before; `test_apply_contract` compares the
    canonical JSON and checks that a copy shares nothing it may change).
    """
    from api.games.asian_tigers import engine

    checked_apply = engine._apply

    def guarded(state, action):
        before = state.copy()
        try:
            return checked_apply(state, action)
        finally:
            assert state == before, f"apply({action!r}) changed its input state"

    with pytest.MonkeyPatch.context() as patch:  # for the whole session: module fixtures play games too
        patch.setattr(engine, "_apply", guarded)
        yield
