"""Ordering participants: rankings on a Tiger, turn order, special-flag offers, final standings.

Every ordering is strict: the tie-breakers always separate two participants.  Each function returns a `Ranking`: the
order, the participants left out (0 points, AMB-20), and one `TieBreak` per pair of equal neighbours naming the step
and the rule that separated them.  Pure Python."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping, Sequence

from api.games.messages import Message, english_ordinal as ordinal, msg, said  # noqa: F401 (ordinal: its old home)

CHAIN = "chain"
TURN_ORDER = "turn_order"
TIEBREAK_OPTIONS = (CHAIN, TURN_ORDER)
COLUMNS = ("A", "B", "C")
HEADQUARTERS, TURN = "headquarters", "turn_order"
COLUMN_STEP = "investment_points_column_"
# The rulebook's order (TIE-01..03); an edition may reorder it (`edition.checks_engine` checks the steps).
DEFAULT_TIE_ORDER = (HEADQUARTERS, COLUMN_STEP + "A", COLUMN_STEP + "B", COLUMN_STEP + "C", TURN)


def tie_rules(edition) -> dict:
    """The tie-break settings an edition gives `rank_tiger` and `special_flag_offer_order`."""
    return {"order": tuple(edition.rules["tie_breakers"]["order"]),
            "neutral_wins_ties": bool(edition.neutral["wins_ties"])}


@dataclass(frozen=True)
class Contender:
    """One participant competing on one Tiger.

    `value` is what is ranked (investment points or influence); `columns` are the participant's investment points in
    columns A, B and C on that Tiger (used by TIE-02 even when influence is ranked); `neutral` marks the 3-player
    neutral."""

    id: str
    value: int
    columns: tuple[int, int, int] = (0, 0, 0)
    neutral: bool = False


@dataclass(frozen=True)
class TieBreak:
    """How two neighbours with the same value were separated.

    `decided_by` is one of ``neutral``, ``headquarters``, ``column_A``, ``column_B``, ``column_C``, ``turn_order``,
    ``stack``, ``human_wins_ties``, ``tie_is_loss``; `rule` is the catalogue ID applied; `message` says how (`detail`:
    in English)."""

    ahead: str
    behind: str
    value: int
    decided_by: str
    rule: str
    message: Message

    @property
    def detail(self) -> str:
        """The tie-break as an English sentence."""
        return str(self.message)

    def to_dict(self, messages: bool = False) -> dict:
        """JSON-ready form (with `messages`, ``detail_message`` beside ``detail``)."""
        out = {k: v for k, v in asdict(self).items() if k != "message"}
        return {**out, **(said("detail", self.message) if messages else {"detail": self.detail})}


@dataclass(frozen=True)
class Ranking:
    """A strict order of participants, best first, with the tie-breaks used."""

    order: tuple[str, ...]
    values: Mapping[str, int]
    unranked: tuple[str, ...] = ()
    tie_breaks: tuple[TieBreak, ...] = field(default_factory=tuple)

    def rank_of(self, participant: str) -> int | None:
        """1-based rank of `participant`, or None when it is not ranked."""
        return self.order.index(participant) + 1 if participant in self.order else None

    def to_dict(self) -> dict:
        """JSON-ready form: ``ranking``, ``unranked``, ``tie_breaks``."""
        return {"ranking": list(self.order), "unranked": list(self.unranked),
                "tie_breaks": [t.to_dict() for t in self.tie_breaks]}


def _turn_index(turn_order: Sequence[str], participant: str) -> int:
    try:
        return list(turn_order).index(participant)
    except ValueError:
        raise ValueError("not in the turn order", participant, list(turn_order)) from None


WHAT = {"investment points": msg("investment points"), "influence": msg("influence"), "prosperity": msg("prosperity")}


def _same(a: str, b: str, value: int, what: Message | str) -> Message:
    return msg("{ahead} = {behind} at {value} {what}", ahead=a, behind=b, value=value, what=what)


def _earlier(pid: str, neutral_behind: bool) -> Message:  # TIE-03/05 (the neutral counts after every player)
    return (msg("{id} is earlier in the turn order; the neutral counts after every player", id=pid) if neutral_behind
            else msg("{id} is earlier in the turn order", id=pid))


def rank_tiger(contenders: Iterable[Contender], *, turn_order: Sequence[str], headquarters: str | None = None,
               tiebreak: str = CHAIN, what: str = "investment points", order: Sequence[str] = DEFAULT_TIE_ORDER,
               neutral_wins_ties: bool = True) -> Ranking:
    """Rank the contenders on one Tiger (MGMT1-03, MGMT2-03, MGMT2-04).

    Contenders with a value of 0 are not ranked (AMB-20).  Ties: the neutral when `neutral_wins_ties` (TIE-06), then
    with ``tiebreak="chain"`` the steps of `order` (headquarters TIE-01, columns A, B, C TIE-02, `turn_order` TIE-03;
    the edition's ``rules.tie_breakers.order``), or only the turn order under ``"turn_order"`` (TIE-08).  The neutral
    need not be in `turn_order` (it counts after every player); everyone else must be."""
    if tiebreak not in TIEBREAK_OPTIONS:
        raise ValueError("unknown tie-break option", tiebreak, TIEBREAK_OPTIONS)
    pool = list(contenders)
    if sum(c.neutral for c in pool) > 1:
        raise ValueError("at most one neutral can take part in a ranking")
    chain = tiebreak == CHAIN
    steps = tuple(order) if chain else (TURN,)

    def level(c: Contender, step: str):
        if step == HEADQUARTERS:
            return c.id != headquarters
        if step.startswith(COLUMN_STEP):
            return -c.columns[COLUMNS.index(step[len(COLUMN_STEP):])]
        return len(turn_order) if c.neutral else _turn_index(turn_order, c.id)

    def key(c: Contender) -> tuple:
        return (-c.value, (not c.neutral) if neutral_wins_ties else False, *(level(c, s) for s in steps))

    ranked = sorted((c for c in pool if c.value > 0), key=key)
    breaks = [_explain_tiger_tie(a, b, headquarters, steps if chain else None, what, neutral_wins_ties)
              for a, b in zip(ranked, ranked[1:]) if a.value == b.value]
    return Ranking(order=tuple(c.id for c in ranked), values=MappingProxyType({c.id: c.value for c in pool}),
                   unranked=tuple(c.id for c in pool if c.value <= 0), tie_breaks=tuple(breaks))


def _explain_tiger_tie(a: Contender, b: Contender, hq: str | None, steps: tuple[str, ...] | None, what: str,
                       neutral_wins_ties: bool = True) -> TieBreak:
    """The step of the chain that put `a` before `b`, in words (the passed steps are named first)."""
    same = _same(a.id, b.id, a.value, WHAT.get(what, what))
    if a.neutral and neutral_wins_ties:
        return TieBreak(a.id, b.id, a.value, "neutral", "TIE-06", msg("{same}: the neutral wins its ties", same=same))
    if steps is None:
        return TieBreak(a.id, b.id, a.value, "turn_order", "TIE-08", msg(
            "{same}: option turn_order, {id} is earlier in the turn order", same=same, id=a.id))
    no_hq, equal = None, []

    def told(reason: Message, *notes) -> Message:  # the steps passed first ("no headquarters, columns equal; …")
        notes = [n for n in notes if n]
        notes = [msg("{first}, {second}", first=notes[0], second=notes[1])] if len(notes) == 2 else notes
        return msg("{same}: {notes}; {reason}", same=same, notes=notes[0], reason=reason) if notes else msg(
            "{same}: {reason}", same=same, reason=reason)

    def columns() -> Message | None:
        return equal and (msg("columns equal") if len(equal) == len(COLUMNS) else msg("columns {columns} equal",
                                                                                      columns="/".join(equal)))
    for step in steps:
        if step == HEADQUARTERS:
            if a.id == hq:
                return TieBreak(a.id, b.id, a.value, "headquarters", "TIE-01",
                                told(msg("{id} has the headquarters here", id=a.id), columns()))
            no_hq = msg("no headquarters")
        elif step.startswith(COLUMN_STEP):
            col = step[len(COLUMN_STEP):]
            x, y = a.columns[COLUMNS.index(col)], b.columns[COLUMNS.index(col)]
            if x != y:
                decided = msg("column {column} {x} > {y}", column=col, x=x, y=y)
                if equal:
                    decided = msg("columns {columns} equal, {decided}", columns="/".join(equal), decided=decided)
                return TieBreak(a.id, b.id, a.value, f"column_{col}", "TIE-02", told(decided, no_hq))
            equal.append(col)
        else:
            return TieBreak(a.id, b.id, a.value, "turn_order", "TIE-03", told(_earlier(a.id, b.neutral), no_hq,
                                                                              columns()))
    raise ValueError("the tie-break order did not separate them", list(steps), a.id, b.id)


def award_by_rank(ranking: Ranking, table: Sequence[int]) -> dict[str, int]:
    """Points for each ranked participant: rank i scores ``table[i-1]`` (0 past the table's end).

    Unranked participants get no entry at all (AMB-20: they gain nothing there).
    """
    return {pid: (table[i] if i < len(table) else 0) for i, pid in enumerate(ranking.order)}


def special_flag_offer_order(influence: Mapping[str, int], *, turn_order: Sequence[str],
                             neutral: str | None = None, neutral_wins_ties: bool = True) -> Ranking:
    """Order in which a Tiger's special flag is offered (MGMT1-04, MGMT1-06).

    Highest influence first, 0 included (AMB-23); ties by turn order only, the HQ and column chain is not used
    (TIE-05), except that the neutral wins its ties (TIE-06) when `neutral_wins_ties` (the edition's
    ``neutral_player.wins_ties``); otherwise it counts after every player."""
    def key(pid: str) -> tuple:
        is_neutral = pid == neutral
        first = (not is_neutral) if neutral_wins_ties else False
        return (-influence[pid], first, len(turn_order) if is_neutral else _turn_index(turn_order, pid))

    order = sorted(influence, key=key)
    breaks = []
    for a, b in zip(order, order[1:]):
        if influence[a] == influence[b]:
            same = _same(a, b, influence[a], WHAT["influence"])
            if a == neutral and neutral_wins_ties:
                breaks.append(TieBreak(a, b, influence[a], "neutral", "TIE-06",
                                       msg("{same}: the neutral wins its ties", same=same)))
            else:
                breaks.append(TieBreak(a, b, influence[a], "turn_order", "TIE-05",
                                       msg("{same}: {reason}", same=same, reason=_earlier(a, b == neutral))))
    return Ranking(order=tuple(order), values=MappingProxyType(dict(influence)), tie_breaks=tuple(breaks))


def global_market_order(markers: Mapping[str, tuple[int, int]]) -> Ranking:
    """Turn order from global-market markers ``{id: (position, stack height)}`` (TIE-04).

    Further along goes first; on a shared space the marker lower in the stack (height 0 = bottom = arrived first) goes
    first.  Two markers may not share a height."""
    seen: dict[tuple[int, int], str] = {}
    for pid, spot in markers.items():
        if spot in seen:
            raise ValueError("two markers sit at one height on one space", seen[spot], pid, spot)
        seen[spot] = pid
    order = sorted(markers, key=lambda pid: (-markers[pid][0], markers[pid][1]))
    breaks = [TieBreak(a, b, markers[a][0], "stack", "TIE-04", msg(
        "{ahead} and {behind} share space {space}: {ahead} is lower in the stack (arrived first)", ahead=a, behind=b,
        space=markers[a][0])) for a, b in zip(order, order[1:]) if markers[a][0] == markers[b][0]]
    return Ranking(order=tuple(order), values=MappingProxyType({p: m[0] for p, m in markers.items()}),
                   tie_breaks=tuple(breaks))


def rank_totals(totals: Mapping[str, int], *, turn_order: Sequence[str], solo_human: str | None = None,
                human_wins_ties: bool = True) -> Ranking:
    """Final standings by total, best first (SCORE-END-01).

    Equal totals go to the participant earlier in the final turn order (TIE-07).  In solo (`solo_human` given) an equal
    score goes to the human when `human_wins_ties` (TIE-09, SOLO-SCORE-02), otherwise to the Automa (scenario and
    campaign, AMB-46)."""
    def key(pid: str) -> tuple:
        if solo_human is not None:
            return (-totals[pid], (pid != solo_human) if human_wins_ties else (pid == solo_human))
        return (-totals[pid], _turn_index(turn_order, pid))

    order = sorted(totals, key=key)
    breaks = []
    for a, b in zip(order, order[1:]):
        if totals[a] != totals[b]:
            continue
        same = _same(a, b, totals[a], WHAT["prosperity"])
        if solo_human is None:
            breaks.append(TieBreak(a, b, totals[a], "turn_order", "TIE-07",
                                   msg("{same}: {id} is earlier in the final turn order", same=same, id=a)))
        elif human_wins_ties:
            breaks.append(TieBreak(a, b, totals[a], "human_wins_ties", "TIE-09",
                                   msg("{same}: in solo an equal score is a win for the human", same=same)))
        else:
            breaks.append(TieBreak(a, b, totals[a], "tie_is_loss", "SCENARIO-03", msg(
                "{same}: in a scenario or campaign the human must out-score the Automa (AMB-46)", same=same)))
    return Ranking(order=tuple(order), values=MappingProxyType(dict(totals)), tie_breaks=tuple(breaks))
