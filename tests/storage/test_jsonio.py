"""`api.storage.jsonio`: hashes are taken of the stdlib canonical form; what is stored reads back exactly."""
from __future__ import annotations

import hashlib
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from api.storage import jsonio
from api.storage.engines import state_hash

_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
    st.sampled_from([1e16, 1e-5, 1.5e300, 123456789012345678.0, 5e-324, -0.0, 0.0001, "1e5", "0.00001"]),
)
_json = st.recursive(_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)), max_leaves=30)


def _std_canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@settings(max_examples=200, deadline=None)
@given(_json)
def test_storage_encoding_round_trips_exactly(value):
    back = jsonio.loads(jsonio.dumps_bytes(value))
    assert _std_canonical(back) == _std_canonical(value)  # floats, key order, big ints survive
    assert json.loads(jsonio.dumps(value)) == value or _has_negative_zero(value)


def _has_negative_zero(value) -> bool:
    if isinstance(value, float):
        return value == 0 and math.copysign(1, value) < 0
    if isinstance(value, list):
        return any(_has_negative_zero(v) for v in value)
    if isinstance(value, dict):
        return any(_has_negative_zero(v) for v in value.values())
    return False


def test_key_order_is_kept_for_storage_and_sorted_for_hashing():
    value = {"b": 1, "a": {"d": 2, "c": 3}}
    assert jsonio.dumps(value) == '{"b":1,"a":{"d":2,"c":3}}'
    assert jsonio.canonical_bytes(value) == b'{"a":{"c":3,"d":2},"b":1}'


def test_state_hash_is_sha256_of_the_stdlib_form():
    state = {"players": [{"name": "Zoë", "funds": {"SK": 3}}], "era": 1, "note": "\x00\u2028", "x": 1e16}
    expected = hashlib.sha256(b'{"era":1,"note":"\\u0000\xe2\x80\xa8","players":[{"funds":{"SK":3},'
                              b'"name":"Zo\xc3\xab"}],"x":1e+16}').hexdigest()
    assert state_hash(state) == expected


@pytest.mark.parametrize("value", [{1: "int key"}, 2**80, {"deep": [2**65]}])
def test_what_orjson_refuses_is_stored_by_the_stdlib_and_read_back_exactly(value):
    assert jsonio.loads(jsonio.dumps(value)) == json.loads(json.dumps(value))


def test_a_lone_surrogate_is_refused():
    with pytest.raises(UnicodeEncodeError):
        jsonio.canonical_bytes({"name": "\ud800"})
