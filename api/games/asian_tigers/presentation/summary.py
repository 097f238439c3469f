"""An option's cost and payoff in words (issue 12): the ``detail`` of each of a view's ``choices``."""
from __future__ import annotations

from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.state import GameState


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
    return {key: value for key, value in payoff.items() if key != "notes"}


def _amounts(state: GameState, bucket: dict, gain: bool = False) -> list[str]:
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
