"""The Automa card in the reader's language (issue 37): a solo game's view says the Automa's last turn
(``solo.automa_instructions``, which the state keeps in English) in the request's language, each line as the log
says that line, however many moves the human has made since; the phone's engine says the same lines; English is
the English it was.  A move's answer patches a view said in the same language."""
from __future__ import annotations

import functools
import json
import random

import pytest

from api.games import asian_tigers as engine
from api.i18n import language
from api.offline import table as local
from api.web import patch
from tests.games.asian_tigers.presentation.test_presentation_random_games import _options
from tests.helpers import bearer
from tests.i18n.test_view_offline import speaks  # noqa: F401 (the fixture: the phone's engine's language)

LONG = 224  # a seeded solo game whose human makes 4 moves (actions 5-8) after the Automa's turn (action 4)
AFTER = 8  # the actions played: the Automa's lines lie 4 actions back
PAUSED = 9  # a seeded solo game (tiles recorded) whose Automa waits for the human's choice of Tiger once


@functools.cache
def _actions(game: int, count: int) -> tuple:
    """The first `count` actions of seeded game `game` (random legal moves)."""
    state, rng, out = engine.new_game(_options(game), engine.load_edition(), seed=game), random.Random(game), []
    for _ in range(count):
        step = engine.apply(state, rng.choice(engine.legal_actions(state)))
        state, out = step.state, out + [step.action]
    return tuple(out)


@functools.cache
def _paused_actions() -> tuple:
    """The actions of seeded game `PAUSED` up to the move that closes the Automa turn that waited for the human
    (SOLO-AUTOMA-18), and how many of them came before the human's choice."""
    state, rng, out = engine.new_game(_options(PAUSED), engine.load_edition(), seed=PAUSED), random.Random(PAUSED), []
    while not engine.is_over(state):
        step = engine.apply(state, rng.choice(engine.legal_actions(state)))
        state, out = step.state, out + [step.action]
        summary = next((e for e in step.events if e["kind"] == "automa_turn"), None)
        if summary is not None and isinstance(summary["message"]["params"]["line"], str):  # its lines: earlier moves
            return tuple(out)
    raise AssertionError("the seeded game never paused the Automa's turn")


def _play(client, game: int, actions, tag: str) -> dict:
    """A game of seeded `game`'s options over HTTP with `actions` played (in batches): its ids and version."""
    resp = client.post("/api/games", json={"game": "asian_tigers", "options": _options(game), "seed": game})
    assert resp.status_code == 201
    g = resp.get_json()
    url, token, version = f"/api/games/{g['game_id']}", g["table_token"], g["game"]["version"]
    for start in range(0, len(actions), 200):
        resp = client.post(f"{url}/batch", json={"actions": list(actions[start:start + 200])},
                           headers={**bearer(token), "If-Match": f'"{version}"', "Idempotency-Key": f"{tag}-{start}"})
        assert resp.status_code == 200, resp.get_json()
        version = resp.get_json()["version"]
    return {"url": url, "token": token, "version": version}


def _view(client, g: dict, lang: str) -> dict:
    resp = client.get(g["url"], headers={**bearer(g["token"]), "Accept-Language": lang})
    assert resp.status_code == 200 and resp.headers["Content-Language"] == lang
    return resp.get_json()


def _log_lines(client, g: dict, lang: str) -> dict[str, str]:
    """Each Automa line's English text (as the log keeps it) -> its line in `lang`, the latest of each text."""
    entries = client.get(f"{g['url']}/log", headers={**bearer(g["token"]), "Accept-Language": lang}).get_json()
    out = {}
    for entry in entries["entries"]:
        if not entry["reverted"]:
            out.update({e["text"]: line for e, line in zip(entry["events"], entry["lines"])
                        if e["kind"] != "automa_turn" and e["text"].startswith("Automa: ")})
    return out


def _said_in_log(client, g: dict, english: list[str], lang: str) -> list[str]:
    """The Automa's lines `english` as the log says them in `lang` ("Automa: …" with its prefix said away)."""
    said, prefix = _log_lines(client, g, lang), language(lang).gettext("Automa: {line}").split("{line}")[0]
    lines = [said[f"Automa: {line}"] for line in english]
    assert all(line.startswith(prefix) for line in lines)
    return [line[len(prefix):] for line in lines]


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_the_automa_card_is_said_in_the_language_four_moves_after_the_automas_turn(client, lang):
    # SOLO-AUTOMA-01..13: the Automa's turn (its tile, worker, building, influence) as instructions for the table
    actions = _actions(LONG, AFTER)
    g = _play(client, LONG, actions, f"long-{lang}")
    english, said = (_view(client, g, code)["view"]["solo"] for code in ("en", lang))
    assert len(english["automa_instructions"]) >= 4 and english["automa_instructions"][0].startswith("reveal tile")
    log = client.get(f"{g['url']}/log", headers=bearer(g["token"])).get_json()["entries"]
    automa_moves = [e["seq"] for e in log if any(ev["text"].startswith("Automa: ") for ev in e["events"])]
    assert len(log) - automa_moves[-1] >= 4  # the human has made 4 moves since the Automa's last line
    assert said["automa_instructions"] == _said_in_log(client, g, english["automa_instructions"], lang)
    assert not set(said["automa_instructions"]) & set(english["automa_instructions"])
    # English: the engine's own view of the state, byte for byte as before
    state = engine.replay(_options(LONG), engine.load_edition(), LONG, list(actions))
    assert english["automa_instructions"] == engine.view(state)["solo"]["automa_instructions"]
    assert english == {**said, "automa_instructions": english["automa_instructions"]}  # nothing else differs


def test_a_paused_automa_turn_is_said_whole(client):
    # SOLO-AUTOMA-18: the Automa's turn waits for the human's choice of Tiger; its lines span two moves
    actions = _paused_actions()
    g = _play(client, PAUSED, actions[:-1], "paused")
    waiting = _view(client, g, "de")
    assert waiting["decision"]["kind"] == "choose_automa_region"
    english = _view(client, g, "en")["view"]["solo"]["automa_instructions"]
    assert english and waiting["view"]["solo"]["automa_instructions"] == _said_in_log(client, g, english, "de")
    resp = client.post(f"{g['url']}/actions", json={"action": actions[-1]},
                       headers={**bearer(g["token"]), "If-Match": f'"{g["version"]}"', "Idempotency-Key": "choice",
                                "Accept-Language": "de"})
    assert resp.status_code == 200
    update = resp.get_json()["game"]
    view = patch.apply(waiting["view"], update["view_patch"])  # the German view, patched in German
    english = _view(client, g, "en")["view"]["solo"]["automa_instructions"]
    assert len(english) > len(waiting["view"]["solo"]["automa_instructions"])  # lines before and after the pause
    assert view["solo"]["automa_instructions"] == _said_in_log(client, g, english, "de")
    assert view == _view(client, g, "de")["view"]


def test_a_german_phones_patches_undo_included_keep_the_card_german(client):
    # SOLO-AUTOMA-01: the Automa plays after the human's turn; UNDO-01: a move taken back
    g = _play(client, LONG, _actions(LONG, AFTER - 2), "patches")
    held = _view(client, g, "de")
    rest = _actions(LONG, AFTER + 1)[AFTER - 2:]  # two human moves, one more, then the end of turn: the Automa plays
    headers = {**bearer(g["token"]), "Accept-Language": "de"}
    steps = [("actions", {"action": a}) for a in rest] + [("undo", {"count": 1})]
    for i, (path, body) in enumerate(steps):
        resp = client.post(f"{g['url']}/{path}", json=body,
                           headers={**headers, "If-Match": f'"{held["version"]}"', "Idempotency-Key": f"p{i}"})
        assert resp.status_code == 200, resp.get_json()
        update = resp.get_json()["game"]
        assert update["base_version"] == held["version"]
        held = {**held, "version": update["version"], "view": patch.apply(held["view"], update["view_patch"])}
        now = _view(client, g, "de")
        assert held["view"] == now["view"], (path, i)
        english = _view(client, g, "en")["view"]["solo"]["automa_instructions"]
        assert now["view"]["solo"]["automa_instructions"] == _said_in_log(client, g, english, "de")


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_the_phones_engine_says_the_same_lines_as_the_server(client, speaks, lang):  # noqa: F811
    # SOLO-AUTOMA-01, SOLO-AUTOMA-18: the phone's engine from its own events, as the server from the stored ones
    for game, actions in ((LONG, _actions(LONG, AFTER)), (PAUSED, _paused_actions()[:-1]), (PAUSED, _paused_actions())):
        g = _play(client, game, actions, f"offline-{lang}-{len(actions)}")
        server, english = _view(client, g, lang)["view"], _view(client, g, "en")["view"]["solo"]["automa_instructions"]
        speaks(lang)
        opened = json.loads(local.open_json(json.dumps({"game_id": f"g-{game}-{len(actions)}", "edition": None,
                                                        "options": _options(game), "seed": game,
                                                        "actions": list(actions), "meta": {"version": 1}})))
        speaks("en")
        said = opened["view"]["view"]["solo"]["automa_instructions"]
        assert said == server["solo"]["automa_instructions"] and said and not set(said) & set(english)
        assert opened["view"]["view"]["automa_instructions"] == said


def test_a_new_campaign_sessions_opening_line_is_said(client):
    # CAMPAIGN-05: a campaign tile's Era I effect on the Automa, run at setup (before any move)
    g = _play(client, LONG, (), "opening")
    english = _view(client, g, "en")["view"]["solo"]["automa_instructions"]
    said = _view(client, g, "de")["view"]["solo"]["automa_instructions"]
    assert english and len(said) == len(english) and not set(said) & set(english), said
