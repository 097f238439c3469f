"""Turn flow: placement, the per-turn bonus queue, ending the turn (TURN-*, CASCADE-03).

A turn is a frame with two steps: the placement (and the action it starts),
then the bonus queue.  Unlocked bonuses wait in `state.pending_bonuses`; the
player resolves them in any order, ignores them, or ends the turn, which
forfeits whatever is left (AMB-12).
"""
from __future__ import annotations

from api.games.asian_tigers.decisions import answers, new_decision, options_for, push_frame, repeat, step
from api.games.asian_tigers.errors import IllegalActionError
from api.games.asian_tigers.state import GameState


def begin_turn(state: GameState) -> None:
    """Open the turn of the participant at `state.turn_index`."""
    seat = state.turn_order[state.turn_index]
    state.turn = {"seat": seat, "worker": None, "center": None}
    if state.solo is not None and seat == state.solo["automa"]:  # solo (issue 7): the Automa plays itself
        from api.games.asian_tigers.solo.automa import begin_automa_turn

        begin_automa_turn(state)
        return
    push_frame(state, "turn", ["placement", "bonuses"], seat=seat)


@step("placement")
def placement_step(state: GameState, frame: dict, events: list[dict]) -> dict:
    """TURN-01: place the leftmost worker."""
    return new_decision(state, "choose_placement", frame["seat"], declinable=False)


@step("bonuses")
def bonuses_step(state: GameState, frame: dict, events: list[dict]) -> dict:
    """After the action: resolve or ignore unlocked bonuses, then end the turn."""
    return new_decision(state, "choose_bonus", frame["seat"], declinable=False)


@options_for("choose_bonus")
def bonus_options(state: GameState, decision: dict) -> list[dict]:
    """Each pending bonus may be resolved or ignored; ending the turn forfeits the rest."""
    return pending_bonus_options(state) + [{"kind": "end_turn"}]


def pending_bonus_options(state: GameState) -> list[dict]:
    """Resolve or ignore each bonus waiting this turn (offered at every open point of the turn)."""
    from api.games.asian_tigers.turn import bonuses

    options = []
    for pending in state.pending_bonuses:
        options += bonuses.resolve_options(state, pending)
        options.append({"kind": "ignore_bonus", "bonus": pending["id"]})
    return options


def pending_bonus(state: GameState, bonus_id) -> dict:
    pending = next((b for b in state.pending_bonuses if b["id"] == bonus_id), None)
    if pending is None:
        raise IllegalActionError(f"No unlocked bonus {bonus_id!r} is waiting this turn", code="unknown_bonus",
                                 rule="CASCADE-03")
    return pending


@answers(("choose_bonus", "ignore_bonus"), ("choose_sale", "ignore_bonus"))
def ignore_bonus(state: GameState, action: dict, events: list[dict]) -> None:
    """IBONUS-03 / FLAG-03: an ignored bonus is gone for good."""
    pending = pending_bonus(state, action.get("bonus"))
    state.pending_bonuses.remove(pending)
    player = state.player(pending["seat"])
    events.append({"kind": "bonus_ignored", "participant": player.id, "bonus": pending["bonus"],
                   "text": f"{player.name} ignores the {pending['bonus'].replace('_', ' ')} bonus; it is gone"})
    repeat(state, state.decisions[-1])


@answers(("choose_bonus", "end_turn"))
def end_turn(state: GameState, action: dict, events: list[dict]) -> None:
    """CASCADE-03: end the turn; bonuses still waiting are forfeited."""
    player = state.current_player
    forfeited = [b["bonus"] for b in state.pending_bonuses]
    state.pending_bonuses = []
    text = f"{player.name} ends the turn"
    if forfeited:
        text += "; forfeited: " + ", ".join(b.replace("_", " ") for b in forfeited)
    events.append({"kind": "turn_ended", "participant": player.id, "forfeited": forfeited, "text": text})
    state.frames = []
    next_turn(state, events)


def next_turn(state: GameState, events: list[dict]) -> None:
    """Pass to the next participant who still has workers; close the era when none has (TURN-03)."""
    per_era = state.edition.rules["workers_placed_per_era"]
    count = len(state.turn_order)
    for offset in range(1, count + 1):
        index = (state.turn_index + offset) % count
        if state.player(state.turn_order[index]).workers_placed < per_era:
            state.turn_index = index
            begin_turn(state)
            return
    state.turn = None
    events.append({"kind": "era_ended", "era": state.era,
                   "text": f"Every player has placed all {per_era} workers: Era {'I' if state.era == 1 else 'II'} ends"})
    from api.games.asian_tigers.management import era1 as management

    management.begin(state, events)
