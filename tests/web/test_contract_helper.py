"""The response checker itself catches contract breaches (so green tests mean something)."""
from __future__ import annotations

import json

import pytest

from tests.contract import CONTRACT

PROBLEM = {"type": "urn:tablekeeper:problem:x", "title": "T", "status": 404, "detail": "d", "code": "x"}


def check(method, path, status, body, ctype="application/json", headers=None):
    raw = json.dumps(body).encode() if body is not None else b""
    CONTRACT.check(method, path, status, ctype, raw, headers or {})


def test_accepts_a_valid_health_response():
    check("GET", "/api/health", 200, {"status": "ok", "schema": "0001", "engines": {}})


@pytest.mark.parametrize("method,path,status,body,ctype", [
    ("GET", "/api/health", 200, {"status": "ok"}, "application/json"),
    ("GET", "/api/health", 200, {"status": "ok", "schema": None, "engines": {}, "extra": 1}, "application/json"),
    ("GET", "/api/health", 418, PROBLEM | {"status": 418}, "application/problem+json"),
    ("GET", "/api/health", 500, PROBLEM | {"status": 500}, "application/problem+json"),
    ("GET", "/api/games/abc", 404, PROBLEM, "application/json"),
    ("GET", "/api/games/abc", 404, {"code": "x"}, "application/problem+json"),
    ("POST", "/api/games", 201, {"game_id": "a"}, "application/json"),
    ("GET", "/api/undocumented", 200, {}, "application/json"),
])
def test_rejects_breaches(method, path, status, body, ctype):
    with pytest.raises(AssertionError):
        check(method, path, status, body, ctype)


def test_declared_etag_must_be_present():
    with pytest.raises(AssertionError):
        check("GET", "/api/games/abc", 304, None, "", {})
    check("GET", "/api/games/abc", 304, None, "", {"ETag": '"3"'})
