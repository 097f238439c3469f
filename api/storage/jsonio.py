"""JSON for storage, hashing and answers.

The canonical form that state and request hashes are taken of is the
stdlib's (sorted keys, no spaces, UTF-8): ``json.dumps(value, sort_keys=True,
separators=(",", ":"), ensure_ascii=False)``, the form every stored game's
hashes were made with.  What is only parsed back (stored payloads, answers)
is written by orjson, ~10x faster, and by the stdlib for the few values
orjson refuses (integers beyond 64 bits, non-string keys); it is read by the
stdlib, which keeps integers of any size exact (orjson would read one beyond
64 bits as a float).
"""
from __future__ import annotations

import json
from typing import Any

import orjson

_REFUSE = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME  # as the stdlib does


def canonical_bytes(value: Any) -> bytes:
    """The canonical JSON bytes of `value`, for hashing."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def dumps_bytes(value: Any) -> bytes:
    """Compact UTF-8 JSON with the key order kept (engines and editions may depend on it)."""
    try:
        return orjson.dumps(value, option=_REFUSE)
    except TypeError:  # orjson.JSONEncodeError: a big integer, a non-string key, ...
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def dumps(value: Any) -> str:
    """`dumps_bytes` as text (for TEXT columns)."""
    return dumps_bytes(value).decode()


def loads(data: str | bytes) -> Any:
    """Parse JSON, integers of any size exactly."""
    return json.loads(data)


def digest_bytes(hex_digest: str) -> bytes:
    """The stored form of a SHA-256 hex digest (a state or request hash): its 32 bytes."""
    return bytes.fromhex(hex_digest)


def digest_hex(stored: str | bytes) -> str:
    """The hex digest of a stored hash: 32 bytes since migration 0007; SQLite rows from before keep the hex text."""
    return stored if isinstance(stored, str) else bytes(stored).hex()
