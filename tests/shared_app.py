"""`app` and `client` as the file's one shared app (tests/conftest.py's `file_app` / `file_client`), for a file
whose tests use those names and each work on games of their own or keep nothing on the server:

    from tests.shared_app import app, client  # noqa: F401 (fixtures: the file's tests share one app)
"""
from __future__ import annotations

import pytest


@pytest.fixture
def app(file_app):
    """The file's shared app."""
    return file_app


@pytest.fixture
def client(file_client):
    """A contract client of the file's shared app."""
    return file_client
