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
