"""marshmallow schemas: the SHAPE of requests only.

Whether a move, an option value or a player count is allowed is the engine's
business (it answers with a `RulesError`); these schemas only check types,
required fields and sizes, so a malformed request never reaches the engine.
"""
from __future__ import annotations

import json

from marshmallow import RAISE, Schema, ValidationError, fields, validate


class StrictInt(fields.Integer):
    """An integer that refuses booleans, floats and strings."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError("Not a valid integer.")
        return super()._deserialize(value, attr, data, **kwargs)


class StrictBool(fields.Boolean):
    """A JSON boolean only (no "yes", 1 or "true")."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise ValidationError("Not a valid boolean.")
        return value


class Base(Schema):
    """Unknown keys are shape errors."""

    class Meta:
        unknown = RAISE


class PlayerSchema(Base):
    """One seat at the table."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=40))
    color = fields.String(required=True, validate=validate.Length(min=1, max=40))


class RulesOptionsSchema(Base):
    """The rules options the edition leaves to the table (values checked by the engine)."""

    tiebreak_era2_tiger_ties = fields.String()
    milestone_counts_on_space = StrictBool()
    prosperity_from_influence_rounds = StrictInt()


SMALL_VALUE = 2048  # characters of JSON: one recorded draw or solo setting is a few dozen


def small(value) -> None:
    """Refuse a free-form value whose JSON is over `SMALL_VALUE` characters (a table's draw is a few words)."""
    if len(json.dumps(value)) > SMALL_VALUE:
        raise ValidationError(f"Longer than {SMALL_VALUE} characters of JSON.")


NAME = fields.String(validate=validate.Length(min=1, max=40))
SEATS = validate.Length(max=16)


def draws() -> fields.Dict:
    """``{name: value}``: a recorded draw per Tiger, centre or seat (values judged by the engine)."""
    return fields.Dict(keys=NAME, values=fields.Raw(allow_none=True, validate=small), validate=SEATS, allow_none=True)


class SetupSchema(Base):
    """Draws made at the table (``options.setup``); any left out the engine generates from the seed.

    Unknown keys are refused (``__proto__`` included), so nothing but these is ever stored and served back.
    """

    prosperity_tokens = draws()
    region_tokens = draws()
    setup_workers = draws()
    starting_goods = draws()
    workers = draws()
    turn_order = fields.List(fields.Raw(validate=small), validate=SEATS, allow_none=True)


class OptionsSchema(Base):
    """Game options passed to the engine's ``new_game``."""

    players = fields.List(fields.Nested(PlayerSchema), required=True, validate=validate.Length(min=1, max=8))
    rules_options = fields.Nested(RulesOptionsSchema)
    advanced_neutral = StrictBool()
    worker_entry = fields.String(validate=validate.OneOf(["sequence", "stated"]))
    setup = fields.Nested(SetupSchema)
    solo = fields.Dict(keys=NAME, values=fields.Raw(allow_none=True, validate=small), validate=SEATS)


SEED = validate.Range(min=0, max=2**63 - 1)


class CreateGameSchema(Base):
    """POST /api/games."""

    game = fields.String(validate=validate.Length(min=1, max=40))
    options = fields.Nested(OptionsSchema, required=True)
    seed = StrictInt(validate=SEED)
    edition = fields.Dict(keys=fields.String())
    edition_id = fields.String(validate=validate.Length(min=1, max=64))


IMPORT_ACTIONS = validate.Length(max=2000)  # a 4-player game is ~200 moves; each is replayed on import


class ImportGameSchema(Base):
    """POST /api/imports: an export document."""

    format = fields.String(validate=validate.Equal("tablekeeper.game"))
    format_version = StrictInt(validate=validate.Equal(1))
    game = fields.String(required=True, validate=validate.Length(min=1, max=40))
    edition = fields.Dict(keys=fields.String(), required=True)
    options = fields.Nested(OptionsSchema, required=True)
    seed = StrictInt(required=True, validate=SEED)
    actions = fields.List(fields.Dict(keys=fields.String()), required=True, validate=IMPORT_ACTIONS)
    state_hash = fields.String(validate=validate.Regexp(r"^[0-9a-f]{64}$"))


class ActionField(fields.Dict):
    """An action object: a dict with a string ``kind`` (the rest is the engine's)."""

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if not isinstance(value.get("kind"), str) or not value["kind"]:
            raise ValidationError("An action needs a non-empty string 'kind'.")
        return value


class ApplyActionSchema(Base):
    """POST /api/games/{game_id}/actions."""

    action = ActionField(keys=fields.String(), required=True)


class BatchSchema(Base):
    """POST /api/games/{game_id}/batch."""

    actions = fields.List(ActionField(keys=fields.String()), required=True,
                          validate=validate.Length(min=1, max=200))


class UndoSchema(Base):
    """POST /api/games/{game_id}/undo."""

    count = StrictInt(load_default=1, validate=validate.Range(min=1, max=100))


class JoinSchema(Base):
    """POST /api/join."""

    join_code = fields.String(required=True, validate=validate.Length(min=4, max=16))


class LogQuerySchema(Base):
    """GET /api/games/{game_id}/log query string."""

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**63 - 1))  # SQLite INTEGER
    limit = fields.Integer(load_default=500, validate=validate.Range(min=1, max=1000))


class EditionQuerySchema(Base):
    """GET /api/edition and GET /api/editions query string."""

    game = fields.String(validate=validate.Length(min=1, max=40))


class MoveQuerySchema(Base):
    """Query string of POST /actions, /batch and /undo: ``full=1`` answers the whole game view."""

    full = fields.Boolean(load_default=False, truthy={"1", "true"}, falsy={"0", "false"})


# -- editions (api/web/editions.py) ------------------------------------------------
EDITION_NAME = validate.Length(min=1, max=80)
PATCH_OPS = validate.Length(max=5000)  # every value of an edition (~1,800 leaves) and a test of each


class CreateEditionSchema(Base):
    """POST /api/editions: a full ``document``, or a ``base`` edition id ("default" = the server's) and a ``patch``."""

    name = fields.String(required=True, validate=EDITION_NAME)
    game = fields.String(validate=validate.Length(min=1, max=40))
    document = fields.Dict(keys=fields.String())
    base = fields.String(validate=validate.Length(min=1, max=64))
    patch = fields.List(fields.Raw(), validate=PATCH_OPS)
    draft = StrictBool()
    created_by = fields.String(validate=validate.Length(min=1, max=80))


class PatchEditionSchema(Base):
    """PATCH /api/editions/{id}: RFC 6902 operations, a new name, and/or ``draft: false`` to save it for good."""

    patch = fields.List(fields.Raw(), validate=PATCH_OPS)
    name = fields.String(validate=EDITION_NAME)
    draft = StrictBool()


class PutEditionSchema(Base):
    """PUT /api/editions/{id}: the whole document of a draft."""

    document = fields.Dict(keys=fields.String(), required=True)
    name = fields.String(validate=EDITION_NAME)
    draft = StrictBool()


class ScorerQuerySchema(Base):
    """POST /api/scorers/* query string: score with a stored edition."""

    edition_id = fields.String(validate=validate.Length(min=1, max=64))
