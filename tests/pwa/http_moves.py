"""Moves a browser test's promise is not about, made over HTTP in one request (the suite's time).

A loop of `server.act` costs a request, a stored write and, on a phone that follows the game, a fetch
and a render per move.  Here the engine picks the same moves in the test's own process (from the game's
export: its options, edition and seed) and the server applies them with `POST /batch`, all or none.
"""
from __future__ import annotations

import uuid
from collections.abc import Callable

import requests

from api.games import asian_tigers as engine
from tests.pwa.conftest import bearer

BATCH = 200  # actions per request (the batch endpoint's own limit is higher; a short request stays quick)


def moves(server, game_id: str, token: str, choose: Callable[[list[dict]], dict],
          until: Callable[[object], bool] = engine.is_over) -> list[dict]:
    """The moves `choose` makes from the game's current state until `until(state)` (default: the game's end)."""
    exported = requests.get(f"{server.url}/api/games/{game_id}/export", headers=bearer(token), timeout=10).json()
    state = engine.replay(exported["options"], engine.load_edition(exported["edition"]), exported["seed"],
                          list(exported["actions"]))
    actions: list[dict] = []
    while not until(state):
        actions.append(choose(engine.legal_actions(state)))
        state = engine.apply(state, actions[-1]).state
    return actions


def batch(server, game_id: str, token: str, actions: list[dict]) -> dict:
    """Apply `actions` over HTTP (in requests of BATCH); the game as the server then shows it."""
    version = server.game(game_id, token)["version"]
    for at in range(0, len(actions), BATCH):
        resp = requests.post(f"{server.url}/api/games/{game_id}/batch", json={"actions": actions[at:at + BATCH]},
                             headers={**bearer(token), "If-Match": f'"{version}"', "Idempotency-Key": str(uuid.uuid4())},
                             timeout=60)
        assert resp.status_code == 200, resp.text
        version = resp.json()["version"]
    return server.game(game_id, token)


def play(server, game_id: str, token: str, choose: Callable[[list[dict]], dict],
         until: Callable[[object], bool] = engine.is_over) -> dict:
    """`moves` then `batch`: the game played on over HTTP; its view afterwards."""
    return batch(server, game_id, token, moves(server, game_id, token, choose, until))
