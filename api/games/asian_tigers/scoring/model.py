"""The input of end-of-game scoring: `EndPosition`, frozen plain data.

`EndPosition` is the position just before the Era II management phase.  The full engine derives it from its game state;
the scorer-only entry point (`scorer.score_table`) builds it from a table's JSON.  The result type lives in
`scoring.outcome`."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from types import MappingProxyType
from typing import Mapping

from api.games.asian_tigers.scoring.ranking import CHAIN
from api.games.messages import Message, msg

PLAYER, NEUTRAL, AUTOMA = "player", "neutral", "automa"
KINDS = (PLAYER, NEUTRAL, AUTOMA)
SPECIAL_PREFIX = "special:"  # a special flag moved into a row by the ¥ token (AMB-24)
OFF_BOARD = "off_board"  # the Automa's overflow flags (AMB-38, I17)
SOLO_VARIANTS = ("solo", "scenario", "campaign", "high_score")
# `TigerFacts`' counts besides the investment points (a table gives each of them, scorer_input).
FACTS = ("distinct_infrastructure_types", "satellites", "parts_factories", "power_plants", "laboratories")


def _ro(mapping: Mapping | None) -> Mapping:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class RulesOptions:
    """The three per-game rules options (SCORE-END-03); defaults come from the edition."""

    tiebreak_era2_tiger_ties: str = CHAIN
    milestone_counts_on_space: bool = True
    prosperity_from_influence_rounds: int = 1

    def to_dict(self) -> dict:
        """JSON-ready form."""
        return asdict(self)


@dataclass(frozen=True)
class ColumnIP:
    """Investment points on one Tiger by column; `none` = satellites, HQ, ∞ pieces (IP-04, AMB-10)."""

    A: int = 0
    B: int = 0
    C: int = 0
    none: int = 0

    @property
    def total(self) -> int:
        """All investment points on the Tiger (sector A compares this, AMB-09)."""
        return self.A + self.B + self.C + self.none

    @property
    def columns(self) -> tuple[int, int, int]:
        """Points in columns A, B, C: the TIE-02 keys."""
        return (self.A, self.B, self.C)


@dataclass(frozen=True)
class TigerFacts:
    """What one participant has on one Tiger, as the final-scoring requirements need it.

    `distinct_infrastructure_types` counts university (departments included), factory, power plant, laboratory,
    satellite, headquarters (SCORE-FSB-03); power plants and laboratories include ∞ spaces (SCORE-FSB-06/07)."""

    ip: ColumnIP = field(default_factory=ColumnIP)
    distinct_infrastructure_types: int = 0
    satellites: int = 0
    parts_factories: int = 0
    power_plants: int = 0
    laboratories: int = 0

    def metric(self, name: str) -> int:
        """The value of a `catalog.final_scoring_requirements` metric on this Tiger."""
        if name == "investment_points":
            return self.ip.total
        if name in FACTS:
            return getattr(self, name)
        raise ValueError("unknown final-scoring metric", name)


@dataclass(frozen=True)
class Leftovers:
    """Resources held at the end of Era II (MGMT2-02, AMB-31)."""

    goods: int = 0
    energy: int = 0
    science: int = 0
    combined: int | None = None  # only their sum, as a table counts them (MGMT2-02 counts them together)

    @property
    def total(self) -> int:
        """Goods + energy + science."""
        return self.combined if self.combined is not None else self.goods + self.energy + self.science

    def describe(self) -> Message | str:
        """The leftovers as the score sheet reads them."""
        if self.combined is not None:
            return str(self.combined)
        return msg("{goods} goods + {energy} energy + {science} science = {total}", goods=self.goods,
                   energy=self.energy, science=self.science, total=self.total)


@dataclass(frozen=True)
class ParticipantPosition:
    """One participant before the Era II management phase.

    `flags` maps a final-scoring sector (A..F for players, AF1.. and ``off_board`` for the Automa) to flag ids: nation
    flag ids of the edition or ``special:<Tiger>``. `special_flags` are the Tigers of the special flags in the
    special-flag section. The neutral has no global-market marker (`gm_position` None), no flags."""

    id: str
    kind: str
    influence: Mapping[str, int]
    tigers: Mapping[str, TigerFacts]
    gm_position: int | None = None
    gm_stack: int | None = None
    leftovers: Leftovers = field(default_factory=Leftovers)
    flags: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    special_flags: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # Freeze the mappings so a position can be shared and hashed safely.
        object.__setattr__(self, "influence", _ro(self.influence))
        object.__setattr__(self, "tigers", _ro(self.tigers))
        object.__setattr__(self, "flags", _ro({k: tuple(v) for k, v in self.flags.items()}))
        object.__setattr__(self, "special_flags", tuple(self.special_flags))


@dataclass(frozen=True)
class Era1Position:
    """The tracks right after the Era I Influence step (option prosperity_from_influence_rounds = 2).

    `influence[participant][tiger]`; `ip[participant][tiger]` (may be missing for the
    neutral); `turn_order` set by the Era I Global Market step; `headquarters` at the
    end of Era I.  Era I ties always use the chain (SCORE-INF-01).
    """

    turn_order: tuple[str, ...]
    headquarters: Mapping[str, str | None]
    influence: Mapping[str, Mapping[str, int]]
    ip: Mapping[str, Mapping[str, ColumnIP]] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        object.__setattr__(self, "turn_order", tuple(self.turn_order))
        object.__setattr__(self, "headquarters", _ro(self.headquarters))
        object.__setattr__(self, "influence", _ro({p: _ro(v) for p, v in self.influence.items()}))
        object.__setattr__(self, "ip", _ro({p: _ro(v) for p, v in self.ip.items()}))


@dataclass(frozen=True)
class SoloSettings:
    """Solo game settings: the difficulty multiplier and the variant played.

    `variant`: ``solo`` (a tie is a win, SOLO-SCORE-02), ``scenario`` / ``campaign`` (a tie is a loss and the tile goal
    must be met, AMB-46; `goal_met` if known), or ``high_score`` (beat `high_score` strictly, the Automa is not
    recorded, SOLO-SCORE-03)."""

    difficulty: int
    variant: str = "solo"
    goal_met: bool | None = None
    high_score: int | None = None


@dataclass(frozen=True)
class EndPosition:
    """Everything the Era II management phase and final scoring need.

    `player_count` is 1..4 (1 = solo, scored on the 2-player tables); `turn_order` is the order in force when the phase
    starts (everyone but the neutral); `prosperity_tokens` and `headquarters` map each Tiger id to a token id and to
    the holder's id (or None).  `participants` keeps its given order."""

    player_count: int
    turn_order: tuple[str, ...]
    prosperity_tokens: Mapping[str, str]
    headquarters: Mapping[str, str | None]
    participants: Mapping[str, ParticipantPosition]
    options: RulesOptions = field(default_factory=RulesOptions)
    solo: SoloSettings | None = None
    era1: Era1Position | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "turn_order", tuple(self.turn_order))
        object.__setattr__(self, "prosperity_tokens", _ro(self.prosperity_tokens))
        object.__setattr__(self, "headquarters", _ro(self.headquarters))
        object.__setattr__(self, "participants", _ro(self.participants))

    @property
    def table_player_count(self) -> str:
        """Key of the edition's tables: solo reads the 2-player tables."""
        return "2" if self.player_count == 1 else str(self.player_count)

    @property
    def tiger_ids(self) -> tuple[str, ...]:
        """The Tigers, in the order given."""
        return tuple(self.prosperity_tokens)

    def of_kind(self, kind: str) -> list[ParticipantPosition]:
        """Participants of one kind, in the given order."""
        return [p for p in self.participants.values() if p.kind == kind]
