"""The worker classes read gunicorn's settings once (`api.web.workers.SettledConfig`)."""
from __future__ import annotations

import pytest
from gunicorn.config import Config

from api.web.workers import SettledConfig


def test_a_settled_config_answers_as_gunicorns_and_asks_it_once_per_setting(monkeypatch):
    cfg = Config()
    cfg.set("workers", 3)
    asked: list[str] = []
    original = Config.__getattr__
    monkeypatch.setattr(Config, "__getattr__", lambda self, name: asked.append(name) or original(self, name))
    settled = SettledConfig(cfg)
    names = ("workers", "forwarded_allow_ips", "limit_request_line", "errorlog", "pre_request")
    for _ in range(3):
        assert [getattr(settled, n) for n in names] == [original(cfg, n) for n in names]
    assert settled.workers == 3 and settled.is_ssl is cfg.is_ssl
    assert [n for n in asked if n in names] == list(names)  # three rounds of reads, gunicorn asked once each
    with pytest.raises(AttributeError):
        settled.no_such_setting  # noqa: B018 - as gunicorn's Config answers it
