"""Game-affine workers: a game's requests are served by one gunicorn worker, which has its state warm.

Each worker keeps the last state and board of the games it served (`api.storage.cache`,
`api.web.views.BOARDS`).  With gunicorn's shared accept, a game's next move lands on any worker:
half the time, with two, on one whose copy is a move behind, which must replay the other's move
and render the board the phone holds before it can play and answer.  Measured (bench/api_load.py,
2 workers, 16 tables) that was a third of a move's CPU.

So the worker that accepts a connection reads the request line without taking it off the socket
(``MSG_PEEK``) and, when the path names a game another worker owns, passes the connection itself
(its file descriptor, ``SCM_RIGHTS`` over a Unix datagram socket) to that worker, which serves it
as if it had accepted it.  Routing never decides correctness: every worker can serve every game
(it catches up from the database, as before), so whatever goes wrong here — an owner restarting,
a full queue, a request line not yet arrived — the connection is simply served where it was
accepted.

Ownership is a byte per game-id hash in a small shared-memory table.  A game starts with the
worker its hash names (so games spread evenly whichever worker happens to accept them), and
moves when its owner is overloaded: a worker passes a connection on only while fewer than
`PASS_LIMIT` of its passed connections wait at the owner (a sync worker serves one request at a
time) and the owner is not serving `busier_by` requests more than this worker (a threaded one);
past that it serves the game itself and takes it over, so a busy owner sheds games to an idle
worker instead of making the table wait.

The master creates the directory (slot locks, sockets, the table) before forking
(`prepare`); each worker claims a free slot with a non-blocking ``flock`` (released by the kernel
when the worker dies, so its replacement claims the same slot) in `Route.join`.
"""
from __future__ import annotations

import array
import errno
import fcntl
import mmap
import os
import re
import select
import shutil
import socket
import struct
import tempfile
import threading
import zlib

# At most this many connections passed by one worker wait at one owner; past it the game moves.
PASS_LIMIT = int(os.environ.get("TABLEKEEPER_AFFINITY_QUEUE", "2"))
# A threaded owner serving this many requests more than the worker that accepted one loses the game
# (default: its thread count, so only an owner with every thread busy while the other idles; a
# small margin moves games back and forth with the load's ups and downs, each move a catch-up).
BUSIER_BY = int(os.environ["TABLEKEEPER_AFFINITY_BUSIER_BY"]) if os.environ.get("TABLEKEEPER_AFFINITY_BUSIER_BY") \
    else None
TABLE_SIZE = 1 << 16  # game-id hash buckets (a collision only routes two games together)
MAX_SLOTS = 64
# The request line up to the game id: enough bytes for any game URL gunicorn accepts.
PEEK_BYTES = 256
_GAME_PATH = re.compile(rb"[A-Z]{3,7} /api/games/([A-Za-z0-9_-]{1,64})[/? ]")
_COUNTERS = struct.Struct(f"{MAX_SLOTS * MAX_SLOTS}Q")
_MAP_SIZE = TABLE_SIZE + 2 * _COUNTERS.size + 8 * MAX_SLOTS  # owners, passed, taken, serving

_PREFIX = "tablekeeper-workers-"  # then the master's pid: a directory whose master died is removed
DIRECTORY: str | None = None  # set in the master by `prepare`; the workers inherit it when forked


def prepare(parent: str | None = None) -> str:
    """In the master, before the workers fork: a fresh directory for the slots and the shared table."""
    global DIRECTORY
    base = parent or ("/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir())
    _remove_orphans(base)
    DIRECTORY = tempfile.mkdtemp(prefix=f"{_PREFIX}{os.getpid()}-", dir=base)
    with open(os.path.join(DIRECTORY, "table"), "wb") as f:
        f.truncate(_MAP_SIZE)
    return DIRECTORY


def _remove_orphans(base: str) -> None:
    """Directories left by masters that died without their exit hook (killed): their pid is gone."""
    for name in os.listdir(base):
        if not name.startswith(_PREFIX):
            continue
        pid = name[len(_PREFIX):].split("-", 1)[0]
        if not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(os.path.join(base, name), ignore_errors=True)
        except PermissionError:  # another user's master, alive
            pass


def remove() -> None:
    """In the master, at exit: the directory goes."""
    global DIRECTORY
    if DIRECTORY is not None:
        shutil.rmtree(DIRECTORY, ignore_errors=True)
        DIRECTORY = None


def game_in(request_start: bytes) -> str | None:
    """The game id in the request line at the start of `request_start`, or None (not a game's URL)."""
    match = _GAME_PATH.match(request_start)
    return match.group(1).decode("ascii") if match else None


def bucket(game_id: str) -> int:
    """The game's place in the ownership table."""
    return zlib.crc32(game_id.encode()) & (TABLE_SIZE - 1)


class Route:
    """This worker's slot among its server's workers: who owns a game, and passing a connection on.

    Counters (in the shared table, after the owners): ``passed[a][b]`` (written by `a` alone) counts
    the connections `a` passed to `b`, ``taken[b][a]`` (written by `b` alone) those `b` took from
    `a`; their difference is what waits at `b`.  One writer each, so no lock is needed.
    """

    def __init__(self, directory: str, slot: int, count: int, lock_fd: int, busier_by: int | None = None):
        self.directory, self.slot, self.count, self._lock_fd = directory, slot, count, lock_fd
        self.busier_by = busier_by  # None: the owners' load is not compared (sync workers: their queue is)
        with open(os.path.join(directory, "table"), "r+b") as f:
            self._map = mmap.mmap(f.fileno(), _MAP_SIZE)
        view, counters = memoryview(self._map), TABLE_SIZE + 2 * _COUNTERS.size
        self.owners = view[:TABLE_SIZE]
        self._passed = view[TABLE_SIZE:TABLE_SIZE + _COUNTERS.size].cast("Q")
        self._taken = view[TABLE_SIZE + _COUNTERS.size:counters].cast("Q")
        self._serving = view[counters:].cast("q")  # requests each slot is serving now (its own writes only)
        self._serving[slot] = 0
        self._serving_lock = threading.Lock()  # a threaded worker's requests start and end at once
        # What earlier holders of this slot were passed and never took died with them: start level.
        for sender in range(MAX_SLOTS):
            self._taken[slot * MAX_SLOTS + sender] = self._passed[sender * MAX_SLOTS + slot]
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        path = self.path(slot)
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        self.socket.bind(path)
        self.socket.setblocking(False)
        self.passed = self.kept = self.taken_in = 0  # this worker's own tallies (tests, benchmarks)

    @classmethod
    def join(cls, count: int, directory: str | None = None, busier_by: int | None = None) -> "Route | None":
        """Claim a free slot of `directory` (default: the master's); None if there is none (or no directory).

        `busier_by`: a threaded worker's margin (see `BUSIER_BY`); None for one that serves a request at a time.
        """
        directory = directory or DIRECTORY
        if directory is None or count < 2 or not os.path.isdir(directory):
            return None
        for slot in range(min(count, MAX_SLOTS)):
            fd = os.open(os.path.join(directory, f"slot-{slot}.lock"), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                continue
            try:
                return cls(directory, slot, count, fd, busier_by)
            except OSError:  # e.g. a socket path beyond AF_UNIX's 108 bytes: this worker routes nothing
                os.close(fd)
                return None
        return None

    def path(self, slot: int) -> str:
        """Where the worker in `slot` takes connections."""
        return os.path.join(self.directory, f"slot-{slot}.sock")

    def owner(self, game_id: str) -> int:
        """The slot that owns `game_id`: the one its hash names until a busy owner lost it."""
        place = bucket(game_id)
        held = self.owners[place]
        return held - 1 if held else zlib.crc32(game_id.encode()) % self.count

    def serving(self, change: int) -> None:
        """This worker starts (+1) or ends (-1) serving a request (the load others compare theirs with)."""
        with self._serving_lock:
            self._serving[self.slot] += change

    def claim(self, game_id: str) -> None:
        """This worker serves `game_id` from now on."""
        self.owners[bucket(game_id)] = self.slot + 1

    def waiting_at(self, slot: int) -> int:
        """How many connections this worker passed to `slot` that it has not taken yet."""
        return self._passed[self.slot * MAX_SLOTS + slot] - self._taken[slot * MAX_SLOTS + self.slot]

    def pass_on(self, client: socket.socket, listener_index: int = 0, wait: float = 0.0) -> bool:
        """Pass `client` to its game's owner if that is another worker (True: it is theirs now; close
        this process's copy with ``close()``, never ``shutdown()``); False: serve it here.

        `wait`: how long to wait for the request line if none of it has arrived yet (it usually has:
        asked first without waiting, which saves a ``select`` per connection).
        """
        try:
            start = client.recv(PEEK_BYTES, socket.MSG_PEEK | socket.MSG_DONTWAIT)
        except BlockingIOError:
            if not wait or not self.wait_readable(client, wait):
                return False
            try:
                start = client.recv(PEEK_BYTES, socket.MSG_PEEK | socket.MSG_DONTWAIT)
            except OSError:
                return False
        except OSError:
            return False
        game_id = game_in(start)
        if game_id is None:
            return False
        owner = self.owner(game_id)
        if owner == self.slot:
            return False
        if (owner >= self.count or self.waiting_at(owner) >= PASS_LIMIT
                or (self.busier_by is not None
                    and self._serving[owner] >= self._serving[self.slot] + self.busier_by)):
            self.claim(game_id)  # the owner is busy: this worker serves the game from now on
            self.kept += 1
            return False
        try:
            # sendmsg itself: socket.send_fds drops its flags and address before Python 3.12.
            self.socket.sendmsg([bytes((self.slot, listener_index))],
                                [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [client.fileno()]))],
                                socket.MSG_DONTWAIT, self.path(owner))
        except OSError:  # the owner is away (starting, restarting: no socket yet) or its queue is full
            self.kept += 1  # served here this time; the game stays the owner's, for when it is back
            return False
        self._passed[self.slot * MAX_SLOTS + owner] += 1
        self.passed += 1
        return True

    def take(self) -> list[tuple[socket.socket, tuple, int]]:
        """The connections passed to this worker so far: (socket, the client's address, the index of the
        listener it came on); one whose client has gone already is closed and left out."""
        taken = []
        while True:
            try:
                message, fds, _flags, _address = socket.recv_fds(self.socket, 2, 1)
            except (BlockingIOError, InterruptedError):
                return taken
            except OSError as exc:
                if exc.errno in (errno.EAGAIN, errno.EWOULDBLOCK):
                    return taken
                raise
            if not fds:
                continue
            sender = message[0] if message else 0
            if sender < MAX_SLOTS:
                self._taken[self.slot * MAX_SLOTS + sender] += 1
            self.taken_in += 1
            client = socket.socket(fileno=fds[0])
            try:
                peer = client.getpeername()
            except OSError:  # the client has gone already
                client.close()
                continue
            taken.append((client, peer, message[1] if len(message) > 1 else 0))

    def wait_readable(self, client: socket.socket, timeout: float) -> bool:
        """True once `client` has bytes to read (the request line), within `timeout` seconds."""
        try:
            ready, _, _ = select.select([client], [], [], timeout)
        except (OSError, ValueError):
            return False
        return bool(ready)

    def stop_taking(self) -> None:
        """No more connections are passed here (what is already queued is still `take`n)."""
        try:
            os.unlink(self.path(self.slot))
        except OSError:
            pass

    def close(self) -> None:
        """Give up the slot (after `stop_taking` and a last `take`)."""
        self.stop_taking()
        self.socket.close()
        os.close(self._lock_fd)
