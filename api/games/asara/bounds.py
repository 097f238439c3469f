"""What the Asara box allows: limits every entry mode checks, each refusal naming the value in words.

* Asari: the 52 coins in the box (25 ones, 16 fives, 11 tens: 215 Asari) are all the
  money there is; the bank and the coloured building pay out of that kitty (rules,
  "Components" and "Extra Funds"), so no player, and no table together, holds more.
* Tower sections: the box has 100 (rules, "Components"); every section in a tower is
  one of them, so the towers standing at any time hold at most 100, and one tower too.
* Building prestige: every section in a tower was used in exactly one building turn,
  each turn using 1 to 7 sections (ASA-SCORE-02), so the prestige those turns earned
  lies between the cheapest and the dearest way of splitting the sections into turns.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

from api.games.asara.data import AsaraData
from api.games.messages import msg, ordinal
from api.games.scorekit import ScoringInputError


def check_asari(entries: Iterable[tuple[str, str, int]], data: AsaraData) -> None:
    """`entries`: (path, player name, Asari). Refuse more money than the box's coins (ASA-SCORE-09)."""
    entries = list(entries)
    box = msg("the box holds {coins} Asari coins worth {asari} in all, and the bank pays out of them",
              coins=data.coins_in_box, asari=data.asari_in_box)
    for path, name, asari in entries:
        if asari > data.asari_in_box:
            raise ScoringInputError("asari_beyond_coins", "ASA-SCORE-09", path,
                                    msg("{asari} Asari is more than there is: {box}", asari=asari, box=box),
                                    field=msg("{player}'s Asari", player=name))
    total = 0
    for path, name, asari in entries:
        total += asari
        if total > data.asari_in_box:
            raise ScoringInputError("asari_beyond_coins", "ASA-SCORE-09", path,
                                    msg("with {player}'s {asari} the players would hold {total} Asari together, but "
                                        "{box}", player=name, asari=asari, total=total, box=box),
                                    field=msg("{player}'s Asari", player=name))


def check_sections_in_box(heights: Iterable[tuple[str, Any, int]], data: AsaraData, when: Any) -> None:
    """`heights`: (path, tower in words, sections). Towers standing together use at most the box's sections."""
    total = 0
    for path, words, height in heights:
        total += height
        if total > data.tower_sections_in_box:
            raise ScoringInputError("more_sections_than_the_box", "ASA-SCORE-04", path,
                                    msg("the towers {when} would hold {total} sections, but the box has only "
                                        "{most}", when=when, total=total, most=data.tower_sections_in_box), field=words)


def building_prestige_range(data: AsaraData, sections: int) -> tuple[int, int]:
    """(least, most) prestige that building turns using `sections` sections in all can have earned (ASA-SCORE-02)."""
    return _range(data.prestige_by_sections_used, sections)


@lru_cache(maxsize=256)
def _range(table: tuple[tuple[int, int], ...], sections: int) -> tuple[int, int]:
    low = [0] + [None] * sections
    high = [0] + [None] * sections
    for used in range(1, sections + 1):
        options = [(low[used - n] + p, high[used - n] + p) for n, p in table if n <= used and low[used - n] is not None]
        if options:
            low[used] = min(o[0] for o in options)
            high[used] = max(o[1] for o in options)
    return (low[sections] or 0, high[sections] or 0)


def tower_words(name: str, index: int):
    """``"Ann's 2nd tower"``."""
    return msg("{player}'s {place} tower", player=name, place=ordinal(index + 1))
