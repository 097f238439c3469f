"""HTTP layer: blueprints, request-shape schemas, problem+json errors."""
from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    """Register every blueprint and the error handlers."""
    from api.web import campaigns, editions, engine_bundle, events, games, meta, moves, problems, scorers

    app.register_blueprint(meta.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(moves.bp)
    app.register_blueprint(scorers.bp)
    app.register_blueprint(campaigns.bp)
    app.register_blueprint(engine_bundle.bp)
    app.register_blueprint(events.bp)
    app.register_blueprint(editions.bp)
    problems.register(app)
