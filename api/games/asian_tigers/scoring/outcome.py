"""The result of end-of-game scoring: `Outcome` and its parts, each with a JSON-ready `to_dict`.

`scoring.score.score_end_position` returns an `Outcome`.  `Outcome.to_dict()` is a superset of the worked examples'
``expected`` layout (tests/data/examples/README.md), plus the scorepad per participant, tie-break keys, standings,
explanation lines and the placeholder edition values used."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Mapping

from api.games.asian_tigers.scoring.model import RulesOptions
from api.games.messages import Message, said
from api.games.asian_tigers.scoring.ranking import Ranking


@dataclass(frozen=True)
class Line:
    """One plain-language line explaining one number.

    `placeholder_values` are the JSON pointers of placeholder edition values the number depends on; `placeholder` is
    true when there is at least one."""

    participant: str | None
    category: str
    key: str | None
    value: int | None
    text: str
    placeholder_values: tuple[str, ...] = ()
    message: Message | None = None  # `text` as a message, to say it in another language

    @property
    def placeholder(self) -> bool:
        """True when the number rests on an invented edition value."""
        return bool(self.placeholder_values)

    def to_dict(self, messages: bool = False) -> dict:
        """JSON-ready form (with `messages`, ``text_message`` beside ``text``)."""
        text = said("text", self.message) if messages and self.message else {"text": self.text}
        return {"participant": self.participant, "category": self.category, "key": self.key, "value": self.value,
                **text, "placeholder": self.placeholder, "placeholder_values": list(self.placeholder_values)}


@dataclass(frozen=True)
class GlobalMarketMove:
    """MGMT2-02 for one participant: leftovers → spaces, with stack heights before and after."""

    participant: str
    before: int
    stack_before: int
    leftover_resources: int
    advance: int
    after: int
    stack_after: int

    def to_dict(self) -> dict:
        """JSON-ready form (the participant is the key it is filed under)."""
        return {k: v for k, v in asdict(self).items() if k != "participant"}


@dataclass(frozen=True)
class TigerStep:
    """One Tiger's ranking and what each ranked participant got from it.

    For the influence step (MGMT2-03) `awards` is the influence gained and `after` the influence of everyone
    afterwards; for prosperity (MGMT2-04) `awards` is the prosperity scored and `token` the prosperity token."""

    tiger: str
    ranking: Ranking
    awards: Mapping[str, int]
    after: Mapping[str, int] | None = None
    token: str | None = None


@dataclass(frozen=True)
class SectorScore:
    """One final-scoring sector: Tigers meeting the requirement × stars (SCORE-FSB-01).

    For the Automa `tigers` is None and `multiplier` is the difficulty (SOLO-SCORE-01).
    """

    sector: str
    stars: int
    multiplier: int
    points: int
    tigers: tuple[str, ...] | None = None

    def to_dict(self) -> dict:
        """JSON-ready form."""
        if self.tigers is None:
            return {"stars": self.stars, "difficulty": self.multiplier, "points": self.points}
        return {"tigers": len(self.tigers), "qualifying_tigers": list(self.tigers), "stars": self.stars,
                "points": self.points}


@dataclass(frozen=True)
class NationsScore:
    """SCORE-NAT-01: (distinct nations + special flags) × milestones reached."""

    nations: tuple[str, ...]
    special_flags: int
    global_market: int
    milestones: int

    @property
    def distinct_flags(self) -> int:
        """Distinct nations plus one per special flag (AMB-30)."""
        return len(self.nations) + self.special_flags

    @property
    def points(self) -> int:
        """The nations score."""
        return self.distinct_flags * self.milestones

    def to_dict(self) -> dict:
        """JSON-ready form."""
        return {"distinct_flags": self.distinct_flags, "nations": list(self.nations),
                "special_flags": self.special_flags, "global_market": self.global_market,
                "milestones": self.milestones, "points": self.points}


@dataclass(frozen=True)
class ParticipantScore:
    """One participant's scorepad column.

    `by_tiger[T]` / `by_tiger_era1[T]` = (influence, rank or None, points); `sectors` and `nations` are None for the
    neutral, whose score is never recorded (NEUTRAL-07)."""

    id: str
    kind: str
    prosperity_from_influence: int
    by_tiger: Mapping[str, tuple[int, int | None, int]]
    prosperity_from_influence_era1: int | None
    by_tiger_era1: Mapping[str, tuple[int, int | None, int]] | None
    sectors: tuple[SectorScore, ...] | None
    nations: NationsScore | None
    total: int
    recorded: bool
    rank: int | None

    @property
    def final_scoring_bonuses(self) -> int:
        """Sum of the sector scores."""
        return sum(s.points for s in self.sectors or ())

    def to_dict(self) -> dict:
        """JSON-ready form (the scorepad column)."""
        def tigers(data):
            return {t: {"influence": i, "rank": r, "points": p} for t, (i, r, p) in data.items()}
        out = {"kind": self.kind, "prosperity_from_influence": self.prosperity_from_influence,
               "prosperity_by_tiger": tigers(self.by_tiger)}
        if self.prosperity_from_influence_era1 is not None:
            out["prosperity_from_influence_era1"] = self.prosperity_from_influence_era1
            out["prosperity_by_tiger_era1"] = tigers(self.by_tiger_era1 or {})
        out["final_scoring_bonuses"] = None if self.sectors is None else {
            **{s.sector: s.to_dict() for s in self.sectors}, "total": self.final_scoring_bonuses}
        out["nations"] = self.nations.to_dict() if self.nations else None
        out.update(total=self.total, recorded=self.recorded, rank=self.rank)
        return out


@dataclass(frozen=True)
class SoloResult:
    """The solo verdict: who won, under which tie rule, and the human's rank title (SOLO-RANK-01)."""

    human: str
    automa: str
    difficulty: int
    variant: str
    human_total: int
    automa_total: int
    human_wins: bool
    rank_title: str
    goal_met: bool | None = None
    high_score: int | None = None

    def to_dict(self) -> dict:
        """JSON-ready form."""
        out = {k: v for k, v in asdict(self).items() if k not in ("goal_met", "high_score")}
        if self.variant in ("scenario", "campaign"):
            out["goal_met"] = self.goal_met
            out["session_won"] = None if self.goal_met is None else (self.goal_met and self.human_wins)
        if self.variant == "high_score":
            out["high_score"] = self.high_score
        return out


@dataclass(frozen=True)
class Outcome:
    """The full result of the Era II management phase and final scoring."""

    options: RulesOptions
    player_count: int
    table_player_count: str
    global_market: tuple[GlobalMarketMove, ...]
    turn_order: Ranking  # the final turn order, set by the Era II Global Market step (TIE-04)
    influence_step: tuple[TigerStep, ...]
    prosperity: tuple[TigerStep, ...]
    prosperity_era1: tuple[TigerStep, ...] | None
    participants: tuple[ParticipantScore, ...]
    standings: Ranking
    winner: str | None
    solo: SoloResult | None
    lines: tuple[Line, ...]
    placeholder_values: tuple[str, ...]

    def to_dict(self, messages: bool = False) -> dict:
        """JSON-ready form, a superset of the worked examples' ``expected``; `messages`: with each message too."""
        def step(s: TigerStep, kind: str) -> dict:
            out = {"ranking": list(s.ranking.order), "unranked": list(s.ranking.unranked)}
            if kind == "influence":
                out.update(gain=dict(s.awards), influence_after=dict(s.after or {}))
            else:
                out.update(token=s.token, points=dict(s.awards))
            out["tie_breaks"] = [t.to_dict(messages) for t in s.ranking.tie_breaks]
            return out

        out = {
            "rules_options": self.options.to_dict(), "player_count": self.player_count,
            "table_player_count": self.table_player_count,
            "global_market": {m.participant: m.to_dict() for m in self.global_market},
            "final_turn_order": list(self.turn_order.order),
            "final_turn_order_tie_breaks": [t.to_dict(messages) for t in self.turn_order.tie_breaks],
            "influence_step": {s.tiger: step(s, "influence") for s in self.influence_step},
            "prosperity_from_influence": {s.tiger: step(s, "prosperity") for s in self.prosperity},
        }
        if self.prosperity_era1 is not None:
            out["prosperity_from_influence_era1"] = {s.tiger: step(s, "prosperity") for s in self.prosperity_era1}
        out["participants"] = {p.id: p.to_dict() for p in self.participants}
        out["standings"] = [{"participant": pid, "rank": i + 1, "total": self.standings.values[pid],
                             "final_turn_order_position": self.turn_order.rank_of(pid)}
                            for i, pid in enumerate(self.standings.order)]
        out["standings_tie_breaks"] = [t.to_dict(messages) for t in self.standings.tie_breaks]
        out.update(winner=self.winner, solo=self.solo.to_dict() if self.solo else None,
                   lines=[line.to_dict(messages) for line in self.lines], provisional=bool(self.placeholder_values),
                   placeholder_values=list(self.placeholder_values))
        return out
