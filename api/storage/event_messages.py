"""Migrations 0010 and 0011 (both backends): events stored before issue 37 gain their message.

Since issue 37 each event an Asian Tigers move stores carries ``message`` beside its English ``text``, and a
log line is said in the reader's language from it; an event stored before has only its ``text`` (said in
English).  This step replays each such game's actions with the engine and gives a stored event the message of
the event the replay writes at the same place, **only when the replayed English ``text`` is the stored one**
(same kind, same text): never a guess; an event the engine now words otherwise keeps its English.  A live action
is replayed on the live actions before it.  A reverted (taken-back) action is replayed on the state it was played
on: an undo takes back the latest live actions, so that state is the one after the latest earlier action that
was not yet taken back, which the action's own stored state hash confirms (0011; 0010 filled the live actions
only).  The log stays append-only for every write; only this step, inside the migration's transaction, rewrites
``events`` (its trigger is lifted and put back by the callers).  State, hashes and payloads are untouched.
"""
from __future__ import annotations

from typing import Any

from api.storage.jsonio import digest_hex, dumps, loads

KINDS = ("asian_tigers",)  # the engines whose events carry messages


def fill_event_messages(db: Any) -> int:
    """Give the stored events without a message the replay's message where the English agrees; the number of
    actions rewritten."""
    from api.storage.engines import default_registry

    registry, rewritten = default_registry(), 0
    games = [row for kind in KINDS for row in db.conn.execute(
        "SELECT id, kind, edition_hash, options, seed FROM games WHERE kind = ?", (kind,)).fetchall()]
    for game_id, kind, edition_hash, options, seed in games:
        rows = [(seq, loads(payload), loads(events), digest_hex(stored), bool(reverted))
                for seq, payload, events, stored, reverted in db.conn.execute(
                    "SELECT seq, payload, events, state_hash, reverted FROM actions WHERE game_id = ? ORDER BY seq",
                    (game_id,)).fetchall()]
        if all("message" in e for _, _, events, _, _ in rows for e in events if isinstance(e, dict) and "text" in e):
            continue  # nothing stored before issue 37 (the usual case): no replay
        for seq, events in _filled(db, registry.get(kind), edition_hash, loads(options), seed, rows):
            db.conn.execute("UPDATE actions SET events = ? WHERE game_id = ? AND seq = ?", (dumps(events), game_id, seq))
            rewritten += 1
    return rewritten


def _filled(db: Any, engine: Any, edition_hash: str, options: Any, seed: int, rows: list):
    """(seq, events with messages) of each action the replay gives a message to; stops where the engine no
    longer replays the live actions (those keep their English), passes over a reverted action it cannot place."""
    try:
        document = db.conn.execute("SELECT document FROM editions WHERE hash = ?", (edition_hash,)).fetchone()[0]
        state = engine.new_game(options, engine.edition_from_store(edition_hash, lambda: loads(document)), seed)
    except Exception:  # noqa: BLE001 - a game this engine cannot rebuild keeps its English lines
        return
    line = [(False, state)]  # (reverted?, state after) of the actions a later one may follow; the latest live first
    for seq, action, events, stored, reverted in rows:
        if not reverted:
            line = [entry for entry in line if not entry[0]]  # those were taken back before this one was played
        replayed = _played_on(engine, line, action, stored, reverted)
        if replayed is None:
            if not reverted:
                return  # the rules changed under it: the rest keeps its English
            continue
        state, fresh = replayed
        line = line + [(True, state)] if reverted else [(False, state)]
        said = same_with_messages(events, fresh)
        if said is not None:
            yield seq, said


def _played_on(engine: Any, line: list, action: Any, stored: str, reverted: bool):
    """(state, events) of `action` replayed on the state it was played on, or None.  A live action: the latest of
    `line`.  A reverted one: the latest of `line` after which its replay ends at its stored state hash; a reverted
    action passed by was taken back before this one was played, so it leaves `line` (nothing later follows it)."""
    while True:
        try:
            state, fresh = engine.apply(line[-1][1], action)
        except Exception:  # noqa: BLE001 - refused there: the rules changed, or it was not played there
            state, fresh = None, None
        if not reverted or (state is not None and engine.state_hash(state) == stored):
            return None if state is None else (state, fresh)
        if not line[-1][0]:
            return None  # not played after the latest live action before it: no guess
        line.pop()


def same_with_messages(stored: list, fresh: list) -> list | None:
    """`stored` with each message-less event given the `fresh` event's message where both say the same
    (kind and English text); None when nothing changes."""
    if len(stored) != len(fresh):
        return None
    out, changed = [], False
    for old, new in zip(stored, fresh):
        if isinstance(old, dict) and "message" not in old and isinstance(new.get("message"), dict) \
                and old.get("kind") == new.get("kind") and old.get("text") == new.get("text"):
            old, changed = {**old, "message": new["message"]}, True
        out.append(old)
    return out if changed else None
