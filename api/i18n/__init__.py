"""The table's language on the server: gettext catalogues (managed with Babel) and rendering.

`api.games.messages` keeps what the scorers say as message ids with values; this package
says them in one of `LANGUAGES` with the compiled catalogue of ``locale/<lang>/LC_MESSAGES``
(`babel.support.Translations`), CLDR lists (`babel.lists.format_list`) and the ordinals of
each language.  English is the source language: its text is the message id itself.
See docs/languages.md (how it works, how to add a language).
"""
from __future__ import annotations

import functools
import pathlib
from typing import Any

from babel.lists import format_list
from babel.support import Translations

from api.games.messages import ENGLISH, Language, render as render_in, say as say_in
from api.offline.language import ORDINALS  # pure: the phone's engine writes places the same way

LOCALE_DIR = pathlib.Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "de", "pt", "es", "fr", "it")  # the first is the fallback
DOMAIN = "messages"



@functools.cache
def language(lang: str) -> Language:
    """How `lang` says things (English for a language without a catalogue)."""
    if lang not in LANGUAGES[1:]:
        return ENGLISH
    catalogue = Translations.load(str(LOCALE_DIR), [lang], DOMAIN)
    return Language(gettext=catalogue.gettext, ngettext=catalogue.ngettext, ordinal=ORDINALS[lang],
                    and_list=lambda items: format_list(items, locale=lang), code=lang)


def render(value: Any, lang: str) -> str:
    """A message (or plain value) as text in `lang`."""
    return render_in(value, language(lang))


def say(tree: Any, lang: str, plain: tuple = ()) -> Any:
    """A view or result tree with every message in it said in `lang` (`api.games.messages.say`)."""
    return say_in(tree, language(lang), plain)


def gettext(text: str, lang: str) -> str:
    """`text` (a message id without values) in `lang`."""
    return language(lang).gettext(text)


def localize(document: Any, lang: str) -> Any:
    """`document` with every ``X`` that has an ``X_message`` sibling said in `lang` (in place; returned)."""
    if isinstance(document, list):
        for item in document:
            localize(item, lang)
    elif isinstance(document, dict):
        for key, value in list(document.items()):
            if key.endswith("_message") and isinstance(value, dict) and "id" in value:
                document[key[: -len("_message")]] = render(value, lang)
            else:
                localize(value, lang)
    return document


def localize_error(error: Any, lang: str) -> None:
    """A scorer's input error (and the others found with it) with its `message` said in `lang`."""
    for each in [error, *getattr(error, "others", [])]:
        if getattr(each, "text", None) is not None:
            each.message = render(each.text, lang)
        if getattr(each, "field_text", None) is not None:
            each.field = render(each.field_text, lang)
