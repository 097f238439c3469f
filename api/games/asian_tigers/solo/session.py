"""Solo games against the Automa: setup, era start, view and scoring input (SOLO-*, SCENARIO-*).

The Automa is seat ``"1"``: a `PlayerState` like a human's, so its GM marker,
influence, built pieces, satellites, headquarters, special flags and workers
reuse the engine's machinery (rankings, management, IP).  Its funds stay 0 and
it never holds energy, science or goods (SOLO-AUTOMA-08).  Its player-board
``sectors`` are the Automa board's AS1..AS6 (generic count + factory).  What
only the Automa has lives in ``state.solo`` (plain data)::

    automa          "1"                      the Automa's participant id
    difficulty      1..4                     SOLO-SETUP-07
    variant         solo | scenario | campaign | high_score
    high_score      int | None               SOLO-SCORE-03
    campaign_tile   "CT1".."CT9" | None      scenario / campaign session tile (SCENARIO-01)
    face_up         [tile ids]               campaign: goals still face up this session
    tiles_mode      generated | recorded     SOLO-SETUP-03
    pile            [tile ids]               generated: known order, top first; recorded: the tiles left
    revealed        [tile ids]               revealed this era, in order
    reserve_generics 6                       used after pieces 1..18 (I17)
    flags           {AF1, AF2, AF3, off_board: [flag ids]}
    instructions    [str]                    the last Automa turn, for the physical table
"""
from __future__ import annotations

from api.games.asian_tigers.scoring.model import OFF_BOARD, SoloSettings
from api.games.asian_tigers.setup import rng_for
from api.games.asian_tigers.solo import campaign
from api.games.asian_tigers.solo.automa_bonuses import push_effects
from api.games.asian_tigers.solo.options import AUTOMA_SEAT
from api.games.asian_tigers.state import GameState
from api.games.asian_tigers.told import told
from api.games.messages import msg


# -- setup (SOLO-SETUP-02..06) --------------------------------------------------------
def prepare(state: GameState, seed: int) -> None:
    """Turn seat 1 into the Automa and create ``state.solo`` (called by `flow.open_game`)."""
    edition = state.edition
    settings = state.options["solo"]
    board = edition.solo["automa_board"]
    automa = state.player(AUTOMA_SEAT)
    automa.funds = {t: 0 for t in edition.tigers}  # SOLO-SETUP-02: no funds discs
    automa.energy = automa.science = 0  # SOLO-SETUP-06
    automa.sectors = {sid: {"generic": len(s["generic_numbers"]), "factory": True}
                      for sid, s in board["infrastructure_sectors"].items()}  # SOLO-SETUP-04
    human = state.player("0")
    if settings["starting_science"] is not None:  # CAMPAIGN-03: a campaign penalty
        human.science = settings["starting_science"]
    tile = settings["campaign_tile"]
    if settings["variant"] in ("scenario", "campaign") and tile is None:  # SCENARIO-01: generated from the seed
        pool = settings["face_up"] or sorted(edition.solo["campaign_tiles"])
        tile = rng_for(seed, "campaign_tile").choice(sorted(pool))
    face_up = settings["face_up"] or ([tile] if settings["variant"] == "campaign" else None)
    state.solo = {
        "automa": AUTOMA_SEAT, "difficulty": settings["difficulty"], "variant": settings["variant"],
        "high_score": settings["high_score"], "campaign_tile": tile, "face_up": face_up,
        "tiles_mode": settings["tiles"], "pile": [], "revealed": [], "reserve_generics": board["reserve_generics"],
        "flags": {**{s: [] for s in board["final_scoring_sectors"]}, OFF_BOARD: []}, "instructions": [],
    }


def begin_era(state: GameState, events: list[dict] | None = None) -> None:
    """Era start: shuffle the 10 action tiles (SOLO-SETUP-03, SOLO-ERA2-01) and queue the campaign tile's
    Automa half for this era (SCENARIO-02)."""
    tiles = sorted(state.edition.solo["action_tiles"])
    solo = state.solo
    if solo["tiles_mode"] == "generated":
        solo["pile"] = rng_for(state.seed, f"automa_tiles/era{state.era}").sample(tiles, len(tiles))
    else:
        solo["pile"] = tiles  # the order is what the table reveals
    solo["revealed"] = []
    tile = state.solo["campaign_tile"]
    if tile is not None:
        half = state.edition.solo["campaign_tiles"][tile][f"automa_era_{state.era}"]
        push_effects(state, list(half["effects"]), f"campaign tile {tile}, Era {'I' if state.era == 1 else 'II'}")
    if events is not None:
        events.append({"kind": "automa_tiles_shuffled", "era": state.era,
                       **told(msg("Automa: shuffle the 10 action tiles into a face-down pile"))})


# -- scoring input (SOLO-SCORE-01..03, AMB-38, AMB-46) ----------------------------------
def solo_settings(state: GameState) -> SoloSettings:
    """Difficulty, variant, high score and (scenario / campaign) whether the session's goal is met."""
    goal_met = None
    if state.solo["variant"] in ("scenario", "campaign"):
        goal_met = bool(session_goals_met(state))
    return SoloSettings(difficulty=state.solo["difficulty"], variant=state.solo["variant"], goal_met=goal_met,
                        high_score=state.solo["high_score"])


def session_goals_met(state: GameState) -> list[str]:
    """Tiles whose goal counts this session and is met: the scenario's tile, or a campaign's face-up tiles."""
    return [t for t in campaign.session_tiles(state) if campaign.tile_goal_met(state, t)]


def annotate_outcome(state: GameState, outcome: dict) -> None:
    """Add the goal report of a scenario or campaign session to the final outcome (CAMPAIGN-05)."""
    if state.solo["variant"] not in ("scenario", "campaign"):
        return
    report = campaign.goal_report(state)
    solo = outcome.setdefault("solo", {}) or {}
    solo.update({"campaign_tile": state.solo["campaign_tile"], "face_up": state.solo["face_up"],
                 "goals_met": session_goals_met(state), "goals": report})
    outcome["solo"] = solo


# -- view --------------------------------------------------------------------------------
def solo_view(state: GameState) -> dict:
    """The solo section of `view(state)`: settings, the Automa board, tiles, the last Automa turn."""
    solo = state.solo
    automa = state.player(solo["automa"])
    board = state.edition.solo["automa_board"]
    numbered = {sid: list(s["generic_numbers"])[len(s["generic_numbers"]) - automa.sectors[sid]["generic"]:]
                for sid, s in board["infrastructure_sectors"].items()}
    view = {
        "automa": solo["automa"], "difficulty": solo["difficulty"], "variant": solo["variant"],
        "high_score": solo["high_score"], "campaign_tile": solo["campaign_tile"], "face_up": solo["face_up"],
        "tiles_mode": solo["tiles_mode"], "tiles_left": len(solo["pile"]), "revealed": list(solo["revealed"]),
        "automa_board": {
            "sectors": {sid: {"pieces": numbered[sid], "factory": board["infrastructure_sectors"][sid]["factory"]
                              if automa.sectors[sid]["factory"] else None,
                              "bonus_used": bool(automa.sectors[sid].get("bonus_unlocked"))}
                        for sid in board["infrastructure_sectors"]},
            "reserve_generics": solo["reserve_generics"],
            "flags": {s: list(f) for s, f in solo["flags"].items()},
        },
        "automa_instructions": list(solo["instructions"]),
        "goals": campaign.goal_progress(state),  # issue 34: each goal's progress as the game goes
    }
    return view  # the pile's order stays hidden: the physical pile is face down
