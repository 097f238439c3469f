"""A wall-clock budget per request, enforced in whichever thread serves it.

gunicorn's ``gthread`` workers (needed for the live event streams) serve each
request in a pool thread, where ``SIGALRM`` cannot reach, so one watchdog
thread per process keeps the deadline of every armed thread and, when one
passes, raises `BudgetExceeded` inside that thread with CPython's
``PyThreadState_SetAsyncExc``.  The exception arrives at the next bytecode, so
it interrupts any pure-Python loop (a rules engine fed a huge number, a
pathological edition) long before gunicorn's own timeout would kill the worker
(answering HTML and stalling every request queued behind it).

`BudgetExceeded` derives from `BaseException` so that no ``except Exception``
on the way (an optimistic pass, a cache fill) swallows it; ``with`` blocks and
the write transaction's rollback still run while it unwinds.

`disarm` is called right before a ``COMMIT``: once a write is committed the
request is allowed to finish, so a move that reached the database is never
answered 503.  If the watchdog fired just before, `disarm` raises instead, so
nothing is committed after the budget ran out.
"""
from __future__ import annotations

import ctypes
import os
import threading
import time

_set_async_exc = ctypes.pythonapi.PyThreadState_SetAsyncExc
_set_async_exc.argtypes = [ctypes.c_ulong, ctypes.c_void_p]
_set_async_exc.restype = ctypes.c_int


class BudgetExceeded(BaseException):
    """The request ran past its budget (seconds in `args[0]`)."""


IDLE_WAKE_SECONDS = 1.0  # the watchdog looks at least this often, so most arms need not wake it


class _Watchdog:
    """One thread per process that interrupts armed threads whose deadline has passed.

    Arming does not wake the thread unless the new deadline comes before the thread's next
    look (`wake_at`): with the usual 2 s budget it never does, so a request pays a lock, not
    a thread switch (which cost ~40 µs of CPU per request).  Each deadline is still checked
    at its time: the thread sleeps until the earliest one it knows, at most `IDLE_WAKE_SECONDS`.
    """

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.deadlines: dict[int, tuple[float, float]] = {}  # thread ident → (monotonic deadline, budget)
        self.fired: set[int] = set()
        self.pid = 0
        self.wake_at = 0.0  # when the thread looks next (0: it is looking now, or not started)

    def _ensure_thread(self) -> None:
        if self.pid != os.getpid():  # first use, or a forked worker: the parent's thread is not here
            self.pid = os.getpid()
            self.deadlines.clear()
            self.fired.clear()
            self.wake_at = 0.0
            threading.Thread(target=self._run, name="tablekeeper-budget", daemon=True).start()

    def arm(self, seconds: float) -> None:
        with self.cond:
            self._ensure_thread()
            ident = threading.get_ident()
            self.fired.discard(ident)
            due = time.monotonic() + seconds
            self.deadlines[ident] = (due, seconds)
            if due < self.wake_at:
                self.cond.notify()

    def disarm(self) -> bool:
        """Forget this thread's deadline; True when the watchdog already fired for it."""
        ident = threading.get_ident()
        with self.cond:
            self.deadlines.pop(ident, None)
            if ident not in self.fired:
                return False
            self.fired.discard(ident)
            _set_async_exc(ident, None)  # clear it if still pending: the caller decides what to raise
            return True

    def _run(self) -> None:
        with self.cond:
            while True:
                now = time.monotonic()
                for ident, (due, _seconds) in list(self.deadlines.items()):
                    if due <= now:
                        del self.deadlines[ident]
                        self.fired.add(ident)
                        _set_async_exc(ident, id(BudgetExceeded))
                wait = min(min((due for due, _ in self.deadlines.values()), default=now + IDLE_WAKE_SECONDS) - now,
                           IDLE_WAKE_SECONDS)
                wait = max(wait, 0.005)
                self.wake_at = now + wait
                self.cond.wait(wait)
                self.wake_at = 0.0


_watchdog = _Watchdog()
_state = threading.local()


class budget:
    """``with budget(seconds):`` interrupts the body with `BudgetExceeded` after `seconds`; the ``as``
    value says whether it is enforced.

    A class, not a generator-based context manager: it is entered on every request, and a generator
    costs a frame, its suspension and resumption, on the way in and out.
    """

    __slots__ = ("seconds",)

    def __init__(self, seconds: float):
        self.seconds = seconds if seconds and seconds > 0 else 0

    def __enter__(self) -> bool:
        if not self.seconds:
            return False
        _state.seconds = self.seconds
        _watchdog.arm(self.seconds)
        return True

    def __exit__(self, *exc) -> None:
        if self.seconds:
            _watchdog.disarm()  # fired as the body finished: its answer is complete, so let it stand


def disarm() -> None:
    """Let the current request run to its end (called before a commit).

    Raises `BudgetExceeded` when the budget already ran out, so nothing is committed late.
    """
    if _watchdog.disarm():
        raise BudgetExceeded(getattr(_state, "seconds", 0.0))
