"""The engine bundle the phone downloads, its version, and how the vendored Pyodide files are served."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor

import pytest

from api import packaging
from api.web import engine_bundle

# HTTP answers and wording: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)

PYODIDE = packaging.ROOT / "pwa" / "vendor" / "pyodide" / "0.27.7"


def test_bundle_is_reproducible_and_its_hash_is_the_engine_version(client):
    first, again = packaging.build(), packaging.build()
    assert first.data == again.data and first.version == again.version
    health = client.get("/api/health").get_json()
    assert health["engine_version"] == first.version
    resp = client.get("/api/engine-bundle")
    assert resp.status_code == 200 and resp.mimetype == "application/zip"
    assert resp.headers["ETag"] == f'"{first.version}"' and resp.data == first.data
    assert client.get("/api/engine-bundle", headers={"If-None-Match": f'"{first.version}"'}).status_code == 304
    assert client.get("/api/engine-bundle", headers={"If-None-Match": '"stale"'}).status_code == 200


def test_bundle_holds_the_engine_its_data_and_the_phone_table_and_nothing_of_the_web_stack():
    names = zipfile.ZipFile(io.BytesIO(engine_bundle.current().data)).namelist()
    assert "api/games/asian_tigers/__init__.py" in names and "api/offline/table.py" in names
    assert "api/data/asian-tigers.placeholder.json" in names and "api/games/nippon/__init__.py" in names
    assert not [n for n in names if n.startswith(("api/web", "api/storage"))]
    # No bytecode of this server's own Python: only Pyodide's, compiled for the bundle (see below).
    assert not [n for n in names if "__pycache__" in n and not n.endswith(".cpython-312.pyc")]
    assert not [n for n in names if "idempotency" in n]  # the server's storage data never ships to phones


def test_a_hash_changes_with_any_engine_file(tmp_path):
    for name in packaging.bundle_files():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes((packaging.ROOT / name).read_bytes())
    before = packaging.build(tmp_path).version
    target = tmp_path / "api/data/asian-tigers.placeholder.json"
    target.write_text(target.read_text() + " ")
    assert packaging.build(tmp_path).version != before


def test_the_unzipped_bundle_plays_with_the_standard_library_only(tmp_path):
    zipfile.ZipFile(io.BytesIO(engine_bundle.current().data)).extractall(tmp_path)
    script = ("import json, sys; from api.offline import scorers, table;"
              "p = {'game_id': 'g', 'edition': None, 'seed': 3, 'actions': [], 'meta': {'version': 1},"
              " 'options': {'players': [{'name': 'A', 'color': 'red'}], 'solo': {'difficulty': 2}}};"
              "a = json.loads(table.open_json(json.dumps(p))); assert a['ok'], a;"
              "print(len(a['view']['legal_actions']), 'flask' in sys.modules)")
    # -S -E: no site-packages and no PYTHONPATH, as under Pyodide (which has only the standard library).
    out = subprocess.run([sys.executable, "-S", "-E", "-c", script], cwd=tmp_path, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    count, flask = out.stdout.split()
    assert int(count) > 0 and flask == "False"


@pytest.mark.skipif(not (PYODIDE / "pyodide.asm.wasm").is_file(), reason="run `make pyodide` first")
def test_pyodide_is_served_as_wasm_gzipped_and_cached_for_a_year(client):
    url = "/vendor/pyodide/0.27.7/pyodide.asm.wasm"
    plain = client.get(url, headers={"Accept-Encoding": "identity"})
    assert plain.status_code == 200 and plain.mimetype == "application/wasm"
    assert plain.data[:4] == b"\0asm" and "immutable" in plain.headers["Cache-Control"]
    zipped = client.get(url, headers={"Accept-Encoding": "gzip, br"})
    assert zipped.headers["Content-Encoding"] == "gzip" and zipped.mimetype == "application/wasm"
    assert len(zipped.data) < len(plain.data) / 2
    assert client.get("/vendor/pyodide/0.27.7/pyodide.mjs").mimetype == "text/javascript"
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    assert lock["info"]["version"] == "0.27.7"
    assert (packaging.ROOT / "pwa" / "vendor" / "LICENSE.pyodide").read_text().startswith("Mozilla Public")


def test_vendoring_refuses_a_tarball_whose_integrity_differs(tmp_path, capsys):
    sys.path.insert(0, str(packaging.ROOT / "tools"))
    import vendor_pyodide

    fake = tmp_path / "pyodide-0.27.7.tgz"
    fake.write_bytes(b"not the published tarball")
    assert vendor_pyodide.install(tmp_path / "out", str(fake)) == 1
    assert not (tmp_path / "out").exists() and "integrity mismatch" in capsys.readouterr().err
    empty = "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="
    assert vendor_pyodide.integrity_of(b"") == empty  # the SRI form npm publishes


def _pyodide_python():
    # `make test` names the 3.12 it found (the suite's servers do not compile: each would, at its first health check)
    python = os.environ.get("TABLEKEEPER_TEST_ENGINE_PYTHON") or packaging.bytecode_python()
    if not python or subprocess.run([python, "-c", "import sys; assert sys.version_info[:2] == (3, 12)"],
                                    capture_output=True, check=False).returncode != 0:
        pytest.skip("no CPython 3.12 at hand (TABLEKEEPER_ENGINE_PYTHON or python3.12)")
    return python


@pytest.mark.skipif(not (PYODIDE / "pyodide-lock.json").is_file(), reason="run `make pyodide` first")
def test_with_a_cpython_of_pyodides_version_the_bundle_carries_bytecode_that_runs_without_the_sources(tmp_path):
    python = _pyodide_python()
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    assert tuple(int(n) for n in lock["info"]["python"].split(".")[:2]) == packaging.PYODIDE_PYTHON
    bundle = packaging.build(python=python)
    assert bundle.version != packaging.build(python=None).version  # another bundle, another version
    zf = zipfile.ZipFile(io.BytesIO(bundle.data))
    names = zf.namelist()
    sources = [n for n in names if n.endswith(".py")]
    cached = {n for n in names if "/__pycache__/" in n}
    assert cached == {f"{d}/__pycache__/{f[:-3]}.cpython-312.pyc" for d, _, f in (n.rpartition("/") for n in sources)}
    stdlib = {n for n in names if n.startswith(packaging.STDLIB_DIR + "/")}
    assert {f"{packaging.STDLIB_DIR}/{m}.pyc" for m in ("dataclasses", "pickle", "json/__init__")} <= stdlib
    zf.extractall(tmp_path)
    # The bytecode is what runs: with every engine source emptied (and no .pyc written), the engine still plays.
    for name in sources:
        (tmp_path / name).write_text("raise SystemExit('the source was compiled, not its bytecode')\n")
    script = ("import json, sys; sys.path[:0] = [sys.argv[1]]; from api.offline import scorers, table;"
              "p = {'game_id': 'g', 'edition': None, 'seed': 3, 'actions': [], 'meta': {'version': 1},"
              " 'options': {'players': [{'name': 'A', 'color': 'red'}], 'solo': {'difficulty': 2}}};"
              "a = json.loads(table.open_json(json.dumps(p))); assert a['ok'], a;"
              "print(len(a['view']['legal_actions']), sys.modules['dataclasses'].__file__)")
    out = subprocess.run([python, "-S", "-E", "-B", "-c", script, str(tmp_path / packaging.STDLIB_DIR)],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    count, dataclasses_file = out.stdout.split()
    assert int(count) > 0 and dataclasses_file == str(tmp_path / packaging.STDLIB_DIR / "dataclasses.pyc")


def test_without_a_working_compiler_the_bundle_holds_the_sources_only(tmp_path):
    broken = tmp_path / "python3.12"
    broken.write_text("#!/bin/sh\nexit 1\n")
    broken.chmod(0o755)
    bundle = packaging.build(python=str(broken))
    assert bundle == packaging.build(python=None)
    assert not [n for n in zipfile.ZipFile(io.BytesIO(bundle.data)).namelist() if n.endswith(".pyc")]


PHONE_EDITION = """import sys
from api.games.asian_tigers.edition import checks, load
from api.offline import editions
calls = []
load.validate_edition_document = lambda *a, **k: calls.append(1) or checks.validate_edition_document(*a, **k)
shipped = editions.load_edition(None)
on_phone = len(calls)
checked = load.load_edition(load.DEFAULT_EDITION_PATH)
print(on_phone, shipped == checked and shipped.content_hash == checked.content_hash)
"""


def test_the_phone_does_not_validate_again_the_shipped_edition_the_bundle_validated(tmp_path):
    zipfile.ZipFile(io.BytesIO(packaging.build(python=None).data)).extractall(tmp_path)
    validated = json.loads((tmp_path / packaging.VALIDATED).read_text())
    assert list(validated) == ["api/data/asian-tigers.placeholder.json"]

    def run():
        return subprocess.run([sys.executable, "-S", "-E", "-c", PHONE_EDITION], cwd=tmp_path,
                              capture_output=True, text=True, timeout=60, check=False)

    out = run()
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["0", "True"]  # built as validated, not validated again
    # Other bytes than the build validated (one more space): validated on the phone as before.
    edition = tmp_path / "api/data/asian-tigers.placeholder.json"
    edition.write_text(edition.read_text() + " ")
    out = run()
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["1", "True"]


def test_requests_that_come_together_wait_for_one_build(monkeypatch):
    """A restarted server's first requests arrive together (phones' health checks and resends): the bundle
    is built once, not once per request, which on a loaded machine kept a test server from answering."""
    builds, started = [], threading.Event()

    def slow_build():
        builds.append(1)
        started.set()
        time.sleep(0.3)  # long enough for every other thread to ask meanwhile
        return packaging.Bundle(b"zip", f"v{len(builds)}")

    monkeypatch.setattr(engine_bundle, "build", slow_build)
    engine_bundle._built.cache_clear()
    try:
        with ThreadPoolExecutor(8) as pool:
            first = pool.submit(engine_bundle.current)
            started.wait(5)
            versions = {f.result().version for f in [first, *(pool.submit(engine_bundle.current) for _ in range(7))]}
        assert builds == [1] and versions == {"v1"}
    finally:
        engine_bundle._built.cache_clear()  # the next test builds the real one again
