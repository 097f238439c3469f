"""GameRepository: writes, snapshots, undo, idempotency, export/import, verification."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.storage.engines import RulesViolation, state_hash
from api.storage.errors import (
    GameNotFound,
    IdempotencyConflict,
    NothingToUndo,
    PreconditionRequired,
    ReplayDiverged,
    VersionConflict,
)
from api.storage.repository import SNAPSHOT_BLOCK
from api.storage.snapshots import decode_state, encode_state
from api.storage.verify import verify_all, verify_game
from tests.storage.conftest import PLAYERS, TAKE1, idem, render, toy_edition


def _new(repo, pile=21, seed=5):
    return repo.create_game("toy", PLAYERS, seed, toy_edition(repo, pile)).game.record.id


def _play(repo, gid, n, start_version=1):
    for i in range(n):
        repo.apply_actions(gid, [TAKE1], {str(start_version + i)}, None, render)
    return start_version + n


def test_create_and_load(repo):
    gid = _new(repo)
    game = repo.load(gid)
    assert game.record.version == 1 and game.record.tail_seq == 0 and game.state.pile == 21
    with pytest.raises(GameNotFound):
        repo.load("missing")


def test_write_preconditions(repo):
    gid = _new(repo)
    with pytest.raises(PreconditionRequired):
        repo.apply_actions(gid, [TAKE1], None, None, render)
    with pytest.raises(VersionConflict) as info:
        repo.apply_actions(gid, [TAKE1], {"9"}, None, render)
    assert info.value.current_version == 1
    assert repo.load(gid).record.version == 1


def test_batch_is_atomic(repo):
    gid = _new(repo)
    with pytest.raises(RulesViolation) as info:
        repo.apply_actions(gid, [TAKE1, {"kind": "take", "amount": 9}], {"1"}, idem("k", "h"), render)
    assert info.value.index == 1
    record = repo.record(gid)
    assert (record.version, record.head_seq, record.live_actions) == (1, 0, 0)
    assert repo.log(gid) == []
    assert repo.db.conn.execute("SELECT COUNT(*) FROM idempotency").fetchone()[0] == 0


def test_idempotency(repo):
    gid = _new(repo)
    first = repo.apply_actions(gid, [TAKE1], {"1"}, idem("k", "h1"), render)
    again = repo.apply_actions(gid, [TAKE1], {"1"}, idem("k", "h1"), render)
    assert again.replayed and again.body == first.body and again.version == 2
    with pytest.raises(IdempotencyConflict):
        repo.apply_actions(gid, [TAKE1], {"2"}, idem("k", "h2"), render)
    assert repo.record(gid).live_actions == 1


def test_reads_hit_the_worker_cache_and_a_cold_read_replays_at_most_a_block(repo, storage, monkeypatch):
    gid = _new(repo, pile=500)
    _play(repo, gid, 3 * SNAPSHOT_BLOCK + 7)
    engine = repo.engine("toy")
    calls = []
    original = engine.apply
    monkeypatch.setattr(engine, "apply", lambda s, a: calls.append(1) or original(s, a))
    game = repo.load(gid)
    assert calls == [] and game.state.pile == 500 - (3 * SNAPSHOT_BLOCK + 7)  # the cached state, no replay
    seqs = [r[0] for r in repo.db.conn.execute("SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq", (gid,))]
    assert seqs == [0, SNAPSHOT_BLOCK, 2 * SNAPSHOT_BLOCK, 3 * SNAPSHOT_BLOCK]  # one per block, none per move
    storage.states.clear()  # another worker, or a restart: nothing cached
    cold = repo.load(gid)
    assert len(calls) == 7 and cold.state == game.state
    calls.clear()
    repo.undo(gid, 4, {str(repo.record(gid).version)}, None, render)
    assert len(calls) <= 3  # rebuilt from the nearest kept snapshot


def test_a_worker_a_few_versions_behind_catches_up_by_the_missed_moves(repo, storage, monkeypatch):
    gid = _new(repo, pile=100)
    _play(repo, gid, 3)
    behind = storage.states.get(gid)
    _play(repo, gid, 2, start_version=4)
    storage.states.clear()
    storage.states.put(gid, behind.version, behind.tail_seq, behind.state)  # as the other worker saw it
    engine = repo.engine("toy")
    calls = []
    original = engine.apply
    monkeypatch.setattr(engine, "apply", lambda s, a: calls.append(1) or original(s, a))
    assert repo.load(gid).state.pile == 95 and len(calls) == 2
    # After an undo below the cached seq, the cached state is no prefix any more: rebuilt, not caught up.
    repo.undo(gid, 3, {"6"}, None, render)
    storage.states.clear()
    storage.states.put(gid, behind.version, behind.tail_seq, behind.state)
    calls.clear()
    assert repo.load(gid).state.pile == 98 and len(calls) == 2  # from the snapshot at seq 0


def test_undo_keeps_history_and_rebuilds(repo):
    gid = _new(repo)
    version = _play(repo, gid, 5)
    out = repo.undo(gid, 2, {str(version)}, None, render)
    assert out.body["undone"] == [4, 5]
    log = repo.log(gid)
    assert [(e["seq"], e["reverted"]) for e in log] == [(1, False), (2, False), (3, False), (4, True), (5, True)]
    assert repo.load(gid).state.pile == 18
    with pytest.raises(NothingToUndo):
        repo.undo(gid, 4, {str(version + 1)}, None, render)
    out = repo.apply_actions(gid, [TAKE1], {str(version + 1)}, None, render)
    assert out.body["seqs"] == [6]
    assert all(v.ok for v in verify_all(repo))


def test_export_import_round_trip(repo):
    gid = _new(repo)
    _play(repo, gid, 4)
    doc = repo.export(gid)
    engine = repo.engine("toy")
    created = repo.create_game("toy", doc["options"], doc["seed"], engine.load_edition(doc["edition"]),
                               actions=doc["actions"], expected_state_hash=doc["state_hash"])
    assert repo.export(created.game.record.id)["state_hash"] == doc["state_hash"]
    with pytest.raises(ReplayDiverged):
        repo.create_game("toy", doc["options"], doc["seed"] + 1, engine.load_edition(doc["edition"]),
                         actions=doc["actions"], expected_state_hash=doc["state_hash"])


def test_verify_detects_a_tampered_snapshot(repo):
    gid = _new(repo, pile=100)
    _play(repo, gid, SNAPSHOT_BLOCK + 3)
    assert verify_game(repo, gid).ok
    state = decode_state(repo.db.conn.execute(
        "SELECT state FROM snapshots WHERE game_id = ? AND seq = ?", (gid, SNAPSHOT_BLOCK)).fetchone()[0])
    state["pile"] = 99
    repo.db.conn.execute("UPDATE snapshots SET state = ?, state_hash = ? WHERE game_id = ? AND seq = ?",
                         (encode_state(state), state_hash(state), gid, SNAPSHOT_BLOCK))
    verdict = verify_game(repo, gid)
    assert not verdict.ok and f"snapshot at seq {SNAPSHOT_BLOCK}" in verdict.problems[0]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(st.one_of(st.tuples(st.just("take"), st.lists(st.integers(1, 4), min_size=1, max_size=3)),
                              st.tuples(st.just("undo"), st.integers(1, 4))), max_size=40))
def test_state_always_equals_replay_of_live_actions(repo, ops):
    """Model check: after any mix of moves, batches, illegal moves and undos the
    stored state is exactly the replay of the live actions."""
    gid = _new(repo, pile=60, seed=9)
    engine = repo.engine("toy")
    edition = toy_edition(repo, 60)
    live: list[dict] = []
    for kind, arg in ops:
        version = {str(repo.record(gid).version)}
        try:
            if kind == "take":
                actions = [{"kind": "take", "amount": a} for a in arg]
                repo.apply_actions(gid, actions, version, None, render)
                live.extend(actions)
            else:
                repo.undo(gid, arg, version, None, render)
                del live[len(live) - arg:]
        except (RulesViolation, NothingToUndo):
            pass
        expected = engine.replay(PLAYERS, edition, 9, live)
        assert engine.state_to_dict(repo.load(gid).state) == engine.state_to_dict(expected)
        assert repo.record(gid).live_actions == len(live)
    assert verify_game(repo, gid).ok


def test_stored_documents_keep_their_key_order(repo):
    engine = repo.engine("toy")
    document = {"pile": 30, "max_take": 3, "schema_version": "1.0", "edition": {"id": "order"},
                "provenance": {"/pile": "placeholder", "/max_take": "rulebook"}}
    gid = repo.create_game("toy", PLAYERS, 1, engine.load_edition(document)).game.record.id
    stored = json.loads(repo.db.conn.execute("SELECT document FROM editions").fetchone()[0])
    assert list(stored) == list(document) and list(stored["provenance"]) == list(document["provenance"])
    assert list(repo.export(gid)["edition"]) == list(document)
