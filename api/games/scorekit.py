"""Building blocks shared by the Nippon and Asara end-game scorers: the input error (`ScoringInputError`), checks of
plain JSON input that name a bad value by its JSON pointer, edition-file readers that raise `EditionError` naming the
bad data's path, placeholder tracking, score sheets, a value's path said in words, and a maximum matching (the Asian
Tigers edition checks use it too).

Both scorers raise the one `ScoringInputError`, so the web layer catches a single class.  Pure Python.
"""
from __future__ import annotations

import copy
import json
import os
import pathlib
from typing import Any, Callable, Hashable, Iterable, Mapping

from api.games.field_problems import refuse_field
from api.games.messages import Message, english_ordinal as ordinal, msg, plus_sum, said
from api.games.provenance import EditionError, ProvenanceMap, iter_leaves, validate_provenance

META_KEYS = frozenset({"schema_version", "edition", "provenance"})
DATA_DIR = pathlib.Path(__file__).resolve().parents[1] / "data"


class FieldProblem(ValueError):
    """A refused input value: `code` (snake_case), `path` (JSON pointer), `rule` (catalogue ID), `message` (English;
    `text` keeps the message for saying it in another language), `field` (the value named in words, for people
    rather than programs; `field_text` as a message) and `others`, the other field problems of the same input
    (field_problems.py)."""

    def __init__(self, summary: str, code: str, path: str, rule: str | None, message: str | Message,
                 field: str | Message | None = None):
        super().__init__(summary)
        self.code = code
        self.path = path
        self.rule = rule
        self.message = str(message)
        self.text = message
        self.field = None if field is None else str(field)
        self.field_text = field
        self.others: list[FieldProblem] = []

    def all_errors(self) -> dict[str, list[str]]:
        """``{path: [message]}`` for this problem and every other one found with it."""
        found: dict[str, list[str]] = {}
        for error in [self, *self.others]:
            found.setdefault(error.path or "/", []).append(error.message)
        return found


class ScoringInputError(FieldProblem):
    """Impossible end-of-game input of the Nippon or Asara scorer (`rule` always given; `field` optional)."""

    def __init__(self, code: str, rule: str, path: str, message: str | Message, field: str | Message | None = None):
        super().__init__(f"{path}: {message} [{rule}]", code, path, rule, message, field)

    def to_dict(self) -> dict:
        """JSON-ready description (the API turns it into problem+json)."""
        result = {"code": self.code, "rule": self.rule, "path": self.path, "message": self.message}
        if self.field:
            result["field"] = self.field
        return result


# --------------------------------------------------------------------------- input checks

def child(path: str, *segments: Any) -> str:
    """The JSON pointer `path` extended by `segments` (``child("/players", 0)`` → ``/players/0``), each escaped
    as RFC 6901 says (``~`` → ``~0``, ``/`` → ``~1``)."""
    return path + "".join("/" + str(s).replace("~", "~0").replace("/", "~1") for s in segments)


def read_object(value: Any, path: str, rule: str, *,
                required: Iterable[str] = (), optional: Iterable[str] = ()) -> dict:
    """Check that `value` is an object with all `required` keys and no keys outside required + optional."""
    read_mapping(value, path, rule)
    required = tuple(required)
    allowed = set(required) | set(optional)
    for key in required:
        if key not in value:
            raise ScoringInputError("missing_field", rule, child(path, key), msg("'{key}' is required", key=key))
    for key in value:
        if key not in allowed:
            raise ScoringInputError("unknown_field", rule, child(path, key),
                                    msg("unknown field '{key}'; expected one of {allowed}", key=key,
                                        allowed=", ".join(sorted(allowed))))
    return value


def read_mapping(value: Any, path: str, rule: str) -> dict:
    """Check that `value` is an object whose keys are free ids (player or region ids)."""
    if not isinstance(value, dict):
        raise ScoringInputError("not_an_object", rule, path or "/", msg("expected an object"))
    return value


def read_list(value: Any, path: str, rule: str, *, length: int | None = None) -> list:
    """Check that `value` is a list (of exactly `length` items when given)."""
    if not isinstance(value, list):
        raise ScoringInputError("not_a_list", rule, path, msg("expected a list"))
    if length is not None and len(value) != length:
        raise ScoringInputError("wrong_length", rule, path, msg("expected {length} entries, got {count}", length=length, count=len(value)))
    return value


def read_int(value: Any, path: str, rule: str, *, minimum: int | None = 0, maximum: int | None = None) -> int:
    """Check that `value` is an integer (not a bool) within [minimum, maximum].

    Under `field_problems.all_problems` a bad value is noted and a stand-in within the bounds returned."""
    if isinstance(value, bool) or not isinstance(value, int):
        said = msg("nothing was entered") if value in ("", None) else msg("{value} is not one", value=repr(value))
        refuse_field(ScoringInputError("not_an_integer", rule, path, msg("a whole number is needed here: {said}", said=said)))
        return minimum if minimum is not None else 0
    if minimum is not None and value < minimum:
        code = "negative_count" if minimum == 0 else "below_minimum"
        refuse_field(ScoringInputError(code, rule, path, msg("must be at least {minimum}, not {value}", minimum=minimum, value=value)))
        return minimum
    if maximum is not None and value > maximum:
        refuse_field(ScoringInputError("above_maximum", rule, path, msg("must be at most {maximum}, not {value}", maximum=maximum, value=value)))
        return maximum
    return value


def read_id(value: Any, path: str, rule: str) -> str:
    """Check that `value` is a non-empty string id."""
    if not isinstance(value, str) or not value.strip():
        raise ScoringInputError("not_an_id", rule, path, msg("expected a non-empty string id, got {value}", value=repr(value)))
    return value


def read_player_ref(value: Any, path: str, rule: str, player_ids: Iterable[str]) -> str:
    """Check that `value` names one of `player_ids`."""
    read_id(value, path, rule)
    if value not in player_ids:
        raise ScoringInputError("unknown_player", rule, path, msg("no player has the id {value}", value=repr(value)))
    return value


def read_player_ids(players: list, path: str, rule: str) -> list[str]:
    """The ids of `players` (objects with an ``id``), refusing duplicates."""
    ids: list[str] = []
    for index, player in enumerate(players):
        player_id = read_id(player.get("id") if isinstance(player, dict) else None, child(path, index, "id"), rule)
        if player_id in ids:
            raise ScoringInputError("duplicate_player_id", rule, child(path, index, "id"),
                                    msg("player id {id} is used twice", id=repr(player_id)))
        ids.append(player_id)
    return ids


# --------------------------------------------------------------------------- edition files

def load_document(source: str | os.PathLike | Mapping | None, default_file: str, game: str) -> dict:
    """Read an edition document from a path, a mapping (deep-copied) or the shipped default file.

    Checks that it is an object of the right game (``edition.game``); raises
    `EditionError` naming the path otherwise (a file that cannot be read raises `OSError`).
    """
    if source is None:
        source = DATA_DIR / default_file
    if isinstance(source, Mapping):
        document = copy.deepcopy(dict(source))
    else:
        try:
            document = json.loads(pathlib.Path(source).read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise EditionError("/", msg("not valid JSON ({error} at line {line})", error=error.msg,
                                         line=error.lineno)) from None
    if not isinstance(document, dict):
        raise EditionError("/", msg("an edition file must be a JSON object"))
    edition = document.get("edition")
    if not isinstance(edition, dict) or not isinstance(edition.get("id"), str):
        raise EditionError("/edition/id", msg("the edition must have a string id"))
    if edition.get("game") != game:
        raise EditionError("/edition/game", msg("expected an edition of {game}, got {found}", game=game,
                                                 found=repr(edition.get("game"))))
    return document


class DataReader:
    """Typed access to an edition document; every failure is an `EditionError` naming the path."""

    def __init__(self, document: dict):
        self.document = document

    def node(self, *path: str) -> Any:
        """The value at `path`, which must exist."""
        node: Any = self.document
        for depth, segment in enumerate(path):
            if isinstance(node, dict) and segment in node:
                node = node[segment]
            elif isinstance(node, list) and segment.isdigit() and int(segment) < len(node):
                node = node[int(segment)]
            else:
                raise EditionError(child("", *path[: depth + 1]), msg("missing"))
        return node

    def mapping(self, *path: str) -> dict:
        """The non-empty object at `path`."""
        value = self.node(*path)
        if not isinstance(value, dict) or not value:
            raise EditionError(child("", *path), msg("must be a non-empty object"))
        return value

    def integer(self, *path: str, minimum: int = 0) -> int:
        """The integer at `path` (≥ `minimum`)."""
        value = self.node(*path)
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise EditionError(child("", *path), msg("must be a whole number ≥ {minimum}, got {value}", minimum=minimum,
                                                     value=repr(value)))
        return value

    def integers(self, *path: str, length: int | None = None, minimum: int = 0) -> tuple[int, ...]:
        """The list of integers at `path` (of `length` items when given, non-empty otherwise)."""
        value = self.node(*path)
        if not isinstance(value, list) or not value or (length is not None and len(value) != length):
            expected = (msg("must be a list of {length} whole numbers", length=length) if length is not None
                        else msg("must be a non-empty list of whole numbers"))
            raise EditionError(child("", *path), expected)
        return tuple(self.integer(*path, str(i), minimum=minimum) for i in range(len(value)))

    def boolean(self, *path: str) -> bool:
        """The boolean at `path`."""
        value = self.node(*path)
        if not isinstance(value, bool):
            raise EditionError(child("", *path), msg("must be true or false, got {value}", value=repr(value)))
        return value

    def choice(self, *path: str, supported: Iterable[str]) -> str:
        """The string at `path`, which must be one of the readings this scorer implements."""
        value = self.node(*path)
        supported = tuple(supported)
        if value not in supported:
            raise EditionError(child("", *path), msg("unsupported value {value}; this scorer implements {supported}",
                                                     value=repr(value), supported=", ".join(map(repr, supported))))
        return value


# --------------------------------------------------------------------------- placeholder tracking

class EditionValues:
    """An edition document and its provenance map, able to say which consulted values are placeholders."""

    def __init__(self, document: dict):
        self.document = document
        self.provenance: ProvenanceMap = validate_provenance(document, set(META_KEYS))
        self._cache: dict[tuple[str, ...], tuple[str, ...]] = {}

    def placeholders_under(self, path: tuple[str, ...]) -> tuple[str, ...]:
        """Placeholder paths for the value at `path`: the path itself when every leaf under it is a placeholder,
        else each placeholder leaf under it (empty when none is)."""
        if path not in self._cache:
            node = DataReader(self.document).node(*path)
            leaves = [leaf for leaf, _ in iter_leaves(node, path)]
            hits = [leaf for leaf in leaves if self.provenance.is_placeholder(leaf)]
            if hits and len(hits) == len(leaves):
                self._cache[path] = (child("", *path),)
            else:
                self._cache[path] = tuple(child("", *leaf) for leaf in hits)
        return self._cache[path]


class PlaceholderLog:
    """Collects the placeholder data paths one computation consulted."""

    def __init__(self, values: EditionValues):
        self._values = values
        self._paths: set[str] = set()

    def use(self, *path: str) -> None:
        """Note that the computation consulted the data value at `path`."""
        self._paths.update(self._values.placeholders_under(tuple(path)))

    def paths(self) -> list[str]:
        """The sorted placeholder paths consulted so far."""
        return sorted(self._paths)


# --------------------------------------------------------------------------- score sheets

class ScoreSheet:
    """One player's points by category, each contribution with a plain-language explanation line."""

    def __init__(self, categories: Iterable[str]):
        self.categories: dict[str, int] = {category: 0 for category in categories}
        self.lines: list[dict] = []

    def add(self, category: str, points: int, explanation: str | Message, **details: Any) -> None:
        """Add `points` to `category` with the line explaining them (extra keys go into the line)."""
        self.categories[category] += points
        said = {"explanation_message": explanation.as_json()} if isinstance(explanation, Message) else {}
        self.lines.append({"category": category, "points": points, "explanation": str(explanation), **said, **details})

    @property
    def total(self) -> int:
        """The sum of all categories."""
        return sum(self.categories.values())

    def total_explanation(self, labels: Mapping[str, Any]) -> Message:
        """``"10 starting VP + 14 region majorities = 24"``: the non-zero categories summed."""
        parts = [msg("{points} {label}", points=points, label=labels.get(category, category))
                 for category, points in self.categories.items() if points]
        return msg("{terms} = {total}", terms=plus_sum(parts) if parts else 0, total=self.total)


def sheet_row(sheet: ScoreSheet, labels: Mapping[str, Any], ranking: list[dict], player: str) -> dict:
    """A result's entry for one player: categories, total and its explanation, lines, and rank in `ranking`."""
    return {"categories": dict(sheet.categories), "total": sheet.total,
            **said("total_explanation", sheet.total_explanation(labels)), "lines": sheet.lines,
            "rank": next(r["rank"] for r in ranking if r["player"] == player)}


def check_row(check: Any, status: str, detail: Any) -> dict:
    """One entry of a result's ``verification``: what was checked, its status, and how."""
    return {**said("check", check), "status": status, **said("detail", detail)}


def max_matching(items: Iterable[Hashable], slots_for: Callable[[Any], Iterable[Hashable]]) -> dict:
    """A maximum bipartite matching (slot -> item) by augmenting paths (Kuhn's algorithm)."""
    match: dict = {}

    def augment(item: Hashable, seen: set) -> bool:
        for slot in slots_for(item):
            if slot not in seen:
                seen.add(slot)
                if slot not in match or augment(match[slot], seen):
                    match[slot] = item
                    return True
        return False

    for item in items:
        augment(item, set())
    return match


# --------------------------------------------------------------------------- naming a value in words

_COLLECTIONS = {"players": msg("{place} player"), "towers": msg("{place} tower"), "tiles": msg("{place} tile"),
                "achievements": msg("{place} achievement"), "placed": msg("{place} tile placed"),
                "building_turns": msg("{place} building turn")}
_NUMBERED = {"scorings": msg("scoring {number}"), "years": msg("year {number}")}
_ENTRY = msg("{place} entry")


def path_in_words(path: str, body: Any) -> Message:
    """A JSON pointer of a scorer input in words: ``/players/1/towers/0/color`` → "Bob's 1st tower · color"."""
    words: list = []
    node, owner = body, None
    segments = [s.replace("~1", "/").replace("~0", "~") for s in path.split("/")[1:]]
    for index, segment in enumerate(segments):
        parent = segments[index - 1] if index else None
        if isinstance(node, list) and segment.isdigit():
            item = node[int(segment)] if int(segment) < len(node) else None
            place = ordinal(int(segment) + 1)
            if parent == "players" and isinstance(item, dict) and isinstance(item.get("name", item.get("id")), str):
                words[-1] = item.get("name", item.get("id"))
                owner = len(words) - 1
            elif index >= 2 and segments[index - 2] == "towers":  # towers keyed by player: Bob's 2nd tower
                words[-2:] = [msg("{player}'s {place} tower", player=parent, place=place)]
            elif parent in _NUMBERED:
                words[-1] = msg(_NUMBERED[parent].id, number=int(segment) + 1)
            else:
                words[-1] = msg(_COLLECTIONS.get(parent, _ENTRY).id, place=place)
            node = item
            continue
        if parent == "players" and isinstance(node, dict):  # players keyed by name (Nippon live's end)
            words[-1] = segment
            owner = len(words) - 1
        else:
            words.append(_WORDS.get(segment, segment.replace("_", " ")))
        node = node.get(segment) if isinstance(node, dict) else None
    if owner is not None and owner + 1 < len(words):  # "Ann's VP track", not "Ann · vp track"
        words[owner:owner + 2] = [msg("{player}'s {thing}", player=words[owner], thing=words[owner + 1])]
    said = words[0] if words else msg("the input")
    for word in words[1:]:
        said = msg("{before} · {after}", before=said, after=word)
    return said if isinstance(said, Message) else msg("{name}", name=said)


# The input's keys in words (the rest, player names and region ids, are said as they are).
_WORDS = {"vp_track": msg("VP track"), "vp_in_play": msg("VP gained in play"),
          "last_turn_player": msg("who took the last turn"), "end": msg("the end"), "name": msg("name"),
          "seat": msg("seat"), "space": msg("space"), "units": msg("units"), "multiplier": msg("multiplier"),
          "contracts": msg("contracts"), "region_bonus": msg("region bonus"), "workforce_lost": msg("workforce lost"),
          "regions": msg("regions"), "city": msg("city"), "slot": msg("slot"), "value": msg("value"),
          "player": msg("player"), "trains": msg("trains"), "ships": msg("ships"), "asari": msg("Asari"),
          "prestige": msg("prestige"), "color": msg("color"), "sections": msg("sections"), "gold": msg("gold"),
          "gold_sections": msg("gold sections"), "caliph": msg("Caliph's patronage"),
          "building_prestige": msg("building prestige"), "mode": msg("mode")}


def name_the_field(error: ScoringInputError, body: Any) -> ScoringInputError:
    """`error` (and the others found with it) with `field` in words (from its path) when the check gave none."""
    for each in [error, *error.others]:
        if not each.field:
            each.field_text = path_in_words(each.path, body)
            each.field = str(each.field_text)
    return error


MAX_NAME = 40  # characters of a player's name, in every scorer that names players by name


def read_player_names(players_raw: list, rule: str, required: tuple[str, ...], optional: tuple[str, ...]) -> list[str]:
    """The players' names (their ids), each player an object with `required` and `optional` keys: 1 to 40
    characters, all different."""
    names: list[str] = []
    for index, player in enumerate(players_raw):
        read_object(player, child("/players", index), rule, required=required, optional=optional)
        name, path = player["name"], child("/players", index, "name")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise ScoringInputError("not_a_name", rule, path,
                                    msg("a player needs a name of 1 to {most} characters", most=MAX_NAME),
                                    field=msg("player {number}'s name", number=index + 1))
        if name in names:
            raise ScoringInputError("duplicate_player_name", rule, path,
                                    msg("two players are called {name}; give each a different name", name=repr(name)),
                                    field=msg("player {number}'s name", number=index + 1))
        names.append(name)
    return names
