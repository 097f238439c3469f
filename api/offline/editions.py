"""Editions on the phone, loaded once each (the shipped one, or a document the server sent)."""
from __future__ import annotations

from typing import Any

from api.games import asian_tigers as engine

_EDITIONS: dict[str, Any] = {}
_SHIPPED = "shipped"


def load_edition(document: dict | None) -> Any:
    """The edition of `document` (None: the shipped one), cached by content hash."""
    if document is None and _SHIPPED in _EDITIONS:
        return _EDITIONS[_SHIPPED]
    edition = engine.load_edition(document)
    edition = _EDITIONS.setdefault(edition.content_hash, edition)
    if document is None:
        _EDITIONS[_SHIPPED] = edition
    return edition
