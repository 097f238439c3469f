"""gunicorn settings: migrate once in the master before any worker starts.

Use as ``gunicorn -c python:api.web.gunicorn_conf "api:create_app()"``.
Two workers migrating at the same moment would trip over each other ("database
is locked"); the master runs the migrations in ``on_starting`` instead.

Worker class: ``gthread``.  A live event stream (``GET /api/games/{id}/events``)
keeps its HTTP connection open for minutes; under ``sync`` workers each one
would take a whole process.  With gthread it takes one thread and no database
connection, so WEB_CONCURRENCY × TABLEKEEPER_THREADS (2 × 32 by default) is
how many requests and streams can be open at once.  Streams are capped per
process (TABLEKEEPER_STREAMS_PER_SERVER, 24 by default, below the thread
count so moves and reads always find a free thread) and per game
(TABLEKEEPER_STREAMS_PER_GAME); past the cap the phone polls.
"""
from __future__ import annotations

import os

bind = os.environ.get("TABLEKEEPER_BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = int(os.environ.get("TABLEKEEPER_THREADS", "32"))
timeout = 30
graceful_timeout = 10


def on_starting(server) -> None:
    """Apply pending migrations (and WAL mode) once, in the master process."""
    from api.config import load_config
    from api.storage.db import connect
    from api.storage.migrations import migrate

    cfg = load_config()
    db = connect(cfg["DATABASE"], int(cfg["BUSY_TIMEOUT_MS"]))
    try:
        done = migrate(db)
    finally:
        db.close()
    server.log.info("tablekeeper: database %s ready (%s)", cfg["DATABASE"],
                    ", ".join(done) if done else "no pending migrations")


def post_worker_init(worker) -> None:
    """Warm each worker (edition load and validation take a second or two) before it serves;
    make its SIGTERM end the open event streams."""
    from api.web.games import warm

    end_streams_on_stop(worker)
    try:
        warm(worker.wsgi)
    except Exception:  # a cold worker still works; it just pays on its first request
        worker.log.exception("tablekeeper: warm-up failed")


def end_streams_on_stop(worker) -> None:
    """On SIGTERM (a restart or deploy) end this worker's event streams at once.

    gunicorn waits up to graceful_timeout for open requests, and a stream would
    hold the worker for all of it; ended, each phone reconnects (with
    Last-Event-ID) to a server that is still running.
    """
    import signal

    store = getattr(worker.wsgi, "extensions", {}).get("tablekeeper")
    if store is None:
        return
    previous = signal.getsignal(signal.SIGTERM)

    def stop(sig, frame):
        store.broker.shutdown()
        if callable(previous):
            previous(sig, frame)

    signal.signal(signal.SIGTERM, stop)
