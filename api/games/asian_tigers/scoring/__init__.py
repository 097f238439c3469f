"""Scoring: the end-position model, ranking and tie-breaks, the outcome and its explanations, and the
scorer-only mode (its input format and consistency checks)."""
