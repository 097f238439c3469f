"""Build ``pwa/data/rules.json``: the rules catalogue as data the app shows offline.

Usage: ``python tools/build_rules.py [CATALOGUE.md] [OUT.json]`` (defaults: the shared catalogue,
``/work/shared/rules/asian-tigers-catalogue.md``, and ``pwa/data/rules.json``).  It also writes the
translators' template ``api/i18n/locale/rules.pot`` (the gettext domain ``rules``: each text with its
rule id as context, ``"<ID> title"`` for a title, ``"section"`` for an area's title; docs/rules.md), from
which ``python tools/i18n.py update`` refreshes every language's ``rules.po``.

The catalogue is the project's own paraphrase of the rulebooks (it says none of it is quoted), so
its wording is what the app shows.  Taken from it:

* every rule line ``- **ID** [tag] text`` of Part A (Asian Tigers) and Part E (NIP-SCORE, ASA-SCORE),
  with its indented continuation lines;
* every ambiguity ruling (``AMB-nn``: its title, the reading and the one-sentence ruling; the bullets
  that set out what the rulebook says are left out) and the Nippon/Asara proposed readings;
* every missing-number item (``DATA-nn``, ``NIP-DATA-nn``, ``ASA-DATA-nn``): what is missing and the
  placeholder the editions use.

Each entry carries its area (the ID without its number: its neighbours are the area's other entries)
and its cross-references: the ``→`` links and every known ID its text mentions.  The output is
deterministic (sorted keys, catalogue order), so a rebuild from the same catalogue changes nothing.
"""
from __future__ import annotations

import hashlib
import io
import json
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = Path("/work/shared/rules/asian-tigers-catalogue.md")
DEFAULT_OUT = ROOT / "pwa" / "data" / "rules.json"
POT = ROOT / "api" / "i18n" / "locale" / "rules.pot"
DOMAIN = "rules"

ID = r"[A-Z][A-Z0-9]*(?:-[A-Z][A-Z0-9]*)*-\d{2}"
ID_RE = re.compile(rf"\b{ID}\b")
RULE_RE = re.compile(rf"^- \*\*({ID})\*\* \[(engine|record|data)\] (.*)$")
AMB_RE = re.compile(rf"^- \*\*({ID})(?: \(([^)]*)\))?(?:\)?[:.]?)\s*(.*?)\*\*\s*$")  # "- **AMB-01 (title).**"
NOTE_RE = re.compile(rf"^- \*\*((?:NIP|ASA)-AMB-\d{{2}})\*\* (.*)$")
DATA_RE = re.compile(rf"^\| ((?:NIP-|ASA-)?DATA-\d{{2}}) \| (.*)\|\s*$")
SECTION_RE = re.compile(r"^#{2,3} (?:[A-E]\.\d+ )?(.*?)\s*$")

GAMES = {"NIP": "nippon", "ASA": "asara"}
# Areas whose catalogue section heading is not their own (the ambiguities and numbers span several sections).
AREA_TITLES = {"AMB": "Ambiguities: the project's rulings", "DATA": "Numbers the rulebook text does not give",
               "NIP-AMB": "Nippon: proposed readings", "NIP-DATA": "Nippon: numbers the text does not give",
               "ASA-AMB": "Asara: proposed readings", "ASA-DATA": "Asara: numbers the text does not give"}


def area_of(rule_id: str) -> str:
    """``BUILD-LAB-02`` → ``BUILD-LAB``."""
    return rule_id.rsplit("-", 1)[0]


def game_of(rule_id: str) -> str:
    return GAMES.get(rule_id.split("-", 1)[0], "asian-tigers")


def _plain(text: str) -> str:
    """Markdown emphasis and code marks dropped; the app shows plain text."""
    return re.sub(r"\*\*|`", "", text).strip()


def _data_text(cells: list[str]) -> str:
    """A missing-number table row in words: what is missing, then the editions' placeholder."""
    cells = [c.strip() for c in cells]
    what, placeholder = cells[0], cells[-1]
    return f"Missing from the rulebook text: {what}. Placeholder used by the editions until checked against the box: {placeholder}"


def parse(markdown: str) -> list[dict]:
    """The catalogue's entries in catalogue order: {id, kind, tag, title, text, section}."""
    entries: list[dict] = []
    section = ""
    current: dict | None = None
    in_part_c = False
    for line in markdown.splitlines():
        if line.startswith("# Part "):
            in_part_c = line.startswith("# Part C")
            current = None
            continue
        m = SECTION_RE.match(line)
        if m and line.startswith("##"):
            section, current = _plain(m.group(1)), None
            continue
        if m := RULE_RE.match(line):
            current = {"id": m.group(1), "kind": "rule", "tag": m.group(2), "title": None,
                       "text": [_plain(m.group(3))], "section": section}
            entries.append(current)
        elif m := NOTE_RE.match(line):
            current = {"id": m.group(1), "kind": "ambiguity", "tag": None, "title": None,
                       "text": [_plain(m.group(2))], "section": section}
            entries.append(current)
        elif in_part_c and (m := AMB_RE.match(line)):
            paren, rest = m.group(2) or "", _plain(m.group(3) or "").rstrip(".:")
            title = f"{rest} ({paren})" if rest and paren else (rest or paren)
            current = {"id": m.group(1), "kind": "ambiguity", "tag": None, "title": title, "text": [],
                       "section": section}
            entries.append(current)
        elif m := DATA_RE.match(line):
            current = None
            entries.append({"id": m.group(1), "kind": "data", "tag": "data", "title": None,
                            "text": [_plain(_data_text(m.group(2).split(" | ")))], "section": section})
        elif current and line.startswith("  ") and line.strip():
            bullet = _plain(line.strip().lstrip("*").strip())
            if current["kind"] == "ambiguity" and current["title"] is not None \
                    and not bullet.startswith(("Reading", "Ruling")):
                continue  # what the rulebook says: left out (only the project's reading and ruling are kept)
            current["text"].append(bullet)
        else:
            current = None  # a blank or unindented line ends the entry
    return entries


def build(markdown: str, source_name: str) -> dict:
    """The rules document: provenance, areas (their entries in order) and the entries by catalogue order."""
    entries = parse(markdown)
    known = {e["id"] for e in entries}
    areas: dict[str, dict] = {}
    rules = []
    for e in entries:
        text = "\n".join(e["text"])
        area = area_of(e["id"])
        areas.setdefault(area, {"title": AREA_TITLES.get(area, e["section"]), "ids": []})["ids"].append(e["id"])
        refs = [r for r in dict.fromkeys(ID_RE.findall((e["title"] or "") + " " + text)) if r != e["id"] and r in known]
        rules.append({"id": e["id"], "kind": e["kind"], "tag": e["tag"], "title": e["title"], "game": game_of(e["id"]),
                      "area": area, "text": text, "refs": refs})
    cited: dict[str, list[str]] = {}
    for r in rules:
        for ref in r["refs"]:
            cited.setdefault(ref, []).append(r["id"])
    for r in rules:
        r["cited_by"] = cited.get(r["id"], [])
    title = next((ln[2:].strip() for ln in markdown.splitlines() if ln.startswith("# ")), "")
    return {
        "provenance": {
            "source": source_name,
            "source_title": title,
            "source_sha256": hashlib.sha256(markdown.encode()).hexdigest(),
            "built_by": "tools/build_rules.py",
            "wording": "The project's own paraphrase of the rules (the catalogue states that none of it is quoted "
                       "from the rulebook); ambiguity entries keep only the project's reading and ruling.",
        },
        "areas": areas,
        "rules": rules,
    }


def catalogue(doc: dict) -> Catalog:
    """The texts of `doc` to translate: area titles (context ``section``), then per entry its title
    (``"<ID> title"``) and its text (context: its id), in catalogue order."""
    cat = Catalog(project="tablekeeper rules", domain=DOMAIN)
    for title in dict.fromkeys(area["title"] for area in doc["areas"].values()):  # areas may share a section
        cat.add(title, context="section")
    for rule in doc["rules"]:
        if rule["title"]:
            cat.add(rule["title"], context=f"{rule['id']} title")
        cat.add(rule["text"], context=rule["id"])
    return cat


def pot_text(doc: dict) -> bytes:
    """The exact bytes of rules.pot (no header, no wrapping: a rebuild changes nothing)."""
    out = io.BytesIO()
    write_po(out, catalogue(doc), width=0, omit_header=True)
    return out.getvalue()


def main(argv: list[str]) -> int:
    source = Path(argv[1]) if len(argv) > 1 else DEFAULT_SOURCE
    out = Path(argv[2]) if len(argv) > 2 else DEFAULT_OUT
    doc = build(source.read_text(encoding="utf-8"), source.name)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    if out == DEFAULT_OUT:  # the app's own rules: the translators' template follows them
        POT.write_bytes(pot_text(doc))
        print(f"{POT}: {len(catalogue(doc))} texts (then: python tools/i18n.py update && python tools/i18n.py compile)")
    counts = {k: sum(r["kind"] == k for r in doc["rules"]) for k in ("rule", "ambiguity", "data")}
    print(f"{out}: {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
