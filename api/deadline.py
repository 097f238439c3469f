"""A wall-clock budget per request, enforced with ``SIGALRM`` in the thread that serves it.

gunicorn's sync workers serve each request in the process's main thread, so an
interval timer can interrupt any pure-Python loop (a rules engine fed a huge
number, a pathological edition) and unwind it with `BudgetExceeded` long before
gunicorn's own 30 s timeout would kill the worker (answering HTML 500 and
stalling every request queued behind it).  The exception derives from
`BaseException` so that no ``except Exception`` on the way (an optimistic
pass, a cache fill) swallows it; ``with`` blocks and the write transaction's
rollback still run while it unwinds.

`disarm` is called right before a ``COMMIT``: once a write is committed the
request is allowed to finish, so a move that reached the database is never
answered 503.  Outside the main thread (the threaded development server) the
budget is not enforced; the engines' input bounds still are.
"""
from __future__ import annotations

import contextlib
import signal
import threading
from typing import Iterator

_state = threading.local()


class BudgetExceeded(BaseException):
    """The request ran past its budget (seconds in `args[0]`)."""


def _on_alarm(signum, frame):  # noqa: ARG001 - signal handler signature
    if getattr(_state, "armed", False):
        _state.armed = False
        raise BudgetExceeded(getattr(_state, "seconds", 0.0))


def _can_arm() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def budget(seconds: float) -> Iterator[bool]:
    """Interrupt the body with `BudgetExceeded` after `seconds`; yields whether it is enforced."""
    if not seconds or seconds <= 0 or not _can_arm():
        yield False
        return
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    _state.seconds, _state.armed = seconds, True
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield True
    finally:
        _state.armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def disarm() -> None:
    """Let the current request run to its end (called before a commit)."""
    if getattr(_state, "armed", False):
        _state.armed = False
        if _can_arm():
            signal.setitimer(signal.ITIMER_REAL, 0)
