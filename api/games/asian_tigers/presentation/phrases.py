"""The English phrases the game state keeps, said as messages (issue 37).

A bonus's or a second production's ``reason``, a region bonus's ``reason`` and an Automa effect's source and
"why" are kept in the state as English text (the state is hashed: stored games keep their hashes).  A log line
quotes them; `phrase` reads such a text back into a message made of the same parts (a bonus by its effect, a
sector, a region token, a campaign tile, the Automa's choice of Tiger) so that the line is said in the reader's
language.  Never a guess: a reading is kept only when its English is exactly what narration says for the
text (`humanize`); anything else stays English.
"""
from __future__ import annotations

import re

from api.games.asian_tigers.edition.load import Edition
from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.presentation.cache import per_edition
from api.games.messages import Message, msg

# The Automa's choice of a Tiger (`solo.automa_bonuses.choose_region`), as its English says it.
CHOICES = {
    "most influence": lambda n: msg("most influence ({value})", value=n),
    "least influence": lambda n: msg("least influence ({value})", value=n),
    "most power plants": lambda n: msg("most power plants ({value})", value=n),
    "most factories": lambda n: msg("most factories ({value})", value=n),
    "most laboratories": lambda n: msg("most laboratories ({value})", value=n),
    "fewest investment points": lambda n: msg("fewest investment points ({value})", value=n),
}
TIES = {
    "tie broken by your most investment points": msg("tie broken by your most investment points"),
    "tie broken by your most investment points, then by your most investment funds": msg(
        "tie broken by your most investment points, then by your most investment funds"),
    "tie chosen by you": msg("tie chosen by you"),
    "no eligible Tiger": msg("no eligible Tiger"),
}
REGION_BONUS = "region bonus "  # a region token's code as the rules write it ("region bonus RB3")
SAID_ONCE = ("; tie broken by your most investment funds", ", then by your most investment funds")

_CHOICE = re.compile(r"^(\w+ [\w ]+?) \((\d+)\)$")
_BONUS = re.compile(r"^the (.+) bonus \((sector S?\d+|row \w+)\)$")
_TOKEN = re.compile(r"^region bonus (\w+) of (.+) \((.+)\)$")
_LEFTOVER = re.compile(r"^leftover region bonus (\w+) \((.+)\)$")


def phrase(edition: Edition, player_count: int, text: str, said, english):
    """`text` (a phrase the state keeps) as a message whose parts are said by `said` (the narration's value
    function), or None; `english(text)` is what narration says in English, which the message must say too."""
    if not text or len(text) > 400:
        return None
    message = _read(edition, text.replace(*SAID_ONCE), said)
    return message if message is not None and str(message) == english(text) else None


def _read(edition: Edition, text: str, said):
    if text in TIES:
        return TIES[text]
    if text.endswith(": still tied, you choose"):
        return msg("{why}: still tied, you choose", why=_part(edition, text[:-len(": still tied, you choose")], said))
    if (match := _CHOICE.match(text)) and match.group(1) in CHOICES:
        return CHOICES[match.group(1)](int(match.group(2)))
    if "; " in text:  # a source and why (punctuation only: said as it is in every language)
        first, rest = text.split("; ", 1)
        return Message("{a}; {b}", {"a": _part(edition, first, said), "b": _part(edition, rest, said)})
    if text.endswith((", Era I", ", Era II")):
        source, era = text.rsplit(", Era ", 1)
        return msg("{source}, Era {era}", source=_part(edition, source, said), era=era)
    if ", from " in text:
        token, reason = text.split(", from ", 1)
        return msg("{token}, from {reason}", token=_part(edition, token, said), reason=_part(edition, reason, said))
    if match := _BONUS.match(text):
        return _bonus(edition, match.group(1), match.group(2))
    if match := _TOKEN.match(text):
        tiger = _tigers(edition).get(match.group(2))
        return None if tiger is None else msg("{token} of {tiger} ({effect})", token=said(
            REGION_BONUS + match.group(1)), tiger=L.named(edition, "tigers", tiger), effect=said(match.group(3)))
    if match := _LEFTOVER.match(text):
        return msg("leftover {token} ({effect})", token=said(REGION_BONUS + match.group(1)),
                   effect=said(match.group(2)))
    return None


def _part(edition: Edition, text: str, said):
    """A part of a phrase: a phrase itself, else what narration makes of it."""
    message = _read(edition, text, said)
    return said(text) if message is None else message


def _bonus(edition: Edition, words: str, where: str):
    """``the influence upper 3 bonus (sector S8)`` as `turn.bonuses.told_source` says it."""
    code = _bonus_codes(edition).get(words)
    if code is None:
        return None
    table = next(t for t in L.BONUS_TABLES if code in edition.catalog.get(t, {}))
    bonus = L.bonus_label(edition, code, table, L.keep)
    kind, place = where.split(" ")
    if kind == "sector":
        return msg("the “{bonus}” bonus (sector {sector})", bonus=bonus, sector=place.lstrip("S"))
    return msg("the “{bonus}” bonus ({row})", bonus=bonus, row=L.row_name(edition, place, L.keep)) \
        if place in edition.rows else None


@per_edition
def _bonus_codes(edition: Edition) -> dict:
    """A bonus's code in words (``influence upper 3``) → its code, as the state's reasons name it."""
    return {code.replace("_", " "): code for table in L.BONUS_TABLES for code in edition.catalog.get(table, {})}


@per_edition
def _tigers(edition: Edition) -> dict:
    """A Tiger's English name → its id."""
    return {tiger.name: tiger.id for tiger in edition.tigers.values()}
