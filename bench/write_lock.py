"""Two processes writing one SQLite database: SQLite's busy handler vs an OS lock taken around each write.

    python bench/write_lock.py                      # 2 writers x 4 s per mode, ~1 ms of CPU per write outside the lock
    python bench/write_lock.py --work-ms 0 --seconds 3 --writers 3

Each writer loops like a gunicorn worker serving moves: some CPU work outside
the lock (`--work-ms`, the rules and rendering of a move), then one write
transaction (``BEGIN IMMEDIATE``, an INSERT, an UPDATE, ``COMMIT``; WAL,
``synchronous=FULL``).  Modes:

* ``busy``: SQLite's own busy handler, which sleeps 1, 2, 5, 10 … ms between
  tries while the other process holds the write lock;
* ``flock``: as `api.storage.writelock` (not imported: the bench runs the
  same steps against older checkouts too), an ``flock`` on
  ``<database>.writelock`` taken around the
  transaction, asked for without blocking with sleeps of 0.1 to 1 ms between
  tries (a bounded wait, as a server must have: a blocking ``flock`` cannot be
  interrupted in a gthread pool thread, so a stopped holder would stall every
  writer);
* ``blocking``: the same lock file, a blocking ``flock`` (the kernel wakes the
  waiter the moment it is released; unbounded).

What it showed on the 2-core development machine (Dec 2026, `--work-ms 1`
and `1.5`, disk-bound at 200-600 writes/s, a shared and noisy machine): the
busy handler is unfair (the waiter's sleeps grow while the other process
comes back every few ms: p99 60-240 ms), the polling lock takes turns (p99
9-20 ms) with as many or more writes per second; its CPU per write was within
the noise (-0.03 to +0.14 ms; one try costs ~17 µs: a timer sleep and a
wake-up), and the blocking lock did no better than the polling one.  The
server uses the polling lock (`api.storage.writelock`).  Tried again in
Dec 2026 through gunicorn (2 sync workers, 16 connections): a futex on a
release counter in the lock file, woken by the releasing writer, handed the
lock on at once but cost the same CPU per write (55-63 µs per lock taken,
against 55-63 polling: on this VM each sleep and wake-up costs ~60-80 µs
of CPU, and the prompt hand-over makes the two workers wait in turn more
often) and no throughput, so the polling lock stayed.
"""
from __future__ import annotations

import argparse
import fcntl
import multiprocessing
import os
import sqlite3
import statistics
import tempfile
import time


def _spin(seconds: float) -> None:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def take(fd: int, timeout: float) -> None:
    """The polling lock: LOCK_NB tries with sleeps growing from 0.1 to 1 ms, at most `timeout` seconds."""
    deadline, pause = time.monotonic() + timeout, 0.0001
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise TimeoutError("the write lock stayed taken") from None
            time.sleep(pause)
            pause = min(2 * pause, 0.001)


def writer(path: str, mode: str, seconds: float, work: float, start_at: float, out) -> None:
    """One process: loop work + write until `seconds` are over; send (latencies, cpu seconds)."""
    conn = sqlite3.connect(path, timeout=10, isolation_level=None)
    conn.execute("PRAGMA synchronous = FULL")
    lock = os.open(f"{path}.writelock", os.O_RDWR | os.O_CREAT, 0o644) if mode != "busy" else None
    payload = os.urandom(100).hex()
    latencies = []
    while time.time() < start_at:
        time.sleep(0.001)
    cpu0, end = time.process_time(), time.time() + seconds
    while time.time() < end:
        _spin(work)
        t0 = time.perf_counter()
        if mode == "blocking":
            fcntl.flock(lock, fcntl.LOCK_EX)
        elif lock is not None:
            take(lock, 10.0)
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO log (pid, payload) VALUES (?, ?)", (os.getpid(), payload))
            conn.execute("UPDATE head SET n = n + 1 WHERE id = 1")
            conn.execute("COMMIT")
        finally:
            if lock is not None:
                fcntl.flock(lock, fcntl.LOCK_UN)
        latencies.append(time.perf_counter() - t0)
    out.put((latencies, time.process_time() - cpu0))


def run(mode: str, writers: int, seconds: float, work: float) -> tuple[float, float, float, float]:
    """(writes/s, p50 ms, p99 ms, CPU ms per write) of one mode on a fresh database."""
    directory = tempfile.mkdtemp(prefix="write-lock-")
    path = os.path.join(directory, "w.db")
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE log (id INTEGER PRIMARY KEY, pid INTEGER, payload TEXT)")
    conn.execute("CREATE TABLE head (id INTEGER PRIMARY KEY, n INTEGER)")
    conn.execute("INSERT INTO head VALUES (1, 0)")
    conn.close()
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    start_at = time.time() + 0.3
    procs = [ctx.Process(target=writer, args=(path, mode, seconds, work, start_at, out)) for _ in range(writers)]
    for p in procs:
        p.start()
    results = [out.get() for _ in procs]
    for p in procs:
        p.join()
    latencies = sorted(x for lat, _ in results for x in lat)
    cpu = sum(c for _, c in results)
    n = len(latencies)
    return (n / seconds, 1000 * statistics.median(latencies), 1000 * latencies[min(n - 1, int(n * 0.99))],
            1000 * cpu / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--work-ms", type=float, default=1.0, help="CPU work per write outside the lock")
    parser.add_argument("--modes", default="busy,flock,blocking")
    parser.add_argument("--rounds", type=int, default=2, help="rounds per mode, interleaved; each is printed")
    args = parser.parse_args()
    for _ in range(args.rounds):
        for mode in args.modes.split(","):
            rate, p50, p99, cpu = run(mode, args.writers, args.seconds, args.work_ms / 1000)
            print(f"{mode:6s} {args.writers} writers: {rate:7.1f} writes/s  p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  "
                  f"CPU {cpu:.3f} ms/write (work {args.work_ms:.2f} included)", flush=True)


if __name__ == "__main__":
    main()
