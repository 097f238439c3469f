"""Shared fixtures: an app on a temporary database with the toy engines registered."""
from __future__ import annotations

import os
import uuid

import pytest
from hypothesis import settings

# CI explores the same examples every run, so a landing never depends on the luck of the draw;
# local runs keep exploring new ones.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

from api import create_app
from tests.contract import ContractClient

MOVE_ENDPOINTS = ("actions", "batch", "undo")


class WellBehavedClient(ContractClient):
    """Sends an Idempotency-Key with every move, as the PWA does; `auto_key = False` switches it off."""

    auto_key = True

    def open(self, *args, **kwargs):
        path = args[0] if args and isinstance(args[0], str) else ""
        if self.auto_key and kwargs.get("method") == "POST" and path.rstrip("/").rsplit("/", 1)[-1] in MOVE_ENDPOINTS:
            headers = dict(kwargs.get("headers") or {})
            headers.setdefault("Idempotency-Key", str(uuid.uuid4()))
            kwargs["headers"] = headers
        return super().open(*args, **kwargs)

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
        app.test_client_class = WellBehavedClient
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
