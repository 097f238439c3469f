"""The decision stack (cascades as deferred decisions, held as plain data).

A *frame* is one thing being resolved — a turn, an investment action, a
university, a bonus — with the steps it still has to take.  A *decision* is
the one question asked now: id, seat, kind, context and whether it may be
declined.  Its options are not stored; `legal_actions` derives them from the
state, so a saved game can never hold options that went stale.

`advance` runs frames until a question needs an answer.  A decision with no
legal option is never created; one with a single option that may not be
declined resolves itself and logs an ``auto_resolved`` event.
"""
from __future__ import annotations

from typing import Callable

from api.games.asian_tigers.state import GameState

# step name -> function(state, frame) -> decision dict or None (None: step done, no question)
STEP_HANDLERS: dict[str, Callable] = {}
# decision kind -> function(state, decision) -> list of candidate legal actions
OPTION_GENERATORS: dict[str, Callable] = {}
# decision kind -> {action kind -> handler(state, action, events)}
ANSWERS: dict[str, dict[str, Callable]] = {}


def step(name: str):
    """Register the handler of a frame step."""
    def register(function):
        STEP_HANDLERS[name] = function
        return function
    return register


def options_for(kind: str):
    """Register the option generator of a decision kind."""
    def register(function):
        OPTION_GENERATORS[kind] = function
        return function
    return register


def answers(*pairs: tuple[str, str]):
    """Register a handler as the answer `action kind` to each `(decision kind, action kind)` pair."""
    def register(function):
        for decision_kind, action_kind in pairs:
            ANSWERS.setdefault(decision_kind, {})[action_kind] = function
        return function
    return register


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


def current_decision(state: GameState) -> dict | None:
    """The question being asked now, or None."""
    return state.decisions[-1] if state.decisions else None


def legal_options(state: GameState, decision: dict) -> list[dict]:
    """The legal answers to `decision`, each tagged with the decision id."""
    cached = state.options_cache
    if cached is not None and cached[0] == decision["id"] and state.decisions and state.decisions[-1] is decision:
        return [dict(o) for o in cached[1]]
    options = [{**option, "decision": decision["id"]} for option in OPTION_GENERATORS[decision["kind"]](state, decision)]
    if state.decisions and state.decisions[-1] is decision:
        state.options_cache = (decision["id"], options)
    return [dict(o) for o in options]


def advance(state: GameState, events: list[dict], apply_action: Callable) -> None:
    """Run frame steps until a decision needs a human answer (or the game stops)."""
    while not state.decisions and state.frames:
        frame = state.frames[-1]
        if not frame["steps"]:
            state.frames.pop()
            continue
        name = frame["steps"].pop(0)
        decision = STEP_HANDLERS[name](state, frame, events)
        if decision is None:
            continue
        decision["step"], decision["frame"] = name, len(state.frames) - 1
        state.decisions.append(decision)
        options = legal_options(state, decision)
        if not options:
            state.decisions.pop()  # a decision with no legal option is never created
            continue
        if len(options) == 1 and not decision["declinable"] and not decision.get("manual"):
            only = options[0]
            events.append({"kind": "auto_resolved", "decision": decision["kind"], "action": only,
                           "text": f"Only one choice: {describe_option(only)}"})
            apply_action(state, only, events)


def describe_option(option: dict) -> str:
    """A short human label for an action (logs and the phone's buttons)."""
    kind = option["kind"]
    details = ", ".join(f"{k} {v}" for k, v in option.items() if k not in ("kind", "decision"))
    return f"{kind.replace('_', ' ')}{' (' + details + ')' if details else ''}"
