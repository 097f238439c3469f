"""Investment points and the final-scoring facts, computed from the board (IP-01..05).

IP are never stored (IP-04): every management step and the final scoring ask
this module, which derives them from the built pieces, satellites and
headquarters.
"""
from __future__ import annotations

from api.games.asian_tigers.scoring.model import ColumnIP, TigerFacts
from api.games.asian_tigers.state import GameState

SCORING_KINDS = ("university", "factory", "power_plant", "laboratory", "satellite", "headquarters")


def satellite_rows(state: GameState, owner: str, tiger: str) -> set[str]:
    """Rows of `tiger` where `owner` has a satellite (whatever satellite sits there)."""
    spaces = state.edition.tigers[tiger].satellite_spaces
    return {spaces[s].row for s, held in state.satellites.items() if held["owner"] == owner and s in spaces}


def column_ip(state: GameState, owner: str, tiger: str) -> ColumnIP:
    """IP-01..04 / AMB-08 / AMB-19: points by column; satellites, HQ and ∞ pieces in none."""
    edition = state.edition
    boosted_rows = satellite_rows(state, owner, tiger)
    by_column = {"A": 0, "B": 0, "C": 0, "none": 0}
    for piece in state.pieces:
        if piece.owner != owner or piece.tiger != tiger:
            continue
        space = edition.space(piece.space)
        value = 1 + (1 if piece.parts_factory else 0)
        if not space.infinite and space.row in boosted_rows:
            value += edition.rules["satellite"]["row_modifier_investment_points"]
        by_column[space.column if not space.infinite and space.column else "none"] += value
    by_column["none"] += satellites_on(state, owner, tiger)
    if state.headquarters.get(tiger) == owner:
        by_column["none"] += 1
    return ColumnIP(**by_column)


def satellites_on(state: GameState, owner: str, tiger: str) -> int:
    """Satellites `owner` has on `tiger` (each worth 1 IP itself)."""
    return sum(1 for s, held in state.satellites.items() if held["owner"] == owner and s.startswith(f"{tiger}."))


def tiger_facts(state: GameState, owner: str, tiger: str) -> TigerFacts:
    """The facts the six final-scoring requirements read (SCORE-FSB-02..07)."""
    pieces = [p for p in state.pieces if p.owner == owner and p.tiger == tiger]
    satellites = satellites_on(state, owner, tiger)
    kinds = {"university" if p.kind == "department" else p.kind for p in pieces}
    if satellites:
        kinds.add("satellite")
    if state.headquarters.get(tiger) == owner:
        kinds.add("headquarters")
    return TigerFacts(
        ip=column_ip(state, owner, tiger),
        distinct_infrastructure_types=len(kinds & set(SCORING_KINDS)),
        satellites=satellites,
        parts_factories=sum(1 for p in pieces if p.parts_factory),
        power_plants=sum(1 for p in pieces if p.kind == "power_plant"),
        laboratories=sum(1 for p in pieces if p.kind == "laboratory"),
    )
