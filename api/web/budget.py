"""WSGI middleware: every request gets `api.deadline.budget` seconds, then a 503 problem.

A request cut at its budget unwinds like any exception (write transactions
roll back), so the worker stays healthy and serves the next request at once.
"""
from __future__ import annotations

import json
import logging
import sys

from api.deadline import BudgetExceeded, budget

log = logging.getLogger("tablekeeper")
UNBUDGETED_PREFIX = "/precache/"  # the service worker's precache bundles (api.web.pwa.BUNDLES)


def runs_long(path: str) -> bool:
    """A request long by design, never budgeted (nor run with a worker's turn, `api.web.workers`).

    A live event stream holds no database connection while it waits.  A precache bundle is built
    once per version of the PWA's files (seconds of CPU on a busy machine, bounded by the files in
    the repository; api.web.pwa): cutting it would only repeat it.
    """
    return path.endswith("/events") or path.startswith(UNBUDGETED_PREFIX)


class BudgetMiddleware:
    """Run the wrapped app under a time budget; answer 503 ``request_budget_exceeded`` past it."""

    def __init__(self, wsgi_app, seconds: float):
        self.wsgi_app = wsgi_app
        self.seconds = seconds
        self._budget = budget(seconds)  # holds no per-request state: one for every request and thread

    def __call__(self, environ, start_response):
        started = []

        def tracked_start_response(*args):
            started.append(True)
            return start_response(*args)

        if runs_long(environ.get("PATH_INFO", "")):
            return self.wsgi_app(environ, start_response)
        try:
            with self._budget:
                result = self.wsgi_app(environ, tracked_start_response)
                try:  # produce the whole body inside the budget (the app's bodies are small)
                    return list(result)
                finally:
                    if hasattr(result, "close"):
                        result.close()
        except BudgetExceeded:
            # With the stack where the request was when it was cut: what was slow, for whoever reads the log.
            log.warning("tablekeeper: %s %s cut after its %.1f s budget", environ.get("REQUEST_METHOD"),
                        environ.get("PATH_INFO"), self.seconds, exc_info=True)
            return self._refuse(start_response, sys.exc_info() if started else None)

    def _refuse(self, start_response, exc_info):
        body = json.dumps({
            "type": "urn:tablekeeper:problem:request_budget_exceeded", "title": "Service Unavailable",
            "status": 503, "code": "request_budget_exceeded",
            "detail": f"the request took longer than the server's {self.seconds:g} s budget and was stopped; "
                      "nothing was changed",
        }).encode()
        headers = {"Content-Type": "application/problem+json", "Content-Length": str(len(body)),
                   "Retry-After": "5", "Cache-Control": "no-store"}
        # The security headers are added by `api.web.security.SecurityHeaders`, which wraps this middleware.
        start_response("503 Service Unavailable", list(headers.items()), exc_info)
        return [body]
