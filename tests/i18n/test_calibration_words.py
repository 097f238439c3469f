"""The calibration table's words for the data files' own JSON keys, in the request's language (issue 37).

`label_of` names a value by its path; each key reads through `api/games/editions/words.py` (the key with "_" as
spaces, a list's numbered item as the key's singular), message ids extracted from the data files themselves
(api/i18n/extract_keys.py, babel.cfg), so "influence by rank · era 2 · 4 players · rank 2" is
"Einfluss nach Rang · Ära II · 4 Spieler · Rang 2" on a German phone.  Every key of the three placeholder data
files (the project's own copies, api/data) has a translated word in every language: a key added
to the data without a translation fails here; English reads as it always did.
"""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from babel.util import pathmatch

from api.games.editions.components import component_of, label_of
from api.games.editions.words import LANGUAGE_NAMES, item_word, key_word, singular
from api.games.messages import msg
from api.i18n import LANGUAGES, render
from api.i18n.extract_keys import data_words, extract
from tests.web.test_editions import new_edition
from tools.i18n import po_path

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)

ROOT = Path(__file__).resolve().parents[2]
FILES = {"asian_tigers": "asian-tigers", "nippon": "nippon", "asara": "asara"}
DOCUMENTS = [ROOT / "api" / "data" / f"{name}.placeholder.json" for name in FILES.values()]  # the project's own


def _words(path: Path) -> set[str]:
    keys, items = data_words(json.loads(path.read_text()))
    return keys | items


# Every word the project's data files say, as the messages labels render (tests/pwa/test_lang_board.py too).
WORDS = [*(msg(w) for w in sorted(set().union(*(_words(ROOT / "api" / "data" / f"{n}.placeholder.json")
                                                for n in FILES.values())))), *LANGUAGE_NAMES.values()]


def _translated(lang: str) -> set[str]:
    with po_path(lang).open("rb") as handle:
        return {m.id for m in read_po(handle, locale=lang) if isinstance(m.id, str) and m.string and not m.fuzzy}


def _untranslated(words: set[str], lang: str) -> list[str]:
    return sorted(words - _translated(lang))


@pytest.mark.parametrize("path", DOCUMENTS, ids=[f"{p.parent.name}/{p.name}" for p in DOCUMENTS])
@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_key_of_the_placeholder_files_has_a_translated_word(path, lang):
    words = _words(path)
    assert len(words) > 20, path  # the walk found the file's keys
    words |= {str(name) for name in LANGUAGE_NAMES.values()}
    assert _untranslated(words, lang) == []


def test_a_key_added_to_the_data_without_a_translation_fails():
    document = json.loads((ROOT / "api" / "data" / "asara.placeholder.json").read_text())
    document["final"]["odd_bonuses"] = [{"brand_new_rule": 1}]
    keys, items = data_words(document)
    assert _untranslated(keys | items, "de") == ["brand new rule", "odd bonus", "odd bonuses"]


def test_the_extractor_yields_each_word_key_and_list_singular_once():
    # Ids (SK.U1, PT2), digit keys, language codes and top-level meta keys have no word.
    document = {"schema_version": 1, "edition": {"name": "x"}, "names": {"de": {"goods": {"Chemicals": "Chemie"}}},
                "tigers": {"SK": {"spaces": {"SK.U1": {"additional_actions": ["build"], "by_player_count": {"3": 1}}}}}}
    found = list(extract(io.BytesIO(json.dumps(document, indent=1).encode()), [], [], {}))
    assert sorted(m for _, _, m, _ in found) == ["additional action", "additional actions", "by player count",
                                                 "goods", "names", "spaces", "tigers"]
    assert {f for _, f, _, _ in found} == {"gettext"} and all(line > 1 for line, *_ in found)


def test_babel_cfg_extracts_the_three_data_files():
    patterns = re.findall(r"^\[api\.i18n\.extract_keys\.extract: (.+)\]$", (ROOT / "babel.cfg").read_text(), re.MULTILINE)
    for name in FILES.values():
        assert any(pathmatch(p, f"api/data/{name}.placeholder.json") for p in patterns), name


def test_english_reads_as_the_keys_always_did():
    for path in DOCUMENTS:
        keys, _ = data_words(json.loads(path.read_text()))
        assert all(str(key_word(w.replace(" ", "_"))) == w for w in keys)
    assert str(item_word("additional_actions")) == singular("additional_actions") == "additional action"
    assert (singular("tiles_per_stack"), singular("section_prices"), singular("bonuses")) == (
        "tiles per stack", "section price", "bonus")
    assert str(key_word("de")) == "German" and key_word("SK.U1") == "SK.U1"


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
    english = {str(w) for w in WORDS if str(w) != render(w, "de")}
    left = {part for label in labels.values() for part in label.split(" · ")
            if part in english or re.sub(r" \d+$", "", part) in english}
    assert left == set()
