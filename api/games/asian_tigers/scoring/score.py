"""The Era II management phase and final scoring of Asian Tigers (MGMT2-*, SCORE-*, SOLO-SCORE-*).

One implementation, two callers: the full engine builds an `EndPosition` from its game state, and the scorer-only
entry point (`scorer.score_table`) builds one from a table's JSON.  `score_end_position` runs the management track's
steps in order, each section below: 1 global market, 2 influence, 3 prosperity, 4 final scoring, 5 nations, then
totals, standings, winner and the solo rank title.  Every line is a message (`api.games.messages`), said at the edge.

Every printed number is read from the edition; each one that is a placeholder is named by its JSON pointer in the
explaining `Line` and in `Outcome.placeholder_values`.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from api.games.asian_tigers.edition.load import Edition
from api.games.messages import Message, msg, msg_n, ordinal, plus_sum
from api.games.asian_tigers.scoring.model import (AUTOMA, NEUTRAL, PLAYER, SPECIAL_PREFIX, ColumnIP, EndPosition,
                                                  Era1Position)
from api.games.asian_tigers.scoring.outcome import (GlobalMarketMove, Line, NationsScore, Outcome, ParticipantScore,
                                                    SectorScore, SoloResult, TigerStep)
from api.games.asian_tigers.scoring.ranking import (CHAIN, Contender, Ranking, award_by_rank, global_market_order,
                                                    rank_tiger, rank_totals, tie_rules)

LEFTOVER_POINTER = "/rules/global_market/era_2_leftover_resources_per_space"
MILESTONE_EVERY_POINTER = "/board/global_market_track/milestone_every"

_NEED = {"investment_points": lambda n: msg_n("an investment point", "at least {count} investment points", "count", count=n),
         "distinct_infrastructure_types": lambda n: msg_n("an infrastructure type", "at least {count} infrastructure types",
                                                          "count", count=n),
         "satellites": lambda n: msg_n("a satellite", "at least {count} satellites", "count", count=n),
         "parts_factories": lambda n: msg_n("a parts factory", "at least {count} parts factories", "count", count=n),
         "power_plants": lambda n: msg_n("a power plant", "at least {count} power plants", "count", count=n),
         "laboratories": lambda n: msg_n("a laboratory", "at least {count} laboratories", "count", count=n)}


class _Book:
    """Collects explanation lines and the placeholder edition values they rest on."""

    def __init__(self, edition: Edition):
        self.edition = edition
        self.lines: list[Line] = []
        self.used: set[str] = set()

    def add(self, participant, category, key, value, said: Message, pointers=(), stored: Message | None = None
            ) -> tuple[str, ...]:
        """Record one line; returns its placeholder pointers (remembered for the outcome) so totals can inherit
        them.  `stored`: the line's text when it is not `said`'s English (see `_sectors`, `_standings`)."""
        found = tuple(sorted({p for p in pointers if self.edition.is_placeholder(p)}))
        self.used.update(found)
        stored = said if stored is None else stored
        if found:
            said = msg("{line} [placeholder edition value]", line=said)
            stored = msg("{line} [placeholder edition value]", line=stored)
        self.lines.append(Line(participant, category, key, value, str(stored), found, said))
        return found


def score_end_position(position: EndPosition, edition: Edition) -> Outcome:
    """Run the Era II management phase and final scoring on `position` (MGMT2-01).

    `position` is assumed consistent (the scorer validates table input; the engine builds it from a legal state).
    Returns an `Outcome`."""
    book = _Book(edition)
    n = position.table_player_count
    moves, turn = _global_market(position, edition, book)
    final = turn.order
    influence_step, influence_after = _influence_step(position, edition, book, final)
    ph = {pid: set() for pid in position.participants}  # placeholder pointers behind each total
    prosperity = _prosperity(position, edition, book, influence_after, final, ph, era1=False)
    prosperity_era1 = None
    if position.options.prosperity_from_influence_rounds == 2 and position.era1 is not None:
        prosperity_era1 = _prosperity(position, edition, book, None, final, ph, era1=True)
    scores = []
    for p in position.participants.values():
        sectors = nations = None
        if p.kind != NEUTRAL:
            sectors, found = _sectors(position, edition, book, p)
            ph[p.id].update(found)
            nations, found = _nations(position, edition, book, p, moves)
            ph[p.id].update(found)
        by_tiger = _by_tiger(p.id, prosperity)
        by_era1 = None if prosperity_era1 is None else _by_tiger(p.id, prosperity_era1)
        pfi = sum(v[2] for v in by_tiger.values())
        pfi1 = None if by_era1 is None else sum(v[2] for v in by_era1.values())
        total = pfi + (pfi1 or 0) + sum(s.points for s in sectors or ()) + (nations.points if nations else 0)
        recorded = p.kind == PLAYER or (p.kind == AUTOMA and (position.solo is None
                                                               or position.solo.variant != "high_score"))
        scores.append(ParticipantScore(p.id, p.kind, pfi, by_tiger, pfi1, by_era1, sectors, nations, total,
                                       recorded, None))
        _total_line(book, scores[-1], ph[p.id])
    standings, winner, solo = _standings(position, edition, book, scores, final, ph)
    scores = tuple(replace(s, rank=standings.rank_of(s.id) if s.recorded else None) for s in scores)
    return Outcome(position.options, position.player_count, n, moves, turn, influence_step, prosperity,
                   prosperity_era1, scores, standings, winner, solo, tuple(book.lines), tuple(sorted(book.used)))


# ------------------------------------------------------------ 1 market ---

def _global_market(position: EndPosition, edition: Edition, book: _Book):
    """MGMT2-02 / AMB-31: moves in the starting turn order, then the final turn order (TIE-04)."""
    per_space = edition.rules["global_market"]["era_2_leftover_resources_per_space"]
    spots = {p.id: (p.gm_position, p.gm_stack) for p in position.participants.values() if p.kind != NEUTRAL}
    moves = []
    for pid in position.turn_order:
        left = position.participants[pid].leftovers
        before = spots[pid]
        advance = left.total // per_space
        if advance > 0:
            target = before[0] + advance
            heights = [s for q, (pos, s) in spots.items() if q != pid and pos == target]
            # It arrived last, so it sits on top of whatever is already there.
            spots[pid] = (target, max(heights) + 1 if heights else 0)
        moves.append(GlobalMarketMove(pid, before[0], before[1], left.total, advance, spots[pid][0], spots[pid][1]))
        said = {"id": pid, "detail": left.describe(), "per": per_space, "count": advance, "before": before[0]}
        text = (msg_n("{id}: {detail} leftover resources ÷ {per} → +{count} space, {before} → {after}", "{id}: {detail} "
                      "leftover resources ÷ {per} → +{count} spaces, {before} → {after}", "count", **said, after=spots[pid][0])
                if advance else msg("{id}: {detail} leftover resources → no move, stays on {before}", **said))
        text = msg("{line} (on top of the stack there)", line=text) if advance and spots[pid][1] else text
        book.add(pid, "global_market", None, advance, text, [LEFTOVER_POINTER])
    turn = global_market_order(spots)
    for i, pid in enumerate(turn.order):
        text = msg("{id}: {place} in the final turn order (global market {space})", id=pid, place=ordinal(i + 1),
                   space=spots[pid][0])
        for t in turn.tie_breaks:
            text = msg("{line}; {note}", line=text, note=t.message) if pid in (t.ahead, t.behind) else text
        book.add(pid, "turn_order", None, i + 1, text)
    return tuple(moves), turn


# --------------------------------------------------------- 2 influence ---

def _influence_step(position: EndPosition, edition: Edition, book: _Book, final: tuple[str, ...]):
    """MGMT2-03: rank the participants with at least 1 IP on each Tiger; award the Era II table."""
    n = position.table_player_count
    table = edition.board["management_track"]["influence_by_rank"]["era_2"][n]
    steps, after_all = [], {}
    for t in position.tiger_ids:
        contenders = [Contender(p.id, p.tigers[t].ip.total, p.tigers[t].ip.columns, p.kind == NEUTRAL)
                      for p in position.participants.values()]
        ranking = rank_tiger(contenders, turn_order=final, headquarters=position.headquarters.get(t),
                             tiebreak=position.options.tiebreak_era2_tiger_ties, what="investment points",
                             **tie_rules(edition))
        gains = award_by_rank(ranking, table)
        after = {p.id: p.influence[t] + gains.get(p.id, 0) for p in position.participants.values()}
        steps.append(TigerStep(t, ranking, gains, after))
        after_all[t] = after
        name = edition.tigers[t].name
        for p in position.participants.values():
            rank = ranking.rank_of(p.id)
            if rank is None:
                book.add(p.id, "influence", t, 0, msg("{tiger}: {id} has 0 investment points → not ranked, no "
                                                       "influence gained (AMB-20)", tiger=name, id=p.id))
                continue
            text = _ties(msg("{tiger}: {id} {place} on investment points ({value}) → +{gain} influence ({before} → "
                             "{after})", tiger=name, id=p.id, place=ordinal(rank), value=ranking.values[p.id],
                             gain=gains[p.id], before=p.influence[t], after=after[p.id]), ranking, p.id)
            book.add(p.id, "influence", t, gains[p.id], text,
                     [f"/board/management_track/influence_by_rank/era_2/{n}/{rank - 1}"] if rank <= len(table) else [])
    return tuple(steps), after_all


def _ties(text: Message, ranking: Ranking, pid: str, winner: bool = False) -> Message:
    """`text` with the tie-breaks that placed `pid` ("; tie: …" on a score line, "; …" on the winner's)."""
    for t in ranking.tie_breaks:
        if pid in (t.ahead, t.behind):
            text = (msg("{line}; {detail} ({rule})", line=text, detail=t.message, rule=t.rule) if winner
                    else msg("{line}; tie: {detail} ({rule})", line=text, detail=t.message, rule=t.rule))
    return text


# -------------------------------------------------------- 3 prosperity ---

def _prosperity(position: EndPosition, edition: Edition, book: _Book, influence_after, final, ph, *, era1: bool):
    """MGMT2-04 (and SCORE-INF-01 for Era I): rank influence > 0, score the Tiger's token."""
    n = position.table_player_count
    e1: Era1Position | None = position.era1 if era1 else None
    steps = []
    for t in position.tiger_ids:
        token = position.prosperity_tokens[t]
        ranks = edition.prosperity_tokens[token]["by_player_count"][n]["ranks"]
        if e1 is not None:  # the Era I tracks; Era I ties always use the chain
            contenders = [Contender(p.id, e1.influence[p.id][t], e1.ip.get(p.id, {}).get(t, ColumnIP()).columns,
                                    p.kind == NEUTRAL) for p in position.participants.values()]
            order, hq, tiebreak = e1.turn_order, e1.headquarters.get(t), CHAIN
        else:
            contenders = [Contender(p.id, influence_after[t][p.id], p.tigers[t].ip.columns, p.kind == NEUTRAL)
                          for p in position.participants.values()]
            order, hq, tiebreak = final, position.headquarters.get(t), position.options.tiebreak_era2_tiger_ties
        ranking = rank_tiger(contenders, turn_order=order, headquarters=hq, tiebreak=tiebreak, what="influence",
                             **tie_rules(edition))
        points = award_by_rank(ranking, ranks)
        steps.append(TigerStep(t, ranking, points, token=token))
        prefix = msg("Era I, {tiger}", tiger=edition.tigers[t].name) if era1 else edition.tigers[t].name
        category = "prosperity_from_influence_era1" if era1 else "prosperity_from_influence"
        for p in position.participants.values():
            rank = ranking.rank_of(p.id)
            unrecorded = (lambda m: msg("{line} (neutral: not recorded)", line=m)) if p.kind == NEUTRAL else (lambda m: m)
            if rank is None:
                book.add(p.id, category, t, 0, unrecorded(msg("{tiger}: {id} at 0 influence → not ranked, 0 prosperity "
                                                              "(AMB-20)", tiger=prefix, id=p.id)))
                continue
            pointers = ([f"/prosperity_tokens/{token}/by_player_count/{n}/ranks/{rank - 1}"]
                        if rank <= len(ranks) else [])
            text = _ties(unrecorded(msg("{tiger}: {id} {place} on influence ({value}), token {token} → {points} "
                                        "prosperity", tiger=prefix, id=p.id, place=ordinal(rank),
                                        value=ranking.values[p.id], token=token, points=points[p.id])), ranking, p.id)
            ph[p.id].update(book.add(p.id, category, t, points[p.id], text, pointers))
    return tuple(steps)


def _by_tiger(pid: str, steps: tuple[TigerStep, ...]):
    """Tiger → (influence ranked, rank or None, prosperity) of one participant."""
    return {s.tiger: (s.ranking.values[pid], s.ranking.rank_of(pid), s.awards.get(pid, 0)) for s in steps}


# -------------------------------------------------- 4 final scoring ---

def _flag_index(edition: Edition) -> dict[str, tuple[str, int, int]]:
    """Flag id → (nation code, stack index, stars)."""
    return {f.id: (code, i, f.stars) for code, nation in edition.nations.items() for i, f in enumerate(nation.flags)}


def _sectors(position: EndPosition, edition: Edition, book: _Book, p) -> tuple[tuple[SectorScore, ...], set]:
    """SCORE-FSB-01..07 for a player; SOLO-SCORE-01 (stars × difficulty) for the Automa."""
    index, found, out = _flag_index(edition), set(), []
    if p.kind == AUTOMA:
        difficulty = position.solo.difficulty if position.solo else 1
        multipliers = list(edition.solo["difficulty_multipliers"])
        d_ptr = [f"/solo/difficulty_multipliers/{multipliers.index(difficulty)}"] if difficulty in multipliers else []
        for number, sector in enumerate(edition.solo["automa_board"]["final_scoring_sectors"], start=1):
            stars, ptrs, labels = _sum_stars(edition, p.flags.get(sector, ()), index)
            score = SectorScore(sector, stars, difficulty, stars * difficulty)
            said = {"stars": labels, "difficulty": difficulty, "points": score.points}
            text = msg("Automa flag sector {index}: {stars} × difficulty {difficulty} = {points}", index=number, **said)
            # The line's text names the sector by its code, as it always has: a finished game keeps its outcome
            # (and its state hash) as it was stored; the message says the sector in words (issue 37).
            stored = msg("Sector {sector}: {stars} × difficulty {difficulty} = {points}", sector=sector, **said)
            found.update(book.add(p.id, "final_scoring_bonus", sector, score.points, text, ptrs + d_ptr, stored))
            out.append(score)
        return tuple(out), found
    for sector, data in edition.document["player_board"]["final_scoring_sectors"].items():
        req_id = data["requirement"]
        req = edition.catalog["final_scoring_requirements"][req_id]
        metric, at_least = req["metric"], req["at_least"]
        tigers = tuple(t for t in position.tiger_ids if p.tigers[t].metric(metric) >= at_least)
        stars, ptrs, labels = _sum_stars(edition, p.flags.get(sector, ()), index)
        score = SectorScore(sector, stars, len(tigers), len(tigers) * stars, tigers)
        which = msg_n("{count} Tiger with {need}", "{count} Tigers with {need}", "count", count=len(tigers),
                      need=_NEED[metric](at_least) if metric in _NEED else metric)
        which = msg("{what} ({which})", what=which, which=_commas(list(tigers))) if tigers else which
        text = msg("Sector {sector}: {tigers} × {stars} = {points}", sector=sector, tigers=which, stars=labels,
                   points=score.points)
        found.update(book.add(p.id, "final_scoring_bonus", sector, score.points, text,
                              ptrs + [f"/catalog/final_scoring_requirements/{req_id}/at_least"]))
        out.append(score)
    return tuple(out), found


def _sum_stars(edition: Edition, flags: Iterable[str], index) -> tuple[int, list[str], Message]:
    """(stars, their pointers, the stars in words with their flags) of a sector's nation flags and ``special:T``
    flags (AMB-24)."""
    total, ptrs, labels = 0, [], []
    for flag in flags:
        if flag.startswith(SPECIAL_PREFIX):
            tiger = flag[len(SPECIAL_PREFIX):]
            stars = edition.special_flag_stars[tiger]
            labels.append(msg("special {tiger} ★{stars}", tiger=tiger, stars=stars))
            ptrs.append(f"/global_market/special_flags/{tiger}/stars")
        else:
            code, i, stars = index[flag]
            labels.append(msg("{flag} ★{stars}", flag=flag, stars=stars))
            ptrs.append(f"/global_market/nations/{code}/flags/{i}/stars")
        total += stars
    said = msg_n("{count} star", "{count} stars", "count", count=total)
    return total, ptrs, msg("{what} ({which})", what=said, which=_commas(labels)) if labels else said


def _commas(items: list) -> Message | str:
    """"a, b, c" of texts that may be messages."""
    return items[0] if len(items) == 1 else msg("{first}, {rest}", first=items[0], rest=_commas(items[1:]))


# ---------------------------------------------------------- 5 nations ---

def milestones_reached(edition: Edition, position_on_track: int, on_space: bool) -> tuple[int, list[str]]:
    """Milestones reached at `position_on_track` and the edition pointers used (SCORE-NAT-01, AMB-29).

    A milestone counts when the marker is on it or beyond (`on_space`), or only when
    strictly beyond; past the printed track they continue every `milestone_every` (I05), unless
    the edition's ``board.global_market_track.beyond_printed_max`` is
    ``no_milestones_beyond_printed_max``.
    """
    track = edition.board["global_market_track"]
    listed = list(track["milestones"])
    reached = (lambda m: m <= position_on_track) if on_space else (lambda m: m < position_on_track)
    pointers = [f"/board/global_market_track/milestones/{i}" for i, m in enumerate(listed) if reached(m)]
    count = len(pointers)
    step = track["milestone_every"]
    first = (max(listed) if listed else 0) + step  # the first milestone past the printed ones
    last = position_on_track if on_space else position_on_track - 1  # the furthest space that counts
    # I05: past the printed track, milestones go on every `milestone_every` unless the edition stops them.
    beyond = track["beyond_printed_max"] != "no_milestones_beyond_printed_max"
    if beyond and step > 0 and last >= first:  # counted, never looped over: work must not grow with the position
        count += (last - first) // step + 1
    if count > len(pointers):
        pointers += [MILESTONE_EVERY_POINTER, "/board/global_market_track/beyond_printed_max"]
    return count, pointers


def _nations(position: EndPosition, edition: Edition, book: _Book, p, moves) -> tuple[NationsScore, set]:
    """SCORE-NAT-01 / AMB-30: distinct nations (Automa overflow included) + special flags, × milestones."""
    index = _flag_index(edition)
    flags = [f for row in p.flags.values() for f in row]
    nations = tuple(sorted({index[f][0] for f in flags if not f.startswith(SPECIAL_PREFIX)}))
    special = len(p.special_flags) + sum(f.startswith(SPECIAL_PREFIX) for f in flags)
    gm = next(m.after for m in moves if m.participant == p.id)
    count, pointers = milestones_reached(edition, gm, position.options.milestone_counts_on_space)
    score = NationsScore(nations, special, gm, count)
    rule = msg("on or beyond") if position.options.milestone_counts_on_space else msg("strictly beyond")
    text = msg("Nations: {flags} ({nations} + {special} special) × {milestones} (global market {space}, {rule}) = "
               "{points}", flags=msg_n("{count} distinct flag", "{count} distinct flags", "count",
                                       count=score.distinct_flags), nations=_commas(list(nations)) if nations else msg("no nation"),
               special=special, milestones=msg_n("{count} milestone", "{count} milestones", "count", count=count),
               space=gm, rule=rule, points=score.points)
    return score, set(book.add(p.id, "nations", None, score.points, text, pointers))


# ------------------------------------------------------------ totals ---

def _total_line(book: _Book, s: ParticipantScore, pointers: set) -> None:
    parts = [msg("{points} prosperity from influence", points=s.prosperity_from_influence)]
    if s.prosperity_from_influence_era1 is not None:
        parts.append(msg("{points} prosperity from Era I influence", points=s.prosperity_from_influence_era1))
    if s.sectors is not None:
        parts.append(msg("{points} final scoring bonuses", points=s.final_scoring_bonuses))
    if s.nations is not None:
        parts.append(msg("{points} nations", points=s.nations.points))
    text = msg("{id} total: {parts} = {total}", id=s.id, parts=plus_sum(parts), total=s.total)
    if not s.recorded:
        text = (msg("{line} (not recorded: the neutral never scores, NEUTRAL-07)", line=text) if s.kind == NEUTRAL
                else msg("{line} (not recorded: high-score variant, SOLO-SCORE-03)", line=text))
    book.add(s.id, "total", None, s.total, text, pointers)


def solo_rank_title(edition: Edition, total: int) -> tuple[str, str]:
    """SOLO-RANK-01: the title of the `solo.rank_table` band holding `total` (bounds inclusive), and its pointer."""
    for i, band in enumerate(edition.solo["rank_table"]):
        if (band["min"] is None or total >= band["min"]) and (band["max"] is None or total <= band["max"]):
            return band["rank"], f"/solo/rank_table/{i}"
    raise ValueError("the edition's solo rank table has no band for this total", total)


def _standings(position: EndPosition, edition: Edition, book: _Book, scores, final, ph):
    """SCORE-END-01 winner and ranks; solo verdict (SOLO-SCORE-02/03, AMB-46) and rank title (SOLO-RANK-01)."""
    recorded = {s.id: s.total for s in scores if s.recorded}
    solo = position.solo
    everything = set().union(*(ph[pid] for pid in recorded)) if recorded else set()
    if solo is None:
        standings = rank_totals(recorded, turn_order=final)
        winner = standings.order[0] if standings.order else None
        book.add(winner, "winner", None, recorded.get(winner), _ties(msg("Winner: {id} with {total}", id=winner,
                 total=recorded.get(winner)), standings, winner, winner=True), everything)
        return standings, winner, None
    human = position.of_kind(PLAYER)[0].id
    automa = position.of_kind(AUTOMA)[0].id
    totals = {s.id: s.total for s in scores}
    wins_ties = bool(edition.solo["human_wins_ties"]) and solo.variant == "solo"
    stored = None  # the line's text when it is not the message's English (see `_Book.add`)
    if solo.variant == "high_score":
        standings = rank_totals(recorded, turn_order=final, solo_human=human)
        human_wins = solo.high_score is not None and totals[human] > solo.high_score
        winner = human if human_wins else None
        said = {"id": human, "total": totals[human], "best": solo.high_score}
        text = (msg("High-score variant: {id} {total} vs previous best {best} → new high score (SOLO-SCORE-03)", **said)
                if human_wins else
                msg("High-score variant: {id} {total} vs previous best {best} → not beaten (SOLO-SCORE-03)", **said))
    else:
        standings = rank_totals(recorded, turn_order=final, solo_human=human, human_wins_ties=wins_ties)
        winner = standings.order[0]
        human_wins = winner == human
        tie = (msg("an equal score goes to the human, SOLO-SCORE-02") if wins_ties
               else msg("the human must out-score the Automa, AMB-46"))
        said = {"id": human, "total": totals[human], "automa": automa, "automa_total": totals[automa],
                "winner": winner, "tie": tie}
        # The Automa's label is its name and colour ("Automa (red)"): the message says "the Automa (red)" once; the
        # line's text keeps "the Automa Automa (red)" as it always has (a finished game keeps its outcome and its
        # state hash as stored; issue 37).
        text = msg("Solo: {id} {total} vs the {automa} {automa_total} → {winner} wins ({tie})", **said)
        stored = msg("Solo: {id} {total} vs the Automa {automa} {automa_total} → {winner} wins ({tie})", **said)
    book.add(winner, "winner", None, totals[winner] if winner else None, text, everything, stored)
    title, ptr = solo_rank_title(edition, totals[human])
    book.add(human, "solo_rank", None, totals[human], msg("Rank: {total} prosperity → {title} (SOLO-RANK-01)",
                                                          total=totals[human], title=title), [ptr] + sorted(ph[human]))
    result = SoloResult(human, automa, solo.difficulty, solo.variant, totals[human], totals[automa], human_wins,
                        title, solo.goal_met, solo.high_score)
    return standings, winner, result
