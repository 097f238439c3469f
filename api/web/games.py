"""Games: create, import, join, read, edition, export, access tokens."""
from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, Response, current_app, request

from api.games.asian_tigers.presentation.document import edition_labels_in as tiger_labels
from api.i18n import render
from api.games.messages import msg
from api.i18n.problems import in_language
from api.storage import import_keys, throttle, tokens
from api.storage.engines import RulesViolation
from api.storage.models import CreatedGame, utcnow
from api.web import schemas
from api.web.guards import read_json
from api.web.http import REPLAYED, authorized, idempotency, json_response, load, query, readable, repo
from api.web.language import request_language
from api.web.moves import name_components
from api.web.problems import ApiProblem
from api.web.views import edition_detail, game_view

bp = Blueprint("games", __name__, url_prefix="/api")


def default_edition(kind: str) -> Any:
    """The edition new games of `kind` get (TABLEKEEPER_EDITION for the default game), cached."""
    cache: dict = current_app.extensions.setdefault("tablekeeper_editions", {})
    if kind not in cache:
        engine = repo().engine(kind)
        source = current_app.config.get("EDITION_FILE") if kind == current_app.config["DEFAULT_GAME"] else None
        cache[kind] = engine.load_edition(source or None)
    return cache[kind]


def stored_record(kind: str, edition_id: str):
    """(store, record) of the stored edition `edition_id` of game `kind`; 422 when there is none or it is
    another game's."""
    from api.storage.editions import EditionNotFound, EditionStore

    store = EditionStore(repo().db)
    try:
        record = store.record(edition_id)
    except EditionNotFound as exc:
        raise ApiProblem(422, exc.code, exc.message, errors={"edition_id": [exc.message]}) from None
    if record.game != kind:
        raise ApiProblem(422, "edition_wrong_game", msg("edition {edition} is an edition of {game}, not {kind}",
                                                        edition=edition_id, game=record.game, kind=kind),
                         errors={"edition_id": [msg("an edition of {game}", game=record.game)]})
    return store, record


def stored_edition(kind: str, edition_id: str) -> Any:
    """The loaded edition of resource `edition_id` (its current document; the game keeps that hash for ever)."""
    store, record = stored_record(kind, edition_id)
    return repo().engine(kind).edition_from_store(record.edition_hash, lambda: store.document(record.edition_hash))


def created_body(created: CreatedGame) -> dict:
    """A new game's answer: its id, tokens, join code, spectator link and view (answered ``no-store``)."""
    game_id = created.game.record.id
    return {"game_id": game_id, "table_token": created.table_token, "spectator_token": created.spectator_token,
            "join_code": created.join_code, "spectator_link": f"/#/watch/{game_id}?token={created.spectator_token}",
            "game": game_view(created.game, "table")}


def _created(created: CreatedGame, replayed: bool = False):
    game_id = created.game.record.id
    return json_response(created_body(created), 201, created.game.record.version,
                         {"Location": f"/api/games/{game_id}", **NO_STORE, **(REPLAYED if replayed else {})})


NO_STORE = {"Cache-Control": "no-store"}  # an answer that carries a secret is kept by no cache


def _client() -> str:
    return request.remote_addr or "unknown"


def _check_create() -> None:
    """429 once this address created TABLEKEEPER_CREATES_PER_MINUTE games in the last minute."""
    try:
        throttle.check_create(repo().db, _client(), int(current_app.config["CREATES_PER_MINUTE"]))
    except throttle.TooManyCreates as exc:
        raise ApiProblem(429, "too_many_creates", exc.message, headers={"Retry-After": str(exc.retry_after)},
                         retry_after=exc.retry_after) from None


def _count_create() -> None:
    throttle.count_create(repo().db, _client(), int(current_app.config["CREATES_PER_MINUTE"]))


@bp.post("/games")
def create_game():
    """Create a game: 201 with the table token, a spectator token and a join code."""
    body = load(schemas.CreateGameSchema(), read_json())
    _check_create()
    kind = body.get("game") or current_app.config["DEFAULT_GAME"]
    r = repo()
    engine = r.engine(kind)
    if "edition" in body and "edition_id" in body:
        raise ApiProblem(422, "invalid_request", msg("send either an 'edition' document or an 'edition_id', not both"),
                         errors={"edition_id": [msg("cannot be combined with 'edition'")]})
    if "edition_id" in body:
        edition = stored_edition(kind, body["edition_id"])
    else:
        edition = engine.load_edition(body["edition"]) if "edition" in body else default_edition(kind)
    seed = body["seed"] if "seed" in body else secrets.randbelow(2**31)
    try:
        created = r.create_game(kind, body["options"], seed, edition)
    except RulesViolation as exc:  # its Tigers and goods as the edition names them in the request's language
        name_components(exc, kind, lambda: edition)
        raise
    _count_create()
    return _created(created)


@bp.post("/imports")
def import_game():
    """Rebuild a game from an export document (replayed and verified) as a new game.

    With an Idempotency-Key (a phone sending a game it started offline), a repeat of the
    same request answers the game the first one created, with fresh secrets.
    """
    raw = read_json()
    body = load(schemas.ImportGameSchema(), raw)
    idem = idempotency(raw)
    r = repo()
    if idem is not None and (earlier := import_keys.find(r.db, idem)) is not None:
        return _replayed_import(earlier)
    _check_create()
    engine = r.engine(body["game"])
    edition = engine.load_edition(body["edition"])
    keep = (lambda game_id, _state, now: import_keys.remember(r.db, idem, game_id, now)) if idem else None
    try:
        created = r.create_game(body["game"], body["options"], body["seed"], edition, actions=body["actions"],
                                expected_state_hash=body.get("state_hash"), on_created=keep)
    except import_keys.AlreadyImported as twin:
        return _replayed_import(twin.game_id)
    except RulesViolation as exc:  # a refused option or replayed move, named as in a new game
        name_components(exc, body["game"], lambda: edition)
        raise
    _count_create()
    return _created(created)


def _replayed_import(game_id: str):
    r = repo()
    table, spectator, code = tokens.fresh_secrets(r.db, game_id, utcnow())
    return _created(CreatedGame(r.load(game_id), table, spectator, code), replayed=True)


@bp.post("/join")
def join_game():
    """Trade a join code for a table token (failed guesses are throttled per address)."""
    body = load(schemas.JoinSchema(), read_json())
    cfg = current_app.config
    r = repo()
    game_id, token = throttle.join(r.db, body["join_code"], _client(), int(cfg["JOIN_ATTEMPTS"]),
                                   float(cfg["JOIN_WINDOW_SECONDS"]), utcnow())
    record = r.record(game_id)
    return json_response({"game_id": game_id, "table_token": token, "version": record.version}, 200,
                         record.version, NO_STORE)


@bp.get("/games/<game_id>")
def read_game(game_id: str):
    """The game view; ETag = version (and language), If-None-Match → 304."""
    r, _record, role, cached = readable(game_id)
    if cached is not None:
        return cached
    game = r.load(game_id)
    return json_response(for_role(game_view(game, role), role), 200, game.record.version, lang=request_language())


def for_role(document: dict, role: str) -> dict:
    """`document` as `role` may see it: a spectator never gets the seed, from which every later draw follows."""
    if role == "spectator":
        document.pop("seed", None)
    return document


@bp.get("/games/<game_id>/edition")
def game_edition(game_id: str):
    """The edition the game was created with, with every placeholder path."""
    r, _record, _role = authorized(game_id, write=False)
    record, edition = r.edition_document(game_id)
    engine = r.engine(record.kind)
    return json_response({"game_id": game_id, "game": record.kind,
                          **edition_detail(engine, edition, record.placeholders_used)})


@bp.get("/games/<game_id>/why-not")
def why_not(game_id: str):
    """What the current decision refuses, and why (issue 12): asked when a person opens "not available now".

    Not part of the view a move answers with: trying every candidate a table might reach for costs
    more than the rest of the answer, and it is read far less often.  ETag = version, If-None-Match → 304.
    """
    lang, (r, _record, _role, cached) = request_language(), readable(game_id)  # its reasons are said in that language
    if cached is not None:
        return cached
    game = r.load(game_id)
    refused = in_language(game.engine.refusals(game.state, lang), lang)  # Unsupported → 404 not_supported (problems.py)
    return json_response({"game_id": game_id, "version": game.record.version, **refused}, 200,
                         game.record.version, lang=lang)


# The labels document's format: bumped when what it holds changes for the same edition (2: a sector's
# entry names its bonus, issue 18; 3: a buildings family, and the document is in the request's language,
# issue 37), so its ETag changes too.
LABELS_FORMAT = 3


@bp.get("/games/<game_id>/labels")
def game_labels(game_id: str):
    """Every component's human label for this game's edition (issue 12): one document per edition.

    The strong ETag is the edition's content hash and the document's format (`LABELS_FORMAT`), so a
    phone keeps it for as long as the game lasts and revalidates for free, and a cache holding an
    older format's document is not served it again; per-move views carry codes and small labels only.
    """
    r, _record, _role = authorized(game_id, write=False)
    record, edition = r.edition_document(game_id)
    lang = request_language()  # the edition's names and the words around them (issue 37)
    opaque = f"{record.edition_hash}.{LABELS_FORMAT}" + ("" if lang == "en" else f".{lang}")
    tag = f'"{opaque}"'
    if request.if_none_match and request.if_none_match.contains(opaque):
        resp = Response(status=304)
    else:
        labels = (tiger_labels(edition, lang, lambda message: render(message, lang)) if record.kind == "asian_tigers"
                  else r.engine(record.kind).labels(edition))  # Unsupported → 404 not_supported (problems.py)
        resp = json_response({"game_id": game_id, "game": record.kind, "edition_hash": record.edition_hash,
                              "labels": labels})
    resp.headers["ETag"] = tag
    resp.headers["Cache-Control"] = "private, max-age=31536000, immutable"
    return resp


@bp.get("/edition")
def server_edition():
    """The edition new games get by default (``?game=`` picks the game)."""
    args = query(schemas.EditionQuerySchema())
    kind = args.get("game") or current_app.config["DEFAULT_GAME"]
    engine = repo().engine(kind)
    return json_response({"game": kind, **edition_detail(engine, default_edition(kind))})


@bp.get("/games/<game_id>/export")
def export_game(game_id: str):
    """``{format, game, edition, options, seed, actions, state_hash}``: enough to rebuild the game."""
    r, record, role, cached = readable(game_id)
    if cached is not None:
        return cached
    return json_response(for_role(r.export(game_id), role), 200, record.version,
                         {"Content-Disposition": f'attachment; filename="tablekeeper-{game_id}.json"'})


@bp.post("/games/<game_id>/join-code")
def new_join_code(game_id: str):
    """Replace the join code (the old one stops working); table token only."""
    r, _record, _role = authorized(game_id, write=True)
    return json_response({"game_id": game_id, "join_code": tokens.rotate_join_code(r.db, game_id, utcnow())}, 201,
                         headers=NO_STORE)


@bp.post("/games/<game_id>/spectator-tokens")
def new_spectator_token(game_id: str):
    """Issue another read-only token; table token only."""
    r, _record, _role = authorized(game_id, write=True)
    token = tokens.issue_spectator_token(r.db, game_id, utcnow())
    return json_response({"game_id": game_id, "spectator_token": token,
                          "spectator_link": f"/#/watch/{game_id}?token={token}"}, 201, headers=NO_STORE)


def warm(app) -> None:
    """Load the default edition and its placeholder list now, not on the first request."""
    with app.app_context():
        kind = app.config["DEFAULT_GAME"]
        if not app.extensions["tablekeeper"].engines.available(kind):
            return
        engine = repo().engine(kind)
        engine.edition_info(default_edition(kind))
