"""Small builders for the scorer's table input (format: `api.games.asian_tigers.scoring.scorer`)."""
from __future__ import annotations

import functools
import json
import pathlib

DATA_FILE = pathlib.Path(__file__).resolve().parents[4] / "api" / "data" / "asian-tigers.placeholder.json"


@functools.lru_cache(maxsize=1)
def shipped_edition():
    """The shipped edition, validated as far as the available checks allow (cached)."""
    try:
        from api.games.asian_tigers.edition.load import load_edition

        return load_edition()
    except ImportError:
        # edition_checks is written in parallel; until it exists, provenance is all we can check.
        from api.games.asian_tigers.edition.load import META_KEYS, build_edition
        from api.games.provenance import validate_provenance

        doc = json.loads(DATA_FILE.read_text(encoding="utf-8"))
        return build_edition(doc, validate_provenance(doc, META_KEYS))


TIGERS = ("SK", "HK", "TW", "SG")


def facts(A=0, B=0, C=0, none=0, *, types=None, sat=0, pf=0, pp=0, lab=0, hq=False):
    """One Tiger's facts; `types` defaults to the least the other facts imply."""
    if types is None:
        types = (sat > 0) + (pf > 0) + (pp > 0) + (lab > 0) + bool(hq)
        types = max(types, 1) if A + B + C + none else types
    return {"ip": {"A": A, "B": B, "C": C, "none": none}, "distinct_infrastructure_types": types,
            "satellites": sat, "parts_factories": pf, "power_plants": pp, "laboratories": lab}


def participant(kind="player", *, position=1, stack=0, leftovers=(0, 0, 0), influence=None, tigers=None,
                flags=None, special=()):
    """A participant block; influence and facts default to 0 on every Tiger."""
    block = {"kind": kind, "influence": {t: 0 for t in TIGERS}, "tigers": {t: facts() for t in TIGERS}}
    block["influence"].update(influence or {})
    block["tigers"].update(tigers or {})
    if kind == "neutral":
        block["tigers"] = {t: {"ip": (tigers or {}).get(t, facts(A=2, C=3))["ip"]} for t in TIGERS}
        return block
    block["global_market"] = {"position": position, "stack": stack}
    if kind == "player":
        block["leftovers"] = dict(zip(("goods", "energy", "science"), leftovers))
    block["flags"] = {k: list(v) for k, v in (flags or {}).items()}
    block["special_flags"] = list(special)
    return block


def table(participants: dict, *, player_count=None, order=None, tokens=("PT1", "PT2", "PT3", "PT4"), hq=None,
          options=None, solo=None, era1=None):
    """A table input; `player_count` defaults to the number of players (1 with an Automa)."""
    kinds = [p["kind"] for p in participants.values()]
    if player_count is None:
        player_count = 1 if "automa" in kinds else kinds.count("player")
    data = {
        "player_count": player_count,
        "neutral": "neutral" in kinds,
        "solo": solo if solo is not None else ({"difficulty": 1} if player_count == 1 else None),
        "turn_order": list(order or [pid for pid, p in participants.items() if p["kind"] != "neutral"]),
        "tigers": {t: {"prosperity_token": tok, "headquarters": (hq or {}).get(t)} for t, tok in zip(TIGERS, tokens)},
        "participants": participants,
    }
    if options is not None:
        data["rules_options"] = options
    if era1 is not None:
        data["era1"] = era1
    return data
