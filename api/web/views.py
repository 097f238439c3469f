"""Response bodies built from stored games (JSON-ready dicts, snake_case)."""
from __future__ import annotations

from typing import Any

from api.storage.engines import Engine
from api.storage.models import GameRecord, LoadedGame, WriteResult
from api.web.patch import diff


def edition_summary(engine: Engine, edition: Any, used: tuple[str, ...] | None = None) -> dict:
    """Id, hash and placeholder marking of an edition (the short form); `used`: by this game."""
    info = engine.edition_info(edition)
    return {
        "id": info.edition_id,
        "content_hash": info.content_hash,
        "status": (info.document.get("edition") or {}).get("status") if isinstance(
            info.document.get("edition"), dict) else None,
        "placeholder_count": len(info.placeholder_paths),
        "placeholder_sections": list(info.placeholder_patterns),
        "placeholder_paths_used": list(used) if used is not None else None,
    }


def edition_detail(engine: Engine, edition: Any, used: tuple[str, ...] | None = None) -> dict:
    """The full edition document with its provenance flattened to placeholder paths."""
    info = engine.edition_info(edition)
    doc = info.document
    return {
        **edition_summary(engine, edition, used),
        "document": doc,
        "provenance": doc.get("provenance") if isinstance(doc.get("provenance"), dict) else {},
        "placeholder_paths": list(info.placeholder_paths),
    }


def game_links(game_id: str) -> dict:
    """Where to go next (relative URLs)."""
    base = f"/api/games/{game_id}"
    return {"self": base, "actions": f"{base}/actions", "batch": f"{base}/batch", "undo": f"{base}/undo",
            "log": f"{base}/log", "score": f"{base}/score", "outcome": f"{base}/outcome",
            "export": f"{base}/export", "edition": f"{base}/edition",
            "labels": f"{base}/labels"}


# Sent once, at the top of a game view, and not repeated inside the engine's `view`.
HOISTED = ("current_seat", "decision", "legal_actions")
# Parts of the engine's view that never change during a game (the top level has `options` and `edition`).
STATIC_IN_VIEW = ("options", "edition")


def board_view(engine: Engine, state: Any) -> tuple[dict, dict]:
    """(the engine's view without the hoisted and static parts, the hoisted parts)."""
    view = engine.view(state)
    over = engine.is_over(state)
    hoisted = {
        "over": over,
        "current_seat": view.get("current_seat"),
        "decision": view.get("decision"),
        "legal_actions": [] if over else (
            view["legal_actions"] if isinstance(view.get("legal_actions"), list) else engine.legal_actions(state)),
    }
    board = {k: v for k, v in view.items() if k not in HOISTED and k not in STATIC_IN_VIEW}
    return board, hoisted


def game_view(game: LoadedGame, role: str = "table") -> dict:
    """The whole view a phone renders: whose turn, the pending decision, the legal actions, the board."""
    record: GameRecord = game.record
    engine = game.engine
    board, hoisted = board_view(engine, game.state)
    return {
        "game_id": record.id,
        "game": record.kind,
        "version": record.version,
        "status": record.status,
        "role": role,
        **hoisted,
        "can_undo": record.live_actions > 0,
        "live_actions": record.live_actions,
        "head_seq": record.head_seq,
        "options": record.options,
        "seed": record.seed,
        "view": board,
        "edition": edition_summary(engine, game.edition, record.placeholders_used),
        "created_at": record.created_at,
        "updated_at": record.updated_at,
        "links": game_links(record.id),
    }


def game_update(game: LoadedGame, previous: LoadedGame | None) -> dict:
    """What a move changed: the game view without its static parts, the board as a patch of `previous`'s.

    The phone that sent the move holds the view at ``base_version``; applying ``view_patch``
    (RFC 6902) to its ``view`` gives the new one.  Without a previous state, the whole board.
    """
    record = game.record
    board, hoisted = board_view(game.engine, game.state)
    update = {
        "game_id": record.id,
        "version": record.version,
        "status": record.status,
        **hoisted,
        "can_undo": record.live_actions > 0,
        "live_actions": record.live_actions,
        "head_seq": record.head_seq,
        "updated_at": record.updated_at,
    }
    if previous is None or previous.record.placeholders_used != record.placeholders_used:
        update["edition"] = edition_summary(game.engine, game.edition, record.placeholders_used)
    if previous is None:
        update["view"] = board
    else:
        update["base_version"] = previous.record.version
        update["view_patch"] = diff(board_view(previous.engine, previous.state)[0], board)
    return update


def write_body(result: WriteResult, full: bool = False) -> tuple[int, dict]:
    """The 200 body of an apply, batch or undo (kept, as sent, for idempotent replays).

    `full`: the whole game view (``?full=1``) instead of the update.
    """
    return 200, {
        "version": result.game.record.version,
        "applied": [{**a, "lines": [e.get("text", "") for e in a["events"]]} for a in result.applied],
        "undone": result.undone,
        "game": game_view(result.game, "table") if full else game_update(result.game, result.previous),
    }


def log_entry(row: dict) -> dict:
    """One log entry: machine payload plus human-readable lines."""
    return {**row, "lines": [e.get("text", "") for e in row["events"] if isinstance(e, dict)]}
