"""The SQL of a game write, as (sql, parameters, executemany?) triples the repository runs in order.

Built before the write lock (so the lock holds only their execution), in the stored formats:
snapshots zstd-compressed, hashes as their 32 bytes, the answer zlib-compressed (`api.storage.idempotency`).
"""
from __future__ import annotations

from typing import Any

from api.storage import idempotency
from api.storage.jsonio import digest_bytes, dumps
from api.storage.models import GameRecord, Idempotency
from api.storage.snapshots import encode_state

Statement = tuple[str, Any, bool]


def snapshot(game_id: str, seq: int, state_dict: dict, digest: str, now: str) -> Statement:
    """Keep the state after `seq` (ignored if that seq already has one)."""
    return ("INSERT INTO snapshots (game_id, seq, state, state_hash, created_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (game_id, seq, encode_state(state_dict), digest_bytes(digest), now), False)


def append(game_id: str, rows: list[dict], now: str) -> Statement:
    """Append the played `rows` (seq, action, events, state_hash) to the log (``idempotency_key`` stays NULL
    since 0007)."""
    return ("INSERT INTO actions (game_id, seq, payload, events, state_hash, reverted, created_at) "
            "VALUES (?, ?, ?, ?, ?, 0, ?)",
            [(game_id, r["seq"], dumps(r["action"]), dumps(r["events"]), digest_bytes(r["state_hash"]), now)
             for r in rows], True)


def head(before: GameRecord, after: GameRecord) -> Statement:
    """Bump the game's head from `before` to `after`; it names the version it was planned from."""
    return ("UPDATE games SET version = ?, status = ?, updated_at = ?, head_seq = ?, tail_seq = ?, "
            "live_actions = ?, placeholders_used = ? WHERE id = ? AND version = ?",
            (after.version, after.status, after.updated_at, after.head_seq, after.tail_seq, after.live_actions,
             dumps(list(after.placeholders_used)), before.id, before.version), False)


def remember(after: GameRecord, idem: Idempotency, status: int, encoded: bytes, now: str) -> Statement:
    """The idempotency record of a write that led to `after` and was answered `status`, `encoded`."""
    return ("INSERT INTO idempotency (game_id, key, request_hash, status, response, etag, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (after.id, idem.key, digest_bytes(idem.request_hash), status, idempotency.pack(encoded),
             str(after.version), now), False)
