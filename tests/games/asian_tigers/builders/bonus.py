"""Positions for the bonus tests (IBONUS, NBONUS, PERF, REGION, CASCADE).

`at_bonus(*sources)` plays a real first turn for seat 0 (centre SG.C, a laboratory
on SG.L3 taken from sector S7, its last piece) so the game stands at the turn's
bonus question, then replaces the queue by the bonuses of `sources` (``"sector:S5"``,
``"row:B1"``).  Seat 0 then has: funds SK 6 / HK 6 / TW 6 / SG 5, energy 4, science 4,
one Finance, influence 0 everywhere, a laboratory on SG.L3.

Region tokens (recorded setup): SK RB1 influence 3, HK RB2 influence 3, TW RB3 good 1,
SG RB4 good 1; leftover RB5 science 2, RB6 energy 2.  Upper area SK, TW; lower HK, SG.

`built(data, owner, space)` / `satellite(...)` put pieces on the board in a saved state,
`resolve(state, bonus, **choices)` applies a ``resolve_bonus`` and `totals` / `bounds`
give the conservation counts the property test compares.
"""
from __future__ import annotations

from typing import Callable

from api.games.asian_tigers import apply, legal_actions
from api.games.asian_tigers.engine import Step
from api.games.asian_tigers.state import GameState
from tests.games.asian_tigers.builders import edition, game, invest, modified

TIGERS = ("SK", "HK", "TW", "SG")


def bonus_of(source: str) -> dict:
    """The (type, bonus) of a source: ``sector:S5`` → headquarters, ``row:B1`` → remove_generic."""
    kind, where = source.split(":")
    if kind == "sector":
        return {"type": "infrastructure", "bonus": edition().sectors[where].bonus}
    return {"type": "nation", "bonus": edition().rows[where].nation_bonus}


def queue(data: dict, seat: str, *sources: str) -> list[int]:
    """Append a pending bonus per source to a saved state; returns their ids."""
    ids = []
    for source in sources:
        ids.append(data["next_bonus_id"])
        data["pending_bonuses"].append({"id": data["next_bonus_id"], "seat": seat, "source": source,
                                        **bonus_of(source)})
        data["next_bonus_id"] += 1
    return ids


def at_bonus(*sources: str, count: int = 2, change: Callable[[dict], None] | None = None,
             state: GameState | None = None) -> GameState:
    """Seat 0 at its bonus question with exactly the bonuses of `sources` waiting (see the module doc)."""
    state = state or game(count)
    state = modified(state, lambda d: d["players"][0]["sectors"]["S7"].update(generic=1))
    state, _ = invest(state, "SG.C", "SG.L3", "S7")
    assert state.decisions[-1]["kind"] == "choose_bonus"

    def replace(data):
        data["pending_bonuses"] = []
        queue(data, "0", *sources)
        if change:
            change(data)
    return modified(state, replace)


def built(data: dict, owner: str, space: str, parts_factory: bool = False) -> None:
    """Put `owner`'s piece on `space` of a saved state, taking it off the player board (factory or a generic)."""
    spec = edition().space(space)
    if owner.isdigit():
        sectors = data["players"][int(owner)]["sectors"]
        if spec.kind == "factory":
            sector = next(s.id for s in edition().sectors.values() if s.factory_good == spec.good)
            assert sectors[sector]["factory"], f"{owner} already built the {spec.good} factory"
            sectors[sector]["factory"] = False
        else:
            sector = next(s for s in ("S12", "S11", "S10", "S9", "S8") if sectors[s]["generic"] > 0)
            sectors[sector]["generic"] -= 1
    data["occupancy"][space] = len(data["pieces"])
    data["pieces"].append({"owner": owner, "space": space, "tiger": spec.tiger, "kind": spec.kind,
                           "parts_factory": parts_factory})
    if parts_factory:
        data["supply_parts_factories"] -= 1


def satellite(data: dict, owner: str, space: str, kind: str) -> None:
    """Put `owner`'s `kind` satellite (factory, power_plant, laboratory, any) on satellite `space`."""
    data["players"][int(owner)]["satellites"].remove(kind)
    data["satellites"][space] = {"owner": owner, "satellite": kind}


def give(data: dict, seat: str, **goods: int) -> None:
    """Move goods from the supply to a player in a saved state (conservation kept)."""
    for good, amount in goods.items():
        data["supply_goods"][good] -= amount
        data["players"][int(seat)]["goods"][good] += amount


def pending_id(state: GameState, bonus: str) -> int:
    """Id of the (only) waiting bonus named `bonus`."""
    found = [b["id"] for b in state.pending_bonuses if b["bonus"] == bonus]
    assert len(found) == 1, state.pending_bonuses
    return found[0]


def resolve(state: GameState, bonus: str | int, **choices) -> Step:
    """Apply ``resolve_bonus`` for the waiting bonus `bonus` (name or id) with `choices`."""
    bonus_id = bonus if isinstance(bonus, int) else pending_id(state, bonus)
    return apply(state, {"kind": "resolve_bonus", "bonus": bonus_id, **choices})


def options_of(state: GameState, bonus: str | int) -> list[dict]:
    """The ``resolve_bonus`` options of one waiting bonus, without kind, bonus and decision."""
    bonus_id = bonus if isinstance(bonus, int) else pending_id(state, bonus)
    return [{k: v for k, v in a.items() if k not in ("kind", "bonus", "decision")}
            for a in legal_actions(state) if a["kind"] == "resolve_bonus" and a["bonus"] == bonus_id]


# -- conservation ---------------------------------------------------------------------
def totals(state: GameState) -> dict:
    """Counts that no action may change (goods, parts factories, flags, workers, pieces, satellites)."""
    goods = {g: state.supply_goods[g] + sum(p.goods[g] for p in state.players)
             + sum(1 for m in state.local_markets.values() if m and m["good"] == g) for g in state.edition.goods}
    flags = {n: len(stack) + sum(1 for p in state.players for f in p.rows.values()
                                 if not f.startswith("special:") and f.rsplit("-", 1)[0] == n)
             for n, stack in state.flag_stacks.items()}
    per_player = {}
    for p in state.players:
        mine = [x for x in state.pieces if x.owner == p.id]
        per_player[p.id] = {
            "generics": sum(s["generic"] + s.get("removed", 0) for s in p.sectors.values())
            + sum(1 for x in mine if x.kind != "factory"),
            "factories": sum(1 for s in p.sectors.values() if s["factory"])
            + sum(1 for x in mine if x.kind == "factory"),
            "workers": p.workers_placed + (len(p.team) if p.team is not None else 0),
            "satellites": len(p.satellites) + sum(1 for v in state.satellites.values() if v["owner"] == p.id),
            "headquarters": int(p.headquarters_available) + sum(1 for o in state.headquarters.values() if o == p.id),
        }
    parts = state.supply_parts_factories + sum(x.parts_factory for x in state.pieces)
    return {"goods": goods, "parts_factories": parts, "flags": flags, "players": per_player,
            "performance_tokens": len(state.performance_tokens)}


def bounds(state: GameState) -> list[str]:
    """Every resource that left its range (empty when all is well): nothing negative, funds within 0..10."""
    cap = state.edition.rules["investment_funds"]["max"]
    problems = [f"supply {g} {n}" for g, n in state.supply_goods.items() if n < 0]
    if state.supply_parts_factories < 0:
        problems.append("parts factory supply")
    for p in state.players:
        problems += [f"{p.id} funds {t} {n}" for t, n in p.funds.items() if not 0 <= n <= cap]
        problems += [f"{p.id} goods {g} {n}" for g, n in p.goods.items() if n < 0]
        problems += [f"{p.id} {r}" for r in ("energy", "science") if getattr(p, r) < 0]
        problems += [f"{p.id} sector {s}" for s, v in p.sectors.items() if v["generic"] < 0]
    return problems
