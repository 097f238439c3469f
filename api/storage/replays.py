"""A replayed write's answer, rebuilt from the log instead of stored.

An idempotency record of a move written since migration 0007 (format 3, see
`api.storage.idempotency`) keeps no body, only what recognises the retry and
names the write: game, key, request hash, status, the version the write
produced (``etag``), the head seq after it (``head_seq``), how many actions it
appended (``applied``, 0 for an undo) and whether the answer was the whole
view (``full_view``, from ``?full=1``).  Everything the answer was rendered
from is still in the log, unchanged: actions are never deleted or rewritten,
and an undo records the version that reverted each action
(``actions.reverted_version``, set once).  So the actions live at version W
are exactly those with ``seq <= head(W)`` and ``reverted = 0 OR
reverted_version > W``, whatever moves and undos came later; the state at W is
the nearest of their snapshots plus their replay; the game record at W follows
from them (counts, tail, placeholders, status) and from the idempotency record
(``updated_at`` is its ``created_at``: one clock reading served both).  A
replay rebuilds the game at W and at W - 1 and calls the render function the
first answer was rendered by, with the same flag, so it answers the same bytes
(the rebuilt state's hash is checked against the one stored with the log
first).  It costs a snapshot load and a few dozen applies, paid only by a
retry and outside the write lock.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from sqlite_utils import Database

from api.games.provenance import placeholders_in
from api.storage.codec import dumps, dumps_bytes, loads
from api.storage.engines import Engine, state_hash
from api.storage.errors import ReplayDiverged
from api.storage.loading import stored_hash
from api.storage.models import GameRecord, LoadedGame, WriteOutcome, WriteResult
from api.storage.snapshots import decode_state


@dataclass(frozen=True)
class Recipe:
    """What a format-3 idempotency record says about the write it remembers."""

    status: int
    version: int  # the version the write produced
    head_seq: int  # the game's head seq after it
    applied: int  # actions it appended (0: an undo)
    full: bool  # the answer was the whole view (``?full=1``)
    created_at: str  # when it was written (the game's ``updated_at`` at `version`)


def live_rows(db: Database, game_id: str, version: int, head: int) -> list[tuple[int, Any, Any]]:
    """(seq, payload, events) of the actions live at `version`, whose head seq was `head`, in order."""
    return db.conn.execute(
        "SELECT seq, payload, events FROM actions WHERE game_id = ? AND seq <= ? "
        "AND (reverted = 0 OR reverted_version > ?) ORDER BY seq", (game_id, head, version)).fetchall()


def _state(db: Database, game_id: str, engine: Engine, edition: Any, rows: list) -> Any:
    """The state after `rows` (the actions live at one version): the nearest of their snapshots, then replay."""
    live = {seq for seq, _, _ in rows}
    tail = rows[-1][0] if rows else 0
    seqs = db.conn.execute("SELECT seq FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC",
                           (game_id, tail)).fetchall()
    start = next(seq for (seq,) in seqs if seq == 0 or seq in live)
    (data,) = db.conn.execute("SELECT state FROM snapshots WHERE game_id = ? AND seq = ?", (game_id, start)).fetchone()
    state = engine.state_from_dict(decode_state(data), edition)
    for seq, payload, _ in rows:
        if seq > start:
            state, _events = engine.apply(state, loads(payload))
    return state


def _record_at(current: GameRecord, engine: Engine, state: Any, rows: list, events: dict, version: int,
               head: int, updated_at: str | None) -> GameRecord:
    used = placeholders_in(e for seq, _, _ in rows for e in events[seq])
    return replace(current, version=version, status="over" if engine.is_over(state) else "active",
                   updated_at=updated_at, head_seq=head, tail_seq=rows[-1][0] if rows else 0,
                   live_actions=len(rows), placeholders_used=tuple(sorted(used)))


def rebuild(db: Database, current: GameRecord, engine: Engine, edition: Any, recipe: Recipe,
            render: Callable[..., tuple[int, dict]]) -> WriteOutcome:
    """The answer of the write `recipe` names, rendered again by `render` from the game it produced.

    `current` is the game's record now (its constant fields: kind, options, seed, created_at); the
    record before the write carries what a patch is made from (version, state, counts, placeholders)
    but no ``updated_at``, which the log does not keep.
    """
    after = live_rows(db, current.id, recipe.version, recipe.head_seq)
    before = live_rows(db, current.id, recipe.version - 1, recipe.head_seq - recipe.applied)
    # One is a prefix of the other (an apply adds actions after the tail, an undo takes the newest live
    # ones away): build the shorter, then play the rest on top of it.  Both are checked against the log.
    short, long_ = (before, after) if len(before) <= len(after) else (after, before)
    short_state = _state(db, current.id, engine, edition, short)
    if [r[0] for r in long_[:len(short)]] == [r[0] for r in short]:
        long_state = short_state
        for _seq, payload, _ in long_[len(short):]:
            long_state, _events = engine.apply(long_state, loads(payload))
    else:  # never written so, but then each is rebuilt on its own
        long_state = _state(db, current.id, engine, edition, long_)
    state_before, state_after = (short_state, long_state) if short is before else (long_state, short_state)
    for rows, state in ((before, state_before), (after, state_after)):
        tail = rows[-1][0] if rows else 0
        expected, actual = stored_hash(db, current.id, tail), state_hash(engine.state_to_dict(state))
        if expected != actual:
            raise ReplayDiverged(current.id, tail, expected or "", actual)

    events = {seq: loads(e) for seq, _, e in {r[0]: r for r in before + after}.values()}
    before_seqs = {r[0] for r in before}
    after_seqs = {r[0] for r in after}
    applied = [{"seq": seq, "action": loads(payload), "events": events[seq]}
               for seq, payload, _ in after if seq not in before_seqs]
    undone = sorted(before_seqs - after_seqs)
    game = LoadedGame(_record_at(current, engine, state_after, after, events, recipe.version, recipe.head_seq,
                                 recipe.created_at), engine, edition, state_after)
    previous = LoadedGame(_record_at(current, engine, state_before, before, events, recipe.version - 1,
                                     recipe.head_seq - recipe.applied, None), engine, edition, state_before)
    _status, body = render(WriteResult(game, applied=applied, undone=undone, previous=previous), full=recipe.full)
    return WriteOutcome(recipe.status, body, recipe.version, True, dumps_bytes(body))


def recount_placeholders(db: Database) -> None:
    """Migration 0007: ``games.placeholders_used`` recounted from the live actions' events, as a rebuild counts it.

    Every write since migration 0003 keeps the two equal; games older than 0003 were given ``[]``.
    """
    for game_id, stored in db.conn.execute("SELECT id, placeholders_used FROM games").fetchall():
        events = db.conn.execute("SELECT events FROM actions WHERE game_id = ? AND reverted = 0", (game_id,))
        used = sorted(placeholders_in(e for (row,) in events.fetchall() for e in loads(row)))
        if used != loads(stored or "[]"):
            db.conn.execute("UPDATE games SET placeholders_used = ? WHERE id = ?", (dumps(used), game_id))
