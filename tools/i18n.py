"""The table's catalogues, with Babel's own commands (docs/languages.md).

    python tools/i18n.py extract    # pybabel extract (babel.cfg) -> api/i18n/locale/messages.pot
    python tools/i18n.py update     # pybabel update: every language's .po gains the new ids
    python tools/i18n.py init xx    # pybabel init: a new language's .po
    python tools/i18n.py compile    # pybabel compile -> .mo (server), and pwa/i18n/<lang>.json (phone)

The .po files are what translators edit; the .mo and .json files are committed build output that
tests/i18n/test_catalogues.py checks are in step with the .po files.

A second domain, ``rules``, holds the Rules screen's rule texts (docs/rules.md): its template
``rules.pot`` is written by tools/build_rules.py (not extracted from code); ``update`` and ``init`` treat
it like ``messages``, and ``compile`` turns each ``rules.po`` into the phone's overlay
``pwa/i18n/rules.<lang>.json`` (the server does not say rule texts, so no .mo; checked by
tests/i18n/test_rules_catalogue.py).
"""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from babel.messages.pofile import read_po  # noqa: E402

from api.i18n import DOMAIN, LANGUAGES, LOCALE_DIR  # noqa: E402

POT = LOCALE_DIR / f"{DOMAIN}.pot"
RULES = "rules"  # the rule texts' domain
RULES_POT = LOCALE_DIR / f"{RULES}.pot"
PWA_DIR = ROOT / "pwa" / "i18n"
KEYWORDS = ["-k", "msg", "-k", "msg_n:1,2", "-k", "t", "-k", "tn:1,2"]


def pybabel(*args: str) -> None:
    """Run one of Babel's own commands."""
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True, cwd=ROOT)


def po_path(lang: str, domain: str = DOMAIN) -> pathlib.Path:
    """The catalogue translators edit for `lang` (the app's messages, or `domain`'s)."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def phone_catalogue(lang: str) -> dict:
    """`lang`'s .po as the phone's JSON: id -> text, or id -> {"one": …, "other": …} for a plural.

    The two gettext forms of these languages map to Intl.PluralRules' "one" and "other" (the phone
    falls back to "other" for "many"); an untranslated message is left out (the phone says the id)."""
    with po_path(lang).open("rb") as handle:
        catalogue = read_po(handle, locale=lang)
    out: dict = {}
    for message in catalogue:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            forms = message.string
            if all(forms):
                out[message.id[0]] = {"one": forms[0], "other": forms[-1]}
        elif message.string:
            out[message.id] = message.string
    return dict(sorted(out.items()))


def phone_json(lang: str) -> str:
    """The exact text of pwa/i18n/<lang>.json."""
    return json.dumps(phone_catalogue(lang), ensure_ascii=False, indent=0, sort_keys=True) + "\n"


def rules_overlay(lang: str) -> dict:
    """`lang`'s rules.po as the phone's overlay on pwa/data/rules.json: ``{"text": {id: text},
    "title": {id: title}, "section": {English area title: title}}``; an untranslated or fuzzy entry is
    left out (the phone shows the English)."""
    with po_path(lang, RULES).open("rb") as handle:
        catalogue = read_po(handle, locale=lang)
    out: dict = {"section": {}, "text": {}, "title": {}}
    for message in catalogue:
        if not message.id or not message.string or message.fuzzy:
            continue
        if message.context == "section":
            out["section"][message.id] = message.string
        elif message.context.endswith(" title"):
            out["title"][message.context[: -len(" title")]] = message.string
        else:
            out["text"][message.context] = message.string
    return out


def rules_json(lang: str) -> str:
    """The exact text of pwa/i18n/rules.<lang>.json."""
    return json.dumps(rules_overlay(lang), ensure_ascii=False, indent=0, sort_keys=True) + "\n"


def main(argv: list[str]) -> None:
    """Run the subcommand named in `argv`."""
    command = argv[0] if argv else ""
    if command == "extract":
        pybabel("extract", "-F", "babel.cfg", *KEYWORDS, "--no-location", "--sort-output", "--omit-header",
                "--no-wrap", "-o", str(POT.relative_to(ROOT)), ".")
    elif command == "update":
        for domain, pot in ((DOMAIN, POT), (RULES, RULES_POT)):
            pybabel("update", "-i", str(pot), "-d", str(LOCALE_DIR), "-D", domain, "--no-fuzzy-matching",
                    "--no-wrap", "--ignore-obsolete")
    elif command == "init":
        for domain, pot in ((DOMAIN, POT), (RULES, RULES_POT)):
            pybabel("init", "-i", str(pot), "-d", str(LOCALE_DIR), "-D", domain, "-l", argv[1], "--no-wrap")
    elif command == "compile":
        pybabel("compile", "-d", str(LOCALE_DIR), "-D", DOMAIN, "--statistics")
        PWA_DIR.mkdir(exist_ok=True)
        for lang in LANGUAGES[1:]:  # English is the source: its text is the id
            (PWA_DIR / f"{lang}.json").write_text(phone_json(lang), encoding="utf-8")
            (PWA_DIR / f"rules.{lang}.json").write_text(rules_json(lang), encoding="utf-8")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
