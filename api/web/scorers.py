"""Stateless end-of-game scorers: POST a table's end position, get the full score back.

Nippon and Asara take an entry ``mode`` (``detailed``, ``end_only``, Nippon's ``live``); the ``GET
…/edition`` routes give the forms the map, the colours and the box's limits.  Nothing is stored and no
token is needed.  Input no legal game can produce is 422 with the scorer's ``code``, the catalogue
``rule``, the JSON pointer of the bad value as ``path`` and ``errors`` = ``{path: [message]}``.
"""
from __future__ import annotations

import contextlib
import importlib
from typing import Any, Callable

from flask import Blueprint, current_app

from api.games.field_problems import problem_list
from api.web.guards import read_json
from api.storage.errors import UnknownGameKind
from api.web.games import default_edition, stored_edition, stored_record
from api.i18n import gettext, localize, localize_error
from api.web.http import json_response, query
from api.web.language import request_language
from api.web.problems import ApiProblem, msg
from api.web.schemas import ScorerQuerySchema

bp = Blueprint("scorers", __name__, url_prefix="/api/scorers")

def _cached(key: str, load: Callable[[], Any]) -> Any:
    """Scoring data loaded once per app (editions are immutable: two threads loading it at once agree)."""
    cache: dict = current_app.extensions.setdefault("tablekeeper_scorer_data", {})
    if key not in cache:
        cache[key] = load()
    return cache[key]


def _refused(exc: Exception) -> ApiProblem:
    """A scorer's input error (`ScorerInputError` / `ScoringInputError`) as a 422 problem."""
    path = getattr(exc, "path", None) or "/"
    lang = request_language()
    localize_error(exc, lang)
    message = getattr(exc, "message", None) or str(exc)
    field = getattr(exc, "field", None)  # the value in words ("Ann's Asari"), when the scorer names it
    # Every field problem found with it (api/games/field_problems.py): all in `errors`, in words in `problems`.
    errors = exc.all_errors() if hasattr(exc, "all_errors") else {path: [message]}
    return ApiProblem(422, getattr(exc, "code", None) or "invalid_scorer_input", f"{field or path}: {message}",
                      title=gettext("Impossible scorer input", lang), rule=getattr(exc, "rule", None), path=path,
                      errors=errors, field=field, problems=problem_list(exc))


@contextlib.contextmanager
def _as_scorer_input():
    """A refusal raised inside, worded as every scorer refusal is: with ``rule`` and ``path``."""
    try:
        yield
    except ApiProblem as exc:
        raise ApiProblem(exc.status, exc.code, exc.detail, rule=None, path="/",
                         errors=exc.extra.get("errors")) from None


def _edition_id() -> str | None:
    """The ``?edition_id=`` of a scoring (a stored edition), refused like any scorer input when malformed."""
    with _as_scorer_input():
        return query(ScorerQuerySchema()).get("edition_id")


def _unavailable(game: str, exc: Exception) -> ApiProblem:
    return ApiProblem(503, "engine_unavailable", msg("the {game} scorer cannot be loaded: {error}", game=game,
                                                          error=str(exc)))


@bp.post("/asian-tigers")
def score_asian_tigers():
    """Asian Tigers scorer-only mode: the Era II management phase and final scoring of a table."""
    body = read_json()
    try:
        from api.games.asian_tigers.scoring.scorer import ScorerInputError, score_table
    except ImportError as exc:
        raise _unavailable("Asian Tigers", exc) from None
    edition_id = _edition_id()
    try:
        if edition_id:  # a table's own corrected edition (api/web/editions.py)
            with _as_scorer_input():
                edition = stored_edition("asian_tigers", edition_id)
        else:
            edition = default_edition("asian_tigers")  # TABLEKEEPER_EDITION when set, like new games
    except UnknownGameKind as exc:
        raise _unavailable("Asian Tigers", exc) from None
    try:
        result = score_table(body, edition, messages=True)
    except ScorerInputError as exc:
        raise _refused(exc) from None
    return json_response(localize(result, request_language()))


def _score_with(game: str, label: str):
    body = read_json()
    try:
        module = importlib.import_module(f"api.games.{game}")
    except ImportError as exc:
        raise _unavailable(label, exc) from None
    loader = getattr(module, f"load_{game}_data")
    edition_id = _edition_id()
    if edition_id:  # a table's own corrected data file (api/web/editions.py), loaded once per content hash
        with _as_scorer_input():
            store, record = stored_record(game, edition_id)
        data = _cached(f"{game}:{record.edition_hash}", lambda: loader(store.document(record.edition_hash)))
    else:
        data = _cached(game, loader)
    try:
        result = module.score(body, data)
    except module.ScoringInputError as exc:
        raise _refused(exc) from None
    return json_response(localize(result, request_language()))


@bp.post("/nippon")
def score_nippon():
    """Nippon end-game scoring (placeholder edition until corrected data ships)."""
    return _score_with("nippon", "Nippon")


@bp.post("/asara")
def score_asara():
    """Asara end-game scoring (placeholder edition until corrected data ships)."""
    return _score_with("asara", "Asara")


def _edition(game: str, label: str):
    """What the entry forms of `game` need from its edition (`describe` in its data module)."""
    try:
        module = importlib.import_module(f"api.games.{game}.data")
    except ImportError as exc:
        raise _unavailable(label, exc) from None
    data = _cached(game, getattr(module, f"load_{game}_data"))
    return json_response(module.describe(data))


@bp.get("/nippon/edition")
def nippon_edition():
    """The Nippon map (regions, cities, printed slots), pieces and achievement spaces, for the entry forms."""
    return _edition("nippon", "Nippon")


@bp.get("/asara/edition")
def asara_edition():
    """The Asara colours and the box's limits, for the entry forms."""
    return _edition("asara", "Asara")
