"""Response bodies built from stored games (JSON-ready dicts, snake_case)."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from api.games.sections import SectionMemo, assemble
from api.storage.engines import Engine
from api.storage.models import GameRecord, LoadedGame, WriteResult
from api.web.patch import diff, diff_sections


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
            "labels": f"{base}/labels", "why_not": f"{base}/why-not"}


# Sent once, at the top of a game view, and not repeated inside the engine's `view`.
HOISTED = ("current_seat", "decision", "legal_actions")
# Parts of the engine's view that never change during a game (the top level has `options` and `edition`).
STATIC_IN_VIEW = ("options", "edition")


class Rendered:
    """A state's board and hoisted parts, rendered for a game view or a move's patch.

    With an engine that renders in sections (``view_sections``: Asian Tigers), the board is
    assembled only when read (a whole view); a patch compares the sections' keys and reads
    only the sections that changed (`patch.diff_sections`).  Other engines give the board whole.
    """

    __slots__ = ("sections", "hoisted", "_board")

    def __init__(self, hoisted: dict, board: dict | None = None, sections: list | None = None):
        self.hoisted, self._board, self.sections = hoisted, board, sections

    @property
    def board(self) -> dict:
        """The engine's view without the hoisted and static parts (shared: never mutate it)."""
        if self._board is None:
            self._board = assemble(self.sections, SKIPPED)
        return self._board


class BoardCache:
    """What this worker rendered last for each game, kept with the state it was rendered from.

    A move's answer is a patch from the previous board to the new one; the previous board is the
    one this worker rendered for the previous move whenever it served that move too, so it is not
    rendered again.  An entry is used only for the very state object it was rendered from (states
    are never mutated), so a board rendered for a plan that was never committed, or for another
    worker's state, can never be mistaken for the current one.  Boards are shared: never mutate one.

    `sections` is the worker's memo of rendered view sections, shared by all its games and keyed
    by their inputs: when another worker served the previous move, the previous state's sections
    are mostly found there (or rendered one by one), never the whole board.
    """

    def __init__(self, size: int = 256):  # ~120 KB of Python objects per Asian Tigers board
        self.size = size
        self._entries: OrderedDict[str, tuple[Any, Rendered]] = OrderedDict()
        self._lock = threading.Lock()
        self.sections = SectionMemo()
        self.hits = self.misses = 0  # for benchmarks and tests

    def get(self, game_id: str, state: Any) -> Rendered | None:
        """What was rendered from `state`, or None."""
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None or entry[0] is not state:
                self.misses += 1
                return None
            self._entries.move_to_end(game_id)
            self.hits += 1
            return entry[1]

    def clear(self) -> None:
        """Forget every board and section."""
        with self._lock:
            self._entries.clear()
        self.sections.clear()

    def put(self, game_id: str, state: Any, rendered: Rendered) -> None:
        """Remember what `state` rendered as (the game's newest state: it replaces the entry)."""
        with self._lock:
            self._entries[game_id] = (state, rendered)
            self._entries.move_to_end(game_id)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)


BOARDS = BoardCache()
SKIPPED = frozenset(HOISTED) | frozenset(STATIC_IN_VIEW)


def board_view(engine: Engine, state: Any, game_id: str | None = None) -> Rendered:
    """The board (without the hoisted and static parts) and the hoisted parts of `state`.

    With `game_id`, taken from (and kept in) this worker's `BOARDS` cache.
    """
    if game_id is not None:
        cached = BOARDS.get(game_id, state)
        if cached is not None:
            return cached
    rendered = _render(engine, state)
    if game_id is not None:
        BOARDS.put(game_id, state, rendered)
    return rendered


def _render(engine: Engine, state: Any) -> Rendered:
    over = engine.is_over(state)
    sections = engine.view_sections(state, BOARDS.sections)
    if sections is not None:
        parts, sent = {}, []
        for section in sections:  # one pass: the hoisted places apart, the skipped ones left out
            head = section.path[0]
            if head not in SKIPPED:
                sent.append(section)
            elif head in HOISTED and len(section.path) == 1:
                parts[head] = section
        hoisted = {"over": over, "current_seat": parts["current_seat"].value, "decision": parts["decision"].value,
                   "legal_actions": [] if over else parts["legal_actions"].value}
        return Rendered(hoisted, sections=sent)
    view = engine.view(state)
    hoisted = {
        "over": over,
        "current_seat": view.get("current_seat"),
        "decision": view.get("decision"),
        "legal_actions": [] if over else (
            view["legal_actions"] if isinstance(view.get("legal_actions"), list) else engine.legal_actions(state)),
    }
    return Rendered(hoisted, board={k: v for k, v in view.items() if k not in SKIPPED})


def game_view(game: LoadedGame, role: str = "table") -> dict:
    """The whole view a phone renders: whose turn, the pending decision, the legal actions, the board."""
    record: GameRecord = game.record
    engine = game.engine
    rendered = board_view(engine, game.state, record.id)
    return {
        "game_id": record.id,
        "game": record.kind,
        "version": record.version,
        "status": record.status,
        "role": role,
        **rendered.hoisted,
        "can_undo": record.live_actions > 0,
        "live_actions": record.live_actions,
        "head_seq": record.head_seq,
        "options": record.options,
        "seed": record.seed,
        "view": rendered.board,
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
    # The previous board first: the new one then replaces it as this game's entry in `BOARDS`.
    old = board_view(previous.engine, previous.state, record.id) if previous is not None else None
    new = board_view(game.engine, game.state, record.id)
    update = {
        "game_id": record.id,
        "version": record.version,
        "status": record.status,
        **new.hoisted,
        "can_undo": record.live_actions > 0,
        "live_actions": record.live_actions,
        "head_seq": record.head_seq,
        "updated_at": record.updated_at,
    }
    if previous is None or previous.record.placeholders_used != record.placeholders_used:
        update["edition"] = edition_summary(game.engine, game.edition, record.placeholders_used)
    if previous is None:
        update["view"] = new.board
    else:
        update["base_version"] = previous.record.version
        if old.sections is not None and new.sections is not None:
            update["view_patch"] = diff_sections(old.sections, new.sections, lambda: diff(old.board, new.board))
        else:
            update["view_patch"] = diff(old.board, new.board)
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
