"""Scorer-only input as the board lies (issue 15): the worked examples' pieces, entered as who owns which space,
give the same per-Tiger facts and the same outcome as the examples' numbers (IP-01..04, SCORE-FSB-02..07);
impossible boards are refused with the rule they break."""
import copy
import json
from pathlib import Path

import pytest

from api.games.asian_tigers.edition.load import load_edition
from api.games.asian_tigers.scoring.board_input import expand_boards
from api.games.asian_tigers.scoring.scorer import ScorerInputError, score_table
from tests.helpers import worked_example



def example(name: str) -> dict:
    """The input of a worked example (EX-1, EX-2)."""
    return worked_example(name)["input"]


def as_board(numbers: dict) -> dict:
    """The example's input with each Tiger's board built from the pieces lists (catalogue D.0 notation:
    F2+PF a factory with its parts factory, Linf / Pinf ∞ pieces, SF / SF* a satellite, HQ the headquarters)."""
    body = copy.deepcopy(numbers)
    boards = {t: {"spaces": {}, "infinite": {}, "satellites": {}} for t in body["tigers"]}
    for pid, p in body["participants"].items():
        if p["kind"] == "neutral":
            continue
        for tiger, facts in p.pop("tigers").items():
            for piece in facts.get("pieces", []):
                name = piece.rstrip("*")
                if name == "HQ":
                    assert body["tigers"][tiger]["headquarters"] == pid
                elif name.startswith("S"):
                    boards[tiger]["satellites"][f"{tiger}.{name}"] = pid
                elif name.endswith("inf"):
                    held = boards[tiger]["infinite"].setdefault(f"{tiger}.{name}", {})
                    held[pid] = held.get(pid, 0) + 1
                else:
                    space, _, parts = name.partition("+")
                    boards[tiger]["spaces"][f"{tiger}.{space}"] = {"owner": pid, **({"parts_factory": True} if parts else {})}
    for tiger, board in boards.items():
        body["tigers"][tiger]["board"] = board
    return body


@pytest.mark.parametrize("name", ["EX-1", "EX-2"])
def test_the_board_gives_the_examples_facts_and_outcome(name):
    # IP-01..04 and SCORE-FSB-02..07: the facts the app derives equal the example's numbers
    numbers = example(name)
    board = as_board(numbers)
    derived = expand_boards(board, load_edition())
    for pid, p in numbers["participants"].items():
        for tiger, facts in p["tigers"].items():
            stated = {k: v for k, v in facts.items() if k != "pieces"}
            assert derived["participants"][pid]["tigers"][tiger] == stated, (pid, tiger)
    assert score_table(board) == score_table(numbers)


def test_the_board_input_is_not_changed():
    board = as_board(example("EX-1"))
    kept = copy.deepcopy(board)
    score_table(board)
    assert board == kept


def tiger(body, t="SK"):
    return body["tigers"][t]["board"]


REFUSALS = [
    # (id, change, code, path, rule)
    ("a parts factory under a laboratory", lambda b: tiger(b)["spaces"]["SK.L3"].update(parts_factory=True),
     "parts_factory_not_on_factory", "/tigers/SK/board/spaces/SK.L3/parts_factory", "BUILD-PARTS-01"),
    ("a space the Tiger does not have", lambda b: tiger(b)["spaces"].update({"SK.F9": {"owner": "Red"}}),
     "unknown_space", "/tigers/SK/board/spaces/SK.F9", "BUILD-GEN-05"),
    ("a space used only with 4 players", lambda b: tiger(b)["spaces"].update({"SK.F4": {"owner": "Red"}}),
     "space_not_in_play", "/tigers/SK/board/spaces/SK.F4", "BUILD-GEN-05"),
    ("a satellite off its spaces", lambda b: tiger(b)["satellites"].update({"SK.SX": "Red"}),
     "unknown_space", "/tigers/SK/board/satellites/SK.SX", "BUILD-SAT-01"),
    ("five satellites", lambda b: [tiger(b, t)["satellites"].update({f"{t}.SL": "Red", f"{t}.SP": "Red"})
                                   for t in ("HK", "TW", "SG")],
     "too_many_satellites", "/tigers", "BUILD-SAT-02"),
    ("a stranger's piece", lambda b: tiger(b)["spaces"].update({"SK.U3": {"owner": "Green"}}),
     "unknown_participant", "/tigers/SK/board/spaces/SK.U3/owner", None),
    ("one Tiger without its board", lambda b: b["tigers"]["SG"].pop("board"), "missing_board",
     "/tigers/SG/board", None),
]


@pytest.mark.parametrize("change, code, path, rule", [c[1:] for c in REFUSALS], ids=[c[0] for c in REFUSALS])
def test_impossible_boards_are_refused(change, code, path, rule):
    body = as_board(example("EX-1"))
    change(body)
    with pytest.raises(ScorerInputError) as caught:
        score_table(body)
    assert (caught.value.code, caught.value.path, caught.value.rule) == (code, path, rule)
