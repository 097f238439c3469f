"""Editions on the phone, loaded once each (the shipped one, or a document the server sent).

The shipped Asian Tigers edition is validated when the server builds the engine bundle
(`api.packaging` writes ``validated.json`` beside this module: each validated file's SHA-256);
the phone builds it from those very bytes without validating them again (issue 35: the validation
is most of the first game's opening after a cold start).  Any other bytes are validated as before.
"""
from __future__ import annotations

import hashlib
import json
import pathlib
from typing import Any

from api.games import asian_tigers as engine
from api.games.asian_tigers.edition.load import (
    DEFAULT_EDITION_PATH,
    build_edition,
    check_names,
)
from api.games.provenance import ProvenanceMap

VALIDATED = pathlib.Path(__file__).with_name("validated.json")
_EDITIONS: dict[str, Any] = {}
_SHIPPED = "shipped"


def validated_at_build(path: pathlib.Path, raw: bytes) -> bool:
    """Whether the bundle's build validated the edition file `path` with exactly these bytes."""
    try:
        validated = json.loads(VALIDATED.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False  # not in a bundle (the server), or no manifest
    return validated.get(f"api/data/{path.name}") == hashlib.sha256(raw).hexdigest()


def _shipped() -> Any:
    raw = DEFAULT_EDITION_PATH.read_bytes()
    if not validated_at_build(DEFAULT_EDITION_PATH, raw):
        return engine.load_edition(None)
    document = json.loads(raw)
    check_names(document)
    return build_edition(document, ProvenanceMap.from_mapping(document["provenance"]))


def load_edition(document: dict | None) -> Any:
    """The edition of `document` (None: the shipped one), cached by content hash."""
    if document is None and _SHIPPED in _EDITIONS:
        return _EDITIONS[_SHIPPED]
    edition = _shipped() if document is None else engine.load_edition(document)
    edition = _EDITIONS.setdefault(edition.content_hash, edition)
    if document is None:
        _EDITIONS[_SHIPPED] = edition
    return edition
