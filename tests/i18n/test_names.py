"""The game view's option labels name the components in the reader's language (issue 37): a name value
(`api.games.messages.name`) said with the edition's names in the `Language` the view is said in."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from api.games.asian_tigers import load_edition, view
from api.games.asian_tigers.presentation.labels import component_names
from api.games.asian_tigers.turn.bonuses import describe
from api.games.messages import ENGLISH, Language, name, render
from api.i18n import language
from api.offline import language as phone
from tests.games.asian_tigers.builders import random_walk
from tests.helpers import PLAYERS as TWO
from tests.helpers import bearer, create

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}, {"name": "Cy", "color": "green"}]
# English words of the option labels that every language says otherwise (the term table of
# docs/languages-asian-tigers.md); the component names are checked from the edition's own /names.
ENGLISH_WORDS = ("Type ", " worker", " centre", "column ", "Sell ", "factory on ", "Laboratory on ")


def _views(lang: Language, seeds=range(2), moves=40):
    for state in random_walk({"players": PLAYERS}, seeds, moves):
        yield state, view(state, lang)


def _labels(said: dict) -> list[str]:
    return [choice["label"] for choice in said.get("choices") or []]


def test_a_name_value_says_the_readers_name_else_its_own_text():
    english = name("tigers", "SK", "South Korea")
    german = Language(code="de", names={"tigers": {"SK": "Südkorea"}})
    assert render(english) == "South Korea" and render(english, german) == "Südkorea"
    assert render(name("tigers", "XX", "Elsewhere"), german) == "Elsewhere"  # a code the names lack: its text


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_option_labels_carry_the_languages_tiger_names_and_words(lang):
    seen_names, labels = set(), []
    for state, said in _views(language(lang)):
        names = component_names(state.edition, lang)
        english = component_names(state.edition, "en")
        for label in _labels(said):
            labels.append(label)
            for family in ("tigers", "nations", "goods"):
                for code, text in names[family].items():
                    if text in label:
                        seen_names.add(text)
                    if english[family][code] != text:  # an English name the language says otherwise
                        assert english[family][code] not in label, (lang, label)
            assert not any(word in label for word in ENGLISH_WORDS), (lang, label)
    assert labels, "the walk asked no question with options"
    german_tigers = set(component_names(state.edition, lang)["tigers"].values())
    assert seen_names & german_tigers, (lang, labels[:5])  # e.g. "Südkorea" / "Coreia do Sul"


def test_english_option_labels_name_the_edition_in_english():
    words = []
    for state, said in _views(ENGLISH, seeds=range(1)):
        words += _labels(said)
        tigers = component_names(state.edition, "en")["tigers"].values()
    assert any(tiger in label for label in words for tiger in tigers)
    assert any(label.startswith("Type ") and " worker → " in label for label in words)


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_the_offline_engine_says_the_same_labels_as_the_server(lang):
    catalogue = json.loads((ROOT / "pwa" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    offline = phone.catalogue_language(lang, catalogue)
    for state in random_walk({"players": PLAYERS}, range(2), 30):
        server = view(state, language(lang))
        assert view(state, offline)["choices"] == server["choices"]
        assert view(state, offline)["prompt"] == server["prompt"]


def test_a_bonus_in_a_refusal_is_said_in_the_language():
    # IBONUS-02: the refusal of a bonus answer with a field it does not take names the bonus.
    pending = {"source": "sector:S5", "bonus": "headquarters"}
    assert str(describe(None, pending, capital=True)) == "the headquarters bonus (sector S5)".capitalize()
    assert str(describe(None, {**pending, "source": "row:R2"})) == "the headquarters bonus (row R2)"
    assert render(describe(None, pending, capital=True), language("de")) == "Der Bonus „Hauptquartier“ (Sektor s5)"
    assert render(describe(None, {**pending, "source": "row:R2"}), language("pt")) == "o bónus «sede» (linha R2)"


def test_the_server_answers_option_labels_with_the_languages_names(client):
    game = create(client, "asian_tigers", TWO)
    get = lambda lang: client.get(f"/api/games/{game.id}", headers={**bearer(game.token),
                                                                   "Accept-Language": lang}).get_json()
    english, german, portuguese = get("en"), get("de"), get("pt")
    names = {lang: set(component_names(load_edition(), lang)["tigers"].values()) for lang in ("en", "de", "pt")}
    for said, lang, worker in ((german, "de", "Arbeiter vom Typ"), (portuguese, "pt", "Trabalhador do tipo")):
        labels = [c["label"] for c in said["view"]["choices"]]  # TURN-01: the first worker's placements
        assert any(label.startswith(worker) for label in labels), labels[:3]
        assert any(tiger in label for label in labels for tiger in names[lang] - names["en"])
        assert said["legal_actions"] == english["legal_actions"]
    assert all(c["label"].startswith("Type ") or "→" not in c["label"] for c in english["view"]["choices"])

