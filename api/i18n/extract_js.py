"""Babel extraction method for the phone's screens: every ``t("…")`` and ``tn("…", "…", n)`` call.

Babel's own JavaScript extractor re-lexes the inside of template literals as code, so an apostrophe
in a screen's HTML text ("the Caliph's patronage") opens a phantom string and the calls after it are
lost.  The phone's convention is narrower than JavaScript: a message id is always a double-quoted
literal as the first argument(s) of ``t``/``tn``, so a regular expression finds them all.
Used from babel.cfg as ``[api.i18n.extract_js.extract: pwa/js/…]`` (Babel's documented hook).
"""
from __future__ import annotations

import json
import re
from typing import IO, Iterator

STRING = r'"(?:[^"\\\n]|\\.)*"'
CALL = re.compile(rf'\b(tn?)\(\s*({STRING})(?:\s*,\s*({STRING}))?')


def extract(fileobj: IO[bytes], keywords, comment_tags, options) -> Iterator[tuple]:
    """Yield ``(line, function, message, comments)`` for each call, as Babel's extractors do."""
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    for match in CALL.finditer(text):
        function, first, second = match.groups()
        line = text.count("\n", 0, match.start()) + 1
        if function == "tn" and second:
            yield line, "ngettext", (json.loads(first), json.loads(second)), []
        elif function == "t":
            yield line, "gettext", json.loads(first), []
