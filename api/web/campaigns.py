"""Asian Tigers solo campaigns (CAMPAIGN-01..05): create, read, start the next session, record a session.

The bookkeeping is the engine's pure `api.games.asian_tigers.solo.campaign`; this blueprint stores its
document (`api.storage.campaigns`) and links the session games.  A finished session is recorded by an
explicit ``POST /campaigns/{id}/sessions``, not when its game ends: the player may have to choose which
achieved goal to turn down, and an undo after the last move can still change the outcome.  Every call
but the create sends the campaign token (given once) as ``Authorization: Bearer``.
"""
from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint
from marshmallow import ValidationError, fields, validate, validates_schema

from api.i18n import language
from api.storage import tokens
from api.storage.campaigns import OPEN, CampaignRecord, CampaignRepository
from api.storage.engines import RulesViolation
from api.storage.errors import VersionConflict
from api.storage.models import CreatedGame, LoadedGame, utcnow
from api.web.games import NO_STORE, created_body, default_edition
from api.web.guards import read_body, read_json
from api.web.http import CHALLENGE, REPLAYED, bearer, expected_versions, idempotency, json_response, load, repo
from api.web.language import request_language
from api.web.moves import name_components
from api.web.problems import ApiProblem, msg
from api.web.schemas import SEED, ActionField, Base, PlayerSchema, StrictBool, StrictInt

bp = Blueprint("campaigns", __name__, url_prefix="/api/campaigns")

KIND = "asian_tigers"
TILE_MODES = ["generated", "recorded"]
TILE_ID = fields.String(validate=validate.Length(min=1, max=16))


class CreateCampaignSchema(Base):
    """POST /api/campaigns."""

    player = fields.Nested(PlayerSchema, required=True)
    difficulty = StrictInt(required=True)
    tiles = fields.List(TILE_ID, validate=validate.Length(min=1, max=20))
    count = StrictInt()
    seed = StrictInt(validate=SEED)
    show_all = StrictBool()
    automa_tiles = fields.String(validate=validate.OneOf(TILE_MODES))
    automa_color = fields.String(validate=validate.Length(min=1, max=40))

    @validates_schema
    def one_choice(self, data, **kwargs):
        if ("tiles" in data) == ("count" in data):
            raise ValidationError("give either the chosen 'tiles' or a 'count' to draw", "_body")


class StartSessionSchema(Base):
    """POST /api/campaigns/{id}/games."""

    tile = TILE_ID
    seed = StrictInt(validate=SEED)
    automa_tiles = fields.String(validate=validate.OneOf(TILE_MODES))
    restart = StrictBool()
    # A session played offline: its moves, replayed by the server's engine, must end in `state_hash`.
    actions = fields.List(ActionField(keys=fields.String()))
    state_hash = fields.String(validate=validate.Regexp(r"^[0-9a-f]{64}$"))

    @validates_schema
    def hash_with_moves(self, data, **kwargs):
        if "state_hash" in data and "actions" not in data:
            raise ValidationError("a 'state_hash' checks the 'actions' of a session played offline", "state_hash")


class RecordSessionSchema(Base):
    """POST /api/campaigns/{id}/sessions."""

    game_id = fields.String(required=True, validate=validate.Length(min=1, max=64))
    turn_down = TILE_ID


def rules():
    """The engine's pure campaign functions (503 when the engine cannot be imported)."""
    try:
        from api.games.asian_tigers.solo import campaign
    except ImportError as exc:
        raise ApiProblem(503, "engine_unavailable", msg("the Asian Tigers engine cannot be loaded: {error}",
                                                        error=str(exc))) from None
    return campaign


def views():
    """The engine's campaign document functions (shared with the phone's engine)."""
    rules()  # 503 when the engine cannot be loaded
    from api.games.asian_tigers.solo import campaign_view
    return campaign_view


def refused(exc: Exception) -> ApiProblem:
    """A `CampaignError` as a problem: 409 when the campaign is over, else 422 (``choices`` when asked)."""
    code = getattr(exc, "code", None) or "invalid_campaign"
    choices = (getattr(exc, "details", None) or {}).get("choices")
    return ApiProblem(409 if code == "campaign_over" else 422, code, getattr(exc, "message", str(exc)),
                      title="Campaign refused", rule=getattr(exc, "rule", None),
                      choices=list(choices) if choices is not None else None)


def authorize(cr: CampaignRepository, record: CampaignRecord) -> None:
    """401 without a campaign token or with an unknown one, 403 with another campaign's."""
    token = bearer()
    if token is None:
        raise ApiProblem(401, "token_missing", msg("send the campaign token as 'Authorization: Bearer <token>'"),
                         headers=CHALLENGE)
    found = cr.campaign_for_token(token)
    if found is None:
        raise ApiProblem(401, "token_invalid", msg("this token is not valid for any campaign"), headers=CHALLENGE)
    if found != record.id:
        raise ApiProblem(403, "token_wrong_campaign", msg("this token belongs to another campaign"))


def optional_body() -> Any:
    """The JSON body, or ``{}`` when the request has none."""
    return read_json() if read_body().strip() else {}


def opened(campaign_id: str) -> tuple[CampaignRepository, CampaignRecord, Any, Any]:
    """The campaign (404), checked against the caller's token, with its engine and edition."""
    games = repo()
    cr = CampaignRepository(games.db, games)
    record = cr.record(campaign_id)
    authorize(cr, record)
    engine = cr.games.engine(record.kind)
    return cr, record, engine, cr.edition(engine, record)


# What the document means (tiles, goals, standing, the next session's options) is the engine's
# `campaign_view`, which the phone's engine runs too (offline campaigns); this adds the record.
def session_preview(edition, data: dict, game: LoadedGame) -> dict | None:
    """What recording this finished game would do (a dry run of `record_outcome`)."""
    return views().session_result(edition, data["campaign"], game.engine.outcome(game.state))


def campaign_view(cr: CampaignRepository, record: CampaignRecord, engine, edition) -> dict:
    """The campaign as the phone shows it: tiles face up / down, failures, next science, sessions, games."""
    data = record.data
    links = cr.session_games(record.id)
    by_session = {g.session: g.game_id for g in links if g.session is not None}
    games, open_session = [], None
    for g in links:
        over = cr.games.record(g.game_id).status == "over"
        games.append({"game_id": g.game_id, "status": g.status, "session": g.session, "tile": g.tile, "over": over,
                      "created_at": g.created_at, "links": {"game": f"/api/games/{g.game_id}"}})
        if g.status == OPEN:
            result = session_preview(edition, data, cr.load_game(g.game_id)) if over else None
            open_session = {"game_id": g.game_id, "tile": g.tile, "over": over, "result": result}
    shown = views().standing(edition, data, language(request_language()))  # the goals in the reader's language
    base = f"/api/campaigns/{record.id}"
    return {
        "campaign_id": record.id, "game": record.kind, "version": record.version, **shown,
        "sessions": [{**s, "game_id": by_session.get(s["number"])} for s in shown["sessions"]],
        "games": games, "open_session": open_session, "document": data, "edition_hash": record.edition_hash,
        "created_at": record.created_at, "updated_at": record.updated_at,
        "links": {"self": base, "games": f"{base}/games", "sessions": f"{base}/sessions"},
    }


def session_options(edition, data: dict, tile: str | None, automa_tiles: str | None) -> dict:
    """Options of the next session's solo game (422/409 problem when the campaign refuses)."""
    try:
        return views().session_options(edition, data, tile, automa_tiles)
    except rules().CampaignError as exc:
        raise refused(exc) from None


@bp.post("")
def create_campaign():
    """A new campaign: the chosen tiles (or `count` drawn from `seed`), all face up; 201 with its token.

    With an Idempotency-Key (a phone sending a campaign it started offline), a repeat of the same
    request answers the campaign the first one made, with a fresh token and ``Idempotent-Replayed``.
    """
    raw = read_json()
    body = load(CreateCampaignSchema(), raw)
    idem = idempotency(raw)
    r = repo()
    engine = r.engine(KIND)
    edition = default_edition(KIND)
    seed = body["seed"] if "seed" in body else secrets.randbelow(2**31)
    try:
        data = views().new_document(edition, player=body["player"], difficulty=body["difficulty"], seed=seed,
                                    tiles=body.get("tiles"), count=body.get("count"),
                                    show_all=body.get("show_all", False), automa_tiles=body.get("automa_tiles"),
                                    automa_color=body.get("automa_color"))
    except rules().CampaignError as exc:
        raise refused(exc) from None
    try:
        engine.new_game(session_options(edition, data, None, None), edition, seed)  # the engine judges the settings
    except RulesViolation as exc:  # its Tigers and goods as the edition names them in the request's language
        name_components(exc, KIND, lambda: edition)
        raise
    info = engine.edition_info(edition)
    cr = CampaignRepository(r.db, r)
    record, token, replayed = cr.create(KIND, info.content_hash, info.document, data, idem)
    cr.maybe_prune()  # after the commit (a create remembers its key too)
    body = {"campaign_id": record.id, "campaign_token": token, "campaign_link": f"/#/c/{record.id}",
            "campaign": campaign_view(cr, record, engine, cr.edition(engine, record))}
    headers = {"Location": f"/api/campaigns/{record.id}", **NO_STORE, **(REPLAYED if replayed else {})}
    return json_response(body, 201, record.version, headers)


@bp.get("/<campaign_id>")
def read_campaign(campaign_id: str):
    """Tiles, failures, the next session's starting science, sessions and games, the open session."""
    cr, record, engine, edition = opened(campaign_id)
    return json_response(campaign_view(cr, record, engine, edition), 200, record.version, lang=request_language())


def _session_created(cr: CampaignRepository, campaign_id: str, created: CreatedGame, engine, edition,
                     replayed: bool):
    body = {**created_body(created), "campaign": campaign_view(cr, cr.record(campaign_id), engine, edition)}
    headers = {"Location": f"/api/games/{created.game.record.id}", **NO_STORE, **(REPLAYED if replayed else {})}
    return json_response(body, 201, created.game.record.version, headers)


@bp.post("/<campaign_id>/games")
def start_session(campaign_id: str):
    """Create the next session's solo game, linked to the campaign; 201 with its table token."""
    cr, record, engine, edition = opened(campaign_id)
    raw = optional_body()
    body = load(StartSessionSchema(), raw)
    idem = idempotency(raw)
    replay = cr.replayed(campaign_id, idem)
    if replay is not None:
        table, spectator, code = tokens.fresh_secrets(cr.db, replay.game_id, utcnow())
        return _session_created(cr, campaign_id, CreatedGame(cr.games.load(replay.game_id), table, spectator, code),
                                engine, edition, True)
    expected = expected_versions()
    if expected and "*" not in expected and str(record.version) not in expected:
        raise VersionConflict(", ".join(sorted(expected)), record.version)
    options = session_options(edition, record.data, body.get("tile"), body.get("automa_tiles"))
    seed = body["seed"] if "seed" in body else secrets.randbelow(2**31)

    def still_playable(fresh: CampaignRecord) -> None:  # another phone may have recorded the last session
        session_options(edition, fresh.data, body.get("tile"), None)

    def tile_of(state) -> str | None:
        return (engine.view(state).get("solo") or {}).get("campaign_tile")

    link = cr.linker(campaign_id, expected, idem, body.get("restart", False), still_playable, tile_of)
    try:
        created = cr.games.create_game(KIND, options, seed, edition, actions=body.get("actions"),
                                       expected_state_hash=body.get("state_hash"), on_created=link)
    except RulesViolation as exc:  # a refused option or replayed move, named as in a new game (games.py)
        name_components(exc, KIND, lambda: edition)
        raise
    cr.maybe_prune()  # after the commit: a pruning fault never fails the session's start
    return _session_created(cr, campaign_id, created, engine, edition, False)


@bp.post("/<campaign_id>/sessions")
def record_session(campaign_id: str):
    """Record a finished session game: goals met, out-scored or not, the tile turned down (CAMPAIGN-02..04)."""
    cr, record, engine, edition = opened(campaign_id)
    raw = read_json()
    body = load(RecordSessionSchema(), raw)
    idem = idempotency(raw)

    def decide(fresh: CampaignRecord, game: LoadedGame) -> tuple[dict, int]:
        if not engine.is_over(game.state):
            raise ApiProblem(409, "game_not_over", msg("the session game is not over yet; record it after its last move"),
                             current_version=game.record.version)
        try:
            updated = rules().record_outcome(edition, fresh.data["campaign"], engine.outcome(game.state),
                                             body.get("turn_down"))
        except rules().CampaignError as exc:
            raise refused(exc) from None
        return {**fresh.data, "campaign": updated}, updated["sessions"][-1]["number"]

    def render(fresh: CampaignRecord) -> tuple[int, dict]:
        view = campaign_view(cr, fresh, engine, edition)
        session = next(s for s in view["sessions"] if s["game_id"] == body["game_id"])
        return 200, {"session": session, "campaign": view, "language": request_language()}

    outcome = cr.record_session(campaign_id, body["game_id"], expected_versions(), idem, decide, render)
    headers = REPLAYED if outcome.replayed else {}
    if outcome.replayed and outcome.body.get("language", "en") != request_language():  # first said in another
        fresh = cr.record(campaign_id)  # the campaign now, said in this request's language (as a move's replay)
        return json_response(render(fresh)[1], outcome.status, fresh.version, headers)
    return json_response(outcome.body, outcome.status, outcome.version, headers)
