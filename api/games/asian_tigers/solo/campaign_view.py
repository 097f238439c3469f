"""A campaign document and how it reads: one copy for the server and the phone's engine (CAMPAIGN-01..05).

The server stores a campaign as a *document*: the bookkeeping dict of `campaign` plus the player's
settings.  The phone, with no signal, keeps the same document and runs these same functions under
Pyodide, so a campaign played offline stands exactly where the server puts it after the sync.
"""
from __future__ import annotations

from api.games.asian_tigers.presentation.labels import in_language, requirement_text
from api.games.asian_tigers.solo import campaign as rules
from api.games.messages import ENGLISH, Language, render

AUTOMA_TILES_DEFAULT = "generated"


def goal_text(edition, requirement: dict, language: Language = ENGLISH) -> str:
    """A campaign tile's goal in words, in `language` (display only; `campaign.goal_value` decides): the
    presentation's label (issue 37)."""
    if language.code == "en":
        return requirement_text(edition, requirement)
    said = in_language(edition, language)  # the edition's names in the reader's language
    return requirement_text(edition, requirement, lambda message: render(message, said))


def tile_info(edition, tile: str, language: Language = ENGLISH) -> dict:
    """A campaign tile with its goal's requirement id and words (in `language`)."""
    requirement_id = edition.solo["campaign_tiles"][tile]["requirement"]
    requirement = edition.catalog["campaign_requirements"][requirement_id]
    return {"tile": tile, "goal": requirement_id, "goal_text": goal_text(edition, requirement, language)}


def new_document(edition, *, player: dict, difficulty: int, seed: int, tiles: list[str] | None = None,
                 count: int | None = None, show_all: bool = False, automa_tiles: str | None = None,
                 automa_color: str | None = None) -> dict:
    """A new campaign's document: the tiles chosen (or `count` drawn from `seed`), all face up (CAMPAIGN-01).

    `CampaignError` when the rules refuse the tiles; the caller checks the settings by starting
    a game with `session_options` (the engine judges difficulty, colour, tiles mode).
    """
    c = rules.create(edition, tiles=tiles, count=count, seed=seed, show_all=show_all)
    return {"campaign": c, "player": dict(player), "difficulty": difficulty,
            "automa_tiles": automa_tiles or AUTOMA_TILES_DEFAULT, "automa_color": automa_color, "seed": seed}


def session_options(edition, data: dict, tile: str | None = None, automa_tiles: str | None = None) -> dict:
    """Options of the next session's solo game (`campaign.next_session_options` + the campaign's settings)."""
    solo = rules.next_session_options(edition, data["campaign"], data["difficulty"], tile)
    solo["tiles"] = automa_tiles or data["automa_tiles"]
    if data.get("automa_color"):
        solo["automa_color"] = data["automa_color"]
    return {"players": [dict(data["player"])], "solo": solo}


def session_result(edition, campaign: dict, outcome: dict) -> dict | None:
    """What recording a finished session with engine `outcome` would do (a dry run of `record_outcome`).

    None when there is nothing left to record into (the campaign is over).
    """
    solo = outcome.get("solo") or {}
    goals = list(solo.get("goals_met") or [])
    choices = rules.turn_down_choices(campaign, goals)
    try:
        trial = rules.record_outcome(edition, campaign, outcome, choices[0] if choices else None)
    except rules.CampaignError:
        return None
    won = trial["sessions"][-1]["won"]
    after = rules.status(edition, trial)  # the consequence, shown before the person records it (issue 34)
    return {"goals_met": goals, "out_scored": bool(solo.get("human_wins")), "session_won": won,
            "turn_down_choices": choices if won else [], "human_total": solo.get("human_total"),
            "automa_total": solo.get("automa_total"),
            "after": {k: after[k] for k in ("status", "failures", "failures_left", "next_starting_science")}}


def standing(edition, data: dict, language: Language = ENGLISH) -> dict:
    """The campaign document as its screen shows it, the goals in `language` (no record fields: ids, version,
    games, links)."""
    c = data["campaign"]
    status = rules.status(edition, c)
    chosen = set(c["tiles"])
    return {
        "status": c["status"], "player": data["player"], "difficulty": data["difficulty"],
        "automa_tiles": data["automa_tiles"], "automa_color": data.get("automa_color"), "seed": data["seed"],
        "show_all": bool(c.get("show_all")),
        "tiles": [{**tile_info(edition, t, language), "face_up": t in c["face_up"], "achieved_in_session": c["achieved"].get(t)}
                  for t in c["tiles"]],
        "other_tiles": [tile_info(edition, t, language) for t in sorted(edition.solo["campaign_tiles"]) if t not in chosen]
        if c.get("show_all") else [],
        "failures": status["failures"], "failures_left": status["failures_left"],
        "failures_ending_campaign": edition.solo["campaign"]["failures_ending_campaign"],
        "next_starting_science": status["next_starting_science"],
        "sessions": [dict(s) for s in c["sessions"]],
    }
