"""The Asian Tigers edition: every printed number, loaded from a data file.

The rulebook does not print the board's numbers, so they live in an edition
file (`api/data/asian-tigers.placeholder.json` by default).  `load_edition`
validates the file (every rule of the reference validator `check.py`, see
`edition.checks`) and builds frozen dataclasses the engine reads.  Each value
keeps its provenance (rulebook / placeholder / interpretation) so any number
the engine uses can be reported as a placeholder.
"""
from __future__ import annotations

import copy
import functools
import json
import pathlib
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from api.games.asian_tigers.edition.checks import validate_edition_document
from api.games.asian_tigers.edition.checks_market import META_KEYS
from api.games.messages import msg
from api.games.provenance import EditionError, ProvenanceMap, content_hash, pointer

DEFAULT_EDITION_PATH = pathlib.Path(__file__).resolve().parents[3] / "data" / "asian-tigers.placeholder.json"
CENTERS = ("A", "B", "C")


def _freeze(value: Any) -> Any:
    """Read-only deep copy: dicts become mapping proxies, lists tuples."""
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


@dataclass(frozen=True)
class Space:
    """One construction space on a Tiger (ordinary or ∞)."""

    id: str
    tiger: str
    kind: str  # university, department, factory, power_plant, laboratory
    row: str
    column: str | None
    position: int
    min_players: int
    infinite: bool = False
    good: str | None = None
    connects: tuple[str, ...] = ()
    science_cost: int | None = None
    bonus: Mapping | None = None
    additional_actions: tuple[str, ...] = ()
    path: str = ""


@dataclass(frozen=True)
class SatelliteSpace:
    """The satellite space of one row on one Tiger (AMB-07)."""

    id: str
    tiger: str
    row: str
    path: str = ""


@dataclass(frozen=True)
class LocalMarket:
    """A local market: the good it wants and the influence it pays (LMKT-01)."""

    id: str
    tiger: str
    column: str
    good: str
    influence: int
    path: str = ""


@dataclass(frozen=True)
class Tiger:
    """One of the four regions with its spaces and markets."""

    id: str
    name: str
    spaces: Mapping[str, Space]
    satellite_spaces: Mapping[str, SatelliteSpace]
    headquarters_slot: str
    local_markets: Mapping[str, LocalMarket]

    def market_in_column(self, column: str) -> LocalMarket:
        """The local market of `column`."""
        return next(m for m in self.local_markets.values() if m.column == column)


@dataclass(frozen=True)
class Flag:
    """A nation flag: GM value, stars and its dot mark."""

    id: str
    nation: str
    value: int
    stars: int
    dots: int | None


@dataclass(frozen=True)
class Nation:
    """A nation at a trade centre with its demand and flag stack (top first)."""

    code: str
    name: str
    trade_center: str
    demand_goods: tuple[str, ...] | None
    demand_any_different: int | None
    flags: tuple[Flag, ...]


@dataclass(frozen=True)
class FinalScoringRow:
    """One row of a final-scoring sector: which flags it accepts and its nation bonus."""

    id: str
    sector: str
    accepts: tuple[str, ...] | str  # nation codes, or "any"
    nation_bonus: str

    def accepts_nation(self, nation: str) -> bool:
        """True when a flag of `nation` may go in this row."""
        return self.accepts == "any" or nation in self.accepts


@dataclass(frozen=True)
class InfrastructureSector:
    """A player-board sector: its slots (generic or a factory good) and bonus id."""

    id: str
    generic_slots: int
    factory_good: str | None
    bonus: str


@dataclass(frozen=True)
class Edition:
    """A validated edition file as read-only data plus provenance."""

    document: Mapping
    provenance: ProvenanceMap
    content_hash: str
    goods: tuple[str, ...]
    worker_types: tuple[str, ...]
    player_colors: tuple[str, ...]
    tigers: Mapping[str, Tiger]
    nations: Mapping[str, Nation]
    special_flag_stars: Mapping[str, int]
    trade_centers: Mapping
    rows: Mapping[str, FinalScoringRow]
    sectors: Mapping[str, InfrastructureSector]
    prosperity_tokens: Mapping
    region_bonus_tokens: Mapping[str, str]
    dollar_tokens: Mapping
    yen_tokens: Mapping[str, str]
    catalog: Mapping
    rules: Mapping
    board: Mapping
    setup: Mapping
    rules_options: Mapping
    neutral: Mapping
    solo: Mapping = field(default_factory=lambda: MappingProxyType({}))
    names: Mapping = field(default_factory=lambda: MappingProxyType({}))  # {lang: {family: {id: name}}}

    # -- lookups ---------------------------------------------------------
    def space(self, space_id: str) -> Space:
        """The construction space `space_id` (e.g. ``SK.F2``)."""
        return self.tigers[space_id.split(".")[0]].spaces[space_id]

    def is_placeholder(self, path: str) -> bool:
        """True when the value at JSON pointer `path` is an invented placeholder."""
        return self.provenance.is_placeholder(path)

    def placeholders(self, *paths: str) -> list[str]:
        """Those of `paths` (JSON pointers of values just used) that are placeholders."""
        return [p for p in paths if self.is_placeholder(p)]

    def raw(self) -> dict:
        """A mutable deep copy of the source document (for export)."""
        return json.loads(json.dumps(_thaw(self.document)))

    def upper_area(self) -> tuple[str, ...]:
        """Tigers of the board's upper area (DATA-15)."""
        return tuple(self.board["areas"]["upper"])

    def lower_area(self) -> tuple[str, ...]:
        """Tigers of the board's lower area (DATA-15)."""
        return tuple(self.board["areas"]["lower"])


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def _build_tiger(tiger_id: str, data: dict) -> Tiger:
    base = f"/tigers/{tiger_id}"
    spaces: dict[str, Space] = {}
    for group, infinite in (("spaces", False), ("infinite_spaces", True)):
        for space_id, s in data[group].items():
            spaces[space_id] = Space(
                id=space_id, tiger=tiger_id, kind=s["kind"], row=s["row"], column=s.get("column"),
                position=s.get("position", 99), min_players=s["min_players"], infinite=infinite,
                good=s.get("good"), connects=tuple(s.get("connects", ())), science_cost=s.get("science_cost"),
                bonus=_freeze(s["bonus"]) if "bonus" in s else None,
                additional_actions=tuple(s.get("additional_actions", ())),
                path=f"{base}/{group}/{space_id}",
            )
    satellites = {
        sid: SatelliteSpace(sid, tiger_id, s["row"], f"{base}/satellite_spaces/{sid}")
        for sid, s in data["satellite_spaces"].items()
    }
    markets = {
        mid: LocalMarket(mid, tiger_id, m["column"], m["good"], m["influence"], f"{base}/local_markets/{mid}")
        for mid, m in data["local_markets"].items()
    }
    return Tiger(
        id=tiger_id, name=data["name"], spaces=MappingProxyType(spaces),
        satellite_spaces=MappingProxyType(satellites),
        headquarters_slot=next(iter(data["headquarters_slots"])), local_markets=MappingProxyType(markets),
    )


def build_edition(document: dict, provenance: ProvenanceMap) -> Edition:
    """Build the dataclasses from an already validated document."""
    gm = document["global_market"]
    nations = {}
    for code, n in gm["nations"].items():
        demand = n["demand"]
        nations[code] = Nation(
            code=code, name=n["name"], trade_center=n["trade_center"],
            demand_goods=tuple(demand["goods"]) if "goods" in demand else None,
            demand_any_different=demand.get("any_different"),
            flags=tuple(Flag(f["id"], code, f["value"], f["stars"], f["dots"]) for f in n["flags"]),
        )
    rows = {}
    for sector_id, sector in document["player_board"]["final_scoring_sectors"].items():
        for row in sector["rows"]:
            accepts = row["accepts"] if row["accepts"] == "any" else tuple(row["accepts"])
            rows[row["id"]] = FinalScoringRow(row["id"], sector_id, accepts, row["nation_bonus"])
    sectors = {}
    for sector_id, sector in document["player_board"]["infrastructure_sectors"].items():
        factory_goods = [s["factory"] for s in sector["slots"] if isinstance(s, dict)]
        sectors[sector_id] = InfrastructureSector(
            id=sector_id, generic_slots=sum(1 for s in sector["slots"] if s == "generic"),
            factory_good=factory_goods[0] if factory_goods else None, bonus=sector["bonus"],
        )
    return Edition(
        document=_freeze(document), provenance=provenance,
        content_hash=content_hash(document),
        goods=tuple(document["goods"]), worker_types=tuple(document["worker_types"]),
        player_colors=tuple(document["player_colors"]),
        tigers=MappingProxyType({t: _build_tiger(t, document["tigers"][t]) for t in document["tigers"]}),
        nations=MappingProxyType(nations),
        special_flag_stars=MappingProxyType({t: f["stars"] for t, f in gm["special_flags"].items()}),
        trade_centers=_freeze(gm["trade_centers"]),
        rows=MappingProxyType(rows), sectors=MappingProxyType(sectors),
        prosperity_tokens=_freeze(document["prosperity_tokens"]),
        region_bonus_tokens=MappingProxyType({k: v["effect"] for k, v in document["region_bonus_tokens"].items()}),
        dollar_tokens=_freeze(document["performance_tokens"]["dollar"]["tokens"]),
        yen_tokens=MappingProxyType({k: v["effect"] for k, v in document["performance_tokens"]["yen"]["tokens"].items()}),
        catalog=_freeze(document["catalog"]), rules=_freeze(document["rules"]), board=_freeze(document["board"]),
        setup=_freeze(document["setup"]), rules_options=_freeze(document["rules_options"]),
        neutral=_freeze(document["neutral_player"]), solo=_freeze(document.get("solo", {})),
        names=_freeze(document.get("names", {})),
    )


# `/names` (component names per language, docs/editions.md): family -> where the edition keeps its ids.
NAME_FAMILIES = {"tigers": ("tigers",), "nations": ("global_market", "nations"), "goods": ("goods",), "buildings": ()}
BUILDINGS = ("university", "department", "factory", "power_plant", "laboratory")


def check_names(document: dict) -> None:
    """Raise `EditionError` at the first bad value of the optional ``/names``: ``{lang: {family: {id: name}}}``."""
    for lang, families in _object(document.get("names", {}), "/names").items():
        where = f"/names/{lang}"
        if not re.fullmatch(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})?", lang):
            raise EditionError(where, msg("not a language code (e.g. 'de', 'pt-BR')"))
        for family, entries in _object(families, where).items():
            if family not in NAME_FAMILIES:
                raise EditionError(f"{where}/{family}", msg("unknown family; expected one of {name_families}",
                                                            name_families=', '.join(NAME_FAMILIES)))
            known = functools.reduce(lambda d, k: d[k], NAME_FAMILIES[family], document) if NAME_FAMILIES[family] else BUILDINGS
            for code, name in _object(entries, f"{where}/{family}").items():
                if code not in known:
                    raise EditionError(f"{where}/{family}/{code}", msg("no such id here; expected one of {known}",
                                                                       known=', '.join(known)))
                if not isinstance(name, str) or not name.strip():
                    raise EditionError(f"{where}/{family}/{code}", msg("a name must be a non-empty string"))


def _object(value: Any, path: str) -> dict:
    if not isinstance(value, dict):
        raise EditionError(path, msg("must be a JSON object"))
    return value


_DEFAULT: Edition | None = None


def load_edition(source: str | pathlib.Path | dict | None = None) -> Edition:
    """Load and validate an edition: None (the shipped placeholder), a path, or a parsed document.

    Raises `EditionError` whose `.path` is the JSON pointer of the first bad value.
    """
    global _DEFAULT
    if source is None and _DEFAULT is not None:
        return _DEFAULT
    if source is None or isinstance(source, (str, pathlib.Path)):
        path = pathlib.Path(source or DEFAULT_EDITION_PATH)
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise EditionError("/", msg("cannot read edition file {path}: {strerror}", path=path,
                                        strerror=exc.strerror)) from exc
        except json.JSONDecodeError as exc:
            raise EditionError("/", msg("edition file {path} is not JSON: {msg} at line {lineno}", path=path,
                                        msg=exc.msg, lineno=exc.lineno)) from exc
    elif isinstance(source, dict):
        document = copy.deepcopy(source)
    else:
        raise EditionError("/", msg("an edition must be a JSON object"))
    if not isinstance(document, dict):
        raise EditionError("/", msg("an edition must be a JSON object"))
    provenance = validate_edition_document(document)
    check_names(document)
    edition = build_edition(document, provenance)
    if source is None:
        _DEFAULT = edition
    return edition


__all__ = ["Edition", "EditionError", "Space", "SatelliteSpace", "LocalMarket", "Tiger", "Flag", "Nation",
           "FinalScoringRow", "InfrastructureSector", "load_edition", "build_edition", "pointer", "CENTERS",
           "META_KEYS", "check_names", "NAME_FAMILIES", "BUILDINGS"]
