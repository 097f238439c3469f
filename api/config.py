"""Configuration: defaults, overridden by ``TABLEKEEPER_*`` environment variables.

| variable                        | config key          | default              |
| ------------------------------- | ------------------- | -------------------- |
| TABLEKEEPER_DATABASE            | DATABASE            | ./tablekeeper.db     |
| DATABASE_URL (when ↑ is unset)  | DATABASE            |                      |
| TABLEKEEPER_DB_POOL             | DB_POOL             | 10 (PostgreSQL)      |
| TABLEKEEPER_STREAMS_PER_GAME    | STREAMS_PER_GAME    | 16                   |
| TABLEKEEPER_STREAMS_PER_SERVER  | STREAMS_PER_SERVER  | 24 (per process)     |
| TABLEKEEPER_STREAM_HEARTBEAT    | STREAM_HEARTBEAT    | 15 s                 |
| TABLEKEEPER_EDITION             | EDITION_FILE        | (shipped placeholder)|
| TABLEKEEPER_MAX_BODY            | MAX_CONTENT_LENGTH  | 1048576 (1 MiB)      |
| TABLEKEEPER_BUSY_TIMEOUT_MS     | BUSY_TIMEOUT_MS     | 2000 (docs/storage.md) |
| TABLEKEEPER_MIN_FREE_MB         | MIN_FREE_MB         | 64 (health: 503 below) |
| TABLEKEEPER_JOIN_ATTEMPTS       | JOIN_ATTEMPTS       | 10 failed per minute |
| TABLEKEEPER_AUTO_MIGRATE        | AUTO_MIGRATE        | 1                    |
| TABLEKEEPER_PROXY_HOPS          | PROXY_HOPS          | 0 (no reverse proxy) |
| TABLEKEEPER_TEST_ENGINES        | TEST_ENGINES        | (none; test hook)    |
| TABLEKEEPER_IDEMPOTENCY_RETENTION_HOURS | IDEMPOTENCY_RETENTION_HOURS | 24 |
| TABLEKEEPER_HOSTS               | HOSTS               | (none: localhost names only) |
| TABLEKEEPER_SITE                | SITE                | (none; the Caddy front's site addresses) |
| TABLEKEEPER_CREATES_PER_MINUTE  | CREATES_PER_MINUTE  | 30 per address (0 = no limit) |
| TABLEKEEPER_CORS_ORIGINS        | CORS_ORIGINS        | (none: same origin only) |
| TABLEKEEPER_MAX_URL             | MAX_URL_LENGTH      | 4096                 |
| TABLEKEEPER_MAX_HEADER          | MAX_HEADER_BYTES    | 8190                 |


``TABLEKEEPER_DATABASE`` is a SQLite file path or a ``postgresql://`` URL
(`api.storage.pg`); ``DATABASE_URL``, the usual convention of hosting
platforms, is read when it is not set.

``TABLEKEEPER_HOSTS`` is a comma-separated list of the host names the site is
reached by (``scores.example.org``); the host names of ``TABLEKEEPER_SITE`` (the
addresses the Caddy front of deploy/ serves) count too.  A request whose ``Host``
is none of them nor ``localhost`` or ``127.0.0.1`` is refused 400 ``host_not_allowed``
(Flask's ``TRUSTED_HOSTS``, set in `api.app`), and a write whose ``Origin``
names another host 403 (`api.web.guards`).  ``TABLEKEEPER_CREATES_PER_MINUTE``
bounds the games one client address may create per minute (429 with
``Retry-After`` past it; `api.storage.throttle`).
``TABLEKEEPER_CORS_ORIGINS`` is a comma-separated list of
origins (``https://scores.example.org``) allowed to call the API from another
site; by default none is, and cross-site writes are refused with 403.

``TABLEKEEPER_PROXY_HOPS`` is the number of reverse proxies in front of the
app whose ``X-Forwarded-*`` headers are trusted (the join-code throttle counts
per client address, so behind a proxy it must be set).

``TABLEKEEPER_IDEMPOTENCY_RETENTION_HOURS``: how long a move's Idempotency-Key
is remembered (a retry within it answers the identical body); older records
are pruned.

``TABLEKEEPER_TEST_ENGINES`` is a test hook: a comma-separated list of
``module:attribute`` references to extra engine objects (see
`api.storage.engines`) registered when the app is created, e.g.
``tests.toy_engine:ENGINE``.  Production never sets it.
"""
from __future__ import annotations

import os
from typing import Any, Mapping

DEFAULTS: dict[str, Any] = {
    "DATABASE": "./tablekeeper.db",
    "EDITION_FILE": None,
    "MAX_CONTENT_LENGTH": 1024 * 1024,
    "BUSY_TIMEOUT_MS": 2_000,
    "MIN_FREE_MB": 64.0,
    "JOIN_ATTEMPTS": 10,
    "JOIN_WINDOW_SECONDS": 60,
    "AUTO_MIGRATE": True,
    "TEST_ENGINES": "",
    "PROXY_HOPS": 0,
    "DEFAULT_GAME": "asian_tigers",
    "IDEMPOTENCY_RETENTION_HOURS": 24.0,
    "DB_POOL": 10,
    "STREAMS_PER_GAME": 16,
    "STREAMS_PER_SERVER": 24,
    "STREAM_HEARTBEAT": 15.0,
    "STREAM_LIFETIME": 300.0,
    "HOSTS": "",
    "SITE": "",
    "CREATES_PER_MINUTE": 30,
    "CORS_ORIGINS": "",
    "MAX_URL_LENGTH": 4096,
    "MAX_HEADER_BYTES": 8190,
}

_ENV: dict[str, tuple[str, Any]] = {
    "TABLEKEEPER_DATABASE": ("DATABASE", str),
    "TABLEKEEPER_EDITION": ("EDITION_FILE", str),
    "TABLEKEEPER_MAX_BODY": ("MAX_CONTENT_LENGTH", int),
    "TABLEKEEPER_BUSY_TIMEOUT_MS": ("BUSY_TIMEOUT_MS", int),
    "TABLEKEEPER_MIN_FREE_MB": ("MIN_FREE_MB", float),
    "TABLEKEEPER_JOIN_ATTEMPTS": ("JOIN_ATTEMPTS", int),
    "TABLEKEEPER_AUTO_MIGRATE": ("AUTO_MIGRATE", lambda v: v.strip().lower() not in ("0", "false", "no", "")),
    "TABLEKEEPER_TEST_ENGINES": ("TEST_ENGINES", str),
    "TABLEKEEPER_PROXY_HOPS": ("PROXY_HOPS", int),
    "TABLEKEEPER_IDEMPOTENCY_RETENTION_HOURS": ("IDEMPOTENCY_RETENTION_HOURS", float),
    "TABLEKEEPER_DB_POOL": ("DB_POOL", int),
    "TABLEKEEPER_STREAMS_PER_GAME": ("STREAMS_PER_GAME", int),
    "TABLEKEEPER_STREAMS_PER_SERVER": ("STREAMS_PER_SERVER", int),
    "TABLEKEEPER_STREAM_HEARTBEAT": ("STREAM_HEARTBEAT", float),
    "TABLEKEEPER_HOSTS": ("HOSTS", str),
    "TABLEKEEPER_SITE": ("SITE", str),
    "TABLEKEEPER_CREATES_PER_MINUTE": ("CREATES_PER_MINUTE", int),
    "TABLEKEEPER_CORS_ORIGINS": ("CORS_ORIGINS", str),
    "TABLEKEEPER_MAX_URL": ("MAX_URL_LENGTH", int),
    "TABLEKEEPER_MAX_HEADER": ("MAX_HEADER_BYTES", int),
    "TABLEKEEPER_PWA_DIR": ("PWA_DIR", str),
}


def load_config(overrides: Mapping[str, Any] | None = None, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Defaults, then environment variables, then explicit `overrides`."""
    environ = os.environ if environ is None else environ
    config = dict(DEFAULTS)
    if environ.get("DATABASE_URL") and not environ.get("TABLEKEEPER_DATABASE"):
        config["DATABASE"] = environ["DATABASE_URL"]
    for var, (key, convert) in _ENV.items():
        raw = environ.get(var)
        if raw is not None and raw != "":
            try:
                config[key] = convert(raw)
            except ValueError as exc:
                raise ValueError(f"{var}={raw!r} is not valid: {exc}") from None
    if overrides:
        config.update(overrides)
    return config
