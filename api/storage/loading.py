"""Rebuilding a game's state from the database: nearest snapshot plus replay, or a cached state caught up.

Snapshots are written every `SNAPSHOT_BLOCK` seqs (and at seq 0), so a state
no worker has cached is rebuilt from at most that many actions.  Callers hold
a transaction, so the record and the rows they read agree.
"""
from __future__ import annotations

from typing import Any

from sqlite_utils import Database

from api.storage.cache import CachedState
from api.storage.engines import Engine
from api.storage.jsonio import digest_hex, loads
from api.storage.models import GameRecord
from api.storage.snapshots import decode_state

SNAPSHOT_BLOCK = 25


def snapshot_due(previous_tail: int, new_tail: int) -> bool:
    """True when a write moves the tail into a new block of `SNAPSHOT_BLOCK` seqs."""
    return new_tail // SNAPSHOT_BLOCK > previous_tail // SNAPSHOT_BLOCK


def stored_hash(db: Database, game_id: str, seq: int) -> str | None:
    """The hex state hash the log keeps for the state after `seq` (seq 0: the initial snapshot's)."""
    if seq:
        row = db.conn.execute("SELECT state_hash FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq)).fetchone()
    else:
        row = db.conn.execute("SELECT state_hash FROM snapshots WHERE game_id = ? AND seq = 0", (game_id,)).fetchone()
    return digest_hex(row[0]) if row else None


def state_at(db: Database, game_id: str, engine: Engine, edition: Any, tail: int) -> Any:
    """State after the live actions up to `tail`: nearest live snapshot, then replay."""
    snap_seq, data = db.conn.execute(
        """SELECT s.seq, s.state FROM snapshots s
           LEFT JOIN actions a ON a.game_id = s.game_id AND a.seq = s.seq
           WHERE s.game_id = ? AND s.seq <= ? AND (s.seq = 0 OR a.reverted = 0)
           ORDER BY s.seq DESC LIMIT 1""",
        (game_id, tail),
    ).fetchone()
    state = engine.state_from_dict(decode_state(data), edition)
    later = db.conn.execute(
        "SELECT seq, payload FROM actions WHERE game_id = ? AND reverted = 0 AND seq > ? AND seq <= ? "
        "ORDER BY seq", (game_id, snap_seq, tail),
    ).fetchall()
    for _seq, payload in later:
        state, _events = engine.apply(state, loads(payload))
    return state


def catch_up(db: Database, record: GameRecord, engine: Engine, hit: CachedState) -> Any | None:
    """`hit` brought forward to `record` by the live actions after it, or None if it cannot be.

    Undo reverts the newest live actions first, so while the action at ``hit.tail_seq`` is still
    live every live action up to it is too, and the game is `hit` plus the live actions after it.
    """
    if hit.version >= record.version or hit.tail_seq > record.tail_seq:
        return None
    rows = db.conn.execute(
        "SELECT seq, payload, reverted FROM actions WHERE game_id = ? AND seq >= ? AND seq <= ? "
        "ORDER BY seq LIMIT ?", (record.id, hit.tail_seq, record.tail_seq, SNAPSHOT_BLOCK + 2),
    ).fetchall()
    if hit.tail_seq and (not rows or rows[0][0] != hit.tail_seq or rows[0][2]):
        return None
    later = [(seq, payload) for seq, payload, reverted in rows if seq > hit.tail_seq and not reverted]
    if len(later) > SNAPSHOT_BLOCK or (later[-1][0] if later else hit.tail_seq) != record.tail_seq:
        return None  # too far behind (a snapshot is closer), or not a prefix after all
    state = hit.state
    for _seq, payload in later:
        state, _events = engine.apply(state, loads(payload))
    return state
