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
The master never exits over the database: a missing (where one existed),
corrupt or unreadable file is logged and the workers start anyway, answering
503 until the operator repairs or restores it (a supervisor would otherwise
restart a master that exits at once, in a loop).  gunicorn's own error pages
and ``Server`` banner are replaced (`api.web.gunicorn_errors`).
"""
from __future__ import annotations

import os
import signal

from api.web.gunicorn_errors import harden

bind = os.environ.get("TABLEKEEPER_BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
# gthread, game-affine: each game's connections go to the worker that has it warm (`api.web.affinity`);
# TABLEKEEPER_AFFINITY=0 leaves the routing out (plain gthread).
AFFINITY = os.environ.get("TABLEKEEPER_AFFINITY", "1") != "0"
worker_class = "api.web.workers.AffineThreadWorker" if AFFINITY else "gthread"
threads = int(os.environ.get("TABLEKEEPER_THREADS", "32"))
timeout = 30
graceful_timeout = 10
# Above the app's own limits (TABLEKEEPER_MAX_URL 4096, TABLEKEEPER_MAX_HEADER 8190), so the app
# answers those first; beyond these gunicorn answers with the problem+json of `harden`.
limit_request_line = 8190
limit_request_field_size = 16380
# Each worker tells the master it is alive by touching a file (os.utime) in its loop, per request; on
# a disk file system that dirties an inode the SQLite commits' fsyncs then journal along.  In memory
# (gunicorn's advice for containers too) it costs nothing.
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None

harden()


def _ignore_file_size_signal() -> None:
    # Past RLIMIT_FSIZE the kernel sends SIGXFSZ, which kills the process by default; ignored, the
    # write fails with EFBIG instead and SQLite reports a full disk, answered 503.
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def on_starting(server) -> None:
    """Apply pending migrations (and WAL mode) once, in the master process."""
    import sqlite3

    from api.config import load_config
    from api.storage.db import DatabaseFault, connect, is_file_path, mark_initialised, pin_identity, was_initialised
    from api.storage.migrations import migrate

    _ignore_file_size_signal()
    if AFFINITY:
        from api.web import affinity

        affinity.prepare()  # before any worker forks: they find their slots there
    cfg = load_config()
    path = cfg["DATABASE"]
    if is_file_path(path) and not os.path.exists(path) and was_initialised(path):
        server.log.error("tablekeeper: database %s has disappeared; not creating a new one (restore it, or run "
                         "'flask --app api init-db' to start empty); answering 503 meanwhile", path)
        return
    try:
        db = connect(path, int(cfg["BUSY_TIMEOUT_MS"]))
        try:
            done = migrate(db)
        finally:
            db.close()
    except (sqlite3.DatabaseError, DatabaseFault) as exc:  # DatabaseFault: a PostgreSQL server that is down
        server.log.error("tablekeeper: database %s cannot be used: %s; answering 503 until it is repaired "
                         "(see 'flask --app api check-db')", path, exc)
        pin_identity(path)
        return
    mark_initialised(path)
    pin_identity(path)  # workers (forked from here) refuse any other file at this path
    server.log.info("tablekeeper: database %s ready (%s)", path, ", ".join(done) if done else "no pending migrations")
    strip_pwa_ahead(server, cfg)


def strip_pwa_ahead(server, cfg) -> None:
    """Strip the phone app's scripts once here: every worker, forked after, has them ready."""
    from pathlib import Path

    from api.web.compression import turned_off
    from api.web.pwa import strip_ahead

    if turned_off():
        return  # served exactly as in git
    try:
        strip_ahead(Path(cfg["PWA_DIR"]) if cfg.get("PWA_DIR") else None)
    except Exception:  # noqa: BLE001 - a worker strips on first request instead
        server.log.exception("tablekeeper: stripping the phone app ahead failed")


def on_exit(server) -> None:  # noqa: ARG001 - gunicorn hook signature
    """The workers' routing directory goes with the master."""
    from api.web import affinity

    affinity.remove()


def post_fork(server, worker) -> None:  # noqa: ARG001 - gunicorn hook signature
    """Per worker: a file-size limit makes writes fail (503), not kill the worker."""
    _ignore_file_size_signal()


def post_worker_init(worker) -> None:
    """Warm each worker (edition load and validation take a second or two) before it serves;
    make its SIGTERM end the open event streams."""
    from api.web.games import warm

    end_streams_on_stop(worker)
    try:
        warm(worker.wsgi)
    except Exception:  # a cold worker still works; it just pays on its first request
        worker.log.exception("tablekeeper: warm-up failed")
    tune_garbage_collector()


# Full collections (generation 2) are what a move waits on: each walks every tracked object, and a
# worker keeps the editions, the engine and a board and state per recent game.  Measured in one process
# with 100 tables taking turns (1,500 moves): 20 full collections, up to 50 ms each,
# 0.8 s in all; after freezing what the warm-up loaded and raising the third threshold: 2, at most
# 20 ms, 38 ms in all.  Nearly everything a move allocates is freed by reference counting anyway.
# The first threshold: a move holds ~1,000 new containers at its peak (the state, the view, the
# patch) and frees them by reference counting at its end, so at Python's 700 nearly every move ran
# a young collection over its own working set (1.2 per move, ~110 µs of CPU per move in all);
# at 5,000 that is one per ~120 moves (~19 µs per move in all, young and middle generations
# together; bench/move_profile.py's 4-player games, measured with gc.callbacks).  Under load through
# gunicorn (2 workers, 16 tables, gc.callbacks in each worker) 5,000 still meant one young collection
# per ~30 moves over the states and views of the games in play (each lives until that game's next
# move), ~0.2 ms per move in all; at 50,000 (one per ~450 moves, by then most of those have been freed
# by reference counting) ~0.07 ms.  What only the cyclic GC frees is small (werkzeug's request and
# routing cycles, ~14 objects a request), so the larger young generation costs little memory.
GC_THRESHOLDS = (50_000, 10, 100)


def tune_garbage_collector() -> None:
    """Freeze the warmed-up heap out of collections; make full collections rarer."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


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
