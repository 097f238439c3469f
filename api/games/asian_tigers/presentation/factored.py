"""A factored option made whole (issue 18): ``{"parts": [key, …]}`` and the view's ``choice_parts``.

A choose_build offers one build per space in reach and sector holding a piece: dozens of
options made of a few spaces and a few sectors.  The view sends each space and each sector
once (``choice_parts``, key → part) and each such option as the keys of its parts.  An
option's whole form is defined from its parts — label and detail: the parts' non-empty ones
joined with `` — ``; cost: the parts' costs added; payoff: the parts' payoffs merged (no key
is in two parts); placeholder: any part's.  Pure: the phone does the same (``recorder.js``).
"""
from __future__ import annotations

SEPARATOR = " — "


def resolve(choice: dict, parts: dict | None) -> dict:
    """The whole form ``{label, detail, cost, payoff, placeholder}`` of `choice` (itself when not factored).

    `parts`: the view's ``choice_parts``.  The payoff's objects are the parts' own: never mutate them.
    """
    keys = choice.get("parts")
    if keys is None:
        return choice
    pieces = [parts[key] for key in keys]
    cost: dict = {}
    payoff: dict = {}
    for piece in pieces:
        for name, amount in (piece.get("cost") or {}).items():
            if type(amount) is dict:  # funds, goods: per Tiger or good
                bucket = cost[name] = dict(cost.get(name) or {})
                for what, n in amount.items():
                    bucket[what] = bucket.get(what, 0) + n
            else:
                cost[name] = cost.get(name, 0) + amount
        payoff.update(piece["payoff"])
    return {"label": SEPARATOR.join(p["label"] for p in pieces if p["label"]),
            "detail": SEPARATOR.join(p["detail"] for p in pieces if p["detail"]),
            "cost": cost, "payoff": payoff, "placeholder": any(p["placeholder"] for p in pieces)}
