"""The decision stack (cascades as deferred decisions, held as plain data).

A *frame* is one thing being resolved — a turn, an investment action, a university, a bonus —
with the steps it still has to take.  A *decision* is the one question asked now: id, seat, kind,
context and whether it may be declined.  Its options are not stored: `legal_actions` derives them
from the state, so a saved game never holds options that went stale.  `decision_table` says which
function runs each step; `engine.advance` runs the frames.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

from api.games.asian_tigers.state import GameState


def repeat(state: GameState, decision: dict) -> None:
    """Ask `decision`'s question again once what the answer started is resolved (loops: sales, bonuses)."""
    frame_index = decision.get("frame")
    if frame_index is not None and frame_index < len(state.frames):
        state.frames[frame_index]["steps"].insert(0, decision["step"])


def push_frame(state: GameState, kind: str, steps: list[str], **context) -> dict:
    """Start resolving something; its steps run before the frames below it."""
    frame = {"kind": kind, "steps": list(steps), **context}
    state.frames.append(frame)
    return frame


def new_decision(state: GameState, kind: str, seat: str, declinable: bool, **context) -> dict:
    """A decision object (not yet on the stack)."""
    decision = {"id": state.next_decision_id, "kind": kind, "seat": seat, "declinable": declinable, **context}
    state.next_decision_id += 1
    return decision


@dataclass(frozen=True)
class Ask:
    """A frame step that only asks the frame's seat the decision `kind`, with (copies of) the frame's
    `context` fields."""

    kind: str
    declinable: bool = False
    context: tuple[str, ...] = ()

    def __call__(self, state: GameState, frame: dict, events: list[dict]) -> dict:
        """The decision, for `engine.advance` to put on the stack."""
        return new_decision(state, self.kind, frame["seat"], self.declinable,
                            **{key: copy.copy(frame[key]) for key in self.context})


def current_decision(state: GameState) -> dict | None:
    """The question being asked now, or None."""
    return state.decisions[-1] if state.decisions else None


def decline(state: GameState, action: dict, events: list[dict]) -> None:
    """Declining an optional step: nothing happens; the decision leaves the stack (`engine` removes it)."""

