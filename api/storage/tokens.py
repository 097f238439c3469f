"""Secrets: table and spectator tokens, join codes, and join-code throttling.

Only SHA-256 hashes of tokens and join codes are stored.  Tokens carry 256
bits of randomness, so a plain hash is enough (no slow KDF needed); join codes
are short, which is why guessing them is throttled per client address.
"""
from __future__ import annotations

import hashlib
import secrets
import time

from sqlite_utils import Database

from api.storage.db import lock_row, lock_throttle, write_transaction
from api.storage.errors import GameNotFound, JoinCodeUnknown, TooManyAttempts

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


def find_token(db: Database, token: str) -> dict | None:
    """``{"game_id", "role"}`` for a token, or None when unknown."""
    # conn.execute, not db.query: sqlite-utils wraps a query in a SAVEPOINT (two more statements per request).
    row = db.conn.execute("SELECT game_id, role FROM tokens WHERE token_hash = ?", (hash_secret(token),)).fetchone()
    return {"game_id": row[0], "role": row[1]} if row else None


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


def recent_failures(db: Database, ip: str, window: float, now: float | None = None) -> int:
    """Failed join attempts from `ip` within the last `window` seconds."""
    now = time.time() if now is None else now
    return db.conn.execute(
        "SELECT COUNT(*) FROM join_failures WHERE ip = ? AND at > ?", (ip, now - window)
    ).fetchone()[0]


def record_failure(db: Database, ip: str, window: float, now: float | None = None) -> None:
    """Remember a failed join attempt (and forget ones older than the window)."""
    now = time.time() if now is None else now
    db.conn.execute("DELETE FROM join_failures WHERE at <= ?", (now - window,))
    db.conn.execute("INSERT INTO join_failures (ip, at) VALUES (?, ?)", (ip, now))


def join_game(db: Database, code: str, ip: str, limit: int, window: float, now_iso: str) -> tuple[str, str]:
    """Trade a join code for a new table token: ``(game_id, token)``.

    Raises `TooManyAttempts` once `ip` has `limit` failures within `window`
    seconds (checked before the code, so a right guess does not help), and
    `JoinCodeUnknown` for a wrong code (which counts as a failure).
    """
    now = time.time()
    with write_transaction(db):
        lock_throttle(db)  # count and record in one turn across servers
        if recent_failures(db, ip, window, now) >= limit:
            oldest = db.conn.execute(
                "SELECT MIN(at) FROM join_failures WHERE ip = ? AND at > ?", (ip, now - window)
            ).fetchone()[0]
            raise TooManyAttempts(max(1, int(oldest + window - now) + 1))
        game_id = game_for_join_code(db, code)
        if game_id is None:
            record_failure(db, ip, window, now)
            failed = JoinCodeUnknown()
        else:
            return game_id, add_token(db, game_id, "table", now_iso)
    raise failed  # raised after COMMIT, so the failure is remembered


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
