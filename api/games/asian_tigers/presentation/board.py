"""The board as it lies on the table (issue 12): Tigers, global market, player boards.

`board_model(state)` mirrors the physical components so a phone can draw
them: per Tiger its three investment centres, every construction space (with
column, kind, good, owner name and colour), satellite row, headquarters,
local markets, and each participant's funds and influence there; the global
market track with its stacks, the flag stacks' top flags, the trade centres
and the special flags; and each player's board.

Per-move data stays small: edition-only names (of spaces, centres, markets,
satellite spaces, sectors, rows, bonuses, flags, performance tokens) are not
repeated here — join on the code with ``GET /api/games/{id}/labels`` (the
`document` families of the same names).  What depends on the game (owners,
workers, tokens for this player count) carries its words here.
"""
from __future__ import annotations

import operator

from api.games.asian_tigers.edition.load import CENTERS
from api.games.asian_tigers.presentation import labels as L
from api.games.asian_tigers.presentation.cache import per_edition
from api.games.sections import Facts, PartFacts, Section, SectionMemo, Shared, memoised, parted, shared_values
from api.games.asian_tigers.state import NEUTRAL, GameState


def participant(state: GameState, pid: str | None) -> dict | None:
    """``{id, name, color}`` of a seat, the neutral player, or a setup worker's "setup"."""
    if pid is None:
        return None
    if pid == NEUTRAL:
        return {"id": pid, "name": "Neutral player", "color": (state.neutral or {}).get("color")}
    if pid == "setup":
        return {"id": pid, "name": "Setup worker", "color": None}
    player = state.player(pid)
    return {"id": pid, "name": player.name, "color": player.color}


class _People:
    """`participant` for one board: each seat's name and colour looked up once (a board names ~100 of them).

    Also the pieces on each ∞ space, in board order, gathered in one pass (`_stacked`).
    """

    def __init__(self, state: GameState, stacked: dict[str, list] | None = None):
        self.state = state
        self.known = {p.id: (p.name, p.color) for p in state.players}
        # else gathered already (by `board_sections`, for the keys), in the same way
        self.stacked = _stacked(state) if stacked is None else stacked

    def __call__(self, pid: str | None) -> dict | None:
        found = self.known.get(pid)
        if found is None:
            return participant(self.state, pid)
        return {"id": pid, "name": found[0], "color": found[1]}


def _stacked(state: GameState) -> dict[str, list]:
    """The pieces on each ∞ space (the only spaces that take several), in board order."""
    infinite, stacked = _infinite_spaces(state.edition), {}
    for piece in state.pieces:
        if piece.space in infinite:
            stacked.setdefault(piece.space, []).append(piece)
    return stacked


@per_edition
def _infinite_spaces(edition) -> frozenset:
    return frozenset(s.id for tiger in edition.tigers.values() for s in tiger.spaces.values() if s.infinite)


def _participants(state: GameState) -> list[str]:
    return [p.id for p in state.players] + ([NEUTRAL] if state.neutral else [])


def _tiger(state: GameState, tid: str, who: _People) -> dict:
    return _joined_tiger(state, tid, [render(state, tid, who) for render in _TIGER_PARTS])


def _joined_tiger(state: GameState, tid: str, parts: list) -> dict:
    """A Tiger from its rendered parts (`_TIGER_PARTS`, in order; the head's fields go where they belong)."""
    centers, spaces, satellites, markets, standing, head = parts
    return {
        "id": head["id"], "name": head["name"], "centers": centers, "spaces": spaces, "satellites": satellites,
        "headquarters": head["headquarters"], "local_markets": markets, "participants": standing,
        "prosperity_token": head["prosperity_token"], "region_token": head["region_token"],
    }


def _head(state: GameState, tid: str, who: _People) -> dict:
    """A Tiger's own fields besides its parts: name, headquarters, tokens."""
    edition = state.edition
    tiger = edition.tigers[tid]
    prosperity, region = state.prosperity_tokens.get(tid), state.region_tokens.get(tid)
    owner = state.headquarters.get(tid)
    return {
        "id": tid, "name": tiger.name,
        "headquarters": {"id": tiger.headquarters_slot, "owner": who(owner) if owner else None},
        "prosperity_token": {"id": prosperity, "label": L.prosperity_label(edition, prosperity, state.player_count)}
        if prosperity else None,
        "region_token": {"id": region, "label": L.region_token_label(edition, region)} if region else None,
    }


def _centers(state: GameState, tid: str, who: _People) -> list:
    edition = state.edition
    centers = []
    for letter in CENTERS:
        key = f"{tid}.{letter}"
        worker = state.centers[key]
        centers.append({"id": key, "letter": letter,
                        "cost_funds": edition.rules["investment_centers"][letter]["cost_funds"],
                        "worker_type": worker, "worker_label": L.worker_label(edition, worker) if worker else None,
                        "workers": [who(p) for p in state.center_workers[key]]})
    return centers


def _spaces(state: GameState, tid: str, who: _People) -> list:
    spaces = []
    occupancy, pieces = state.occupancy, state.pieces
    for space, head, empty in _space_heads(state.edition, tid, state.player_count):
        built = [pieces[occupancy[space.id]]] if space.id in occupancy else (
            who.stacked.get(space.id, []) if space.infinite else [])
        spaces.append({**head, "owners": [{**who(p.owner), "parts_factory": p.parts_factory} for p in built]}
                      if built else empty)
    return spaces


@per_edition
def _space_heads(edition, tid: str, player_count: int) -> tuple:
    """(space, its fields but the owners, the space with no owner) for each space of a Tiger.

    An empty space reads the same in every game with this many players: one shared object (never
    mutate it), which a patch against an earlier render skips at once (`api.web.patch` compares by
    identity first).
    """
    out = []
    for space in edition.tigers[tid].spaces.values():
        head = {"id": space.id, "kind": space.kind, "row": space.row, "column": space.column,
                "infinite": space.infinite, "good": space.good, "open": space.min_players <= player_count,
                "science_cost": space.science_cost}
        out.append((space, head, {**head, "owners": []}))
    return tuple(out)


def _spaces_inputs(pieces: list, occupancy: dict, spaces: tuple, stacks) -> list:
    """What `_spaces` reads of a Tiger's spaces, flat: per space 0 (empty) or 2, the piece's owner and
    parts factory; then per ∞ space the number of pieces on it and each one's owner and parts factory."""
    out: list = []
    add = out.append
    for index in map(occupancy.get, spaces):
        if index is None:
            add(0)
        else:
            piece = pieces[index]
            out += (2, piece.owner, piece.parts_factory)
    for stack in stacks:
        if stack:
            add(len(stack))
            for piece in stack:
                out += (piece.owner, piece.parts_factory)
        else:
            add(0)
    return out


def _satellites(state: GameState, tid: str, who: _People) -> list:
    return [{"id": sid, "row": sat.row,
             "owner": who((state.satellites.get(sid) or {}).get("owner")),
             "satellite": (state.satellites.get(sid) or {}).get("satellite")}
            for sid, sat in state.edition.tigers[tid].satellite_spaces.items()]


def _markets(state: GameState, tid: str, who: _People) -> list:
    markets = []
    for mid, market in state.edition.tigers[tid].local_markets.items():
        held = state.local_markets.get(mid)
        markets.append({"id": mid, "column": market.column,
                        "wants": market.good, "influence": market.influence,
                        "sold": {"good": held["good"], "seller": who(held["seller"])} if held else None})
    return markets


def _standing(state: GameState, tid: str, who: _People) -> list:
    standing = []
    for pid in _participants(state):
        if pid == NEUTRAL:
            standing.append({**who(pid), "funds": None, "influence": state.neutral["influence"][tid]})
        else:
            player = state.player(pid)
            standing.append({**who(pid), "funds": player.funds[tid], "influence": player.influence[tid]})
    return standing


# The parts of a Tiger rendered (and memoised) apart: a move changes one or two of them (a placement
# the centres and the funds, a build the spaces and the influence).
_TIGER_PARTS = (_centers, _spaces, _satellites, _markets, _standing, _head)
# Where each part's value sits in the Tiger (the head's fields are merged in).
_TIGER_PLACES = ("centers", "spaces", "satellites", "local_markets", "participants", None)


def _global_market(state: GameState, who: _People) -> dict:
    edition = state.edition
    track = [{"position": int(pos), "stack": [who(p) for p in stack]}
             for pos, stack in sorted(state.global_market.items(), key=lambda kv: int(kv[0]))]
    nations = []
    for code, nation in edition.nations.items():
        stack = state.flag_stacks[code]
        top = next((f for f in nation.flags if stack and f.id == stack[0]), None)
        nations.append({"id": code, "name": nation.name, "trade_center": nation.trade_center,
                        "demand": list(nation.demand_goods) if nation.demand_goods else
                        f"{nation.demand_any_different} different goods",
                        "flags_left": len(stack),
                        "top_flag": {"id": top.id, "label": L.flag_label(edition, top.id), "value": top.value,
                                     "stars": top.stars} if top else None})
    centers = [{"id": tc, "kind": spec["kind"],
                "worker_type": state.trade_centers.get(tc),
                "worker_label": L.worker_label(edition, state.trade_centers[tc]) if state.trade_centers.get(tc) else None}
               for tc, spec in edition.trade_centers.items()]
    return {"track": track, "nations": nations, "trade_centers": centers,
            "special_flags": [{"tiger": t, "flag": f"special:{t}", "stars": edition.special_flag_stars[t]}
                              for t in state.special_flags_available],
            "performance_tokens": list(state.performance_tokens),
            "leftover_region_tokens": [{"id": t, "label": L.region_token_label(edition, t)}
                                       for t in state.leftover_region_tokens]}


def _player_board(state: GameState, player, who: _People) -> dict:
    edition = state.edition
    # A seat's sectors and rows read alike from move to move: one shared object each (never mutate one),
    # which a patch against an earlier render skips at once (`api.web.patch` compares by identity).  The
    # seat is in the key so that no two places of one view are the same object (a copy of the view
    # that keeps shared objects shared, as `copy.deepcopy` does, would see a change at both).
    seat = player.id
    sectors = [_sector(edition, seat, sid, type(content["generic"]), content["generic"], bool(content["factory"]),
                       bool(content.get("bonus_unlocked"))) for sid, content in player.sectors.items()]
    flags = player.rows
    rows = [_row(edition, seat, rid, flags.get(rid)) for rid in edition.rows]
    return {**who(player.id), "sectors": sectors, "rows": rows,
            "special_flags": [f"special:{t}" for t in player.special_flags],
            "satellites_left": list(player.satellites), "headquarters_left": player.headquarters_available,
            "energy": player.energy, "science": player.science,
            "goods": {g: n for g, n in player.goods.items() if n}}


@per_edition
def _sector(edition, seat: str, sid: str, kind: type, generic_left, factory_left: bool, bonus_unlocked: bool) -> dict:
    """A player-board sector as shown (`kind`, the type of `generic_left`, keeps ``1`` and ``true`` apart)."""
    data = edition.sectors.get(sid)
    return {"id": sid, "generic_left": generic_left, "factory": data.factory_good if data else None,
            "factory_left": factory_left, "bonus": data.bonus if data else None, "bonus_unlocked": bonus_unlocked}


@per_edition
def _row(edition, seat: str, rid: str, flag) -> dict:
    """A final-scoring row as shown, with the flag in it (None: empty)."""
    row = edition.rows[rid]
    return {"id": rid, "sector": row.sector, "accepts": row.accepts if row.accepts == "any" else list(row.accepts),
            "nation_bonus": row.nation_bonus, "flag": flag}


def board_model(state: GameState) -> dict:
    """The whole table as it lies: ``{tigers, global_market, player_boards}``."""
    who = _People(state)
    return {"tigers": [_tiger(state, t, who) for t in state.edition.tigers],
            "global_market": _global_market(state, who),
            "player_boards": [_player_board(state, p, who) for p in state.players]}


# -- the board model in sections (see `sections`): one per Tiger, the market, one per player board --
@per_edition
def _tiger_places(edition, tid: str) -> tuple:
    """(centre keys, space ids, ∞ space ids, satellite space ids, market ids) of one Tiger."""
    tiger = edition.tigers[tid]
    return (tuple(f"{tid}.{c}" for c in CENTERS), tuple(tiger.spaces),
            tuple(s.id for s in tiger.spaces.values() if s.infinite), tuple(tiger.satellite_spaces),
            tuple(tiger.local_markets))


# The state's fields the view reads whole, each a `Shared` input of its sections (the board in codes,
# the Tigers' parts, the market): compared and encoded once per view.
SHARED_FIELDS = ("centers", "center_workers", "trade_centers", "occupancy", "satellites", "headquarters",
                 "local_markets", "prosperity_tokens", "region_tokens", "leftover_region_tokens", "flag_stacks",
                 "special_flags_available", "performance_tokens", "supply_goods", "supply_parts_factories",
                 "global_market", "neutral")


def shared_inputs(state: GameState) -> dict[str, Shared]:
    """The state's containers as `Shared` inputs, by field name, with ``people`` (the names every part shows),
    ``pieces`` and ``players`` (compared item by item, never encoded)."""
    out = dict(zip(SHARED_FIELDS, shared_values(_SHARED_VALUES(state))))
    players = state.players
    people = [state.player_count, state.neutral.get("color") if state.neutral else False]
    for p in players:  # flat: compared in one pass (the very same strings in every state of a game)
        people += (p.id, p.name, p.color)
    out["people"], = shared_values((people,))
    out["pieces"], out["players"] = shared_values((state.pieces, players), False)
    return out


_SHARED_VALUES = operator.attrgetter(*SHARED_FIELDS)


class _Board:
    """What every part of one view's board model shares: the state, its people (each looked up once)
    and the pieces on each ∞ space (gathered once)."""

    __slots__ = ("state", "_who", "_stacked")

    def __init__(self, state: GameState):
        self.state, self._who, self._stacked = state, None, None

    def who(self) -> _People:
        """`participant` for this board."""
        if self._who is None:
            self._who = _People(self.state, self.stacked())
        return self._who

    def stacked(self) -> dict[str, list]:
        """The pieces on each ∞ space, in board order."""
        if self._stacked is None:
            self._stacked = _stacked(self.state)
        return self._stacked


# A Tiger's parts: (place in the Tiger, what the part reads of the state, how it renders), each given
# (state, Tiger, `_Board`).  What a part reads is made of the state's own strings and small numbers,
# so a part a move left alone is found identical without encoding.
def _centers_read(state: GameState, tid: str, board: _Board) -> tuple:
    keys, centers, workers = _tiger_places(state.edition, tid)[0], state.centers, state.center_workers
    out = [centers[k] for k in keys]  # then per centre: how many workers, and whose
    for key in keys:
        there = workers[key]
        out.append(len(there))
        out += there
    return out


def _spaces_read(state: GameState, tid: str, board: _Board) -> tuple:
    _, spaces, infinite, _, _ = _tiger_places(state.edition, tid)
    return _spaces_inputs(state.pieces, state.occupancy, spaces, map(board.stacked().get, infinite))


def _satellites_read(state: GameState, tid: str, board: _Board) -> list:
    out, held = [], state.satellites
    for sid in _tiger_places(state.edition, tid)[3]:
        found = held.get(sid) or _NOTHING
        out += (found.get("owner"), found.get("satellite"))
    return out


def _markets_read(state: GameState, tid: str, board: _Board) -> list:
    out, held = [], state.local_markets
    for mid in _tiger_places(state.edition, tid)[4]:
        found = held.get(mid)
        out += (2, found["good"], found["seller"]) if found else (0,)
    return out


def _standing_read(state: GameState, tid: str, board: _Board) -> list:
    out = [state.neutral["influence"][tid] if state.neutral else None]
    for p in state.players:
        out += (p.funds[tid], p.influence[tid])
    return out


_NOTHING: dict = {}  # never mutated


def _head_read(state: GameState, tid: str, board: _Board) -> tuple:
    return state.headquarters.get(tid), state.prosperity_tokens.get(tid), state.region_tokens.get(tid)


def _shown_centers(state: GameState, tid: str, board: _Board) -> list:
    return _centers(state, tid, board.who())


def _shown_spaces(state: GameState, tid: str, board: _Board) -> list:
    return _spaces(state, tid, board.who())


def _shown_satellites(state: GameState, tid: str, board: _Board) -> list:
    return _satellites(state, tid, board.who())


def _shown_markets(state: GameState, tid: str, board: _Board) -> list:
    return _markets(state, tid, board.who())


def _shown_standing(state: GameState, tid: str, board: _Board) -> list:
    return _standing(state, tid, board.who())


def _shown_head(state: GameState, tid: str, board: _Board) -> dict:
    return _head(state, tid, board.who())


_TIGER_SPEC = tuple(zip(_TIGER_PLACES, (_centers_read, _spaces_read, _satellites_read, _markets_read, _standing_read,
                                        _head_read),
                        (_shown_centers, _shown_spaces, _shown_satellites, _shown_markets, _shown_standing,
                         _shown_head)))
# The state's containers each part reads (with the people named), as names of `shared_inputs`.
_TIGER_FACTS = (("centers", "center_workers"), ("pieces", "occupancy"), ("satellites",), ("local_markets",),
                ("players", "neutral"), ("headquarters", "prosperity_tokens", "region_tokens"))


def _built_tiger(values: list, state: GameState, tid: str, board: _Board) -> dict:
    return _joined_tiger(state, tid, values)


def board_sections(state: GameState, memo: SectionMemo | None, shared: dict[str, Shared] | None = None,
                   path: tuple = ("board_model",)) -> list[Section]:
    """`board_model(state)` as memoised sections; each key holds everything its part reads.

    The keys name the participants (names and colours appear in every part) and the player count
    (open spaces, token values); the edition is in the memo key.  `shared`: the state's
    `shared_inputs`, when the caller has them already.
    """
    edition = state.edition
    shared = shared_inputs(state) if shared is None else shared
    board = _Board(state)
    people = shared["people"]
    facts = PartFacts(_TIGER_FACTS, shared)
    out: list[Section] = [parted((*path, "tigers", index), f"tiger:{tid}", edition.content_hash, people, facts,
                                 _TIGER_SPEC, (state, tid, board), _built_tiger, memo)
                          for index, tid in enumerate(edition.tigers)]
    out.append(memoised((*path, "global_market"), "global_market", edition.content_hash,
                        Facts([people] + [shared[name] for name in _MARKET_FACTS]),
                        lambda: _global_market(state, board.who()), memo))
    for index, p in enumerate(state.players):
        inputs = (p.id, p.name, p.color, p.sectors, p.rows, p.special_flags, p.satellites, p.headquarters_available,
                  p.energy, p.science, p.goods)
        out.append(memoised((*path, "player_boards", index), "player_board", edition.content_hash, inputs,
                            lambda p=p: _player_board(state, p, board.who()), memo))
    return out


_MARKET_FACTS = ("global_market", "flag_stacks", "trade_centers", "special_flags_available", "performance_tokens",
                 "leftover_region_tokens")
