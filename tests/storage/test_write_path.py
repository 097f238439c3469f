"""The write path does each piece of work once: statements under the lock, hashing, cache use."""
from __future__ import annotations

import pytest

from api.storage import engines as engines_module
from api.storage.engines import state_hash
from api.storage.errors import VersionConflict
from api.storage.jsonio import digest_hex
from api.storage.repository import SNAPSHOT_BLOCK
from tests.storage.conftest import PLAYERS, TAKE1, idem, render, toy_edition


def _statements(repo, action):
    seen: list[str] = []
    repo.db.conn.set_trace_callback(seen.append)
    try:
        action()
    finally:
        repo.db.conn.set_trace_callback(None)
    return [s.split()[0].upper() for s in seen]


def test_a_move_at_the_cached_version_is_six_statements_and_reads_no_state(repo, monkeypatch, sqlite_only):
    gid = repo.create_game("toy", PLAYERS, 5, toy_edition(repo, 500)).game.record.id
    first = _statements(repo, lambda: repo.apply_actions(gid, [TAKE1], {"1"}, idem("k0", "h"), render))
    assert first[-3:] == ["BEGIN", "DELETE", "COMMIT"]  # the worker's first write also prunes old records
    record = repo.record(gid)
    loads = []
    engine = repo.engine("toy")
    original = engine.state_from_dict
    monkeypatch.setattr(engine, "state_from_dict", lambda d, e: loads.append(1) or original(d, e))
    seen = _statements(repo, lambda: repo.apply_actions(gid, [TAKE1], {"2"}, idem("k1", "h"), render,
                                                         known=record))
    assert seen == ["BEGIN", "SELECT", "INSERT", "UPDATE", "INSERT", "COMMIT"], seen
    assert loads == []  # the state came from the worker's cache, not from a snapshot


def test_the_state_is_hashed_once_per_move_and_a_snapshot_written_only_when_due(repo, monkeypatch):
    gid = repo.create_game("toy", PLAYERS, 5, toy_edition(repo, 500)).game.record.id
    hashes = []
    original = engines_module.state_hash
    # A move hashes through its engine (`ModuleEngine.state_hash`; the toy engine from its data).
    monkeypatch.setattr("api.storage.engines.state_hash", lambda sd: hashes.append(1) or original(sd))
    for version in range(1, SNAPSHOT_BLOCK + 2):
        repo.apply_actions(gid, [TAKE1], {str(version)}, None, render)
    assert len(hashes) == SNAPSHOT_BLOCK + 1
    seqs = [s for (s,) in repo.db.conn.execute("SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq", (gid,))]
    assert seqs == [0, SNAPSHOT_BLOCK]


def _two_workers(storage):
    """A second repository on the same database with its own state cache (another gunicorn worker)."""
    from api.storage.cache import StateCache
    from api.storage.repository import GameRepository

    return GameRepository(storage.repository().db, storage.engines, StateCache())


def test_a_worker_behind_catches_up_in_one_statement_and_keeps_the_stored_state(repo, storage, sqlite_only):
    gid = repo.create_game("toy", PLAYERS, 5, toy_edition(repo, 500)).game.record.id
    other = _two_workers(storage)
    other.apply_actions(gid, [TAKE1], {"1"}, idem("o1", "h"), render, known=other.record(gid))  # other has v2
    for version in (2, 3):  # this worker plays two moves the other does not see
        repo.apply_actions(gid, [TAKE1], {str(version)}, idem(f"m{version}", "h"), render, known=repo.record(gid))
    known = other.record(gid)
    seen = _statements(other, lambda: other.apply_actions(gid, [TAKE1], {"4"}, idem("o2", "h"), render,
                                                           known=known))
    # One SELECT of the missed actions (no read transaction, no second read of the game), then the write.
    assert seen == ["SELECT", "BEGIN", "SELECT", "INSERT", "UPDATE", "INSERT", "COMMIT"], seen
    assert other.states.catch_ups == 1
    cached = other.states.get(gid)
    stored = other.db.conn.execute("SELECT state_hash FROM actions WHERE game_id = ? AND seq = 4", (gid,)).fetchone()
    assert cached.version == 5 and state_hash(other.engine("toy").state_to_dict(cached.state)) == digest_hex(stored[0])


def test_a_catch_up_past_an_undo_made_after_the_record_was_read_is_never_cached(repo, storage):
    gid = repo.create_game("toy", PLAYERS, 5, toy_edition(repo, 500)).game.record.id
    other = _two_workers(storage)
    other.load(gid)  # the other worker has the game at version 1
    for version in (1, 2, 3):
        repo.apply_actions(gid, [TAKE1], {str(version)}, None, render)
    known = other.record(gid)  # version 4, tail 3: read by the request...
    repo.undo(gid, 1, {"4"}, None, render)  # ...and before its move, this worker undoes seq 3
    with pytest.raises(VersionConflict):
        other.apply_actions(gid, [TAKE1], {"4"}, idem("late", "h"), render, known=known)
    cached = other.states.get(gid)
    assert cached.version == 5 and cached.tail_seq == 2 and cached.state.pile == 498  # the undone state, not 497
    assert other.load(gid).state == repo.load(gid).state
