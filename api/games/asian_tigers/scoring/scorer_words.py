"""The values of an Asian Tigers scorer input in words, for refusals people read (issue 34).

``/participants/Ben/flags/E/1`` → "Ben's 2nd flag in sector E";
``/tigers/SK/prosperity_token`` → "South Korea's prosperity token".  Pure Python.
"""
from __future__ import annotations

from api.games.asian_tigers.edition.load import Edition
from api.games.asian_tigers.scoring.ranking import ordinal

# Input keys said otherwise than with their underscores as spaces.
THINGS = {"stack": "place in the stack", "leftovers": "leftover", "ip": "investment points", "none": "(no column)",
          "distinct_infrastructure_types": "kinds of infrastructure", "player_count": "number of players"}


def _unescape(segment: str) -> str:
    return segment.replace("~1", "/").replace("~0", "~")


def words(path: str, edition: Edition) -> str:
    """`path` (a JSON pointer into the scorer input) as a person would say it."""
    seg = [_unescape(s) for s in (path or "").split("/")[1:]]
    tigers = {t: info.get("name", t) for t, info in edition.document.get("tigers", {}).items()}
    tiger = lambda t: tigers.get(t, t)  # noqa: E731 (a lookup, named for reading)
    thing = lambda s: THINGS.get(s, s.replace("_", " "))  # noqa: E731
    if not seg:
        return "the table"
    if seg[0] == "participants" and len(seg) >= 2:
        who, rest = seg[1], seg[2:]
        if not rest:
            return who
        if rest[0] == "flags" and len(rest) >= 3 and rest[2].isdigit():
            return f"{who}'s {ordinal(int(rest[2]) + 1)} flag in sector {rest[1]}"
        if rest[0] == "flags" and len(rest) == 2:
            return f"{who}'s flags in sector {rest[1]}"
        if rest[0] == "influence" and len(rest) == 2:
            return f"{who}'s influence on {tiger(rest[1])}"
        if rest[0] == "tigers" and len(rest) >= 3:
            what = " ".join(thing(s) for s in rest[2:])
            return f"{who}'s {what} on {tiger(rest[1])}"
        if rest[0] == "leftovers" and len(rest) == 2:
            return f"{who}'s leftover {rest[1]}"
        if rest[0] == "special_flags" and len(rest) == 2 and rest[1].isdigit():
            return f"{who}'s {ordinal(int(rest[1]) + 1)} special flag"
        return f"{who}'s " + " ".join(thing(s) for s in rest)
    if seg[0] == "tigers" and len(seg) >= 3:
        if seg[2] == "board" and len(seg) >= 5:
            return f"{seg[4]} on {tiger(seg[1])}'s board" + (f" ({thing(seg[5])})" if len(seg) > 5 else "")
        return f"{tiger(seg[1])}'s " + " ".join(thing(s) for s in seg[2:])
    if seg[0] == "turn_order" and len(seg) == 2 and seg[1].isdigit():
        return f"the {ordinal(int(seg[1]) + 1)} place in turn order"
    if seg[0] == "era1":
        return "Era I: " + words("/" + "/".join(seg[1:]), edition)
    return " ".join(thing(s) for s in seg)
