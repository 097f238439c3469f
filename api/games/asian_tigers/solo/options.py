"""Solo options: one human plus the Automa, which takes seat 1 (SOLO-SETUP-01/07, SOLO-SCORE-03, SCENARIO-01,
CAMPAIGN-03).  `setup.resolve_options` asks this module; `solo.session` sets the game up from its settings.
"""
from __future__ import annotations

from api.games.asian_tigers.errors import SetupError, msg
from api.games.asian_tigers.scoring.model import SOLO_VARIANTS
from api.games.asian_tigers.told import colours_of

AUTOMA_SEAT = "1"
AUTOMA_NAME = "Automa"
TILE_MODES = ("generated", "recorded")
MAX_SCORE = 10_000  # far above any Asian Tigers total; keeps every input number bounded (issue 16)
SOLO_KEYS = ("difficulty", "variant", "high_score", "campaign_tile", "face_up", "starting_science", "automa_color",
             "tiles")


def _fail(message: str, code: str, field: str, rule: str | None = None):
    raise SetupError(message, code=code, rule=rule, field=f"solo/{field}" if field else "solo")


def resolve_solo(options: dict, edition) -> tuple[list, dict]:
    """Validate ``options.solo``; returns the players with the Automa appended, and the solo settings."""
    players = options.get("players")
    solo = options.get("solo")
    if not isinstance(players, list) or len(players) != 1:
        raise SetupError(msg("solo options need exactly one human player (the Automa is added)"),
                         code="invalid_player_count", rule="SOLO-SETUP-01", field="players")
    if not isinstance(solo, dict):
        raise SetupError(msg("solo options are an object with a difficulty 1..4"), code="invalid_options",
                         rule="SOLO-SETUP-07", field="solo")
    unknown = sorted(set(solo) - set(SOLO_KEYS))
    if unknown:
        _fail(msg("unknown solo option {unknown}; known: {known}", unknown=repr(unknown[0]),
                  known=', '.join(SOLO_KEYS)), "unknown_solo_option", unknown[0])
    allowed = list(edition.solo["difficulty_multipliers"])
    difficulty = solo.get("difficulty")
    if isinstance(difficulty, bool) or difficulty not in allowed:
        _fail(msg("difficulty must be one of {allowed}", allowed=str(allowed)), "invalid_difficulty", "difficulty",
              "SOLO-SETUP-07")
    variant = solo.get("variant") or "solo"
    if variant not in SOLO_VARIANTS:
        _fail(msg("variant must be one of {variants}", variants=', '.join(SOLO_VARIANTS)), "invalid_variant",
              "variant")
    high_score = solo.get("high_score")
    if variant == "high_score":
        if not isinstance(high_score, int) or isinstance(high_score, bool):
            _fail(msg("the high-score variant needs the previous high score (an integer)"), "high_score_required",
                  "high_score", "SOLO-SCORE-03")
        if abs(high_score) > MAX_SCORE:
            _fail(msg("high_score is a final score, at most {maximum}", maximum=MAX_SCORE), "invalid_high_score",
                  "high_score", "SOLO-SCORE-03")
    elif high_score is not None:
        _fail(msg("high_score is only for the high-score variant"), "unexpected_high_score", "high_score")
    tiles = list(edition.solo["campaign_tiles"])
    tile = solo.get("campaign_tile")
    face_up = solo.get("face_up")
    if variant not in ("scenario", "campaign") and (tile is not None or face_up is not None):
        _fail(msg("campaign tiles are only for the scenario and campaign variants"), "unexpected_campaign_tile",
              "campaign_tile", "SCENARIO-01")
    if face_up is not None:
        if variant != "campaign" or not isinstance(face_up, list) or not face_up \
                or any(t not in tiles for t in face_up) or len(set(face_up)) != len(face_up):
            _fail(msg("face_up lists the campaign's face-up tiles, distinct ids of {tiles}", tiles=', '.join(tiles)),
                  "invalid_face_up", "face_up", "CAMPAIGN-02")
    if tile is not None and (tile not in tiles or (face_up is not None and tile not in face_up)):
        _fail(msg("campaign_tile must be one of {face_up}", face_up=', '.join(face_up or tiles)),
              "unknown_campaign_tile", "campaign_tile", "SCENARIO-01")
    science = solo.get("starting_science")
    supply = edition.document["components"]["science_tokens"]
    if science is not None and (not isinstance(science, int) or isinstance(science, bool)
                                or not 0 <= science <= supply):
        _fail(msg("starting_science is a whole number of science tokens, 0 to {supply} (the supply)", supply=supply),
              "invalid_starting_science", "starting_science", "CAMPAIGN-03")
    mode = solo.get("tiles") or "generated"
    if mode not in TILE_MODES:
        _fail(msg("tiles must be 'generated' (the app shuffles) or 'recorded' (the table says each tile)"),
              "invalid_tiles_mode", "tiles", "SOLO-SETUP-03")
    human = players[0]
    color = solo.get("automa_color")
    if color is None:
        human_color = human.get("color") if isinstance(human, dict) else None
        color = next(c for c in edition.player_colors if c != human_color)
    elif color not in edition.player_colors:
        _fail(msg("automa_color must be one of {colours}", colours=colours_of(edition)),
              "unknown_color", "automa_color")
    settings = {"difficulty": difficulty, "variant": variant, "high_score": high_score, "campaign_tile": tile,
                "face_up": list(face_up) if face_up is not None else None, "starting_science": science,
                "tiles": mode}
    return [human, {"name": AUTOMA_NAME, "color": color}], settings
