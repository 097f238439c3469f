"""Two phones racing on one version: one wins, the other gets 412 with the current version."""
from __future__ import annotations

import threading

from tests.helpers import bearer, create, write_headers


def test_two_clients_racing_on_one_version(app):
    client = app.test_client()
    game = create(client, edition={"schema_version": "1.0", "edition": {"id": "race"},
                                   "provenance": {"/max_take": "rulebook", "/pile": "placeholder"},
                                   "max_take": 3, "pile": 500})
    for round_ in range(10):
        version = game.version
        barrier = threading.Barrier(2)
        results = []

        def post(amount, barrier=barrier, version=version, results=results):
            c = app.test_client()
            barrier.wait()
            resp = c.post(f"{game.url}/actions", json={"action": {"kind": "take", "amount": amount}},
                          headers=write_headers(game, version))
            results.append((resp.status_code, resp.get_json()))

        threads = [threading.Thread(target=post, args=(a,)) for a in (1, 2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(code for code, _ in results)
        assert codes == [200, 412], (round_, results)
        loser = next(body for code, body in results if code == 412)
        assert loser["current_version"] == version + 1
        game.version = version + 1
    view = client.get(game.url, headers=bearer(game.token)).get_json()
    assert view["live_actions"] == 10 and view["version"] == 11
