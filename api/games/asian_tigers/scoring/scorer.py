"""Scorer-only entry point: score a table that did not record its game in the app.

The table describes what is visible at the end of Era II, before the management
phase; `score_table` validates it, builds an `EndPosition` and runs the same
`scoring.score.score_end_position` the full engine uses.

INPUT: one JSON object in the worked examples' format (tests/data/examples/README.md), field by field in
docs/scorers.md ("The Asian Tigers scorer's input").
OUTPUT: `Outcome.to_dict()` (see `scoring.outcome.Outcome`).
"""
from __future__ import annotations

from typing import Any

from api.games.asian_tigers.edition.load import Edition, load_edition
from api.games.asian_tigers.scoring.scorer_words import words
from api.games.field_problems import all_problems
from api.games.asian_tigers.scoring.board_input import expand_boards, has_boards
from api.games.asian_tigers.scoring.model import EndPosition
from api.games.asian_tigers.scoring.score import score_end_position
from api.games.asian_tigers.scoring.scorer_checks import check_position
from api.games.asian_tigers.scoring.scorer_input import ScorerInputError, read_position


def position_from_table(data: Any, edition: Edition) -> EndPosition:
    """Validate table input and convert it to an `EndPosition`; raise `ScorerInputError` if inconsistent.
    A table that describes the board (`board_input`) has its per-Tiger facts derived first."""
    if has_boards(data):
        data = expand_boards(data, edition)
    position = read_position(data, edition)
    check_position(position, edition)
    return position


def score_table(data: Any, edition: Edition | None = None, messages: bool = False) -> dict:
    """Score a table's end-of-Era-II position; returns the JSON-ready outcome (with `messages`, each line and
    tie-break also as a message: ``text_message``, ``detail_message``).

    `edition` defaults to the shipped edition (`load_edition()`).  Raises
    `ScorerInputError` (code, path, rule, message) for input that is malformed or
    that no legal game can produce.
    """
    if edition is None:
        edition = load_edition()
    try:  # every field problem at once (field_problems.py), each named in words
        return all_problems(lambda: score_end_position(position_from_table(data, edition), edition).to_dict(messages),
                            errors=(ScorerInputError,))
    except ScorerInputError as error:
        for each in [error, *error.others]:  # the value in words: English in `field`, the message in `field_text`
            each.field_text = each.field_text or words(each.path, edition)
            each.field = str(each.field_text)
        raise
