"""``flask --app api`` commands: init-db, check-db, backup, export-game, import-game, replay-check."""
from __future__ import annotations

import json
import sys

import click
from flask import Flask, current_app

from api.storage.db import connect, is_database_url, mark_initialised
from api.storage.migrations import migrate


def _repo():
    return current_app.extensions["tablekeeper"].repository()


def _sqlite_only(path: str, command: str, tool: str) -> None:
    if is_database_url(path):
        raise click.ClickException(f"{command} works on a SQLite file; for PostgreSQL use the server's own {tool}")


def register(app: Flask) -> None:
    """Attach the commands to `app`."""

    @app.cli.command("init-db")
    def init_db():
        """Create or migrate the database (run once before starting the workers)."""
        db = connect(current_app.config["DATABASE"], int(current_app.config["BUSY_TIMEOUT_MS"]))
        try:
            done = migrate(db)
        finally:
            db.close()
        mark_initialised(current_app.config["DATABASE"])
        click.echo(f"database {current_app.config['DATABASE']}: "
                   + (f"applied {', '.join(done)}" if done else "up to date"))

    @app.cli.command("check-db")
    def check_db():
        """Run SQLite's full integrity check; exit 1 (printing what is wrong) unless it says ok."""
        from api.storage.maintenance import integrity_problems

        path = current_app.config["DATABASE"]
        _sqlite_only(path, "check-db", "pg_amcheck")
        problems = integrity_problems(path)
        for line in problems:
            click.echo(f"    {line}")
        click.echo(f"database {path}: " + ("ok" if not problems else f"{len(problems)} problem(s)"))
        sys.exit(1 if problems else 0)

    @app.cli.command("backup")
    @click.argument("target", type=click.Path(dir_okay=False))
    def backup(target: str):
        """Copy the live database to TARGET with SQLite's online backup (safe while the server runs)."""
        from api.storage.maintenance import BackupRefused, backup_to

        _sqlite_only(current_app.config["DATABASE"], "backup", "pg_dump")
        try:
            pages = backup_to(current_app.config["DATABASE"], target)
        except BackupRefused as exc:
            raise click.ClickException(str(exc)) from None
        click.echo(f"backed up {current_app.config['DATABASE']} to {target} ({pages} pages, integrity ok)")

    @app.cli.command("export-game")
    @click.argument("game_id")
    @click.option("-o", "--output", type=click.Path(dir_okay=False), help="file to write (default: stdout)")
    def export_game(game_id: str, output: str | None):
        """Print (or write) the export document of GAME_ID."""
        from api.storage.errors import GameNotFound

        try:
            doc = _repo().export(game_id)
        except GameNotFound as exc:
            raise click.ClickException(str(exc)) from None
        text = json.dumps(doc, indent=2, ensure_ascii=False)
        if output:
            with open(output, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
            click.echo(f"wrote {output}", err=True)
        else:
            click.echo(text)

    @app.cli.command("import-game")
    @click.argument("file", type=click.File("r", encoding="utf-8"))
    def import_game(file):
        """Replay an export FILE (verified) into a new game; print its id and secrets."""
        from api.storage.engines import EditionInvalid, RulesViolation
        from api.storage.errors import StorageError

        doc = json.load(file)
        repo = _repo()
        try:
            engine = repo.engine(doc["game"])
            edition = engine.load_edition(doc["edition"])
            created = repo.create_game(doc["game"], doc["options"], doc["seed"], edition,
                                       actions=doc.get("actions", []), expected_state_hash=doc.get("state_hash"))
        except (KeyError, TypeError) as exc:
            raise click.ClickException(f"not an export document: missing or bad {exc}") from None
        except (StorageError, EditionInvalid, RulesViolation) as exc:
            raise click.ClickException(str(exc)) from None
        click.echo(json.dumps({"game_id": created.game.record.id, "table_token": created.table_token,
                               "spectator_token": created.spectator_token, "join_code": created.join_code}))

    @app.cli.command("replay-check")
    def replay_check():
        """Replay every stored game from the start; exit 1 if any diverges from what is stored."""
        from api.storage.verify import verify_all

        verdicts = verify_all(_repo())
        bad = [v for v in verdicts if not v.ok]
        for v in verdicts:
            status = "ok" if v.ok else "DIVERGED"
            click.echo(f"{v.game_id}: {status} ({v.actions} actions)")
            for problem in v.problems:
                click.echo(f"    {problem}")
        click.echo(f"{len(verdicts)} games checked, {len(bad)} diverged")
        sys.exit(1 if bad else 0)
