"""The summary of an Automa turn that waited for the human, said from the lines it sums up (issue 37).

An Automa turn that paused for the human's choice of Tiger (SOLO-AUTOMA-18) is summed up by a later move than
the one that wrote its first lines, so the engine (which sees only the move it plays) has those lines in English
only (the state keeps them so; they are hashed) and the summary's message falls back to its English text.  The
edge that says the log reads the game's events with their messages: `recall` looks each of the summary's
instructions up among the same game's earlier Automa lines ("Automa: <instruction>", with a message) by their
exact English text, and says the summary from their messages.  An instruction not found keeps its English; English
readers read the stored text as before.

The Automa card the same way (`with_said_instructions`): the view's ``automa_instructions`` (the state's English
lines) said from the Automa's own lines of its last turn, read back from the newest action (the server's view and
the phone's engine call the one function).  Pure: given the events, no storage.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from api.games.asian_tigers import flow
from api.games.asian_tigers.edition.load import Edition
from api.games.asian_tigers.engine import advance
from api.games.asian_tigers.presentation.labels import in_language
from api.games.asian_tigers.presentation.text import humanize, narrate
from api.games.asian_tigers.state import GameState
from api.games.messages import Language, render

AUTOMA_LINE = "Automa: {line}"
# An Automa turn exists only in a solo game, whose state seats two: the human and the Automa (the player count
# narration said the lines with).
SOLO_SEATS = 2
# The event that opens an Automa turn: its tile, the turn's first line (SOLO-AUTOMA-01).
TURN_STARTS = "automa_tile_revealed"


def recall(edition: Edition, history: list[list[dict]], start: int = 0) -> list[list[dict]]:
    """The event lists of `history` from index `start` on (each list one action's events, in the game's order),
    with each Automa summary whose message says its line in plain English said from the messages of the
    latest earlier Automa lines with the same English (new dicts; other events as they are)."""
    lines: dict[str, dict] = {}  # an Automa line's English text -> its line's message (JSON), the latest wins
    out = []
    for index, events in enumerate(history):
        said = []
        for event in events:
            if index >= start and _plain_summary(event):
                event = {**event, "message": _summary(edition, event, lines)}
            _remember(lines, event)
            said.append(event)
        if index >= start:
            out.append(said)
    return out


def needs_recall(events: list) -> bool:
    """Whether `events` hold an Automa summary said in plain English (only then is the game's past worth reading)."""
    return any(_plain_summary(e) for e in events)


def _plain_summary(event) -> bool:
    message = event.get("message") if isinstance(event, dict) else None
    return (event.get("kind") == "automa_turn" and isinstance(message, dict) and message.get("id") == AUTOMA_LINE
            and isinstance((message.get("params") or {}).get("line"), str)
            and isinstance(event.get("instructions"), list))


def _remember(lines: dict[str, dict], event) -> None:
    message = event.get("message") if isinstance(event, dict) else None
    if (isinstance(message, dict) and message.get("id") == AUTOMA_LINE and event.get("kind") != "automa_turn"
            and isinstance((message.get("params") or {}).get("line"), dict) and isinstance(event.get("text"), str)):
        lines[event["text"]] = message["params"]["line"]


def _summary(edition: Edition, event: dict, lines: dict[str, dict]) -> dict:
    """The summary's message: "{p0} — {p1}; {p2}" (punctuation only, as `solo.automa.close_turn` joins them) of
    each instruction's message, or its English where no earlier line says it; unchanged if none is found."""
    english = [humanize(edition, SOLO_SEATS, f"Automa: {line}") for line in event["instructions"]]
    parts = [lines.get(text, text.removeprefix("Automa: ")) for text in english]
    if not parts or all(isinstance(p, str) for p in parts):
        return event["message"]
    joined = "{p0} — " + "; ".join(f"{{p{i}}}" for i in range(1, len(parts))) if len(parts) > 1 else "{p0}"
    return {"id": AUTOMA_LINE, "params": {"line": {"id": joined, "params": {f"p{i}": p for i, p in
                                                                                enumerate(parts)}}}}


def said_instructions(edition: Edition, instructions: list[str], history: Iterable[list[dict]],
                      language: Language, known: Mapping[str, str] | None = None) -> list[str] | None:
    """The Automa's last turn as the view gives it (`instructions`: the English lines the state keeps, SOLO-AUTOMA-
    01..18) said in `language`, each from the message of its own line in the game's events, or None when nothing
    needs saying (English, no instruction, no line found).

    `history`: the game's live actions' event lists, the newest first (read lazily: it stops at the turn's tile,
    the first of its lines, or once every line is found).  A line is matched by its exact English text, the latest
    wins (the turn's own; a paused turn's lines lie in earlier moves, SOLO-AUTOMA-18); one not found stays English.
    `known`: lines already said (an instruction -> its line, e.g. the view before a move: `said_lines`), not looked
    up again (a move after which the Automa's lines are the same reads no history).
    """
    if language.code == "en" or not instructions:
        return None
    known = known or {}
    english = [humanize(edition, SOLO_SEATS, AUTOMA_LINE.format(line=line)) for line in instructions]
    wanted, lines = {text for line, text in zip(instructions, english) if line not in known}, {}
    for events in history if wanted else ():
        started = False
        for event in reversed(events):
            if _is_line(event) and event["text"] in wanted:
                lines.setdefault(event["text"], event["message"]["params"]["line"])
            started = started or (isinstance(event, dict) and event.get("kind") == TURN_STARTS)
        if started or len(lines) == len(wanted):
            break
    if not lines and not any(line in known for line in instructions):
        return None
    said = in_language(edition, language)
    return [known[line] if line in known else render(lines[text], said) if text in lines
            else text.removeprefix("Automa: ") for line, text in zip(instructions, english)]


def said_lines(state: GameState, view: dict) -> dict[str, str]:
    """The Automa's lines `view` (the view of `state`, said by `with_said_instructions`) gives: each instruction
    the state keeps -> its line in the view (empty outside a solo game)."""
    solo = view.get("solo") if isinstance(view, dict) else None
    if state.solo is None or not isinstance(solo, dict):
        return {}
    return dict(zip(state.solo["instructions"], solo.get("automa_instructions") or []))


def _is_line(event) -> bool:
    """An Automa line with its message (not the turn's summary)."""
    message = event.get("message") if isinstance(event, dict) else None
    return (isinstance(message, dict) and message.get("id") == AUTOMA_LINE and event.get("kind") != "automa_turn"
            and isinstance(event.get("text"), str) and "line" in (message.get("params") or {}))


def with_said_instructions(view: dict, state: GameState, history: Iterable[list[dict]], language: Language,
                           known: Mapping[str, str] | None = None) -> dict:
    """`view` (the engine's view of `state`, said in `language`) with the Automa's last turn said in `language` too
    (``solo.automa_instructions`` and ``automa_instructions``: `said_instructions` from `history`, the newest action
    first, and `known`); `view` itself in English, outside a solo game, or when no line is found (issue 37).  One
    function for the server's view (`api.web.views`) and the phone's engine (`api.offline.table`)."""
    solo = view.get("solo")
    if language.code == "en" or not isinstance(solo, dict) or state.solo is None:
        return view
    said = said_instructions(state.edition, state.solo["instructions"], history, language, known)
    if said is None:
        return view
    return {**view, "automa_instructions": said, "solo": {**solo, "automa_instructions": said}}


def opening(options: dict, edition: Edition, seed: int) -> list[dict]:
    """The narrated events of a game's setup (what `engine.new_game(options, edition, seed)` ran and no action's row
    keeps: a campaign tile's Era I effect on the Automa, CAMPAIGN-05): the last, oldest part of its history."""
    first, facts = flow.open_game(options, edition, seed), []
    advance(first, facts)
    return narrate(edition, first.player_count, facts)
