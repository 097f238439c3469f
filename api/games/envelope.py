"""The game view the API answers: the engine's view of a state inside the game's record fields.

One pure function builds it for the server (`api.web.views`) and for the phone's engine
(`api.offline.table`, under Pyodide, with no web stack), so both give the same document.
Whose turn, the decision and the legal actions are given once, at the top (`HOISTED`); the
engine's view without them and without what never changes during a game (`STATIC_IN_VIEW`: the
record's options and edition say it) is the ``view`` — the board a move's answer patches.
"""
from __future__ import annotations

from typing import Any

# Given once, at the top of a game view, and not repeated inside the engine's `view`.
HOISTED = ("current_seat", "decision", "legal_actions")
# Parts of the engine's view that never change during a game.
STATIC_IN_VIEW = ("options", "edition")
# A game's sub-resources, each at /api/games/{id}/{name} (``why_not``: ``why-not``).
LINKS = ("actions", "batch", "undo", "log", "score", "outcome", "export", "edition", "labels", "why_not")


def split_view(view: dict, over: bool) -> tuple[dict, dict]:
    """(the hoisted parts with ``over``, the board) of an engine's whole `view`.

    A finished game lists no legal action; the board is a new dict whose values are the view's own.
    """
    hoisted = {"over": over, "current_seat": view.get("current_seat"), "decision": view.get("decision"),
               "legal_actions": [] if over else list(view.get("legal_actions") or [])}
    board = {k: v for k, v in view.items() if k not in HOISTED and k not in STATIC_IN_VIEW}
    return hoisted, board


def edition_summary(document: dict, content_hash: str, placeholder_count: int, used) -> dict:
    """An edition's short form: id, hash, status and placeholder marking; `used`: the placeholder paths
    this game's events named (None: not asked)."""
    meta = document.get("edition") if isinstance(document.get("edition"), dict) else {}
    provenance = document.get("provenance") if isinstance(document.get("provenance"), dict) else {}
    return {"id": meta.get("id"), "content_hash": content_hash, "status": meta.get("status"),
            "placeholder_count": placeholder_count,
            "placeholder_sections": sorted(p for p, v in provenance.items() if v == "placeholder"),
            "placeholder_paths_used": list(used) if used is not None else None}


def links(game_id: str) -> dict:
    """Where to go next (relative URLs)."""
    base = f"/api/games/{game_id}"
    return {"self": base, **{name: f"{base}/{name.replace('_', '-')}" for name in LINKS}}


def game_envelope(view: dict, *, over: bool, game_id: str, game: str, version: int, status: str, role: str,
                  live_actions: int, head_seq: int, options: Any, seed: int, edition: dict,
                  created_at: str, updated_at: str) -> dict:
    """The whole game view a phone renders: the record's fields around the engine's `view`, split by `split_view`.

    `edition`: the edition's short form (`edition_summary`).
    """
    hoisted, board = split_view(view, over)
    return {
        "game_id": game_id, "game": game, "version": version, "status": status, "role": role,
        **hoisted,
        "can_undo": live_actions > 0, "live_actions": live_actions, "head_seq": head_seq,
        "options": options, "seed": seed, "view": board, "edition": edition,
        "created_at": created_at, "updated_at": updated_at, "links": links(game_id),
    }
