"""What the table lays out at the start of an era (issue 12; SETUP-02..12, PSETUP-03..06, ERA2-03..05).

When the app draws, the people at the table copy the draw onto the real board: `setup_instructions`
says it in steps.  `era2_form` gives a table that draws its own Era II workers form fields, so the
phone never shows raw JSON.
"""
from __future__ import annotations

from api.games.asian_tigers.edition.load import CENTERS
from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.presentation.summary import joined
from api.games.asian_tigers.setup import prosperity_order
from api.games.asian_tigers.state import GameState
from api.games.messages import Message, msg


def setup_instructions(state: GameState) -> dict | None:
    """The layout of this era's draws in data and in steps; None once the era's first worker is placed."""
    if state.phase != "turns" or any(p.workers_placed for p in state.players):
        return None
    edition, era = state.edition, state.era
    names = {p.id: p.name for p in state.players}
    order = prosperity_order(edition, state.prosperity_tokens, state.player_count)
    setup_worker = {key.split(".")[0]: (key.split(".")[1], worker) for key, worker in state.centers.items()
                    if "setup" in state.center_workers[key]}
    steps, tigers = [], []
    for rank, tid in enumerate(order, start=1):
        name = edition.tigers[tid].name
        named = L.named(edition, "tigers", tid)  # the steps say it in the reader's language (the view's names)
        pt, rb = state.prosperity_tokens[tid], state.region_tokens[tid]
        center, worker = setup_worker.get(tid, (None, None))
        tigers.append({"tiger": tid, "name": name, "prosperity_rank": rank,
                       "prosperity_token": {"id": pt, "label": L.prosperity_label(edition, pt, state.player_count)},
                       "region_token": {"id": rb, "label": L.region_token_label(edition, rb)},
                       "setup_worker": {"center": f"{tid}.{center}", "worker": worker,
                                        "label": L.worker_label(edition, worker)} if worker else None})
        if era == 1:
            steps.append(msg("Put the prosperity token {token} on {tiger}", token=L.prosperity_label(
                edition, pt, state.player_count), tiger=named))
            steps.append(msg("Put the region bonus token “{token}” on {tiger}",
                             token=L.region_token_label(edition, rb, L.keep), tiger=named))
        if worker:
            steps.append(msg("Put a {worker} in {tiger} centre {centre}", worker=L.worker_label(edition, worker, L.keep),
                             tiger=named, centre=center))
    leftover = [{"id": t, "label": L.region_token_label(edition, t)} for t in state.leftover_region_tokens]
    if era == 1 and leftover:
        steps.append(msg("Beside the board: region bonus tokens {tokens}", tokens=joined([msg("“{bonus}”", bonus=L.region_token_label(
            edition, t, L.keep)) for t in state.leftover_region_tokens], ",")))
    if era == 1 and state.neutral:  # NEUTRAL-01..03
        neutral = state.neutral
        said = dict(colour=neutral["color"], count=sum(p.owner == "neutral" for p in state.pieces),
                    influence=next(iter(neutral["influence"].values())))
        steps.append(msg("Neutral player ({colour}): a blocker on each of the {count} spaces marked for 4 players, "
                         "with a parts factory under each factory; influence {influence} on every Tiger", **said)
                     if neutral["advanced"] else msg("Neutral player ({colour}): a blocker on each of the {count} "
                                                     "spaces marked for 4 players; influence {influence} on every "
                                                     "Tiger", **said))
    turn_order = [{"seat": s, "name": names[s], "position": i + 1} for i, s in enumerate(state.turn_order)]
    steps.append(msg("Turn order: {players}", players=", ".join(names[s] for s in state.turn_order)))
    players = []
    for player in state.players:
        entry = {"seat": player.id, "name": player.name, "color": player.color,
                 "set_aside": [{"worker": w, "label": L.worker_label(edition, w)} for w in player.set_aside or []],
                 "team": [{"worker": w, "label": L.worker_label(edition, w)} for w in player.team or []]}
        if era == 1:
            entry["starting_goods"] = {g: n for g, n in player.goods.items() if n}
            if entry["starting_goods"]:
                # each good by its name in the reader's language ("1 Elektronik"; a count and a name need no words)
                steps.append(msg("{player}: take {goods}", player=player.name, goods=joined([Message(
                    "{n} {good}", dict(n=n, good=L.named(edition, "goods", g))) for g, n in entry["starting_goods"].items()], ",")))
        if player.set_aside:
            steps.append(msg("{player}: set aside {workers}", player=player.name,
                             workers=joined([L.worker_label(edition, w, L.keep) for w in player.set_aside], "and")))
        if player.team:
            steps.append(msg("{player}: team area, left to right: {workers}", player=player.name,
                             workers=joined([L.worker_label(edition, w, L.keep) for w in player.team], ",")))
        players.append(entry)
    recorded = state.options.get("setup") or {}
    drawn = {key: "table" if recorded.get(key) else "app" for key in
             ("prosperity_tokens", "region_tokens", "setup_workers", "turn_order", "starting_goods", "workers")}
    if era == 2:
        drawn = {"setup_workers": drawn["setup_workers"], "workers": drawn["workers"]}
    return {"era": era, "drawn_by": drawn, "tigers": tigers, "leftover_region_tokens": leftover,
            "turn_order": turn_order, "players": players, "steps": steps}


def era2_form(state: GameState, decision: dict) -> dict | None:
    """Form fields for ``record_era2_draws``: what the table drew for Era II (ERA2-03..05, PSETUP-03/04)."""
    if decision is None or decision["kind"] != "record_era2_draws":
        return None
    edition = state.edition
    workers = [{"value": w, "label": L.worker_label(edition, w, L.keep)} for w in edition.worker_types]  # said in the reader's language
    slots = edition.setup["player"]["team_area_slots"]
    stated = state.options.get("worker_entry") == "stated"
    automa = state.solo["automa"] if state.solo is not None else None
    seats = [{"seat": p.id, "name": p.name, "color": p.color,
              "fields": [
                  {"name": f"workers.{p.id}.set_aside",
                   "label": msg("{player}: the two set-aside workers", player=p.name),
                   "type": "choice_list", "length": 2, "distinct": True, "choices": workers, "required": True},
                  {"name": f"workers.{p.id}.team", "label": msg("{player}: team area, left to right", player=p.name),
                   "type": "choice_list", "length": slots, "choices": workers,
                   "required": not stated or p.id == automa},
              ]} for p in state.players]
    return {
        "action": {"kind": "draw_era2_setup", "decision": decision["id"]},
        "rule": "ERA2-03",
        "explain": msg("Fill in what the table drew, or leave it empty to let the app draw. The answer is {shape}.",
                       shape="{kind: draw_era2_setup, setup_workers: {A, B, C → worker}, "
                             "workers: {seat → {set_aside, team}}}"),
        "fields": [{"name": f"setup_workers.{c}",
                    "label": msg("Board worker for centre {centre} (one of each type)", centre=c),
                    "type": "choice", "choices": workers, "required": True} for c in CENTERS],
        "seats": seats,
    }
