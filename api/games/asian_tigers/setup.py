"""Game setup (SETUP-*, PSETUP-*, NEUTRAL-*).

Every random element is either recorded (the table says what it drew) or
generated from the seed.  Generated draws use a fresh RNG per labelled draw
(``Random(f"{seed}:{label}")``) so replays and undo reproduce them exactly and
no RNG object has to live in the state.
"""
from __future__ import annotations

import random

from api.games.asian_tigers.edition.checks_rulebook import RULES_OPTIONS
from api.games.asian_tigers.edition.load import CENTERS, Edition
from api.games.asian_tigers.errors import SetupError, and_list, joined, msg
from api.games.asian_tigers.solo.options import resolve_solo
from api.games.asian_tigers.state import NEUTRAL, GameState, Piece, PlayerState
from api.games.asian_tigers.told import colours_of, good_named
from api.games.messages import name

WORKER_ENTRY_MODES = ("sequence", "stated")


def rng_for(seed: int, label: str) -> random.Random:
    """The RNG of one labelled draw of a seeded game."""
    return random.Random(f"{seed}:{label}")


def table_key(player_count: int) -> str:
    """Key of the per-player-count tables (solo plays on the 2-player tables)."""
    return str(max(player_count, 2))


def resolve_options(options: dict, edition: Edition) -> dict:
    """Validate new-game options and fill the edition's defaults (SCORE-END-03)."""
    if not isinstance(options, dict):
        raise SetupError(msg("options must be an object"), code="invalid_options")
    players = options.get("players")
    solo = None
    if options.get("solo") is not None:
        # solo (issue 7): one human plus the Automa, which takes seat 1 (see solo/options.py)
        players, solo = resolve_solo(options, edition)
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise SetupError(msg("a game needs 2 to 4 players, or 1 player with solo options (\"solo\": {{\"difficulty\": "
                             "1..4}})"), code="invalid_player_count", rule="SETUP-01", field="players")
    colors = []
    for index, player in enumerate(players):
        if not isinstance(player, dict) or not isinstance(player.get("color"), str):
            raise SetupError(msg("player {index} needs a colour", index=index), code="invalid_player",
                             field=f"players/{index}")
        if player["color"] not in edition.player_colors:
            raise SetupError(msg("colour {color} is not one of {colours}", color=repr(player['color']),
                                 colours=colours_of(edition)), code="unknown_color",
                             field=f"players/{index}/color")
        colors.append(player["color"])
    if len(set(colors)) != len(colors):
        raise SetupError(msg("two players chose the same colour"), code="duplicate_color", field="players")
    for key in ("rules_options", "setup"):
        if options.get(key) is not None and not isinstance(options[key], dict):
            raise SetupError(msg("{key} must be an object", key=key), code="invalid_options", field=key)
    rules_options = dict(edition.rules_options)
    for key, value in (options.get("rules_options") or {}).items():
        if key not in RULES_OPTIONS:
            raise SetupError(msg("unknown rules option {key}", key=repr(key)), code="unknown_rules_option",
                             field=f"rules_options/{key}")
        allowed = RULES_OPTIONS[key][1]
        if value not in allowed or isinstance(value, bool) != isinstance(allowed[0], bool):
            raise SetupError(msg("rules option {key} must be one of {allowed}", key=key, allowed=str(allowed)),
                             code="invalid_rules_option", field=f"rules_options/{key}", rule="SCORE-END-03")
        rules_options[key] = value
    worker_entry = options.get("worker_entry", "sequence")
    if worker_entry not in WORKER_ENTRY_MODES:
        raise SetupError(msg("worker_entry must be 'sequence' or 'stated'"), code="invalid_worker_entry",
                         field="worker_entry")
    resolved = {
        "players": [{"name": str(p.get("name") or p["color"]), "color": p["color"]} for p in players],
        "rules_options": rules_options,
        "advanced_neutral": bool(options.get("advanced_neutral", False)),
        "worker_entry": worker_entry,
        "setup": options.get("setup") or {},
    }
    if solo is not None:  # solo (issue 7)
        resolved["solo"] = solo
    return resolved


# -- individual draws: as the table recorded them in ``setup[key]``, or drawn from the seed --
def _bad_draw(key: str, message: str, rule: str, code: str = "invalid_recorded_draw") -> SetupError:
    """The refusal of the recorded draw ``setup[key]`` (its field names the key)."""
    return SetupError(message, code=code, rule=rule, field=f"setup/{key}")


def _token_per_tiger(edition: Edition, setup: dict, seed: int, key: str, tokens: list[str], rule: str) -> dict:
    """A different one of `tokens` on each Tiger: as recorded in ``setup[key]``, or drawn from the seed."""
    tigers = list(edition.tigers)
    chosen = setup.get(key)
    if chosen is None:
        chosen = dict(zip(tigers, rng_for(seed, key).sample(tokens, len(tigers))))
    if not isinstance(chosen, dict) or sorted(chosen) != sorted(tigers) \
            or not all(isinstance(v, str) for v in chosen.values()) or any(t not in tokens for t in chosen.values()) \
            or len(set(chosen.values())) != len(tigers):
        said = joined([name("tigers", t, t) for t in tigers], ", ")  # English: the codes as before; named at the edge
        raise _bad_draw(key, msg("{key} must give each of {tigers} a different token of {tokens}", key=key,
                                 tigers=said, tokens=', '.join(tokens)), rule)
    return dict(chosen)


def prosperity_order(edition: Edition, tokens: dict[str, str], player_count: int) -> list[str]:
    """SETUP-05: Tigers by their token's headline value, highest first (AMB-27)."""
    key = table_key(player_count)
    return sorted(tokens, key=lambda t: -edition.prosperity_tokens[tokens[t]]["by_player_count"][key]["headline"])


def draw_setup_workers(edition: Edition, setup: dict, seed: int, label: str = "setup_workers") -> dict[str, str]:
    """SETUP-06: one worker of each type, to centre A, B and C (by prosperity rank)."""
    types = list(edition.worker_types)
    chosen = setup.get("setup_workers")
    if chosen is None:
        chosen = dict(zip(CENTERS, rng_for(seed, label).sample(types, len(types))))
    if not isinstance(chosen, dict) or sorted(chosen) != list(CENTERS) \
            or not all(isinstance(v, str) for v in chosen.values()) or sorted(chosen.values()) != sorted(types):
        raise _bad_draw("setup_workers", msg("setup_workers must map A, B, C to the worker types {types}, one each",
                                             types=', '.join(types)), "SETUP-06")
    return dict(chosen)


def draw_turn_order(player_count: int, setup: dict, seed: int) -> list[str]:
    """SETUP-11: blind-drawn discs give the first turn order."""
    seats = [str(i) for i in range(player_count)]
    recorded = setup.get("turn_order")
    if recorded is None:
        recorded = rng_for(seed, "turn_order").sample(seats, player_count)
    if not isinstance(recorded, list) or not all(isinstance(s, (int, str)) and not isinstance(s, bool) for s in recorded):
        raise _bad_draw("turn_order", msg("turn_order must be a list of seat numbers"), "SETUP-11")
    chosen = [str(s) for s in recorded]
    if sorted(chosen) != seats:
        raise _bad_draw("turn_order", msg("turn_order must list every seat 0..{player_count} once",
                                          player_count=player_count - 1), "SETUP-11")
    return chosen


def draw_workers(edition: Edition, recorded: dict | None, seed: int, label: str, stated: bool,
                 where: str | None = None) -> tuple[list[str] | None, list[str] | None]:
    """PSETUP-03/04: the two set-aside workers and the 10-worker team sequence (`label` names the draw, `where`
    the recorded field)."""
    types = list(edition.worker_types)
    per_type = edition.setup["player"]["workers_per_type"]
    slots = edition.setup["player"]["team_area_slots"]
    recorded, where = recorded or {}, where or label
    if not isinstance(recorded, dict):
        raise _bad_draw(where, msg("a seat's recorded workers are an object with set_aside and team"), "PSETUP-03")
    if not recorded and stated:
        return None, None
    if not recorded:
        rng = rng_for(seed, label)
        bag = [t for t in types for _ in range(per_type)]
        while True:  # AMB-01: a same-type pair goes back and a new pair is drawn
            rng.shuffle(bag)
            if bag[0] != bag[1]:
                break
        set_aside, team = sorted(bag[:2]), bag[2:]
        return team, set_aside
    set_aside = recorded.get("set_aside")
    team = recorded.get("team")
    if set_aside is not None:
        if not isinstance(set_aside, list) or len(set_aside) != 2 or not all(isinstance(t, str) for t in set_aside) \
                or set_aside[0] == set_aside[1] or any(t not in types for t in set_aside):
            raise _bad_draw(f"{where}/set_aside", msg("the two set-aside workers must be of two different types among "
                                                      "{types}", types=', '.join(types)), "PSETUP-03")
    if team is None:
        if not stated:
            raise _bad_draw(f"{where}/team", msg("the team-area sequence is missing; record it or choose worker_entry "
                                                 "'stated'"), "PSETUP-04")
        return None, sorted(set_aside) if set_aside else None
    if not isinstance(team, list) or len(team) != slots or not all(isinstance(t, str) for t in team) \
            or any(t not in types for t in team):
        raise _bad_draw(f"{where}/team", msg("the team area holds exactly {slots} workers of types {types}",
                                             slots=slots, types=', '.join(types)), "PSETUP-04")
    counts = {t: team.count(t) for t in types}
    has = ", ".join(f"{counts[t]} {t}" for t in types)
    expected_out = sorted(t for t in types if counts[t] == per_type - 1)
    if sorted(counts.values()) != sorted([per_type] + [per_type - 1] * (len(types) - 1)) and len(types) == 3:
        raise _bad_draw(f"{where}/team", msg("this sequence does not fit the bag: 12 workers, 4 of each type, minus 2 "
                                             "of different types set aside leaves 4/3/3; the sequence has {has}",
                                             has=has), "PSETUP-03", "sequence_does_not_fit_bag")
    if set_aside is not None and sorted(set_aside) != expected_out:
        raise _bad_draw(f"{where}/team", msg("with {set_aside} set aside the team would hold 3 of each of those; the "
                                             "sequence has {has}", set_aside=and_list(sorted(set_aside)), has=has),
                        "PSETUP-03", "sequence_does_not_fit_bag")
    return list(team), expected_out


def draw_starting_goods(edition: Edition, setup: dict, seed: int, turn_order: list[str]) -> dict[str, str]:
    """PSETUP-06: one good each from Electronics, Machinery, Finance, Chemicals, dealt in turn order."""
    pool = list(edition.setup["player"]["starting_good_pool"])
    recorded = setup.get("starting_goods")
    if recorded is None:
        recorded = dict(zip(turn_order, rng_for(seed, "starting_goods").sample(pool, len(turn_order))))
    if not isinstance(recorded, dict) or not all(isinstance(v, str) for v in recorded.values()):
        raise _bad_draw("starting_goods", msg("starting_goods must map each seat to a good"), "PSETUP-06")
    chosen = {str(k): v for k, v in recorded.items()}
    if sorted(chosen) != sorted(turn_order) or any(g not in pool for g in chosen.values()) \
            or len(set(chosen.values())) != len(chosen):
        raise _bad_draw("starting_goods", msg("starting_goods must give each seat a different good from {pool}",
                                              pool=joined(list(map(good_named, pool)), ", ")), "PSETUP-06")
    return chosen


# -- the new game --------------------------------------------------------------
def _new_player(edition: Edition, seat: int, spec: dict, team, set_aside) -> PlayerState:
    start = edition.setup
    tigers = list(edition.tigers)
    return PlayerState(
        id=str(seat), name=spec["name"], color=spec["color"],
        funds={t: start["funds_per_tiger"] for t in tigers},  # SETUP-13
        influence={t: start["influence_start"] for t in tigers},  # SETUP-14
        energy=start["player"]["energy"], science=start["player"]["science"],  # PSETUP-05
        goods={g: 0 for g in edition.goods}, team=team, set_aside=set_aside,
        placed={t: 0 for t in edition.worker_types}, workers_placed=0,
        sectors={s.id: {"generic": s.generic_slots, "factory": s.factory_good is not None}
                 for s in edition.sectors.values()},  # PSETUP-01
        satellites=["factory", "power_plant", "laboratory", "any"], headquarters_available=True,
        rows={}, special_flags=[],
    )


def set_up_table(options: dict, edition: Edition, seed: int = 0) -> GameState:
    """The table before its first turn (SETUP-*, PSETUP-*, NEUTRAL-*); `flow.open_game` starts the play."""
    resolved = resolve_options(options, edition)
    setup = resolved["setup"]
    player_count = len(resolved["players"])
    seed = int(seed)
    # SETUP-02: one prosperity token per Tiger, the fifth leaves the game
    tokens, region_tokens = list(edition.prosperity_tokens), list(edition.region_bonus_tokens)
    prosperity = _token_per_tiger(edition, setup, seed, "prosperity_tokens", tokens, "SETUP-02")
    # SETUP-04: one region bonus token per Tiger, two left beside the board
    region = _token_per_tiger(edition, setup, seed, "region_tokens", region_tokens, "SETUP-04")
    leftover = [t for t in region_tokens if t not in region.values()]
    solo = "solo" in resolved  # solo (issue 7): the human first, the Automa second (SOLO-SETUP-01)
    turn_order = ["0", "1"] if solo else draw_turn_order(player_count, setup, seed)
    stated = resolved["worker_entry"] == "stated"
    recorded_workers = setup.get("workers") or {}
    if not isinstance(recorded_workers, dict):
        raise _bad_draw("workers", msg("setup.workers maps each seat (\"0\"..) to its set_aside and team"), "PSETUP-04")
    players = []
    for seat, spec in enumerate(resolved["players"]):
        # solo (issue 7): the Automa's sequence is always known (drawn or recorded), it cannot "state" a type
        team, set_aside = draw_workers(edition, recorded_workers.get(str(seat)), seed, f"workers/era1/{seat}",
                                       stated and not (solo and seat == 1), f"workers/{seat}")
        players.append(_new_player(edition, seat, spec, team, set_aside))
    goods_supply = {g: edition.document["components"]["goods_per_type"] for g in edition.goods}
    dealt_to = ["0"] if solo else turn_order  # SOLO-SETUP-06: the Automa gets no good
    for seat, good in draw_starting_goods(edition, setup, seed, dealt_to).items():
        players[int(seat)].goods[good] += 1
        goods_supply[good] -= 1
    removed_dots = edition.rules["flags"]["removed_dots_by_player_count"][table_key(player_count)]
    state = GameState(
        player_count=player_count, options=resolved, seed=seed, players=players, neutral=None, era=1,
        phase="turns", turn_order=turn_order, turn_index=0, prosperity_tokens=prosperity, region_tokens=region,
        leftover_region_tokens=leftover,
        centers={f"{t}.{c}": None for t in edition.tigers for c in CENTERS},
        center_workers={f"{t}.{c}": [] for t in edition.tigers for c in CENTERS},
        trade_centers={tc: None for tc, spec in edition.trade_centers.items() if spec["worker_type_restricted"]},
        pieces=[], occupancy={}, satellites={}, headquarters={},
        local_markets={m: None for t in edition.tigers.values() for m in t.local_markets},
        flag_stacks={code: [f.id for f in n.flags if f.dots not in removed_dots]  # SETUP-07/08
                     for code, n in edition.nations.items()},
        special_flags_available=list(edition.special_flag_stars),
        performance_tokens=list(edition.dollar_tokens) + list(edition.yen_tokens),  # SETUP-09
        supply_goods=goods_supply, supply_parts_factories=edition.document["components"]["parts_factories"],
        global_market={}, decisions=[], frames=[], pending_bonuses=[], turn=None,
    )
    state.edition = edition
    for position, participant in enumerate(turn_order):  # SETUP-12
        start = edition.board["global_market_track"]["start_space_by_turn_position"][position]
        state.global_market.setdefault(str(start), []).append(participant)
    place_setup_workers(state, draw_setup_workers(edition, setup, seed))
    if player_count == 3:
        _place_neutral(state, resolved["advanced_neutral"])
    return state


def place_setup_workers(state: GameState, workers: dict[str, str]) -> None:
    """SETUP-06 / ERA2-05: the three board workers fix centre A, B, C of the top three Tigers."""
    order = prosperity_order(state.edition, state.prosperity_tokens, state.player_count)
    for rank_index, center in enumerate(CENTERS):
        key = f"{order[rank_index]}.{center}"
        state.centers[key] = workers[center]
        state.center_workers[key].append("setup")


def _place_neutral(state: GameState, advanced: bool) -> None:
    """NEUTRAL-01..03: blockers on every 4-dot space, influence 5 (advanced: 6 and parts factories)."""
    edition = state.edition
    used = {p.color for p in state.players}
    neutral_dots = edition.neutral["blocker_space_dots"]
    state.neutral = {
        "color": next(c for c in edition.player_colors if c not in used),
        "influence": {t: edition.neutral["influence_start_advanced" if advanced else "influence_start"]
                      for t in edition.tigers},
        "advanced": advanced,
    }
    for tiger in edition.tigers.values():
        for space in tiger.spaces.values():
            if space.infinite or space.min_players != neutral_dots:
                continue
            with_parts = advanced and space.kind == "factory"
            state.occupancy[space.id] = len(state.pieces)
            state.pieces.append(Piece(NEUTRAL, space.id, tiger.id, space.kind, with_parts))
            if with_parts:
                state.supply_parts_factories -= 1
