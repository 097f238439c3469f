"""Response bodies built from stored games (JSON-ready dicts, snake_case)."""
from __future__ import annotations

import inspect
from collections.abc import Iterable, Iterator
from typing import Any

from api.games import asian_tigers as tigers, envelope
from api.games.envelope import game_envelope, split_view
from api.games.asian_tigers.presentation.recall import opening, said_lines, with_said_instructions
from api.games.asian_tigers.presentation.text import event_lines as tiger_lines
from api.i18n import language
from api.storage.cache import LRU
from api.storage.engines import Engine
from api.storage.models import GameRecord, LoadedGame, WriteResult
from api.web.http import repo
from api.web.language import request_language
from api.web.patch import diff


def edition_summary(engine: Engine, edition: Any, used: tuple[str, ...] | None = None) -> dict:
    """Id, hash and placeholder marking of an edition (the short form); `used`: by this game."""
    info = engine.edition_info(edition)
    return envelope.edition_summary(info.document, info.content_hash, len(info.placeholder_paths), used)


def edition_detail(engine: Engine, edition: Any, used: tuple[str, ...] | None = None) -> dict:
    """The full edition document with its provenance flattened to placeholder paths."""
    info = engine.edition_info(edition)
    doc = info.document
    return {
        **edition_summary(engine, edition, used),
        "document": doc,
        "provenance": doc.get("provenance") if isinstance(doc.get("provenance"), dict) else {},
        "placeholder_paths": list(info.placeholder_paths),
    }


class BoardCache(LRU):
    """The whole views this worker rendered last for each game (one per language asked for), kept with
    the state they were rendered from.

    A move's answer is a patch from the previous view to the new one, in one language; the previous view
    is the one this worker rendered for the previous move whenever it served that move too, so it is not
    rendered again.  An entry is used only for the very state object it was rendered from (states are
    never mutated), so a view rendered for a plan that was never committed, or for another worker's
    state, can never be mistaken for the current one.  Views are shared: never mutate one.
    """

    def views(self, game_id: str, state: Any) -> dict | None:
        """The views (language → view) rendered from `state`, or None."""
        entry = self.get(game_id)
        return entry[1] if entry is not None and entry[0] is state else None

    def keep(self, game_id: str, state: Any, views: dict) -> dict:
        """Remember (and return) the views of `state` (the game's newest state: it replaces the entry)."""
        with self._lock:
            self._put(game_id, (state, views))
        return views


BOARDS = BoardCache(256)  # ~120 KB of Python objects per Asian Tigers view and language


def whole_view(engine: Engine, state: Any, game_id: str | None = None, lang: str = "en",
               history: Iterable[list[dict]] = (), before: tuple[Any, dict] | None = None) -> dict:
    """The engine's whole view of `state` in `lang`, with its legal actions (`game_id`: kept in `BOARDS`);
    `history`: the game's live actions' events up to `state`, the newest first (`stored_history`), read only
    for what the view says from them (a solo game's Automa lines in a language other than English), and only
    for what `before` (the previous state and its view in `lang`) does not say already."""
    views = BOARDS.views(game_id, state) if game_id is not None else None
    if views is None:
        views = {} if game_id is None else BOARDS.keep(game_id, state, {})
    if lang not in views:
        views[lang] = _automa_said(engine, _render(engine, state, lang), state, lang, history, before)
    return views[lang]


def _render(engine: Engine, state: Any, lang: str) -> dict:
    module = getattr(engine, "module", None)  # an engine whose view takes a language says its words in `lang`
    in_language = module is not None and "language" in inspect.signature(module.view).parameters
    view = module.view(state, language(lang)) if in_language else engine.view(state)
    if not isinstance(view.get("legal_actions"), list):  # an engine whose view does not list them
        view = {**view, "legal_actions": [] if engine.is_over(state) else engine.legal_actions(state)}
    return view


def _automa_said(engine: Engine, view: dict, state: Any, lang: str, history: Iterable[list[dict]],
                 before: tuple[Any, dict] | None = None) -> dict:
    """An Asian Tigers solo game's view in a language other than English: the Automa's last turn said from its
    own lines (the state keeps them in English); any other view as it is."""
    if lang == "en" or "solo" not in view or getattr(engine, "module", None) is not tigers:
        return view
    known = said_lines(*before) if before is not None else None
    return with_said_instructions(view, state, history, language(lang), known)


# The stored rows read back at a time, the newest first, for a view's Automa lines (growing: most are found in
# the last few actions, the Automa's turn; a long human turn or a management phase lies further back).
HISTORY_ROWS = 8


def stored_history(game: LoadedGame, fresh: list[dict] = (), undone: Iterable[int] = (),
                   reader: Any = None) -> Iterator[list[dict]]:
    """The events of `game`'s live actions, the newest first, read lazily: `fresh` rows (a write's, not stored
    yet), the stored rows up to the game's ``head_seq`` (`undone`: seqs taken back by this write, still live for
    the state before it), then the game's setup (`recall.opening`).  `reader`: the repository to read with (a
    write's own: its transaction is open), else the request's."""
    for row in reversed(fresh):
        yield row["events"]
    record, kept, high, size = game.record, set(undone), game.record.head_seq, HISTORY_ROWS
    if fresh:
        high = fresh[0]["seq"] - 1
    if high > 0 and reader is None:
        reader = repo()  # the request's repository (this thread's connection), asked only when read
    while high > 0:
        low = max(0, high - size)
        for row in reversed(reader.log(record.id, low, high - low)):
            if not row["reverted"] or row["seq"] in kept:
                yield row["events"]
        high, size = low, size * 4
    yield opening(record.options, game.edition, record.seed)


def game_view(game: LoadedGame, role: str = "table", lang: str | None = None, applied: list[dict] = (),
              reader: Any = None) -> dict:
    """The whole view a phone renders: whose turn, the pending decision, the legal actions, the board;
    in `lang` (default: the request's language); `applied`, `reader`: the rows of the write it answers (not
    stored yet) and its repository (`stored_history`)."""
    record: GameRecord = game.record
    engine = game.engine
    history = stored_history(game, applied, reader=reader)
    return game_envelope(
        whole_view(engine, game.state, record.id, lang or request_language(), history), over=engine.is_over(game.state),
        game_id=record.id, game=record.kind, version=record.version, status=record.status, role=role,
        live_actions=record.live_actions, head_seq=record.head_seq, options=record.options, seed=record.seed,
        edition=edition_summary(engine, game.edition, record.placeholders_used),
        created_at=record.created_at, updated_at=record.updated_at)


def game_update(game: LoadedGame, previous: LoadedGame | None, lang: str | None = None,
                applied: list[dict] = (), undone: list[int] = (), reader: Any = None) -> dict:
    """What a move changed: the game view without its static parts, the board as a patch of `previous`'s.

    The phone that sent the move holds the view at ``base_version``; applying ``view_patch``
    (RFC 6902) to its ``view`` gives the new one.  Without a previous state, the whole board.  `applied`: the
    write's rows (not stored yet), `undone`: the seqs it took back, `reader`: its repository (both views are said
    from the game's events: `stored_history`).
    """
    record, lang = game.record, lang or request_language()
    # The previous view first: the new one then replaces it as this game's entry in `BOARDS`.
    old = None if previous is None else whole_view(previous.engine, previous.state, record.id, lang,
                                                   stored_history(previous, undone=undone, reader=reader))
    new = whole_view(game.engine, game.state, record.id, lang, stored_history(game, applied, reader=reader),
                     (previous.state, old) if previous is not None else None)
    hoisted, board = split_view(new, game.engine.is_over(game.state))
    update = {"game_id": record.id, "version": record.version, "status": record.status, **hoisted,
              "can_undo": record.live_actions > 0, "live_actions": record.live_actions,
              "head_seq": record.head_seq, "updated_at": record.updated_at}
    if previous is None or previous.record.placeholders_used != record.placeholders_used:
        update["edition"] = edition_summary(game.engine, game.edition, record.placeholders_used)
    if previous is None:
        update["view"] = board
    else:
        update["base_version"] = previous.record.version
        update["view_patch"] = diff(split_view(old, False)[1], board)
    return update


def write_body(result: WriteResult, full: bool = False, reader: Any = None) -> tuple[int, dict]:
    """The 200 body of an apply, batch or undo (kept, as sent, for idempotent replays); `full`: the whole
    game view (``?full=1``) instead of the update; `reader`: the writing repository (a solo game's view reads
    the Automa's lines from the stored events: never through another repository, which would end the write's
    transaction)."""
    game, lang = result.game, request_language()
    return 200, {
        "version": game.record.version, "language": lang,  # a replay in another language is said again
        "applied": [applied_entry(a, game.edition, lang) for a in result.applied],
        "undone": result.undone,
        "game": game_view(game, "table", lang, result.applied, reader) if full
        else game_update(game, result.previous, lang, result.applied, result.undone, reader),
    }


def log_entry(row: dict, edition: Any = None, lang: str = "en") -> dict:
    """One action as the log and a write's ``applied`` carry it: machine payload plus human-readable lines
    (in `lang`, with the game's `edition`)."""
    return {**row, "events": plain_events(row["events"]), "lines": event_lines(edition, row["events"], lang)}


def applied_entry(row: dict, edition: Any = None, lang: str = "en") -> dict:
    """One action as a write's ``applied`` carries it: the log entry without each event's ``text``.

    ``lines`` say every event, one line each, and ``text`` is the English line (what ``lines`` are when
    English is asked): a move's answer says its words once.  The log keeps ``text`` beside its lines.
    """
    return {**row, "events": plain_events(row["events"], ("message", "text")),
            "lines": event_lines(edition, row["events"], lang)}


def event_lines(edition: Any, events: list, lang: str) -> list[str]:
    """The events' lines in `lang` (issue 37), said from each event's stored message (only Asian Tigers events
    carry one); English, or an event stored without a message (before issue 37): the stored English ``text``."""
    if lang == "en" or edition is None or not any(isinstance(e, dict) and "message" in e for e in events):
        return [e.get("text", "") for e in events if isinstance(e, dict)]
    return tiger_lines(edition, events, language(lang))


def plain_events(events: list, dropped: tuple = ("message",)) -> list:
    """The events as answers carry them: without their stored messages (the lines beside them are said),
    nor the other `dropped` keys."""
    return [{k: v for k, v in e.items() if k not in dropped} if isinstance(e, dict) else e for e in events]
