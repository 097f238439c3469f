"""The values of an Asian Tigers scorer input in words, for refusals people read (issue 34).

``/participants/Ben/flags/E/1`` → "Ben's 2nd flag in sector E";
``/tigers/SK/prosperity_token`` → "South Korea's prosperity token".  Pure Python.
"""
from __future__ import annotations

from api.games.asian_tigers.edition.load import Edition
from api.games.messages import Message, msg, ordinal

# Input keys in words (any other key is said with its underscores as spaces).
THINGS = {"stack": msg("place in the stack"), "leftovers": msg("leftover"), "ip": msg("investment points"),
          "none": msg("(no column)"), "distinct_infrastructure_types": msg("kinds of infrastructure"),
          "player_count": msg("number of players"), "global_market": msg("global market"), "position": msg("position"),
          "influence": msg("influence"), "satellites": msg("satellites"), "parts_factories": msg("parts factories"),
          "power_plants": msg("power plants"), "laboratories": msg("laboratories"), "goods": msg("goods"),
          "energy": msg("energy"), "science": msg("science"), "total": msg("total"), "tigers": msg("tigers"),
          "flags": msg("flags"), "special_flags": msg("special flags"), "prosperity_token": msg("prosperity token"),
          "headquarters": msg("headquarters"), "kind": msg("kind"), "turn_order": msg("turn order"),
          "participants": msg("participants"), "board": msg("board"), "spaces": msg("spaces"), "owner": msg("owner"),
          "parts_factory": msg("parts factory"), "solo": msg("solo"), "difficulty": msg("difficulty")}


def _unescape(segment: str) -> str:
    return segment.replace("~1", "/").replace("~0", "~")


def _thing(segments: list[str]) -> Message | str:
    """Input keys one after another ("investment points A"), each known one in words."""
    said = [THINGS.get(s, s.replace("_", " ")) for s in segments]
    return said[0] if len(said) == 1 else msg("{first} {rest}", first=said[0], rest=_thing(segments[1:]))


def words(path: str, edition: Edition) -> Message | str:
    """`path` (a JSON pointer into the scorer input) as a person would say it."""
    seg = [_unescape(s) for s in (path or "").split("/")[1:]]
    tigers = {t: info.get("name", t) for t, info in edition.document.get("tigers", {}).items()}
    tiger = lambda t: tigers.get(t, t)  # noqa: E731 (a lookup, named for reading)
    if not seg:
        return msg("the table")
    if seg[0] == "participants" and len(seg) >= 2:
        who, rest = seg[1], seg[2:]
        if not rest:
            return who
        if rest[0] == "flags" and len(rest) >= 3 and rest[2].isdigit():
            return msg("{who}'s {place} flag in sector {sector}", who=who, place=ordinal(int(rest[2]) + 1), sector=rest[1])
        if rest[0] == "flags" and len(rest) == 2:
            return msg("{who}'s flags in sector {sector}", who=who, sector=rest[1])
        if rest[0] == "influence" and len(rest) == 2:
            return msg("{who}'s influence on {tiger}", who=who, tiger=tiger(rest[1]))
        if rest[0] == "tigers" and len(rest) >= 3:
            return msg("{who}'s {what} on {tiger}", who=who, what=_thing(rest[2:]), tiger=tiger(rest[1]))
        if rest[0] == "leftovers" and len(rest) == 2:
            return msg("{who}'s leftover {what}", who=who, what=_thing(rest[1:]))
        if rest[0] == "special_flags" and len(rest) == 2 and rest[1].isdigit():
            return msg("{who}'s {place} special flag", who=who, place=ordinal(int(rest[1]) + 1))
        return msg("{who}'s {what}", who=who, what=_thing(rest))
    if seg[0] == "tigers" and len(seg) >= 3:
        if seg[2] == "board" and len(seg) >= 5:
            where = msg("{space} on {tiger}'s board", space=seg[4], tiger=tiger(seg[1]))
            return msg("{where} ({what})", where=where, what=_thing(seg[5:6])) if len(seg) > 5 else where
        return msg("{tiger}'s {what}", tiger=tiger(seg[1]), what=_thing(seg[2:]))
    if seg[0] == "turn_order" and len(seg) == 2 and seg[1].isdigit():
        return msg("the {place} place in turn order", place=ordinal(int(seg[1]) + 1))
    if seg[0] == "era1":
        return msg("Era I: {where}", where=words("/" + "/".join(seg[1:]), edition))
    return _thing(seg)
