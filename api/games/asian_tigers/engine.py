"""The game interface: apply, legal_actions, replay (moves as functions of state).

`apply` never changes its input: it validates the action against the current
decision, runs it on a plain copy, lets the decision stack advance, and returns
a `Step` with the new state and the events.  Narration (the events in words)
is `presentation.text.narrate`, run when a caller reads `Step.events`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from api.games.asian_tigers import flow
from api.games.asian_tigers.decision_table import ACTION_FIELDS, ACTION_KINDS, ANSWERS, OPTIONS, STEPS
from api.games.asian_tigers.decisions import current_decision
from api.games.asian_tigers.edition.load import Edition
from api.games.asian_tigers.errors import (ActionShapeError, GameOverError, IllegalActionError, RulesError,
                                           StaleDecisionError, joined, msg)
from api.games.asian_tigers.presentation.text import humanize_error, in_words, narrate
from api.games.asian_tigers.state import GameState
from api.games.asian_tigers.told import told


@dataclass(frozen=True)
class Step:
    """The result of `apply`: the new state, what happened, the action as applied, what is legal next.

    `facts` are the events as the rules record them (codes in their texts); `events` are the same
    in words, narrated when a caller first asks (a replay never does).  `action` is the answer in
    the spelling of the listed option it matched (set-valued fields in the listed order).  `legal`
    is `legal_actions(state)`, as the engine listed them to see whether to ask the question.
    """

    state: GameState
    facts: list[dict]
    action: dict
    legal: list[dict]

    @cached_property
    def events(self) -> list[dict]:
        """The events narrated: each ``text`` in words (issue 12), the other fields keep the codes."""
        return narrate(self.state.edition, self.state.player_count, self.facts)


def legal_options(state: GameState, decision: dict) -> list[dict]:
    """The legal answers to `decision`, each tagged with the decision id (new dicts, the caller's own)."""
    decision_id = decision["id"]
    return [{**option, "decision": decision_id} for option in OPTIONS[decision["kind"]](state, decision)]


def advance(state: GameState, events: list[dict]) -> list[dict] | None:
    """Run frame steps until a decision needs a human answer (or the game stops).

    A decision with no legal option is never created; one with a single option that may not be
    declined is answered at once and logged as ``auto_resolved``.  Returns the options of the
    decision left waiting when it listed them (None when it did not: the caller lists them).
    """
    listed = None
    while not state.decisions and state.frames:
        frame = state.frames[-1]
        if not frame["steps"]:
            state.frames.pop()
            continue
        name = frame["steps"].pop(0)
        decision = STEPS[name](state, frame, events)
        if decision is None:
            continue
        decision["step"], decision["frame"] = name, len(state.frames) - 1
        state.decisions.append(decision)
        listed = legal_options(state, decision)
        if not listed:
            state.decisions.pop()  # a decision with no legal option is never created
            continue
        if len(listed) == 1 and not decision["declinable"] and not decision.get("manual"):
            only = listed[0]
            events.append({"kind": "auto_resolved", "decision": decision["kind"], "action": dict(only),
                           **told(_only_choice(state, decision["seat"], only))})
            listed = _answer(state, only, events)
    return listed if state.decisions else []


def _only_choice(state: GameState, seat: str, action: dict):
    """The fact of an answer the engine gave itself, in codes (narration puts them in words)."""
    who = next((player.name for player in state.players if player.id == seat), seat)
    said = [action["kind"].replace("_", " ")]
    for name, value in action.items():
        if name == "bonus":  # narrated as "bonus <code in words>"
            said.append(f"bonus {value.replace('_', ' ')}")
        elif name == "tile":  # narrated as "tile “…”": the kind's own last word joins it
            said[0] = said[0].removesuffix(" tile")
            said.append(f"tile {value}")
        elif name not in _ALWAYS_ALLOWED:
            said.append((joined(value, ", ") if value else "") if isinstance(value, list) else str(value))
    return msg("{player} had one choice: {choice}", player=who, choice=joined(said, " "))  # parts in words


def legal_actions(state: GameState) -> list[dict]:
    """Every legal answer to the current decision; empty only when the game is over."""
    decision = current_decision(state)
    return legal_options(state, decision) if decision else []


# A decision's kind in a refusal, in the reader's language (issue 37); English is its code in words.
DECISION_NAMES = {
    "choose_automa_region": msg("choose automa region"), "choose_bonus": msg("choose bonus"),
    "choose_build": msg("choose build"), "choose_gm_flag": msg("choose gm flag"),
    "choose_local_sale": msg("choose local sale"), "choose_placement": msg("choose placement"),
    "choose_region_bonus": msg("choose region bonus"), "choose_sale": msg("choose sale"),
    "choose_second_production": msg("choose second production"), "choose_special_flag": msg("choose special flag"),
    "choose_special_trade": msg("choose special trade"), "choose_university_action": msg("choose university action"),
    "record_automa_tile": msg("record automa tile"), "record_era2_draws": msg("record era2 draws")}


def decision_name(kind: str):
    """A decision kind in a refusal: its message (English: the code in words, as refusals always said it)."""
    return DECISION_NAMES.get(kind, kind.replace("_", " "))


def _answer(state: GameState, action: dict, events: list[dict]) -> list[dict] | None:
    """Run `action` as the answer to the top decision of `state` (changes `state`); `advance`'s options."""
    decision = state.decisions[-1]
    answers = ANSWERS[decision["kind"]]
    handler = answers.get(action["kind"])
    if handler is None:
        raise IllegalActionError(msg("The game is waiting for {kind} ({answers}), not {action}",
                                     kind=decision_name(decision['kind']), answers=', '.join(sorted(answers)),
                                     action=action['kind']), code="unexpected_action", rule="TURN-04",
                                 expected=sorted(answers))
    handler(state, action, events)
    # The handler may have pushed a frame or finished the decision; the answered
    # decision leaves the stack unless a handler replaced it.
    if decision in state.decisions:
        state.decisions.remove(decision)
    return advance(state, events)


LIST_FIELDS = frozenset({"goods", "tigers", "spaces", "sectors", "factories"})
OBJECT_FIELDS = frozenset({"setup_workers", "workers"})


def check_shape(action) -> None:
    """Field types every action shares; the handlers then judge the values (ActionShapeError)."""
    if not isinstance(action, dict) or not isinstance(action.get("kind"), str):
        raise ActionShapeError(msg("an action is an object with a \"kind\""), code="malformed_action", field="kind")
    if "decision" in action and (not isinstance(action["decision"], int) or isinstance(action["decision"], bool)):
        raise ActionShapeError(msg("decision must be the integer id of the decision answered"), code="invalid_field",
                               field="decision")
    for name, value in action.items():
        if name in LIST_FIELDS:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ActionShapeError(msg("{name} must be a list of strings", name=name), code="invalid_field",
                                       field=name)
        elif name in OBJECT_FIELDS:
            if not isinstance(value, dict):
                raise ActionShapeError(msg("{name} must be an object", name=name), code="invalid_field", field=name)
        elif value is not None and not isinstance(value, (str, int)):
            raise ActionShapeError(msg("{name} must be a string or a number", name=name), code="invalid_field",
                                   field=name)


def _refuse_unknown_fields(action: dict) -> None:
    """An otherwise legal answer with a field its kind never takes (`ACTION_FIELDS`): it would be stored verbatim
    in the log (issue 16: a 900 KB field grew the database by 11 MB over five moves)."""
    allowed = ACTION_FIELDS[action["kind"]] | _ALWAYS_ALLOWED
    unknown = sorted(action.keys() - allowed)
    if unknown:
        raise ActionShapeError(msg("unknown field(s) {unknown} in a {kind} action; it takes {allowed}",
                                   unknown=', '.join(map(repr, unknown)), kind=action['kind'],
                                   allowed=', '.join(sorted(allowed))), code="unknown_field", field=unknown[0],
                               unknown=unknown)


_ALWAYS_ALLOWED = frozenset({"kind", "decision"})


def apply(state: GameState, action: dict) -> Step:
    """Validate and apply `action` on a copy of `state`; raise a `RulesError` if illegal.

    `state` is never changed: the answer runs on `state.copy()`, which the rules change freely.
    """
    try:
        return _apply(state, action)
    except RulesError as exc:  # issue 12: refusals read in words too (code and rule unchanged)
        # A malformed action keeps its codes: its message tells a developer what to type.
        if state.edition is not None and not isinstance(exc, ActionShapeError):
            humanize_error(state.edition, state.player_count, exc)
            if exc.text is not None:  # its codes as label messages and names, said in the reader's language
                exc.text = in_words(state.edition, state.player_count, exc.text)
        raise


def _apply(state: GameState, action: dict) -> Step:
    check_shape(action)
    if action["kind"] not in ACTION_KINDS:
        raise ActionShapeError(msg("unknown action kind {kind}; known: {known}", kind=repr(action['kind']),
                                   known=', '.join(ACTION_KINDS)), code="unknown_action_kind", field="kind")
    if is_over(state):
        raise GameOverError(msg("The game is over"), rule="SCORE-END-01")
    decision = current_decision(state)
    if decision is None:
        raise IllegalActionError(msg("No decision is waiting"), code="no_decision")
    if "decision" in action and action["decision"] != decision["id"]:
        raise StaleDecisionError(msg("This answers decision {decision}, but the game is now at decision {id} ({kind})",
                                     decision=action['decision'], id=decision['id'],
                                     kind=decision_name(decision['kind'])), current=decision["id"],
                                 rule="TURN-04")  # the game asks one question at a time, as unexpected_action
    # A manual decision (the table's recorded Era II draws, whose answers carry what the table drew) is judged by
    # its handler alone.
    manual = bool(decision.get("manual"))
    if not manual and any(type(action.get(name)) is list for name in LIST_FIELDS):
        action = as_listed(action, legal_options(state, decision))
    new_state = state.copy()
    events: list[dict] = []
    listed = _answer(new_state, action, events)  # the rules speak first: a field is judged only on a legal answer
    if not manual:
        _refuse_unknown_fields(action)
    new_state.history_length += 1
    return Step(new_state, events, action, listed if listed is not None else legal_actions(new_state))


def as_listed(action: dict, legal: list[dict]) -> dict:
    """`action` spelt as the listed option it equals when its list fields are read as sets.

    Goods paid, Tigers chosen and the like are sets in the rules (TRADE-04/05, PERF-03): an answer
    listing them in another order is that option, and is applied and stored in the listed order.
    An action no option matches is returned as it is, for the rules to refuse with their reason.
    """
    lists = [name for name in LIST_FIELDS if isinstance(action.get(name), list)]
    fields = action.keys() - _ALWAYS_ALLOWED
    for option in legal:
        if (option["kind"] == action["kind"] and option.keys() - _ALWAYS_ALLOWED == fields
                and all(isinstance(option[name], list) and sorted(action[name]) == sorted(option[name])
                        if name in lists else action[name] == option[name] for name in fields)):
            return {**action, **{name: list(option[name]) for name in lists}}
    return action


def new_game(options: dict, edition: Edition, seed: int = 0) -> GameState:
    """A fresh game at the first question of Era I (SETUP-*, PSETUP-*, NEUTRAL-*)."""
    state = flow.open_game(options, edition, seed)
    advance(state, [])
    return state


def is_over(state: GameState) -> bool:
    """True once the final scoring is done."""
    return state.phase == "over"


def replay(options: dict, edition, seed: int, actions: list[dict]) -> GameState:
    """Rebuild a game from its options, seed and actions (deterministic)."""
    state = new_game(options, edition, seed)
    for action in actions:
        state = apply(state, action).state
    return state
