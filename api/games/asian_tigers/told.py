"""An event's words (issue 37): its English ``text`` and the ``message`` it is said from in another language.

The rule modules write each event's line as a message (`msg`/`msg_n`) whose values keep the board's codes
(``SK.F2``, ``PT3``) or name a component (`name`: a Tiger, a nation, a good, a building); the English
``text`` is that message said in English, byte for byte the line the rules wrote before.  Narration
(`presentation.text.narrate`) puts the codes in words in both.
"""
from __future__ import annotations

from api.games.asian_tigers.errors import joined
from api.games.messages import Message, msg, name

# The player colours' words (the setup wizard's, pwa/js/ui/setupcheck.js): a score line's "Ann (red)", a refused colour.
COLOURS = {"red": msg("red"), "blue": msg("blue"), "green": msg("green"), "yellow": msg("yellow"),
           "purple": msg("purple"), "black": msg("black"), "white": msg("white")}


def colours_of(edition) -> Message | str:
    """The edition's player colours listed ("red, blue, …"), each in the reader's words."""
    return joined([COLOURS.get(c, c) for c in edition.player_colors], ", ")


def told(message: Message) -> dict:
    """``{"text": the English line, "message": message}``: an event's words."""
    return {"text": str(message), "message": message}


def tiger_named(state, tiger: str) -> dict:
    """A Tiger as a name value (``SK`` → South Korea, said in the reader's language)."""
    return name("tigers", tiger, state.edition.tigers[tiger].name)


def nation_named(state, nation: str) -> dict:
    """A nation as a name value."""
    return name("nations", nation, state.edition.nations[nation].name)


def good_named(good: str) -> dict:
    """A good as a name value (its code is its English name)."""
    return name("goods", good, good)


def building_named(kind: str) -> dict:
    """A building kind as a name value (``power_plant`` → power plant)."""
    return name("buildings", kind, kind.replace("_", " "))


def bonus_code_named(bonus: str) -> dict:
    """A bonus as its code in words (``influence_upper_3`` → influence upper 3), a name value: another language
    says it by its effect (`presentation.text.event_lines` gives the names)."""
    return name("bonuses", bonus, bonus.replace("_", " "))


def goods_joined(goods: list[str]):
    """Goods joined by " + " ("Electronics + Chemicals"), each a name value."""
    if len(goods) == 1:
        return good_named(goods[0])
    return Message("{a} + {b}", {"a": good_named(goods[0]), "b": goods_joined(goods[1:])})  # punctuation only


def row_named(state, row: str) -> Message:
    """A final-scoring row in words (``sector A row 2``), as narration says ``row A2``."""
    from api.games.asian_tigers.presentation.labels import keep, row_name
    return row_name(state.edition, row, keep)


def bonus_named(state, bonus: str) -> Message:
    """A bonus by its effect, as narration says ``bonus <code>`` (without the quotes)."""
    from api.games.asian_tigers.presentation.labels import BONUS_TABLES, bonus_label, keep
    table = next((t for t in BONUS_TABLES if bonus in state.edition.catalog.get(t, {})), None)
    return bonus_label(state.edition, bonus, table, keep)


def from_json(value, names: dict | None = None):
    """A message as JSON (``{"id", "params"[, "plural", "count"]}``) as a `Message` again, values too (None: None);
    `names`: a value that is one of its keys (a code) becomes its value (a name value)."""
    if isinstance(value, dict) and "id" in value and "params" in value:
        return Message(value["id"], {k: from_json(v, names) for k, v in value["params"].items()},
                       value.get("plural"), value.get("count"))
    if isinstance(value, dict) and len(value) == 1 and isinstance(value.get("and", value.get("sum")), list):
        return {key: [from_json(v, names) for v in items] for key, items in value.items()}
    return (names or {}).get(value, value) if isinstance(value, str) else value
