"""Issue 30: one function builds the game view the API answers, for the server and for the phone's engine."""
from __future__ import annotations

from api.games import asian_tigers
from api.games.envelope import HOISTED, STATIC_IN_VIEW, edition_summary, game_envelope, split_view

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]
RECORD = {"game_id": "g1", "game": "asian_tigers", "version": 3, "status": "active", "role": "table",
          "live_actions": 2, "head_seq": 4, "options": {"players": PLAYERS}, "seed": 7,
          "edition": {"id": "x"}, "created_at": "t0", "updated_at": "t1"}


def _state():
    return asian_tigers.new_game({"players": PLAYERS}, asian_tigers.load_edition(), 7)


def test_the_envelope_gives_whose_turn_once_and_the_board_without_static_parts():
    state = _state()
    whole = asian_tigers.view(state)
    body = game_envelope(whole, over=False, **RECORD)
    assert (body["current_seat"], body["decision"], body["legal_actions"]) == (
        whole["current_seat"], whole["decision"], whole["legal_actions"])
    assert body["legal_actions"] == asian_tigers.legal_actions(state) and body["legal_actions"]
    assert not (set(HOISTED) | set(STATIC_IN_VIEW)) & set(body["view"])
    assert set(body["view"]) | set(HOISTED) | set(STATIC_IN_VIEW) == set(whole)
    assert body["view"]["choices"] == whole["choices"]  # the engine's own parts, untouched
    assert body["can_undo"] is True and body["head_seq"] == 4 and body["version"] == 3
    assert body["links"]["why_not"] == "/api/games/g1/why-not" and body["links"]["self"] == "/api/games/g1"
    assert {k: body[k] for k in RECORD} == RECORD


def test_a_finished_game_lists_no_legal_action_and_nothing_to_undo_without_actions():
    whole = asian_tigers.view(_state())
    body = game_envelope(whole, over=True, **{**RECORD, "live_actions": 0})
    assert body["over"] is True and body["legal_actions"] == [] and body["can_undo"] is False


def test_split_view_leaves_the_engines_view_unchanged():
    whole = asian_tigers.view(_state())
    before = repr(whole)
    hoisted, board = split_view(whole, False)
    assert repr(whole) == before
    board.clear()
    hoisted["legal_actions"].clear()
    assert repr(whole) == before


def test_the_editions_short_form_reads_its_marking_from_the_document():
    document = {"edition": {"id": "e1", "status": "PLACEHOLDER"},
                "provenance": {"/b": "placeholder", "/a": "placeholder", "/c": "rulebook"}}
    short = edition_summary(document, "h", 5, ("/a/1",))
    assert short == {"id": "e1", "content_hash": "h", "status": "PLACEHOLDER", "placeholder_count": 5,
                     "placeholder_sections": ["/a", "/b"], "placeholder_paths_used": ["/a/1"]}
    assert edition_summary({}, "h", 0, None)["placeholder_paths_used"] is None
