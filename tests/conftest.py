"""Shared fixtures: an app on a temporary database with the toy engines registered."""
from __future__ import annotations

import pytest

from api import create_app
from tests.contract import ContractClient

TEST_ENGINES = "tests.toy_engine:ENGINE,tests.toy_engine_minimal:ENGINE"


@pytest.fixture
def db_path(tmp_path):
    """Path of a fresh database file."""
    return str(tmp_path / "tablekeeper.db")


@pytest.fixture
def make_app(db_path):
    """Factory for apps on the same temporary database (extra config as kwargs)."""

    def make(**config):
        app = create_app({"DATABASE": db_path, "TEST_ENGINES": TEST_ENGINES, "TESTING": True, **config})
        app.test_client_class = ContractClient
        return app

    return make


@pytest.fixture
def app(make_app):
    """The app under test."""
    return make_app()


@pytest.fixture
def client(app):
    """A test client whose every response is checked against openapi.yaml."""
    return app.test_client()
