"""The log's rows as the log endpoint and the event stream say them (issue 37): a paused Automa turn's summary
(SOLO-AUTOMA-18) said from the game's earlier Automa lines (`presentation.recall`), read from storage."""
from __future__ import annotations

from typing import Any

from api.games.asian_tigers.presentation.recall import needs_recall, recall

# How far back a page looks for the lines a paused Automa turn's summary sums up: they are the turn's own, a move
# or a few (and any taken back) before the summary.
RECALL_ROWS = 40


def recalled(r: Any, game_id: str, rows: list[dict], edition: Any) -> list[dict]:
    """`rows` (a page of the log, in seq order) with each paused Automa turn's summary said from the Automa lines
    of the page and of the `RECALL_ROWS` actions before it; `rows` itself when none needs it (or no `edition`:
    English reads the stored text)."""
    if edition is None or not any(needs_recall(row["events"]) for row in rows):
        return rows
    first = rows[0]["seq"]
    after = max(0, first - 1 - RECALL_ROWS)
    earlier = r.log(game_id, after, first - 1 - after) if first - 1 > after else []
    said = recall(edition, [row["events"] for row in earlier + rows], len(earlier))
    return [{**row, "events": events} for row, events in zip(rows, said)]
