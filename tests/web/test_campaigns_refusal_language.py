"""A campaign's refused settings and a session's refused replayed move in the request's language (issue 37): the
refusal names the Tigers as the edition does in that language ("Südkorea", not "South Korea"), as a new game's
refusal does; English as before; nothing stored."""
from __future__ import annotations

import pytest

from api.games.asian_tigers import load_edition
from api.games.asian_tigers.presentation.labels import component_names
from tests.helpers import bearer
from tests.i18n.test_refusal_words import english_words

PLAYER = {"name": "Ann", "color": "red"}


def _campaign(client) -> dict:
    resp = client.post("/api/campaigns", json={"player": PLAYER, "difficulty": 2, "tiles": ["CT1", "CT4"]})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def _refused_naming_a_tiger(client, camp: dict, lang: str) -> tuple[dict, dict, str, str]:
    """The first session (seed 5, tile CT1), a candidate move its "why not" refuses naming a Tiger whose name in
    `lang` is not its English one, and that Tiger's two names."""
    resp = client.post(f"/api/campaigns/{camp['campaign_id']}/games", json={"seed": 5, "tile": "CT1"},
                       headers=bearer(camp["campaign_token"]))
    assert resp.status_code == 201, resp.get_json()
    session = resp.get_json()
    why = client.get(f"/api/games/{session['game_id']}/why-not", headers=bearer(session["table_token"])).get_json()
    english, said = (component_names(load_edition(), code)["tigers"] for code in ("en", lang))
    named = [(e, english[t], said[t]) for e in why["why_not"] for t in english
             if english[t] != said[t] and english[t] in e["reason"]["message"]]
    assert named, "no refused candidate names a Tiger whose name differs"
    return session, *named[0]


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_a_sessions_refused_replayed_move_names_its_tiger_in_the_language(client, lang):
    # CAMPAIGN-02: a session played offline is replayed by the server; PLACE-05 and the other placement rules
    camp = _campaign(client)
    session, entry, english_name, name = _refused_naming_a_tiger(client, camp, lang)
    url = f"/api/campaigns/{camp['campaign_id']}/games"
    body = {"seed": 5, "tile": "CT1", "restart": True, "actions": [entry["action"]]}
    resp = client.post(url, json=body, headers={**bearer(camp["campaign_token"]), "Accept-Language": lang})
    problem = resp.get_json()
    assert resp.status_code == 422 and resp.headers["Content-Language"] == lang, problem
    assert problem["code"] == entry["reason"]["code"] and problem["rule"] == entry["reason"]["rule"]
    assert name in problem["detail"] and english_name not in problem["detail"], problem["detail"]
    assert not english_words(load_edition(), lang).search(problem["detail"]), problem["detail"]
    english = client.post(url, json=body, headers=bearer(camp["campaign_token"])).get_json()
    assert english["detail"] == entry["reason"]["message"]  # English: the engine's own words, as before
    after = client.get(f"/api/campaigns/{camp['campaign_id']}", headers=bearer(camp["campaign_token"])).get_json()
    assert [g["game_id"] for g in after["games"]] == [session["game_id"]]  # nothing stored: the first session stands


def test_a_refused_automa_colour_reads_in_german(client):
    # SOLO-SETUP-01: the Automa takes a colour the human has not chosen
    for color, code in (("red", "duplicate_color"), ("purple", "unknown_color")):
        resp = client.post("/api/campaigns", json={"player": PLAYER, "difficulty": 2, "tiles": ["CT1", "CT4"],
                                                   "automa_color": color}, headers={"Accept-Language": "de"})
        problem = resp.get_json()
        assert resp.status_code == 422 and problem["code"] == code and resp.headers["Content-Language"] == "de"
        assert not english_words(load_edition(), "de").search(problem["detail"]), problem["detail"]
        assert problem["engine"]["message"] == problem["detail"]
