"""The catalogues are complete and in step (issue 37): every message the converted server and phone
modules use is translated in every language, with the same placeholders and every plural form, and the
compiled files (.mo for the server, pwa/i18n/<lang>.json for the phone) match the .po files."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from babel.messages.pofile import read_po
from babel.support import Translations

from api.i18n import DOMAIN, LANGUAGES, LOCALE_DIR
from tools.i18n import ROOT, phone_json, po_path

TRANSLATED = LANGUAGES[1:]  # English is the source: its text is the id
PLACEHOLDER = re.compile(r"\{(\w+)(?::\w+)?\}")  # {name}, or {place:f} (the feminine ordinal)


def catalogue(lang: str):
    with po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """A fresh `pybabel extract` of the converted modules (babel.cfg), as `tools/i18n.py extract` runs it."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "-k", "msg",
                    "-k", "msg_n:1,2", "-k", "t", "-k", "tn:1,2", "--no-location", "-o", str(pot), "."],
                   cwd=ROOT, check=True, capture_output=True)
    with pot.open("rb") as handle:
        return {m.id for m in read_po(handle) if m.id}


def test_the_extraction_finds_the_converted_modules(extracted):
    # A sample from each side: a scorer line, a refusal, a screen title, a phone plural.
    assert "Seat {seat} starts on {vp} VP" in extracted
    assert "must be at least {minimum}, not {value}" in extracted
    assert "Nippon scorer" in extracted and "Language" in extracted
    assert ("{n} player", "{n} players") in extracted


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang, extracted):
    translated = {m.id: m.string for m in catalogue(lang) if m.id}
    missing = sorted(str(i) for i in extracted if not translated.get(i) or not all(
        translated[i] if isinstance(translated[i], tuple) else [translated[i]]))
    assert not missing, f"{lang}: run `python tools/i18n.py update` and translate: {missing[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_and_plural_forms_match_the_english(lang):
    cat = catalogue(lang)
    wrong = []
    for message in cat:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(message.id, tuple) and len(texts) != cat.num_plurals:
            wrong.append(f"{ids[0]!r}: {len(texts)} plural forms, the language has {cat.num_plurals}")
        expected = {frozenset(PLACEHOLDER.findall(i)) for i in ids}
        wrong += [f"{ids[0]!r} → {text!r}" for text in texts if frozenset(PLACEHOLDER.findall(text)) not in expected]
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogues_are_in_step(lang):
    # The server's .mo and the phone's JSON are build output: `python tools/i18n.py compile` after each edit.
    assert (ROOT / "pwa" / "i18n" / f"{lang}.json").read_text(encoding="utf-8") == phone_json(lang)
    compiled = Translations.load(str(LOCALE_DIR), [lang], DOMAIN)
    for message in catalogue(lang):
        if message.id and not isinstance(message.id, tuple):
            assert compiled.gettext(message.id) == message.string, "run: python tools/i18n.py compile"


def test_the_phone_json_keeps_each_plural_as_intl_categories():
    de = json.loads((ROOT / "pwa" / "i18n" / "de.json").read_text(encoding="utf-8"))
    assert de["{n} player"] == {"one": "{n} Person", "other": "{n} Personen"}
    assert de["Settings"] == "Einstellungen"
