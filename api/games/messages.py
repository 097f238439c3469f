"""Text the scorers say, as a message id with named values, rendered in a language at the edge.

The id is the English source text with named placeholders (gettext's convention), so
``pybabel extract`` finds every ``msg("…")`` / ``msg_n("…", "…", "count")`` and a
catalogue translates it; `str(message)` is the English text.  A value is a plain str/int,
another `Message`, or one of the language-dependent forms below (an ordinal, an "and"
list, a sum of terms).  Rendering in another language lives in `api.i18n`; this module
stays pure (no Babel, no Flask) so the engine bundle carries it to the phone.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping


@dataclass(frozen=True)
class Message:
    """A message `id` (English text with ``{name}`` placeholders) and its named values.

    A plural message also has its English `plural` text and names the value (`count`) that picks the form."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    count: str | None = None

    def __str__(self) -> str:
        return render(self)

    def as_json(self) -> dict:
        """The message as JSON (``{"id", "params"[, "plural", "count"]}``), values converted recursively."""
        out: dict = {"id": self.id, "params": {k: _json(v) for k, v in self.params.items()}}
        if self.plural is not None:
            out.update(plural=self.plural, count=self.count)
        return out


def msg(text: str, /, **params: Any) -> Message:
    """The message `text` with its values (the marker Babel extracts)."""
    return Message(text, params)


def msg_n(singular: str, plural: str, count: str, /, **params: Any) -> Message:
    """A message with a singular and a plural form, chosen by the value named `count`."""
    return Message(singular, params, plural, count)


def said(key: str, message: Message | None) -> dict:
    """``{key: English text, key_message: the message as JSON}`` for a result document (None stays None)."""
    return {key: None} if message is None else {key: str(message), key + "_message": message.as_json()}


def ordinal(number: int) -> dict:
    """A place or position said as an ordinal in the reader's language (1st, 1., 1.º, 1er…)."""
    return {"ordinal": number}


def and_list(items: Iterable[Any]) -> dict:
    """Items joined the reader's way ("a, b and c")."""
    return {"and": list(items)}


def plus_sum(items: Iterable[Any]) -> dict:
    """Terms joined by " + " (a negative term reads "− 4")."""
    return {"sum": list(items)}


def name(family: str, code: str, text: str) -> dict:
    """A component's name (`family`: tigers, goods…): as the reader's `Language.names` say it, else `text`."""
    return {"name": [family, code, text]}


def english_ordinal(number: int, form: str = "") -> str:
    """1 → "1st", 2 → "2nd", 11 → "11th"."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def english_list(items: list[str]) -> str:
    """["a", "b", "c"] → "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


@dataclass(frozen=True)
class Language:
    """How one language says things: its catalogue's lookups, its ordinals and its lists."""

    gettext: Callable[[str], str] = lambda text: text
    ngettext: Callable[[str, str, int], str] = lambda one, many, n: one if n == 1 else many
    ordinal: Callable[[int, str], str] = english_ordinal  # form "f": where a language has a feminine one
    and_list: Callable[[list[str]], str] = english_list
    code: str = "en"
    names: Mapping[str, Mapping[str, str]] | None = None  # an edition's component names in this language


ENGLISH = Language()

def say(tree: Any, lang: Language = ENGLISH, plain: tuple = ()) -> Any:
    """A view or result with every `Message` in it rendered in `lang` (new dicts and lists; the rest shared);
    `plain`: top-level keys whose parts hold no message, shared as they are (a view's board: most of its size)."""
    if plain:
        return {key: value if key in plain else say(value, lang) for key, value in tree.items()}
    if isinstance(tree, Message):
        return render(tree, lang)
    if type(tree) is dict:
        return {key: say(value, lang) for key, value in tree.items()}
    return [say(value, lang) for value in tree] if type(tree) in (list, tuple) else tree


def render(value: Any, lang: Language = ENGLISH) -> str:
    """`value` (a Message, a form from this module or a plain value) as text in `lang`."""
    if type(value) is str:  # most values are names and numbers already said: the common case first
        return value
    if isinstance(value, Message):
        values = {k: _Ordinal(v["ordinal"], lang) if isinstance(v, dict) and "ordinal" in v else render(v, lang)
                  for k, v in value.params.items()}
        if value.plural is None:
            return lang.gettext(value.id).format(**values)
        return lang.ngettext(value.id, value.plural, int(value.params[value.count])).format(**values)
    if isinstance(value, dict) and "id" in value and "params" in value:
        return render(Message(value["id"], value["params"], value.get("plural"), value.get("count")), lang)
    if isinstance(value, dict) and "name" in value:
        family, code, text = value["name"]
        return (lang.names or {}).get(family, {}).get(code, text)
    if isinstance(value, dict) and "ordinal" in value:
        return lang.ordinal(int(value["ordinal"]))
    if isinstance(value, dict) and "and" in value:
        return lang.and_list([render(item, lang) for item in value["and"]])
    if isinstance(value, dict) and "sum" in value:
        return " + ".join(render(item, lang) for item in value["sum"]).replace("+ -", "− ")
    return str(value)


class _Ordinal:
    """An ordinal inside a text: ``{place}``, or ``{place:f}`` where the translation needs the feminine form."""

    def __init__(self, number: int, lang: Language):
        self.number, self.lang = int(number), lang

    def __format__(self, form: str) -> str:
        return self.lang.ordinal(self.number, form)


def _json(value: Any) -> Any:
    if isinstance(value, Message):
        return value.as_json()
    if isinstance(value, dict):
        return {k: [_json(i) for i in v] if isinstance(v, list) else v for k, v in value.items()}
    return value
