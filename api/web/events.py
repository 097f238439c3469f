"""Live updates: ``GET /api/games/{id}/events``, a Server-Sent Events stream of a game's versions.

Each event is ``event: version`` with ``id: <version>-<head_seq>`` and, as
data, the new version and the log entries (with their human-readable lines)
appended since the client's last event.  The first event comes at once (the
current version); later ones within about a second of any accepted move,
whichever server accepted it:

- a move accepted by this process wakes its streams directly (`publish`);
- on PostgreSQL every server's `PgListener` hears the trigger's ``NOTIFY``
  on commit; a version check every few seconds covers a lost listener;
- on SQLite (one machine, several worker processes) each stream also reads
  its game's version twice a second (a primary-key lookup).

The entries' ``lines`` are said in ``?lang=<code>`` (an EventSource cannot send ``Accept-Language``;
the same choice rules: ``de-AT`` → ``de``, anything else → English), else in ``Accept-Language``'s;
the answer names it in ``Content-Language``.

``Last-Event-ID`` (sent by browsers on reconnect; ``?last_event_id=`` for
clients that cannot set headers) resumes: a client that is behind gets one
event with everything it missed.  Comments (``: heartbeat``) every
STREAM_HEARTBEAT seconds keep proxies from closing an idle stream and find
dead clients; a stream ends after STREAM_LIFETIME seconds (the client
reconnects, which spreads streams over workers and lets servers restart).

A stream here holds a worker thread but no database connection between
events; STREAMS_PER_GAME and STREAMS_PER_SERVER cap them (503
``too_many_streams``: the PWA then polls).  This route serves ``make run``
(one process, no front).  Behind Caddy (``make serve``, ``deploy/``) the same
path is routed to the asynchronous stream service, `api.streams`, where an
open phone costs no thread; it shares `version_event` and the token check.
"""
from __future__ import annotations

import json
import re
import time

from flask import Blueprint, Flask, Response, current_app, g, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from api.i18n import LANGUAGES

from api.storage.notify import StreamLimit
from api.storage.repository import GameRepository
from api.web.http import authorized, repo, storage
from api.web.language import request_language
from api.web.log_rows import recalled
from api.web.problems import ApiProblem
from api.web.views import log_entry

bp = Blueprint("events", __name__, url_prefix="/api/games/<game_id>")

EVENT_ID = re.compile(r"^\s*(\d{1,18})(?:-(\d{1,18}))?\s*$")
SQLITE_CHECK_SECONDS = 0.5
PG_CHECK_SECONDS = 5.0
MAX_ENTRIES = 200


def publish(game_id: str, version: int) -> None:
    """Wake this process's streams of `game_id` (called after a write committed)."""
    storage().broker.publish(game_id, version)


def resume_point() -> tuple[int | None, int | None]:
    """(version, head_seq) from Last-Event-ID (or ?last_event_id=); (None, None) when absent or unreadable."""
    raw = request.headers.get("Last-Event-ID") or request.args.get("last_event_id") or ""
    match = EVENT_ID.match(raw)
    if not match:
        return None, None
    return int(match.group(1)), (int(match.group(2)) if match.group(2) is not None else None)


def stream_language() -> str:
    """The language of the stream's lines: ``?lang=`` read as an ``Accept-Language`` value (``de-AT`` → ``de``,
    ``fr;q=0.5, de`` → ``de``, anything else → English), else the request's ``Accept-Language``."""
    asked = request.args.get("lang")
    if asked is None:
        return request_language()
    g.content_language = parse_accept_header(asked, LanguageAccept).best_match(LANGUAGES, default=LANGUAGES[0])
    return g.content_language


def sse(event: str, event_id: str, data: dict) -> str:
    """One Server-Sent Event (the JSON is on one line, so one ``data:`` field)."""
    return f"event: {event}\nid: {event_id}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def version_event(r: GameRepository, game_id: str, after_seq: int | None, lang: str = "en") -> tuple[str, int, int]:
    """The event for the game as stored now, with the entries after `after_seq` (their lines in `lang`);
    (text, version, head_seq).

    Shared with the asynchronous stream service (`api.streams`), so both speak the same wire format.
    """
    record = r.record(game_id)
    rows = [] if after_seq is None else r.log(game_id, after_seq, MAX_ENTRIES)
    edition = r.edition_document(game_id)[1] if rows and lang != "en" else None  # English: the stored text
    entries = [log_entry(row, edition, lang) for row in recalled(r, game_id, rows, edition)]
    body = {"game_id": game_id, "version": record.version, "head_seq": record.head_seq,
            "live_actions": record.live_actions, "status": record.status, "entries": entries,
            "more": bool(entries) and entries[-1]["seq"] < record.head_seq}
    return sse("version", f"{record.version}-{record.head_seq}", body), record.version, record.head_seq


def _version_event(app: Flask, game_id: str, after_seq: int | None, lang: str) -> tuple[str, int, int]:
    with app.app_context():  # its teardown gives a PostgreSQL connection back to the pool
        return version_event(repo(), game_id, after_seq, lang)


def _current_version(app: Flask, game_id: str) -> int:
    with app.app_context():
        return repo().record(game_id).version


@bp.get("/events")
def game_events(game_id: str):
    """The game's version changes as ``text/event-stream`` (token-checked like every read)."""
    authorized(game_id, write=False)
    cfg = current_app.config
    store = storage()
    known_version, known_seq = resume_point()
    lang = stream_language()
    try:
        store.broker.open(game_id, int(cfg["STREAMS_PER_GAME"]), int(cfg["STREAMS_PER_SERVER"]))
    except StreamLimit as exc:
        raise ApiProblem(503, "too_many_streams", exc.message, headers={"Retry-After": "10"}) from None
    store.release()  # no connection is held while the stream waits
    if store.listener is not None:
        store.listener.ensure_started()
    app = current_app._get_current_object()  # the generator runs after the request context is gone
    heartbeat = float(cfg["STREAM_HEARTBEAT"])
    lifetime = float(cfg["STREAM_LIFETIME"])

    def stream():
        nonlocal known_version, known_seq
        try:
            yield "retry: 2000\n\n"
            start = now = time.monotonic()
            next_beat = now + heartbeat
            next_check = now
            while now - start < lifetime and not store.broker.closing:
                if now >= next_check:  # whatever moved the game elsewhere, without a notification here
                    current = _current_version(app, game_id)
                    if known_version is not None and known_version > current:
                        known_version = known_seq = None  # an id from another database: start afresh
                    store.broker.publish(game_id, current)
                    listening = store.listener is not None and store.listener.connected.is_set()
                    next_check = now + (PG_CHECK_SECONDS if listening else SQLITE_CHECK_SECONDS)
                if known_version is None or store.broker.latest(game_id) > known_version:
                    text, known_version, known_seq = _version_event(app, game_id, known_seq, lang)
                    yield text
                    next_beat = time.monotonic() + heartbeat
                elif now >= next_beat:
                    yield ": heartbeat\n\n"
                    next_beat = now + heartbeat
                else:
                    until = min(next_beat, next_check, start + lifetime)
                    store.broker.wait(game_id, known_version, until - now)
                now = time.monotonic()
        finally:
            store.broker.close(game_id)
            store.release()

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return Response(stream(), mimetype="text/event-stream", headers=headers)
