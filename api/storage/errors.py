"""Storage-level errors; the web layer maps each to one problem response."""
from __future__ import annotations

from api.games.messages import Message, msg  # msg: re-exported, every storage detail is a message (issue 37)
# The engines' errors, re-exported: the web layer maps every storage and engine error from here.
from api.storage.engines import EditionInvalid, EngineUnavailable, RulesViolation, Unsupported  # noqa: F401

RETRY_AFTER = 10  # seconds a client should wait after a storage fault (503)
# How long a write waits for a lock (SQLite's busy timeout; PostgreSQL's lock, pool and statement timeouts):
# short enough that a move is answered within 3 s, 503 database_busy or unavailable when it cannot be.
BUSY_TIMEOUT_MS = 2_000


class StorageError(Exception):
    """Base class; `code` is a stable snake_case identifier."""

    code = "storage_error"

    def __init__(self, message: Message | str):
        super().__init__(str(message))  # English (logs, the CLI); `message` is said in the request's language
        self.message = message


class GameNotFound(StorageError):
    """No game with this id."""

    code = "game_not_found"

    def __init__(self, game_id: str):
        super().__init__(msg("no game with id {game_id}", game_id=repr(game_id)))


class UnknownGameKind(StorageError):
    """No engine is registered (or importable) for this game name."""

    code = "unknown_game"

    def __init__(self, kind: str, known: list[str], reason: str = ""):
        detail = msg("no rules engine for game {kind}; known: {known}", kind=repr(kind), known=", ".join(known) or "none")
        super().__init__(msg("{detail} ({reason})", detail=detail, reason=reason) if reason else detail)


class PreconditionRequired(StorageError):
    """A write came without the version it was based on (If-Match)."""

    code = "if_match_required"

    def __init__(self, current_version: int, message: Message | None = None):
        super().__init__(message or msg("send If-Match with the game version your move is based on (current version "
                                        "{version})", version=current_version))
        self.current_version = current_version


class IdempotencyKeyRequired(PreconditionRequired):
    """A move came without an Idempotency-Key: a retry could not be told from a new move."""

    code = "idempotency_key_required"

    def __init__(self, current_version: int):
        super().__init__(current_version, msg("send an Idempotency-Key header (a unique string per move) so that a "
                                              "retried request is applied once (current version {version})",
                                              version=current_version))


class VersionConflict(StorageError):
    """The write was based on an older version of the game."""

    code = "version_mismatch"

    def __init__(self, expected: str, current_version: int):
        super().__init__(msg("the game changed: your move was based on version {expected}, the game is at version "
                             "{version}; reload and try again", expected=expected, version=current_version))
        self.current_version = current_version


class IdempotencyConflict(StorageError):
    """An Idempotency-Key was reused for a different request."""

    code = "idempotency_key_reused"

    def __init__(self, key: str):
        super().__init__(msg("Idempotency-Key {key} was already used for a different request", key=repr(key)))


class NothingToUndo(StorageError):
    """Undo asked for more actions than can be undone."""

    code = "nothing_to_undo"

    def __init__(self, requested: int, available: int):
        super().__init__(msg("cannot undo {n} action(s): only {m} can be undone", n=requested, m=available))


class GameFinal(StorageError):
    """Undo asked of a finished game: its end and final score are what the table played (issue 33)."""

    code = "game_over"

    def __init__(self, current_version: int):
        super().__init__(msg("the game is over: its final score stands, and its moves can no longer be undone"))
        self.current_version = current_version


class ReplayDiverged(StorageError):
    """Replaying the actions did not give the stored (or declared) state."""

    code = "replay_diverged"

    def __init__(self, game_id: str | None, seq: int, expected: str, actual: str):
        values = {"seq": seq, "expected": expected[:12], "actual": actual[:12]}
        detail = msg("replay diverged at seq {seq}: expected state {expected}…, got {actual}…", **values)
        super().__init__(msg("game {game} {detail}", game=game_id, detail=detail) if game_id else detail)


class JoinCodeUnknown(StorageError):
    """No game has this join code."""

    code = "join_code_unknown"

    def __init__(self):
        super().__init__(msg("no game has this join code; check it with the phone that created the game"))


class TooManyAttempts(StorageError):
    """Too many failed join attempts from one address in the window."""

    code = "too_many_attempts"

    def __init__(self, retry_after: int):
        super().__init__(msg("too many wrong join codes from this address; try again in {n} s", n=retry_after))
        self.retry_after = retry_after


class CampaignNotFound(StorageError):
    """No campaign with this id."""

    code = "campaign_not_found"

    def __init__(self, campaign_id: str):
        super().__init__(msg("no campaign with id {campaign_id}", campaign_id=repr(campaign_id)))


class Refused(StorageError):
    """A write the resource's state or the caller's token does not allow: `status` is the HTTP answer."""

    def __init__(self, status: int, code: str, message: Message | str, **extra):
        super().__init__(message)
        self.status, self.code, self.extra = status, code, extra


class CampaignRefused(Refused):
    """A campaign write the campaign's state does not allow (a session still open, one recorded twice, ...)."""


class DatabaseFault(Exception):
    """The database cannot be used now (missing, replaced, read-only, full, corrupt, I/O error; on PostgreSQL
    a server that does not answer or a lock wait past the busy timeout): 503."""

    def __init__(self, code: str, message: Message | str, retry_after: int = RETRY_AFTER):
        super().__init__(str(message))  # English; `message` is said in the request's language
        self.code, self.message, self.retry_after = code, message, retry_after
