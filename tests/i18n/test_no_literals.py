"""No user-facing English outside the catalogues in the CONVERTED modules (issue 37).

The lists below are the modules converted so far; the rest of the app (the Asian Tigers engine's
refusals, explanations and score lines, and its screens) is converted next, and each converted module
joins a list here (and babel.cfg).  The checks are deliberately narrow so that they can be exact:

* server: a scorer's words reach people through `ScoringInputError` (message, field), `ScoreSheet.add`
  (the explanation), result dicts ("check", "detail", …) and `msg()`; none of those may be a string
  literal or an f-string, and no f-string with words may appear at all; an edition or data file's refusal
  (`EditionError`, the edition checks' `fail`) is a message too;
* phone: no literal words in a label/legend/title/aria-label attribute, between tags, in a capitalised
  string literal or a template literal that starts with a word, unless inside t("…") / tn("…").
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVER = ["api/games/scorekit.py", "api/games/messages.py",
          *[f"api/games/nippon/{m}.py" for m in ("scoring", "end_only", "live", "inputs", "bounds", "modes", "data")],
          *[f"api/games/asara/{m}.py" for m in ("scoring", "end_only", "inputs", "bounds", "data")]]
PHONE = [*[f"pwa/js/ui/{m}.js" for m in ("home", "settings", "app", "nippon", "nippon-end", "nippon-live", "nipboard",
                                        "nipmap", "asara", "asara-end", "formkit", "tapkit", "numpad", "sheet", "recent",
                                        # the phone's own screens (not the rules engine's texts)
                                        "common", "join", "share", "setup", "setupcheck", "history", "stats", "rules",
                                        "outboxview", "takeback", "outcome", "solo", "campaignlist")],
         "pwa/js/plays.js", "pwa/js/playsio.js"]
# Converted this round, one line per engineer (each keeps to its own line; the blank comment lines keep merges apart).
SERVER += [*[f"api/games/asian_tigers/{m}.py" for m in ("errors", "setup", "solo/options", "management/era2_setup")], "api/i18n/problems.py"]  # h37refuse
#
SERVER += [f"api/games/asian_tigers/presentation/{m}.py" for m in ("view_extras", "options", "summary", "builds", "setup_instructions")]  # h37view: the game view's words
#
SERVER += [f"api/games/asian_tigers/scoring/{m}.py" for m in ("scorer", "scorer_input", "scorer_checks", "scorer_words", "scorer_errors", "scorer_derived", "board_input", "score", "outcome", "ranking", "model")]  # h37scorer
#
PHONE += [*[f"pwa/js/ui/{m}.js" for m in ("game", "recorder", "era2", "automa", "management", "score", "log", "uselog", "rulelink", "lazy", "boardscreen")], *[f"pwa/js/{m}.js" for m in ("labels", "loglines", "sync", "outbox", "api")]]  # h37turn: the turn screens
#
PHONE += [*[f"pwa/js/ui/{m}.js" for m in ("board", "layout", "campaign", "editions", "calibrate")], "pwa/js/editions.js", "pwa/js/campaigns.js"]  # h37board: board, editions, campaign
#
SERVER += ["api/games/asian_tigers/presentation/phrases.py"]  # h37log2: the phrases the state keeps, read back as messages
#
SERVER += [f"api/games/asian_tigers/{m}.py" for m in ("told", "flow", "turn/placement", "turn/satellites", "turn/bonuses", "management/era1", "management/era2")]  # h37log: the events' lines (the other rule modules keep code phrases that narration says in words, e.g. f"tile {tile}")
#
PHONE += [f"pwa/js/ui/{m}.js" for m in ("scorer", "atboard", "atcards")]  # h37scorer: the Asian Tigers scorer
#
SERVER += ["api/i18n/library_words.py"]  # h37edge: werkzeug's and marshmallow's words, edition refusals
#
SERVER += ["api/games/asian_tigers/presentation/outcome.py", *[f"api/storage/{m}.py" for m in ("errors", "campaigns", "throttle")], *[f"api/web/{m}.py" for m in ("http", "campaigns", "moves", "meta", "events")]]  # h37rest: colours in score lines, storage details
#
SERVER += ["api/games/asian_tigers/presentation/why_not.py"]  # h37why: the why-not answer's labels
SERVER += ["api/games/editions/words.py"]  # h37keys: the calibration labels' key words
#
SERVER += ["api/games/provenance.py", *[f"api/games/asian_tigers/edition/{m}.py" for m in ("checks", "checks_base", "checks_board", "checks_engine", "checks_market", "checks_rulebook", "checks_solo", "load")]]  # h37data: edition and data files' refusals
# Every other phone module too: the list above grew module by module; now no module is left out but these,
# which show people no words (storage, routing, the store, the worker glue; i18n.js is the catalogue itself).
NO_WORDS = {"db", "html", "i18n", "main", "qr", "router", "store", "games", "gamerecords", "scorings", "swupdate",
            "offline/local", "ui/scorer-example"}
PHONE += sorted({str(p.relative_to(ROOT)) for p in (ROOT / "pwa" / "js").rglob("*.js")}
                - {f"pwa/js/{m}.js" for m in NO_WORDS} - set(PHONE))
# The app's own name and the games' printed names, the same in every language.
NAMES = {"tablekeeper", "Asian Tigers", "Asian Tigers: A Story of Prosperity"}
# Functions whose msg() ids are a data file's JSON keys, extracted from the data files (api/i18n/extract_keys.py).
DATA_KEY_IDS = {("api/games/editions/words.py", "key_word"), ("api/games/editions/words.py", "item_word")}
SAID_KEYS = {"check", "detail", "explanation", "winner_explanation", "total_explanation", "tie_break"}


def _wordy(node: ast.AST) -> bool:
    """A string literal, an f-string, or a concatenation of them (words written in English in the code)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(re.search(r"[A-Za-z]{2}", node.value))
    if isinstance(node, ast.JoinedStr):
        return any(_wordy(v) for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp):
        return _wordy(node.left) or _wordy(node.right)
    if isinstance(node, ast.IfExp):
        return _wordy(node.body) or _wordy(node.orelse)
    return False


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def server_literals(source: str, filename: str = "<source>") -> list[str]:
    """Where `source` says something to people in English instead of through a message."""
    found = []
    tree = ast.parse(source, filename)
    data_ids = {id(n) for c in ast.walk(tree) if isinstance(c, ast.FunctionDef) and (filename, c.name) in DATA_KEY_IDS
                for n in ast.walk(c)}
    for node in ast.walk(tree):
        where = f"{filename}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.JoinedStr) and any(isinstance(v, ast.Constant) and re.search(r"[A-Za-z]{2,} ", v.value)
                                                   for v in node.values):
            found.append(f"{where}: an f-string with words")
        if not isinstance(node, (ast.Call, ast.Dict)):
            continue
        if isinstance(node, ast.Dict):
            found += [f"{where}: {k.value!r} in words" for k, v in zip(node.keys, node.values)
                      if isinstance(k, ast.Constant) and k.value in SAID_KEYS and _wordy(v)]
            continue
        name = _name(node)
        said = []
        if name == "ScoringInputError":
            said = node.args[3:5] + [k.value for k in node.keywords if k.arg in ("message", "field")]
        elif name == "EditionError" or (name == "fail" and len(node.args) == 2):  # an edition file's (pointer, message)
            said = node.args[1:2]
        elif name == "add" and len(node.args) >= 3:
            said = [node.args[2]]
        elif name in ("msg", "msg_n") and node.args:
            first = node.args[0]
            if not (isinstance(first, ast.Constant) or (isinstance(first, ast.Attribute) and first.attr == "id")
                    or id(node) in data_ids):
                found.append(f"{where}: {name}() without a literal id (Babel cannot extract it)")
        found += [f"{where}: {name}() given words, not a message" for s in said if _wordy(s)]
    return found


CALLS = re.compile(r'\btn?\(\s*"(?:[^"\\]|\\.)*"(?:\s*,\s*"(?:[^"\\]|\\.)*")?')
COMMENTS = re.compile(r"^\s*//[^\n]*|(?<=[;,{(\s])\s//\s[^\n]*|/\*.*?\*/", re.M | re.S)
PHONE_RULES = [
    (re.compile(r'\b(?:label|legend|title|aria-label|alt)="([^"]*[A-Za-z]{2}[^"]*)"'), "an attribute in words"),
    (re.compile(r'(?<![=\-])>([^<>{}`$\n]*[A-Za-z]{2,}[^<>{}`$\n]*)<'), "words between tags"),
    (re.compile(r'(?<![\w.])"([A-Z][a-z]+(?: [A-Za-z]+)+[^"]*)"'), "a capitalised string in words"),
    (re.compile(r'(?<!html)`([A-Z][a-z]+ [^`]*)`'), "a template literal in words"),
]


def phone_literals(source: str, filename: str = "<source>") -> list[str]:
    """Where `source` shows people English words that are not in the catalogue."""
    code = CALLS.sub("t()", COMMENTS.sub("", source))
    return [f"{filename}: {what}: {m.group(1).strip()[:60]!r}" for rule, what in PHONE_RULES for m in rule.finditer(code)
            if m.group(1).strip() not in NAMES]


def test_converted_server_modules_say_everything_through_messages():
    found = [hit for path in SERVER for hit in server_literals((ROOT / path).read_text(encoding="utf-8"), path)]
    assert not found, found[:10]


def test_converted_phone_modules_say_everything_through_the_catalogue():
    found = [hit for path in PHONE for hit in phone_literals((ROOT / path).read_text(encoding="utf-8"), path)]
    assert not found, found[:10]


def test_the_checks_catch_english():
    # Each rule finds what it is for (so a clean run means something).
    assert server_literals('raise ScoringInputError("c", "R", "/p", f"{n} is too many")')
    assert server_literals('sheet.add("ships", 3, "three ships")')
    assert server_literals('x = {"detail": "entered in full"}')
    assert server_literals('y = msg(text)')
    key_word = 'def key_word(key):\n    return msg(key.replace("_", " "))'
    assert server_literals(key_word) and not server_literals(key_word, "api/games/editions/words.py")
    assert not server_literals('raise ScoringInputError("c", "R", "/p", msg("{n} is too many", n=n))')
    assert server_literals('raise EditionError("/x", f"must be a whole number, got {v}")')
    assert server_literals('yield fail(("x",), "must be a whole number")')
    assert not server_literals('raise EditionError("/x", msg("must be a whole number, got {v}", v=v))')
    assert phone_literals('html`<button label="Remove tile">x</button>`')
    assert phone_literals('html`<h2>Players</h2>`')
    assert phone_literals('// a comment first\nhtml`<h2>Players</h2>`')  # what follows a comment is read too
    assert phone_literals('const a = "Player one";')
    assert phone_literals('setSaid(`Scoring ${n}: done`)')
    assert not phone_literals('html`<h2>${t("Players")}</h2><${Num} label=${t("Asari at the end")} />`')
