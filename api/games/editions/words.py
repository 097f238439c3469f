"""The words a calibration label says for a data file's JSON keys, in the reader's language (issue 37).

A key that is a word reads as itself with "_" as spaces ("cost funds"), a list's item as its singular ("additional
action 1"): ids the data files list (api/i18n/extract_keys.py extracts them); an id ("SK.U1") stays itself.
"""
from __future__ import annotations

import re

from api.games.messages import Message, msg

WORD = re.compile(r"[a-z][a-z0-9_]*")  # a key that is a word, not an id
LANGUAGE_NAMES = {"de": msg("German"), "en": msg("English"), "es": msg("Spanish"), "fr": msg("French"),
                  "it": msg("Italian"), "pt": msg("Portuguese")}


def singular(key: str) -> str:
    """A list key's singular, "_" as spaces ("additional_actions" → "additional action")."""
    word = key.replace("_", " ")
    return next((word[: -len(p)] + one for p, one in (("ies", "y"), ("ses", "s"), ("s", "")) if word.endswith(p)), word)


def key_word(key: str) -> Message | str:
    """How a JSON key reads in a label: a word's message (its "_" as spaces), a language's name, else the key."""
    return LANGUAGE_NAMES.get(key) or (msg(key.replace("_", " ")) if WORD.fullmatch(key) else key.replace("_", " "))


def item_word(key: str) -> Message | str:
    """How one item of the list under `key` reads before its number: the key's singular."""
    return msg(singular(key)) if WORD.fullmatch(key) else singular(key)
