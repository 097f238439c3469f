"""tablekeeper: the companion server.

Only `create_app` lives here, and it imports Flask lazily so that importing the
pure rules engine (`api.games...`) never pulls in the web stack.
"""


def create_app(config=None):
    """Build the Flask application (see `api.app.build_app`)."""
    from api.app import build_app

    return build_app(config)
