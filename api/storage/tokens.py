"""Secrets: table and spectator tokens and join codes.

Only SHA-256 hashes are stored.  Tokens carry 256 bits of randomness, so a plain hash is enough (no slow
KDF needed); join codes are short, which is why guessing them is throttled (`api.storage.throttle`).
"""
from __future__ import annotations

import hashlib
import secrets

from sqlite_utils import Database

from api.storage.db import lock_row, write_transaction
from api.storage.errors import GameNotFound

ROLES = ("table", "spectator")
JOIN_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
JOIN_CODE_LENGTH = 6


def new_token() -> str:
    """A fresh bearer token (43 URL-safe characters)."""
    return secrets.token_urlsafe(32)


def new_game_id() -> str:
    """A fresh, unguessable game id (16 URL-safe characters), never starting with ``-`` or ``_``.

    An id starting with ``-`` reads as an option to a command line (``flask export-game -Sx…``),
    one in 32 did; 96 random bits either way.
    """
    while True:
        game_id = secrets.token_urlsafe(12)
        if game_id[0].isalnum():
            return game_id


def new_join_code() -> str:
    """A short code that is easy to read aloud and type (``"K7QM2D"``)."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def normalise_join_code(code: str) -> str:
    """Upper-case and strip spaces and dashes, so "k7q-m2d" matches."""
    return "".join(ch for ch in code.upper() if ch not in " -")


def hash_secret(secret: str) -> str:
    """SHA-256 hex digest of a token or (normalised) join code."""
    return hashlib.sha256(secret.encode()).hexdigest()


def add_token(db: Database, game_id: str, role: str, now: str) -> str:
    """Create, store (hashed) and return a new token for `game_id`."""
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}")
    token = new_token()
    db.conn.execute(
        "INSERT INTO tokens (token_hash, game_id, role, created_at) VALUES (?, ?, ?, ?)",
        (hash_secret(token), game_id, role, now),
    )
    return token


def set_join_code(db: Database, game_id: str, now: str) -> str:
    """Give `game_id` a new join code (the old one stops working) and return it."""
    for _ in range(20):
        code = new_join_code()
        taken = db.conn.execute(
            "SELECT 1 FROM games WHERE join_code_hash = ?", (hash_secret(code),)
        ).fetchone()
        if not taken:
            db.conn.execute(
                "UPDATE games SET join_code_hash = ?, updated_at = ? WHERE id = ?",
                (hash_secret(code), now, game_id),
            )
            return code
    raise RuntimeError("could not find a free join code")


def game_for_join_code(db: Database, code: str) -> str | None:
    """The game id a join code opens, or None."""
    row = db.conn.execute(
        "SELECT id FROM games WHERE join_code_hash = ?", (hash_secret(normalise_join_code(code)),)
    ).fetchone()
    return row[0] if row else None


def fresh_secrets(db: Database, game_id: str, now: str) -> tuple[str, str, str]:
    """New table token, spectator token and join code for a game whose creation is answered again (an
    idempotent repeat: secrets are never stored in clear, so they cannot be answered twice)."""
    with write_transaction(db):
        return (add_token(db, game_id, "table", now), add_token(db, game_id, "spectator", now),
                set_join_code(db, game_id, now))


def rotate_join_code(db: Database, game_id: str, now_iso: str) -> str:
    """Replace the join code of `game_id` (`GameNotFound` if unknown) and return the new one."""
    with write_transaction(db):
        if db.conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
            raise GameNotFound(game_id)
        lock_row(db, "games", game_id)
        return set_join_code(db, game_id, now_iso)


def issue_spectator_token(db: Database, game_id: str, now_iso: str) -> str:
    """Issue another read-only token for `game_id` (`GameNotFound` if unknown)."""
    with write_transaction(db):
        if db.conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
            raise GameNotFound(game_id)
        return add_token(db, game_id, "spectator", now_iso)
