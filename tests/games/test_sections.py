"""Issue 18: `sections.changed` lists every place whose value may have changed, and skips the rest cheaply.

Two scalars are compared as they are, strictly (``1`` is not ``true``); inputs made of the very same
objects are skipped without encoding or rendering either side; anything else is decided by keys.
A list that only grew (the pieces) gets its new items added; a parted section (a Tiger) is diffed in
the parts whose keys changed.
"""
from __future__ import annotations

from api.games.sections import (_UNSET, Facts, PartFacts, SectionMemo, Shared, changed, cheap, identical, items,
                                lazy, parted, same, whole)
from api.web import patch


def _never() -> None:
    raise AssertionError("rendered, though its inputs were the very same objects")


def test_the_very_same_inputs_are_skipped_without_a_key_or_a_render():
    shared, pieces = {"funds": 3}, [{"piece": 1}, {"piece": 2}]
    before = [lazy(("a",), (shared, 2), _never), lazy(("b",), lambda: pieces, _never)]
    after = [lazy(("a",), (shared, 2), _never), lazy(("b",), lambda: list(pieces), _never)]  # a new list, same items
    assert changed(before, after) == []
    assert all(s._key is _UNSET and not s.rendered for s in before + after)  # neither encoded nor rendered
    assert [s.key for s in after] == [s.key for s in before]  # keys still come when asked (the next move's "before")


def test_equal_but_distinct_inputs_are_compared_by_keys_and_a_change_is_always_listed():
    before = [lazy(("a",), ({"funds": 3}, 2), lambda: 3), lazy(("b",), ({"funds": 3}, 2), lambda: 3),
              lazy(("c",), [{"x": 1}], lambda: 1)]
    after = [lazy(("a",), ({"funds": 3}, 2), lambda: 3), lazy(("b",), ({"funds": 4}, 2), lambda: 4),
             lazy(("c",), [{"x": True}], lambda: True)]  # 1 is not true
    assert [b.path for b, _ in changed(before, after)] == [("b",), ("c",)]
    assert patch.diff_sections(before, after, None) == [{"op": "replace", "path": "/b", "value": 4},
                                                        {"op": "replace", "path": "/c", "value": True}]


def test_a_shared_object_inside_changed_inputs_does_not_hide_the_change():
    shared = {"funds": 3}
    before = [lazy(("a",), (shared, [1, 2]), lambda: [1, 2])]
    after = [lazy(("a",), (shared, [1, 3]), lambda: [1, 3])]  # the list differs: items compared by identity
    assert changed(before, after) == [(before[0], after[0])]


def test_scalars_are_compared_strictly_and_whole_sections_always_listed():
    before = [cheap(("n",), 1), cheap(("s",), "x"), cheap(("z",), None), cheap(("d",), None), whole(("w",), list)]
    after = [cheap(("n",), True), cheap(("s",), "x"), cheap(("z",), None), cheap(("d",), {"k": 1}), whole(("w",), list)]
    assert [b.path for b, _ in changed(before, after)] == [("n",), ("d",), ("w",)]
    assert patch.diff_sections(before, after, None) == [
        {"op": "replace", "path": "/n", "value": True}, {"op": "replace", "path": "/d", "value": {"k": 1}},
        {"op": "replace", "path": "/w", "value": []}]


def test_views_laid_out_otherwise_are_not_compared():
    assert changed([cheap(("a",), 1)], [cheap(("b",), 1)]) is None
    assert patch.diff_sections([cheap(("a",), 1)], [cheap(("b",), 1)], lambda: "fallback") == "fallback"


def _item(thing: dict) -> dict:
    return {"shown": thing["n"]}


def test_a_list_that_only_grew_gets_its_new_items_added_without_rendering_the_rest():
    first, second, third = {"n": 1}, {"n": 2}, {"n": 3}
    before, after = items(("pieces",), [first, second], _item), items(("pieces",), [first, second, third], _item)
    assert patch.diff_sections([before], [after], None) == [{"op": "add", "path": "/pieces/-", "value": {"shown": 3}}]
    assert not before.rendered and not after.rendered
    assert after.value == [{"shown": 1}, {"shown": 2}, {"shown": 3}]


def test_a_list_whose_items_changed_or_went_is_diffed_as_a_whole():
    first, second = {"n": 1}, {"n": 2}
    # an equal but distinct first item (a state decoded afresh): compared by keys, then by value
    replaced = items(("pieces",), [{"n": 1}, second, {"n": 3}], _item)
    assert patch.diff_sections([items(("pieces",), [first, second], _item)], [replaced], None) == [
        {"op": "add", "path": "/pieces/-", "value": {"shown": 3}}]
    changed_item = items(("pieces",), [{"n": 5}, second, {"n": 3}], _item)
    ops = patch.diff_sections([items(("pieces",), [first, second], _item)], [changed_item], None)
    assert patch.apply({"pieces": [{"shown": 1}, {"shown": 2}]}, ops) == {"pieces": changed_item.value}
    shrunk = items(("pieces",), [first], _item)
    ops = patch.diff_sections([items(("pieces",), [first, second], _item)], [shrunk], None)
    assert patch.apply({"pieces": [{"shown": 1}, {"shown": 2}]}, ops) == {"pieces": [{"shown": 1}]}


def _part(place: str | None, read, shown):
    return place, read, shown


_PART_NAMES = (("head",), ("funds",), ("rows",))  # what each part reads, by name (one object for every view)


def test_a_parted_section_is_diffed_in_the_parts_whose_keys_changed():
    renders = []
    spec = (_part(None, lambda t: t["head"], lambda t: renders.append("head") or {"name": t["head"]}),
            _part("funds", lambda t: t["funds"], lambda t: renders.append("funds") or list(t["funds"])),
            _part("rows", lambda t: t["rows"], lambda t: renders.append("rows") or list(t["rows"])))

    def section(head: str, funds: list, rows: list, people=("Ann",)):
        table = {"head": head, "funds": funds, "rows": rows}
        facts = PartFacts(_PART_NAMES, {name: Shared(table[name]) for name in ("head", "funds", "rows")})
        return parted(("tigers", 0), "tiger", "edition", Shared(list(people)), facts, spec, (table,),
                      lambda values, t: {**values[0], "funds": values[1], "rows": values[2]}, SectionMemo())

    before, after = section("SK", [1, 2], [3]), section("SK", [1, 5], [3])
    assert patch.diff_sections([before], [after], None) == [{"op": "replace", "path": "/tigers/0/funds/1", "value": 5}]
    assert renders == ["funds", "funds"]  # the other parts neither rendered nor walked
    renamed = section("HK", [1, 5], [True])  # a merged part (None place) walked in place; True is not 3
    ops = patch.diff_sections([after], [renamed], None)
    assert patch.apply({"tigers": [after.value]}, ops) == {"tigers": [{"name": "HK", "funds": [1, 5], "rows": [True]}]}
    assert renamed.value == {"name": "HK", "funds": [1, 5], "rows": [True]}
    # another context (the people named in every part): compared whole
    other = section("HK", [1, 5], [True], people=("Bo",))
    assert changed([renamed], [other]) == [(renamed, other)] and renamed.key != other.key


def test_shared_facts_skip_a_part_by_identity_and_never_hide_a_change():
    workers, flags = ["0", "1"], {"SK": "special"}
    facts = [Shared(workers), Shared(flags)]
    again = [Shared(list(workers)), Shared(flags)]  # a copy of strings: the very same items
    assert all(map(same, facts, again)) and again[0]._key is _UNSET  # neither encoded
    assert not same(Shared({"n": 1}), Shared({"n": True}))  # 1 is not true
    assert same(Shared({"n": 1}), Shared({"n": 1}))  # equal but distinct: by keys
    assert not same(Shared([{"n": 1}], keyed=False), Shared([{"n": 1}], keyed=False))  # unkeyed: identity alone
    before = [lazy(("a",), Facts(facts), _never)]
    assert changed(before, [lazy(("a",), Facts(again), _never)]) == []
    after = [lazy(("a",), Facts([Shared(["0", "2"]), Shared(flags)]), lambda: 2)]
    assert changed(before, after) == [(before[0], after[0])]
    one = [lazy(("b",), Shared(flags), _never)]  # a single `Shared` as the inputs
    assert changed(one, [lazy(("b",), Shared(flags), _never)]) == []
    assert len(changed(one, [lazy(("b",), Shared({"SK": True}), lambda: 1)])) == 1
    assert identical(([["a"], ("b", 1)], None), ([["a"], ("b", 1)], None))
    assert not identical([["a"], [1]], [["a"], [True]]) and not identical([[300 + len(workers)]], [[302]])


def _identical_by_definition(a, b) -> bool:
    """`identical` as documented: the same object, or lists/tuples of one kind and length, item by item."""
    if a is b:
        return True
    if type(a) is not type(b) or type(a) not in (list, tuple) or len(a) != len(b):
        return False
    return all(_identical_by_definition(x, y) for x, y in zip(a, b))


def test_random_inputs_skipped_only_when_they_render_alike():
    """Randomized: `identical` agrees with its definition, and `changed` leaves out a place only when its
    render is the same (shared objects, copies of them, equal but distinct ones, changed ones; 1 vs true)."""
    import random

    import orjson

    rng = random.Random(18)
    atoms = ["0", "1", "SK", 1, True, 2, None, 300 + rng.randrange(2)]

    def value(depth: int = 0):
        roll = rng.random()
        if depth > 2 or roll < 0.4:
            return rng.choice(atoms)
        items_ = [value(depth + 1) for _ in range(rng.randrange(4))]
        return items_ if roll < 0.7 else tuple(items_) if roll < 0.85 else {str(i): x for i, x in enumerate(items_)}

    def variant(v):  # the very same object, a copy holding the same items, an equal rebuild, or another value
        roll = rng.random()
        if roll < 0.4:
            return v
        if roll < 0.6 and type(v) in (list, tuple):
            return type(v)(v)
        if roll < 0.8:
            return orjson.loads(orjson.dumps(v)) if type(v) is not tuple else tuple(orjson.loads(orjson.dumps(v)))
        return value()

    for _ in range(400):
        a = value()
        b = variant(a)
        assert identical(a, b) == _identical_by_definition(a, b)
        olds, news = [value() for _ in range(3)], []
        news = [variant(v) for v in olds]
        before = [lazy(("t", 0), tuple(olds), lambda v=olds: orjson.dumps(v).decode()),
                  lazy(("s", 0), Shared(olds[0]), lambda v=olds: orjson.dumps(v[0]).decode()),
                  lazy(("f", 0), Facts([Shared(v) for v in olds]), lambda v=olds: orjson.dumps(v).decode())]
        after = [lazy(("t", 0), tuple(news), lambda v=news: orjson.dumps(v).decode()),
                 lazy(("s", 0), Shared(news[0]), lambda v=news: orjson.dumps(v[0]).decode()),
                 lazy(("f", 0), Facts([Shared(v) for v in news]), lambda v=news: orjson.dumps(v).decode())]
        listed = {b.path for b, _ in changed(before, after)}
        for old_section, new_section in zip(before, after):
            if old_section.path not in listed:
                assert new_section.value == old_section.value
