"""Builders for Asara end-of-game inputs (plain dicts, as the API receives them)."""
from __future__ import annotations

import copy
import json
import pathlib

DATA_FILE = pathlib.Path(__file__).resolve().parents[3] / "api" / "data" / "asara.placeholder.json"


def placeholder_document() -> dict:
    """A fresh copy of the shipped placeholder edition, to correct or break in a test."""
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


def tower(color: str, height: int, gold: int = 0, windows: int = 0) -> dict:
    """A valid tower of `height` sections: one base, one turret, `windows` windows and trunks for the rest."""
    return {"color": color, "sections": {"base": 1, "trunk": height - 2 - windows, "window": windows, "turret": 1},
            "gold_sections": gold}


def game(asari: dict, final_towers: dict, caliph: str | None = None, earlier_years=None) -> dict:
    """Players with their Asari; `final_towers` stand at the end of year 4, earlier years are empty
    unless `earlier_years` (a list of three {player: towers}) is given."""
    ids = list(asari)
    caliph = caliph or ids[0]
    earlier = earlier_years or [{}, {}, {}]
    years = [{"caliph": caliph, "towers": copy.deepcopy(t)} for t in earlier]
    years.append({"caliph": caliph, "towers": copy.deepcopy(final_towers)})
    return {"players": [{"id": pid, "asari": a} for pid, a in asari.items()], "years": years}


def player_result(result: dict, pid: str) -> dict:
    """The result entry of one player."""
    return next(p for p in result["players"] if p["id"] == pid)


def category(result: dict, name: str) -> dict:
    """Per player: points in one category."""
    return {p["id"]: p["categories"][name] for p in result["players"]}


FINAL_CATEGORIES = ("tower_colors", "highest_tower", "most_towers", "asari")


def final_evaluation(result: dict) -> dict:
    """Per player: the points of the final evaluation (ASA-SCORE-05..09)."""
    return {p["id"]: sum(p["categories"][c] for c in FINAL_CATEGORIES) for p in result["players"]}
