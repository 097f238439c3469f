"""The issue-12 fields of the view: what a phone needs to speak the table's language.

Added to `view.view` (codes stay where they were, for machines):

* ``prompt`` — the question asked, in words;
* ``choices`` — one per entry of ``legal_actions``, same order: ``{label,
  detail, cost, payoff, placeholder}``, each only when it says something (a
  build or a department says ``space_detail`` and ``sector_detail`` instead of
  ``detail``: see `options`);
* ``board_model`` — the table as it lies (see `board`);
* ``setup_instructions`` — at the start of an era, what to lay out (see `setup_instructions`);
* ``era2_form`` — the form a table that draws Era II itself fills in;
* ``initial_turn_order`` — Era I's first turn order (SETUP-11; the BG Stats export's start player);
* ``pending_bonuses[].label``, ``labels_version`` (the edition hash of
  ``GET /api/games/{id}/labels``) and the solo lines in words.
"""
from __future__ import annotations

from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.presentation.board import board_model
from api.games.asian_tigers.presentation.options import describe_choices
from api.games.asian_tigers.presentation.setup_instructions import era2_form, setup_instructions
from api.games.asian_tigers.presentation.text import humanize_tree
from api.games.asian_tigers.setup import draw_turn_order
from api.games.asian_tigers.state import GameState
from api.games.messages import Message, msg

PROMPTS = {
    "choose_placement": msg("place your next worker"),
    "choose_bonus": msg("resolve or ignore your bonuses, or end the turn"),
    "choose_special_trade": msg("sell to a nation of another trade centre, or advance on the global market"),
    "choose_local_sale": msg("sell one good to a local market in reach (optional)"),
    "choose_build": msg("build one infrastructure"), "choose_university_action": msg("the university's additional action"),
    "choose_sale": msg("sell to a nation here"), "choose_gm_flag": msg("choose the flag that advances you"),
    "choose_region_bonus": msg("take the region bonus"), "choose_second_production": msg("run a second factory?"),
    "choose_special_flag": msg("take the special flag?"), "record_era2_draws": msg("enter the Era II draws"),
    "record_automa_tile": msg("which Automa tile was revealed?"), "choose_automa_region": msg("settle the Automa's tie"),
}
_ON_TIGER = {"choose_build": lambda t: msg("build one infrastructure on {tiger}", tiger=t),
             "choose_local_sale": lambda t: msg("sell one good to a local market in reach (optional) on {tiger}",
                                                tiger=t)}


def prompt(state: GameState, decision: dict | None) -> Message | None:
    """``Ann: build one infrastructure on South Korea``."""
    if decision is None:
        return None
    seat, kind = decision.get("seat"), decision["kind"]
    who = state.player(seat).name if isinstance(seat, str) and seat.isdigit() else msg("The table")
    text = PROMPTS.get(kind, kind.replace("_", " "))
    if decision.get("tiger") in state.edition.tigers and kind in _ON_TIGER:
        text = _ON_TIGER[kind](L.named(state.edition, "tigers", decision["tiger"]))
    if kind == "choose_special_flag":
        text = msg("take {flag}?", flag=L.flag_label(state.edition, "special:" + decision["tiger"], "en", L.keep))
    return msg("{player}: {question}", player=who, question=text)


def initial_turn_order(state: GameState) -> list[str]:
    """The seats in Era I's first turn order, as drawn (or recorded) at setup (SETUP-11; solo: SOLO-SETUP-01)."""
    if state.solo is not None:
        return ["0", "1"]
    return draw_turn_order(state.player_count, state.options.get("setup") or {}, state.seed)


def pending_bonuses(state: GameState) -> list[dict]:
    """The waiting bonuses, each with its label."""
    edition = state.edition
    return [{**b, "label": L.bonus_label(edition, b["bonus"], f"{b['type']}_bonuses", L.keep)} for b in state.pending_bonuses]


def solo_view_in_words(state: GameState, section: dict) -> tuple[dict, str]:
    """(the solo section, the Automa's last turn as instructions), codes turned into labels."""
    edition, count = state.edition, state.player_count
    return (humanize_tree(edition, count, section),
            humanize_tree(edition, count, {"text": section["automa_instructions"]})["text"])


def presentation(state: GameState, decision: dict | None, legal: list) -> dict:
    """The issue-12 fields of the view; `legal`: the legal actions (``choices[i]`` describes ``legal[i]``)."""
    return {
        "prompt": prompt(state, decision),
        "choices": describe_choices(state, decision, legal) if decision else [],
        "board_model": board_model(state),
        "setup_instructions": setup_instructions(state),
        "era2_form": era2_form(state, decision),
        "labels_version": state.edition.content_hash,
        "initial_turn_order": initial_turn_order(state),
    }
