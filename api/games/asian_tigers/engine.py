"""The game interface: apply, legal_actions, replay (moves as functions of state).

`apply` never mutates its input: it validates the action against the current
decision, runs it on a copy, lets the decision stack advance, and returns a
`Step` with the new state and the events (each with a human-readable text).
"""
from __future__ import annotations

from dataclasses import dataclass

from api.games.asian_tigers import flow
from api.games.asian_tigers.decision_table import ACTION_KINDS, ANSWERS, OPTIONS, STEPS
from api.games.asian_tigers.decisions import current_decision
from api.games.asian_tigers.edition.load import Edition
from api.games.asian_tigers.errors import (ActionShapeError, GameOverError, IllegalActionError, RulesError,
                                           StaleDecisionError)
from api.games.asian_tigers.presentation.options import choice_label
from api.games.asian_tigers.presentation.text import humanize_error, humanize_events
from api.games.asian_tigers.state import GameState


def action_kinds() -> list[str]:
    """Every action kind some decision accepts."""
    return list(ACTION_KINDS)


@dataclass(frozen=True)
class Step:
    """The result of `apply`: the new state and what happened."""

    state: GameState
    events: list[dict]


def legal_options(state: GameState, decision: dict) -> list[dict]:
    """The legal answers to `decision`, each tagged with the decision id (cached for the top decision)."""
    return [dict(o) for o in _shared_options(state, decision)]


def _shared_options(state: GameState, decision: dict) -> list[dict]:
    """`legal_options` without the copies: the cached list itself, for readers that never change it."""
    cached = state.options_cache
    if cached is not None and cached[0] == decision["id"] and state.decisions and state.decisions[-1] is decision:
        return cached[1]
    kind, decision_id = decision["kind"], decision["id"]
    options = OPTIONS[kind](state, decision)
    if kind in _FRESH_OPTIONS:
        for option in options:
            option["decision"] = decision_id  # the same dict `{**option, "decision": ...}` would be
    else:
        options = [{**option, "decision": decision_id} for option in options]
    if state.decisions and state.decisions[-1] is decision:
        state.options_cache = (decision["id"], options)
    return options


# Decisions whose options function returns a new list of new dicts every time, held by nothing else
# (`building.build_candidates`, `placement.placement_options`): tagged in place instead of copied.
# These two list the most options (a build, dozens); any other kind's options are copied.
_FRESH_OPTIONS = frozenset({"choose_build", "choose_placement"})


def advance(state: GameState, events: list[dict], apply_action=None) -> None:
    """Run frame steps until a decision needs a human answer (or the game stops).

    A decision with no legal option is never created; one with a single option
    that may not be declined is answered with `apply_action` (default: the
    engine's own) and logged as ``auto_resolved``.
    """
    apply_action = apply_action or _answer
    while not state.decisions and state.frames:
        frames = state.own("frames")  # a step may push or change frames (a step's own `frame` is this list's)
        frame = frames[-1]
        if not frame["steps"]:
            frames.pop()
            continue
        name = frame["steps"].pop(0)
        decision = STEPS[name](state, frame, events)
        if decision is None:
            continue
        decision["step"], decision["frame"] = name, len(state.frames) - 1
        decisions = state.own("decisions")
        decisions.append(decision)
        options = _shared_options(state, decision)  # only counted here: no copies
        if not options:
            decisions.pop()  # a decision with no legal option is never created
            continue
        if len(options) == 1 and not decision["declinable"] and not decision.get("manual"):
            only = dict(options[0])  # the answer (and its log entry) must not be the cached option itself
            events.append({"kind": "auto_resolved", "decision": decision["kind"], "action": only,
                           "text": f"Only one choice: {choice_label(state, decision, only)}"})
            apply_action(state, only, events)


def legal_actions(state: GameState) -> list[dict]:
    """Every legal answer to the current decision; empty only when the game is over."""
    decision = current_decision(state)
    return legal_options(state, decision) if decision else []


def shared_legal_actions(state: GameState) -> list[dict]:
    """`legal_actions` without the copies: the list the engine keeps for the waiting decision.

    After `apply` it is already there: deciding whether the new decision may be asked (none, one
    or more answers) listed its options.  Read it, encode it; never change it nor its dicts (the
    next `apply` judges the answer's fields against it).
    """
    decision = current_decision(state)
    return _shared_options(state, decision) if decision else []


def _answer(state: GameState, action: dict, events: list[dict]) -> None:
    """Run `action` as the answer to the top decision of `state` (mutates `state`)."""
    # An answer always changes the decision stack and nearly always the frames: owned at once, so
    # the handlers (and the steps `advance` runs) may change them and the frames they are handed.
    decisions = state.own("decisions")
    state.own("frames")
    decision = decisions[-1]
    handler = ANSWERS[decision["kind"]].get(action["kind"])
    if handler is None:
        expected = ", ".join(sorted(ANSWERS[decision["kind"]]))
        raise IllegalActionError(
            f"The game is waiting for {decision['kind'].replace('_', ' ')} ({expected}), not {action['kind']}",
            code="unexpected_action", rule="TURN-04", expected=sorted(ANSWERS[decision["kind"]]))
    handler(state, action, events)
    # The handler may have pushed a frame or finished the decision; the answered
    # decision leaves the stack unless a handler replaced it.
    decisions = state.decisions  # a handler may have given the field a new list
    if decision in decisions:
        decisions.remove(decision)
    advance(state, events, _answer)


LIST_FIELDS = frozenset({"goods", "tigers", "spaces", "sectors", "factories"})
OBJECT_FIELDS = frozenset({"setup_workers", "workers"})


def check_shape(action) -> None:
    """Field types every action shares; the handlers then judge the values (ActionShapeError)."""
    if not isinstance(action, dict) or not isinstance(action.get("kind"), str):
        raise ActionShapeError("an action is an object with a \"kind\"", code="malformed_action", field="kind")
    if "decision" in action and (not isinstance(action["decision"], int) or isinstance(action["decision"], bool)):
        raise ActionShapeError("decision must be the integer id of the decision answered", code="invalid_field",
                               field="decision")
    for name, value in action.items():
        if name in LIST_FIELDS:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ActionShapeError(f"{name} must be a list of strings", code="invalid_field", field=name)
        elif name in OBJECT_FIELDS:
            if not isinstance(value, dict):
                raise ActionShapeError(f"{name} must be an object", code="invalid_field", field=name)
        elif value is not None and not isinstance(value, (str, int)):
            raise ActionShapeError(f"{name} must be a string or a number", code="invalid_field", field=name)


def _refuse_unknown_fields(action: dict, legal: list[dict] | None) -> None:
    """An otherwise legal answer with a field no legal answer of its kind has: it would be stored verbatim in the log.

    `legal`: the decision's legal options, or None when its handler checks the fields itself (a
    manual decision: the table's recorded Era II draws, whose answers carry what the table drew).
    A kind with no listed answer is left to its handler too.
    """
    fields = action.keys() - _ALWAYS_ALLOWED
    if not fields or legal is None:
        return
    kind = action["kind"]
    for option in legal:  # usually the first option of its kind has the action's fields: nothing to build
        if option["kind"] == kind and fields <= option.keys():
            return
    same_kind = [o for o in legal if o["kind"] == kind]
    if not same_kind:
        return
    allowed = set().union(*same_kind) | _ALWAYS_ALLOWED
    unknown = sorted(fields - allowed)
    if unknown:
        raise ActionShapeError(f"unknown field(s) {', '.join(map(repr, unknown))} in a {action['kind']} action; "
                               f"it takes {', '.join(sorted(allowed))}", code="unknown_field", field=unknown[0],
                               unknown=unknown)


_ALWAYS_ALLOWED = frozenset({"kind", "decision"})


def apply(state: GameState, action: dict) -> Step:
    """Validate and apply `action`; raise a `RulesError` and leave `state` untouched if illegal."""
    return apply_on_copy(state, action, None)


def apply_on_copy(state: GameState, action: dict, scratch: GameState | None) -> Step:
    """`apply`, played on `scratch` (a `state.clone()` the caller owns and gives up) instead of a new copy.

    "Why not" tries many candidates on one state: while they are refused without the copy
    changing, the same copy serves the next one (see `presentation.why_not`).
    """
    try:
        return _apply(state, action, scratch)
    except RulesError as exc:  # issue 12: refusals read in words too (code and rule unchanged)
        # A malformed action keeps its codes: its message tells a developer what to type.
        if state.edition is not None and not isinstance(exc, ActionShapeError):
            humanize_error(state.edition, state.player_count, exc)
        raise


def _apply(state: GameState, action: dict, scratch: GameState | None = None) -> Step:
    check_shape(action)
    if action["kind"] not in ACTION_KINDS:
        raise ActionShapeError(f"unknown action kind {action['kind']!r}; known: {', '.join(action_kinds())}",
                               code="unknown_action_kind", field="kind")
    if is_over(state):
        raise GameOverError("The game is over", rule="SCORE-END-01")
    decision = current_decision(state)
    if decision is None:
        raise IllegalActionError("No decision is waiting", code="no_decision")
    if "decision" in action and action["decision"] != decision["id"]:
        raise StaleDecisionError(f"This answers decision {action['decision']}, but the game is now at decision "
                                 f"{decision['id']} ({decision['kind'].replace('_', ' ')})", current=decision["id"],
                                 rule="TURN-04")  # the game asks one question at a time, as unexpected_action
    new_state = scratch if scratch is not None else state.clone()
    events: list[dict] = []
    _answer(new_state, action, events)  # the rules speak first: a field is judged only on a legal answer
    # Judged against the options of `state` (never changed: the answer ran on the copy).
    _refuse_unknown_fields(action, None if decision.get("manual") else _shared_options(state, decision))
    new_state.history_length += 1
    # Issue 12: the log reads in words; the events' other fields keep the codes.
    return Step(new_state, humanize_events(new_state.edition, new_state.player_count, events))


def new_game(options: dict, edition: Edition, seed: int = 0) -> GameState:
    """A fresh game at the first question of Era I (SETUP-*, PSETUP-*, NEUTRAL-*)."""
    state = flow.open_game(options, edition, seed)
    start(state)
    return state


def start(state: GameState) -> list[dict]:
    """Advance a freshly set-up state to its first question (used by `new_game`)."""
    events: list[dict] = []
    advance(state, events, _answer)
    return events


def is_over(state: GameState) -> bool:
    """True once the final scoring is done."""
    return state.phase == "over"


def replay(options: dict, edition, seed: int, actions: list[dict]) -> GameState:
    """Rebuild a game from its options, seed and actions (deterministic)."""
    state = new_game(options, edition, seed)
    for action in actions:
        state = apply(state, action).state
    return state
