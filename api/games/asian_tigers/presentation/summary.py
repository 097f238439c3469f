"""An option's cost and payoff in words (issue 12), remembered (issue 18).

``pays …; gets …; sector …; notes``: the ``detail`` of every entry of a view's
``choices`` (what the phone shows under the option's label).  A view words
~20 options and the same builds, sales and placements recur move after move,
so `worded` remembers each sentence by the edition and the encoded (cost,
payoff) it words.
"""
from __future__ import annotations

try:
    import orjson
except ImportError:  # the offline phone (Pyodide) may run without it
    orjson = None

from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.state import GameState

_DETAILS: dict = {}  # (edition hash, encoded cost and payoff) -> sentence
_DETAILS_MAX = 8192  # the same few hundred builds, sales and placements recur in every game


def worded(state: GameState, cost: dict, payoff: dict) -> str:
    """`detail`, remembered: a sentence depends only on the edition and the (cost, payoff) it words.

    Encoding those (one C call) costs a fraction of wording them again; a view words ~20 options.
    """
    if orjson is None:  # the offline phone: no fast encoder, word it
        return detail(state, cost, payoff)
    try:
        key = (state.edition.content_hash, orjson.dumps((cost, payoff)))
    except TypeError:
        return detail(state, cost, payoff)
    text = _DETAILS.get(key)
    if text is None:
        if len(_DETAILS) >= _DETAILS_MAX:
            _DETAILS.clear()
        text = _DETAILS[key] = detail(state, cost, payoff)
    return text


def detail(state: GameState, cost: dict, payoff: dict) -> str:
    """``pays … — gets … — sector … — notes`` in words: what an option's label does not say."""
    parts = []
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
        parts.append(sector_words(state, sector))
    parts += payoff.get("notes", [])
    return " — ".join(parts)


def sector_words(state: GameState, sector: dict) -> str:
    """``sector 3 keeps 1 piece and its factory``, or ``empties sector 3: <its bonus>`` (IBONUS-02)."""
    number = sector["id"].lstrip("S")
    if sector["empties"]:
        bonus = state.edition.sectors[sector["id"]].bonus
        return f"empties sector {number}: {L.bonus_label(state.edition, bonus, 'infrastructure_bonuses')}"
    left = f"{sector['generic_left']} piece{'' if sector['generic_left'] == 1 else 's'}"
    return f"sector {number} keeps {left}" + (" and its factory" if sector["factory_left"] else "")


def shown(payoff: dict) -> dict:
    """`payoff` as a choice carries it: without its ``notes``, words the ``detail`` already says (issue 18:
    each thing once)."""
    if "notes" not in payoff:
        return payoff
    return {key: value for key, value in payoff.items() if key != "notes"}


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
