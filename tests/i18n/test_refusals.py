"""Every refusal the Asian Tigers engine and the server say, in the request's language (issue 37).

Over HTTP: an illegal move, a malformed one, a stale answer and a refused new game answer their
problem+json in German or Portuguese (``title``, ``detail``, the engine's ``message``), with the
same ``code`` and ``rule`` as in English; English stays word for word what the engine says.  In the
code: every refusal the engine raises is a message (``msg``/``msg_n``), and every such message is
translated in every language.
"""
from __future__ import annotations

import ast
import uuid
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from api.games import asian_tigers
from api.games.asian_tigers.engine import apply
from api.games.asian_tigers.errors import RulesError
from api.i18n import LANGUAGES, gettext, render
from tests.helpers import PLAYERS, bearer
from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)
from tools.i18n import po_path

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


ROOT = Path(__file__).resolve().parents[2]
AT = ROOT / "api/games/asian_tigers"
# The modules whose refusals are messages (babel.cfg's h37refuse block).
MODULES = ["errors.py", "engine.py", "setup.py", *[f"turn/{p.name}" for p in sorted((AT / "turn").glob("*.py"))],
           *[f"management/{p.name}" for p in sorted((AT / "management").glob("*.py"))],
           "solo/automa.py", "solo/automa_bonuses.py", "solo/options.py"]
ERRORS = {"RulesError", "ActionShapeError", "IllegalActionError", "StaleDecisionError", "GameOverError", "SetupError",
          "Refusal", "_fail", "_bad_draw"}
MESSAGE_AT = {"_bad_draw": 1}  # the argument that carries the message (the first, elsewhere)


@pytest.fixture
def game(client):
    """An Asian Tigers game as ``POST /api/games`` answered it (seed 3), as in tests/web."""
    resp = client.post("/api/games", json={"game": "asian_tigers", "options": {"players": PLAYERS[:3]}, "seed": 3})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def post_action(client, game: dict, action: dict, lang: str | None = None):
    headers = {**bearer(game["table_token"]), "If-Match": f'"{game["game"]["version"]}"',
               "Idempotency-Key": uuid.uuid4().hex, **({"Accept-Language": lang} if lang else {})}
    return client.post(f"/api/games/{game['game_id']}/actions", json={"action": action}, headers=headers)


def engine_refusal(action: dict) -> RulesError:
    """What the engine raises for `action` on the `game` fixture's state (seed 3)."""
    state = asian_tigers.new_game({"players": PLAYERS[:3]}, asian_tigers.load_edition(), 3)
    with pytest.raises(RulesError) as caught:
        apply(state, action)
    return caught.value


def refused_move(client, game: dict) -> dict:
    """A candidate the current decision refuses (a worker on a centre it may not take: PLACE-*/TRADE-*)."""
    why = client.get(f"/api/games/{game['game_id']}/why-not", headers=bearer(game["table_token"])).get_json()
    assert why["why_not"], "the opening decision refuses some centre"
    return why["why_not"][0]["action"]


@pytest.mark.parametrize("lang, title", [("de", "Unerlaubter Zug"), ("pt", "Jogada ilegal")])
def test_an_illegal_move_is_refused_in_the_requests_language(client, game, lang, title):
    action = refused_move(client, game)
    english = post_action(client, game, action).get_json()
    resp = post_action(client, game, action, lang)
    assert resp.status_code == 422 and resp.headers["Content-Language"] == lang
    assert "Accept-Language" in resp.headers["Vary"]
    said = resp.get_json()
    assert said["title"] == title and english["title"] == "Illegal action"
    assert (said["code"], said["rule"]) == (english["code"], english["rule"])  # the ids never change
    message = said["engine"]["message_message"]
    assert gettext(message["id"], lang) != message["id"]  # the catalogue has it
    assert said["detail"] == said["engine"]["message"] == render(message, lang) != english["detail"]
    # English is the engine's own text, names in words, as before
    assert english["detail"] == english["engine"]["message"] == engine_refusal(action).message


def test_a_malformed_and_a_stale_answer_in_german(client, game):
    # unknown_action_kind (no rule) and TURN-04: answering a decision that is no longer the current one
    unknown = post_action(client, game, {"kind": "dance"}, "de").get_json()
    assert unknown["code"] == "unknown_action_kind" and unknown["detail"].startswith("unbekannte Zugart 'dance'; bekannt:")
    decision = game["game"]["decision"]["id"]
    stale = post_action(client, game, {**game["game"]["legal_actions"][0], "decision": decision + 5}, "de").get_json()
    assert stale["code"] == "stale_decision" and stale["rule"] == "TURN-04"
    assert stale["detail"].startswith(f"Das beantwortet Entscheidung {decision + 5}, aber die Partie ist jetzt bei "
                                      f"Entscheidung {decision}")
    english = post_action(client, game, {**game["game"]["legal_actions"][0], "decision": decision + 5}).get_json()
    assert english["detail"].startswith(f"This answers decision {decision + 5}, but the game is now at decision")


@pytest.mark.parametrize("options, rule, words", [
    ({"players": PLAYERS[:1] * 5}, "SETUP-01", "um jogo precisa de 2 a 4 jogadores"),  # SETUP-01: 2 to 4 players
    ({"players": [PLAYERS[0], {"name": "Cy", "color": "red"}]}, None, "dois jogadores escolheram a mesma cor"),
])
def test_a_new_game_is_refused_in_portuguese(client, options, rule, words):
    body = {"game": "asian_tigers", "options": options, "seed": 1}
    resp = client.post("/api/games", json=body, headers={"Accept-Language": "pt-PT"})
    english = client.post("/api/games", json=body).get_json()
    assert resp.status_code == 422 and resp.headers["Content-Language"] == "pt"
    said = resp.get_json()
    assert said["rule"] == english["rule"] == rule and said["code"] == english["code"]
    assert said["title"] == "Jogada ilegal" and words in said["detail"] and words not in english["detail"]


def test_a_game_creation_refusal_names_its_field_in_german(client):
    # the per-field messages (`errors`) are said too, their field paths unchanged
    resp = client.post("/api/games", json={"game": "asian_tigers", "edition": {}, "edition_id": "x",
                                           "options": {"players": PLAYERS}}, headers={"Accept-Language": "de"})
    said = resp.get_json()
    assert resp.status_code == 422 and said["code"] == "invalid_request"
    assert said["errors"]["edition_id"] == ["kann nicht mit 'edition' kombiniert werden"]
    assert said["detail"] == "schicke entweder ein 'edition'-Dokument oder eine 'edition_id', nicht beides"


def test_why_not_reasons_in_german_and_english_unchanged(client, game):
    url = f"/api/games/{game['game_id']}/why-not"
    english = client.get(url, headers=bearer(game["table_token"]))
    german = client.get(url, headers={**bearer(game["table_token"]), "Accept-Language": "de"})
    assert german.headers["Content-Language"] == "de" and english.headers["Content-Language"] == "en"
    pairs = list(zip(english.get_json()["why_not"], german.get_json()["why_not"]))
    assert pairs
    for en, de in pairs:
        assert en["action"] == de["action"] and en["reason"]["rule"] == de["reason"]["rule"]
        assert de["reason"]["message"] == render(de["reason"]["message_message"], "de") != en["reason"]["message"]
        assert en["reason"]["message"] == engine_refusal(en["action"]).message


def test_problem_titles_follow_the_language(client):
    resp = client.get("/api/games/nope", headers={"Accept-Language": "fr"})
    assert resp.status_code == 404 and resp.get_json()["title"] == "Introuvable"
    assert client.get("/api/games/nope").get_json()["title"] == "Not Found"


def _refusal_messages(source: str, name: str) -> tuple[list, list[str]]:
    """(ids of the messages in `source`, the refusals there that carry plain text instead of a message)."""
    ids, plain = [], []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("msg", "msg_n"):
            ids.append(node.args[0].value if node.func.id == "msg" else (node.args[0].value, node.args[1].value))
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ERRORS):
            continue
        at = MESSAGE_AT.get(node.func.id, 0)
        said = node.args[at] if len(node.args) > at else None
        if isinstance(said, (ast.Constant, ast.JoinedStr, ast.BinOp)):
            plain.append(f"{name}:{node.lineno}")
    return ids, plain


def test_every_refusal_is_a_message_and_every_message_is_translated():
    found = [_refusal_messages((AT / m).read_text(encoding="utf-8"), m) for m in MODULES]
    plain = [where for _, p in found for where in p]
    assert not plain, plain  # a refusal in plain English would stay English in every language
    ids = {i for each, _ in found for i in each}
    assert "Make at least one sale first" in ids and len(ids) > 100
    for lang in LANGUAGES[1:]:
        with po_path(lang).open("rb") as handle:
            catalogue = {m.id: m.string for m in read_po(handle, locale=lang) if m.id}
        missing = [i for i in ids if not catalogue.get(i) or not all(catalogue[i] if isinstance(i, tuple) else [1])]
        assert not missing, (lang, missing[:5])


def test_the_check_finds_plain_english():
    ids, plain = _refusal_messages('raise IllegalActionError(f"You have {n} funds", code="x")\n'
                                   'raise SetupError(msg("fine"), code="y")\n_bad_draw("k", "plain", "R")\n', "sample")
    assert ids == ["fine"] and plain == ["sample:1", "sample:3"]
