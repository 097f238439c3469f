"""A move refused over HTTP names the Tigers, nations and goods inside it as the game's edition does in the request's
language (issue 37): "Südkorea Zentrum B …", not the English edition's "South Korea Zentrum B …"."""
from __future__ import annotations

import pytest

from api.games.asian_tigers import load_edition
from api.games.asian_tigers.presentation.labels import component_names
from tests.helpers import bearer
from tests.i18n.test_refusal_words import PLAYERS, english_words

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


def _refused_naming_a_tiger(client):
    """A new game, its headers, and a candidate its "why not" refuses with a Tiger's name in the message."""
    game = client.post("/api/games", json={"game": "asian_tigers", "options": {"players": PLAYERS[:2]},
                                           "seed": 0}).get_json()
    headers = bearer(game["table_token"])
    answer = client.get(f"/api/games/{game['game_id']}/why-not", headers=headers)
    tigers = component_names(load_edition(), "en")["tigers"].values()
    refused = [e for e in answer.get_json()["why_not"] if any(t in e["reason"]["message"] for t in tigers)]
    assert refused, "no refused candidate names a Tiger"
    return game, {**headers, "If-Match": answer.headers["ETag"]}, refused[0]


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_a_refused_move_names_its_tiger_in_the_language(client, lang):  # PLACE-05 and the other placement rules
    game, headers, entry = _refused_naming_a_tiger(client)
    url = f"/api/games/{game['game_id']}"
    for path, body in (("actions", {"action": entry["action"]}), ("batch", {"actions": [entry["action"]]})):
        resp = client.post(f"{url}/{path}", json=body,
                           headers={**headers, "Accept-Language": lang, "Idempotency-Key": f"{lang}-{path}"})
        problem = resp.get_json()
        assert resp.status_code == 422 and resp.headers["Content-Language"] == lang, problem
        assert problem["code"] == entry["reason"]["code"] and problem["rule"] == entry["reason"]["rule"]
        said = component_names(load_edition(), lang)["tigers"].values()
        assert any(tiger in problem["detail"] for tiger in said), problem["detail"]
        assert problem["engine"]["message"] == problem["detail"]
        assert not english_words(load_edition(), lang).search(problem["detail"]), problem["detail"]
    english = client.post(f"{url}/actions", json={"action": entry["action"]},
                          headers={**headers, "Idempotency-Key": "en"}).get_json()
    assert english["detail"] == entry["reason"]["message"]  # English: the engine's own words, as before
    after = client.get(url, headers=bearer(game["table_token"])).get_json()
    assert f'"{after["version"]}"' == headers["If-Match"]  # nothing stored
