"""The phone app's files through WhiteNoise (api/web/pwa.py): the copies made at install time are served to
clients that take them, a copy whose source changed afterwards is dropped rather than served, and each file
gets its caching rule."""
from __future__ import annotations

import gzip
import os
import subprocess
import sys

import brotli

# HTTP answers and wording: no api/storage line or branch PostgreSQL reaches here that other files miss (docs/testing.md)
BACKENDS = ("sqlite",)

SCRIPT = "export const answer = 42;\n" + "// a comment that compresses well\n" * 200


def _folder(tmp_path):
    root = tmp_path / "pwa"
    (root / "js").mkdir(parents=True)
    (root / "vendor" / "pyodide" / "0.1").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html><title>t</title>" + "<p>x</p>" * 300)
    (root / "sw.js").write_text("const VERSION = \"tk-000000000000\";\n" + "// x\n" * 300)
    (root / "js" / "main.js").write_text(SCRIPT)
    (root / "vendor" / "pyodide" / "0.1" / "pyodide.mjs").write_text(SCRIPT)
    subprocess.run([sys.executable, "-m", "whitenoise.compress", "-q", str(root)], check=True)  # as `make install`
    return root


def test_the_install_time_copies_are_served_to_clients_that_take_them(make_app, tmp_path):
    root = _folder(tmp_path)
    client = make_app(PWA_DIR=str(root)).test_client()
    plain = client.get("/js/main.js", headers={"Accept-Encoding": "identity"})
    assert plain.status_code == 200 and plain.get_data(as_text=True) == SCRIPT
    assert plain.mimetype == "text/javascript"
    br = client.get("/js/main.js", headers={"Accept-Encoding": "br, gzip"})
    assert br.headers["Content-Encoding"] == "br" and brotli.decompress(br.data).decode() == SCRIPT
    gz = client.get("/js/main.js", headers={"Accept-Encoding": "gzip"})
    assert gz.headers["Content-Encoding"] == "gzip" and gzip.decompress(gz.data).decode() == SCRIPT
    assert "Accept-Encoding" in br.headers["Vary"]
    again = client.get("/js/main.js", headers={"If-None-Match": plain.headers["ETag"]})
    assert again.status_code == 304
    assert "Access-Control-Allow-Origin" not in plain.headers  # no CORS for the app's files
    assert plain.headers["X-Content-Type-Options"] == "nosniff"  # the security headers reach static files


def test_a_copy_older_than_its_edited_source_is_removed_not_served(make_app, tmp_path):
    root = _folder(tmp_path)
    source = root / "js" / "main.js"
    source.write_text("export const answer = 43;\n")
    os.utime(source, ns=(source.stat().st_atime_ns, source.stat().st_mtime_ns + 10**9))
    client = make_app(PWA_DIR=str(root)).test_client()
    assert not (root / "js" / "main.js.br").exists() and not (root / "js" / "main.js.gz").exists()
    resp = client.get("/js/main.js", headers={"Accept-Encoding": "br, gzip"})
    assert "Content-Encoding" not in resp.headers and resp.get_data(as_text=True) == "export const answer = 43;\n"
    assert (root / "sw.js.br").exists()  # an untouched file keeps its copies


def test_each_file_gets_its_caching_rule_and_the_root_is_index_html(make_app, tmp_path):
    root = _folder(tmp_path)
    client = make_app(PWA_DIR=str(root)).test_client()
    assert client.get("/sw.js").headers["Cache-Control"] == "no-cache"
    assert client.get("/index.html").headers["Cache-Control"] == "no-cache"
    assert client.get("/js/main.js").headers["Cache-Control"] == "max-age=86400, public"
    assert "immutable" in client.get("/vendor/pyodide/0.1/pyodide.mjs").headers["Cache-Control"]
    home = client.get("/")
    assert home.status_code == 200 and home.headers["Cache-Control"] == "no-cache"
    assert home.get_data(as_text=True) == (root / "index.html").read_text()
    assert client.get("/nosuch.js").status_code == 404
