"""An option's cost and payoff in one sentence (issue 12), remembered (issue 18).

``label — pays …; gets …; sector …; notes``: the ``summary`` of every entry of
a view's ``choices``.  A view words ~20 options and the same builds, sales and
placements recur move after move, so `worded` remembers each sentence by the
edition and the encoded (label, cost, payoff) it words.
"""
from __future__ import annotations

try:
    import orjson
except ImportError:  # the offline phone (Pyodide) may run without it
    orjson = None

from api.games.asian_tigers.state import GameState

_SUMMARIES: dict = {}  # (edition hash, encoded label, cost and payoff) -> sentence
_SUMMARIES_MAX = 8192  # the same few hundred builds, sales and placements recur in every game


def worded(state: GameState, label: str, cost: dict, payoff: dict) -> str:
    """`summary`, remembered: a sentence depends only on the edition and the (label, cost, payoff) it words.

    Encoding those (one C call) costs a fraction of wording them again; a view words ~20 options.
    """
    if orjson is None:  # the offline phone: no fast encoder, word it
        return summary(state, label, cost, payoff)
    try:
        key = (state.edition.content_hash, orjson.dumps((label, cost, payoff)))
    except TypeError:
        return summary(state, label, cost, payoff)
    text = _SUMMARIES.get(key)
    if text is None:
        if len(_SUMMARIES) >= _SUMMARIES_MAX:
            _SUMMARIES.clear()
        text = _SUMMARIES[key] = summary(state, label, cost, payoff)
    return text


def summary(state: GameState, label: str, cost: dict, payoff: dict) -> str:
    """``label — pays …; gets …; sector …; notes`` in words (codes never appear)."""
    parts = [label]
    paid = _amounts(state, cost)
    if paid:
        parts.append("pays " + ", ".join(paid))
    got = _amounts(state, payoff, gain=True)
    flag = payoff.get("flag")
    if flag:
        got.append(flag["label"] if flag["label"].startswith("the ") else f"flag {flag['label']}")
    if payoff.get("row"):
        got.append(f"row bonus: {payoff['row']['nation_bonus']['label']}")
    if payoff.get("region_bonus"):
        got.append(f"then the region bonus “{payoff['region_bonus']['label']}”")
    if got:
        parts.append("gets " + ", ".join(got))
    sector = payoff.get("sector")
    if sector:
        number = sector["id"].lstrip("S")
        if sector["empties"]:
            parts.append(f"empties sector {number}: {sector['bonus']['label']}")
        else:
            left = f"{sector['generic_left']} piece{'' if sector['generic_left'] == 1 else 's'}"
            parts.append(f"sector {number} keeps {left}" + (" and its factory" if sector["factory_left"] else ""))
    parts += payoff.get("notes", [])
    return " — ".join(parts)


_AMOUNT_KEYS = frozenset({"funds", "influence", "energy", "science", "goods", "global_market"})


def _amounts(state: GameState, bucket: dict, gain: bool = False) -> list[str]:
    if _AMOUNT_KEYS.isdisjoint(bucket):  # most costs are empty; many payoffs hold only a space, a sector, notes
        return []
    out, sign = [], "+" if gain else ""
    for tiger, n in (bucket.get("funds") or {}).items():
        out.append(f"{sign}{n} fund{'s' if n != 1 else ''} on {state.edition.tigers[tiger].name}")
    for tiger, n in (bucket.get("influence") or {}).items():
        out.append(f"+{n} influence on {state.edition.tigers[tiger].name}")
    for key in ("energy", "science"):
        if bucket.get(key):
            out.append(f"{sign}{bucket[key]} {key}")
    for good, n in (bucket.get("goods") or {}).items():
        out.append(f"{sign}{n} {good}")
    if bucket.get("global_market"):
        out.append(f"+{bucket['global_market']} on the global market")
    return out
