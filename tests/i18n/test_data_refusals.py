"""Data-file refusals in the request's language (issue 37): the Nippon and Asara data files' own checks and the
scorer kit's readers, the provenance map shared by every edition, the JSON type names inside an Asian Tigers
edition refusal, and a new game's refused options naming Tigers, goods and colours.

Each refusal is a message with values at the engine (pure); the web says it.  English stays byte for byte the
sentence it was; the values quoted from the file and its keys stay as the file has them (they are data).
"""
from __future__ import annotations

import copy

import pytest

from api.games.asian_tigers import load_edition
from api.games.asian_tigers.presentation.labels import component_names
from api.games.scorekit import load_document
from tests.shared_app import client  # noqa: F401 (fixture: one app; each test works on games of its own)

# The answers' language: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)


DE, PT = {"Accept-Language": "de"}, {"Accept-Language": "pt"}
PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]


def _document(game: str, path: str, value) -> dict:
    """The shipped data file of `game` with the value at `path` (a JSON pointer) replaced."""
    document = load_document(None, f"{game}.placeholder.json", game.capitalize())
    *parents, last = path.strip("/").split("/")
    node = document
    for key in parents:
        node = node[key]
    node[last.replace("~1", "/")] = value
    return document


def _refused(client, body: dict, headers: dict, path: str) -> tuple[str, dict]:
    """The one message at `path` of a refused edition, and the whole answer."""
    resp = client.post("/api/editions", json={"name": "Typo", **body}, headers=headers)
    problem = resp.get_json()
    assert resp.status_code == 422 and problem["path"] == path, problem
    assert resp.headers["Content-Language"] == headers.get("Accept-Language", "en")
    assert list(problem["errors"]) == [path] and len(problem["errors"][path]) == 1
    return problem["errors"][path][0], problem


# (game, path, value) of a broken data file; the English sentence as it always was; German; Portuguese.
DATA_FILES = [
    # NIP-DATA: the scorer kit's reader of a whole number (the value quoted as the file has it)
    ("nippon", "/players/max", "x", "must be a whole number ≥ 1, got 'x'", "muss eine ganze Zahl ≥ 1 sein, nicht 'x'",
     "tem de ser um número inteiro ≥ 1, recebido 'x'"),
    ("nippon", "/reward_tiles/multipliers_on_back", [2, 2, 4, 5], "must not repeat a multiplier",
     "darf keinen Multiplikator wiederholen", "não pode repetir um multiplicador"),
    ("nippon", "/reward_tiles/total", 23, "must equal stacks × tiles_per_stack", "muss stacks × tiles_per_stack sein",
     "tem de ser igual a stacks × tiles_per_stack"),
    # ASA-SCORE-13: gold and the Caliph's patronage score at the year's end only
    ("asara", "/final/gold_and_caliph_score_in_final", True, "must be false (ASA-SCORE-13)",
     "muss false (falsch) sein (ASA-SCORE-13)", "tem de ser false (falso) (ASA-SCORE-13)"),
    ("asara", "/colors", [], "must be a non-empty list of names", "muss eine nicht leere Liste von Namen sein",
     "tem de ser uma lista não vazia de nomes"),
    ("asara", "/final/asari_rounding", "sideways",
     "unsupported value 'sideways'; this scorer implements 'down', 'up'",
     "nicht unterstützter Wert 'sideways'; diese Wertung kennt 'down', 'up'",
     "valor não suportado 'sideways'; esta pontuação implementa 'down', 'up'"),
    # the provenance map every edition file carries
    ("nippon", "/provenance/~1players", "guess",
     "unknown provenance 'guess'; expected one of rulebook, placeholder, interpretation, owner-checked",
     "unbekannte Herkunft 'guess'; erwartet eine von rulebook, placeholder, interpretation, owner-checked",
     "proveniência desconhecida 'guess'; esperada uma de rulebook, placeholder, interpretation, owner-checked"),
    ("asara", "/provenance/~1nowhere", "rulebook", "dead provenance pattern (it decides no value)",
     "totes Herkunftsmuster (es bestimmt keinen Wert)", "padrão de proveniência morto (não decide nenhum valor)"),
]


@pytest.mark.parametrize("game, path, value, english, german, portuguese", DATA_FILES)
def test_a_data_file_refused_in_german_and_portuguese(client, game, path, value, english, german, portuguese):
    body = {"game": game, "document": _document(game, path, value)}
    where = "/provenance//nowhere" if path.endswith("~1nowhere") else path.replace("~1", "/")
    said, problem = _refused(client, body, DE, where)
    assert said == german and problem["detail"] == f"Editionswert {where}: {german}"
    assert problem["title"] == "Ungültige Edition"
    assert _refused(client, body, PT, where)[0] == portuguese
    assert _refused(client, body, {}, where)[0] == english  # English: the sentence it always was
    assert client.get(f"/api/editions?game={game}").get_json()["editions"] == []  # nothing stored


def test_a_data_file_that_is_not_an_edition_of_its_game(client):
    document = load_document(None, "asara.placeholder.json", "Asara")
    body = {"game": "nippon", "document": document}
    assert _refused(client, body, DE, "/edition/game")[0] == "eine Edition von Nippon erwartet, nicht 'Asara'"
    assert _refused(client, body, {}, "/edition/game")[0] == "expected an edition of Nippon, got 'Asara'"


def test_a_json_type_is_said_in_the_language_the_value_quoted_as_the_file_has_it(client):
    patch = [{"op": "replace", "path": "/components/player_boards", "value": "x"}]
    body = {"base": "default", "patch": patch}
    german, _ = _refused(client, body, DE, "/components/player_boards")
    assert german == 'ganze Zahl erwartet, gefunden Zeichenkette "x"'
    assert _refused(client, body, PT, "/components/player_boards")[0] == \
        'esperado inteiro, encontrado cadeia de caracteres "x"'
    assert _refused(client, body, {}, "/components/player_boards")[0] == 'expected integer, found string "x"'


def test_the_edition_checks_type_words_and_rulings_render_per_language():
    """The engine side (pure): a type name, a "this or that" of types and a ruling are messages, whose English is
    the sentence as before."""
    from api.games.asian_tigers.edition.checks import validate_edition_errors
    from api.games.asian_tigers.edition.checks_base import Doc
    from api.games.provenance import EditionError
    from api.i18n import render

    with pytest.raises(EditionError) as refused:
        Doc({"a": [1]}).at("a", kind="integer|string")
    assert refused.value.message == "expected integer or string, found array [1]"
    assert render(refused.value.text, "de") == "ganze Zahl oder Zeichenkette erwartet, gefunden Array [1]"
    assert render(refused.value.text, "fr") == "entier ou chaîne attendu, trouvé tableau [1]"
    broken = copy.deepcopy(load_edition().raw())
    broken["board"]["management_track"]["zero_investment_points_ranked"] = True  # ruling I01
    error = next(e for e in validate_edition_errors(broken)
                 if e.path == "/board/management_track/zero_investment_points_ranked")
    assert error.message == ("ruling I01: a participant with 0 investment points in a Tiger is not ranked; "
                             "expected false, found true")
    assert render(error.text, "de") == ("Entscheidung I01: wer in einem Tiger 0 Investitionspunkte hat, wird nicht "
                                        "gewertet; erwartet false, gefunden true")


def _new_game(client, options: dict, headers: dict) -> dict:
    resp = client.post("/api/games", json={"game": "asian_tigers", "options": options, "seed": 1}, headers=headers)
    assert resp.status_code == 422 and resp.headers["Content-Language"] == headers.get("Accept-Language", "en")
    problem = resp.get_json()
    assert problem["engine"]["message"] == problem["detail"]
    return problem


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_a_new_games_refused_options_name_tigers_goods_and_colours_in_the_language(client, lang):
    names, english = component_names(load_edition(), lang), component_names(load_edition(), "en")
    # SETUP-02: one prosperity token per Tiger; the Tigers named as the edition does in the language
    tokens = {"players": PLAYERS, "setup": {"prosperity_tokens": {"SK": "PT1"}}}
    said = _new_game(client, tokens, {"Accept-Language": lang})
    assert said["rule"] == "SETUP-02" and said["engine"]["code"] == "invalid_recorded_draw"
    assert all(names["tigers"][t] in said["detail"] for t in ("SK", "HK", "TW", "SG")), said["detail"]
    assert _new_game(client, tokens, {})["detail"] == \
        "prosperity_tokens must give each of SK, HK, TW, SG a different token of PT1, PT2, PT3, PT4, PT5"
    # PSETUP-06: a starting good from the pool, the goods in the language (the English names are the goods' codes)
    goods = {"players": PLAYERS, "setup": {"starting_goods": {"0": "Ships", "1": "Finance"}}}
    said = _new_game(client, goods, {"Accept-Language": lang})["detail"]
    pool = ("Electronics", "Machinery", "Finance", "Chemicals")
    assert all(names["goods"][g] in said and english["goods"][g] not in said for g in pool), said
    assert _new_game(client, goods, {})["detail"] == \
        "starting_goods must give each seat a different good from Electronics, Machinery, Finance, Chemicals"
    # a colour the edition lacks: the edition's colours in the setup wizard's words; the value sent quoted as it is
    pink = {"players": [{"name": "Ann", "color": "pink"}, PLAYERS[1]]}
    said = _new_game(client, pink, {"Accept-Language": lang})["detail"]
    words = {"de": ("rot", "blau", "grün", "gelb"), "pt": ("vermelho", "azul", "verde", "amarelo")}[lang]
    assert "'pink'" in said and all(w in said for w in words) and "yellow" not in said, said
    assert _new_game(client, pink, {})["detail"] == "colour 'pink' is not one of red, blue, green, yellow"


def test_an_imported_games_refused_options_name_the_goods_in_german(client):
    edition = load_edition()
    body = {"game": "asian_tigers", "edition": edition.raw(), "seed": 1, "actions": [],
            "options": {"players": PLAYERS, "setup": {"starting_goods": {"0": "Ships", "1": "Finance"}}}}
    resp = client.post("/api/imports", json=body, headers=DE)
    said = resp.get_json()
    assert resp.status_code == 422 and said["rule"] == "PSETUP-06", said
    assert "Elektronik, Maschinen" in said["detail"] and "Electronics" not in said["detail"]


# Words kept on purpose: a marker tests look for, and a meaning stored in an edition's own metadata (data).
KEPT = {"unexpected structure", "checked against a physical copy by its owner (confirmed or corrected)"}
DATA_MODULES = ["api/games/provenance.py", "api/games/nippon/data.py", "api/games/asara/data.py",
                *[f"api/games/asian_tigers/edition/{m}.py" for m in ("checks", "checks_base", "checks_board",
                                                                    "checks_engine", "checks_market",
                                                                    "checks_rulebook", "checks_solo", "load")],
                *[f"api/games/editions/{m}.py" for m in ("__init__", "patching")]]


def test_the_data_and_edition_checks_give_no_words_outside_a_message():
    """Every phrase of words in these modules is a message id (or a docstring): a refusal's "what" or ruling
    passed as English text would stay English in every language."""
    import ast
    import re
    from pathlib import Path

    root, found = Path(__file__).resolve().parents[2], []
    for path in DATA_MODULES:
        tree = ast.parse((root / path).read_text(encoding="utf-8"))
        said = {id(node) for call in ast.walk(tree) if isinstance(call, ast.Call) and getattr(call.func, "id", "")
                in ("msg", "msg_n") for arg in call.args[:2] for node in ast.walk(arg)}
        said |= {id(n.body[0].value) for n in ast.walk(tree) if isinstance(n, (ast.Module, ast.ClassDef,
                 ast.FunctionDef)) and n.body and isinstance(n.body[0], ast.Expr)}  # docstrings
        found += [f"{path}:{n.lineno}: {n.value!r}" for n in ast.walk(tree) if isinstance(n, ast.Constant)
                  and isinstance(n.value, str) and id(n) not in said and n.value not in KEPT
                  and re.search(r"[a-z]{2,} [a-z]{2,}", n.value)]
    assert not found, found
