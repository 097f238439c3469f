"""HTTP layer: blueprints, request-shape schemas, problem+json errors."""
from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    """Register every blueprint and the error handlers."""
    from api.web import campaigns, editions, engine_bundle, events, games, meta, moves, problems, scorers

    for module in (meta, games, moves, scorers, campaigns, engine_bundle, events, editions):
        app.register_blueprint(module.bp)
    problems.register(app)
