"""Requests of one worker process take turns at the interpreter, one whole request at a time.

gunicorn's gthread worker (production, `api.web.gunicorn_conf`) serves each request in a thread
of its own, and CPython runs one thread's Python at a time (the GIL).  With several moves in
flight in one process, every SQLite call, large hash and socket operation lets the GIL go to
another thread, so the threads hand it round hundreds of times a request.  Measured with
``python bench/api_load.py --worker-class gthread --threads 8`` (16 connections), a move cost
4.0 ms of worker CPU that way, against 2.5 ms in a sync worker: a fifth of the difference in
the kernel (futex waits, context switches), the rest in caches refilled after each switch.

`TURNS` makes the handoff coarse.  The worker runs each request's app call with the process's
turn taken (`Turns.taken`; the socket reads and writes before and after it stay outside), so a
request runs from start to answer without sharing the interpreter, and the others wait asleep.
The turn is kept through the COMMIT's fsync too: giving it up there and taking it back after
(tried) doubled the handoffs and measured worse (100 tables flat out at 0.39-0.44 of the bare
app's throughput, against 0.52-0.54 keeping it); the other worker process uses the core meanwhile.

A request that keeps the turn past `SLICE` seconds (a runaway computation, cut later by its
budget: `api.deadline`) no longer holds the others back: they go ahead without the turn,
sharing the interpreter as they did before turns existed, and the first request to find the
turn free takes it again.  So one slow request never stalls a worker's other tables.

Threads that never take a turn (a sync worker's one thread, the development server, the event
streams, the tests) are untouched.

With PostgreSQL every statement is a round trip to the database server, which a turn held
through it leaves the process idle for; measured with two app servers
(``bench/api_load.py --database postgresql --servers 2 --worker-class gthread --threads 8 --quick``,
two pairs) turns gave 0.23 of the bare app's throughput against 0.25-0.29 without them, so they
are on by default only with SQLite (`wanted`; ``TABLEKEEPER_TURNS`` decides either way).
"""
from __future__ import annotations

import contextlib
import os
import threading
import time
from typing import Any, Iterator

from api.storage import is_postgres

SLICE = 0.05  # seconds a request may keep the turn before the others stop waiting for it


class Turns:
    """One turn per process: at most one request runs holding it; the others wait until it is
    given back, or until its holder has had it for `slice_seconds`."""

    def __init__(self, slice_seconds: float = SLICE):
        self.slice_seconds = slice_seconds
        self._cond = threading.Condition(threading.Lock())
        self._holder: int | None = None  # the thread holding the turn (threading.get_ident())
        self._since = 0.0  # when it took it (time.monotonic())
        self.went_ahead = 0  # requests that stopped waiting for an overrunning holder (for tests and benchmarks)

    def holder(self) -> int | None:
        """The thread that holds the turn now, or None."""
        return self._holder

    def _take(self) -> bool:
        """Take the turn (True), or go ahead without it once its holder has overrun its slice (False)."""
        me = threading.get_ident()
        with self._cond:
            while self._holder is not None:
                left = self._since + self.slice_seconds - time.monotonic()
                if left <= 0:
                    self.went_ahead += 1
                    return False
                self._cond.wait(left)
            self._holder, self._since = me, time.monotonic()
            return True

    def _give_back(self) -> None:
        with self._cond:
            if self._holder == threading.get_ident():
                self._holder = None
                self._cond.notify()

    @contextlib.contextmanager
    def taken(self) -> Iterator[bool]:
        """Run the block with this process's turn (yields whether it got it: False when the holder
        overran its slice and the block runs alongside it)."""
        got = self._take()
        try:
            yield got
        finally:
            if got:
                self._give_back()


TURNS = Turns()


def wanted(app: Any, environ: dict | None = None) -> bool:
    """Whether a gthread worker serving `app` takes turns: ``TABLEKEEPER_TURNS`` 1 or 0 decides,
    and unset, yes with SQLite, no with PostgreSQL (the app's ``DATABASE``)."""
    setting = (os.environ if environ is None else environ).get("TABLEKEEPER_TURNS", "").strip().lower()
    if setting in ("1", "true", "yes", "on"):
        return True
    if setting in ("0", "false", "no", "off"):
        return False
    config = getattr(app, "config", None)
    database = config.get("DATABASE") if isinstance(config, dict) else None
    return not (database and is_postgres(database))
