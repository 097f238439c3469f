"""The end-of-game scorers as the phone runs them: the same bodies and answers as ``/api/scorers/*``.

``score_json(game, body)`` gives ``{"ok": true, "result": ...}`` (the server's 200
body) or ``{"ok": false, "problem": ...}`` with the fields of the server's 422
(``code``, ``rule``, ``path``, ``errors``, ``detail``).  The Asian Tigers scorer
uses the edition shipped in the bundle (the server's default unless it runs
with TABLEKEEPER_EDITION).  ``scorer_edition_json(game)`` is ``GET
/api/scorers/<game>/edition`` for the forms, from the same bundled data.
"""
from __future__ import annotations

import importlib
import json
from typing import Any

from api.games.field_problems import problem_list
from api.offline.table import load_edition

GAMES = {"asian-tigers": "asian_tigers", "nippon": "nippon", "asara": "asara"}
_DATA: dict[str, Any] = {}


def _problem(exc: Exception) -> dict:
    path = getattr(exc, "path", None) or "/"
    message = getattr(exc, "message", None) or str(exc)
    field = getattr(exc, "field", None)  # the value in words ("Ann's Asari"), when the scorer names it
    problem = {"status": 422, "title": "Impossible scorer input",
               "code": getattr(exc, "code", None) or "invalid_scorer_input", "rule": getattr(exc, "rule", None),
               "path": path, "errors": exc.all_errors() if hasattr(exc, "all_errors") else {path: [message]},
               "problems": problem_list(exc), "detail": f"{field or path}: {message}"}
    if field:
        problem["field"] = field
    for entry, error in zip(problem["problems"], [exc, *getattr(exc, "others", [])]):  # said on the phone (i18n.js)
        for key, said in (("message", getattr(error, "text", None)), ("field", getattr(error, "field_text", None))):
            if hasattr(said, "as_json"):
                entry[key + "_message"] = said.as_json()
    return problem


def score(game: str, body: Any) -> dict:
    """Score `body` with the scorer of `game` ("asian-tigers", "nippon" or "asara")."""
    name = GAMES[game]
    if name == "asian_tigers":
        from api.games.asian_tigers.scoring.scorer import ScorerInputError, score_table
        try:
            return {"ok": True, "result": score_table(body, load_edition(None), messages=True)}
        except ScorerInputError as exc:
            return {"ok": False, "problem": _problem(exc)}
    module = importlib.import_module(f"api.games.{name}")
    if name not in _DATA:
        _DATA[name] = getattr(module, f"load_{name}_data")()
    try:
        return {"ok": True, "result": module.score(body, _DATA[name])}
    except module.ScoringInputError as exc:
        return {"ok": False, "problem": _problem(exc)}


def scorer_edition(game: str) -> dict:
    """What the entry forms of `game` ("nippon" or "asara") need from its edition: the body of
    ``GET /api/scorers/<game>/edition`` for the edition shipped in the bundle (a phone that never
    opened the form online still draws the Nippon map and knows Asara's limits)."""
    name = GAMES[game]
    module = importlib.import_module(f"api.games.{name}.data")
    if name not in _DATA:
        _DATA[name] = getattr(module, f"load_{name}_data")()
    return module.describe(_DATA[name])


def scorer_edition_json(game: str) -> str:
    """`scorer_edition` as JSON (the engine worker's entry point)."""
    return json.dumps(scorer_edition(game), ensure_ascii=False)


def score_json(game: str, body: str) -> str:
    """`score` with JSON in and out (the engine worker's entry point)."""
    return json.dumps(score(game, json.loads(body)), ensure_ascii=False)
