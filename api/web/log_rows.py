"""The log's rows as the log endpoint, the event stream and a move's answer say them (issue 37): a paused Automa
turn's summary (SOLO-AUTOMA-18) said from the game's earlier Automa lines (`presentation.recall`), read from
storage."""
from __future__ import annotations

from typing import Any

from api.games.asian_tigers.presentation.recall import needs_recall, recall
from api.web.views import log_entry

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


def answer_recalled(r: Any, game_id: str, body: dict, lang: str) -> dict | None:
    """A move answer's `body` with a paused Automa turn's summary said in `lang` from the game's stored events
    (the answer, built inside the write, has only the move's own), or None when it holds no Automa summary or
    English is asked."""
    applied = body.get("applied") or []  # its events carry no message: `recalled` asks the stored ones
    if lang == "en" or not any(e.get("kind") == "automa_turn" for entry in applied for e in entry["events"]):
        return None
    first, last = applied[0]["seq"], applied[-1]["seq"]
    edition = r.edition_document(game_id)[1]
    stored = r.log(game_id, first - 1, last - first + 1)
    rows = recalled(r, game_id, stored, edition)
    if rows is stored:  # every summary already said from its own move's lines: the answer's lines stand
        return None
    said = {row["seq"]: log_entry(row, edition, lang)["lines"] for row in rows}
    return {**body, "applied": [{**entry, "lines": said.get(entry["seq"], entry["lines"])} for entry in applied]}
