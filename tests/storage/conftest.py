"""Storage fixtures: a migrated database and a repository with the toy engines."""
from __future__ import annotations

import hashlib

import pytest

from api.storage import Storage
from api.storage.engines import default_registry
from api.storage.migrations import migrate
from api.storage.models import Idempotency
from tests.conftest import TEST_ENGINES

PLAYERS = {"players": [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]}


@pytest.fixture
def storage(db_path):
    """Storage on a fresh, migrated database."""
    store = Storage(db_path, default_registry(TEST_ENGINES))
    migrate(store.repository().db)
    yield store
    store.close()


@pytest.fixture
def repo(storage):
    """A repository on this thread's connection."""
    return storage.repository()


def toy_edition(repo, pile: int = 21):
    """The toy edition with a pile of `pile` counters."""
    engine = repo.engine("toy")
    return engine.load_edition({**engine.load_edition().document, "pile": pile})


def render(result, full=False):
    """A minimal move answer (`full` is the ``?full=1`` flag, which it ignores)."""
    return 200, {"version": result.game.record.version, "undone": result.undone,
                 "seqs": [a["seq"] for a in result.applied]}


TAKE1 = {"kind": "take", "amount": 1}


def idem(key: str, body: str = "h") -> Idempotency:
    """An Idempotency-Key with the request hash of `body` (a SHA-256 hex digest, as the web layer makes)."""
    return Idempotency(key, hashlib.sha256(body.encode()).hexdigest())
