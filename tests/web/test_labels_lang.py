"""GET /api/games/{id}/labels follows Accept-Language (issue 37): the edition's names in that language."""
from __future__ import annotations

from api.web.games import LABELS_FORMAT
from tests.helpers import bearer
from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)

# HTTP answers and wording: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


def test_labels_come_in_the_requested_language_and_english_is_unchanged(client, game):
    gid, token = game["game_id"], game["spectator_token"]
    english = client.get(f"/api/games/{gid}/labels", headers=bearer(token))
    german = client.get(f"/api/games/{gid}/labels", headers={**bearer(token), "Accept-Language": "de-AT,de;q=0.9"})
    assert german.status_code == 200 and german.headers["Content-Language"] == "de"
    assert "Accept-Language" in german.headers["Vary"]
    labels = german.get_json()["labels"]
    assert labels["tigers"]["SK"]["label"] == "Südkorea"
    assert labels["goods"]["Electronics"]["label"] == "Elektronik"
    assert labels["buildings"]["laboratory"]["label"] == "Labor"
    assert labels["spaces"]["SK.F2"]["label"] == "Südkorea · Fabrik · Spalte B · Elektronik"
    # each language is its own document: its own ETag, and the English one is as it was
    hash_ = english.get_json()["edition_hash"]
    assert english.headers["ETag"] == f'"{hash_}.{LABELS_FORMAT}"'
    assert german.headers["ETag"] == f'"{hash_}.{LABELS_FORMAT}.de"'
    assert english.get_json()["labels"]["tigers"]["SK"]["label"] == "South Korea"
    stale = client.get(f"/api/games/{gid}/labels", headers={**bearer(token), "Accept-Language": "pt",
                                                            "If-None-Match": english.headers["ETag"]})
    assert stale.status_code == 200 and stale.get_json()["labels"]["tigers"]["SK"]["label"] == "Coreia do Sul"
