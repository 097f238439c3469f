"""An option's cost and payoff in words (issue 12): the ``detail`` of each of a view's ``choices``."""
from __future__ import annotations

from functools import reduce

from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.state import GameState
from api.games.messages import Message, msg, msg_n


LINKS = {"—": lambda a, b: msg("{before} — {after}", before=a, after=b), ",": lambda a, b: msg("{before}, {after}",
         before=a, after=b), "and": lambda a, b: msg("{before} and {after}", before=a, after=b),  # "a and b and c"
         "or": lambda a, b: msg("{before} or {after}", before=a, after=b),
         ";": lambda a, b: msg("{before}; {after}", before=a, after=b)}


def joined(parts: list, link: str = "—"):
    """`parts` (messages or text) linked two by two by the message `LINKS[link]` ("a — b — c"); "" for none."""
    return reduce(LINKS[link], parts) if parts else ""


def detail(state: GameState, cost: dict, payoff: dict):
    """``pays … — gets … — sector … — notes`` in words: what an option's label does not say."""
    parts = []
    paid = _amounts(state, cost)
    if paid:
        parts.append(msg("pays {amounts}", amounts=joined(paid, ",")))
    got = _amounts(state, payoff, gain=True)
    flag = payoff.get("flag")
    if flag:  # the flag's label as a message: its nation named in the reader's language
        label = L.flag_label(state.edition, flag["id"], "en", L.keep)
        got.append(label if flag["id"].startswith("special:") else msg("flag {flag}", flag=label))
    if payoff.get("row"):
        got.append(msg("row bonus: {bonus}", bonus=payoff["row"]["nation_bonus"]["label"]))
    if payoff.get("region_bonus"):
        got.append(msg("then the region bonus “{bonus}”", bonus=payoff["region_bonus"]["label"]))
    if got:
        parts.append(msg("gets {amounts}", amounts=joined(got, ",")))
    sector = payoff.get("sector")
    if sector:
        parts.append(sector_words(state, sector))
    parts += payoff.get("notes", [])
    return joined(parts)


def sector_words(state: GameState, sector: dict):
    """``sector 3 keeps 1 piece and its factory``, or ``empties sector 3: <its bonus>`` (IBONUS-02)."""
    number = sector["id"].lstrip("S")
    if sector["empties"]:
        bonus = state.edition.sectors[sector["id"]].bonus
        return msg("empties sector {sector}: {bonus}", sector=number,
                   bonus=L.bonus_label(state.edition, bonus, "infrastructure_bonuses", L.keep))
    said = dict(sector=number, count=sector["generic_left"])
    return msg_n("sector {sector} keeps {count} piece and its factory", "sector {sector} keeps {count} pieces and its "
                 "factory", "count", **said) if sector["factory_left"] else msg_n(
        "sector {sector} keeps {count} piece", "sector {sector} keeps {count} pieces", "count", **said)


def shown(payoff: dict) -> dict:
    """`payoff` as a choice carries it: without its ``notes``, words the ``detail`` already says (issue 18:
    each thing once)."""
    return {key: value for key, value in payoff.items() if key != "notes"}


def _amounts(state: GameState, bucket: dict, gain: bool = False) -> list:
    out, sign, tigers = [], "+" if gain else "", state.edition.tigers
    for tiger, n in (bucket.get("funds") or {}).items():
        out.append(msg_n("{sign}{count} fund on {tiger}", "{sign}{count} funds on {tiger}", "count", sign=sign,
                         count=n, tiger=L.named(state.edition, "tigers", tiger)))
    for tiger, n in (bucket.get("influence") or {}).items():
        out.append(msg("+{amount} influence on {tiger}", amount=n, tiger=L.named(state.edition, "tigers", tiger)))
    out += [msg("{sign}{amount} energy", sign=sign, amount=bucket["energy"])] if bucket.get("energy") else []
    out += [msg("{sign}{amount} science", sign=sign, amount=bucket["science"])] if bucket.get("science") else []
    for good, n in (bucket.get("goods") or {}).items():
        out.append(Message("{sign}{n} {good}", dict(sign=sign, n=n, good=L.named(state.edition, "goods", good))))
    if bucket.get("global_market"):
        out.append(msg("+{amount} on the global market", amount=bucket["global_market"]))
    return out
