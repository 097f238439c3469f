"""Playing: apply one action, a batch, undo; read the log, the score, the outcome."""
from __future__ import annotations

import inspect
from functools import partial

from flask import Blueprint, Response

from api.games.asian_tigers.presentation.labels import component_names
from api.games.asian_tigers.presentation.why_not import named_in
from api.i18n import localize
from api.storage.engines import RulesViolation
from api.storage.errors import IdempotencyKeyRequired
from api.storage.models import WriteOutcome
from api.web import schemas
from api.web.events import publish
from api.web.guards import read_json
from api.web.http import (REPLAYED, authorized, expected_versions, idempotency, json_response, load, not_modified,
                          query, readable)
from api.web.language import request_language
from api.web.log_rows import answer_recalled, recalled
from api.web.problems import ApiProblem, msg
from api.web.views import game_view, log_entry, write_body

bp = Blueprint("moves", __name__, url_prefix="/api/games/<game_id>")
# Built once: a schema instance is reusable, and building one costs more than the load it then runs.
MOVE_QUERY, APPLY, BATCH, UNDO = (schemas.MoveQuerySchema(), schemas.ApplyActionSchema(), schemas.BatchSchema(),
                                  schemas.UndoSchema())


def _answer(r, game_id: str, outcome: WriteOutcome) -> Response:
    if not outcome.replayed:
        publish(game_id, outcome.version)  # this process's event streams hear it at once
    headers, lang = REPLAYED if outcome.replayed else {}, request_language()
    # A paused Automa turn's summary, said from the game's earlier lines (a replay too, when asked in its language).
    said = answer_recalled(r, game_id, outcome.body, lang) if outcome.body.get("language", "en") == lang else None
    if said is not None:
        return json_response(said, outcome.status, outcome.version, headers)
    if outcome.replayed and outcome.body.get("language", "en") != lang:  # first said in another: the game now, in lang
        body = {**outcome.body, "language": lang, "game": game_view(r.load(game_id), "table", lang)}
        return json_response(body, outcome.status, outcome.version, headers)
    # The repository encoded the body once (and kept those bytes for replays): send the same bytes.
    return json_response(outcome.body, outcome.status, outcome.version, headers, encoded=outcome.encoded)


def _prepare(game_id: str, schema):
    r, record, _role = authorized(game_id, write=True)
    full, raw = query(MOVE_QUERY)["full"], read_json()
    body, idem = load(schema, raw), idempotency(raw)
    if idem is None:  # required on moves: a retried move whose answer was lost must not apply twice
        raise IdempotencyKeyRequired(record.version)
    # The answer is a patch of the phone's view unless ?full=1; the repository keeps the flag for replays.
    return r, record, body, idem, full


def _apply(game_id: str, schema, actions_of) -> Response:
    r, record, body, idem, full = _prepare(game_id, schema)
    try:
        outcome = r.apply_actions(game_id, actions_of(body), expected_versions(), idem, partial(write_body, reader=r),
                                  known=record, full=full)
    except RulesViolation as exc:
        name_components(exc, record.kind, lambda: r.edition_document(game_id)[1])
        raise
    return _answer(r, game_id, outcome)


def name_components(exc: RulesViolation, kind: str, edition) -> None:
    """A refused move's (or new game's) message naming the Tigers, nations and goods as the game's edition
    (`edition()`, loaded only when needed) does in the request's language (issue 37; the problem handler knows
    no edition), as "why not" names them."""
    lang, message = request_language(), exc.details.get("message_message")
    if lang != "en" and kind == "asian_tigers" and message is not None:
        exc.details = {**exc.details, "message_message": named_in(message, component_names(edition(), lang))}


@bp.post("/actions")
def apply_action(game_id: str):
    """Apply one action (If-Match and Idempotency-Key required)."""
    return _apply(game_id, APPLY, lambda body: [body["action"]])


@bp.post("/batch")
def apply_batch(game_id: str):
    """Apply several actions atomically: all are stored or none."""
    return _apply(game_id, BATCH, lambda body: body["actions"])


@bp.post("/undo")
def undo(game_id: str):
    """Mark the last `count` actions reverted (they stay in the log) and rebuild the state."""
    r, _record, body, idem, full = _prepare(game_id, UNDO)
    return _answer(r, game_id, r.undo(game_id, body["count"], expected_versions(), idem, partial(write_body, reader=r),
                                      full=full))


@bp.get("/log")
def game_log(game_id: str):
    """Actions after seq `after`, reverted ones included, with human-readable lines."""
    r, record, _role = authorized(game_id, write=False)
    args, lang = query(schemas.LogQuerySchema()), request_language()  # the lines in the request's language
    cached = not_modified(record.version)
    if cached is not None:
        return cached
    edition = None if lang == "en" else r.edition_document(game_id)[1]
    rows = recalled(r, game_id, r.log(game_id, args["after"], args["limit"]), edition)
    entries = [log_entry(row, edition, lang) for row in rows]
    next_after = entries[-1]["seq"] if entries else args["after"]
    return json_response({"game_id": game_id, "version": record.version, "head_seq": record.head_seq,
                          "entries": entries, "next_after": next_after,
                          "more": bool(entries) and next_after < record.head_seq}, 200, record.version)


@bp.get("/score", defaults={"key": "score"})
@bp.get("/outcome", defaults={"key": "outcome"})
def scored(game_id: str, key: str):
    """The score as if the game ended now (/score; 404 not_supported if the engine lacks it) or the final
    standings (/outcome; 409 game_not_over before the end), in the request's language: an engine whose function
    takes `messages` gives its lines as messages too, said here (English: the engine's own text, as it was)."""
    r, _, _, cached = readable(game_id)
    if cached is not None:
        return cached
    game, lang, fn_name = r.load(game_id), request_language(), "provisional_score" if key == "score" else "outcome"
    over, fn = game.engine.is_over(game.state), getattr(getattr(game.engine, "module", None), fn_name, None)
    if key == "outcome" and not over:
        raise ApiProblem(409, "game_not_over", msg("the game is not over yet; see /score for a provisional score"),
                         current_version=game.record.version)
    if lang != "en" and fn is not None and "messages" in inspect.signature(fn).parameters:
        result = localize(fn(game.state, messages=lang), lang)
    else:
        result = getattr(game.engine, fn_name)(game.state)
    return json_response({"game_id": game_id, "version": game.record.version, **({"over": over} if key == "score"
                          else {}), key: result}, 200, game.record.version, lang=lang)
