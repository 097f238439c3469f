"""Small helpers for the API tests."""
from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"  # provenance: tests/data/README.md
PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]


@dataclass
class Game:
    """A game created through the API."""

    id: str
    token: str
    spectator: str
    join_code: str
    version: int

    @property
    def url(self) -> str:
        """Base URL of the game."""
        return f"/api/games/{self.id}"


def bearer(token: str) -> dict:
    """The Authorization header for `token`."""
    return {"Authorization": f"Bearer {token}"}


def create(client, game: str = "toy", players=None, **extra) -> Game:
    """Create a game and return its handles."""
    body = {"game": game, "options": {"players": players or PLAYERS}, "seed": 42, **extra}
    resp = client.post("/api/games", json=body)
    assert resp.status_code == 201, resp.get_json()
    data = resp.get_json()
    return Game(data["game_id"], data["table_token"], data["spectator_token"], data["join_code"],
                data["game"]["version"])


def write_headers(game: Game, version: int | None = None, key: str | None = "auto", token: str | None = None) -> dict:
    """Authorization, If-Match and Idempotency-Key for a write."""
    headers = bearer(token or game.token)
    if version is not None:
        headers["If-Match"] = f'"{version}"'
    if key == "auto":
        key = str(uuid.uuid4())
    if key is not None:
        headers["Idempotency-Key"] = key
    return headers


def take(client, game: Game, amount: int = 1, version: int | None = None, key: str | None = "auto"):
    """POST one toy action based on `version` (default: the game's last known version)."""
    resp = client.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": amount}},
                       headers=write_headers(game, game.version if version is None else version, key))
    if resp.status_code == 200:
        game.version = resp.get_json()["version"]
    return resp


def worked_example(name: str) -> dict:
    """The worked example `name` ("EX-1", "EX-2"): ``{"input", "expected", "alternatives"}``."""
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
