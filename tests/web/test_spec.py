"""openapi.yaml is valid and matches Flask's routes exactly."""
from __future__ import annotations

import re

from openapi_spec_validator import validate

from tests.contract import CONTRACT

# HTTP answers and wording: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


def test_spec_is_valid_openapi_31():
    assert CONTRACT.spec["openapi"].startswith("3.1")
    validate(CONTRACT.spec)


def _flask_routes(app) -> set[tuple[str, str]]:
    routes = set()
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            routes.add((method, path))
    return routes


def _spec_routes() -> set[tuple[str, str]]:
    methods = {"get", "put", "post", "delete", "patch", "options", "head", "trace"}
    return {(m.upper(), path) for path, item in CONTRACT.spec["paths"].items() for m in item if m in methods}


def test_flask_routes_match_spec_paths_exactly(app):
    flask_routes, spec_routes = _flask_routes(app), _spec_routes()
    assert flask_routes - spec_routes == set(), "routes missing from openapi.yaml"
    assert spec_routes - flask_routes == set(), "documented operations Flask does not serve"


def test_every_operation_documents_errors_and_ids():
    ids = set()
    for path, item in CONTRACT.spec["paths"].items():
        for method, op in item.items():
            if method == "parameters":
                continue
            assert op["operationId"] not in ids
            ids.add(op["operationId"])
            assert {"500", "503"} <= set(op["responses"]), f"{method} {path} lacks 500 or 503"
            if "{game_id}" in path:
                assert "404" in op["responses"], f"{method} {path} lacks 404"
                assert "401" in op["responses"] and "403" in op["responses"], f"{method} {path} lacks auth errors"
            if op.get("requestBody"):
                assert {"400", "413", "422"} <= set(op["responses"]), f"{method} {path} lacks body errors"


def test_every_path_is_under_api():
    assert all(p.startswith("/api/") for p in CONTRACT.spec["paths"])
