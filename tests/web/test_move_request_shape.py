"""The move body's shape check: the direct path for the usual body gives marshmallow's answer exactly."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError

from api.web.schemas import ApplyActionSchema

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=8)
KIND = st.one_of(st.just("build"), st.text(max_size=3), st.integers(), st.none())
ACTION = st.dictionaries(st.sampled_from(["kind", "space", "amount", "x"]), JSON, max_size=4) | \
    st.builds(lambda kind, rest: {"kind": kind, **rest}, KIND, st.dictionaries(st.text(max_size=4), JSON, max_size=3))
BODY = st.one_of(st.builds(lambda a: {"action": a}, ACTION | JSON),
                 st.builds(lambda a, extra: {"action": a, **extra}, ACTION, st.dictionaries(st.text(max_size=4), JSON,
                                                                                         max_size=2)),
                 JSON)


def _outcome(load, data):
    try:
        return "ok", load(data)
    except ValidationError as exc:
        return "refused", exc.messages


@settings(max_examples=300, deadline=None)
@given(body=BODY)
def test_the_direct_path_agrees_with_marshmallow_on_every_body(body):
    schema = ApplyActionSchema()
    assert _outcome(schema.load, body) == _outcome(lambda d: Schema.load(schema, d), body)


def test_the_usual_body_is_copied_not_shared():
    action = {"kind": "build", "space": "s1"}
    loaded = ApplyActionSchema().load({"action": action})
    assert loaded == {"action": action} and loaded["action"] is not action
    assert _outcome(ApplyActionSchema().load, {"action": {"kind": ""}})[0] == "refused"
    assert _outcome(ApplyActionSchema().load, {"action": {"kind": "x"}, "extra": 1})[0] == "refused"
