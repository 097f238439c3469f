"""Validator for Asian Tigers edition files.

It enforces every consistency rule of the reference material's edition validator
(``check.py``; README of the components, section 4) on an already parsed edition
document, and reports the JSON pointer of the offending value:

* `validate_edition_document` raises `EditionError` at the first failure and
  returns the `ProvenanceMap` when the file is sound;
* `validate_edition_errors` lists every failure it can find.

The provenance scheme is checked first, then the rule groups in `GROUPS` order.
"""
from __future__ import annotations

from typing import Any, Callable

from api.games.messages import msg
from api.games.provenance import EditionError, ProvenanceMap, validate_provenance

from .checks_base import Check, Doc, fail
from .checks_board import check_board_wide, check_components, check_tigers
from .checks_engine import check_engine_support
from .checks_market import META_KEYS, check_catalogs, check_global_market, check_tokens, check_tracks
from .checks_rulebook import check_rulebook_values, check_rules_options, check_rulings
from .checks_solo import check_campaign, check_player_board, check_solo

__all__ = ["EditionError", "validate_edition_document", "validate_edition_errors", "UNEXPECTED_STRUCTURE"]

# Prefix of the message given when a check met data its guards did not foresee;
# tests assert it never appears, so it marks a missing guard rather than a rule.
UNEXPECTED_STRUCTURE = "unexpected structure"


def check_interpretations(doc: Doc) -> Check:
    """Each interpretation is complete, and its paths are exactly the 'interpretation' patterns."""
    listed = []
    for iid, entry in doc.entries("interpretations"):
        for field in ("topic", "decision", "why", "paths"):
            if not entry.get(field):
                yield fail(("interpretations", iid, field), msg("interpretation {iid} needs a non-empty {field}",
                                                                iid=iid, field=field))
        if entry.get("paths"):
            listed += [(("interpretations", iid, "paths", i), pattern)
                       for i, pattern in enumerate(doc.items_of("interpretations", iid, "paths", kind="string"))]
    marks = doc.obj("provenance")
    for path, pattern in listed:
        if marks.get(pattern) != "interpretation":
            found = msg("no provenance pattern") if pattern not in marks else msg("provenance {value}",
                                                                                 value=repr(marks[pattern]))
            yield fail(path, msg("{pattern} is governed by an interpretation but has {found}; expected provenance "
                                 "'interpretation'", pattern=pattern, found=found))
    governed = {pattern for _, pattern in listed}
    for pattern, value in marks.items():
        if value == "interpretation" and pattern not in governed:
            yield fail(("provenance", pattern), msg("marked 'interpretation' but no entry of /interpretations lists "
                                                    "it in its paths"))


# (root of the group, for the rare error no guard foresaw; the check)
GROUPS: tuple[tuple[str, Callable[[Doc], Check]], ...] = (
    ("/interpretations", check_interpretations),
    ("/", check_rulebook_values),
    ("/rules", check_engine_support),  # early: a rules field the engine cannot follow is named first
    ("/rules_options", check_rules_options),
    ("/rules", check_rulings),
    ("/components", check_components),
    ("/tigers", check_tigers),
    ("/tigers", check_board_wide),
    ("/global_market", check_global_market),
    ("/board", check_tracks),
    ("/prosperity_tokens", check_tokens),
    ("/catalog", check_catalogs),
    ("/player_board", check_player_board),
    ("/solo", check_solo),
    ("/solo/campaign_tiles", check_campaign),
)


def _errors(doc: Doc) -> Check:
    """The broken rules, in check order (lazily: a caller that wants the first stops the checks there)."""
    if not isinstance(doc.root, dict):
        yield EditionError("/", msg("an edition is a JSON object, found {root}", root=type(doc.root).__name__))
        return
    reported = False
    try:
        doc.prov = validate_provenance(doc.root, set(META_KEYS))
    except EditionError as err:
        reported = True
        yield err
        # Later groups still resolve paths when listing every error; the map is
        # usable as long as it is an object of strings.
        mapping = doc.root.get("provenance")
        if isinstance(mapping, dict) and all(isinstance(v, str) for v in mapping.values()):
            doc.prov = ProvenanceMap.from_mapping(mapping)
    for root, group in GROUPS:
        try:
            for err in group(doc):
                reported = True
                yield err
        except EditionError as err:
            reported = True
            yield err
        except (KeyError, IndexError, TypeError, AttributeError, ValueError) as exc:
            # Once something was reported, a crash further on is its consequence.
            if not reported:
                reported = True
                yield EditionError(root, msg("unexpected structure: {error}: {detail}", error=type(exc).__name__, detail=str(exc)))


def validate_edition_document(document: dict, *, require_default_options: bool = True) -> ProvenanceMap:
    """Validate an Asian Tigers edition; raise `EditionError` at the first broken rule.

    The error's ``path`` is the JSON pointer of the offending value (or of the
    smallest object holding the problem) and its ``message`` names the rule,
    what was found and what is expected.  Returns the edition's provenance map.

    ``require_default_options=False`` accepts ``rules_options`` set to other
    allowed values; by default they must sit at the project defaults, as
    ``check.py`` requires (README 1a).
    """
    doc = Doc(document, require_default_options=require_default_options)
    first = next(_errors(doc), None)
    if first is not None:
        raise first
    assert doc.prov is not None
    return doc.prov


def validate_edition_errors(document: Any, *, require_default_options: bool = True) -> list[EditionError]:
    """Every broken rule of an Asian Tigers edition, in check order; empty when it is sound.

    The first item is the error `validate_edition_document` raises.  Within a
    rule group, checks that depend on a broken value may be skipped, and a
    broken value can make later groups report follow-on errors.
    """
    return list(_errors(Doc(document, require_default_options=require_default_options)))
