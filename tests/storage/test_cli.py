"""``flask --app api`` commands."""
from __future__ import annotations

import json

import pytest

from api import create_app
from tests.conftest import TEST_ENGINES
from tests.helpers import bearer, create, take


def test_init_db_is_idempotent(make_app):
    runner = make_app().test_cli_runner()
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0 and "up to date" in result.output


def test_export_import_and_replay_check(make_app, tmp_path):
    app = make_app()
    client = app.test_client()
    game = create(client)
    take(client, game, 2)
    take(client, game, 3)
    runner = app.test_cli_runner()
    out = tmp_path / "game.json"
    result = runner.invoke(args=["export-game", game.id, "-o", str(out)])
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text())
    assert doc["actions"] == [{"kind": "take", "amount": 2}, {"kind": "take", "amount": 3}]
    result = runner.invoke(args=["import-game", str(out)])
    assert result.exit_code == 0, result.output
    new_id = json.loads(result.output.strip().splitlines()[-1])["game_id"]
    result = runner.invoke(args=["replay-check"])
    assert result.exit_code == 0, result.output
    assert "2 games checked, 0 diverged" in result.output and new_id in result.output
    assert runner.invoke(args=["export-game", "nope"]).exit_code != 0


def test_replay_check_fails_on_divergence(make_app, backend):
    app = make_app()
    client = app.test_client()
    game = create(client)
    take(client, game, 1)
    db = app.extensions["tablekeeper"].repository().db
    on_table = " ON actions" if backend == "postgresql" else ""
    db.conn.execute("DROP TRIGGER actions_append_only_update" + on_table)  # simulate corruption of the log itself
    db.conn.execute("UPDATE actions SET payload = ? WHERE game_id = ?",
                    (json.dumps({"kind": "take", "amount": 2}), game.id))
    result = app.test_cli_runner().invoke(args=["replay-check"])
    assert result.exit_code == 1 and "DIVERGED" in result.output


def test_import_of_a_bad_file_fails_cleanly(make_app, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "toy"}))
    result = make_app().test_cli_runner().invoke(args=["import-game", str(bad)])
    assert result.exit_code != 0 and "export document" in result.output


def test_check_db_passes_a_sound_database_and_fails_a_corrupt_one(make_app, db_path, sqlite_only):
    app = make_app()
    create(app.test_client())
    result = app.test_cli_runner().invoke(args=["check-db"])
    assert result.exit_code == 0 and result.output.strip().endswith(": ok"), result.output
    app.extensions["tablekeeper"].repository().db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    app.extensions["tablekeeper"].pool.discard()
    data = bytearray(open(db_path, "rb").read())
    page = 4096
    data[page:] = b"\xff" * (len(data) - page)  # everything but the header page
    open(db_path, "wb").write(bytes(data))
    result = make_app().test_cli_runner().invoke(args=["check-db"])  # the app still builds on a corrupt file
    assert result.exit_code == 1 and "problem" in result.output, result.output


def test_backup_is_a_sound_copy_that_restores(make_app, tmp_path, sqlite_only):
    app = make_app()
    client = app.test_client()
    game = create(client)
    take(client, game, 2)
    target = tmp_path / "backup.db"
    runner = app.test_cli_runner()
    result = runner.invoke(args=["backup", str(target)])
    assert result.exit_code == 0 and "integrity ok" in result.output, result.output
    assert runner.invoke(args=["backup", str(target)]).exit_code != 0  # never overwrites a file
    restored = create_app({"DATABASE": str(target), "TEST_ENGINES": TEST_ENGINES, "TESTING": True})
    resp = restored.test_client().get(f"/api/games/{game.id}/log", headers=bearer(game.token))
    assert [e["action"] for e in resp.get_json()["entries"]] == [{"kind": "take", "amount": 2}]


def test_file_commands_name_the_postgresql_tool_instead(make_app, backend):
    if backend != "postgresql":
        pytest.skip("the PostgreSQL answer of the SQLite file commands")
    runner = make_app().test_cli_runner()
    for args, tool in ((["check-db"], "pg_amcheck"), (["backup", "/tmp/never-written.db"], "pg_dump")):
        result = runner.invoke(args=args)
        assert result.exit_code != 0 and tool in result.output, result.output


def test_a_game_id_never_starts_like_a_command_line_option(monkeypatch):
    # One id in 32 began with "-" and read as an option to `export-game` (a random failure of the
    # test above); "_" is kept out with it. The draws that would give one are skipped.
    from api.storage import tokens

    draws = iter(["-Sabcdefghijklmn", "_abcdefghijklmno", "Kabcdefghijklmno"])
    monkeypatch.setattr(tokens.secrets, "token_urlsafe", lambda n: next(draws))
    assert tokens.new_game_id() == "Kabcdefghijklmno"
    monkeypatch.undo()
    assert all(tokens.new_game_id()[0].isalnum() for _ in range(2000))
