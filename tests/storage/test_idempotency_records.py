"""Idempotency records keep the answer as sent (zlib-compressed, one format) and expire after the retention."""
from __future__ import annotations

import zlib
from datetime import datetime, timedelta, timezone

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.storage import idempotency
from api.storage.engines import RulesViolation
from api.storage.errors import NothingToUndo
from tests.helpers import create, write_headers
from tests.storage.conftest import PLAYERS, TAKE1, idem, render, toy_edition

ACTION = {"action": {"kind": "take", "amount": 1}}


def _new(repo):
    return repo.create_game("toy", PLAYERS, 5, toy_edition(repo, 50)).game.record.id


def test_a_record_keeps_the_answer_as_sent_and_a_replay_answers_the_same_bytes(repo):
    gid = _new(repo)
    first = repo.apply_actions(gid, [TAKE1, TAKE1], {"1"}, idem("k", "h"), render, full=True)
    stored, version = repo.db.conn.execute("SELECT response, etag FROM idempotency WHERE key = 'k'").fetchone()
    assert zlib.decompress(bytes(stored)) == first.encoded and version == "2"
    again = repo.apply_actions(gid, [TAKE1, TAKE1], {"1"}, idem("k", "h"), render)
    assert again.replayed and again.encoded == first.encoded and again.body == first.body
    assert again.version == 2 and repo.record(gid).live_actions == 2
    undo = repo.undo(gid, 1, {"2"}, idem("u", "h"), render)
    assert repo.undo(gid, 1, {"1"}, idem("u", "h"), render).encoded == undo.encoded


def test_records_older_than_the_retention_are_pruned_and_newer_ones_kept(repo):
    gid = _new(repo)
    for i in range(3):
        repo.apply_actions(gid, [TAKE1], {str(i + 1)}, idem(f"k{i}", "h"), render)
    old = (datetime.now(timezone.utc) - timedelta(hours=25)).isoformat(timespec="milliseconds")
    repo.db.conn.execute("UPDATE idempotency SET created_at = ? WHERE key IN ('k0', 'k1')", (old,))
    assert repo.prune_idempotency(idempotency.Retention(24).cutoff()) == 2
    assert [k for (k,) in repo.db.conn.execute("SELECT key FROM idempotency")] == ["k2"]
    # The moves themselves stay: only the memory of their keys went.
    assert repo.record(gid).live_actions == 3


def test_a_write_prunes_once_its_interval_has_passed(storage):
    storage.retention = idempotency.Retention(hours=1, interval_s=3600)
    repo = storage.repository()
    gid = _new(repo)
    repo.apply_actions(gid, [TAKE1], {"1"}, idem("a", "h"), render)  # first write: prunes (nothing yet)
    long_ago = (datetime.now(timezone.utc) - timedelta(hours=2)).isoformat(timespec="milliseconds")
    repo.db.conn.execute("UPDATE idempotency SET created_at = ?", (long_ago,))
    repo.apply_actions(gid, [TAKE1], {"2"}, idem("b", "h"), render)  # within the interval: no pruning
    assert repo.db.conn.execute("SELECT COUNT(*) FROM idempotency").fetchone()[0] == 2
    storage.retention._next.clear()  # the interval has passed
    repo.apply_actions(gid, [TAKE1], {"3"}, idem("c", "h"), render)
    assert sorted(k for (k,) in repo.db.conn.execute("SELECT key FROM idempotency")) == ["b", "c"]


def test_retention_is_configured_by_environment(make_app, monkeypatch):
    monkeypatch.setenv("TABLEKEEPER_IDEMPOTENCY_RETENTION_HOURS", "2.5")
    assert make_app().extensions["tablekeeper"].retention.seconds == 2.5 * 3600


def test_an_http_replay_answers_the_identical_bytes_the_record_keeps(app):
    client = app.test_client()
    game = create(client)
    headers = write_headers(game, 1, key="move-1")
    first = client.post(f"{game.url}/actions", json=ACTION, headers=headers)
    second = client.post(f"{game.url}/actions", json=ACTION, headers=headers)
    assert first.status_code == second.status_code == 200 and second.headers["Idempotent-Replayed"] == "true"
    assert first.data == second.data
    repo = app.extensions["tablekeeper"].repository()
    (stored,) = repo.db.conn.execute("SELECT response FROM idempotency").fetchone()
    assert zlib.decompress(bytes(stored)) == first.data and len(bytes(stored)) < len(first.data)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(st.one_of(st.tuples(st.just("take"), st.lists(st.integers(1, 3), min_size=1, max_size=3)),
                              st.tuples(st.just("undo"), st.integers(1, 4))), min_size=1, max_size=20))
def test_every_answer_is_replayed_exactly_after_any_mix_of_moves_batches_and_undos(repo, ops):
    """Model check: a retry of any earlier write, after any later ones, answers its first bytes."""
    gid = repo.create_game("toy", PLAYERS, 3, toy_edition(repo, 60)).game.record.id
    firsts, version = [], 1
    for i, (kind, arg) in enumerate(ops):
        key = idem(f"k{i}", f"{kind}{arg}")
        try:
            if kind == "take":
                out = repo.apply_actions(gid, [{"kind": "take", "amount": a} for a in arg], {str(version)}, key,
                                         render, full=i % 2 == 0)
            else:
                out = repo.undo(gid, arg, {str(version)}, key, render)
        except (RulesViolation, NothingToUndo):
            continue
        version = out.version
        firsts.append((kind, arg, key, out))
    for kind, arg, key, first in firsts:
        if kind == "take":
            again = repo.apply_actions(gid, [{"kind": "take", "amount": a} for a in arg], {"1"}, key, render)
        else:
            again = repo.undo(gid, arg, {"1"}, key, render)
        assert again.replayed and again.encoded == first.encoded
