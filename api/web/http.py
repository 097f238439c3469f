"""Request and response helpers: JSON bodies, schemas, ETags, Idempotency-Key, auth."""
from __future__ import annotations

import hashlib
import re
from typing import Any

from flask import Response, current_app, request
from marshmallow import Schema, ValidationError

from api.storage import Storage, tokens
from api.storage.jsonio import canonical_bytes, dumps_bytes
from api.storage.models import GameRecord, Idempotency
from api.storage.repository import GameRepository
from api.web.language import request_language
from api.i18n.library_words import as_message
from api.web.problems import ApiProblem, msg

IDEMPOTENCY_KEY = re.compile(r"^[\x21-\x7e]{1,200}$")
REPLAYED = {"Idempotent-Replayed": "true"}  # on an answer given again for a repeated Idempotency-Key


def storage() -> Storage:
    """The app's storage."""
    return current_app.extensions["tablekeeper"]


def repo() -> GameRepository:
    """A repository on this thread's connection."""
    return storage().repository()


def flatten(messages: Any, prefix: str = "") -> dict[str, list[str]]:
    """marshmallow's nested messages → ``{"options.players.0.name": [...]}``."""
    out: dict[str, list[str]] = {}
    if isinstance(messages, dict):
        for key, value in messages.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            out.update(flatten(value, name))
    elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        out[prefix or "_body"] = [as_message(m) for m in messages]  # marshmallow's words, said per language
    elif isinstance(messages, list):
        for i, value in enumerate(messages):
            out.update(flatten(value, f"{prefix}.{i}" if prefix else str(i)))
    else:
        out[prefix or "_body"] = [str(messages)]
    return out


def load(schema: Schema, data: Any) -> dict:
    """Validate the shape of `data`; 422 with field errors when it is wrong."""
    if not isinstance(data, dict):
        raise ApiProblem(422, "invalid_request", msg("the body must be a JSON object"),
                         errors={"_body": [msg("must be a JSON object")]})
    try:
        return schema.load(data)
    except ValidationError as exc:
        errors = flatten(exc.messages)
        first = next(iter(errors.items()))
        raise ApiProblem(422, "invalid_request", msg("the request has the wrong shape: {field}: {problem}",
                                                     field=first[0], problem=first[1][0]), errors=errors) from None


def query(schema: Schema) -> dict:
    """Validate the query string."""
    try:
        return schema.load(request.args.to_dict())
    except ValidationError as exc:
        errors = flatten(exc.messages)
        raise ApiProblem(422, "invalid_request", msg("the query string has the wrong shape"), errors=errors) from None


def etag(version: int, lang: str = "en") -> str:
    """The ETag of a game version, said in `lang` (its words differ by language, issue 37: `"12"`, `"12.de"`)."""
    return f'"{version}"' if lang == "en" else f'"{version}.{lang}"'


def expected_versions() -> set[str] | None:
    """The versions named by If-Match (``{"*"}`` for a wildcard), None when absent."""
    raw = request.environ.get("HTTP_IF_MATCH")
    if raw is None:
        return None
    match = request.if_match
    if match.star_tag:
        return {"*"}
    # An empty entity-tag (`""`, `W/""`) parses as None: "" matches no version (412); `"12.de"` names 12.
    found = {(tag or "").split(".")[0] for tag in match.as_set(include_weak=True)}
    return found or None


def not_modified(version: int, lang: str = "en") -> Response | None:
    """A 304 when If-None-Match names `version` in `lang`."""
    inm, tag = request.if_none_match, etag(version, lang)
    if inm and (inm.star_tag or inm.contains_weak(tag.strip('"'))):
        resp = Response(status=304)
        resp.headers["ETag"] = tag
        resp.headers["Cache-Control"] = "private, no-cache"
        return resp
    return None


def json_response(body: Any, status: int = 200, version: int | None = None, headers: dict | None = None,
                  encoded: bytes | None = None, lang: str = "en") -> Response:
    """A JSON response, with an ETag when `version` is given (in `lang`: `etag`); `encoded`: `body` already as
    JSON bytes; `headers` win over the defaults."""
    resp = Response(encoded if encoded is not None else dumps_bytes(body), status, mimetype="application/json")
    resp.headers["Cache-Control"] = "private, no-cache"
    if version is not None:
        resp.headers["ETag"] = etag(version, lang)
    resp.headers.update(headers or {})
    return resp


def idempotency(body: Any) -> Idempotency | None:
    """The Idempotency-Key and a hash of method, path and canonical body."""
    key = request.environ.get("HTTP_IDEMPOTENCY_KEY")  # the header, without werkzeug's name mapping
    if key is None:
        return None
    key = key.strip().strip('"')
    if not IDEMPOTENCY_KEY.match(key):
        raise ApiProblem(422, "invalid_idempotency_key", msg("Idempotency-Key must be 1 to 200 visible ASCII characters"),
                         errors={"Idempotency-Key": [msg("must be 1 to 200 visible ASCII characters")]})
    digest = hashlib.sha256(f"{request.method} {request.path}\n".encode() + canonical_bytes(body)).hexdigest()
    return Idempotency(key, digest)


def bearer() -> str | None:
    """The bearer token of the request, if any."""
    header = request.environ.get("HTTP_AUTHORIZATION", "")  # the header, without werkzeug's name mapping
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def readable(game_id: str) -> tuple[GameRepository, GameRecord, str, Response | None]:
    """A game the caller may read: (repository, record, role, the 304 when If-None-Match names it, per language)."""
    r, record, role = authorized(game_id, write=False)
    return r, record, role, not_modified(record.version, request_language())


CHALLENGE = {"WWW-Authenticate": 'Bearer realm="tablekeeper"'}


def authorized(game_id: str, write: bool) -> tuple[GameRepository, GameRecord, str]:
    """(repository, record, the caller's role) for a request on `game_id`; 404 when there is no such game, 401
    without a valid token, 403 for another game's token or a spectator's on a write.

    The game's row and the token's are read in one statement (`GameReads.record_for_token`), every
    request, so a token removed from the database stops working at once, on every worker.
    """
    r = repo()
    token = bearer()
    if token is None:
        r.record(game_id)  # no such game is 404 before the missing token's 401
        raise ApiProblem(401, "token_missing", msg("send the game's token as 'Authorization: Bearer <token>'"),
                         headers=CHALLENGE)
    record, token_game, role = r.record_for_token(game_id, tokens.hash_secret(token))
    return r, record, _role(write, record.id, token_game, role)


def _role(write: bool, game_id: str, token_game: str | None, role: str | None) -> str:
    """`role`, when the token (for `token_game`, with `role`; Nones: no such token) may do this on `game_id`."""
    if token_game is None:
        raise ApiProblem(401, "token_invalid", msg("this token is not valid for any game"), headers=CHALLENGE)
    if token_game != game_id:
        raise ApiProblem(403, "token_wrong_game", msg("this token belongs to another game"))
    if write and role != "table":
        raise ApiProblem(403, "read_only_token", msg("a spectator token can only read this game"))
    return role
