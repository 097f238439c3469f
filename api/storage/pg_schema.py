"""The schema on PostgreSQL: the same versioned migrations as `api.storage.migrations`, by name.

Each SQLite migration has a PostgreSQL twin here with the same name, recorded
in the same ``_migrations`` table; a test fails when a SQLite migration has no
twin.  Column names and meanings are identical, so the repositories' SQL runs
on both (where the SQL itself differs, the code writes both forms:
`api.storage.pg`).  Differences, and why:

- JSON documents stay ``TEXT`` (never ``jsonb``): the bytes are hashed and
  engines depend on key order, which ``jsonb`` would not keep.
- Integers are ``BIGINT`` (SQLite's INTEGER is 64-bit); ``join_failures.at``
  is ``DOUBLE PRECISION``.
- ``campaign_games`` and ``idempotency`` get an explicit ``rowid`` identity
  column: the shared SQL uses SQLite's implicit rowid (session order, pruning
  batches).
- ``idempotency.response`` and ``snapshots.state`` are ``BYTEA`` (the answer as sent, zlib-compressed;
  a zstd-compressed state).
- Append-only actions are enforced by a trigger function (no DELETE or
  TRUNCATE, no change to a stored column, ``reverted`` never goes back to 0).
- Every change of a game's version sends ``NOTIFY tablekeeper_games`` with
  ``{"game_id", "version"}`` from a trigger, delivered when (and only if) the
  transaction commits, to every server (the live event stream listens).

`migrate` runs the pending steps in one transaction under an advisory lock,
so two servers starting together apply each step once.  A step may be a Python
function of the database (0007 compresses the stored snapshots with one); 0007's
column type changes rewrite ``actions``, ``snapshots`` and ``idempotency`` once.
"""
from __future__ import annotations

from datetime import datetime, timezone

from api.storage.event_messages import fill_event_messages
from api.storage.idempotency import one_format
from api.storage.migration_steps import HEALTH_TABLE, recount_placeholders
from api.storage.pg import PgDatabase
from api.storage.snapshots import compress_stored

NOTIFY_CHANNEL = "tablekeeper_games"
MIGRATION_LOCK = 7_017_017  # pg_advisory_xact_lock key of the migration step


def _append_only_function(verb: str, revert_checks: str = "") -> str:
    """The trigger function that keeps the action log append-only (`revert_checks`: more rules on a revert)."""
    return f"""{verb} FUNCTION actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'TRUNCATE') THEN
        RAISE EXCEPTION 'actions are append-only' USING ERRCODE = 'integrity_constraint_violation';
      END IF;
      IF (NEW.game_id, NEW.seq, NEW.payload, NEW.events, NEW.state_hash, NEW.idempotency_key, NEW.created_at)
         IS DISTINCT FROM
         (OLD.game_id, OLD.seq, OLD.payload, OLD.events, OLD.state_hash, OLD.idempotency_key, OLD.created_at) THEN
        RAISE EXCEPTION 'actions are append-only' USING ERRCODE = 'integrity_constraint_violation';
      END IF;
      IF OLD.reverted = 1 AND NEW.reverted = 0 THEN
        RAISE EXCEPTION 'a reverted action stays reverted' USING ERRCODE = 'integrity_constraint_violation';
      END IF;
{revert_checks}      RETURN NEW;
    END $$"""


# 0007: a revert records the version that reverted the action, and keeps it.
_REVERTED_VERSION_CHECKS = """      IF OLD.reverted = 0 AND NEW.reverted = 1 AND NEW.reverted_version IS NULL THEN
        RAISE EXCEPTION 'a revert records the version that reverted the action'
          USING ERRCODE = 'integrity_constraint_violation';
      END IF;
      IF OLD.reverted_version IS NOT NULL AND NEW.reverted_version IS DISTINCT FROM OLD.reverted_version
         OR NEW.reverted = 0 AND NEW.reverted_version IS NOT NULL THEN
        RAISE EXCEPTION 'a reverted action keeps the version that reverted it'
          USING ERRCODE = 'integrity_constraint_violation';
      END IF;
"""


_INITIAL = [
    """CREATE TABLE editions (hash TEXT PRIMARY KEY, document TEXT NOT NULL, created_at TEXT)""",
    """CREATE TABLE games (
        id TEXT PRIMARY KEY, kind TEXT NOT NULL, edition_hash TEXT NOT NULL REFERENCES editions (hash),
        options TEXT NOT NULL, seed BIGINT NOT NULL, status TEXT NOT NULL, version BIGINT NOT NULL,
        head_seq BIGINT NOT NULL, tail_seq BIGINT NOT NULL, live_actions BIGINT NOT NULL, join_code_hash TEXT,
        created_at TEXT, updated_at TEXT)""",
    "CREATE UNIQUE INDEX idx_games_join_code_hash ON games (join_code_hash)",
    """CREATE TABLE tokens (token_hash TEXT PRIMARY KEY, game_id TEXT NOT NULL REFERENCES games (id),
        role TEXT NOT NULL, created_at TEXT)""",
    "CREATE INDEX idx_tokens_game_id ON tokens (game_id)",
    """CREATE TABLE actions (
        game_id TEXT NOT NULL REFERENCES games (id), seq BIGINT NOT NULL, payload TEXT NOT NULL,
        events TEXT NOT NULL, state_hash TEXT NOT NULL, idempotency_key TEXT, reverted INTEGER NOT NULL DEFAULT 0,
        reverted_at TEXT, created_at TEXT, PRIMARY KEY (game_id, seq))""",
    """CREATE TABLE snapshots (game_id TEXT NOT NULL REFERENCES games (id), seq BIGINT NOT NULL,
        state TEXT NOT NULL, state_hash TEXT NOT NULL, created_at TEXT, PRIMARY KEY (game_id, seq))""",
    """CREATE TABLE idempotency (game_id TEXT NOT NULL REFERENCES games (id), key TEXT NOT NULL,
        request_hash TEXT NOT NULL, status INTEGER NOT NULL, response TEXT NOT NULL, etag TEXT, created_at TEXT,
        PRIMARY KEY (game_id, key))""",
    "CREATE TABLE join_failures (ip TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)",
    "CREATE INDEX idx_join_failures_ip_at ON join_failures (ip, at)",
    _append_only_function("CREATE"),
    """CREATE TRIGGER actions_append_only_update BEFORE UPDATE OR DELETE ON actions
       FOR EACH ROW EXECUTE FUNCTION actions_append_only()""",
    """CREATE TRIGGER actions_append_only_truncate BEFORE TRUNCATE ON actions
       FOR EACH STATEMENT EXECUTE FUNCTION actions_append_only()""",
    f"""CREATE FUNCTION games_notify_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('{NOTIFY_CHANNEL}', json_build_object('game_id', NEW.id, 'version', NEW.version)::text);
      RETURN NULL;
    END $$""",
    """CREATE TRIGGER games_notify_version AFTER INSERT OR UPDATE OF version ON games
       FOR EACH ROW EXECUTE FUNCTION games_notify_version()""",
]

_CAMPAIGNS = [
    """CREATE TABLE campaigns (id TEXT PRIMARY KEY, kind TEXT NOT NULL, data TEXT NOT NULL, version BIGINT NOT NULL,
        created_at TEXT, updated_at TEXT)""",
]

_PLACEHOLDERS_USED = ["ALTER TABLE games ADD COLUMN placeholders_used TEXT NOT NULL DEFAULT '[]'"]

_CAMPAIGN_SESSIONS = [
    "ALTER TABLE campaigns ADD COLUMN edition_hash TEXT",
    """CREATE TABLE campaign_tokens (token_hash TEXT PRIMARY KEY, campaign_id TEXT NOT NULL REFERENCES campaigns (id),
        created_at TEXT)""",
    "CREATE INDEX idx_campaign_tokens_campaign_id ON campaign_tokens (campaign_id)",
    """CREATE TABLE campaign_games (
        game_id TEXT PRIMARY KEY REFERENCES games (id), campaign_id TEXT NOT NULL REFERENCES campaigns (id),
        status TEXT NOT NULL, session BIGINT, tile TEXT, created_at TEXT, updated_at TEXT,
        rowid BIGINT GENERATED ALWAYS AS IDENTITY)""",
    "CREATE INDEX idx_campaign_games_campaign_id ON campaign_games (campaign_id)",
    """CREATE TABLE campaign_requests (
        campaign_id TEXT NOT NULL REFERENCES campaigns (id), key TEXT NOT NULL, request_hash TEXT NOT NULL,
        status INTEGER NOT NULL, response TEXT NOT NULL, game_id TEXT, created_at TEXT,
        PRIMARY KEY (campaign_id, key))""",
]

_IDEMPOTENCY_RETENTION = [
    # Records are pruned by age; ``response`` holds the zlib-compressed body (bytes) from now on.  (No
    # PostgreSQL database predates this step with stored answers: the backend arrived with it.)
    "CREATE INDEX idempotency_created_at ON idempotency (created_at)",
    "ALTER TABLE idempotency ALTER COLUMN response TYPE BYTEA USING convert_to(response, 'UTF8')",
    # the pruning SQL picked its batch by SQLite's implicit rowid (by primary key since 0008)
    "ALTER TABLE idempotency ADD COLUMN rowid BIGINT GENERATED ALWAYS AS IDENTITY",
]

_EDITION_RESOURCES = [
    """CREATE TABLE edition_resources (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, name TEXT NOT NULL, base_id TEXT,
        edition_hash TEXT NOT NULL REFERENCES editions (hash), token_hash TEXT NOT NULL,
        draft BIGINT NOT NULL, created_by TEXT, version BIGINT NOT NULL, value_count BIGINT,
        placeholder_count BIGINT, checked_count BIGINT, created_at TEXT, updated_at TEXT)""",
    "CREATE INDEX idx_edition_resources_game_created_at ON edition_resources (game, created_at)",
]

_REPLAYS_FROM_THE_LOG = [
    # As SQLite's 0007 (`api.storage.migrations._replays_from_the_log`).
    "ALTER TABLE actions ADD COLUMN reverted_version BIGINT",
    _append_only_function("CREATE OR REPLACE", _REVERTED_VERSION_CHECKS),
    "ALTER TABLE idempotency ADD COLUMN head_seq BIGINT, ADD COLUMN applied BIGINT, ADD COLUMN full_view INTEGER",
    "ALTER TABLE snapshots ALTER COLUMN state TYPE BYTEA USING convert_to(state, 'UTF8')",
    # SHA-256 digests as their 32 bytes (the API's hex is derived); a column change fires no row trigger.
    *[f"ALTER TABLE {table} ALTER COLUMN {column} TYPE BYTEA USING CASE WHEN {column} ~ '^[0-9a-f]{{64}}$' "
      f"THEN decode({column}, 'hex') ELSE convert_to({column}, 'UTF8') END"
      for table, column in (("actions", "state_hash"), ("snapshots", "state_hash"), ("idempotency", "request_hash"))],
    compress_stored,
    recount_placeholders,
]

_EVENT_MESSAGES = [
    "ALTER TABLE actions DISABLE TRIGGER actions_append_only_update",
    fill_event_messages,
    "ALTER TABLE actions ENABLE TRIGGER actions_append_only_update",
]

MIGRATIONS: list[tuple[str, list]] = [
    ("0001_initial", _INITIAL),
    ("0002_campaigns", _CAMPAIGNS),
    ("0003_placeholders_used", _PLACEHOLDERS_USED),
    ("0004_campaign_sessions", _CAMPAIGN_SESSIONS),
    ("0005_idempotency_retention", _IDEMPOTENCY_RETENTION),
    ("0006_edition_resources", _EDITION_RESOURCES),
    ("0007_replays_from_the_log", _REPLAYS_FROM_THE_LOG),
    ("0008_clustered_log", []),  # nothing, on either backend now
    # As SQLite's 0009 (`api.storage.migrations._one_idempotency_format`).
    ("0009_one_idempotency_format", [
        one_format,
        "ALTER TABLE idempotency DROP COLUMN head_seq, DROP COLUMN applied, DROP COLUMN full_view",
        HEALTH_TABLE,
    ]),
    # As SQLite's 0010 and 0011 (`api.storage.event_messages`): the append-only trigger is lifted for the step only.
    ("0010_event_messages", _EVENT_MESSAGES),
    ("0011_reverted_event_messages", _EVENT_MESSAGES),
]


def migrate(db: PgDatabase) -> list[str]:
    """Apply every pending migration in one transaction (serialised across servers); return those applied now."""
    done_now: list[str] = []
    db.conn.execute("BEGIN")  # READ COMMITTED: after the lock wait, see what the other server applied
    try:
        db.conn.execute(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        db.conn.execute("CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
        already = {r[0] for r in db.conn.execute("SELECT name FROM _migrations").fetchall()}
        for name, statements in MIGRATIONS:
            if name in already:
                continue
            for statement in statements:
                if callable(statement):  # a data step, in Python, on the same connection and transaction
                    statement(db)
                else:
                    db.conn.execute(statement)
            db.conn.execute("INSERT INTO _migrations (name, applied_at) VALUES (?, ?)",
                            (name, datetime.now(timezone.utc).isoformat()))
            done_now.append(name)
    except BaseException:
        db.conn.execute("ROLLBACK")
        raise
    db.conn.execute("COMMIT")
    return done_now
