"""Flask application factory: configuration, blueprints, error handlers."""
from flask import Flask, jsonify


def build_app(config=None):
    """Create the app; `config` overrides the defaults and environment."""
    app = Flask(__name__)
    if config:
        app.config.update(config)

    @app.get("/api/health")
    def health():
        return jsonify({"status": "ok"})

    return app
