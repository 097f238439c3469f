"""Nippon end-game scorer (catalogue Part E.1): pure Python, no web or database imports.

Public API:
    load_nippon_data(source=None) -> NipponData       # path, dict or None (shipped placeholder edition)
    score(end_state: dict, data=None) -> dict          # JSON-ready result; "mode": detailed | end_only | live
    ScoringInputError                                  # impossible input: .code, .rule, .path, .message
The input, field by field: docs/scorers.md ("The Nippon and Asara scorers' input").
"""
from api.games.nippon.data import NipponData, load_nippon_data
from api.games.scorekit import ScoringInputError
from api.games.nippon.modes import score

__all__ = ["NipponData", "ScoringInputError", "load_nippon_data", "score"]
