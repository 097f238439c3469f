"""Malformed editions never crash the validator: every failure is an `EditionError`.

Hypothesis deletes one key or item, or swaps one value for a value of another
JSON type, anywhere in the document (meta keys included).  The validator must
answer with an `EditionError` (or accept the file), never with a KeyError or
TypeError, never through its last-resort "unexpected structure" net, and the
first error of the full list must be the one the first-failure call raises.
"""
from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.games.asian_tigers.edition.checks import (UNEXPECTED_STRUCTURE, validate_edition_document,
                                                   validate_edition_errors)
from api.games.provenance import EditionError
from tests.games.asian_tigers.edition.test_edition_checks import load_edition

EDITION = load_edition()
DELETE = "<delete>"
REPLACEMENTS = [DELETE, None, 0, -1, 7, 2.5, True, False, "", "x", [], [1], ["x", "y"], {}, {"a": 1}]


def _paths(node, path=()):
    if path:
        yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, path + (index,))


PATHS = list(_paths(EDITION))
TOP_LEVEL = [p for p in PATHS if len(p) == 1]


def _mutated(path, replacement):
    doc = copy.deepcopy(EDITION)
    node = doc
    for seg in path[:-1]:
        node = node[seg]
    if replacement == DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = copy.deepcopy(replacement)
    return doc


def _assert_clean_verdict(doc):
    try:
        validate_edition_document(doc)
        first = None
    except EditionError as err:
        assert UNEXPECTED_STRUCTURE not in err.message, str(err)
        assert err.path.startswith("/")
        first = err.path
    errors = validate_edition_errors(doc)
    assert (errors[0].path if errors else None) == first
    assert all(isinstance(e, EditionError) for e in errors)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), st.sampled_from(REPLACEMENTS))
def test_any_single_mutation_gives_an_edition_error(path, replacement):
    _assert_clean_verdict(_mutated(path, replacement))


def test_every_top_level_section_can_be_deleted_or_mistyped():
    for path in TOP_LEVEL:
        for replacement in (DELETE, None, []):
            _assert_clean_verdict(_mutated(path, replacement))
