"""The phone's engine sends a refused move's message, its Tigers, nations and goods named in the phone's language
(issue 37): the phone says it offline as the server says a refused move (tests/i18n/test_refusal_http.py)."""
from __future__ import annotations

import json

import pytest

from api.games.asian_tigers.presentation.labels import component_names
from api.games.messages import render
from api.offline import language as phone
from api.offline import table as local
from tests.i18n.test_refusal_words import PLAYERS, english_words
from tests.i18n.test_view_offline import speaks  # noqa: F401 (the fixture: the phone's engine's language)



@pytest.mark.parametrize("lang", ["de", "pt"])
def test_an_offline_refusal_carries_its_message_with_names_in_the_phones_language(speaks, lang):
    gid = f"refused-{lang}"
    local.open_json(json.dumps({"game_id": gid, "edition": None, "options": {"players": PLAYERS[:2]}, "seed": 0,
                                "actions": [], "meta": {"version": 1}}))
    edition = local.TABLES[gid].edition
    english_tigers = component_names(edition, "en")["tigers"].values()
    refused = [e for e in json.loads(local.why_not_json(gid))["why_not"]
               if any(tiger in e["reason"]["message"] for tiger in english_tigers)]
    assert refused, "no refused candidate names a Tiger"  # PLACE-05 and the other placement rules
    english = json.loads(local.apply_json(gid, json.dumps(refused[0]["action"]), "{}"))["problem"]
    assert render(english["message_message"]) == english["detail"]  # English: the engine's own words
    speaks(lang)
    problem = json.loads(local.apply_json(gid, json.dumps(refused[0]["action"]), "{}"))["problem"]
    assert problem["detail"] == english["detail"] and problem["code"] == refused[0]["reason"]["code"]
    said = render(problem["message_message"], phone.current_language())
    assert any(tiger in said for tiger in component_names(edition, lang)["tigers"].values()), said
    assert not english_words(edition, lang).search(said), said
    assert said != english["detail"]
