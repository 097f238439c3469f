"""The decision table is complete and true to the code (issue 11; TURN-04: only the question asked is answered).

The engine's questions and frame steps are found by reading the engine's
source with `ast` (every ``new_decision(state, "<kind>", …)`` call, every step
name a frame is given) and the table's `Ask` steps (a step that only asks its
kind), so a question added without a table row fails here,
and so does a table row nothing asks.  Then seeded games check that every
option the engine offers is an action its decision answers.
"""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import api.games.asian_tigers as at
from api.games.asian_tigers import decision_table
from api.games.asian_tigers.errors import ActionShapeError
from api.games.asian_tigers.decision_table import ACTION_FIELDS, ACTION_KINDS, ANSWERS, DECISIONS, OPTIONS, STEPS
from api.games.asian_tigers.decisions import Ask

ENGINE_DIR = Path(at.__file__).resolve().parent


def _modules():
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        name = ".".join(("api", "games", "asian_tigers", *path.relative_to(ENGINE_DIR).with_suffix("").parts))
        yield name.removesuffix(".__init__"), ast.parse(path.read_text(encoding="utf-8"))


def _functions(tree):
    return {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}


def _asked_in_code() -> dict[str, set[tuple[str, str]]]:
    """Decision kind → {(module, top-level function)} whose body creates it with `new_decision`, and
    {("Ask", step name)} for the table's steps that only ask it."""
    asked: dict[str, set[tuple[str, str]]] = {}
    for name, step in STEPS.items():
        if isinstance(step, Ask):
            asked.setdefault(step.kind, set()).add(("Ask", name))
    for module, tree in _modules():
        for name, function in _functions(tree).items():
            for node in ast.walk(function):
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "new_decision":
                    kind = node.args[1]
                    assert isinstance(kind, ast.Constant), f"{module}.{name} asks a decision whose kind is not a literal"
                    asked.setdefault(kind.value, set()).add((module, name))
    return asked


def _step_names_in_code() -> set[str]:
    """Every step name a frame is given: push_frame(...) lists, *_STEPS constants, edits of frame["steps"]."""
    names: set[str] = set()

    def strings(node):  # the literal names in a step list: "a", ["a", "b"], ["a"] * n, list([...])
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, (ast.List, ast.Tuple)):
            return set().union(*map(strings, node.elts))
        if isinstance(node, ast.BinOp):
            return strings(node.left) | strings(node.right)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "list":
            return set().union(*map(strings, node.args))
        return set()

    def is_steps(node):  # frame["steps"] or frame["steps"][...]
        while isinstance(node, ast.Subscript):
            if isinstance(node.slice, ast.Constant) and node.slice.value == "steps":
                return True
            node = node.value
        return False

    for _, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "push_frame":
                names |= strings(node.args[2])
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and is_steps(node.func.value) \
                    and node.func.attr in ("insert", "append", "extend"):
                names |= strings(ast.List(elts=node.args[1:] if node.func.attr == "insert" else node.args))
            elif isinstance(node, ast.Assign) and any(is_steps(t) or getattr(t, "id", "").endswith("_STEPS")
                                                     for t in node.targets):
                names |= strings(node.value)
    return names


def _calls(function: ast.FunctionDef) -> set[str]:
    """Names of the functions `function` calls: ``f(...)`` and ``module.f(...)``."""
    return {node.func.id if isinstance(node.func, ast.Name) else node.func.attr for node in ast.walk(function)
            if isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute))}


def test_every_decision_the_engine_can_ask_has_an_option_generator_and_an_answer():
    # TURN-04: a decision is only ever answered by one of its own action kinds.
    asked = _asked_in_code()
    assert set(asked) == set(DECISIONS), (set(asked) ^ set(DECISIONS))
    for kind, row in DECISIONS.items():
        assert callable(row.options) and OPTIONS[kind] is row.options, kind
        assert row.answers and all(callable(f) for f in row.answers.values()), kind
        assert dict(ANSWERS[kind]) == dict(row.answers), kind


def test_each_decision_is_asked_by_the_steps_its_row_names():
    # The "asked by" column is checked against the code: the function creating the decision is the step
    # function itself or a function that the step function calls.
    functions = {module: _functions(tree) for module, tree in _modules()}
    for kind, places in _asked_in_code().items():
        row = DECISIONS[kind]
        assert row.asked_by and all(step in STEPS for step in row.asked_by), kind
        steps = [STEPS[s] for s in row.asked_by if not isinstance(STEPS[s], Ask)]
        reach = {f.__name__ for f in steps} | {c for f in steps for c in _calls(functions[f.__module__][f.__name__])}
        for module, name in places:
            if module == "Ask":
                assert name in row.asked_by, f"{kind} is asked by step {name}, not by step(s) {row.asked_by}"
            else:
                assert name in reach, f"{kind} is created in {module}.{name}, not by step(s) {row.asked_by}"


def test_every_step_a_frame_can_hold_has_a_handler_and_every_handler_is_used():
    in_code = _step_names_in_code()
    assert in_code == set(STEPS), in_code ^ set(STEPS)
    assert all(callable(f) for f in STEPS.values())


def test_every_action_kind_the_api_accepts_is_answered_somewhere():
    # The web layer passes actions through; `apply` accepts exactly these kinds (unknown_action_kind otherwise).
    answered = {action for answers in ANSWERS.values() for action in answers}
    assert list(ACTION_KINDS) == sorted(answered)
    with pytest.raises(ActionShapeError) as refused:
        at.apply(at.new_game({"players": [{"color": "red"}, {"color": "blue"}]}, at.load_edition(), 1),
                 {"kind": "not_an_action"})
    assert refused.value.code == "unknown_action_kind"


def test_every_action_kind_says_its_fields():
    # Issue 16: an answer's fields are read from the table (an unknown one is refused, never stored), so every kind
    # has a row and the table has no row of a kind nothing answers.
    assert set(ACTION_FIELDS) == set(ACTION_KINDS)
    assert all(isinstance(fields, frozenset) and not fields & {"kind", "decision"} for fields in ACTION_FIELDS.values())


def test_the_table_is_data_not_registration():
    # Importing a handler module registers nothing: the table is the only map, and it cannot be changed.
    with pytest.raises(TypeError):
        decision_table.STEPS["placement"] = None  # type: ignore[index]
    with pytest.raises(TypeError):
        ANSWERS["choose_bonus"]["end_turn"] = None  # type: ignore[index]


@pytest.mark.parametrize("options, seed", [
    ({"players": [{"color": "red"}, {"color": "blue"}, {"color": "green"}]}, 3),
    ({"players": [{"color": "red"}], "solo": {"difficulty": 2, "variant": "scenario"}}, 5),
])
def test_every_option_offered_in_a_game_is_answered_by_its_decision(options, seed):
    state = at.new_game(options, at.load_edition(), seed)
    rng = random.Random(seed)
    seen = set()
    while not at.is_over(state):
        decision = state.decisions[-1]
        legal = at.legal_actions(state)
        assert {a["kind"] for a in legal} <= set(ANSWERS[decision["kind"]]), decision["kind"]
        assert all(a.keys() - {"kind", "decision"} <= ACTION_FIELDS[a["kind"]] for a in legal), decision["kind"]
        seen.add(decision["kind"])
        state = at.apply(state, rng.choice(legal)).state
    assert {"choose_placement", "choose_bonus", "choose_build"} <= seen


def test_the_public_api_is_small():
    # Issue 30: the package exports the game's vocabulary and the base error, no internals.
    assert len(at.__all__) <= 14 and all(hasattr(at, name) for name in at.__all__)
    assert not {"state_to_shared_dict", "state_canonical_bytes", "view_sections"} & set(at.__all__)
