"""Editions as a resource: named, owned (a hashed token), draft or published.

An edition resource (table ``edition_resources``) points at a document in the
content-addressed ``editions`` table that games already use, so a document is
stored once per content hash however many resources or games use it.  A game
stores the hash, never the resource id: changing a draft later never changes a
game created with it.

Only SHA-256 hashes of edition tokens are stored (as for table tokens).  Every
write is one write transaction; the schema comes from migration 0006 (`migrate_edition_resources`).
"""
from __future__ import annotations

import json
import secrets
from dataclasses import dataclass

from sqlite_utils import Database


from api.storage import tokens
from api.storage.db import lock_row, read_transaction, write_transaction
from api.storage.jsonio import dumps
from api.storage.errors import Refused, StorageError, msg
from api.storage.models import utcnow


def migrate_edition_resources(db: Database) -> None:
    """Migration 0006: the ``edition_resources`` table."""
    db["edition_resources"].create(
        {"id": str, "game": str, "name": str, "base_id": str, "edition_hash": str, "token_hash": str,
         "draft": int, "created_by": str, "version": int, "value_count": int, "placeholder_count": int,
         "checked_count": int, "created_at": str, "updated_at": str},
        pk="id", not_null={"game", "name", "edition_hash", "token_hash", "draft", "version"},
        foreign_keys=[("edition_hash", "editions", "hash")],
    )
    db["edition_resources"].create_index(["game", "created_at"])


class EditionNotFound(StorageError):
    """No edition resource with this id."""

    code = "edition_not_found"

    def __init__(self, edition_id: str):
        super().__init__(msg("no edition with id {edition_id}", edition_id=repr(edition_id)))


class EditionWriteRefused(Refused):
    """A write to an edition the caller may not make (no or another token, a stale version, published)."""


@dataclass(frozen=True)
class EditionRecord:
    """One edition resource (without its document)."""

    id: str
    game: str
    name: str
    base_id: str | None
    edition_hash: str
    draft: bool
    created_by: str | None
    version: int
    value_count: int
    placeholder_count: int
    checked_count: int
    created_at: str
    updated_at: str

    @classmethod
    def from_row(cls, row: dict) -> "EditionRecord":
        """Decode an ``edition_resources`` row."""
        return cls(row["id"], row["game"], row["name"], row["base_id"], row["edition_hash"], bool(row["draft"]),
                   row["created_by"], row["version"], row["value_count"] or 0, row["placeholder_count"] or 0,
                   row["checked_count"] or 0, row["created_at"], row["updated_at"])

    def to_dict(self) -> dict:
        """The list entry of ``GET /api/editions``."""
        return {"edition_id": self.id, "game": self.game, "name": self.name, "base": self.base_id,
                "content_hash": self.edition_hash, "draft": self.draft, "version": self.version,
                "value_count": self.value_count, "placeholder_count": self.placeholder_count,
                "checked_count": self.checked_count, "to_check_count": self.placeholder_count + self.checked_count,
                "created_by": self.created_by, "created_at": self.created_at, "updated_at": self.updated_at}


COLUMNS = ("id, game, name, base_id, edition_hash, draft, created_by, version, value_count, placeholder_count, "
           "checked_count, created_at, updated_at")


class EditionStore:
    """Edition resources in the app's database (the same connection style as `GameRepository`)."""

    def __init__(self, db: Database):
        self.db = db

    def _row(self, edition_id: str) -> dict:
        rows = list(self.db.query(f"SELECT {COLUMNS}, token_hash FROM edition_resources WHERE id = ?", (edition_id,)))
        if not rows:
            raise EditionNotFound(edition_id)
        return rows[0]

    def _store_document(self, content_hash: str, document: dict, now: str) -> None:
        self.db.conn.execute("INSERT INTO editions (hash, document, created_at) VALUES (?, ?, ?) "
                             "ON CONFLICT DO NOTHING",
                             (content_hash, dumps(document), now))

    def record(self, edition_id: str) -> EditionRecord:
        """The resource (`EditionNotFound` if unknown)."""
        return EditionRecord.from_row(self._row(edition_id))

    def load(self, edition_id: str) -> tuple[EditionRecord, dict]:
        """The resource and its current document, from one consistent read."""
        with read_transaction(self.db):
            record = self.record(edition_id)
            return record, self.document(record.edition_hash)

    def document(self, content_hash: str) -> dict:
        """A stored document by content hash."""
        row = self.db.conn.execute("SELECT document FROM editions WHERE hash = ?", (content_hash,)).fetchone()
        if row is None:
            raise EditionNotFound(content_hash)
        return json.loads(row[0])

    def list(self, game: str | None = None, limit: int = 200) -> list[EditionRecord]:
        """Resources, newest first (optionally of one game)."""
        sql = f"SELECT {COLUMNS} FROM edition_resources"
        args: tuple = ()
        if game:
            sql, args = sql + " WHERE game = ?", (game,)
        return [EditionRecord.from_row(row)
                for row in self.db.query(sql + " ORDER BY created_at DESC, id LIMIT ?", args + (limit,))]

    def create(self, game: str, name: str, document: dict, content_hash: str, counts: dict, *,
               base_id: str | None, created_by: str | None, draft: bool) -> tuple[EditionRecord, str]:
        """Store a new resource (and its document once per hash); returns it and its secret token."""
        now = utcnow()
        edition_id, token = secrets.token_urlsafe(12), tokens.new_token()
        with write_transaction(self.db):
            self._store_document(content_hash, document, now)
            self.db.conn.execute(
                "INSERT INTO edition_resources (id, game, name, base_id, edition_hash, token_hash, draft, created_by, "
                "version, value_count, placeholder_count, checked_count, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)",
                (edition_id, game, name, base_id, content_hash, tokens.hash_secret(token), int(draft), created_by,
                 counts["value_count"], counts["placeholder_count"], counts["checked_count"], now, now),
            )
            record = self.record(edition_id)
        return record, token

    def check_writable(self, edition_id: str, token: str | None, expected: set[str] | None = None) -> EditionRecord:
        """The resource if `token` is its owner's and it is still a draft; `EditionWriteRefused` otherwise."""
        row = self._row(edition_id)
        if token is None:
            raise EditionWriteRefused(401, "token_missing", msg("send the edition's token as 'Authorization: Bearer "
                                                                "<edition_token>' (it was given once, at creation)"))
        if not secrets.compare_digest(row["token_hash"], tokens.hash_secret(token)):
            raise EditionWriteRefused(403, "edition_token_wrong", msg("this token does not own this edition: only its "
                                                                      "creator can change it (anyone may copy it)"))
        if expected and "*" not in expected and str(row["version"]) not in expected:
            raise EditionWriteRefused(412, "version_mismatch", msg(
                "the edition is at version {version}, not {expected}", version=row["version"],
                expected=", ".join(sorted(expected))), current_version=row["version"])
        if not row["draft"]:
            raise EditionWriteRefused(409, "edition_published", msg("this edition is saved for good and games may use "
                                      "it; make a new edition with it as the base to change it"))
        return EditionRecord.from_row(row)

    def update(self, edition_id: str, token: str | None, document: dict | None, content_hash: str | None,
               counts: dict | None, *, name: str | None = None, draft: bool | None = None,
               expected: set[str] | None = None, based_on_version: int | None = None) -> EditionRecord:
        """Replace the document and/or name, or publish (``draft=False``), under the owner's token.

        `based_on_version` is the version the new document was computed from: if
        another write got in between, the write is refused (412) rather than lost.
        """
        now = utcnow()
        with write_transaction(self.db):
            lock_row(self.db, "edition_resources", edition_id)  # its writers queue (PostgreSQL)
            record = self.check_writable(edition_id, token, expected)
            if based_on_version is not None and record.version != based_on_version:
                raise EditionWriteRefused(412, "version_mismatch", msg("the edition changed while this change was "
                                          "being checked; read it again"), current_version=record.version)
            sets, args = ["version = version + 1", "updated_at = ?"], [now]
            if document is not None and content_hash is not None and counts is not None:
                self._store_document(content_hash, document, now)
                sets += ["edition_hash = ?", "value_count = ?", "placeholder_count = ?", "checked_count = ?"]
                args += [content_hash, counts["value_count"], counts["placeholder_count"], counts["checked_count"]]
            if name is not None:
                sets.append("name = ?")
                args.append(name)
            if draft is not None:
                sets.append("draft = ?")
                args.append(int(draft))
            self.db.conn.execute(f"UPDATE edition_resources SET {', '.join(sets)} WHERE id = ?", (*args, edition_id))
            return self.record(edition_id)
