"""The calibration table's words for the data files' own JSON keys, in the request's language (issue 37).

`label_of` names a value by its path; each key reads through `api/games/editions/words.py` (`KEY_WORDS`, and
`ITEM_WORDS` for a list's numbered items), so "influence by rank · era 2 · 4 players · rank 2" is
"Einfluss nach Rang · Ära II · 4 Spieler · Rang 2" on a German phone.  Every key of the three placeholder data
files (the shared reference copies and the project's own) has a word; English reads as it always did.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from api.games import editions as E
from api.games.editions.components import _singular, component_of, label_of
from api.games.editions.words import ITEM_WORDS, KEY_WORDS
from api.i18n import render
from tests.web.test_editions import new_edition

ROOT = Path(__file__).resolve().parents[2]
FILES = {"asian_tigers": "asian-tigers", "nippon": "nippon", "asara": "asara"}
DOCUMENTS = [(game, folder / f"{name}.placeholder.json") for game, name in FILES.items()
             for folder in (ROOT / "api" / "data", Path("/work/shared/components"))
             if (folder / f"{name}.placeholder.json").exists()]
WORD = re.compile(r"[a-z][a-z0-9_]*")  # a key that is a word; ids ("SK.U1", "PT2", "AUS", "Chemicals") stay ids
LANGUAGE_NAMES = {"de": "German", "en": "English", "es": "Spanish", "fr": "French", "it": "Italian",
                  "pt": "Portuguese"}


def _keys(node, top: bool, game: str, lists: set, keys: set) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if not (top and key in E.META_KEYS[game]):
                keys.add(key)
                if isinstance(value, list):
                    lists.add(key)
                _keys(value, False, game, lists, keys)
    elif isinstance(node, list):
        for value in node:
            _keys(value, False, game, lists, keys)


def _words_of(path: Path, game: str) -> tuple[set, set]:
    keys: set = set()
    lists: set = set()
    _keys(json.loads(path.read_text()), True, game, lists, keys)
    return {k for k in keys if WORD.fullmatch(k)}, {k for k in lists if WORD.fullmatch(k)}


@pytest.mark.parametrize("game,path", DOCUMENTS, ids=[f"{g}:{p.parent.name}" for g, p in DOCUMENTS])
def test_every_key_of_the_placeholder_files_has_a_word(game, path):
    keys, lists = _words_of(path, game)
    assert keys, path  # the walk found the file's keys
    assert sorted(keys - set(KEY_WORDS)) == []
    # A list's item reads as the singular of its key ("additional action 1"): a word of its own where the
    # singular is not the key itself.
    assert sorted(k for k in lists if _singular(k) != k.replace("_", " ") and k not in ITEM_WORDS) == []


def test_english_reads_as_the_keys_always_did():
    for key, word in KEY_WORDS.items():
        assert str(word) == LANGUAGE_NAMES.get(key, key.replace("_", " ")), key
    for key, word in ITEM_WORDS.items():
        assert str(word) == _singular(key), key


def _label(game: str, ptr: str, document: dict, lang: str) -> str:
    return label_of(ptr, component_of(game, ptr), document, lambda m: render(m, lang))


@pytest.fixture(scope="module")
def docs():
    return {game: json.loads((ROOT / "api" / "data" / f"{name}.placeholder.json").read_text())
            for game, name in FILES.items()}


@pytest.mark.parametrize("game,ptr,english,german,portuguese", [
    ("asian_tigers", "/board/management_track/influence_by_rank/era_2/4/1",
     "influence by rank · era 2 · 4 players · rank 2", "Einfluss nach Rang · Ära II · 4 Spieler · Rang 2",
     "influência por posição · era II · 4 jogadores · posição 2"),
    ("asian_tigers", "/rules/investment_centers/A/cost_funds", "rules · investment centers · A · cost funds",
     "Regeln · Investitionszentren · A · Kosten in Geld", "regras · centros de investimento · A · custo em fundos"),
    ("asian_tigers", "/tigers/SK/spaces/SK.U1/additional_actions/0", "spaces · SK.U1 · additional action 1",
     "Felder · SK.U1 · Zusatzaktion 1", "casas · SK.U1 · ação adicional 1"),
    ("asian_tigers", "/solo/campaign_tiles/CT1/automa_era_1/effects/0/do", "CT1 · automa era 1 · effect 1 · do",
     "CT1 · Automa in Ära I · Effekt 1 · Aktion", "CT1 · Automa na era I · efeito 1 · ação"),
    ("asian_tigers", "/names/de/goods/Chemicals", "names · German · goods · Chemicals",
     "Namen · Deutsch · Waren · Chemicals", "nomes · alemão · mercadorias · Chemicals"),
    ("nippon", "/reward_tiles/tiles_per_stack", "reward tiles · tiles per stack",
     "Belohnungsplättchen · Plättchen pro Stapel", "peças de recompensa · peças por pilha"),
    ("asara", "/final/tower_by_color/brown/highest", "final · tower by color · brown · highest",
     "Schlusswertung · Turm nach Farbe · braun · höchster", "final · torre por cor · castanho · mais alta"),
])
def test_a_label_says_the_keys_in_german_and_portuguese(docs, game, ptr, english, german, portuguese):
    document = docs[game]
    assert label_of(ptr, component_of(game, ptr), document) == english
    assert (_label(game, ptr, document, "de"), _label(game, ptr, document, "pt")) == (german, portuguese)


def test_a_key_missing_from_the_table_reads_as_itself(docs):
    document = json.loads(json.dumps(docs["asian_tigers"]))
    document["rules"]["brand_new_rule"] = {"odd_values": [3, 4]}
    ptr = "/rules/brand_new_rule/odd_values/1"
    assert _label("asian_tigers", ptr, document, "de") == "Regeln · brand new rule · odd value 2"


def test_the_calibration_table_over_http_says_no_english_key_word_in_german(client):
    edition = new_edition(client)["edition_id"]
    resp = client.get(f"/api/editions/{edition}", headers={"Accept-Language": "de"})
    assert resp.status_code == 200 and resp.headers["Content-Language"] == "de"
    labels = {p: label for c in resp.get_json()["components"] for p, label in c["labels"].items()}
    assert labels["/board/management_track/influence_by_rank/era_1/3/0"] == "Einfluss nach Rang · Ära I · 3 Spieler · Rang 1"
    assert labels["/rules/headquarters/cost_funds"] == "Regeln · Hauptquartier · Kosten in Geld"
    # No part of any label is an English key word that German says otherwise ("ranks", "cost funds", …).
    english = {str(w) for w in [*KEY_WORDS.values(), *ITEM_WORDS.values()]
               if str(w) != render(w, "de")}
    left = {part for label in labels.values() for part in label.split(" · ")
            if part in english or re.sub(r" \d+$", "", part) in english}
    assert left == set()
