"""Events stored before issue 37 (only their English ``text``) gain their message by migrations 0010/0011: a
replay of the game's actions gives each event the message of the event it writes at the same place, only where
the English is the same; a reverted (taken-back) action is replayed on the state it was played on; both backends
(issue 37)."""
from __future__ import annotations

import random

import pytest

from api.storage import Storage, migrations, pg_schema
from api.storage.db import connect
from api.storage.engines import default_registry, state_hash
from api.storage.jsonio import digest_bytes, dumps, loads
from api.storage.migrations import migrate
from api.storage.statements import snapshot
from api.storage.verify import verify_game
from api.web.views import log_entry

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]
NOW = "2026-01-01T00:00:00.000+00:00"


def _old_game(db, plan: str = "mmmmmmmu", unknown_hash: int | None = None):
    """An Asian Tigers game stored as before issue 37 (events without messages), played by `plan`: ``m`` a random
    legal move, ``u`` an undo of the latest live one; one event (seq 2) is worded otherwise than the engine now
    says it; `unknown_hash`: the seq stored with a state hash no replay gives.  Returns the events each action's replay writes now (with messages), by seq."""
    engine = default_registry().get("asian_tigers")
    edition = engine.load_edition()
    info = engine.edition_info(edition)
    state, rng, played = engine.new_game({"players": PLAYERS}, edition, 7), random.Random(7), {}
    db.conn.execute("INSERT INTO editions (hash, document, created_at) VALUES (?, ?, ?)",
                    (info.content_hash, dumps(info.document), NOW))
    db.conn.execute("INSERT INTO games (id, kind, edition_hash, options, seed, status, version, head_seq, tail_seq, "
                    "live_actions, created_at, updated_at) VALUES ('g', 'asian_tigers', ?, ?, 7, 'active', 1, 0, 0, 0, "
                    "?, ?)", (info.content_hash, dumps({"players": PLAYERS}), NOW, NOW))
    sql, params, _ = snapshot("g", 0, engine.state_to_dict(state), state_hash(engine.state_to_dict(state)), NOW)
    db.conn.execute(sql, params)
    rows, live, version = [], [(None, state)], 1  # live: (its row, the state after it), the start first
    for step in plan:
        version += 1
        if step == "u":
            live.pop()[0]["reverted_version"] = version
            continue
        action = rng.choice(engine.legal_actions(live[-1][1]))
        state, events = engine.apply(live[-1][1], action)
        seq = len(rows) + 1
        played[seq] = events
        stored = [{k: v for k, v in e.items() if k != "message"} for e in events]
        if seq == 2:
            stored[0] = {**stored[0], "text": stored[0]["text"] + " (as an older engine said it)"}
        rows.append({"seq": seq, "action": action, "events": stored, "hash": state_hash(engine.state_to_dict(state)),
                     "reverted_version": None})
        live.append((rows[-1], state))
    for row in rows:
        reverted = row["reverted_version"] is not None
        db.conn.execute("INSERT INTO actions (game_id, seq, payload, events, state_hash, reverted, reverted_at, "
                        "reverted_version, created_at) VALUES ('g', ?, ?, ?, ?, ?, ?, ?, ?)",
                        (row["seq"], dumps(row["action"]), dumps(row["events"]),
                         digest_bytes("0" * 64 if row["seq"] == unknown_hash else row["hash"]),
                         int(reverted), NOW if reverted else None, row["reverted_version"], NOW))
    db.conn.execute("UPDATE games SET version = ?, head_seq = ?, tail_seq = ?, live_actions = ? WHERE id = 'g'",
                    (version, len(rows), live[-1][0]["seq"], len(live) - 1))
    return played


def _stored(db) -> dict:
    return {seq: loads(events) for seq, events in db.conn.execute("SELECT seq, events FROM actions ORDER BY seq")}


@pytest.mark.parametrize("first", [9, 10])  # a database before 0010, and one that applied 0010 (live ones only)
def test_events_stored_before_messages_gain_them_where_the_replay_says_the_same(db_path, monkeypatch, first):
    db = connect(db_path)
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:first])
    monkeypatch.setattr(pg_schema, "MIGRATIONS", pg_schema.MIGRATIONS[:first])
    migrate(db)
    monkeypatch.undo()
    # Moves 7 and 8 taken back, 9 played on 6; 10 taken back; 11 played on 9 and taken back (an undo).
    played = _old_game(db, "mmmmmmmmuummumu")
    before = _stored(db)
    hashes = db.conn.execute("SELECT seq, state_hash FROM actions ORDER BY seq").fetchall()
    reverted = {seq for (seq,) in db.conn.execute("SELECT seq FROM actions WHERE reverted = 1")}
    assert reverted == {7, 8, 10, 11}

    assert migrate(db) == ["0010_event_messages", "0011_reverted_event_messages"][first - 9:]
    after = _stored(db)
    for seq, events in after.items():
        assert [{k: v for k, v in e.items() if k != "message"} for e in events] == before[seq]  # text untouched
        for index, event in enumerate(events):
            if seq == 2 and index == 0:  # not the engine's words now: no guess
                assert "message" not in event
            else:  # live or taken back, each said as the replay on the state it was played on says it
                assert event["message"] == played[seq][index]["message"], (seq, index)
    assert db.conn.execute("SELECT seq, state_hash FROM actions ORDER BY seq").fetchall() == hashes
    edition = default_registry().get("asian_tigers").load_edition()
    german = log_entry({"seq": 1, "events": after[1]}, edition, "de")["lines"]
    assert german != [e["text"] for e in after[1]] and " setzt " in german[0]  # TURN-01, said in German now
    said = [(log_entry({"seq": seq, "events": after[seq]}, edition, "de")["lines"], [e["text"] for e in after[seq]])
            for seq in sorted(reverted) if after[seq]]  # (a move may write no line)
    assert said and all(german != english for german, english in said)  # a taken-back move in German too
    store = Storage(db_path, default_registry())
    try:
        assert verify_game(store.repository(), "g").ok  # the log still replays to its stored hashes
    finally:
        store.close()
    assert migrate(db) == []  # once


def test_a_reverted_move_the_replay_cannot_place_keeps_its_english(db_path, monkeypatch):
    db = connect(db_path)
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:10])
    monkeypatch.setattr(pg_schema, "MIGRATIONS", pg_schema.MIGRATIONS[:10])
    migrate(db)
    monkeypatch.undo()
    # The taken-back move's stored state hash names no state the earlier actions lead to: where it was played
    # is unknown (an undo).
    _old_game(db, "mmmmmu", unknown_hash=5)
    assert migrate(db) == ["0011_reverted_event_messages"]
    assert all("message" not in e for e in _stored(db)[5])
    assert all("message" in e for e in _stored(db)[4])


def test_the_log_stays_append_only_after_the_migration(db_path):
    db = connect(db_path)
    migrate(db)
    _old_game(db, "mm")
    try:
        db.conn.execute("UPDATE actions SET events = '[]' WHERE seq = 1")
    except Exception as exc:  # noqa: BLE001 - either driver's integrity error
        assert "append-only" in str(exc)
    else:
        raise AssertionError("the trigger should refuse a rewritten event")
