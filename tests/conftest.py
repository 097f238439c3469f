"""Shared fixtures: an app on a temporary database with the toy engines registered."""
from __future__ import annotations

import os
import shutil
import uuid

import pytest
from hypothesis import settings

# CI explores the same examples every run, so a landing never depends on the luck of the draw;
# local runs keep exploring new ones.
# No per-example deadline: Hypothesis' default (200 ms) is a timing assertion, and a loaded 2-core machine trips it.
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.register_profile("local", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "local")

from api import create_app
from tests.contract import ContractClient

MOVE_ENDPOINTS = ("actions", "batch", "undo")


class WellBehavedClient(ContractClient):
    """Sends an Idempotency-Key with every move, as the PWA does; `auto_key = False` switches it off."""

    auto_key = True

    def open(self, *args, **kwargs):
        path = args[0] if args and isinstance(args[0], str) else ""
        if self.auto_key and kwargs.get("method") == "POST" and path.rstrip("/").rsplit("/", 1)[-1] in MOVE_ENDPOINTS:
            headers = dict(kwargs.get("headers") or {})
            headers.setdefault("Idempotency-Key", str(uuid.uuid4()))
            kwargs["headers"] = headers
        return super().open(*args, **kwargs)

TEST_ENGINES = "tests.toy_engine:ENGINE,tests.toy_engine_minimal:ENGINE"


# Every storage and web test runs on both backends (ids ``[sqlite]`` and ``[postgresql]``);
# TABLEKEEPER_TEST_BACKENDS=sqlite narrows a local run.  PostgreSQL is a throwaway cluster
# started once per session (tests/pgcluster.py); without it installed the PostgreSQL runs are
# skipped locally and fail in CI (CI set).  A test file whose promises are not about storage may
# opt out of a backend with a module-level ``BACKENDS = ("sqlite",)`` and a one-line reason naming
# where its storage paths are covered on PostgreSQL (docs/testing.md, "The suite's time").
BACKENDS = [b.strip() for b in os.environ.get("TABLEKEEPER_TEST_BACKENDS", "sqlite,postgresql").split(",") if b.strip()]


@pytest.fixture(scope="session")
def pg_cluster():
    """A PostgreSQL server for this test session (stopped at the end)."""
    from tests.pgcluster import Cluster, pg_bin

    if pg_bin() is None:
        message = "PostgreSQL is not installed: apt-get install -y postgresql (make test-deps does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    cluster = Cluster()
    yield cluster
    cluster.stop()


def pytest_generate_tests(metafunc):
    """Run a test that uses `backend` once per backend: every one, or those its module's BACKENDS keeps."""
    if "backend" in metafunc.fixturenames:
        kept = getattr(metafunc.module, "BACKENDS", BACKENDS)
        metafunc.parametrize("backend", [b for b in BACKENDS if b in kept], indirect=True)


@pytest.fixture
def backend(request):
    """The storage backend of this test run: "sqlite" or "postgresql"."""
    return request.param


@pytest.fixture
def db_path(backend, tmp_path, request):
    """A fresh, empty database: a file path (SQLite) or the URL of a new schema (PostgreSQL)."""
    if backend == "sqlite":
        yield str(tmp_path / "tablekeeper.db")
        return
    cluster = request.getfixturevalue("pg_cluster")
    url, schema = cluster.fresh_url()
    yield url
    cluster.drop(schema)


@pytest.fixture
def sqlite_only(backend):
    """Skip a test that checks something only SQLite has (a pragma, the file itself)."""
    if backend != "sqlite":
        pytest.skip("checks a SQLite-only property; its PostgreSQL counterpart is tested separately")


def configured_app(db_path: str, **config):
    """An app as the tests make them, on the database `db_path` (extra config as kwargs)."""
    app = create_app({"DATABASE": db_path, "TEST_ENGINES": TEST_ENGINES, "TESTING": True, "DB_POOL": 4,
                      "CREATES_PER_MINUTE": 0,  # tests create many games from one address; throttle tests set it
                      **config})
    app.test_client_class = WellBehavedClient
    return app


@pytest.fixture
def make_app(db_path):
    """Factory for apps on the same temporary database (extra config as kwargs)."""
    apps = []

    def make(**config):
        apps.append(configured_app(db_path, **config))
        return apps[-1]

    yield make
    for app in apps:
        app.extensions["tablekeeper"].close()


@pytest.fixture
def app(make_app):
    """The app under test."""
    return make_app()


@pytest.fixture
def client(app):
    """A test client whose every response is checked against openapi.yaml."""
    return app.test_client()


@pytest.fixture(scope="module")
def file_app(tmp_path_factory):
    """One SQLite app for a whole file whose tests each work on games of their own or keep nothing on the
    server (the scorers: each request brings its whole table): building an app and its database costs
    ~25 ms of CPU, and such a file made one per test.  A test about what the server stores keeps `app`."""
    app = configured_app(str(tmp_path_factory.mktemp("file-app") / "tablekeeper.db"))
    yield app
    app.extensions["tablekeeper"].close()


@pytest.fixture(scope="module")
def file_client(file_app):
    """A contract client of `file_app`."""
    return file_app.test_client()


@pytest.fixture
def live_server():
    """Factory of real servers (gunicorn as the Procfile starts it, on a free port, healthy):
    ``live_server(env={...}, args=[...], log=path, expect_healthy=True)``; every one it started is
    killed after the test.  Details in `tests.live_server`."""
    from tests.live_server import start_server

    started = []

    def start(**kwargs):
        started.append(start_server(**kwargs))
        return started[-1]

    yield start
    for server in started:
        server.kill()


@pytest.fixture(scope="session")
def pw():
    """The test process's one Playwright (sync API): a second one started while it runs would fail, so the
    browser tests of every folder share it."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e '.[test]' brings playwright")
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    with sync_api.sync_playwright() as p:
        yield p


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: one worker per core and one more, since browser and server tests spend much of their
    time waiting on their own browser and server processes (2 cores: 368 s against 401 s with 2)."""
    return (os.cpu_count() or 1) + 1
