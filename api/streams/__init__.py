"""The stream service: ``GET /api/games/{id}/events`` on an asynchronous server, where an open phone costs
a coroutine and an HTTP/2 stream instead of an app thread.

An ASGI app run by uvicorn (``uvicorn --factory api.streams:create_app --http
zttp --http2``), which Caddy reaches over HTTP/2 cleartext (any ASGI server runs
it; the tests use uvicorn's default HTTP/1.1).  Caddy routes
``/api/games/*/events`` here and everything else to the app (``deploy/Caddyfile``).  It speaks exactly what `api.web.events` speaks (the
same `version_event`, the same ``Last-Event-ID`` resumption, heartbeats,
lifetime and ``too_many_streams`` answer) and checks the token with the app's
own `authorized`, run in a request context of the app it builds from the same
configuration.  Database reads (the token check, an event's body) run on
worker threads; a stream waits on the event loop between events.  When the
phone goes away the server reports the disconnect and the stream is cancelled
at once, which frees its slot (``GET /_streams/stats`` counts them;
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
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from api.streams.watch import Watch, listen, poll_versions

DEFAULT_PER_SERVICE = 20_000
STREAM_HEADERS = [(b"content-type", b"text/event-stream; charset=utf-8"), (b"cache-control", b"no-store"),
                  (b"x-accel-buffering", b"no"), (b"x-content-type-options", b"nosniff"),
                  (b"referrer-policy", b"no-referrer")]


class GameEvents:
    """``GET /api/games/{game_id}/events`` as a plain ASGI app: one coroutine per open stream, plus one
    task that waits for the phone to hang up and then cancels it.

    Why not Starlette's `StreamingResponse`: an idle stream holds everything its request built for
    as long as it is open, and Starlette's request, response, task group and middleware frames were a
    quarter of the stream service's memory per stream (tracemalloc, 2026-12-05).  The answers that are
    not streams (refusals) are still Starlette responses.
    """

    def __init__(self, opening, stream):
        self.opening = opening  # async (scope, game_id) -> a Starlette response refusing it, or (release, the
        # stream's state, its own headers)
        self.stream = stream  # async generator (game_id, state) -> the stream's text, piece by piece

    async def __call__(self, scope, receive, send) -> None:
        """Check, answer 200 and send the stream until it ends or the phone goes away."""
        game_id = scope["path_params"]["game_id"]
        opened = await self.opening(scope, game_id)
        if not isinstance(opened, tuple):
            await opened(scope, receive, send)
            return
        release, state, headers = opened
        task = asyncio.current_task()
        gone = asyncio.ensure_future(hang_up(receive))
        streaming = True

        def cancel_stream(_gone) -> None:
            if streaming:  # never the server's task once this app has returned
                task.cancel()

        gone.add_done_callback(cancel_stream)
        try:
            await send({"type": "http.response.start", "status": 200, "headers": STREAM_HEADERS + headers})
            if scope["method"] != "HEAD":
                async for text in self.stream(game_id, state):
                    await send({"type": "http.response.body", "body": text.encode(), "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        except asyncio.CancelledError:
            if not gone.done() or gone.cancelled():
                raise  # the server is stopping
            task.uncancel()  # the phone went away: this stream is over, nothing more to say
        except OSError:
            pass  # the phone went away while a piece was being sent
        finally:
            streaming = False
            gone.cancel()
            release()


async def hang_up(receive) -> None:
    """Return once the phone has gone away (the server says ``http.disconnect``)."""
    while (await receive())["type"] != "http.disconnect":
        pass


def create_app(config: dict | None = None) -> Starlette:
    """The ASGI app; `config` overrides the Flask app's settings (tests)."""
    from api import create_app as create_flask_app
    from api.storage.notify import StreamLimit
    from api.web.events import resume_point, stream_language, version_event
    from api.web.http import authorized, repo
    from api.web.problems import problem_response

    flask_app = create_flask_app(config)
    store = flask_app.extensions["tablekeeper"]
    cfg = flask_app.config
    watch = Watch(int(cfg["STREAMS_PER_GAME"]),
                  int(os.environ.get("TABLEKEEPER_STREAMS_PER_SERVICE", DEFAULT_PER_SERVICE)))
    heartbeat, lifetime = float(cfg["STREAM_HEARTBEAT"]), float(cfg["STREAM_LIFETIME"])

    def check(scope, game_id: str):
        """In a request context of the Flask app (worker thread): (None, the game's version, the resume
        point from ``Last-Event-ID``, the lines' language) when the token may read the game, else (the app's own
        problem answer, ...)."""
        headers = [(name.decode("latin-1"), value.decode("latin-1")) for name, value in scope["headers"]]
        with flask_app.test_request_context(scope["path"], query_string=scope["query_string"].decode("latin-1"),
                                              headers=headers):
            try:
                _repo, record, _role = authorized(game_id, write=False)
                return None, record.version, resume_point(), stream_language()
            except Exception as exc:  # noqa: BLE001 - answered by the app's own error handlers
                answer = flask_app.process_response(flask_app.make_response(flask_app.handle_user_exception(exc)))
                return Response(answer.get_data(), answer.status_code, dict(answer.headers)), 0, (None, None), "en"

    def event(game_id: str, after_seq: int | None, lang: str):
        with flask_app.app_context():  # its teardown gives a PostgreSQL connection back to the pool
            return version_event(repo(), game_id, after_seq, lang)

    building: dict[tuple, asyncio.Future] = {}

    async def shared_event(game_id: str, after_seq: int | None, lang: str):
        """`event`, read once for all the streams of a table that wake for the same news (the phones of
        one table usually stand at the same point: one read instead of one per phone)."""
        key = (game_id, watch.latest.get(game_id, 0), after_seq, lang)
        future = building.get(key)
        if future is None:
            future = building[key] = asyncio.ensure_future(to_thread.run_sync(event, game_id, after_seq, lang))
            future.add_done_callback(lambda _done: building.pop(key, None))
        return await asyncio.shield(future)  # a phone that leaves does not cancel the others' read

    def too_many(exc: StreamLimit) -> Response:
        answer = problem_response(503, "too_many_streams", str(exc), headers={"Retry-After": "10"})
        return Response(answer.get_data(), answer.status_code, dict(answer.headers))

    async def opening(scope, game_id: str):
        """A refusal (the app's problem answer, or ``too_many_streams``), or (what frees the stream's
        slot, [the version and sequence number the phone already has, the lines' language], the headers
        naming that language)."""
        refused, current, (known_version, known_seq), lang = await to_thread.run_sync(check, scope, game_id)
        if refused is not None:
            return refused
        try:
            watch.open(game_id)
        except StreamLimit as exc:
            return too_many(exc)
        if known_version is not None and known_version > current:
            known_version = known_seq = None  # an id from another database: start afresh
        watch.publish(game_id, current)
        said = [(b"content-language", lang.encode()), (b"vary", b"Accept-Language")]
        return (lambda: watch.close(game_id)), [known_version, known_seq, lang], said

    async def stream(game_id: str, known: list):
        """The game's version changes as ``text/event-stream`` text, with heartbeats, until the lifetime ends."""
        yield "retry: 2000\n\n"
        start = now = time.monotonic()
        next_beat = now + heartbeat
        while now - start < lifetime:
            if known[0] is None or watch.latest.get(game_id, 0) > known[0]:
                text, known[0], known[1] = await shared_event(game_id, known[1], known[2])
                yield text
                next_beat = time.monotonic() + heartbeat
            elif now >= next_beat:
                yield ": heartbeat\n\n"
                next_beat = now + heartbeat
            else:
                await watch.wait(game_id, known[0], min(next_beat, start + lifetime) - now)
            now = time.monotonic()

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

    app = Starlette(routes=[Route("/api/games/{game_id}/events", GameEvents(opening, stream), methods=["GET", "HEAD"]),
                            Route("/_streams/stats", stats)], lifespan=lifespan)
    app.state.watch = watch
    return app
