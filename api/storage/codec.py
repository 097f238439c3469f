"""JSON encoding for storage, hashing and responses: orjson, with the stdlib as the reference.

orjson (a kept C extension) is ~10x faster than the stdlib encoder, but its
bytes differ from ``json.dumps`` in a few places that matter for hashing:
floats in exponent range (``1e16`` vs ``1e+16``, ``0.00001`` vs ``1e-05``),
and it refuses what the stdlib accepts (integers beyond 64 bits, non-string
keys).  `canonical_bytes` therefore falls back to the stdlib whenever orjson
refuses a value or its output *could* contain such a float, so a state hash
is always the SHA-256 of exactly the bytes of
``json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``
— the hashes of games stored before orjson arrived do not change
(``tests/storage/test_codec.py`` checks it property by property, and the
golden games replay to their recorded hashes).

`dumps_bytes` (storage and responses, key order kept) needs no such care:
what it writes is parsed back, never hashed, and both encoders round-trip
floats exactly.
"""
from __future__ import annotations

import json
from typing import Any

import orjson

_SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
_PLAIN = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
# Where orjson and the stdlib may disagree: a float with an exponent (orjson writes a lowercase
# "e" after a digit) or a tiny float written out in full ("0.00001").  Matching inside a string is
# harmless (the stdlib then encodes the value).  A digit then "e" is found as "0e" once every digit
# is mapped to "0" and every other byte but "e" to a space (`_DIGITS`): one table pass and one literal
# search, two thirds of the instructions of the regular expression ``e(?<=[0-9]e)`` it stands for.
_EXPONENT = b"0e"
_TINY = b"0.0000"
# orjson reads an integer beyond 64 bits as a float; such a number has at least 19 digits in a row
# (no float either encoder writes does), found as a literal once mapped by `_DIGITS`.
_LONG_RUN = b"0" * 19
_DIGITS = bytes(48 if 48 <= i <= 57 else 101 if i == 101 else 32 for i in range(256))  # digit -> 0, e kept


def _suspect_float(out: bytes) -> bool:
    return _TINY in out or _EXPONENT in out.translate(_DIGITS)


def _long_integer(raw: bytes) -> bool:
    return _LONG_RUN in raw.translate(_DIGITS)


def _refuse(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def std_canonical(value: Any) -> str:
    """The reference canonical form (sorted keys, no spaces, UTF-8 text) with the stdlib."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def std_dumps(value: Any) -> str:
    """The reference compact form (key order kept) with the stdlib."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def canonical_bytes(value: Any) -> bytes:
    """UTF-8 bytes identical to `std_canonical(value).encode()`, fast when orjson can give them."""
    try:
        out = orjson.dumps(value, default=_refuse, option=_SORTED)
    except TypeError:  # orjson.JSONEncodeError is a TypeError: big int, non-str key, surrogate, ...
        return std_canonical(value).encode()
    if _suspect_float(out):
        return std_canonical(value).encode()
    return out


def dumps_bytes(value: Any) -> bytes:
    """Compact UTF-8 JSON with the key order kept (engines and editions may depend on it)."""
    try:
        return orjson.dumps(value, default=_refuse, option=_PLAIN)
    except TypeError:
        return std_dumps(value).encode()


def dumps(value: Any) -> str:
    """`dumps_bytes` as text (for TEXT columns)."""
    return dumps_bytes(value).decode()


def digest_bytes(hex_digest: str) -> bytes:
    """The stored form of a SHA-256 hex digest (a state or request hash): its 32 bytes, half the hex text."""
    return bytes.fromhex(hex_digest)


def digest_hex(stored: str | bytes) -> str:
    """The hex digest of a stored hash: 32 bytes since migration 0007; SQLite rows from before keep the hex text."""
    return stored if isinstance(stored, str) else bytes(stored).hex()


def loads(data: str | bytes) -> Any:
    """Parse JSON written by `dumps` (or by the stdlib before it), integers of any size exactly."""
    raw = data.encode() if isinstance(data, str) else data
    if _long_integer(raw):
        return json.loads(raw)
    return orjson.loads(raw)
