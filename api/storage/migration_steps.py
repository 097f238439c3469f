"""Migration steps both backends run (`api.storage.migrations` for SQLite, `api.storage.pg_schema` for
PostgreSQL), kept apart so that neither schema module imports the other."""
from __future__ import annotations

from sqlite_utils import Database

from api.games.provenance import placeholders_in
from api.storage.jsonio import dumps, loads

# The table `/api/health` writes its one row into (made by a migration: health runs no DDL).
HEALTH_TABLE = "CREATE TABLE IF NOT EXISTS _health (id INTEGER PRIMARY KEY, checked_at TEXT NOT NULL)"


def recount_placeholders(db: Database) -> None:
    """Migration 0007: ``games.placeholders_used`` recounted from the live actions' events, as a rebuild counts it.

    Every write since migration 0003 keeps the two equal; games older than 0003 were given ``[]``.
    """
    for game_id, stored in db.conn.execute("SELECT id, placeholders_used FROM games").fetchall():
        events = db.conn.execute("SELECT events FROM actions WHERE game_id = ? AND reverted = 0", (game_id,))
        used = sorted(placeholders_in(e for (row,) in events.fetchall() for e in loads(row)))
        if used != loads(stored or "[]"):
            db.conn.execute("UPDATE games SET placeholders_used = ? WHERE id = ?", (dumps(used), game_id))
