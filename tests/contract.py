"""Check HTTP responses against openapi.yaml (the hand-written contract).

`ContractClient` is a Flask test client that validates every response it
receives: the status must be documented for the operation, the content type
must match, the JSON body must validate against the operation's response
schema (JSON Schema 2020-12 via jsonschema), declared ETags must be present,
every error under /api must be problem+json, and no response may be a 500.
"""
from __future__ import annotations

import gzip
import json
import re
import threading
from pathlib import Path

import yaml
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).resolve().parents[1] / "openapi.yaml"
SPEC_URI = "urn:tablekeeper:openapi"


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


class Contract:
    """The parsed spec, with lookups and validators."""

    def __init__(self, path: Path = SPEC_PATH):
        self.spec = yaml.safe_load(path.read_text())
        self.registry = Registry().with_resource(SPEC_URI, Resource.from_contents(self.spec, DRAFT202012))
        self.paths = [
            (re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"), template)
            for template in self.spec["paths"]
        ]
        self._validators: dict[str, Draft202012Validator] = {}
        self._lock = threading.Lock()
        self.seen: set[tuple[str, str, str]] = set()

    def resolve(self, node: dict, pointer: str) -> tuple[dict, str]:
        """Follow a local ``$ref`` (non-schema objects), returning the target and its pointer."""
        while "$ref" in node:
            ref = node["$ref"]
            assert ref.startswith("#/"), ref
            pointer = ref[1:]
            node = self.spec
            for part in ref[2:].split("/"):
                node = node[part.replace("~1", "/").replace("~0", "~")]
        return node, pointer

    def validator(self, pointer: str) -> Draft202012Validator:
        """A validator for the schema at `pointer` inside the spec."""
        with self._lock:
            if pointer not in self._validators:
                self._validators[pointer] = Draft202012Validator(
                    {"$ref": f"{SPEC_URI}#{pointer}"}, registry=self.registry)
            return self._validators[pointer]

    def operation(self, method: str, path: str) -> tuple[str, dict] | None:
        """``(template, operation)`` for a concrete request, or None."""
        for regex, template in self.paths:
            if regex.match(path):
                op = self.spec["paths"][template].get(method.lower())
                return (template, op) if op else None
        return None

    def check(self, method: str, path: str, status: int, content_type: str, body: bytes,
              headers) -> None:
        """Assert that one response honours the contract."""
        assert status != 500, f"{method} {path} answered 500: {body[:500]!r}"
        if not path.startswith("/api"):
            return
        body = decoded(body, headers.get("Content-Encoding"))
        mime = (content_type or "").split(";")[0].strip()
        if status >= 400:
            assert mime == "application/problem+json", f"{method} {path} {status}: {mime}"
            problem = json.loads(body)
            errors = list(self.validator("/components/schemas/Problem").iter_errors(problem))
            assert not errors, f"{method} {path} {status}: bad problem {problem}: {errors[0].message}"
            assert problem["status"] == status
        found = self.operation(method, path)
        if found is None:
            assert status in (404, 405), f"{method} {path} is not in openapi.yaml but answered {status}"
            return
        template, op = found
        if method.upper() == "HEAD":
            return
        responses = op["responses"]
        assert str(status) in responses, f"{method} {template}: status {status} is not documented"
        self.seen.add((method.upper(), template, str(status)))
        base = f"/paths/{_escape(template)}/{method.lower()}/responses/{status}"
        response, pointer = self.resolve(responses[str(status)], base)
        if "ETag" in response.get("headers", {}):
            assert headers.get("ETag"), f"{method} {template} {status}: declared ETag is missing"
        content = response.get("content")
        if not content:
            assert not body, f"{method} {template} {status}: unexpected body"
            return
        assert mime in content, f"{method} {template} {status}: content type {mime} not in {list(content)}"
        if mime == "text/event-stream":  # a stream: its events are checked by tests/web/test_events.py
            return
        if "schema" not in content[mime] and "json" not in mime:
            return  # a binary body (the engine bundle's zip): its type is all the spec says
        schema_pointer = f"{pointer}/content/{_escape(mime)}/schema"
        data = json.loads(body)
        errors = sorted(self.validator(schema_pointer).iter_errors(data), key=lambda e: list(e.path))
        assert not errors, (f"{method} {template} {status}: response does not match the spec at "
                            f"{list(errors[0].path)}: {errors[0].message}")


CONTRACT = Contract()


def decoded(body: bytes, encoding: str | None) -> bytes:
    """`body` without its Content-Encoding (zstd, gzip or br), as a client sees it."""
    if encoding == "gzip":
        return gzip.decompress(body)
    if encoding == "br":
        import brotli

        return brotli.decompress(body)
    return body


class ContractClient(FlaskClient):
    """A Flask test client that checks every response against openapi.yaml."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        request = response.request
        streamed = response.mimetype == "text/event-stream"  # reading it here would wait for its end
        CONTRACT.check(request.method, request.path, response.status_code, response.content_type,
                       b"" if streamed else response.get_data(), response.headers)
        return response
