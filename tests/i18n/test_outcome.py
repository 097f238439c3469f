"""A full game's result in the reader's language (issue 37): ``GET …/outcome`` and the provisional
``GET …/score`` say the score lines, tie-breaks, totals and winner line in the request's language; English
is the engine's own text, byte for byte, and the stored outcome never changes (MGMT2-01..06, SCORE-END-01)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from api.games import asian_tigers as engine
from api.i18n import render
from tests.helpers import bearer
from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _strip(tree):
    """`tree` without messages and the words they say: what must not depend on the language."""
    if isinstance(tree, dict):
        return {k: _strip(v) for k, v in tree.items() if not k.endswith("_message") and k not in ("text", "detail")}
    if isinstance(tree, list):
        return [_strip(v) for v in tree]
    return tree


def _play(client, name: str, drop: int = 0) -> tuple[str, dict, dict]:
    """The golden game `name` played on a new game over HTTP, without its last `drop` actions: (url, headers,
    the golden document)."""
    golden = json.loads((GOLDEN / name).read_text())
    created = client.post("/api/games", json={"game": "asian_tigers", "options": golden["options"],
                                              "seed": golden["seed"]})
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    url, auth = f"/api/games/{game['game_id']}", bearer(game["table_token"])
    actions = golden["actions"][:len(golden["actions"]) - drop]
    resp = client.post(f"{url}/batch", json={"actions": actions},
                       headers={**auth, "If-Match": '"1"', "Idempotency-Key": f"golden-{name}-{drop}"})
    assert resp.status_code == 200, resp.get_json()
    return url, auth, golden


def _get(client, url, auth, lang=None):
    resp = client.get(url, headers={**auth, **({"Accept-Language": lang} if lang else {})})
    assert resp.status_code == 200, resp.get_json()
    return resp


@pytest.mark.parametrize("name", ["asian-tigers-3p-advanced-neutral.json", "asian-tigers-solo-automa.json"])
def test_the_outcome_is_said_in_german_and_portuguese(client, name):
    url, auth, golden = _play(client, name)
    english = _get(client, f"{url}/outcome", auth).data
    state = engine.replay(golden["options"], engine.load_edition(golden["edition"]), golden["seed"],
                          golden["actions"])
    # English: the engine's own outcome, no messages (SCORE-END-01).
    assert json.loads(english)["outcome"] == engine.outcome(state)
    assert "_message" not in english.decode()
    for lang, words in (("de", "Wohlstand"), ("pt", "prosperidade")):
        resp = _get(client, f"{url}/outcome", auth, f"{lang}-{lang.upper()},{lang};q=0.9")
        assert resp.headers["Content-Language"] == lang and "Accept-Language" in resp.headers["Vary"]
        said = resp.get_json()["outcome"]
        plain = json.loads(english)["outcome"]
        # Only the words change: every number, id, ranking and flag is the English answer's (MGMT2-04, TIE-07).
        assert _strip(said) == _strip(plain)
        assert len(said["lines"]) == len(plain["lines"])
        for line in said["lines"]:  # every line says its message in the language
            assert line["text"] == render(line["text_message"], lang)
        changed = [line for line, was in zip(said["lines"], plain["lines"]) if line["text"] != was["text"]]
        assert len(changed) == len(said["lines"])
        assert any(words in line["text"] for line in said["lines"] if line["category"] == "prosperity_from_influence")
        assert not any("prosperity" in line["text"] for line in said["lines"])
        ties = said.get("standings_tie_breaks", []) + said.get("final_turn_order_tie_breaks", [])
        for tie in ties:
            assert tie["detail"] == render(tie["detail_message"], lang) != ""
    # Asking in other languages changed nothing: English is byte for byte the same, the stored outcome too.
    assert _get(client, f"{url}/outcome", auth).data == english
    assert _get(client, f"{url}/outcome", auth, "en").data == english


def _details(said, english):
    """(said, English) for every tie-break's detail, anywhere in the outcome."""
    if isinstance(said, dict):
        here = [(said["detail"], english["detail"])] if "detail_message" in said else []
        return here + [pair for k in said if k in english for pair in _details(said[k], english[k])]
    if isinstance(said, list):
        return [pair for mine, theirs in zip(said, english) for pair in _details(mine, theirs)]
    return []


def test_every_tie_breaks_detail_is_said_in_german(client):
    url, auth, _ = _play(client, "asian-tigers-3p-advanced-neutral.json")
    english = _get(client, f"{url}/outcome", auth).get_json()["outcome"]
    pairs = _details(_get(client, f"{url}/outcome", auth, "de").get_json()["outcome"], english)
    assert pairs, "the golden game has ties on investment points (TIE-02, TIE-06)"
    for said, was in pairs:
        assert said != was and "investment points" not in said and "=" in said


def test_the_provisional_score_near_the_end_is_said_in_german_and_portuguese(client):
    url, auth, _ = _play(client, "asian-tigers-2p.json", drop=3)
    english = _get(client, f"{url}/score", auth)
    body = english.get_json()
    assert body["over"] is False and body["score"]["final"] is False
    assert "_message" not in english.data.decode()
    for lang in ("de", "pt"):
        resp = _get(client, f"{url}/score", auth, lang)
        assert resp.headers["Content-Language"] == lang
        said = resp.get_json()
        assert said["over"] is False and _strip(said["score"]) == _strip(body["score"])
        for line in said["score"]["lines"]:
            assert line["text"] == render(line["text_message"], lang)
        assert sum(line["text"] != was["text"] for line, was in zip(said["score"]["lines"], body["score"]["lines"])) \
            == len(body["score"]["lines"])
    assert _get(client, f"{url}/score", auth).data == english.data


def test_a_finished_games_score_is_its_outcome_in_german(client):
    url, auth, _ = _play(client, "asian-tigers-2p.json")
    score = _get(client, f"{url}/score", auth, "de").get_json()["score"]
    outcome = _get(client, f"{url}/outcome", auth, "de").get_json()["outcome"]
    assert score["final"] is True and {k: v for k, v in score.items() if k != "final"} == outcome


def test_the_phones_own_engine_gives_the_outcome_as_messages(client):
    """What the phone's engine answers (api/offline/table.py) carries the messages the phone says; said in
    Portuguese they are the server's Portuguese lines (SCORE-END-01)."""
    from api.i18n import localize
    from api.offline import table

    url, auth, golden = _play(client, "asian-tigers-4p.json")
    opened = json.loads(table.open_json(json.dumps({"game_id": "outcome-pt", "edition": golden["edition"],
                                                    "options": golden["options"], "seed": golden["seed"],
                                                    "actions": golden["actions"], "meta": {"version": 1}})))
    assert opened["ok"], opened
    answer = json.loads(table.outcome_json("outcome-pt"))
    assert answer["ok"] and all("text_message" in line for line in answer["outcome"]["lines"])
    english = _get(client, f"{url}/outcome", auth).get_json()["outcome"]
    assert _strip(answer["outcome"]) == _strip(english)
    assert [line["text"] for line in answer["outcome"]["lines"]] == [line["text"] for line in english["lines"]]
    server = _get(client, f"{url}/outcome", auth, "pt").get_json()["outcome"]
    said = localize(answer["outcome"], "pt")
    # The sentences are the server's; the phone's engine names the Tigers and nations in English (it is not told
    # the language): the server's Portuguese names put back in English give the phone's lines word for word.
    from api.games.asian_tigers.presentation.labels import component_names
    edition = engine.load_edition()
    names = [(component_names(edition, "pt")[f][c], n) for f in ("tigers", "nations")
             for c, n in component_names(edition)[f].items()]

    def in_english(text):
        for pt, en in sorted(names, key=lambda pair: -len(pair[0])):
            text = text.replace(pt, en)
        return text
    assert [line["text"] for line in said["lines"]] == [in_english(line["text"]) for line in server["lines"]]
    assert any("prosperidade" in line["text"] for line in said["lines"])
