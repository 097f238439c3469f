"""Schema migrations, recorded in a ``_migrations`` table.

Run them once, before any web worker starts: ``flask --app api init-db`` or
gunicorn's ``on_starting`` hook (``gunicorn.conf.py``).  `migrate` is
nevertheless safe to call concurrently: it switches the journal to WAL (with a
retry while another process holds the lock) and applies the pending steps
inside one ``BEGIN IMMEDIATE`` transaction, re-reading what is applied after
taking the lock.
"""
from __future__ import annotations

import sqlite3
import time
from datetime import datetime, timezone
from typing import Callable

from sqlite_utils import Database

from api.storage.db import is_postgresql, write_transaction
from api.storage.editions import migrate_edition_resources
from api.storage.event_messages import fill_event_messages
from api.storage.idempotency import one_format
from api.storage.migration_steps import HEALTH_TABLE, recount_placeholders
from api.storage.snapshots import compress_stored

_APPEND_ONLY_TRIGGERS = (
    """CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
       BEGIN SELECT RAISE(ABORT, 'actions are append-only'); END""",
    """CREATE TRIGGER actions_append_only_update
       BEFORE UPDATE OF game_id, seq, payload, events, state_hash, idempotency_key, created_at
       ON actions BEGIN SELECT RAISE(ABORT, 'actions are append-only'); END""",
    """CREATE TRIGGER actions_never_unrevert BEFORE UPDATE OF reverted ON actions
       WHEN OLD.reverted = 1 AND NEW.reverted = 0
       BEGIN SELECT RAISE(ABORT, 'a reverted action stays reverted'); END""",
)
_REVERTED_VERSION_TRIGGERS = (  # since 0007
    """CREATE TRIGGER actions_revert_names_its_version BEFORE UPDATE OF reverted ON actions
       WHEN OLD.reverted = 0 AND NEW.reverted = 1 AND NEW.reverted_version IS NULL
       BEGIN SELECT RAISE(ABORT, 'a revert records the version that reverted the action'); END""",
    """CREATE TRIGGER actions_reverted_version_once BEFORE UPDATE OF reverted_version ON actions
       WHEN OLD.reverted_version IS NOT NULL AND NEW.reverted_version IS NOT OLD.reverted_version
       OR NEW.reverted = 0 AND NEW.reverted_version IS NOT NULL
       BEGIN SELECT RAISE(ABORT, 'a reverted action keeps the version that reverted it'); END""",
)


def _initial(db: Database) -> None:
    db["editions"].create(
        {"hash": str, "document": str, "created_at": str}, pk="hash", not_null={"document"}
    )
    db["games"].create(
        {
            "id": str, "kind": str, "edition_hash": str, "options": str, "seed": int,
            "status": str, "version": int, "head_seq": int, "tail_seq": int, "live_actions": int,
            "join_code_hash": str,
            "created_at": str, "updated_at": str,
        },
        pk="id",
        not_null={"kind", "edition_hash", "options", "seed", "status", "version", "head_seq",
                  "tail_seq", "live_actions"},
        foreign_keys=[("edition_hash", "editions", "hash")],
    )
    db["games"].create_index(["join_code_hash"], unique=True)
    db["tokens"].create(
        {"token_hash": str, "game_id": str, "role": str, "created_at": str},
        pk="token_hash", not_null={"game_id", "role"},
        foreign_keys=[("game_id", "games", "id")],
    )
    db["tokens"].create_index(["game_id"])
    db["actions"].create(
        {
            "game_id": str, "seq": int, "payload": str, "events": str, "state_hash": str,
            "idempotency_key": str, "reverted": int, "reverted_at": str, "created_at": str,
        },
        pk=("game_id", "seq"), not_null={"game_id", "seq", "payload", "events", "state_hash", "reverted"},
        defaults={"reverted": 0},
        foreign_keys=[("game_id", "games", "id")],
    )
    db["snapshots"].create(
        {"game_id": str, "seq": int, "state": str, "state_hash": str, "created_at": str},
        pk=("game_id", "seq"), not_null={"game_id", "seq", "state", "state_hash"},
        foreign_keys=[("game_id", "games", "id")],
    )
    db["idempotency"].create(
        {
            "game_id": str, "key": str, "request_hash": str, "status": int,
            "response": str, "etag": str, "created_at": str,
        },
        pk=("game_id", "key"), not_null={"game_id", "key", "request_hash", "status", "response"},
        foreign_keys=[("game_id", "games", "id")],
    )
    db["join_failures"].create({"ip": str, "at": float}, not_null={"ip", "at"})
    db["join_failures"].create_index(["ip", "at"])
    for sql in _APPEND_ONLY_TRIGGERS:
        db.conn.execute(sql)


def _campaigns(db: Database) -> None:
    db["campaigns"].create(
        {"id": str, "kind": str, "data": str, "version": int, "created_at": str, "updated_at": str},
        pk="id", not_null={"kind", "data", "version"},
    )


def _placeholders_used(db: Database) -> None:
    db["games"].add_column("placeholders_used", str, not_null_default="[]")


def _campaign_sessions(db: Database) -> None:
    """Campaign tokens (hashed), the session games of a campaign, and its idempotent writes."""
    db["campaigns"].add_column("edition_hash", str)
    db["campaign_tokens"].create(
        {"token_hash": str, "campaign_id": str, "created_at": str},
        pk="token_hash", not_null={"campaign_id"},
        foreign_keys=[("campaign_id", "campaigns", "id")],
    )
    db["campaign_tokens"].create_index(["campaign_id"])
    db["campaign_games"].create(
        {"game_id": str, "campaign_id": str, "status": str, "session": int, "tile": str,
         "created_at": str, "updated_at": str},
        pk="game_id", not_null={"campaign_id", "status"},
        foreign_keys=[("game_id", "games", "id"), ("campaign_id", "campaigns", "id")],
    )
    db["campaign_games"].create_index(["campaign_id"])
    db["campaign_requests"].create(
        {"campaign_id": str, "key": str, "request_hash": str, "status": int, "response": str,
         "game_id": str, "created_at": str},
        pk=("campaign_id", "key"), not_null={"campaign_id", "key", "request_hash", "status", "response"},
        foreign_keys=[("campaign_id", "campaigns", "id")],
    )


def _idempotency_retention(db: Database) -> None:
    """Records are pruned by age (see `api.storage.idempotency`); ``response`` may now hold zlib BLOBs."""
    db["idempotency"].create_index(["created_at"], index_name="idempotency_created_at")


def _replays_from_the_log(db: Database) -> None:
    """Answers of moves were rebuilt on a replay instead of stored (until 0009); snapshots compressed.

    - ``actions.reverted_version``: the version whose undo reverted the action, set once, with the revert
      (triggers): which actions were live at any version stays readable from the log.  Actions reverted
      before keep it NULL, which reads right: they were reverted before any record that is rebuilt.
    - ``idempotency.head_seq``, ``applied`` and ``full_view`` named the write of a record without a body
      (dropped by 0009).
    - snapshots stored as JSON text are compressed (`api.storage.snapshots`).
    - state and request hashes are written as their 32 bytes (`jsonio.digest_bytes`); rows from before keep
      the hex text, which reads the same (`jsonio.digest_hex`), so the append-only log is not rewritten.
    - ``games.placeholders_used`` is recomputed from the live actions' events: a rebuild derives it
      that way, which every write since 0003 keeps true, but games older than 0003 got ``[]``.
    """
    db.conn.execute("ALTER TABLE actions ADD COLUMN reverted_version INTEGER")
    for sql in (
        *_REVERTED_VERSION_TRIGGERS,
        "ALTER TABLE idempotency ADD COLUMN head_seq INTEGER",
        "ALTER TABLE idempotency ADD COLUMN applied INTEGER",
        "ALTER TABLE idempotency ADD COLUMN full_view INTEGER",
    ):
        db.conn.execute(sql)
    compress_stored(db)
    recount_placeholders(db)


def _clustered_log(db: Database) -> None:
    """Nothing now: 0008 made ``idempotency`` a WITHOUT ROWID table, which 0009 rebuilds as a rowid table
    anyway (the name stays, so databases that applied it and those that did not agree)."""


def _one_idempotency_format(db: Database) -> None:
    """Idempotency records keep the answer as sent, compressed (`api.storage.idempotency.one_format`: the
    earlier formats expire), in a rowid table again; ``_health``, the row the health check writes, is made
    here (it was made by the check itself, racing on PostgreSQL).  A rowid table keeps a row of up to
    ~4 KB in its leaf page; a WITHOUT ROWID one put a compressed answer of 1-2 KB in a 4 KB overflow page.
    """
    one_format(db)
    db.conn.execute("""CREATE TABLE idempotency_0009 (
        game_id TEXT NOT NULL REFERENCES games (id), key TEXT NOT NULL, request_hash TEXT NOT NULL,
        status INTEGER NOT NULL, response BLOB NOT NULL, etag TEXT, created_at TEXT,
        PRIMARY KEY (game_id, key))""")
    names = "game_id, key, request_hash, status, response, etag, created_at"
    db.conn.execute(f"INSERT INTO idempotency_0009 ({names}) SELECT {names} FROM idempotency")
    db.conn.execute("DROP TABLE idempotency")
    db.conn.execute("ALTER TABLE idempotency_0009 RENAME TO idempotency")
    db.conn.execute("CREATE INDEX idempotency_created_at ON idempotency (created_at)")
    db.conn.execute(HEALTH_TABLE)


def _event_messages(db: Database) -> None:
    """Events stored before issue 37 gain their message where a replay says the same English
    (`api.storage.event_messages`); the append-only trigger is lifted for this step only.  0011 runs it again:
    since then it replays reverted actions too, on the state each was played on (0010 filled live ones only)."""
    db.conn.execute("DROP TRIGGER actions_append_only_update")
    fill_event_messages(db)
    db.conn.execute(_APPEND_ONLY_TRIGGERS[1])


MIGRATIONS: list[tuple[str, Callable[[Database], None]]] = [
    ("0001_initial", _initial),
    ("0002_campaigns", _campaigns),
    ("0003_placeholders_used", _placeholders_used),
    ("0004_campaign_sessions", _campaign_sessions),
    ("0005_idempotency_retention", _idempotency_retention),
    ("0006_edition_resources", migrate_edition_resources),
    ("0007_replays_from_the_log", _replays_from_the_log),
    ("0008_clustered_log", _clustered_log),
    ("0009_one_idempotency_format", _one_idempotency_format),
    ("0010_event_messages", _event_messages),
    ("0011_reverted_event_messages", _event_messages),
]


def applied(db: Database) -> list[str]:
    """Names of the migrations already applied (none on a fresh file)."""
    if "_migrations" not in db.table_names():
        return []
    return [row["name"] for row in db.query("SELECT name FROM _migrations ORDER BY name")]


def pending(db: Database) -> list[str]:
    """Names of the migrations not applied yet."""
    done = set(applied(db))
    return [name for name, _ in MIGRATIONS if name not in done]


def enable_wal(db: Database, attempts: int = 50) -> None:
    """Switch to WAL (persistent in the file); retry while another process holds a lock."""
    for attempt in range(attempts):
        try:
            mode = db.conn.execute("PRAGMA journal_mode = wal").fetchone()[0]
            if mode != "wal":
                raise sqlite3.OperationalError(f"journal_mode stayed {mode!r}")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc) or attempt == attempts - 1:
                raise
            time.sleep(0.05 * (attempt + 1))


def migrate(db: Database) -> list[str]:
    """Apply every pending migration; return the names applied now."""
    if is_postgresql(db):
        from api.storage import pg_schema

        return pg_schema.migrate(db)
    enable_wal(db)
    done_now: list[str] = []
    with write_transaction(db):
        db.conn.execute(
            "CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
        )
        already = set(applied(db))
        for name, step in MIGRATIONS:
            if name in already:
                continue
            step(db)
            db.conn.execute(
                "INSERT INTO _migrations (name, applied_at) VALUES (?, ?)",
                (name, datetime.now(timezone.utc).isoformat()),
            )
            done_now.append(name)
    return done_now
