"""The stream service: ``GET /api/games/{id}/events`` on an asynchronous server, where an open phone costs
a coroutine and a socket instead of an app thread.

A Starlette app run by uvicorn (``uvicorn --factory api.streams:create_app``);
Caddy routes ``/api/games/*/events`` here and everything else to the app
(``deploy/Caddyfile``).  It speaks exactly what `api.web.events` speaks (the
same `version_event`, the same ``Last-Event-ID`` resumption, heartbeats,
lifetime and ``too_many_streams`` answer) and checks the token with the app's
own `authorized`, run in a request context of the app it builds from the same
configuration.  Database reads (the token check, an event's body) run on
worker threads; a stream waits on the event loop between events.  When the
phone goes away uvicorn reports the disconnect and Starlette cancels the
stream at once, which frees its slot (``GET /_streams/stats`` counts them;
Caddy does not route that path).

Settings (environment): the app's (``TABLEKEEPER_DATABASE``,
``TABLEKEEPER_STREAMS_PER_GAME``, ``TABLEKEEPER_STREAM_HEARTBEAT``,
``TABLEKEEPER_STREAM_LIFETIME``) and ``TABLEKEEPER_STREAMS_PER_SERVICE``
(default 20,000: open streams per service process).
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import time

from anyio import to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from api.streams.watch import Watch, listen, poll_versions

DEFAULT_PER_SERVICE = 20_000
HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no", "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer"}


class StreamAnswer(StreamingResponse):
    """A streamed answer that gives its stream's slot back however it ends (the phone hangs up, even
    before the first byte; the lifetime is over; the server stops)."""

    def __init__(self, content, release, **kwargs):
        super().__init__(content, **kwargs)
        self.release = release

    async def __call__(self, scope, receive, send) -> None:
        """Send the stream (Starlette's), then release the slot."""
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.release()


def create_app(config: dict | None = None) -> Starlette:
    """The ASGI app; `config` overrides the Flask app's settings (tests)."""
    from api import create_app as create_flask_app
    from api.storage.notify import StreamLimit
    from api.web.events import resume_point, version_event
    from api.web.http import authorized, repo
    from api.web.problems import problem_response

    flask_app = create_flask_app(config)
    store = flask_app.extensions["tablekeeper"]
    cfg = flask_app.config
    watch = Watch(int(cfg["STREAMS_PER_GAME"]),
                  int(os.environ.get("TABLEKEEPER_STREAMS_PER_SERVICE", DEFAULT_PER_SERVICE)))
    heartbeat, lifetime = float(cfg["STREAM_HEARTBEAT"]), float(cfg["STREAM_LIFETIME"])

    def check(request: Request, game_id: str):
        """In a request context of the Flask app (worker thread): (None, the game's version, the resume
        point from ``Last-Event-ID``) when the token may read the game, else (the app's own problem answer, ...)."""
        with flask_app.test_request_context(request.url.path, query_string=request.url.query,
                                            headers=list(request.headers.items())):
            try:
                _repo, record, _role = authorized(game_id, write=False)
                return None, record.version, resume_point()
            except Exception as exc:  # noqa: BLE001 - answered by the app's own error handlers
                answer = flask_app.process_response(flask_app.make_response(flask_app.handle_user_exception(exc)))
                return Response(answer.get_data(), answer.status_code, dict(answer.headers)), 0, (None, None)

    def event(game_id: str, after_seq: int | None):
        with flask_app.app_context():  # its teardown gives a PostgreSQL connection back to the pool
            return version_event(repo(), game_id, after_seq)

    building: dict[tuple, asyncio.Future] = {}

    async def shared_event(game_id: str, after_seq: int | None):
        """`event`, read once for all the streams of a table that wake for the same news (the phones of
        one table usually stand at the same point: one read instead of one per phone)."""
        key = (game_id, watch.latest.get(game_id, 0), after_seq)
        future = building.get(key)
        if future is None:
            future = building[key] = asyncio.ensure_future(to_thread.run_sync(event, game_id, after_seq))
            future.add_done_callback(lambda _done: building.pop(key, None))
        return await asyncio.shield(future)  # a phone that leaves does not cancel the others' read

    def too_many(exc: StreamLimit) -> Response:
        answer = problem_response(503, "too_many_streams", str(exc), headers={"Retry-After": "10"})
        return Response(answer.get_data(), answer.status_code, dict(answer.headers))

    async def game_events(request: Request) -> Response:
        """The game's version changes as ``text/event-stream``."""
        game_id = request.path_params["game_id"]
        refused, current, (known_version, known_seq) = await to_thread.run_sync(check, request, game_id)
        if refused is not None:
            return refused
        try:
            watch.open(game_id)
        except StreamLimit as exc:
            return too_many(exc)
        if known_version is not None and known_version > current:
            known_version = known_seq = None  # an id from another database: start afresh
        watch.publish(game_id, current)

        async def stream():
            nonlocal known_version, known_seq
            yield "retry: 2000\n\n"
            start = now = time.monotonic()
            next_beat = now + heartbeat
            while now - start < lifetime:
                if known_version is None or watch.latest.get(game_id, 0) > known_version:
                    text, known_version, known_seq = await shared_event(game_id, known_seq)
                    yield text
                    next_beat = time.monotonic() + heartbeat
                elif now >= next_beat:
                    yield ": heartbeat\n\n"
                    next_beat = now + heartbeat
                else:
                    await watch.wait(game_id, known_version, min(next_beat, start + lifetime) - now)
                now = time.monotonic()

        return StreamAnswer(stream(), lambda: watch.close(game_id), media_type="text/event-stream",
                            headers=HEADERS)

    async def stats(_request: Request) -> Response:
        """Open streams and followed games in this process (not routed by Caddy)."""
        return JSONResponse({"open_streams": watch.total, "ended": watch.ended, "games": len(watch.streams),
                             "listening": watch.listening})

    @contextlib.asynccontextmanager
    async def lifespan(_app):
        tasks = [asyncio.create_task(poll_versions(watch, store))]
        if store.dialect == "postgresql":
            from api.storage.pg_schema import NOTIFY_CHANNEL

            tasks.append(asyncio.create_task(listen(watch, store.path, NOTIFY_CHANNEL)))
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            store.close()

    app = Starlette(routes=[Route("/api/games/{game_id}/events", game_events),
                            Route("/_streams/stats", stats)], lifespan=lifespan)
    app.state.watch = watch
    return app
