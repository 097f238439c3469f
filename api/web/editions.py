"""Editions as a resource: create (a document, or a patch on a base), read, list, change drafts, export, diff.

Anyone with an edition's id may read it, copy it and create games with it; only
the holder of its ``edition_token`` (given once, at creation) may change it, and
only while it is a draft.  Every document is validated by its game's own
checks before it is stored; a refusal names the JSON path of the first bad
value and says why (422 ``invalid_edition``).
"""
from __future__ import annotations

import copy
import dataclasses
import json
from typing import Any

import jsonpatch
import jsonpointer

from flask import Blueprint, current_app

from api.games import editions as E
from api.games.messages import msg, render as render_in
from api.games.provenance import EditionError
from api.i18n import language
from api.storage.editions import EditionRecord, EditionStore
from api.storage.engines import EditionInvalid
from api.web import schemas
from api.web.guards import read_json
from api.web.http import bearer, expected_versions, json_response, load, not_modified, query, repo
from api.web.language import request_language

bp = Blueprint("editions", __name__, url_prefix="/api")

DEFAULT_BASE = "default"
KIND_OF = {"asian-tigers": "asian_tigers"}  # the scorer spelling is accepted too


def store() -> EditionStore:
    """The edition resources on this thread's connection."""
    return EditionStore(repo().db)


def game_kind(name: str | None) -> str:
    """A game name (default: the server's default game), checked against the games with editions."""
    kind = KIND_OF.get(name or "", name) or current_app.config["DEFAULT_GAME"]
    if kind not in E.GAMES:
        raise EditionInvalid("/game", msg("unknown game {game}; editions exist for {games}", game=repr(kind), games=", ".join(E.GAMES)))
    return kind


def default_document(kind: str) -> dict:
    """The document new games of `kind` get by default (TABLEKEEPER_EDITION for Asian Tigers)."""
    if kind == "asian_tigers":
        from api.web.games import default_edition

        engine = repo().engine(kind)
        return engine.edition_info(default_edition(kind)).document
    from api.games.scorekit import load_document

    return load_document(None, f"{kind}.placeholder.json", {"nippon": "Nippon", "asara": "Asara"}[kind])


def checked_document(kind: str, document: Any) -> dict:
    """`document` if it is a sound edition of `kind`; `EditionInvalid` (path + sentence) otherwise."""
    try:
        E.validate(kind, document)
    except EditionError as exc:
        raise EditionInvalid(exc.path, exc.text) from None
    return document


def _base(kind: str, base: str) -> tuple[str | None, dict]:
    """(base edition id or None for the server default, its document)."""
    if base == DEFAULT_BASE:
        return None, default_document(kind)
    record, document = store().load(base)
    if record.game != kind:
        raise EditionInvalid("/base", msg("edition {base} is an edition of {game}, not of {kind}", base=base, game=record.game, kind=kind))
    return record.id, document


def _patched(kind: str, document: dict, patch: list) -> dict:
    limit = int(current_app.config["MAX_CONTENT_LENGTH"])  # an edition no bigger than one can be sent whole
    check_growth(document, patch, limit)
    try:
        new, _marked = E.corrected(document, patch, E.META_KEYS[kind])
    except EditionError as exc:
        raise EditionInvalid(exc.path, exc.text) from None
    if _size(new) > limit:
        raise EditionInvalid("/patch", msg("the patched edition would be over {limit} bytes", limit=limit))
    return checked_document(kind, new)


def _size(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def check_growth(document: dict, patch: list, limit: int) -> None:
    """Refuse at once a patch whose ``copy`` operations would grow the document past `limit` characters.

    A copy duplicates a subtree, so a few kilobytes of copies can double a document again and again.
    The operations are replayed on a copy with each copied value's size added (measured as the document
    is at that operation), and the first one past the limit is named; the total measured stays within
    about twice the limit.  A patch without copies grows by no more than the body that carried it.
    """
    if not any(isinstance(op, dict) and op.get("op") == "copy" for op in patch):
        return
    size, work = _size(document), copy.deepcopy(document)
    for index, op in enumerate(patch):
        try:
            if op.get("op") == "copy":
                size += _size(jsonpointer.resolve_pointer(work, op["from"]))
            elif op.get("op") in ("add", "replace"):
                size += _size(op.get("value"))
            if size > limit:
                raise EditionInvalid(f"/patch/{index}", msg("this operation would grow the edition past {limit} bytes", limit=limit))
            work = jsonpatch.JsonPatch([op]).apply(work, in_place=True)
        except (jsonpatch.JsonPatchException, jsonpointer.JsonPointerException, KeyError, TypeError,
                AttributeError, ValueError):
            return  # a malformed operation: E.corrected names it


def detail(record: EditionRecord, document: dict) -> dict:
    """The full answer of ``GET /api/editions/{id}``: summary, document, provenance per value, components."""
    return {**record.to_dict(), "links": links(record.id), "document": document,
            "provenance": E.leaf_provenance(document, E.META_KEYS[record.game]),
            "components": E.component_table(record.game, document, _say(document))}


def _say(document: dict):
    """The request's language for the component table, naming the components by the edition's own names."""
    lang = request_language()
    if lang == "en":
        return str
    names = (document.get("names") or {}).get(lang) if isinstance(document.get("names"), dict) else None
    reader = dataclasses.replace(language(lang), names=names or None)
    return lambda message: render_in(message, reader)


def links(edition_id: str) -> dict:
    """Where to go next (relative URLs; ``open`` is the phone's screen for the edition)."""
    base = f"/api/editions/{edition_id}"
    return {"self": base, "export": f"{base}/export", "diff_with_default": f"{base}/diff/{DEFAULT_BASE}",
            "open": f"/#/editions/{edition_id}"}


@bp.post("/editions")
def create_edition():
    """A new edition from a full document or a patch on a base: 201 with its id and secret token."""
    body = load(schemas.CreateEditionSchema(), read_json())
    kind = game_kind(body.get("game"))
    if ("document" in body) == ("base" in body):
        raise EditionInvalid("/", msg("send either a full 'document' or a 'base' edition id (with an optional 'patch')"))
    if "patch" in body and "base" not in body:
        raise EditionInvalid("/patch", msg("a patch needs a 'base' edition to apply to"))
    if "document" in body:
        base_id, document = None, checked_document(kind, body["document"])
    else:
        base_id, base_doc = _base(kind, body["base"])
        document = _patched(kind, base_doc, body.get("patch", []))
    record, token = store().create(kind, body["name"], document, E.content_hash(document), E.summary(kind, document),
                                   base_id=base_id, created_by=body.get("created_by"),
                                   draft=body.get("draft", False))
    answer = {"edition_id": record.id, "edition_token": token, "edition": record.to_dict(),
              "links": links(record.id)}
    return json_response(answer, 201, record.version, {"Location": f"/api/editions/{record.id}",
                                                       "Cache-Control": "no-store"})  # it carries a token


@bp.get("/editions")
def list_editions():
    """Every edition (newest first): name, base, hash, values still placeholder, who and when."""
    args = query(schemas.EditionQuerySchema())
    kind = game_kind(args["game"]) if args.get("game") else None
    return json_response({"editions": [r.to_dict() for r in store().list(kind)]})


@bp.get("/editions/<edition_id>")
def read_edition(edition_id: str):
    """The edition: document, provenance of every value, components with their progress."""
    record = store().record(edition_id)
    cached = not_modified(record.version)
    if cached is not None:
        return cached
    record, document = store().load(edition_id)
    return json_response(detail(record, document), 200, record.version)


def _write(edition_id: str, body: dict, new_document) -> Any:
    s = store()
    record = s.check_writable(edition_id, bearer(), expected_versions())
    document = new_document(record, s.document(record.edition_hash)) if new_document is not None else None
    updated = s.update(edition_id, bearer(), document, E.content_hash(document) if document else None,
                       E.summary(record.game, document) if document else None, name=body.get("name"),
                       draft=body.get("draft"), expected=expected_versions(), based_on_version=record.version)
    _, current = s.load(edition_id)
    return json_response(detail(updated, current), 200, updated.version)


@bp.patch("/editions/<edition_id>")
def patch_edition(edition_id: str):
    """Correct or confirm values of a draft (RFC 6902 ``patch``), rename it, or save it for good (``draft: false``)."""
    body = load(schemas.PatchEditionSchema(), read_json())
    patch = body.get("patch")
    return _write(edition_id, body, (lambda record, current: _patched(record.game, current, patch)) if patch else None)


@bp.put("/editions/<edition_id>")
def put_edition(edition_id: str):
    """Replace a draft's whole document (an imported file, say); the owner's token only."""
    body = load(schemas.PutEditionSchema(), read_json())
    return _write(edition_id, body, lambda record, _current: checked_document(record.game, body["document"]))


@bp.get("/editions/<edition_id>/export")
def export_edition(edition_id: str):
    """The edition document as a file (import it with ``POST /api/editions``, or point TABLEKEEPER_EDITION at it)."""
    record, document = store().load(edition_id)
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in record.name)[:60] or "edition"
    return json_response(document, 200, record.version,
                         {"Content-Disposition": f'attachment; filename="{record.game}-{safe}.json"'})


@bp.get("/editions/<edition_id>/diff/<other_id>")
def diff_editions(edition_id: str, other_id: str):
    """The values that differ between two editions, by component (``default`` = the server's default edition)."""
    stored = {eid: store().load(eid) for eid in {edition_id, other_id} - {DEFAULT_BASE}}
    games = sorted({record.game for record, _ in stored.values()})
    if len(games) > 1:
        raise EditionInvalid("/", msg("cannot compare an edition of {game} with one of {other}", game=games[0], other=games[1]))
    kind = games[0] if games else current_app.config["DEFAULT_GAME"]

    def document(eid: str) -> dict:
        return default_document(kind) if eid == DEFAULT_BASE else stored[eid][1]

    left, right = document(edition_id), document(other_id)
    components = E.diff(kind, left, right, _say(left))
    return json_response({"edition_id": edition_id, "other_id": other_id, "game": kind,
                          "count": sum(len(c["changes"]) for c in components), "components": components})
