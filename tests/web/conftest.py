"""Fixtures of the web tests."""
from __future__ import annotations

import pytest

from tests.helpers import PLAYERS


@pytest.fixture
def game(client):
    """An Asian Tigers game as ``POST /api/games`` answered it (seed 3)."""
    resp = client.post("/api/games", json={"game": "asian_tigers", "options": {"players": PLAYERS[:3]}, "seed": 3})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()
