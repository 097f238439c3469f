"""Component names per language from the edition (issue 37): `/names`, `component_names`, `edition_labels`.

Not rules: the edition's data-file format (docs/editions.md, "Names per language") and the labels built from it.
"""
from __future__ import annotations

import pytest

from api.games.asian_tigers import load_edition
from api.games.asian_tigers.presentation.document import edition_labels as english_document
from api.games.asian_tigers.presentation.document import edition_labels_in as edition_labels
from api.games.asian_tigers.presentation.labels import component_names, name_of
from api.games.provenance import EditionError
from api.i18n import render


@pytest.fixture(scope="module")
def edition():
    return load_edition()


def without_names(edition, **changes):
    doc = edition.raw()
    del doc["names"]
    doc["provenance"].pop("/names")
    doc["interpretations"].pop("I19")
    doc.update(changes)
    return doc


def said(lang):
    return lambda message: render(message, lang)


def test_the_placeholder_edition_names_its_components_in_six_languages(edition):
    for lang, korea, electronics, factory in [("en", "South Korea", "Electronics", "factory"),
                                              ("de", "Südkorea", "Elektronik", "Fabrik"),
                                              ("pt", "Coreia do Sul", "Eletrónica", "fábrica"),
                                              ("es", "Corea del Sur", "Electrónica", "fábrica"),
                                              ("fr", "Corée du Sud", "Électronique", "usine"),
                                              ("it", "Corea del Sud", "Elettronica", "fabbrica")]:
        names = component_names(edition, lang)
        assert (names["tigers"]["SK"], names["goods"]["Electronics"], names["buildings"]["factory"]) == (
            korea, electronics, factory)
        # every component of every family is named (no id left to show)
        assert set(names["nations"]) == set(edition.nations) and set(names["goods"]) == set(edition.goods)


def test_english_labels_are_the_document_as_it_was_plus_the_buildings(edition):
    document = english_document(edition)
    labels = edition_labels(edition)
    assert {k: v for k, v in labels.items() if k != "buildings"} == document
    assert labels["buildings"]["power_plant"]["label"] == "power plant"


def test_german_and_portuguese_labels_say_names_and_words_in_that_language(edition):
    de = edition_labels(edition, "de", said("de"))
    assert de["tigers"]["SK"] == {"label": "Südkorea", "placeholder": False}
    assert de["spaces"]["SK.F2"]["label"] == "Südkorea · Fabrik · Spalte B · Elektronik"
    assert de["centers"]["SK.A"]["label"].startswith("Südkorea") and de["centers"]["SK.A"]["label"].endswith("Zentrum A")
    assert de["flags"]["special:SK"]["label"].startswith("die Sonderflagge von Südkorea (")
    pt = edition_labels(edition, "pt", said("pt"))
    assert pt["nations"]["DEU"]["label"] == "Alemanha Ocidental"
    assert pt["spaces"]["SK.F2"]["label"] == "Coreia do Sul · fábrica · coluna B · Eletrónica"
    # what is not a name keeps its entry (placeholder marks, printed numbers)
    assert pt["spaces"]["SK.F2"]["placeholder"] is True
    assert pt["prosperity_tokens"] == english_document(edition)["prosperity_tokens"]


def test_a_name_the_edition_lacks_is_the_english_one_and_an_owner_correction_shows(edition):
    # An edition made before names per language (no /names) still loads; its names are the English ones.
    older = load_edition(without_names(edition))
    assert name_of(older, "tigers", "SK", "de") == "South Korea"
    assert edition_labels(older, "de", said("de"))["spaces"]["SK.F2"]["label"] == "South Korea · factory · Spalte B · Electronics"
    # An owner's corrected value (a placeholder market's influence) shows in every language.
    doc = edition.raw()
    market = next(iter(doc["tigers"]["SK"]["local_markets"]))
    doc["tigers"]["SK"]["local_markets"][market]["influence"] += 1
    corrected = edition_labels(load_edition(doc), "de", said("de"))["local_markets"][market]["label"]
    assert corrected.endswith(f"+{doc['tigers']['SK']['local_markets'][market]['influence']} Einfluss")
    assert corrected.startswith("Südkorea · Markt der Spalte")
    only_tigers = without_names(edition, names={"de": {"tigers": {"TW": "Taiwan (Republik China)"}}})
    only_tigers["provenance"]["/names"] = "placeholder"
    partial = load_edition(only_tigers)
    assert name_of(partial, "tigers", "TW", "de") == "Taiwan (Republik China)"
    assert name_of(partial, "tigers", "SK", "de") == "South Korea"
    assert name_of(partial, "goods", "Ships", "de") == "Ships"


@pytest.mark.parametrize("names, path", [
    ([], "/names"),
    ({"German": {}}, "/names/German"),
    ({"de": []}, "/names/de"),
    ({"de": {"cities": {}}}, "/names/de/cities"),
    ({"de": {"tigers": {"XX": "Nirgendwo"}}}, "/names/de/tigers/XX"),
    ({"de": {"goods": {"Ships": " "}}}, "/names/de/goods/Ships"),
    ({"de": {"buildings": {"factory": 3}}}, "/names/de/buildings/factory"),
])
def test_bad_names_are_refused_at_their_path(edition, names, path):
    doc = edition.raw()
    doc["names"] = names
    with pytest.raises(EditionError) as refused:
        load_edition(doc)
    assert refused.value.path == path
