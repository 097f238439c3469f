"""Solo campaigns on the phone with no signal: the server's campaign functions, JSON in and out.

The engine's `campaign_view` is the one copy of what a campaign document means;
the server stores the document and these entry points let the phone's engine
(Pyodide, through `api.offline.table`) create one, give the next session's
options, and record a finished session into it exactly as ``POST
/api/campaigns``, ``/games`` and ``/sessions`` would.  Every payload carries
the document (``edition``: the campaign's edition document, or null for the
shipped one); the answer is ``{"ok": true, ...}`` or ``{"ok": false,
"problem": {status, code, rule, detail, choices}}`` worded as the server's.
"""
from __future__ import annotations

import json

from api.games import asian_tigers as engine
from api.games.asian_tigers.solo import campaign as rules
from api.games.asian_tigers.solo import campaign_view as views
from api.offline.editions import load_edition
from api.offline.language import current_language

SETTINGS = ("tiles", "count", "show_all", "automa_tiles", "automa_color")


def problem_of(exc: Exception) -> dict:
    """A refusal as the server's campaign endpoints word it (409 when the campaign is over, else 422)."""
    code = getattr(exc, "code", None) or "invalid_campaign"
    choices = (getattr(exc, "details", None) or {}).get("choices")
    return {"status": 409 if code == "campaign_over" else 422, "code": code, "rule": getattr(exc, "rule", None),
            "detail": getattr(exc, "message", None) or str(exc), "choices": list(choices) if choices else None}


def _answer(**body) -> str:
    return json.dumps({"ok": True, **body}, ensure_ascii=False)


def _refusal(exc: Exception) -> str:
    return json.dumps({"ok": False, "problem": problem_of(exc)}, ensure_ascii=False)


def new_campaign(edition, settings: dict) -> dict:
    """A new campaign's document from the person's choices, judged as the server judges them."""
    extra = {k: settings[k] for k in SETTINGS if settings.get(k) is not None}
    data = views.new_document(edition, player=settings["player"], difficulty=settings["difficulty"],
                              seed=settings["seed"], **extra)
    engine.new_game(views.session_options(edition, data), edition, data["seed"])  # the engine judges the settings
    return data


def campaign_new_json(payload: str) -> str:
    """``{edition, settings: {player, difficulty, seed, tiles|count, show_all, automa_tiles, automa_color}}``
    → ``{document, standing}``."""
    p = json.loads(payload)
    edition = load_edition(p.get("edition"))
    try:
        data = new_campaign(edition, p["settings"])
    except engine.RulesError as exc:
        return _refusal(exc)
    return _answer(document=data, standing=views.standing(edition, data, current_language()), edition_hash=edition.content_hash)


def campaign_standing_json(payload: str) -> str:
    """``{edition, document}`` → ``{standing, edition_hash}``: the campaign as its screen shows it."""
    p = json.loads(payload)
    edition = load_edition(p.get("edition"))
    return _answer(standing=views.standing(edition, p["document"], current_language()), edition_hash=edition.content_hash)


def campaign_session_json(payload: str) -> str:
    """``{edition, document, tile}`` → ``{options}`` of the next session's game."""
    p = json.loads(payload)
    try:
        options = views.session_options(load_edition(p.get("edition")), p["document"], p.get("tile"))
    except engine.RulesError as exc:
        return _refusal(exc)
    return _answer(options=options)


def campaign_result_json(payload: str) -> str:
    """``{edition, document, outcome}`` → ``{result}``: what recording the finished session would do."""
    p = json.loads(payload)
    result = views.session_result(load_edition(p.get("edition")), p["document"]["campaign"], p["outcome"])
    return _answer(result=result)


def campaign_record_json(payload: str) -> str:
    """``{edition, document, outcome, turn_down}`` → ``{document, standing, session}``: the session recorded."""
    p = json.loads(payload)
    edition = load_edition(p.get("edition"))
    data = p["document"]
    try:
        updated = rules.record_outcome(edition, data["campaign"], p["outcome"], p.get("turn_down"))
    except engine.RulesError as exc:
        return _refusal(exc)
    document = {**data, "campaign": updated}
    return _answer(document=document, standing=views.standing(edition, document, current_language()), session=updated["sessions"][-1])
