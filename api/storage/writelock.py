"""An OS file lock beside an SQLite database, taken around every write transaction.

SQLite lets one writer in at a time.  A connection that finds the write lock
taken is put off by SQLite's busy handler, which sleeps 1, 2, 5, 10 … 100 ms
between tries: with two gunicorn workers writing the same database the
waiter's sleeps grow while the other worker comes back every few
milliseconds, so one move now and then waits 100-200 ms (`bench/write_lock.py`:
p99 60-240 ms against ~20 ms with this lock, for as many or more writes per
second).  Taking an ``flock`` on ``<database>.writelock`` before ``BEGIN
IMMEDIATE`` and releasing it after ``COMMIT``/``ROLLBACK`` makes the writers
take turns, and SQLite's own lock is then free when ``BEGIN IMMEDIATE``
asks for it (a writer that does not take this lock, such as the
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
``database_busy``, as SQLite's busy handler does.

How a waiter waits (Linux): the lock file's first 4 bytes are a release
counter, mapped shared by every connection; a holder bumps it just before it
unlocks and then wakes one sleeper with a ``futex`` on that word (a counter
bumped after the waiter read it makes its sleep return at once, so no
release is missed).  So a released lock is handed on at once, and a waiter
sleeps once per release instead of polling: at 16 connections on 2
workers the polling waiter's timer sleeps and wake-ups cost ~0.1 ms of CPU
per move.  Each sleep lasts at most `WAKE_SLICE`, so a holder that does not
wake anyone (a writer of an older version, a process killed while holding —
the kernel drops its ``flock`` but wakes nobody) delays the next writer by at
most that.  Where the word cannot be mapped (a read-only lock file, another
OS) the waiter polls with sleeps of 0.1-1 ms, as before.  A directory where the lock
file cannot be created, or ``TABLEKEEPER_WRITE_LOCK=0``, leaves the writers to
SQLite's busy handler alone.
"""
from __future__ import annotations

import ctypes
import fcntl
import mmap
import os
import platform
import struct
import sys
import threading
import time

from api.storage.errors import DatabaseFault

SUFFIX = ".writelock"
FIRST_PAUSE = 0.0001  # seconds between tries, doubled after each up to MAX_PAUSE
MAX_PAUSE = 0.001  # a try costs ~17 µs of CPU (a timer sleep and a wake-up): not much more often than this
WAKE_SLICE = 0.005  # the longest one futex sleep lasts: what a holder that wakes nobody costs the next writer
_held = threading.local()  # lock files this thread holds: a nested write must not wait for itself


def lock_path(database: str) -> str:
    """The lock file of the SQLite database at `database`."""
    return f"{os.path.abspath(database)}{SUFFIX}"


def enabled() -> bool:
    """False when ``TABLEKEEPER_WRITE_LOCK`` turns the lock off (0, false, no, off)."""
    return os.environ.get("TABLEKEEPER_WRITE_LOCK", "1").strip().lower() not in ("0", "false", "no", "off")


_FUTEX_WAIT, _FUTEX_WAKE = 0, 1  # shared (not FUTEX_PRIVATE_FLAG): the waiters are in several processes
_WORD = struct.Struct("=I")  # the counter, in the machine's order (the kernel compares it as a u32)
_SYS_FUTEX = {"x86_64": 202, "amd64": 202, "aarch64": 98, "arm64": 98}.get(platform.machine().lower())


class _Timespec(ctypes.Structure):
    _fields_ = [("tv_sec", ctypes.c_long), ("tv_nsec", ctypes.c_long)]


def _syscall():
    """libc's ``syscall`` (it releases the GIL while a waiter sleeps), or None where futexes are not used."""
    if sys.platform != "linux" or _SYS_FUTEX is None:
        return None
    try:
        function = ctypes.CDLL(None, use_errno=True).syscall
    except (OSError, AttributeError):
        return None
    function.restype = ctypes.c_long
    return function


_SYSCALL = _syscall()


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
        self._map = None
        self._address = 0
        if self.fd is not None and _SYSCALL is not None:
            self._map_word()

    def _map_word(self) -> None:
        """Map the release counter (the file's first 4 bytes); left unmapped (polling) if the file is read-only."""
        try:
            if os.fstat(self.fd).st_size < 4:
                os.ftruncate(self.fd, 4)  # zeros; several connections doing so at once all write the same
            self._map = mmap.mmap(self.fd, 4)
        except (OSError, ValueError):
            self._map = None
            return
        view = ctypes.c_uint32.from_buffer(self._map)
        self._address = ctypes.addressof(view)  # valid while the map is; the view goes (it would pin the map)
        del view

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
        word = self._map
        deadline, pause = None, FIRST_PAUSE
        while True:
            # Read before trying: a release between the try and the sleep then ends the sleep at once.
            seen = _WORD.unpack_from(word)[0] if word is not None else 0
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
                if word is not None:
                    self._sleep(seen, min(deadline - now, WAKE_SLICE))
                else:
                    time.sleep(pause)
                    pause = min(2 * pause, MAX_PAUSE)
        held.add(self.path)
        return True

    def release(self) -> None:
        """Let the next writer in (harmless when not held: unlocking an unlocked file does nothing)."""
        if self.fd is None or not self.taken:
            return
        word = self._map
        if word is not None:  # still held: releases are counted one at a time
            _WORD.pack_into(word, 0, (_WORD.unpack_from(word)[0] + 1) & 0xFFFFFFFF)
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        self.taken = False
        getattr(_held, "paths", set()).discard(self.path)
        if word is not None:
            _SYSCALL(_SYS_FUTEX, ctypes.c_void_p(self._address), _FUTEX_WAKE, 1, None, None, 0)

    def _sleep(self, seen: int, seconds: float) -> None:
        """Sleep until a release wakes this waiter, the counter is no longer `seen`, or `seconds` pass."""
        whole = int(seconds)
        timeout = _Timespec(whole, int((seconds - whole) * 1e9))
        _SYSCALL(_SYS_FUTEX, ctypes.c_void_p(self._address), _FUTEX_WAIT, ctypes.c_uint32(seen),
                 ctypes.byref(timeout), None, 0)  # -1 with EAGAIN, EINTR or ETIMEDOUT: the caller tries again

    def close(self) -> None:
        """Close the lock file (which releases the lock)."""
        fd, self.fd = self.fd, None
        self.taken = False
        mapped, self._map = getattr(self, "_map", None), None
        if mapped is not None:
            mapped.close()
        if fd is not None:
            getattr(_held, "paths", set()).discard(self.path)
            os.close(fd)

    def __del__(self) -> None:  # a connection closed without `close` (a CLI's) must not leak its descriptor
        try:
            self.close()
        except OSError:
            pass
