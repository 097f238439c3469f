"""Snapshot states as stored: zstd-compressed JSON since migration 0007, the JSON text before.

A snapshot (every `SNAPSHOT_BLOCK` seqs, see `api.storage.loading`) is read only by a worker
that has not got the game's state cached, so it is stored small rather than raw: zstd at level
`LEVEL` takes a ~9.8 KB Asian Tigers state to ~2.0 KB in ~0.08 ms (written once per 25 moves).
Rows written before hold the JSON text (a ``str`` in SQLite; UTF-8 bytes starting with ``{`` in
PostgreSQL's BYTEA), and `decode_state` reads both.
"""
from __future__ import annotations

from typing import Any

try:  # Python 3.14+
    from compression import zstd
except ImportError:  # before: the backport
    from backports import zstd

from api.storage.jsonio import dumps_bytes, loads

LEVEL = 6  # 3 is 8 % bigger; 9 and up cost ten times the CPU for < 1 % fewer bytes


def encode_state(state_dict: dict) -> bytes:
    """The stored form of a state dict: its compact JSON, zstd-compressed."""
    return zstd.compress(dumps_bytes(state_dict), LEVEL)


def decode_state(stored: str | bytes) -> Any:
    """The state dict of a stored snapshot (compressed, or JSON text from before 0007)."""
    if isinstance(stored, str):
        return loads(stored)
    raw = bytes(stored)
    if raw[:1] in (b"{", b"["):
        return loads(raw)
    return loads(zstd.decompress(raw))


def compress_stored(db) -> int:
    """Migration 0007: compress every snapshot still stored as JSON text, a game at a time; return how many."""
    done = 0
    for (game_id,) in db.conn.execute("SELECT id FROM games").fetchall():
        rows = db.conn.execute("SELECT seq, state FROM snapshots WHERE game_id = ?", (game_id,)).fetchall()
        changed = [(encode_state(decode_state(state)), game_id, seq) for seq, state in rows
                   if isinstance(state, str) or bytes(state[:1]) in (b"{", b"[")]
        if changed:
            db.conn.executemany("UPDATE snapshots SET state = ? WHERE game_id = ? AND seq = ?", changed)
        done += len(changed)
    return done
