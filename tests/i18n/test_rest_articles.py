"""Tiger and nation names after a preposition in Portuguese, French and Italian (issue 37).

The names take an article in these languages for some Tigers and most nations ("da Coreia do Sul" but "de Hong
Kong"; "dos Estados Unidos", "du Japon", "della Corea del Sud"), so a translation never puts a bare preposition
before ``{tiger}`` or ``{nation}``: the category word carries the article instead ("no Tigre Coreia do Sul", "à
nação Japão", "dans le Tigre Corée du Sud", "della Tigre Corea del Sud").  Spanish names take none (en Corea del
Sur, de Hong Kong) and keep the plain preposition.  A space's label, which starts with its Tiger's name, takes
the category word as well ("no espaço Coreia do Sul · fábrica")."""
from __future__ import annotations

import json
import re

import pytest
from babel.messages.pofile import read_po

from api.games import asian_tigers as engine
from api.games.messages import msg
from api.i18n import LOCALE_DIR, language, render

# The prepositions (and contracted articles) that would have to agree with the name that follows.
BARE = {
    "pt": r"\b(em|de|do|da|dos|das|no|na|nos|nas|a|ao|à|aos|para|pelo|pela|sobre)\s+\{(tiger|nation)\}",
    "fr": r"(\ben|\bà|\bau|\baux|\bde|\bdu|\bdes|\bd'|\bsur|\bpour|\bdans)\s*\{(tiger|nation)\}",
    "it": r"\b(in|di|del|della|a|al|alla|su|sul|sulla|da|dal|dalla|per|nel|nella)\s+\{(tiger|nation)\}",
}


@pytest.mark.parametrize("lang", sorted(BARE))
def test_no_translation_puts_a_bare_preposition_before_a_tiger_or_a_nation(lang):
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        catalogue = read_po(po)
    found = [(m.id, text) for m in catalogue if m.id
             for text in (m.string if isinstance(m.string, tuple) else (m.string,)) if re.search(BARE[lang], text or "")]
    assert not found, found[:5]


# A space's label starts with its Tiger's name ("Coreia do Sul · fábrica · coluna B"), so a preposition before
# ``{space}`` (or a satellite's ``{origin}``) needs the category word too: "no espaço …", "sur l'emplacement …",
# "sullo spazio …".  Nippon's player-board spaces and the board picker's "Owner of {space}" (whose value is a
# phrase: "the satellite on …") name no Tiger first.
NOT_A_TIGERS_SPACE = {"Multiplier tile on {player}'s {space}", "No tile on {player}'s {space}",
                      "{m}× tile on {player}'s {space}", "Owner of {space}"}
BARE_SPACE = {lang: pattern.replace("(tiger|nation)", "(space|origin)") for lang, pattern in BARE.items()}
BARE_SPACE["fr"] = BARE_SPACE["fr"].replace(r"|\bdans)", r"|\bdans|\bvers)")


@pytest.mark.parametrize("lang", sorted(BARE_SPACE))
def test_no_translation_puts_a_bare_preposition_before_a_space_label(lang):
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        catalogue = read_po(po)
    found = [(m.id, text) for m in catalogue if m.id and m.id not in NOT_A_TIGERS_SPACE
             for text in (m.string if isinstance(m.string, tuple) else (m.string,))
             if re.search(BARE_SPACE[lang], text or "")]
    assert not found, found[:5]


def test_a_space_label_reads_with_its_category_word():
    space = {"pt": "Coreia do Sul · fábrica · coluna B", "fr": "Corée du Sud · usine · colonne B",
             "it": "Corea del Sud · fabbrica · colonna B"}
    said = {lang: render(msg("Factory on {space}", space=space[lang]), lang) for lang in space}
    assert said == {"pt": "Fábrica no espaço Coreia do Sul · fábrica · coluna B",
                    "fr": "Usine sur l'emplacement Corée du Sud · usine · colonne B",
                    "it": "Fabbrica sullo spazio Corea del Sud · fabbrica · colonna B"}


@pytest.mark.parametrize("lang,said", [
    ("pt", "Construir no Tigre Coreia do Sul"), ("fr", "Construire dans le Tigre Corée du Sud"),
    ("it", "Costruisci nella Tigre Corea del Sud"), ("es", "Construir en Corea del Sur"),
])
def test_a_tiger_reads_with_its_article(lang, said):
    names = {"pt": "Coreia do Sul", "fr": "Corée du Sud", "it": "Corea del Sud", "es": "Corea del Sur"}
    assert render(msg("Build in {tiger}", tiger=names[lang]), lang) == said


def test_a_nation_reads_with_its_article():
    sale = msg("Sell {goods} to {nation} → {row}", goods="2", nation="Japão", row="A")
    assert render(sale, "pt") == "Vender 2 à nação Japão → A"
    assert render(msg("Sell {goods} to {nation} → {row}", goods="2", nation="Japon", row="A"), "fr") == (
        "Vendre 2 à la nation Japon → A")


def test_the_game_view_in_portuguese_names_the_tigers_with_the_article():
    state = engine.new_game({"players": [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]},
                            engine.load_edition(), 42)
    said = json.dumps(engine.view(state, language("pt")), ensure_ascii=False)
    assert "no Tigre " in said  # the setup instructions' region bonus tokens (SETUP-*)
    for bare in ("em Coreia do Sul", "de Coreia do Sul", "em Hong Kong", "a Estados Unidos", "de Japão"):
        assert bare not in said


# A trade centre's label carries its own article and category word ("das regionale Handelszentrum (Japan,
# Indonesien)", "o centro comercial regional (…)"), so no translation puts a preposition or the category word
# before ``{trade_center}`` / ``{other}``: "bei das internationale Handelszentrum", "Handelszentrum das regionale …".
BEFORE_A_TRADE_CENTRE = {
    "de": r"\b(bei|an|in|zu|von|vom|Handelszentrum)\s+\{(trade_center|other)\}",
    "pt": r"\b(em|de|do|no|ao|comercial)\s+\{(trade_center|other)\}",
    "es": r"\b(en|de|del|al|comercial)\s+\{(trade_center|other)\}",
    "fr": r"(\bà|\bau|\bde|\bdu|\bdans|\bcommercial)\s+\{(trade_center|other)\}",
    "it": r"\b(a|al|di|del|in|nel|commerciale)\s+\{(trade_center|other)\}",
}


@pytest.mark.parametrize("lang", sorted(BEFORE_A_TRADE_CENTRE))
def test_a_trade_centres_label_follows_no_preposition_nor_its_own_category_word(lang):
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        catalogue = read_po(po)
    found = [(m.id, m.string) for m in catalogue if isinstance(m.id, str) and isinstance(m.string, str)
             and ("{trade_center}" in m.id or "trade centre {other}" in m.id.lower())
             and re.search(BEFORE_A_TRADE_CENTRE[lang], m.string)]
    assert [m for m in catalogue if isinstance(m.id, str) and "{trade_center}" in m.id]  # the check reads some
    assert not found, found[:5]
