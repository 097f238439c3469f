"""A game table held in memory on the phone: replay, apply, undo, view, export.

The PWA's engine worker calls the ``*_json`` functions with JSON strings and
gets JSON strings back (one crossing of the JS/Python boundary per call).
Each answer mirrors what the server would say for the same game:
``game_view`` is built by the server's own `api.games.envelope.game_envelope`, ``state_hash`` is
the SHA-256 of the canonical state (``api.storage.engines.state_hash``), and a
refusal carries the engine's ``code`` and catalogue ``rule`` (a test checks
all three against the server's own functions).  The web layer's record
fields (version, role, timestamps) come from the caller as ``meta``.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from api.games import asian_tigers as engine
from api.games.envelope import edition_summary as envelope_edition_summary, game_envelope
from api.games.asian_tigers.presentation.labels import component_names
from api.games.asian_tigers.presentation.recall import needs_recall, opening, recall, with_said_instructions
from api.games.asian_tigers.presentation.text import event_lines
from api.games.asian_tigers.presentation.why_not import named_in
from api.games.provenance import ProvenanceMap, iter_leaves, placeholders_in
# The worker calls `table.<fn>`: the campaign entry points are reachable here too (re-exported).
from api.offline.campaign import (campaign_new_json, campaign_record_json, campaign_result_json,  # noqa: F401
                                  campaign_session_json, campaign_standing_json)
from api.offline.editions import load_edition
from api.offline.language import current_language, set_language_json  # noqa: F401  (the worker calls table.set_language_json)

EDITION_META_KEYS = frozenset({"schema_version", "edition", "provenance", "interpretations"})
_SUMMARIES: dict[str, dict] = {}  # edition hash -> its short form (never mutated)
TABLES: dict[str, "Table"] = {}


def canonical(value: Any) -> str:
    """Canonical JSON for hashing (sorted keys, no spaces), as storage hashes it."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: Any) -> str:
    """SHA-256 of the canonical JSON of the serialised `state`."""
    return hashlib.sha256(canonical(engine.state_to_dict(state)).encode()).hexdigest()


def edition_summary(edition: Any, used: list[str]) -> dict:
    """The short edition form of the game view (placeholder marking included), worked out once per edition."""
    if edition.content_hash not in _SUMMARIES:
        document = edition.raw()
        prov = document.get("provenance") if isinstance(document.get("provenance"), dict) else {}
        count = 0
        if prov:
            marks = ProvenanceMap.from_mapping(prov)
            data = {k: v for k, v in document.items() if k not in EDITION_META_KEYS}
            count = sum(1 for p, _ in iter_leaves(data) if marks.is_placeholder(p))
        _SUMMARIES[edition.content_hash] = envelope_edition_summary(document, edition.content_hash, count, None)
    return {**_SUMMARIES[edition.content_hash], "placeholder_paths_used": list(used)}


def problem_of(exc: Exception, index: int | None = None, edition: Any = None) -> dict:
    """A refusal as the server words it (problem+json fields), with ``message_message`` naming the components as
    `edition` does in the phone's language (the phone says it: `localize()`, as the server's refused move)."""
    text = getattr(exc, "text", None)
    names = component_names(edition, current_language().code) if edition is not None and text is not None else {}
    return {"status": 422, "code": getattr(exc, "code", None) or "illegal_action", "rule": getattr(exc, "rule", None),
            "detail": getattr(exc, "message", None) or str(exc), "index": index,
            **({"message_message": named_in(text.as_json(), names)} if text is not None else {})}


@dataclass
class Table:
    """One game: its edition, options, seed, the live actions and the state after them."""

    game_id: str
    edition: Any
    options: dict
    seed: int
    actions: list[dict] = field(default_factory=list)
    events: list[list[dict]] = field(default_factory=list)
    state: Any = None

    @classmethod
    def start(cls, game_id: str, edition: Any, options: dict, seed: int, actions: list[dict]) -> "Table":
        """A new game replayed through `actions` step by step (RulesError on the first bad one)."""
        table = cls(game_id, edition, options, seed, state=engine.new_game(options, edition, seed))
        for index, action in enumerate(actions):
            try:
                table.play(action)
            except engine.RulesError as exc:
                exc.index = index
                raise
        return table

    def play(self, action: dict) -> list[dict]:
        """Apply one action; its events."""
        step = engine.apply(self.state, action)
        events = [dict(e) for e in (step.events or [])]
        self.state = step.state
        self.actions.append(step.action)  # as applied: a set-valued field in the listed order
        self.events.append(events)
        return events

    def undo(self, count: int) -> None:
        """Drop the last `count` live actions (the state is replayed from the start)."""
        if count < 1 or count > len(self.actions):
            raise engine.RulesError(f"there are {len(self.actions)} moves to undo, not {count}",
                                    code="nothing_to_undo")
        rebuilt = Table.start(self.game_id, self.edition, self.options, self.seed, self.actions[:-count])
        self.actions, self.events, self.state = rebuilt.actions, rebuilt.events, rebuilt.state

    def game_view(self, meta: dict) -> dict:
        """The server's game view of this table (`game_envelope`); `meta`: version, role, head_seq, timestamps."""
        over, said = bool(engine.is_over(self.state)), current_language()
        used = sorted(placeholders_in([e for events in self.events for e in events]))
        # The Automa's last turn in the phone's language, from the table's own events (as the server says it).
        view = with_said_instructions(engine.view(self.state, said), self.state, self.history(), said)
        return game_envelope(
            view, over=over, game_id=self.game_id, game="asian_tigers",
            version=meta.get("version", 1), status="over" if over else "active", role=meta.get("role", "table"),
            live_actions=len(self.actions), head_seq=max(meta.get("head_seq", 0), len(self.actions)),
            options=self.options, seed=self.seed, edition=edition_summary(self.edition, used),
            created_at=meta.get("created_at", ""), updated_at=meta.get("updated_at", ""))

    def history(self):
        """The live actions' events, the newest first, then the game's setup (`recall.opening`), read lazily."""
        yield from reversed(self.events)
        yield opening(self.options, self.edition, self.seed)

    def export(self) -> dict:
        """The export document (``POST /api/imports`` rebuilds the game from it)."""
        return {"format": "tablekeeper.game", "format_version": 1, "game": "asian_tigers",
                "edition": self.edition.raw(), "options": self.options, "seed": self.seed,
                "actions": list(self.actions), "state_hash": state_hash(self.state)}


# -- the worker's entry points (JSON in, JSON out) ---------------------------------
def _answer(table: Table, meta: dict, **extra) -> str:
    body = {"ok": True, "view": table.game_view(meta), **extra}
    if meta.get("with_hash"):
        body["state_hash"] = state_hash(table.state)
    return json.dumps(body, ensure_ascii=False)


def said_events(table: Table, events: list[dict]) -> dict:
    """``events`` (the last move's; without their messages, as the server answers them) and their ``lines`` in the
    phone's language (a paused Automa turn's summary said from the game's earlier lines: `recall`)."""
    said = recall(table.edition, [*table.events[:-1], events], len(table.events) - 1)[0] \
        if needs_recall(events) and table.events else events
    return {"events": [{k: v for k, v in e.items() if k != "message"} for e in events],
            "lines": event_lines(table.edition, said, current_language())}


def _refusal(exc: Exception, edition: Any = None) -> str:
    return json.dumps({"ok": False, "problem": problem_of(exc, getattr(exc, "index", None), edition)},
                      ensure_ascii=False)


def open_json(payload: str) -> str:
    """Start or replay a table: ``{game_id, edition|null, options, seed, actions, meta}``."""
    p, edition = json.loads(payload), None
    try:
        edition = load_edition(p.get("edition"))
        table = Table.start(p["game_id"], edition, p["options"], p["seed"], p["actions"])
    except engine.RulesError as exc:
        return _refusal(exc, edition)
    TABLES[p["game_id"]] = table
    return _answer(table, p.get("meta") or {})


def apply_json(game_id: str, action: str, meta: str) -> str:
    """Apply one action to an open table: the new view and the events' lines, or the refusal."""
    table = TABLES[game_id]
    try:
        events = table.play(json.loads(action))
    except engine.RulesError as exc:
        return _refusal(exc, table.edition)
    return _answer(table, json.loads(meta), **said_events(table, events))


def same_move(state: Any, action: dict, seat: Any) -> dict | None:
    """The legal action now that answers like `action` did, for the same seat, or None.

    A move recorded offline names the decision it answered (``decision``: an id); once
    another phone has moved, that id is stale although the same answer may still be
    legal.  Only an exact match on everything else, asked of the same seat, counts.
    """
    decision = engine.view(state).get("decision") or {}
    if seat is None or str(decision.get("seat")) != str(seat):
        return None
    bare = {k: v for k, v in action.items() if k != "decision"}
    matches = [a for a in engine.legal_actions(state) if {k: v for k, v in a.items() if k != "decision"} == bare]
    return dict(matches[0]) if len(matches) == 1 else None


def replay_move_json(game_id: str, action: str, seat: Any, meta: str) -> str:
    """Apply a move recorded on an older state: as it is, or re-derived by `same_move`.

    The answer's ``action`` is what was applied (what the outbox must now send).
    """
    table = TABLES[game_id]
    move = json.loads(action)
    try:
        events = table.play(move)
    except engine.RulesError as exc:
        again = same_move(table.state, move, seat)
        if again is None:
            return _refusal(exc, table.edition)
        move, events = again, table.play(again)
    return _answer(table, json.loads(meta), **said_events(table, events), action=move)


def undo_json(game_id: str, count: int, meta: str) -> str:
    """Undo the last `count` moves of an open table."""
    table = TABLES[game_id]
    try:
        table.undo(int(count))
    except engine.RulesError as exc:
        return _refusal(exc, table.edition)
    return _answer(table, json.loads(meta))


def view_json(game_id: str, meta: str) -> str:
    """The view of an open table (``meta.with_hash``: its state hash too)."""
    return _answer(TABLES[game_id], json.loads(meta))


def state_hash_json(game_id: str) -> str:
    """The state hash of an open table alone (no view): what the server's move answer names."""
    return json.dumps({"ok": True, "state_hash": state_hash(TABLES[game_id].state)})


def why_not_json(game_id: str) -> str:
    """What an open table's current decision refuses, and why, as ``GET /why-not`` gives it (its messages naming
    things in the phone's language: the phone says them, `localize()`)."""
    table = TABLES[game_id]
    refused = engine.refusals(table.state, current_language().code)
    return json.dumps({"ok": True, "game_id": game_id, **refused}, ensure_ascii=False)


def outcome_json(game_id: str) -> str:
    """Final standings of a finished table, as ``GET /outcome`` gives them (with messages, for the phone to say)."""
    table = TABLES[game_id]
    if not engine.is_over(table.state):
        return json.dumps({"ok": False, "problem": {"status": 409, "code": "game_not_over", "rule": None,
                                                    "detail": "the game is not over yet"}})
    return json.dumps({"ok": True, "outcome": engine.outcome(table.state, messages="en")}, ensure_ascii=False)


def export_json(game_id: str) -> str:
    """The export document of an open table."""
    return json.dumps({"ok": True, "export": TABLES[game_id].export()}, ensure_ascii=False)


def edition_json() -> str:
    """The shipped edition document (labels and solo options for games started offline)."""
    return json.dumps(load_edition(None).raw(), ensure_ascii=False)
