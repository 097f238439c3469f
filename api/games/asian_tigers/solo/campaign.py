"""Scenario goals and campaign bookkeeping (SCENARIO-*, CAMPAIGN-01..05, AMB-36, AMB-46..48).

Pure: goal checks (`goal_value` evaluates one ``catalog.campaign_requirements`` entry for the
human, CAMPAIGN-05), and a campaign as a plain JSON dict that every function returns anew.

Reading of "failing a session" (AMB-46/47): a session is won when at least one face-up goal is
met *and* the human out-scores the Automa; any other session is a failure (it costs starting
science and counts toward the third).
"""
from __future__ import annotations

import copy
import random

from api.games.asian_tigers.errors import RulesError
from api.games.asian_tigers.state import GameState
from api.games.asian_tigers.turn.investment import column_ip

HUMAN = "0"


class CampaignError(RulesError):
    """A campaign request the rules do not allow (bad tiles, session on a finished campaign, ...)."""

    default_code = "invalid_campaign"


# -- goal checks (CAMPAIGN-05) ---------------------------------------------------------
def final_gm_position(state: GameState, participant: str = HUMAN) -> int:
    """The GM position at the end of the game: now, plus the Era II leftover move (MGMT2-02, AMB-31).

    Once the game is over the final scoring has already moved the marker (`management.era2`
    leaves the board as the Era II phase left it) while the player still holds the leftovers,
    so the move is added only before the end (CAMPAIGN-05).
    """
    if state.phase == "over":
        return state.gm_position(participant)
    player = state.player(participant)
    left = sum(player.goods.values()) + player.energy + player.science
    per_space = state.edition.rules["global_market"]["era_2_leftover_resources_per_space"]
    return state.gm_position(participant) + left // per_space


# The metrics that count the human's pieces of one kind: departments are pieces of kind "department", so not
# universities; ∞ spaces count.
COUNTED_KINDS = {"universities_built": "university", "laboratories_built": "laboratory",
                 "power_plants_built": "power_plant"}


def goal_value(state: GameState, requirement: dict):
    """(value, met) of one campaign requirement for the human (AMB-36, AMB-48)."""
    metric = requirement["metric"]
    if metric in COUNTED_KINDS:
        value = sum(1 for p in state.pieces if p.owner == HUMAN and p.kind == COUNTED_KINDS[metric])
    elif metric == "distinct_factory_goods_built":
        value = len({state.edition.space(p.space).good for p in state.pieces
                     if p.owner == HUMAN and p.kind == "factory"})
    elif metric == "distinct_flags_in_final_scoring_rows":
        # Different nations among the flags in rows, each special flag moved into a row counting as its own.
        value = len({f if f.startswith("special:") else f.rsplit("-", 1)[0] for f in state.player(HUMAN).rows.values()})
    elif metric == "global_market_position":
        value = final_gm_position(state)
    elif metric == "headquarters_and_satellite_rows":
        types = sorted({held["satellite"] for held in state.satellites.values() if held["owner"] == HUMAN})
        value = {"headquarters": HUMAN in state.headquarters.values(), "satellites": types}
        met = (value["headquarters"] or not requirement.get("headquarters", True)) \
            and set(requirement["satellite_rows"]) <= set(types)  # AMB-36: a generic satellite is no row's
        return value, met
    elif metric == "more_investment_points_than_automa_in_one_of":
        automa = state.solo["automa"]
        value = {t: [column_ip(state, HUMAN, t).total, column_ip(state, automa, t).total]
                 for t in requirement["tigers"]}
        return value, any(mine > its for mine, its in value.values())  # AMB-48: strictly more, at game end
    else:
        raise ValueError(f"unknown campaign requirement metric {metric!r}")
    return value, value >= requirement["at_least"]


def tile_goal_met(state: GameState, tile: str) -> bool:
    """True when the goal of campaign tile `tile` is met now."""
    requirement_id = state.edition.solo["campaign_tiles"][tile]["requirement"]
    requirement = state.edition.catalog["campaign_requirements"][requirement_id]
    return goal_value(state, requirement)[1]


def goal_report(state: GameState) -> dict:
    """Every campaign tile's goal: requirement id, the human's value and whether it is met."""
    report = {}
    for tile, spec in state.edition.solo["campaign_tiles"].items():
        requirement = state.edition.catalog["campaign_requirements"][spec["requirement"]]
        value, met = goal_value(state, requirement)
        report[tile] = {"requirement": spec["requirement"], "value": value, "met": met}
    return report


def session_tiles(state: GameState) -> list[str]:
    """The tiles whose goal counts this session: a campaign's face-up tiles, or the scenario's tile."""
    solo = state.solo or {}
    if solo.get("variant") == "campaign":
        return list(solo.get("face_up") or [])
    if solo.get("variant") == "scenario" and solo.get("campaign_tile"):
        return [solo["campaign_tile"]]
    return []


def _steps(requirement: dict, value) -> tuple[int, int, list[dict]]:
    """(done, needed, parts) of a goal's value: ``3, 5`` for "3 of 5 universities" (CAMPAIGN-05)."""
    metric = requirement["metric"]
    if metric == "headquarters_and_satellite_rows":
        parts = ([{"part": "headquarters", "done": value["headquarters"]}]
                 if requirement.get("headquarters", True) else [])
        parts += [{"part": row, "done": row in value["satellites"]} for row in requirement["satellite_rows"]]
        return sum(p["done"] for p in parts), len(parts), parts
    if metric == "more_investment_points_than_automa_in_one_of":
        parts = [{"part": tiger, "mine": mine, "automa": its, "done": mine > its}
                 for tiger, (mine, its) in value.items()]
        return int(any(p["done"] for p in parts)), 1, parts
    return int(value), int(requirement["at_least"]), []


def goal_progress(state: GameState) -> list[dict]:
    """How far the human is with each goal of this session, as the game goes (CAMPAIGN-05).

    Per tile (the session's, in order): ``tile``, ``requirement``, ``metric``, ``done`` of
    ``needed`` (universities built, spaces on the global market counting the leftovers' final
    move, Tigers where the human leads the Automa in investment points…), ``met`` as the final
    check would judge it now, and ``parts`` for the goals made of several parts.
    """
    out = []
    for tile in session_tiles(state):
        requirement_id = state.edition.solo["campaign_tiles"][tile]["requirement"]
        requirement = state.edition.catalog["campaign_requirements"][requirement_id]
        value, met = goal_value(state, requirement)
        done, needed, parts = _steps(requirement, value)
        out.append({"tile": tile, "requirement": requirement_id, "metric": requirement["metric"],
                    "done": done, "needed": needed, "met": bool(met), "parts": parts})
    return out


# -- campaign bookkeeping (CAMPAIGN-01..04, AMB-47) ---------------------------------------
def _rules(edition) -> dict:
    return edition.solo["campaign"]


def create(edition, *, tiles: list[str] | None = None, count: int | None = None, seed: int = 0,
           show_all: bool = False) -> dict:
    """A new campaign: the chosen tiles (or `count` drawn from `seed`), all face up (CAMPAIGN-01)."""
    rules, every = _rules(edition), sorted(edition.solo["campaign_tiles"])
    low, high = rules["scenarios_min"], rules["scenarios_max"]
    if tiles is None:
        if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
            raise CampaignError(f"a campaign has {low} to {high} scenarios", code="invalid_scenario_count",
                                rule="CAMPAIGN-01")
        tiles = sorted(random.Random(f"{seed}:campaign_tiles").sample(every, count))
    if not isinstance(tiles, list) or not low <= len(tiles) <= high or len(set(tiles)) != len(tiles) \
            or any(t not in every for t in tiles):
        raise CampaignError(f"choose {low} to {high} different tiles of {', '.join(every)}",
                            code="invalid_campaign_tiles", rule="CAMPAIGN-01")
    return {"tiles": list(tiles), "face_up": list(tiles), "achieved": {}, "failures": 0, "sessions": [],
            "show_all": bool(show_all), "status": "in_progress"}


def starting_science(edition, campaign: dict) -> int:
    """Starting science of the next session: 2, then 1 after a failure, 0 after two (CAMPAIGN-03)."""
    table = list(_rules(edition)["starting_science_after_failures"])
    return table[min(campaign["failures"], len(table) - 1)]


def turn_down_choices(campaign: dict, goals_met: list[str]) -> list[str]:
    """The face-up tiles whose goal this session met: the player turns one of them down (AMB-47)."""
    return [t for t in campaign["face_up"] if t in goals_met]


def record_session(edition, campaign: dict, *, goals_met: list[str], out_scored: bool,
                   turn_down: str | None = None) -> dict:
    """Record a finished session; returns the updated campaign (CAMPAIGN-02/03, AMB-46/47).

    `goals_met`: tiles whose goal was met (e.g. ``outcome["solo"]["goals_met"]``); `out_scored`: the human
    scored strictly more than the Automa.  A won session turns down `turn_down`, which may be left out when
    only one face-up goal was met; a failed one costs starting science, and the third failure loses.
    """
    if campaign["status"] != "in_progress":
        raise CampaignError(f"the campaign is already {campaign['status']}", code="campaign_over",
                            rule="CAMPAIGN-03" if campaign["status"] == "lost" else "CAMPAIGN-04")
    updated = copy.deepcopy(campaign)
    choices = turn_down_choices(campaign, goals_met)
    won = bool(choices) and bool(out_scored)
    science = starting_science(edition, campaign)
    record = {"number": len(campaign["sessions"]) + 1, "goals_met": list(goals_met), "out_scored": bool(out_scored),
              "won": won, "turned_down": None, "starting_science": science}
    if won:
        if turn_down is None and len(choices) == 1:
            turn_down = choices[0]
        if turn_down not in choices:
            raise CampaignError(f"turn down one achieved face-up goal: {', '.join(choices)}",
                                code="turn_down_required", rule="CAMPAIGN-02", choices=choices)
        updated["face_up"].remove(turn_down)  # CAMPAIGN-02: at most one tile per session
        updated["achieved"][turn_down] = record["number"]
        record["turned_down"] = turn_down
        if not updated["face_up"]:
            updated["status"] = "won"  # CAMPAIGN-04: every tile, each with its own goal, each out-scoring
    else:
        updated["failures"] += 1
        if updated["failures"] >= _rules(edition)["failures_ending_campaign"]:
            updated["status"] = "lost"  # CAMPAIGN-03: the third failure ends the campaign
    updated["sessions"].append(record)
    return updated


def record_outcome(edition, campaign: dict, outcome: dict, turn_down: str | None = None) -> dict:
    """`record_session` from an engine outcome of a campaign game (``outcome["solo"]``)."""
    solo = outcome.get("solo") or {}
    return record_session(edition, campaign, goals_met=list(solo.get("goals_met") or []),
                          out_scored=bool(solo.get("human_wins")), turn_down=turn_down)


def status(edition, campaign: dict) -> dict:
    """Where the campaign stands: won / lost / in progress, tiles left, failures, next starting science."""
    return {"status": campaign["status"], "tiles": list(campaign["tiles"]), "remaining": list(campaign["face_up"]),
            "achieved": dict(campaign["achieved"]), "failures": campaign["failures"],
            "failures_left": max(0, _rules(edition)["failures_ending_campaign"] - campaign["failures"]),
            "next_starting_science": starting_science(edition, campaign) if campaign["status"] == "in_progress"
            else None, "sessions_played": len(campaign["sessions"])}


def next_session_options(edition, campaign: dict, difficulty: int, tile: str | None = None) -> dict:
    """The ``options.solo`` of the next session: face-up goals, starting science, the tile played (or drawn)."""
    if campaign["status"] != "in_progress":
        raise CampaignError(f"the campaign is already {campaign['status']}", code="campaign_over",
                            rule="CAMPAIGN-04")
    if tile is not None and tile not in campaign["face_up"]:
        raise CampaignError(f"play one of the face-up tiles: {', '.join(campaign['face_up'])}",
                            code="tile_not_face_up", rule="CAMPAIGN-02")
    return {"difficulty": difficulty, "variant": "campaign", "face_up": list(campaign["face_up"]),
            "campaign_tile": tile, "starting_science": starting_science(edition, campaign)}
