"""What the Asian Tigers scorer works out instead of asking the table (issue 34: fewer taps).

A marker's height on the global market and the turn order before the Era II Global Market step (MGMT2-02,
GM-02, TIE-04): asked only where they change the result (docs/scorers.md), else refused at their field.
"""
from __future__ import annotations

from dataclasses import replace

from api.games.asian_tigers.edition.load import Edition
from api.games.asian_tigers.scoring.model import NEUTRAL, ParticipantPosition
from api.games.asian_tigers.scoring.scorer_errors import ScorerInputError, and_words, ptr
from api.games.field_problems import refuse_field
from api.games.messages import msg


def settle_stacks(participants: dict[str, ParticipantPosition], edition: Edition) -> dict[str, ParticipantPosition]:
    """A marker's height on its space matters only where markers share a space and stay there (TIE-04; one that
    moves with its leftovers leaves, MGMT2-02): a height left out is a stand-in elsewhere, and asked for (at its
    field) there."""
    per_space = edition.rules["global_market"]["era_2_leftover_resources_per_space"]
    by_space: dict[int, list[ParticipantPosition]] = {}
    for p in participants.values():
        if p.kind != NEUTRAL:
            by_space.setdefault(p.gm_position, []).append(p)
    settled = dict(participants)
    for space, here in by_space.items():
        staying = [q.id for q in here if q.leftovers.total < per_space]
        above = 1 + max((q.gm_stack for q in here if q.gm_stack is not None), default=-1)
        for i, p in enumerate(here):
            if p.gm_stack is not None:
                continue
            if p.id in staying and len(staying) > 1:
                others = and_words([q for q in staying if q != p.id])
                refuse_field(ScorerInputError(
                    "missing_stack", ptr("participants", p.id, "global_market", "stack"), msg("{id} shares global-market"
                    " space {space} with {others}: enter each marker's height there (0 = the one that arrived first)",
                    id=p.id, space=space, others=others), "TIE-04"))
            # a stand-in above the heights given (alone on its space: 0); never scored where it was asked for
            settled[p.id] = replace(p, gm_stack=above + i)
    return settled


def derived_turn_order(participants: dict, edition: Edition) -> tuple[str, ...]:
    """The Era II turn order when the table left it out: it only orders the leftover moves (MGMT2-02), and those
    moves end the same whatever their order unless two markers move onto one space (GM-02: the later one goes on
    top, TIE-04).  Then the order is asked for at /turn_order; otherwise the global-market order is used."""
    per_space = edition.rules["global_market"]["era_2_leftover_resources_per_space"]
    movers: dict[int, list[str]] = {}
    for p in participants.values():
        if p.kind != NEUTRAL and p.leftovers.total >= per_space:
            movers.setdefault(p.gm_position + p.leftovers.total // per_space, []).append(p.id)
    for space, ids in sorted(movers.items()):
        if len(ids) > 1:
            refuse_field(ScorerInputError(
                "missing_turn_order", "/turn_order", msg("{ids} both move to global-market space {space} with their "
                "leftovers: tap the turn order, since whoever moves later goes on top", ids=and_words(ids), space=space),
                "GM-02"))
    ranked = [p for p in participants.values() if p.kind != NEUTRAL]
    return tuple(p.id for p in sorted(ranked, key=lambda p: (-p.gm_position, p.gm_stack)))
