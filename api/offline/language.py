"""The phone's language for its offline engine: the phone's catalogue as an `api.games.messages.Language`.

The phone has no Babel: its worker hands over the language it speaks and that language's
catalogue (``pwa/i18n/<lang>.json``: id → text, or id → ``{"one", "other"}`` for a plural) with
`set_language_json`, and the offline answers are said through the same renderer the server uses
(`api.games.messages.say`), so an offline view reads as the server's view in that language.
"""
from __future__ import annotations

import json
from typing import Any

from api.games.messages import ENGLISH, Language, say

# How each language writes a place (1st / 1. / 1.º / 1er); `form` "f" where a translation's placeholder asks
# for the feminine form (``{place:f}``: 1.ª torre, 1re tour).  Here, in the phone's package:
# `api.i18n` (the server) uses them too.
ORDINALS = {
    "de": lambda n, form="": f"{n}.",
    "pt": lambda n, form="": f"{n}.ª" if form == "f" else f"{n}.º",
    "es": lambda n, form="": f"{n}.ª" if form == "f" else f"{n}.º",
    "fr": lambda n, form="": ("1re" if form == "f" else "1er") if n == 1 else f"{n}e",
    "it": lambda n, form="": f"{n}ª" if form == "f" else f"{n}º",
}

# CLDR's "and" of each language, as Babel's `format_list` writes a list there ("a, b und c").
AND = {"de": "und", "pt": "e", "es": "y", "fr": "et", "it": "e"}
# The counts said with the singular form (the gettext Plural-Forms of each .po); elsewhere: 1 only.
SINGULAR = {"pt": (0, 1), "fr": (0, 1)}
_current = {"lang": "en", "language": ENGLISH}


def catalogue_language(lang: str, catalogue: dict) -> Language:
    """How `lang` says things with the phone's `catalogue` of it (English for a language it does not know)."""
    if lang not in ORDINALS:
        return ENGLISH

    def gettext(text: str) -> str:
        found = catalogue.get(text)
        return found if isinstance(found, str) else text

    def ngettext(one: str, many: str, n: int) -> str:
        forms = catalogue.get(one)
        if not isinstance(forms, dict):  # not translated: the English forms, as gettext falls back
            return one if n == 1 else many
        return forms["one"] if n in SINGULAR.get(lang, (1,)) else forms["other"]

    def and_list(items: list[str]) -> str:
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {AND[lang]} " + items[-1]
    return Language(gettext, ngettext, ORDINALS[lang], and_list, code=lang)


def set_language_json(lang: str, catalogue_json: str) -> str:
    """Speak `lang` from now on, with its catalogue (a JSON string; ``"{}"`` for English)."""
    _current.update(lang=lang, language=catalogue_language(lang, json.loads(catalogue_json or "{}")))
    return json.dumps({"ok": True, "lang": _current["lang"] if lang in ORDINALS else "en"})


def current_language() -> Language:
    """The language the phone speaks now (`set_language_json`)."""
    return _current["language"]


def said(tree: Any, plain: tuple = ()) -> Any:
    """`tree` (a view, a result, a refusal's message) with its messages said in the phone's language
    (`plain`: as `api.games.messages.say`)."""
    return say(tree, _current["language"], plain)
