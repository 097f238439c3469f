"""The calibration component table's value labels in the request's language (issue 37): a position ("#1",
"rank 2" in a rank table), a numbered item ("additional action 1", "rank 2" of a ``ranks`` list) and a player
count ("2 players") are messages, and so are the data file's own keys ("ranks", "additional actions": the words
of api/games/editions/words.py, tests/i18n/test_calibration_words.py); English is what it was."""
from __future__ import annotations

from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)
from tests.web.test_editions import PATCH, new_edition

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


DE, PT = {"Accept-Language": "de"}, {"Accept-Language": "pt"}
RANK = "/prosperity_tokens/PT2/by_player_count/2/ranks/1"
STEP = "/board/management_track/steps/era_1/0"
ACTION = "/tigers/SK/spaces/SK.U1/additional_actions/0"


def _labels(client, edition_id: str, headers: dict) -> dict:
    resp = client.get(f"/api/editions/{edition_id}", headers=headers)
    assert resp.status_code == 200, resp.get_json()
    return {p: label for c in resp.get_json()["components"] for p, label in c["labels"].items()}


def test_value_labels_in_german_and_portuguese(client):
    edition = new_edition(client)["edition_id"]
    english, german, portuguese = (_labels(client, edition, h) for h in ({}, DE, PT))
    assert (english[RANK], english[STEP], english[ACTION]) == (
        "PT2 · 2 players · rank 2", "steps · era 1 · #1", "spaces · SK.U1 · additional action 1")
    assert (german[RANK], german[STEP]) == ("PT2 · 2 Spieler · Rang 2", "Schritte · Ära I · Nr. 1")
    assert (portuguese[RANK], portuguese[STEP]) == ("PT2 · 2 jogadores · posição 2", "passos · era I · n.º 1")
    assert german[ACTION] == "Felder · SK.U1 · Zusatzaktion 1"  # "{item} {n}": the list's singular, the number after
    assert german.keys() == english.keys()


def test_a_diffs_labels_in_german(client):
    plain, corrected = new_edition(client)["edition_id"], new_edition(client, patch=PATCH)["edition_id"]
    resp = client.get(f"/api/editions/{plain}/diff/{corrected}", headers=DE)
    labels = {row["path"]: row["label"] for c in resp.get_json()["components"] for row in c["changes"]}
    assert labels[RANK] == "PT2 · 2 Spieler · Rang 2"
