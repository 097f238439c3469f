"""The phone's scorers (api.offline.scorers) answer what /api/scorers/* answers, results and refusals."""
from __future__ import annotations

import json

import pytest

from api.offline import scorers
from tests.web.test_scorers import ASARA, AT, NIPPON, asa_t1, nip_t1, post, spec_example

# The scorers keep nothing and read no storage without ?edition_id= (none here): one app for the file, on SQLite
# (api/web/scorers.py reads storage only for an ?edition_id=; a PostgreSQL app per test only re-ran its start).
CASES = [("asian-tigers", AT, lambda: spec_example(AT)), ("nippon", NIPPON, nip_t1), ("asara", ASARA, asa_t1)]


@pytest.mark.parametrize("game, url, body", CASES, ids=[c[0] for c in CASES])
def test_same_result_as_the_server(file_client, game, url, body):
    status, server = post(file_client, url, body())
    assert status == 200, server
    mine = json.loads(scorers.score_json(game, json.dumps(body())))
    assert mine == {"ok": True, "result": server}


@pytest.mark.parametrize("game, url, body", CASES, ids=[c[0] for c in CASES])
def test_same_refusal_as_the_server(file_client, game, url, body):
    bad = body()
    bad["players" if "players" in bad else next(iter(bad))] = "not a list"
    status, server = post(file_client, url, bad)
    assert status == 422, server
    mine = json.loads(scorers.score_json(game, json.dumps(bad)))
    assert mine["ok"] is False
    for key in ("code", "rule", "path", "errors", "detail", "title"):
        assert mine["problem"][key] == server[key], key


@pytest.mark.parametrize("game", ["nippon", "asara"])
def test_same_form_edition_as_the_server(file_client, game):
    """A phone that never opened a scorer form online draws it from its engine's copy of the edition."""
    resp = file_client.get(f"/api/scorers/{game}/edition")
    assert resp.status_code == 200
    mine = json.loads(scorers.scorer_edition_json(game))
    assert mine == resp.get_json() and mine["edition"]
