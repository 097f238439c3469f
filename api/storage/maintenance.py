"""Operator tools behind ``flask --app api check-db`` and ``backup``: integrity check, online backup.

Restore (docs/storage.md, "Backup and restore"): stop the server, copy the backup over the
database path, delete any ``-wal``/``-shm`` files beside it, start again.
"""
from __future__ import annotations

import os
import sqlite3


class BackupRefused(Exception):
    """The backup could not be made (source unreadable, target exists, copy not sound)."""


def _open_existing(path: str) -> sqlite3.Connection:
    if not os.path.exists(path):
        raise BackupRefused(f"no database at {path}")
    return sqlite3.connect(f"file:{os.path.abspath(path)}?mode=ro", uri=True)


def integrity_problems(path: str) -> list[str]:
    """What ``PRAGMA integrity_check`` reports for the database at `path` ([] when it is sound)."""
    try:
        conn = _open_existing(path)
    except BackupRefused as exc:
        return [str(exc)]
    try:
        rows = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
        foreign = conn.execute("PRAGMA foreign_key_check").fetchall()
    except sqlite3.DatabaseError as exc:
        return [f"cannot be read: {exc}"]
    finally:
        conn.close()
    problems = [] if rows == ["ok"] else rows
    problems += [f"foreign key broken: table {t} row {rowid} → {parent}" for t, rowid, parent, _ in foreign]
    return problems


def backup_to(source: str, target: str) -> int:
    """Online-back up `source` into the new file `target`; return its page count."""
    if os.path.exists(target):
        raise BackupRefused(f"{target} exists; choose a new file name")
    src = _open_existing(source)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
        pages = dst.execute("PRAGMA page_count").fetchone()[0]
        verdict = dst.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        dst.close()
        os.unlink(target)
        raise BackupRefused(f"backup of {source} failed: {exc}") from None
    finally:
        src.close()
    dst.close()
    if verdict != "ok":
        os.unlink(target)
        raise BackupRefused(f"the copy of {source} is not sound ({verdict}); run check-db on the source")
    return pages
