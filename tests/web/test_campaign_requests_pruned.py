"""Remembered campaign answers (``campaign_requests``, one per Idempotency-Key) expire after the same
retention as the games' idempotency records, pruned after a write at most once per interval (SQLite and
PostgreSQL)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from api.storage import idempotency
from api.storage.campaigns import CampaignRepository
from api.storage.engines import ModuleEngine
from tests.helpers import bearer

pytestmark = pytest.mark.skipif(not ModuleEngine("asian_tigers", "api.games.asian_tigers").available(),
                                reason="api.games.asian_tigers is not importable")


def _campaign(client) -> dict:
    resp = client.post("/api/campaigns", json={"player": {"name": "Ann", "color": "red"}, "difficulty": 1,
                                               "tiles": ["CT1", "CT4"]})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def _start(client, camp: dict, key: str) -> None:
    resp = client.post(f"/api/campaigns/{camp['campaign_id']}/games", json={"seed": 5, "restart": True},
                       headers={**bearer(camp["campaign_token"]), "Idempotency-Key": key})
    assert resp.status_code == 201, resp.get_json()


def _keys(cr: CampaignRepository) -> list[str]:
    return sorted(k for (k,) in cr.db.conn.execute("SELECT key FROM campaign_requests"))


def _age(cr: CampaignRepository, keys: tuple[str, ...], hours: float) -> None:
    old = (datetime.now(timezone.utc) - timedelta(hours=hours)).isoformat(timespec="milliseconds")
    marks = ", ".join("?" for _ in keys)
    cr.db.conn.execute(f"UPDATE campaign_requests SET created_at = ? WHERE key IN ({marks})", (old, *keys))


def _repository(app) -> CampaignRepository:
    games = app.extensions["tablekeeper"].repository()
    return CampaignRepository(games.db, games)


def test_campaign_requests_older_than_the_retention_are_pruned_and_newer_ones_kept(app):
    client = app.test_client()
    camp = _campaign(client)
    for key in ("k0", "k1", "k2"):
        _start(client, camp, key)
    cr = _repository(app)
    _age(cr, ("k0", "k1"), 25)
    assert cr.prune_requests(idempotency.Retention(24).cutoff()) == 2
    assert _keys(cr) == ["k2"]
    # The sessions themselves stay: only the memory of their keys went.
    assert len(cr.session_games(camp["campaign_id"])) == 3


def test_a_campaign_write_prunes_once_its_interval_has_passed(app):
    storage = app.extensions["tablekeeper"]
    storage.retention = idempotency.Retention(hours=1, interval_s=3600)
    client = app.test_client()
    camp = _campaign(client)
    _start(client, camp, "a")  # the first write that remembers a key prunes (nothing yet), starting the interval
    cr = _repository(app)
    _age(cr, ("a",), 2)
    _start(client, camp, "b")  # within the interval: nothing pruned
    assert _keys(cr) == ["a", "b"]
    cr.retention._next["campaign_requests"] = 0.0  # the interval has passed (the campaign clock, not the games' one)
    assert storage.retention.due()  # ... and the games' clock was never used up by campaign writes
    _start(client, camp, "c")
    assert _keys(cr) == ["b", "c"]


def test_the_key_that_created_a_campaign_outlives_the_retention(app):
    # A phone re-sending a campaign it started offline, however late, must not make a second one.
    client = app.test_client()
    settings = {"player": {"name": "Ann", "color": "red"}, "difficulty": 1, "tiles": ["CT1", "CT4"]}
    first = client.post("/api/campaigns", json=settings, headers={"Idempotency-Key": "camp-late"})
    assert first.status_code == 201
    camp = first.get_json()
    _start(client, camp, "s1")
    cr = _repository(app)
    old = (datetime.now(timezone.utc) - timedelta(days=9)).isoformat(timespec="milliseconds")
    cr.db.conn.execute("UPDATE campaign_requests SET created_at = ?", (old,))
    cr.prune_requests(idempotency.Retention(24).cutoff())
    assert _keys(cr) == ["create:camp-late"]
    again = client.post("/api/campaigns", json=settings, headers={"Idempotency-Key": "camp-late"})
    assert again.status_code == 201 and again.get_json()["campaign_id"] == camp["campaign_id"]
