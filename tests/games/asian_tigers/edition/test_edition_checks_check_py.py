"""The edition validator agrees with ``shared/components/check.py``.

* check.py rejects every broken copy in `CASES` (except where the validator is
  deliberately stricter about JSON types);
* the constant tables (rulebook values, rules options, effect verbs) are the
  same as check.py's, read from its source without running it.
"""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from api.games.asian_tigers.edition.checks import validate_edition_document
from api.games.asian_tigers.edition.checks_base import same
from api.games.asian_tigers.edition.checks_market import VERBS
from api.games.asian_tigers.edition.checks_rulebook import RULEBOOK, RULES_OPTIONS
from tests.games.asian_tigers.edition.test_edition_checks import CASES, apply_edits, load_edition

# CI copies ../shared next to the clone, as in the work tree.
COMPONENTS = Path(__file__).resolve().parents[5] / "shared" / "components"
CHECK_PY = COMPONENTS / "check.py"

WORKERS = 2

pytestmark = pytest.mark.skipif(not CHECK_PY.exists(), reason="shared/components/check.py is not available")

# Runs check.py once per file inside one interpreter: a status per file.
DRIVER = r"""
import contextlib, io, json, runpy, sys
check_py, files = sys.argv[1], sys.argv[2:]
result = {}
for path in files:
    sys.argv = [check_py, path]
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            runpy.run_path(check_py, run_name="__main__")
        result[path] = "ok"
    except SystemExit as exc:
        result[path] = "ok" if exc.code in (0, None) else "failed"
    except Exception as exc:  # check.py has no structure guards: a crash is a rejection too
        result[path] = f"crashed: {type(exc).__name__}"
print(json.dumps(result))
"""


def _check_py_statuses(documents: dict[str, dict], tmp_path: Path) -> dict[str, str]:
    files = {}
    for name, document in documents.items():
        files[name] = tmp_path / f"{name}.json"
        files[name].write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    paths = [str(p) for p in files.values()]
    # A few interpreters side by side keep the ~150 check.py runs short.
    procs = [subprocess.Popen([sys.executable, "-c", DRIVER, str(CHECK_PY), *paths[i::WORKERS]],
                              stdout=subprocess.PIPE, text=True) for i in range(WORKERS)]
    by_file: dict[str, str] = {}
    for proc in procs:
        out, _ = proc.communicate(timeout=300)
        assert proc.returncode == 0
        by_file.update(json.loads(out))
    return {name: by_file[str(path)] for name, path in files.items()}


def _constant(name: str):
    tree = ast.parse(CHECK_PY.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{name} not found in check.py")


def test_check_py_rejects_every_broken_case(tmp_path):
    edition = load_edition()
    documents = {"shipped": edition}
    documents.update({case.id: apply_edits(edition, case.edits) for case in CASES})
    statuses = _check_py_statuses(documents, tmp_path)
    assert statuses["shipped"] == "ok"
    accepted = [case.id for case in CASES if case.check_py_rejects and statuses[case.id] == "ok"]
    assert accepted == [], f"check.py accepts cases the validator rejects: {accepted}"
    # Where the validator is stricter than check.py, check.py really does accept the file.
    lenient = {case.id: statuses[case.id] for case in CASES if not case.check_py_rejects}
    assert lenient and set(lenient.values()) == {"ok"}, lenient


def test_shared_placeholder_edition_passes():
    document = json.loads((COMPONENTS / "asian-tigers.placeholder.json").read_text(encoding="utf-8"))
    validate_edition_document(document)


def test_rulebook_table_matches_check_py():
    theirs = _constant("RULEBOOK")
    assert list(RULEBOOK) == list(theirs)
    assert [p for p in RULEBOOK if not same(RULEBOOK[p], theirs[p])] == []


def test_rules_options_match_check_py():
    assert _constant("RULES_OPTIONS") == RULES_OPTIONS


def test_effect_verbs_match_check_py():
    assert _constant("VERBS") == VERBS
