"""A gunicorn worker freezes its warmed-up heap out of garbage collection and makes full collections
rarer (why: api.web.gunicorn_conf); the setting must not leak into the test process."""
from __future__ import annotations

import gc

from api.web import gunicorn_conf


def test_a_worker_freezes_its_warm_heap_and_raises_the_full_collection_threshold():
    before = gc.get_threshold()
    try:
        gunicorn_conf.tune_garbage_collector()
        assert gc.get_threshold() == gunicorn_conf.GC_THRESHOLDS
        assert gc.get_threshold()[2] > before[2]
        assert gc.get_freeze_count() > 0  # what was loaded so far is left out of every collection
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
