"""An OS file lock beside an SQLite database, taken around every write transaction.

SQLite lets one writer in at a time.  A connection that finds the write lock
taken is put off by SQLite's busy handler, which sleeps 1, 2, 5, 10 … 100 ms
between tries: with two gunicorn workers writing the same database the
waiter's sleeps grow while the other worker comes back every few
milliseconds, so one move now and then waits 100-200 ms (`bench/write_lock.py`:
p99 60-240 ms against ~20 ms with this lock, for as many or more writes per
second).  Taking an ``flock`` on ``<database>.writelock`` before ``BEGIN
IMMEDIATE`` and releasing it after ``COMMIT``/``ROLLBACK`` makes the writers
take turns: the waiter asks again every 0.1-1 ms, so a released lock is taken
within a millisecond, and SQLite's own lock is then free when ``BEGIN
IMMEDIATE`` asks for it (a writer that does not take this lock, such as the
``sqlite3`` shell, is still waited for by the busy handler).

Why ``flock``: the kernel releases it when the process dies (a crash while
holding it blocks nobody); it belongs to an open file description, so each
connection opens its own and the threads of one process take turns too; and
it is not the POSIX record lock SQLite uses on the database (closing any
descriptor of a file drops all of a process's POSIX locks on it; an flock on
another file is unaffected).

The wait is bounded by the busy timeout: a blocking ``flock`` cannot be
interrupted in a gthread pool thread (neither by the request budget nor by a
signal), so a stopped holder — a suspended CLI, a process under a debugger —
would stall every writer.  Past the timeout the write answers 503
``database_busy``, as SQLite's busy handler does.  A directory where the lock
file cannot be created, or ``TABLEKEEPER_WRITE_LOCK=0``, leaves the writers to
SQLite's busy handler alone.
"""
from __future__ import annotations

import fcntl
import os
import threading
import time

from api.storage.errors import DatabaseFault

SUFFIX = ".writelock"
FIRST_PAUSE = 0.0001  # seconds between tries, doubled after each up to MAX_PAUSE
MAX_PAUSE = 0.001  # a try costs ~17 µs of CPU (a timer sleep and a wake-up): not much more often than this
_held = threading.local()  # lock files this thread holds: a nested write must not wait for itself


def lock_path(database: str) -> str:
    """The lock file of the SQLite database at `database`."""
    return f"{os.path.abspath(database)}{SUFFIX}"


def enabled() -> bool:
    """False when ``TABLEKEEPER_WRITE_LOCK`` turns the lock off (0, false, no, off)."""
    return os.environ.get("TABLEKEEPER_WRITE_LOCK", "1").strip().lower() not in ("0", "false", "no", "off")


class WriteLock:
    """The write lock of one database, for one connection (its own open file description)."""

    def __init__(self, database: str, timeout_s: float):
        self.path = lock_path(database)
        self.timeout_s = timeout_s
        self.fd: int | None = None
        self.taken = False  # set before asking, so a lock taken by an interrupted `acquire` is still released
        for flags in (os.O_RDWR | os.O_CREAT, os.O_RDONLY):
            try:
                self.fd = os.open(self.path, flags | os.O_CLOEXEC, 0o644)
                break
            except OSError:  # a read-only directory or file: try read-only, else no lock (the busy handler)
                continue

    def acquire(self) -> bool:
        """Take the lock (waiting at most the timeout); False when there is nothing to release afterwards
        (no lock file, or this thread already holds this database's lock).

        Past the timeout: `DatabaseFault` ``database_busy`` (503 with Retry-After).
        """
        held = getattr(_held, "paths", None)
        if held is None:
            held = _held.paths = set()
        if self.fd is None or self.path in held:
            return False
        self.taken = True
        deadline, pause = None, FIRST_PAUSE
        while True:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                now = time.monotonic()
                deadline = deadline or now + self.timeout_s
                if now >= deadline:
                    self.taken = False
                    raise DatabaseFault("database_busy", "the database is busy (another write holds its lock)",
                                        1) from None
                time.sleep(pause)
                pause = min(2 * pause, MAX_PAUSE)
        held.add(self.path)
        return True

    def release(self) -> None:
        """Let the next writer in (harmless when not held: unlocking an unlocked file does nothing)."""
        if self.fd is None or not self.taken:
            return
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        self.taken = False
        getattr(_held, "paths", set()).discard(self.path)

    def close(self) -> None:
        """Close the lock file (which releases the lock)."""
        fd, self.fd = self.fd, None
        self.taken = False
        if fd is not None:
            getattr(_held, "paths", set()).discard(self.path)
            os.close(fd)

    def __del__(self) -> None:  # a connection closed without `close` (a CLI's) must not leak its descriptor
        try:
            self.close()
        except OSError:
            pass
