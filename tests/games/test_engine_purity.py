"""The rules engine imports no web, HTTP or database code (ARCHITECTURE: web → storage → games)."""
import json
import subprocess
import sys

FORBIDDEN = ("flask", "werkzeug", "sqlite_utils", "marshmallow", "sqlite3", "gunicorn")


def _modules_after_import(statement: str) -> set[str]:
    code = f"import sys, json; {statement}; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return {name.split(".")[0] for name in json.loads(out)}


def test_asian_tigers_engine_imports_no_web_or_database_module():
    loaded = _modules_after_import(
        "import api.games.asian_tigers as at; s = at.new_game({'players': [{'color': 'red'}, {'color': 'blue'}]}, "
        "at.load_edition(), 1); at.apply(s, at.legal_actions(s)[0]); at.view(s)")
    assert not loaded & set(FORBIDDEN), loaded & set(FORBIDDEN)


def test_api_package_imports_flask_only_inside_create_app():
    loaded = _modules_after_import("import api")
    assert "flask" not in loaded
