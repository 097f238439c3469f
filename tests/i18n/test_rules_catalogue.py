"""The Rules screen's texts in every language (issue 37, docs/rules.md): the gettext domain ``rules``
(api/i18n/locale/rules.pot, written by tools/build_rules.py from pwa/data/rules.json) is translated
entry by entry in every language, each translation keeps the rule ids, numbers, money symbols and
lines of its English, and the phone's overlays (pwa/i18n/rules.<lang>.json) are in step with the .po."""
from __future__ import annotations

import io
import json
import re

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from api.i18n import LANGUAGES
from tests.pwa.test_plays_rules import EXCERPT
from tools.build_rules import ID, POT, build, pot_text
from tools.i18n import RULES, ROOT, po_path, rules_json, rules_overlay

TRANSLATED = LANGUAGES[1:]  # English is the source
DOC = json.loads((ROOT / "pwa" / "data" / "rules.json").read_text(encoding="utf-8"))
# What a translation must carry over unchanged: rule ids ("DATA-09"), numbers ("1/3" gives 1 and 3), money.
KEPT = re.compile(rf"\b{ID}\b|\d+|[$¥→]")


def rules_po(lang: str) -> Catalog:
    with po_path(lang, RULES).open("rb") as handle:
        return read_po(handle, locale=lang)


def kept(text: str) -> set[str]:
    """The ids, numbers and symbols of `text` (a number inside an id is the id's)."""
    return set(KEPT.findall(text))


def untranslated(cat: Catalog) -> list[str]:
    """The contexts (rule ids, "<ID> title", "section: …") of the entries with no usable translation."""
    return [m.context if m.context != "section" else f"section: {m.id}" for m in cat
            if m.id and (not m.string or m.fuzzy)]


def unfaithful(cat: Catalog) -> list[str]:
    """Translations that lose an id, number or symbol of their English, or change its number of lines."""
    wrong = []
    for m in cat:
        if not m.id or not m.string:
            continue
        lost = kept(m.id) - kept(m.string)
        if lost:
            wrong.append(f"{m.context}: lost {sorted(lost)}")
        if m.id.count("\n") != m.string.count("\n"):
            wrong.append(f"{m.context}: {m.id.count(chr(10)) + 1} lines in English, {m.string.count(chr(10)) + 1} here")
    return wrong


def test_the_template_is_in_step_with_the_rules():
    # tools/build_rules.py writes both; a rebuild from the same catalogue changes neither.
    assert POT.read_bytes() == pot_text(DOC), "run: python tools/build_rules.py"
    with POT.open("rb") as handle:
        pot = read_po(handle)
    ids = {r["id"] for r in DOC["rules"]}
    assert {m.context for m in pot if m.id and m.context not in ("section",) and not m.context.endswith(" title")} == ids


def test_the_template_keys_each_text_by_its_rule():
    # The builder's inline catalogue excerpt: a rule, a ruling with its title, a missing number, their sections.
    pot = read_po(io.BytesIO(pot_text(build(EXCERPT, "excerpt.md"))))
    by_context = {m.context: m.id for m in pot if m.id and m.context != "section"}
    assert by_context["PLACE-02"] == "No two centers of a Tiger share a type (see PLACE-01):\nonce two are fixed, the third takes the remaining type."
    assert by_context["AMB-14 title"] == "can a center hold several workers?"
    assert by_context["AMB-14"].endswith("Ruling: A center takes any number of workers of its fixed type.")
    assert "DATA-09" in by_context and "DATA-09 title" not in by_context
    assert "Turn structure and worker placement (TURN, PLACE)" in {m.id for m in pot if m.context == "section"}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_language_has_exactly_the_templates_entries(lang):
    with POT.open("rb") as handle:
        template = {(m.context, m.id) for m in read_po(handle) if m.id}
    assert {(m.context, m.id) for m in rules_po(lang) if m.id} == template, "run: python tools/i18n.py update"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_rule_text_is_translated(lang):
    missing = untranslated(rules_po(lang))
    assert not missing, f"{lang}: {len(missing)} rule texts to translate in {po_path(lang, RULES)}: {missing[:8]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_ids_numbers_symbols_and_lines(lang):
    wrong = unfaithful(rules_po(lang))
    assert not wrong, f"{lang}: {wrong[:8]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_phone_overlay_is_in_step(lang):
    assert (ROOT / "pwa" / "i18n" / f"rules.{lang}.json").read_text(encoding="utf-8") == rules_json(lang), \
        "run: python tools/i18n.py compile"
    overlay = rules_overlay(lang)
    ids = {r["id"] for r in DOC["rules"]}
    assert set(overlay["text"]) <= ids and set(overlay["title"]) <= ids
    assert set(overlay["section"]) <= {a["title"] for a in DOC["areas"].values()}


def test_the_checks_name_what_is_wrong():
    # A catalogue with one missing, one fuzzy and three unfaithful entries: each check names them.
    cat = Catalog(locale="de")
    cat.add("Ties use TIE-01 to TIE-03. → DATA-01", "Gleichstände: TIE-01 bis TIE-03. → DATA-01", context="MGMT1-03")
    cat.add("Each player owns 12 workers.", "", context="SETUP-04")
    cat.add("Pay $2 or ¥3.", "Zahle 2 $.", context="TRADE-01", flags=["fuzzy"])
    cat.add("See AMB-14.\nRuling: 10 workers.", "Siehe AMB-41. Regel: zehn Arbeiter.", context="AMB-02")
    cat.add("Tiles", "Plättchen", context="section")
    cat.add("Components", "", context="section")
    assert untranslated(cat) == ["SETUP-04", "TRADE-01", "section: Components"]
    assert unfaithful(cat) == ["TRADE-01: lost ['3', '¥']", "AMB-02: lost ['10', 'AMB-14']",
                               "AMB-02: 2 lines in English, 1 here"]


def test_the_overlay_leaves_out_what_is_not_translated(tmp_path, monkeypatch):
    # The phone shows the English for a missing or fuzzy entry; titles and sections land in their own maps.
    cat = Catalog(locale="de", domain=RULES)
    cat.add("A center takes any number of workers.", "Ein Zentrum nimmt beliebig viele Arbeiter auf.", context="AMB-14")
    cat.add("can a center hold several workers?", "Mehrere Arbeiter in einem Zentrum?", context="AMB-14 title")
    cat.add("Components (COMP)", "Spielmaterial (COMP)", context="section")
    cat.add("Each player owns 12 workers.", "", context="SETUP-04")
    cat.add("Pay $2.", "Zahle 2 $.", context="TRADE-01", flags=["fuzzy"])
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "rules.po").open("wb") as handle:
        write_po(handle, cat, width=0)
    monkeypatch.setattr("tools.i18n.LOCALE_DIR", tmp_path)
    assert rules_overlay("de") == {"text": {"AMB-14": "Ein Zentrum nimmt beliebig viele Arbeiter auf."},
                                   "title": {"AMB-14": "Mehrere Arbeiter in einem Zentrum?"},
                                   "section": {"Components (COMP)": "Spielmaterial (COMP)"}}
