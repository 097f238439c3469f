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
    changed (compared field by field with a copy taken before, kept while the same state is applied again
    unchanged; `test_apply_contract` compares the canonical JSON and checks that a copy shares nothing it
    may change).
    """
    from api.games.asian_tigers import engine

    checked_apply = engine._apply
    # The last state applied and its copy: a state is often tried with many actions in a row (variants,
    # "why not" trials), and comparing it with the copy it still equals costs an eighth of a new copy.
    last = {"state": None, "copy": None}

    def guarded(state, action):
        if state is not last["state"] or state != last["copy"]:  # a new state, or one the test changed since
            last["state"], last["copy"] = state, state.copy()
        before = last["copy"]
        try:
            return checked_apply(state, action)
        finally:
            assert state == before, f"apply({action!r}) changed its input state"

    with pytest.MonkeyPatch.context() as patch:  # for the whole session: module fixtures play games too
        patch.setattr(engine, "_apply", guarded)
        yield
