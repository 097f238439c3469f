"""gunicorn worker classes that pass each game's connections to the worker owning it (`api.web.affinity`).

``AffineThreadWorker`` is gthread's (production, `api.web.gunicorn_conf`); ``AffineSyncWorker`` is
sync's (the load benchmark's).  Each behaves exactly like its parent, except that a connection
whose first request names a game another worker owns is handed to that worker, and connections
handed to this one are served as if accepted here.  Without a slot (one worker, or gunicorn run
without `api.web.gunicorn_conf`) they are their parents.  A kept-alive connection (gthread)
is routed request by request, so a proxy's connections, each carrying many tables' requests, are
routed too; a connection is passed on only while none of its next request has been read.
"""
from __future__ import annotations

import errno
import io
import selectors

from gunicorn import util
from gunicorn.workers.gthread import TConn, ThreadWorker
from gunicorn.workers.sync import StopWaiting, SyncWorker

from api.web import affinity
from api.web.budget import runs_long
from api.web.turns import TURNS, Turns
from api.web.turns import wanted as turns_wanted

# How long a just-accepted connection may take to send its request line before it is served where
# it is (a client that connects and waits is then handled as gunicorn always handles it).
REQUEST_LINE_WAIT = 0.5


class SettledConfig:
    """A worker's gunicorn settings, each looked up once and then read as a plain attribute.

    gunicorn's `Config` answers every attribute through ``__getattr__`` (a dict lookup and the
    setting's ``get()``), and its parser, request, environ and response read a score of them per
    request.  A running worker's settings never change (a reload starts new workers), so the first
    answer is kept.
    """

    def __init__(self, cfg):
        self.__dict__["_cfg"] = cfg

    def __getattr__(self, name):
        value = getattr(self._cfg, name)  # AttributeError, as from `Config`, for no such setting
        self.__dict__[name] = value
        return value


def settle(worker) -> None:
    """From here on `worker` (its parser, requests and responses, and its access log) reads settled settings."""
    if not isinstance(worker.cfg, SettledConfig):
        worker.cfg = SettledConfig(worker.cfg)
    if getattr(worker.log, "cfg", None) is not None and not isinstance(worker.log.cfg, SettledConfig):
        worker.log.cfg = worker.cfg


def joined(worker, busier_by: int | None = None) -> affinity.Route | None:
    """This worker's slot, claimed now (and logged: from here on it takes its games' connections)."""
    route = affinity.Route.join(worker.cfg.workers, busier_by=busier_by)
    if route is not None:
        worker.log.info("tablekeeper: worker %s takes the connections of slot %s's games", worker.pid, route.slot)
    return route


def report(worker, route: affinity.Route) -> None:
    """At exit, in the log: how this worker's connections were routed."""
    worker.log.info("tablekeeper: worker %s (slot %s) passed %s connections to their games' workers, took %s, "
                    "served %s of another's games itself (its worker busy or away)", worker.pid, route.slot,
                    route.passed, route.taken_in, route.kept)


class AffineSyncWorker(SyncWorker):
    """gunicorn's sync worker, game-affine."""

    route: affinity.Route | None = None

    def run(self):
        settle(self)
        # The slot is claimed only now, warmed up (post_worker_init ran): nobody hands a connection
        # to a worker still loading the app.
        self.route = route = joined(self)
        if route is None:
            return super().run()
        timeout = self.timeout or 0.5
        for listener in self.sockets:
            listener.setblocking(False)
        self.wait_fds = self.sockets + [route.socket, self.PIPE[0]]
        try:
            self._loop(route, timeout)
        finally:
            route.stop_taking()
            self._serve_handed(route)  # what was queued here before the socket went
            route.close()
            report(self, route)

    def _loop(self, route: affinity.Route, timeout: float) -> None:
        while self.alive:
            self.notify()
            self._serve_handed(route)  # they were accepted first: served first
            if self._accept_one(route):
                continue
            if not self.is_parent_alive():
                return
            try:
                self.wait(timeout)
            except StopWaiting:
                return

    def _accept_one(self, route: affinity.Route) -> bool:
        for index, listener in enumerate(self.sockets):
            try:
                client, addr = listener.accept()
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                    raise
                continue
            client.setblocking(True)
            util.close_on_exec(client)
            if route.pass_on(client, index, REQUEST_LINE_WAIT):
                client.close()  # the owner holds its own copy: close ours, never shut the connection down
            else:
                self.handle(listener, client, addr)
            return True
        return False

    def _serve_handed(self, route: affinity.Route) -> None:
        for client, addr, index in route.take():
            client.setblocking(True)
            util.close_on_exec(client)
            self.handle(self.sockets[min(index, len(self.sockets) - 1)], client, addr)


DEFAULT_BODY_LIMIT = 1 << 20  # bytes read ahead when the app names no MAX_CONTENT_LENGTH


class TurnTaking:
    """The WSGI app called with its process's turn taken (`api.web.turns`), its request body read first.

    The body is read before the turn is taken, so a client that sends it slowly holds only its own
    thread, never the others' turn.  Event streams (long by design) and the precache bundles (built
    once, for seconds) run without the turn, sharing the interpreter as before.  Every other answer
    is produced whole inside the app call (`api.web.budget` lists it), so the socket writes that
    follow run without the turn too.  Attributes are the app's (gunicorn hooks read them).
    """

    def __init__(self, app, turns: Turns = TURNS):
        self.app = app
        self.turns = turns
        config = getattr(app, "config", None)
        limit = config.get("MAX_CONTENT_LENGTH") if isinstance(config, dict) else None
        self.body_limit = int(limit) if limit else DEFAULT_BODY_LIMIT

    def __getattr__(self, name):
        return getattr(self.app, name)

    def __call__(self, environ, start_response):
        if runs_long(environ.get("PATH_INFO", "")):
            return self.app(environ, start_response)
        read_body_first(environ, self.body_limit)
        with self.turns.taken():
            return self.app(environ, start_response)


def read_body_first(environ: dict, limit: int) -> None:
    """Read the request body now and serve it from memory: all of a declared length up to `limit`
    (a longer one is left for the app to refuse, 413, unread), a chunked one up to one byte past it
    (the app then sees it is too long)."""
    length = environ.get("CONTENT_LENGTH")
    if length:
        try:
            size = int(length)
        except ValueError:
            return
        if not 0 < size <= limit:
            return
    elif "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        size = limit + 1
    else:
        return
    try:
        body = environ["wsgi.input"].read(size)
    except Exception as exc:  # noqa: BLE001 - a broken chunk, a client gone: the app meets it as before
        environ["wsgi.input"] = _Unreadable(exc)
        return
    environ["wsgi.input"] = io.BytesIO(body)


class _Unreadable(io.RawIOBase):
    """A request body that failed while read ahead: every read raises that error, where the app reads."""

    def __init__(self, error: Exception):
        super().__init__()
        self.error = error

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        raise self.error


class AffineThreadWorker(ThreadWorker):
    """gunicorn's gthread worker, game-affine, running each request with its process's turn
    (`TurnTaking`; with SQLite, or as ``TABLEKEEPER_TURNS`` says: `api.web.turns.wanted`)."""

    route: affinity.Route | None = None

    def run(self):
        settle(self)
        if turns_wanted(self.wsgi):
            self.wsgi = TurnTaking(self.wsgi)
        # Warmed up by now, as the sync worker's. An owner loses a game only with all its threads busy
        # while this worker idles (`affinity.BUSIER_BY`).
        self.route = joined(self, affinity.BUSIER_BY or self.cfg.threads)
        # Asked once: a connection names its listener by this address (TConn.server), every request.
        self._listener_names = [listener.getsockname() for listener in self.sockets]
        if self.route is not None:
            self.poller.register(self.route.socket, selectors.EVENT_READ, self._take_handed)
        try:
            super().run()
        finally:
            if self.route is not None:
                self.route.close()
                report(self, self.route)
            if isinstance(self.wsgi, TurnTaking) and self.wsgi.turns.went_ahead:
                self.log.info("tablekeeper: worker %s: %s requests went ahead of one that kept its turn past %.0f ms",
                              self.pid, self.wsgi.turns.went_ahead, self.wsgi.turns.slice_seconds * 1000)

    def set_accept_enabled(self, enabled):
        if not enabled and not self.alive and self.route is not None:
            # Stopping: nobody may hand this worker a connection now; those already queued are
            # served with the rest of its open connections before it exits.
            self.route.stop_taking()
            self._take_handed(None)
        super().set_accept_enabled(enabled)

    def _take_handed(self, _fileobj) -> None:
        for client, addr, index in self.route.take():
            util.close_on_exec(client)
            self.nr_conns += 1
            conn = TConn(self.cfg, client, addr, self._listener_names[min(index, len(self._listener_names) - 1)])
            conn.handed = False
            conn.arrived = True  # passed here for its next request: never passed on again for it
            self.enqueue_req(conn)

    def handle(self, conn):
        route = self.route
        if route is not None and self._routable(conn):
            names = self._listener_names
            if route.pass_on(conn.sock, names.index(conn.server) if conn.server in names else 0):
                conn.handed = True
                return False
        return super().handle(conn)

    @staticmethod
    def _routable(conn) -> bool:
        """Whether this request of `conn` may be passed on: its bytes are all still on the socket."""
        if getattr(conn, "arrived", False):
            conn.arrived = False  # it was passed here for this request: served here, whoever owns it now
            return False
        if not conn.initialized:  # a new connection: once its request line is there
            return conn.wait_for_data(REQUEST_LINE_WAIT)
        # A kept-alive one (behind a proxy, one connection carries many tables' requests): unless
        # its parser already read into this request, or it speaks HTTP/2.
        return not conn.is_http2 and not conn.parser.unreader.buf.getvalue()

    def handle_request(self, req, conn):
        # The load other workers weigh before passing this one a game (event streams wait, not work).
        counted = self.route is not None and not req.path.endswith("/events")
        if counted:
            self.route.serving(+1)
        try:
            return super().handle_request(req, conn)
        finally:
            if counted:
                self.route.serving(-1)

    def finish_request(self, conn, fs):
        if getattr(conn, "handed", False):
            # The owner holds its own copy of the connection: this one is closed, never shut down.
            self.nr_conns -= 1
            util.close(conn.sock)
            return
        super().finish_request(conn, fs)
