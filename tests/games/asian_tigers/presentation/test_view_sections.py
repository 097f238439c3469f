"""Issue 18: the view rendered in sections and memoised by their inputs is the view rendered afresh,
and the patch built section by section turns the previous view into the next one exactly.

The memo is keyed by what each section reads, not by the game: one memo serves every game here (as a
worker's does), so a section rendered for one game or move is reused for others whenever its inputs
encode the same.  A wrong fingerprint (an input left out) shows up as a memoised section that differs
from the fresh render.  Two memos stand for gunicorn's two workers, each move served by either; the
patch is also checked between states further apart (an undo goes back several moves).
"""
from __future__ import annotations

import random

import orjson

from api.games.asian_tigers import apply, is_over, legal_actions, new_game, view
from api.games.asian_tigers.view import view_sections
from api.games.asian_tigers.presentation.board import board_model
from api.games.sections import Facts, SectionMemo, Shared, assemble, changed
from api.web import patch
from tests.games.asian_tigers.builders import edition, players, recorded_options

# 2, 3, 4 players, a recorded setup (Era II draws recorded: ERA2-03), solo with drawn and recorded tiles.
OPTIONS = [{"players": players(2)}, {"players": players(3)}, {"players": players(4)}, recorded_options(3),
           {"players": [{"name": "Ann", "color": "green"}], "solo": {"difficulty": 2}},
           {"players": [{"name": "Ann", "color": "green"}], "solo": {"difficulty": 3, "tiles": "recorded"}},
           {"players": players(4)}, {"players": players(2)}]
SKIP = frozenset({"current_seat", "decision", "legal_actions", "options", "edition"})  # hoisted/static (web)


def _board(sections) -> dict:
    return assemble(sections, SKIP)


def _sent(sections) -> list:
    """The sections a move's patch covers (the web layer sends the hoisted and static parts apart)."""
    return [s for s in sections if s.path[0] not in SKIP]


def _games():
    """(game number, states from the first question to the end) of random legal play."""
    for number, options in enumerate(OPTIONS):
        state, rng, states = new_game(options, edition(), number), random.Random(number), []
        while True:
            states.append(state)
            if is_over(state):
                break
            state = apply(state, rng.choice(legal_actions(state))).state
        yield number, states


def test_memoised_sections_equal_a_fresh_render_and_patches_follow_every_move():
    workers = [SectionMemo(), SectionMemo()]
    pick = random.Random(18)
    checked = 0
    for number, states in _games():
        previous = None
        for index, state in enumerate(states):
            memo = workers[pick.randrange(2)]
            sections = view_sections(state, memo)
            fresh = view(state)
            assert orjson.dumps(assemble(sections)) == orjson.dumps(fresh)  # keys in order, 1 is not true
            assert fresh["board_model"] == board_model(state)  # the plain, unsectioned board model
            if previous is not None:
                # the previous state's sections as the *other* worker sees them: found in its memo or rendered
                before = view_sections(previous, workers[pick.randrange(2)])
                ops = patch.diff_sections(_sent(before), _sent(sections), lambda: None)
                # strict JSON equality (1 is not true); a patch does not keep an object's key order
                assert patch.same(patch.apply(_board(view_sections(previous)), ops), _board(view_sections(state)))
                assert {op["op"] for op in ops} <= {"add", "remove", "replace"}
            if index > 5 and index % 9 == 0:  # an undo of several moves: from here back to an earlier state
                earlier = states[index - 1 - pick.randrange(5)]
                ops = patch.diff_sections(_sent(view_sections(state, memo)), _sent(view_sections(earlier, memo)),
                                          lambda: None)
                assert patch.same(patch.apply(_board(view_sections(state)), ops), _board(view_sections(earlier)))
            previous = state
            checked += 1
    assert checked > 800
    assert all(m.hits > m.misses for m in workers)  # most sections are found, across moves and games


def test_an_unchanged_section_is_neither_rendered_nor_sent():
    state = new_game({"players": players(4)}, edition(), 5)
    memo = SectionMemo()
    before = view_sections(state, memo)
    after = view_sections(apply(state, legal_actions(state)[0]).state, memo)
    ops = patch.diff_sections(_sent(before), _sent(after), lambda: None)
    touched = {op["path"].split("/")[1] for op in ops}
    assert "choices" in touched  # new with every move: replaced whole
    unchanged = [b for a, b in zip(before, after) if a.key == b.key and b.key is not None and not b.whole]
    assert any(s.path[:2] == ("board_model", "tigers") for s in unchanged)  # a placement leaves most Tigers alone
    assert not any(s.rendered for s in unchanged if s.path[0] in ("board_model", "board", "players"))  # never rendered


def test_a_changed_tiger_renders_only_the_parts_that_changed():
    # PLACE-01/PLACE-05: a worker in an investment centre fixes the centre's type and pays funds on that
    # Tiger: its centres and its participants' standing change, its spaces, satellites and markets do not.
    state = new_game({"players": players(4)}, edition(), 7)
    placement = next(a for a in legal_actions(state) if a["kind"] == "place_worker" and "." in a["center"])
    tiger = placement["center"].split(".")[0]
    index = list(state.edition.tigers).index(tiger)
    after_state = apply(state, placement).state
    memo = SectionMemo()

    def tiger_section(s):
        return next(x for x in view_sections(s, memo) if x.path == ("board_model", "tigers", index))

    before, after = tiger_section(state), tiger_section(after_state)
    assert before.key != after.key
    old, new = before.value, after.value
    assert new == view(after_state)["board_model"]["tigers"][index]  # the parts join into the fresh render
    for part in ("spaces", "satellites", "local_markets"):
        assert new[part] is old[part]  # found in the memo: the very object, skipped by a patch at once
    assert new["centers"] != old["centers"] and new["participants"] != old["participants"]
    ops = patch.diff_sections([before], [after], lambda: None)
    assert ops and all(op["path"].split("/")[4] in ("centers", "participants") for op in ops)


def test_rendered_and_compared_views_leave_no_cyclic_garbage():
    # Issue 18: a move's dead views must be freed by reference counting, not wait for the cyclic GC
    # (a section whose render closes over the section itself would make each one a cycle).
    import gc

    number, states = next(_games())
    memo = SectionMemo()
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        previous = None
        for state in states[:60]:
            sections = view_sections(state, memo)
            if previous is not None:
                patch.diff_sections(_sent(previous), _sent(sections), lambda: None)
            assemble(sections)
            previous = sections
        previous = sections = None
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()


def test_places_skipped_as_the_same_objects_have_equal_keys_in_real_play():
    # Issue 18: `sections.changed` skips a player, a player board or the pieces when the engine's
    # copy-on-write left them the very same objects; a fresh render of both states keys them alike.
    from api.games.sections import _UNSET, changed

    memo, shortcuts = SectionMemo(), 0
    for number, states in _games():
        if number > 2:
            break
        previous = _sent(view_sections(states[0], memo))
        for before_state, state in zip(states, states[1:]):
            sections = _sent(view_sections(state, memo))
            listed = {after.path for _, after in changed(previous, sections)}
            fresh_before, fresh_after = _sent(view_sections(before_state)), _sent(view_sections(state))
            for old, new, used in zip(fresh_before, fresh_after, sections):
                if new.path not in listed:
                    assert old.key == new.key, new.path
                    shortcuts += used._key is _UNSET and used._inputs is not _UNSET  # skipped without a key
            previous = sections
    assert shortcuts > 100


def test_no_two_places_of_a_view_are_one_object():
    # Shared renders (memo values, a seat's sectors and rows, empty spaces) are shared between views,
    # never between two places of one view that a patch changes inside: a copy that keeps shared
    # objects shared (copy.deepcopy, as `patch.apply` uses) would otherwise see a change at one place
    # at the other too.  (The whole sections, replaced whole, may repeat a legal action in `choices`.)
    memo = SectionMemo()
    for number, states in _games():
        if number > 1:
            break
        for state in states[::7]:
            seen: dict[int, object] = {}
            shown = assemble(view_sections(state, memo))
            pending = [shown["board_model"], shown["board"], shown["players"]]
            while pending:
                value = pending.pop()
                if isinstance(value, (dict, list)):
                    assert id(value) not in seen, value
                    seen[id(value)] = value
                    pending.extend(value.values() if isinstance(value, dict) else value)


def _shared_like_copy_on_write(previous, state):
    """`state` with every board container that reads as `previous`'s replaced by that very object, as the
    engine's copy-on-write leaves what a move did not write (one object shared by both states)."""
    from api.games.asian_tigers.presentation.board import SHARED_FIELDS

    for name in SHARED_FIELDS + ("pieces", "turn_order", "pending_bonuses"):
        old, new = getattr(previous, name), getattr(state, name)
        if old is not new and orjson.dumps(old) == orjson.dumps(new):
            setattr(state, name, old)
    return state


def test_containers_shared_between_states_skip_sections_by_identity_and_never_hide_a_change():
    # Issue 18: with containers shared as copy-on-write shares them, the board in codes, the Tigers' parts
    # and the market are skipped by identity; the patch still turns each view into the next exactly.
    memo, skipped = SectionMemo(), 0
    for number, options in enumerate(OPTIONS[:3]):
        state, rng = new_game(options, edition(), number), random.Random(number)
        held = _sent(view_sections(state, memo))
        while not is_over(state):
            previous, state = state, _shared_like_copy_on_write(state, apply(state, rng.choice(legal_actions(state))).state)
            sections = _sent(view_sections(state, memo))
            listed = {after.path for _, after in changed(held, sections)}
            for before, after in zip(held, sections):
                mine, theirs = after._inputs, before._inputs
                if type(mine) is Shared:
                    mine, theirs = [mine], [theirs]
                elif type(mine) is not Facts:
                    continue
                if all(a.value is b.value for a, b in zip(theirs, mine)):
                    assert after.path not in listed  # the very same containers: skipped
                    skipped += 1
            ops = patch.diff_sections(held, sections, lambda: None)
            assert patch.same(patch.apply(_board(view_sections(previous)), ops), _board(view_sections(state)))
            held = sections
    assert skipped > 1000


def test_choice_parts_are_sent_only_where_they_changed():
    # Issue 18: `choice_parts` (a choose_build's spaces and sectors, each once) is null between builds and
    # is not sent then; from one factored question to the next (a build, then the university's departments)
    # only the parts that differ travel, never the whole object again.
    memo, quiet, partial = SectionMemo(), 0, 0
    for seed in range(6):
        state, rng = new_game({"players": players(3)}, edition(), seed), random.Random(seed)
        before = view_sections(state, memo)
        while not is_over(state):
            state = apply(state, rng.choice(legal_actions(state))).state
            after = view_sections(state, memo)
            ops = [op for op in patch.diff_sections(_sent(before), _sent(after), lambda: None)
                   if op["path"].split("/")[1] == "choice_parts"]
            old, new = (next(s for s in v if s.path == ("choice_parts",)).value for v in (before, after))
            if old is None and new is None:
                assert ops == []
                quiet += 1
            elif old is not None and new is not None:
                assert all(op["path"] != "/choice_parts" for op in ops), ops  # never the whole object again
                changed_keys = {k for k in set(old) | set(new) if old.get(k) != new.get(k)}
                assert {op["path"].split("/")[2] for op in ops} == changed_keys
                partial += 1
            before = after
    assert quiet > 100 and partial > 5, (quiet, partial)
