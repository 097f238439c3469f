"""The rules the app shows (pwa/data/rules.json, built by tools/build_rules.py from the catalogue):
every rule id the engine can name has its text, every cross-reference resolves, and the builder
reads the catalogue's three entry shapes (rules, rulings, missing numbers).  No file outside the
repository is read: the builder is fed an inline catalogue excerpt."""
from __future__ import annotations

import json
import re
from pathlib import Path

from tools.build_rules import ID, build, parse

ROOT = Path(__file__).resolve().parents[2]
RULES = json.loads((ROOT / "pwa" / "data" / "rules.json").read_text(encoding="utf-8"))
BY_ID = {r["id"]: r for r in RULES["rules"]}

EXCERPT = """# A catalogue (final 1.0)

# Part A: Rule catalogue (Asian Tigers)

## A.5 Turn structure and worker placement (TURN, PLACE)

- **PLACE-01** [engine] The first worker fixes the center's type. → AMB-14
- **PLACE-02** [engine] No two centers of a Tiger share a type (see PLACE-01):
  * once two are fixed, the third takes the remaining type.

# Part B: Numbers the text does not give

| ID | What is missing | Used by | Path | Placeholder value in the edition |
|---|---|---|---|---|
| DATA-09 | Construction spaces | PLACE-06 | `tigers.<T>.spaces` | Same grid on every Tiger. |

# Part C: Ambiguities and contradictions

### Actions, trading and bonuses

- **AMB-14 (can a center hold several workers?).**
  * The text: "a quoted sentence of the rulebook".
  * Reading: yes, any number of the fixed type.
  * **Ruling:** A center takes any number of workers of its fixed type.

## E.1 Nippon (zaibatsu game): scoring rules (NIP-SCORE)

- **NIP-SCORE-10** [engine] The player with the most VP wins.
- **NIP-AMB-05** Can VP go below 0? **Proposed:** yes.
"""


def engine_rule_ids() -> set[str]:
    """Every rule id written as a string in the server's code (refusals, why-not, tie-breaks, lines)."""
    pattern = re.compile(rf"[\"']({ID})[\"']")
    return {m.group(1) for p in (ROOT / "api").rglob("*.py") for m in pattern.finditer(p.read_text(encoding="utf-8"))}


def test_every_rule_id_the_server_names_has_its_text():
    named = engine_rule_ids()
    assert len(named) > 50  # the scan finds the engine's ids (PLACE-01, TIE-07, …), not nothing
    assert sorted(named - BY_ID.keys()) == []
    assert all(BY_ID[i]["text"].strip() for i in named)


def test_the_catalogue_is_all_there_nippon_and_asara_included():
    # The catalogue's appendix counts 236 Asian Tigers rules, 11 Nippon and 15 Asara.
    rules = [r for r in RULES["rules"] if r["kind"] == "rule"]
    assert sum(r["game"] == "asian-tigers" for r in rules) == 236
    assert sum(r["game"] == "nippon" for r in rules) == 11 and sum(r["game"] == "asara" for r in rules) == 15
    assert {f"AMB-{n:02d}" for n in range(1, 51)} <= BY_ID.keys()  # AMB-01..50, each with its ruling
    assert all("Ruling:" in BY_ID[f"AMB-{n:02d}"]["text"] for n in range(1, 51))
    assert {f"DATA-{n:02d}" for n in range(1, 26)} <= BY_ID.keys()
    assert RULES["provenance"]["built_by"] == "tools/build_rules.py" and "paraphrase" in RULES["provenance"]["wording"]


def test_neighbours_and_cross_references_resolve():
    for area, info in RULES["areas"].items():
        assert info["ids"] and all(BY_ID[i]["area"] == area for i in info["ids"])
    for r in RULES["rules"]:
        assert r["id"] in RULES["areas"][r["area"]]["ids"]
        assert all(ref in BY_ID for ref in r["refs"]) and r["id"] not in r["refs"]
        assert all(r["id"] in BY_ID[c]["refs"] for c in r["cited_by"])
    # MGMT1-03: "Ties use TIE-01 to TIE-03 and TIE-06. → DATA-01, AMB-20"
    assert {"TIE-01", "TIE-06", "DATA-01", "AMB-20"} <= set(BY_ID["MGMT1-03"]["refs"])
    assert "MGMT1-03" in BY_ID["AMB-20"]["cited_by"]


def test_builder_reads_rules_rulings_and_missing_numbers():
    entries = {e["id"]: e for e in parse(EXCERPT)}
    assert list(entries) == ["PLACE-01", "PLACE-02", "DATA-09", "AMB-14", "NIP-SCORE-10", "NIP-AMB-05"]
    assert entries["PLACE-02"]["text"] == ["No two centers of a Tiger share a type (see PLACE-01):",
                                           "once two are fixed, the third takes the remaining type."]
    # A ruling keeps the project's reading and ruling, not what the rulebook says.
    assert entries["AMB-14"]["title"] == "can a center hold several workers?"
    assert entries["AMB-14"]["text"] == ["Reading: yes, any number of the fixed type.",
                                         "Ruling: A center takes any number of workers of its fixed type."]
    assert "Same grid on every Tiger." in entries["DATA-09"]["text"][0]
    doc = {r["id"]: r for r in build(EXCERPT, "excerpt.md")["rules"]}
    assert doc["PLACE-01"]["refs"] == ["AMB-14"] and doc["AMB-14"]["cited_by"] == ["PLACE-01"]
    assert doc["PLACE-02"]["refs"] == ["PLACE-01"] and doc["NIP-SCORE-10"]["game"] == "nippon"
