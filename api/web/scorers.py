"""Stateless end-of-game scorers: POST a table's end position, get the full score back.

Nothing is stored and no token is needed.  The body is the game's own scorer
input (Asian Tigers: the worked examples' format, `api.games.asian_tigers.scoring.scorer`;
Nippon: `api.games.nippon.inputs`; Asara: `api.games.asara.inputs`).  Input no
legal game can produce is 422 ``application/problem+json`` with the scorer's
``code``, the catalogue ``rule`` (null for a merely malformed Asian Tigers
input), the JSON pointer of the bad value as ``path`` ("/" = the whole body)
and ``errors`` = ``{path: [message]}``, as the edition errors do.
"""
from __future__ import annotations

import importlib

import threading
from typing import Any, Callable

from flask import Blueprint, current_app

from api.web.http import json_body, json_response
from api.web.problems import ApiProblem

bp = Blueprint("scorers", __name__, url_prefix="/api/scorers")

_DATA_LOCK = threading.Lock()


def _cached(key: str, load: Callable[[], Any]) -> Any:
    """Scoring data loaded once per app (editions are immutable)."""
    cache: dict = current_app.extensions.setdefault("tablekeeper_scorer_data", {})
    if key not in cache:
        with _DATA_LOCK:
            if key not in cache:
                cache[key] = load()
    return cache[key]


def _refused(exc: Exception) -> ApiProblem:
    """A scorer's input error (`ScorerInputError` / `ScoringInputError`) as a 422 problem."""
    path = getattr(exc, "path", None) or "/"
    message = getattr(exc, "message", None) or str(exc)
    return ApiProblem(422, getattr(exc, "code", None) or "invalid_scorer_input", f"{path}: {message}",
                      title="Impossible scorer input", rule=getattr(exc, "rule", None), path=path,
                      errors={path: [message]})


def _unavailable(game: str, exc: Exception) -> ApiProblem:
    return ApiProblem(503, "engine_unavailable", f"the {game} scorer cannot be loaded: {exc}")


@bp.post("/asian-tigers")
def score_asian_tigers():
    """Asian Tigers scorer-only mode: the Era II management phase and final scoring of a table."""
    body = json_body()
    try:
        from api.games.asian_tigers.scoring.scorer import ScorerInputError, score_table
    except ImportError as exc:
        raise _unavailable("Asian Tigers", exc) from None
    from api.storage.errors import UnknownGameKind
    from api.web.games import default_edition

    try:
        edition = default_edition("asian_tigers")  # TABLEKEEPER_EDITION when set, like new games
    except UnknownGameKind as exc:
        raise _unavailable("Asian Tigers", exc) from None
    try:
        result = score_table(body, edition)
    except ScorerInputError as exc:
        raise _refused(exc) from None
    return json_response(result)


def _score_with(game: str, label: str):
    """Score the body with the pure scorer of `game` (its data loaded once per app)."""
    body = json_body()
    try:
        module = importlib.import_module(f"api.games.{game}")
    except ImportError as exc:
        raise _unavailable(label, exc) from None
    data = _cached(game, getattr(module, f"load_{game}_data"))
    try:
        result = module.score(body, data)
    except module.ScoringInputError as exc:
        raise _refused(exc) from None
    return json_response(result)


@bp.post("/nippon")
def score_nippon():
    """Nippon end-game scoring (placeholder edition until corrected data ships)."""
    return _score_with("nippon", "Nippon")


@bp.post("/asara")
def score_asara():
    """Asara end-game scoring (placeholder edition until corrected data ships)."""
    return _score_with("asara", "Asara")
