"""Era II management and the end of the game (MGMT2-*, SCORE-*).

The final scoring builds an `EndPosition` from the game state and hands it to
`scoring.score.score_end_position` — the very function the scorer-only mode
calls — so both entry points share one implementation.
"""
from __future__ import annotations

import copy
from dataclasses import replace

from api.games.asian_tigers.scoring.model import (AUTOMA, NEUTRAL as NEUTRAL_KIND, PLAYER, ColumnIP, EndPosition,
                                                  Era1Position, Leftovers, ParticipantPosition, RulesOptions)
from api.games.asian_tigers.scoring.score import score_end_position
from api.games.asian_tigers.solo.session import annotate_outcome, solo_settings
from api.games.asian_tigers.state import NEUTRAL, GameState
from api.games.asian_tigers.told import from_json, told
from api.games.messages import msg, name
from api.games.asian_tigers.turn.investment import tiger_facts


# -- the end of the game ------------------------------------------------------------
def end_position(state: GameState) -> EndPosition:
    """What the Era II management phase reads, derived from the board."""
    edition = state.edition
    tigers = list(edition.tigers)
    markers = {pid: (int(pos), height) for pos, stack in state.global_market.items() for height, pid in enumerate(stack)}
    participants = {}
    for player in state.players:
        flags: dict[str, list[str]] = {}
        if state.solo is not None and player.id == state.solo["automa"]:
            # solo (issue 7): flags by AF sector and off the board, no leftovers (SOLO-SCORE-01)
            kind, leftovers = AUTOMA, Leftovers()
            flags = {s: list(f) for s, f in state.solo["flags"].items() if f}
        else:
            kind, leftovers = PLAYER, Leftovers(sum(player.goods.values()), player.energy, player.science)
            for row_id, flag in player.rows.items():
                flags.setdefault(edition.rows[row_id].sector, []).append(flag)
        participants[player.id] = ParticipantPosition(
            id=player.id, kind=kind, influence=dict(player.influence),
            tigers={t: tiger_facts(state, player.id, t) for t in tigers},
            gm_position=markers[player.id][0], gm_stack=markers[player.id][1], leftovers=leftovers,
            flags=flags, special_flags=tuple(player.special_flags))
    if state.neutral:
        participants[NEUTRAL] = ParticipantPosition(
            id=NEUTRAL, kind=NEUTRAL_KIND, influence=dict(state.neutral["influence"]),
            tigers={t: tiger_facts(state, NEUTRAL, t) for t in tigers})
    options = RulesOptions(**state.options["rules_options"])
    era1 = None
    snapshot = (state.management or {}).get("era1")
    if options.prosperity_from_influence_rounds == 2 and snapshot:
        era1 = Era1Position(turn_order=snapshot["turn_order"], headquarters=snapshot["headquarters"],
                            influence=snapshot["influence"],
                            ip={p: {t: ColumnIP(**v) for t, v in ip.items()} for p, ip in snapshot["ip"].items()})
    solo = None
    if state.solo is not None:  # solo (issue 7): difficulty, variant, goal (SOLO-SCORE-01..03, AMB-46)
        solo = solo_settings(state)
    return EndPosition(player_count=1 if solo else state.player_count, turn_order=tuple(state.turn_order),
                       prosperity_tokens=dict(state.prosperity_tokens),
                       headquarters={t: state.headquarters.get(t) for t in tigers}, participants=participants,
                       options=options, solo=solo, era1=era1)


def display_labels(state: GameState) -> tuple[dict[str, str], dict[str, str]]:
    """Seat id → "Name (colour)", the way score lines name participants, and the way back (both empty
    when two players share a label: the lines then keep seat ids)."""
    labels = {p.id: f"{p.name} ({p.color})" if p.name != p.color else p.color for p in state.players}
    if len(set(labels.values())) != len(labels):
        return {}, {}
    return labels, {v: k for k, v in labels.items()}


def _relabel(position: EndPosition, labels: dict[str, str]) -> EndPosition:
    def label(pid):
        return labels.get(pid, pid) if pid is not None else None

    era1 = position.era1
    if era1 is not None:
        era1 = Era1Position(turn_order=[label(p) for p in era1.turn_order],
                            headquarters={t: label(h) for t, h in era1.headquarters.items()},
                            influence={label(p): v for p, v in era1.influence.items()},
                            ip={label(p): v for p, v in era1.ip.items()})
    return replace(position, turn_order=tuple(label(p) for p in position.turn_order),
                   headquarters={t: label(h) for t, h in position.headquarters.items()},
                   participants={label(pid): replace(p, id=label(pid)) for pid, p in position.participants.items()},
                   era1=era1)


def unlabel(value, ids: dict[str, str], key: str | None = None):
    """Put seat ids back into the structure; the explanation texts (``text``, ``detail``, messages) keep the labels."""
    if isinstance(value, dict):
        return value if str(key).endswith("_message") else {ids.get(k, k): unlabel(v, ids, k) for k, v in value.items()}
    if isinstance(value, list):
        return [unlabel(v, ids, key) for v in value]
    if isinstance(value, str) and key not in ("text", "detail"):
        return ids.get(value, value)
    return value


def score_state(state: GameState) -> dict:
    """Score the position as it stands: the shared scoring code, with players named in every line."""
    scored, seats = _scored(state)
    return unlabel(scored.to_dict(), seats)


def _scored(state: GameState):
    """The position scored by the shared scoring code, players named by their labels; the seat of each label."""
    labels, seats = display_labels(state)
    return score_end_position(_relabel(end_position(state), labels), state.edition), seats


def final_scoring_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """MGMT2-01..06 and SCORE-END-01: score, record the outcome, end the game."""
    scored, seats = _scored(state)
    outcome = unlabel(scored.to_dict(), seats)
    # The lines' messages (issue 37), in the same order: the stored outcome keeps the text only (an Automa flag
    # sector's line names the sector's code there, its message in words: the log says the message's English).
    said = unlabel(scored.to_dict(messages=True), seats).get("lines", [])
    if state.solo is not None:  # solo (issue 7): scenario / campaign goal report
        annotate_outcome(state, outcome)
    state.management["outcome"] = outcome
    _board_after_scoring(state, outcome)
    state.phase = "over"
    names = {**{t.id: name("tigers", t.id, t.name) for t in state.edition.tigers.values()},
             **{n.code: name("nations", n.code, n.name) for n in state.edition.nations.values()}}
    for line, told_line in zip(outcome.get("lines", []), said):
        # A line names a Tiger by its code in one place and by its name in another: whichever says the text.
        text, found = told_line["text"], told_line.get("text_message")
        message = next((m for m in (from_json(found), from_json(found, names)) if m is not None and str(m) == text),
                       None)
        events.append({"kind": "score_line", "participant": line.get("participant"),
                       **({"text": text, "message": message} if message is not None else {"text": line["text"]})})
    winner = outcome.get("winner")
    if winner is None:  # solo (issue 7): the high-score variant has no winner when the record stands
        over = msg("Game over: the previous high score stands")
    else:
        over = msg("Game over: {winner} wins",
                   winner=state.player(winner).name if winner not in (NEUTRAL, AUTOMA) else winner)
    events.append({"kind": "game_over", "winner": winner, **told(over)})


def _board_after_scoring(state: GameState, outcome: dict) -> None:
    """Leave the board as the Era II phase left it: GM moves, influence, final turn order (MGMT2-02/03)."""
    moves = outcome.get("global_market") or {}
    if moves:
        spots = sorted((m["after"], m["stack_after"], pid) for pid, m in moves.items())
        state.global_market = {}
        for position, _, pid in spots:
            state.global_market.setdefault(str(position), []).append(pid)
    for tiger, step_data in (outcome.get("influence_step") or {}).items():
        for pid, value in (step_data.get("influence_after") or {}).items():
            if pid == NEUTRAL and state.neutral:
                state.neutral["influence"][tiger] = value
            elif pid.isdigit():
                state.player(pid).influence[tiger] = value
    if outcome.get("final_turn_order"):
        state.turn_order = list(outcome["final_turn_order"])


def outcome(state: GameState) -> dict | None:
    """The final outcome once the game is over, else None."""
    return (state.management or {}).get("outcome")


def provisional_score(state: GameState) -> dict:
    """The score as if the game ended now (live scoreboard), with ``final`` telling which it is.

    ``provisional`` keeps its catalogue meaning (placeholder values were used,
    Part B.0).  Once the game is over this is a copy of the outcome: the board
    then already holds the Era II moves, which must not be applied twice.
    """
    if state.phase == "over":
        return {**copy.deepcopy(outcome(state)), "final": True}
    return {**score_state(state), "final": False}
