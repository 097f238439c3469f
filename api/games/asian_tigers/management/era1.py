"""End of an era: the management phase begins, and Era I's management steps (MGMT1-*).

`begin` opens the phase of the era that just ended: Era I's steps below, then
the Era II setup (`management.era2_setup`, run by `flow`); Era II's single
step is the final scoring (`management.era2`).  Each management step is a
frame step that logs what it did, so a phone can walk the table through it;
only the special-flag offers and recorded Era II draws ask a question.
"""
from __future__ import annotations

from api.games.asian_tigers.decisions import new_decision, push_frame, repeat
from api.games.asian_tigers.errors import IllegalActionError, Message, msg
from api.games.asian_tigers.errors import joined as _joined
from api.games.asian_tigers.management.era2 import unlabel, display_labels
from api.games.asian_tigers.scoring.ranking import (CHAIN, Contender, award_by_rank, global_market_order, rank_tiger,
                                                    special_flag_offer_order, tie_rules)
from api.games.asian_tigers.setup import table_key
from api.games.asian_tigers.state import NEUTRAL, GameState
from api.games.asian_tigers.told import tiger_named, told
from api.games.asian_tigers.turn.effects import advance_global_market
from api.games.asian_tigers.turn.investment import column_ip

ERA1_STEPS = ["mgmt_global_market", "mgmt_influence", "mgmt_special_flags", "mgmt_funds", "era2_setup"]


def begin(state: GameState, events: list[dict]) -> None:
    """Start the management phase of the era that just ended (MGMT1-01, MGMT2-01)."""
    state.phase = "management"
    state.management = state.management or {}
    if state.era == 1:
        push_frame(state, "management", list(ERA1_STEPS), era=1)
    else:
        push_frame(state, "management", ["final_scoring"], era=2)


ERA1_MARKER = {"mgmt_global_market": "global_market_turn_order", "mgmt_influence": "influence",
               "mgmt_special_flags": "special_flags", "mgmt_funds": "investment_funds"}


def round_marker(state: GameState) -> dict:
    """COMP-09: where the round marker stands, derived from the management frame (no extra state).

    During play it waits on the first space of the era's section (SETUP-15, ERA2-01); in a
    management phase it is on the step being resolved; after the final scoring, on the last.
    """
    steps = list(state.edition.board["management_track"]["steps"][f"era_{state.era}"])
    space = 1
    if state.phase == "over":
        space = len(steps)
    elif state.phase == "management" and state.era == 1:
        frame = next((f for f in state.frames if f["kind"] == "management"), None)
        remaining = [ERA1_MARKER[s] for s in (frame or {}).get("steps", []) if s in ERA1_MARKER]
        space = max(1, len(steps) - len(remaining))
    return {"era": state.era, "space": space, "step": steps[space - 1]}


def participants(state: GameState) -> list[str]:
    """Players, then the neutral when present."""
    return [p.id for p in state.players] + ([NEUTRAL] if state.neutral else [])


def influence_of(state: GameState, participant: str) -> dict[str, int]:
    """Influence per Tiger (the neutral's lives in `state.neutral`)."""
    return state.neutral["influence"] if participant == NEUTRAL else state.player(participant).influence


def said_name(state: GameState, participant: str):
    """A participant's name in a log line: the neutral player is a word of the reader's language."""
    return msg("Neutral") if participant == NEUTRAL else state.player(participant).name


def gm_markers(state: GameState) -> dict[str, tuple[int, int]]:
    """{participant: (position, height in stack)} for every GM marker."""
    return {pid: (int(pos), height) for pos, stack in state.global_market.items() for height, pid in enumerate(stack)}


def global_market_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """MGMT1-02 / TIE-04: the next turn order from the global market."""
    ranking = global_market_order(gm_markers(state))
    state.turn_order = list(ranking.order)
    events.append({"kind": "turn_order_set", "turn_order": state.turn_order, "ranking": ranking.to_dict(),
                   **told(msg("Turn order for Era II: {names}", names=_commas(
                       [said_name(state, p) for p in state.turn_order])))})


def tiger_contenders(state: GameState, tiger: str, labels: dict[str, str] | None = None) -> list[Contender]:
    """Every participant's IP on `tiger` with its column split (named by `labels` when given)."""
    labels = labels or {}
    ips = {pid: column_ip(state, pid, tiger) for pid in participants(state)}
    return [Contender(labels.get(pid, pid), ip.total, ip.columns, pid == NEUTRAL) for pid, ip in ips.items()]


def influence_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """MGMT1-03: influence by IP rank on each Tiger (0 IP unranked, ties by the chain)."""
    table = state.edition.board["management_track"]["influence_by_rank"]["era_1"][table_key(state.player_count)]
    snapshot_ip = {pid: {t: column_ip(state, pid, t).__dict__ for t in state.edition.tigers} for pid in participants(state)}
    labels, seats = display_labels(state)  # tie-break sentences name people, not seats
    for tiger in state.edition.tigers:
        hq = state.headquarters.get(tiger)
        ranking = rank_tiger(tiger_contenders(state, tiger, labels), turn_order=[labels.get(p, p) for p in state.turn_order],
                             headquarters=labels.get(hq, hq), tiebreak=CHAIN, **tie_rules(state.edition))
        awards = {seats.get(p, p): n for p, n in award_by_rank(ranking, table).items()}
        before = {pid: influence_of(state, pid)[tiger] for pid in awards}
        for pid, amount in awards.items():
            influence_of(state, pid)[tiger] += amount
        # The marker's new place, not only the gain: the table moves markers to a space (issue 33).
        moved = {pid: f"{before[pid]} → {before[pid] + n}" for pid, n in awards.items()}
        lines = [msg("{who} {ip} IP → +{amount} influence ({moved})", who=p, ip=ranking.values[p],
                     amount=awards[seats.get(p, p)], moved=moved[seats.get(p, p)]) for p in ranking.order]
        said = msg("{tiger}: {lines}", tiger=tiger_named(state, tiger), lines=_joined(lines, "; ")) if lines else \
            msg("{tiger}: nobody has investment points", tiger=tiger_named(state, tiger))
        for tie in ranking.tie_breaks:
            said = Message("{line} ({detail})", {"line": said, "detail": tie.message or tie.detail})  # punctuation
        events.append({"kind": "influence_awarded", "tiger": tiger, "awards": awards,
                       "ranking": unlabel(ranking.to_dict(), seats),
                       "placeholder_values": state.edition.placeholders(
                           f"/board/management_track/influence_by_rank/era_1/{table_key(state.player_count)}"),
                       **told(said)})
    state.management["era1"] = {
        "turn_order": list(state.turn_order), "headquarters": {t: state.headquarters.get(t) for t in state.edition.tigers},
        "influence": {pid: dict(influence_of(state, pid)) for pid in participants(state)}, "ip": snapshot_ip,
    }


def special_flags_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """MGMT1-04: each Tiger offers its special flag down its influence track."""
    for tiger in reversed(list(state.edition.tigers)):
        if tiger not in state.special_flags_available:
            continue
        influence = {pid: influence_of(state, pid)[tiger] for pid in participants(state)}
        order = special_flag_offer_order(influence, turn_order=state.turn_order, neutral=NEUTRAL if state.neutral else None,
                                         neutral_wins_ties=tie_rules(state.edition)["neutral_wins_ties"])
        push_frame(state, "special_flag", ["offer_special_flag"], tiger=tiger, queue=list(order.order))


def offer_step(state: GameState, frame: dict, events: list[dict]) -> dict | None:
    """MGMT1-05/06: offer to the next participant; the neutral always accepts (NEUTRAL-05)."""
    tiger = frame["tiger"]
    if not frame["queue"]:
        state.special_flags_available.remove(tiger)
        events.append({"kind": "special_flag_returned", "tiger": tiger,
                       **told(msg("Nobody takes the {tiger} special flag; it returns to the box",
                                  tiger=tiger_named(state, tiger)))})
        return None
    pid = frame["queue"].pop(0)
    if pid == NEUTRAL:
        accept_special_flag(state, pid, tiger, events)
        return None
    return new_decision(state, "choose_special_flag", pid, declinable=False, tiger=tiger)


def special_flag_options(state: GameState, decision: dict) -> list[dict]:
    """Accept or decline the offered special flag (solo: accept only, SOLO-MGMT-01 / AMB-40)."""
    if state.solo is not None:  # solo (issue 7)
        return [{"kind": "accept_special_flag"}]
    return [{"kind": "accept_special_flag"}, {"kind": "decline_special_flag"}]


def drop_to_icon(state: GameState, value: int) -> int:
    """AMB-23: the nearest Tiger icon strictly below; a marker on 0 stays (I06)."""
    every = state.edition.board["influence_track"]["tiger_icon_every"]
    return 0 if value <= 0 else ((value - 1) // every) * every


def accept_special_flag(state: GameState, pid: str, tiger: str, events: list[dict]) -> None:
    """MGMT1-05: drop back to the previous icon, take the flag (no nation bonus), +2 GM."""
    influence = influence_of(state, pid)
    before = influence[tiger]
    influence[tiger] = drop_to_icon(state, before)
    state.special_flags_available.remove(tiger)
    values = dict(who=said_name(state, pid), tiger=tiger_named(state, tiger), start=before, end=influence[tiger])
    if pid == NEUTRAL:
        events.append({"kind": "special_flag_accepted", "participant": pid, "tiger": tiger,
                       **told(msg("{who} accepts the {tiger} special flag and drops from {start} to {end} influence; "
                                  "the flag leaves the game (AMB-22)", **values))})
        return
    state.player(pid).special_flags.append(tiger)
    events.append({"kind": "special_flag_accepted", "participant": pid, "tiger": tiger,
                   **told(msg("{who} accepts the {tiger} special flag and drops from {start} to {end} influence",
                              **values))})
    events.extend(advance_global_market(state, pid, state.edition.rules["special_flags"]["accept_global_market"],
                                        msg("special flag accepted")))


def accept_answer(state: GameState, action: dict, events: list[dict]) -> None:
    """The offered participant accepts."""
    decision = state.decisions[-1]
    accept_special_flag(state, decision["seat"], decision["tiger"], events)
    state.frames[decision["frame"]]["steps"].clear()


def decline_answer(state: GameState, action: dict, events: list[dict]) -> None:
    """MGMT1-06: the offer passes down the track."""
    decision = state.decisions[-1]
    if state.solo is not None:  # solo (issue 7)
        raise IllegalActionError(msg("In solo every special flag offered must be accepted"),
                                 code="must_accept_special_flag", rule="SOLO-MGMT-01")
    events.append({"kind": "special_flag_declined", "participant": decision["seat"], "tiger": decision["tiger"],
                   **told(msg("{who} declines the {tiger} special flag", who=said_name(state, decision["seat"]),
                              tiger=tiger_named(state, decision["tiger"])))})
    repeat(state, decision)


def funds_step(state: GameState, frame: dict, events: list[dict]) -> None:
    """MGMT1-08 / BUILD-LAB-02: funds become 6 + 1 per laboratory there (∞ included), at most 10."""
    rules = state.edition.rules["investment_funds"]
    for player in state.players:
        if state.solo is not None and player.id == state.solo["automa"]:  # solo (issue 7): SOLO-AUTOMA-08
            continue
        for tiger in state.edition.tigers:
            labs = sum(1 for p in state.pieces if p.owner == player.id and p.tiger == tiger and p.kind == "laboratory")
            player.funds[tiger] = min(rules["max"], rules["start_per_tiger"] + rules["era_2_extra_per_laboratory"] * labs)
        events.append({"kind": "funds_reset", "participant": player.id, "funds": dict(player.funds),
                       **told(msg("{player}'s funds: {funds}", player=player.name, funds=_commas(
                           [Message("{tiger} {n}", {"tiger": t, "n": n}) for t, n in player.funds.items()])))})


def _commas(parts: list):
    """Parts joined by ", "."""
    return _joined(parts, ", ")
