"""Babel extraction method for a data file's JSON keys: the words a calibration label says (issue 37).

`label_of` (api/games/editions/components.py) names a value by its path, each key through `words.key_word` (the
key with "_" as a space: "cost_funds" → "cost funds") and each item of a list through `words.item_word` (the
key's singular: "additional_actions" → "additional action").  Those message ids are not literals in the code:
the data files are the one list of them, and this extractor reads them there.  A key that is an id ("SK.U1",
"PT2", "Chemicals"), a language code (said by `words.LANGUAGE_NAMES`) or a top-level meta key (never labelled)
has no word.  Used from babel.cfg as ``[api.i18n.extract_keys.extract: api/data/*.placeholder.json]``.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

from api.games.editions import META_KEYS
from api.games.editions.words import LANGUAGE_NAMES, WORD, singular

META = frozenset().union(*META_KEYS.values())


def data_words(document: dict) -> tuple[set[str], set[str]]:
    """The ids a document's keys read as: ``(key words, list items' singulars)``."""
    keys: set[str] = set()
    lists: set[str] = set()
    _walk({k: v for k, v in document.items() if k not in META}, keys, lists)
    return ({k.replace("_", " ") for k in keys if _is_word(k)},
            {singular(k) for k in lists if _is_word(k)})


def _is_word(key: str) -> bool:
    return bool(WORD.fullmatch(key)) and key not in LANGUAGE_NAMES


def _walk(node: Any, keys: set[str], lists: set[str]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            keys.add(key)
            if isinstance(value, list):
                lists.add(key)
            _walk(value, keys, lists)
    elif isinstance(node, list):
        for value in node:
            _walk(value, keys, lists)


def extract(fileobj: IO[bytes], keywords, comment_tags, options) -> Iterator[tuple]:
    """Yield ``(line, function, message, comments)`` for each word, as Babel's extractors do (the line: the
    first key that starts like the word)."""
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    words, items = data_words(json.loads(text))
    for word in sorted(words | items):
        at = text.find('"' + word.replace(" ", "_"))
        yield (text.count("\n", 0, at) + 1 if at >= 0 else 1), "gettext", word, []
