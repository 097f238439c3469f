"""The write path does each piece of work once: statements under the lock, hashing, cache use."""
from __future__ import annotations

from api.storage import engines as engines_module
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
    monkeypatch.setattr("api.storage.repository.state_hash", lambda sd: hashes.append(1) or original(sd))
    for version in range(1, SNAPSHOT_BLOCK + 2):
        repo.apply_actions(gid, [TAKE1], {str(version)}, None, render)
    assert len(hashes) == SNAPSHOT_BLOCK + 1
    seqs = [s for (s,) in repo.db.conn.execute("SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq", (gid,))]
    assert seqs == [0, SNAPSHOT_BLOCK]
