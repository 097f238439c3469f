"""A retried move answers the first answer's bytes, rebuilt from the log (no body is stored)."""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest

from tests.helpers import bearer, create, write_headers

TAKE = {"kind": "take", "amount": 1}
REAL_PLAYERS = [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Bo", "blue"), ("Cy", "green"))]


class Table:
    """A game played through the API, remembering every write's request and first answer."""

    def __init__(self, client, game_id: str, token: str, version: int):
        self.client, self.game_id, self.token, self.version = client, game_id, token, version
        self.sent: list[tuple] = []  # (path, body, headers, full, first answer)

    def post(self, path: str, body: dict, full: bool = False):
        headers = {**bearer(self.token), "If-Match": f'"{self.version}"', "Idempotency-Key": f"key-{len(self.sent)}"}
        resp = self._send(path, body, headers, full)
        assert resp.status_code == 200, resp.get_json()
        self.version = resp.get_json()["version"]
        self.sent.append((path, body, headers, full, resp))
        return resp

    def _send(self, path, body, headers, full):
        return self.client.post(f"/api/games/{self.game_id}/{path}", json=body, headers=headers,
                                query_string={"full": "1"} if full else None)

    def assert_every_retry_answers_the_first_bytes(self, other_flag: bool = False):
        for path, body, headers, full, first in self.sent:
            again = self._send(path, body, headers, (not full) if other_flag else full)
            assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
            assert again.headers["ETag"] == first.headers["ETag"]
            assert again.data == first.data, (path, headers["Idempotency-Key"])


def _toy(client) -> Table:
    game = create(client)
    return Table(client, game.id, game.token, game.version)


@pytest.mark.parametrize("full", [False, True], ids=["update", "full"])
def test_a_replay_of_apply_batch_and_undo_answers_the_first_bytes(client, full):
    table = _toy(client)
    table.post("actions", {"action": TAKE}, full)
    table.post("batch", {"actions": [TAKE, {"kind": "take", "amount": 2}]}, full)
    table.post("undo", {"count": 2}, full)
    table.assert_every_retry_answers_the_first_bytes()
    live = client.get(f"/api/games/{table.game_id}", headers=bearer(table.token)).get_json()["live_actions"]
    assert live == 1  # the retries applied nothing


def test_a_retry_gets_the_first_answers_form_whatever_its_full_flag(client):
    table = _toy(client)
    table.post("actions", {"action": TAKE}, full=False)
    table.post("actions", {"action": TAKE}, full=True)
    table.assert_every_retry_answers_the_first_bytes(other_flag=True)


def test_replays_after_later_moves_and_undos_that_reverted_them_answer_the_first_bytes(client):
    table = _toy(client)
    for _ in range(4):
        table.post("actions", {"action": TAKE})
    table.post("undo", {"count": 2})  # reverts seqs 3 and 4 (answered above, live then)
    table.post("actions", {"action": TAKE})  # seq 5 follows seq 2: the log branches
    table.post("batch", {"actions": [TAKE, TAKE]})
    table.post("undo", {"count": 4})  # reverts 7, 6, 5 and 2: back to seq 1
    table.post("actions", {"action": {"kind": "take", "amount": 3}}, full=True)
    table.assert_every_retry_answers_the_first_bytes()


def test_a_retry_after_the_retention_is_a_new_write_and_a_stale_one_is_refused(app, client):
    table = _toy(client)
    table.post("actions", {"action": TAKE})
    table.post("actions", {"action": TAKE})
    repo = app.extensions["tablekeeper"].repository()
    old = (datetime.now(timezone.utc) - timedelta(hours=25)).isoformat(timespec="milliseconds")
    repo.db.conn.execute("UPDATE idempotency SET created_at = ?", (old,))
    assert repo.prune_idempotency() == 2
    path, body, headers, full, _first = table.sent[0]
    retry = table._send(path, body, headers, full)  # its key is forgotten and its If-Match ("1") is stale
    assert retry.status_code == 412 and retry.get_json()["current_version"] == 3
    assert repo.record(table.game_id).live_actions == 2


def test_a_real_game_with_undos_across_snapshots_replays_every_answer_byte_for_byte(client):
    created = client.post("/api/games", json={"game": "asian_tigers", "options": {"players": REAL_PLAYERS},
                                              "seed": 11}).get_json()
    table = Table(client, created["game_id"], created["table_token"], created["game"]["version"])
    rng, legal = random.Random(11), created["game"]["legal_actions"]
    for n in range(34):
        if n in (27, 31):  # the first undo reverts seq 25..27 and deletes the snapshot at seq 25
            answer = table.post("undo", {"count": 3}, full=n == 31)
        else:
            answer = table.post("actions", {"action": rng.choice(legal)}, full=n % 9 == 0)
        legal = answer.get_json()["game"]["legal_actions"]
    table.assert_every_retry_answers_the_first_bytes()
    table.assert_every_retry_answers_the_first_bytes(other_flag=True)
