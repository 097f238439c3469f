"""Era II setup (ERA2-*) and the end of the game (MGMT2-*, SCORE-*).

The final scoring builds an `EndPosition` from the game state and hands it to
`scoring.score_end_position` — the very function the scorer-only mode calls —
so both entry points share one implementation.
"""
from __future__ import annotations

import copy
from dataclasses import replace

from api.games.asian_tigers.errors import ActionShapeError
from api.games.asian_tigers.decisions import answers, new_decision, options_for, step
from api.games.asian_tigers.turn.investment import column_ip, tiger_facts
from api.games.asian_tigers.scoring.score import score_end_position
from api.games.asian_tigers.scoring.model import (AUTOMA, NEUTRAL as NEUTRAL_KIND, PLAYER, ColumnIP, EndPosition,
                                                  Era1Position, Leftovers, ParticipantPosition, RulesOptions)
from api.games.asian_tigers.setup import draw_setup_workers, draw_workers, place_setup_workers
from api.games.asian_tigers.state import NEUTRAL, GameState
from api.games.asian_tigers.flow import begin_turn


def draws_are_recorded(state: GameState) -> bool:
    """A table that recorded its Era I draws records its Era II draws too."""
    setup = state.options.get("setup") or {}
    return bool(setup.get("workers") or setup.get("setup_workers"))


@step("era2_setup")
def era2_setup_step(state: GameState, frame: dict, events: list[dict]) -> dict | None:
    """ERA2-01..05: clear the markets and centres, then the new draws."""
    for market_id, held in state.local_markets.items():  # ERA2-02
        if held is not None:
            state.supply_goods[held["good"]] += 1
            state.local_markets[market_id] = None
    for center in state.centers:  # ERA2-05: every centre's type is free again
        state.centers[center] = None
        state.center_workers[center] = []
    for trade_center in state.trade_centers:
        state.trade_centers[trade_center] = None
    events.append({"kind": "era2_prepared", "text": "Era II setup: local markets emptied, workers back from the "
                                                    "board, every centre free again"})
    if draws_are_recorded(state):
        seat = "0" if state.solo is not None else state.turn_order[0]  # solo (issue 7): the human answers
        return new_decision(state, "record_era2_draws", seat, declinable=False, manual=True)
    start_era2(state, {}, events)
    return None


@options_for("record_era2_draws")
def record_options(state: GameState, decision: dict) -> list[dict]:
    """Let the app draw, or send what the table drew (setup_workers, workers per seat)."""
    return [{"kind": "draw_era2_setup"}]


@answers(("record_era2_draws", "draw_era2_setup"))
def draw_era2_setup(state: GameState, action: dict, events: list[dict]) -> None:
    """ERA2-03..05 with recorded or generated draws."""
    unknown = sorted(set(action) - {"kind", "decision", "setup_workers", "workers"})
    if unknown:
        raise ActionShapeError(f"unknown field(s) {', '.join(unknown)}; send setup_workers and workers",
                               code="unknown_field", field=unknown[0])
    seats = {p.id for p in state.players}
    strangers = sorted(set(action.get("workers") or {}) - seats)
    if strangers:
        raise ActionShapeError(f"no seat {', '.join(strangers)} in this game (seats: {', '.join(sorted(seats))})",
                               code="unknown_seat", field=f"workers/{strangers[0]}", rule="ERA2-04")
    recorded = {k: action[k] for k in ("setup_workers", "workers") if k in action}
    start_era2(state, recorded, events)


def start_era2(state: GameState, recorded: dict, events: list[dict]) -> None:
    """Re-place the three board workers by prosperity order, redo every bag draw, start Era II."""
    edition = state.edition
    # Validate every draw before changing anything: a bad recording leaves the state as it was.
    setup_workers = draw_setup_workers(edition, recorded, state.seed, "setup_workers/era2")
    stated = state.options["worker_entry"] == "stated"
    draws = {}
    for player in state.players:
        automa = state.solo is not None and player.id == state.solo["automa"]  # solo (issue 7): never "stated"
        draws[player.id] = draw_workers(edition, (recorded.get("workers") or {}).get(player.id), state.seed,
                                        f"workers/era2/{player.id}", stated and not automa)
    place_setup_workers(state, setup_workers)
    for player in state.players:
        player.team, player.set_aside = draws[player.id]
        player.placed = {t: 0 for t in edition.worker_types}
        player.workers_placed = 0
    state.era, state.phase, state.turn_index = 2, "turns", 0
    events.append({"kind": "era_started", "era": 2, "text": "Era II begins"})
    state.frames.clear()
    begin_turn(state)
    if state.solo is not None:  # solo (issue 7): SOLO-ERA2-01 tiles reshuffled, SCENARIO-02 Era II effects
        from api.games.asian_tigers.solo.session import begin_era

        begin_era(state, events)


# -- the end of the game ------------------------------------------------------------
def end_position(state: GameState) -> EndPosition:
    """What the Era II management phase reads, derived from the board."""
    edition = state.edition
    tigers = list(edition.tigers)
    markers = {pid: (int(pos), height) for pos, stack in state.global_market.items() for height, pid in enumerate(stack)}
    participants = {}
    for player in state.players:
        if state.solo is not None and player.id == state.solo["automa"]:  # solo (issue 7): AF sectors, SOLO-SCORE-01
            from api.games.asian_tigers.solo.session import automa_position

            participants[player.id] = automa_position(state, markers)
            continue
        flags: dict[str, list[str]] = {}
        for row_id, flag in player.rows.items():
            flags.setdefault(edition.rows[row_id].sector, []).append(flag)
        participants[player.id] = ParticipantPosition(
            id=player.id, kind=PLAYER, influence=dict(player.influence),
            tigers={t: tiger_facts(state, player.id, t) for t in tigers},
            gm_position=markers[player.id][0], gm_stack=markers[player.id][1],
            leftovers=Leftovers(sum(player.goods.values()), player.energy, player.science),
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
        from api.games.asian_tigers.solo.session import solo_settings

        solo = solo_settings(state)
    return EndPosition(player_count=1 if solo else state.player_count, turn_order=tuple(state.turn_order),
                       prosperity_tokens=dict(state.prosperity_tokens),
                       headquarters={t: state.headquarters.get(t) for t in tigers}, participants=participants,
                       options=options, solo=solo, era1=era1)


def display_labels(state: GameState) -> dict[str, str]:
    """Seat id → "Name (colour)", the way score lines name participants."""
    return {p.id: f"{p.name} ({p.color})" if p.name != p.color else p.color for p in state.players}


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
    """Put seat ids back into the structure; the explanation texts keep the readable labels."""
    if isinstance(value, dict):
        return {ids.get(k, k): unlabel(v, ids, k) for k, v in value.items()}
    if isinstance(value, list):
        return [unlabel(v, ids, key) for v in value]
    if isinstance(value, str) and key not in ("text", "detail"):
        return ids.get(value, value)
    return value


def score_state(state: GameState) -> dict:
    """Score the position as it stands: the shared scoring code, with players named in every line."""
    labels = display_labels(state)
    if len(set(labels.values())) != len(labels):  # two players with the same label: keep seat ids
        labels = {}
    result = score_end_position(_relabel(end_position(state), labels), state.edition).to_dict()
    return unlabel(result, {v: k for k, v in labels.items()})


@step("final_scoring")
def final_scoring_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """MGMT2-01..06 and SCORE-END-01: score, record the outcome, end the game."""
    outcome = score_state(state)
    if state.solo is not None:  # solo (issue 7): scenario / campaign goal report
        from api.games.asian_tigers.solo.session import annotate_outcome

        annotate_outcome(state, outcome)
    state.management["outcome"] = outcome
    _board_after_scoring(state, outcome)
    state.phase = "over"
    for line in outcome.get("lines", []):
        events.append({"kind": "score_line", "participant": line.get("participant"), "text": line["text"]})
    winner = outcome.get("winner")
    text = f"Game over: {state.player(winner).name if winner not in (None, NEUTRAL, AUTOMA) else winner} wins"
    if winner is None:  # solo (issue 7): the high-score variant has no winner when the record stands
        text = "Game over: the previous high score stands"
    events.append({"kind": "game_over", "winner": winner, "text": text})


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


__all__ = ["end_position", "outcome", "provisional_score", "column_ip"]
