"""Configuration from the environment, the edition file check, layering."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from api import create_app
from api.config import load_config
from tests.conftest import TEST_ENGINES
from tests.helpers import PLAYERS, bearer
from tests.toy_engine import DEFAULT_DOCUMENT

ROOT = Path(__file__).resolve().parents[2]


def test_environment_overrides_defaults():
    cfg = load_config(environ={"TABLEKEEPER_DATABASE": "/tmp/x.db", "TABLEKEEPER_MAX_BODY": "123",
                               "TABLEKEEPER_AUTO_MIGRATE": "0", "TABLEKEEPER_PROXY_HOPS": "1"})
    assert cfg["DATABASE"] == "/tmp/x.db" and cfg["MAX_CONTENT_LENGTH"] == 123
    assert cfg["AUTO_MIGRATE"] is False and cfg["PROXY_HOPS"] == 1
    assert load_config(environ={})["DATABASE"] == "./tablekeeper.db"
    with pytest.raises(ValueError, match="TABLEKEEPER_MAX_BODY"):
        load_config(environ={"TABLEKEEPER_MAX_BODY": "lots"})


def test_edition_file_is_used_for_new_games_and_checked_at_start(tmp_path, make_app):
    good = tmp_path / "good.json"
    good.write_text(json.dumps({**DEFAULT_DOCUMENT, "pile": 9}))
    client = make_app(DEFAULT_GAME="toy", EDITION_FILE=str(good)).test_client()
    data = client.post("/api/games", json={"options": {"players": PLAYERS}}).get_json()
    view = client.get(f"/api/games/{data['game_id']}", headers=bearer(data["table_token"])).get_json()
    assert view["view"]["pile"] == 9
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**DEFAULT_DOCUMENT, "pile": -1}))
    with pytest.raises(RuntimeError, match="/pile"):
        create_app({"DATABASE": str(tmp_path / "db"), "TEST_ENGINES": TEST_ENGINES, "DEFAULT_GAME": "toy",
                    "EDITION_FILE": str(bad)})


def test_proxy_hops_make_the_throttle_count_the_real_client(make_app):
    client = make_app(PROXY_HOPS=1, JOIN_ATTEMPTS=1).test_client()
    first = client.post("/api/join", json={"join_code": "ZZZZZZ"}, headers={"X-Forwarded-For": "127.0.0.5"})
    assert first.status_code == 404
    assert client.post("/api/join", json={"join_code": "ZZZZZZ"},
                       headers={"X-Forwarded-For": "127.0.0.5"}).status_code == 429
    assert client.post("/api/join", json={"join_code": "ZZZZZZ"},
                       headers={"X-Forwarded-For": "127.0.0.6"}).status_code == 404


def test_rules_and_storage_never_import_the_web_stack():
    code = ("import sys, api, api.games.provenance, api.storage, api.storage.repository, api.storage.verify, "
            "api.storage.engines, api.storage.migrations, api.storage.tokens, api.config\n"
            "from api.storage.engines import ModuleEngine\n"
            "ModuleEngine('asian_tigers', 'api.games.asian_tigers').available()\n"
            "bad = [m for m in ('flask', 'werkzeug', 'marshmallow') if m in sys.modules]\n"
            "assert not bad, bad")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
