"""Asara end-game scorer (catalogue Part E.2): pure Python, no web or database imports.

Public API:
    load_asara_data(source=None) -> AsaraData          # path, dict or None (shipped placeholder edition)
    score(end_state: dict, data=None) -> dict          # JSON-ready result
    ScoringInputError                                  # impossible input: .code, .rule, .path, .message
The input, field by field: docs/scorers.md ("The Nippon and Asara scorers' input").
"""
from api.games.asara.data import AsaraData, load_asara_data
from api.games.asara.scoring import score
from api.games.scorekit import ScoringInputError

__all__ = ["AsaraData", "ScoringInputError", "load_asara_data", "score"]
