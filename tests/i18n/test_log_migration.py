"""Events stored before issue 37 (only their English ``text``) gain their message by migration 0010: a replay of
the game's live actions gives each event the message of the event it writes at the same place, only where the
English is the same; both backends (issue 37)."""
from __future__ import annotations

import random

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


def _old_game(db, moves: int = 8):
    """An Asian Tigers game stored as before issue 37: events without messages; its last move undone and one
    event's text worded otherwise than the engine now says it. (the events as the engine writes them now)"""
    engine = default_registry().get("asian_tigers")
    edition = engine.load_edition()
    info = engine.edition_info(edition)
    state, rng, played = engine.new_game({"players": PLAYERS}, edition, 7), random.Random(7), []
    db.conn.execute("INSERT INTO editions (hash, document, created_at) VALUES (?, ?, ?)",
                    (info.content_hash, dumps(info.document), NOW))
    db.conn.execute("INSERT INTO games (id, kind, edition_hash, options, seed, status, version, head_seq, tail_seq, "
                    "live_actions, created_at, updated_at) VALUES ('g', 'asian_tigers', ?, ?, 7, 'active', ?, ?, 0, ?, "
                    "?, ?)", (info.content_hash, dumps({"players": PLAYERS}), moves + 2, moves, moves - 1, NOW, NOW))
    sql, params, _ = snapshot("g", 0, engine.state_to_dict(state), state_hash(engine.state_to_dict(state)), NOW)
    db.conn.execute(sql, params)
    for seq in range(1, moves + 1):
        action = rng.choice(engine.legal_actions(state))
        state, events = engine.apply(state, action)
        played.append(events)
        stored = [{k: v for k, v in e.items() if k != "message"} for e in events]
        if seq == 2:
            stored[0] = {**stored[0], "text": stored[0]["text"] + " (as an older engine said it)"}
        reverted = seq == moves
        db.conn.execute("INSERT INTO actions (game_id, seq, payload, events, state_hash, reverted, reverted_at, "
                        "reverted_version, created_at) VALUES ('g', ?, ?, ?, ?, ?, ?, ?, ?)",
                        (seq, dumps(action), dumps(stored), digest_bytes(state_hash(engine.state_to_dict(state))), int(reverted),
                         NOW if reverted else None, moves + 2 if reverted else None, NOW))
    return played


def _stored(db) -> dict:
    return {seq: loads(events) for seq, events in db.conn.execute("SELECT seq, events FROM actions ORDER BY seq")}


def test_events_stored_before_messages_gain_them_where_the_replay_says_the_same(db_path, monkeypatch):
    db = connect(db_path)
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:9])
    monkeypatch.setattr(pg_schema, "MIGRATIONS", pg_schema.MIGRATIONS[:9])
    migrate(db)
    monkeypatch.undo()
    played = _old_game(db)
    before = _stored(db)
    hashes = db.conn.execute("SELECT seq, state_hash FROM actions ORDER BY seq").fetchall()

    assert migrate(db) == ["0010_event_messages"]
    after = _stored(db)
    for seq, events in after.items():
        assert [{k: v for k, v in e.items() if k != "message"} for e in events] == before[seq]  # text untouched
        for index, event in enumerate(events):
            worded_otherwise = seq == 2 and index == 0
            if seq == len(played) or worded_otherwise:  # reverted, or not the engine's words now: no guess
                assert "message" not in event
            else:
                assert event["message"] == played[seq - 1][index]["message"]
    assert db.conn.execute("SELECT seq, state_hash FROM actions ORDER BY seq").fetchall() == hashes
    edition = default_registry().get("asian_tigers").load_edition()
    german = log_entry({"seq": 1, "events": after[1]}, edition, "de")["lines"]
    assert german != [e["text"] for e in after[1]] and " setzt " in german[0]  # TURN-01, said in German now
    store = Storage(db_path, default_registry())
    try:
        assert verify_game(store.repository(), "g").ok  # the log still replays to its stored hashes
    finally:
        store.close()
    assert migrate(db) == []  # once


def test_the_log_stays_append_only_after_the_migration(db_path):
    db = connect(db_path)
    migrate(db)
    _old_game(db, moves=2)
    try:
        db.conn.execute("UPDATE actions SET events = '[]' WHERE seq = 1")
    except Exception as exc:  # noqa: BLE001 - either driver's integrity error
        assert "append-only" in str(exc)
    else:
        raise AssertionError("the trigger should refuse a rewritten event")
