"""The outcome and the live score in words (issue 12): the same dicts, their lines without codes.

Machine fields (``token: "PT4"``, ``flags``, tie-break keys) stay as they are; only the human-readable strings
(``text``, ``detail``, ``lines``) are rewritten with `text.humanize_tree`.  With `messages` (issue 37) lines and
tie-breaks carry messages too (``text_message``, ``detail_message``), from the end position scored again.
"""
from __future__ import annotations

import re

from api.games.asian_tigers.management import era2
from api.games.messages import msg
from api.games.asian_tigers.presentation.labels import campaign_goal_label, component_names, prosperity_label
from api.games.asian_tigers.presentation.text import humanize_tree
from api.games.asian_tigers.told import COLOURS
from api.games.asian_tigers.scoring.score import score_end_position
from api.games.asian_tigers.state import NEUTRAL, GameState

READABLE_KEYS = ("text", "detail", "lines", "label", "summary")
CODE = re.compile(r"\b([A-Z]{2,3})(?:-\d+)?\b")  # a Tiger, a nation or a flag ("TW", "JPN", "JPN-1")


def outcome(state: GameState, messages: str | None = None) -> dict | None:
    """The final outcome once the game is over (else None), in words (`messages`: a language, see `_said`)."""
    result = era2.outcome(state)
    if result is None:
        return None
    shown = humanize_tree(state.edition, state.player_count, _said(state, result, messages), READABLE_KEYS)  # a copy
    for tile, report in ((shown.get("solo") or {}).get("goals") or {}).items():
        report["label"] = campaign_goal_label(state.edition, tile)  # a person never reads the campaign tile's code
    return shown


def provisional_score(state: GameState, messages: str | None = None) -> dict:
    """The score as if the game ended now, in words (see `era2.provisional_score`; `messages`: as in `outcome`)."""
    return humanize_tree(state.edition, state.player_count, _said(state, era2.provisional_score(state), messages),
                         READABLE_KEYS)


def _said(state: GameState, result: dict, lang: str | None) -> dict:
    """`result` with its messages (components named in `lang`), when scoring the end position again gives it
    (else `result`; MGMT2-02/03).  English (no `lang`) is the stored text, but an Automa flag sector's line, whose
    stored text names the sector's code: there the message's English (SOLO-SCORE-01)."""
    if not lang:
        return result if state.solo is None else _plain(_said(state, result, "en"))
    board = state.copy() if state.phase == "over" else state
    if board is not state:  # the board holds the Era II moves: take them back
        board.turn_order = ((state.management or {}).get("era1") or {}).get("turn_order") or state.turn_order
        board.global_market = {}
        for pid, move in sorted(result["global_market"].items(), key=lambda m: m[1]["stack_before"]):
            board.global_market.setdefault(str(move["before"]), []).append(pid)
        for tiger, step in result["influence_step"].items():
            for pid, gain in step["gain"].items():
                (board.neutral["influence"] if pid == NEUTRAL else board.player(pid).influence)[tiger] -= gain
    labels, seats = era2.display_labels(state)
    scored = score_end_position(era2._relabel(era2.end_position(board), labels), state.edition)
    if any(result.get(k) != v for k, v in era2.unlabel(scored.to_dict(), seats).items() if k != "solo"):
        return result
    said = era2.unlabel(_named(scored.to_dict(messages=True), _names(state, lang, labels)), seats)
    return {**result, **{k: v for k, v in said.items() if k != "solo"}}


def _plain(tree):
    """`tree` without its messages (``*_message``): an English answer carries none."""
    if isinstance(tree, dict):
        return {k: _plain(v) for k, v in tree.items() if not k.endswith("_message")}
    return [_plain(v) for v in tree] if isinstance(tree, list) else tree


def _names(state: GameState, lang: str, labels: dict[str, str]) -> dict:
    """What `_named` says for each code or label: a component's name in `lang`, a prosperity token by its values,
    a player's label with the colour as a message ("Ann (red)": "Ann (rot)" once said in German)."""
    names, english = component_names(state.edition, lang), component_names(state.edition)
    named: dict = {k: name for f in ("tigers", "nations") for code, name in names[f].items()
                   for k in (code, english[f][code])}
    named.update({t: prosperity_label(state.edition, t, state.player_count) for t in state.edition.prosperity_tokens})
    for p in state.players:  # the label as era2.display_labels writes it
        colour = COLOURS.get(p.color)
        if colour is not None and labels.get(p.id) in (f"{p.name} ({p.color})", p.color):
            named[labels[p.id]] = (colour if p.name == p.color else msg("{player} ({colour})", player=p.name,
                                                                          colour=colour)).as_json()
    return named


def _named(tree, named: dict, key: str = "", inside: bool = False):
    """`tree` with the codes in its messages' values said by name (`_names`): a Tiger ("TW": "Taiwan"), a nation
    or flag by the nation ("JPN-1 ★1": "Japan ★1"), a prosperity token by its values ("15 · 10 · 6 · 2"), a
    player's colour in the reader's language."""
    if isinstance(tree, (list, dict)):
        return [_named(v, named, key, inside) for v in tree] if isinstance(tree, list) else {  # a value: "param"
            k: _named(v, named, "param" if key == "params" else k, inside or k.endswith("_message"))
            for k, v in tree.items()}
    if not inside or not isinstance(tree, str) or key in ("id", "plural"):  # machine fields; a msgid
        return tree
    return named.get(tree) or CODE.sub(lambda m: named.get(m.group(1), m.group(0)), tree)  # "Südkorea", "TW"
