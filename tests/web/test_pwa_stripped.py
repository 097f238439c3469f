"""The PWA as served: JavaScript stripped of comments and needless whitespace (proven token for token),
CSS without comments, and the service worker's two precache lists as one bundle each (issue 18)."""
from __future__ import annotations

import json
import logging
from pathlib import Path

import brotli
import esprima
import pytest

from api import create_app
from api.web.jsstrip import StripError, signature, strip_css, strip_js
from api.web.pwa import precache_lists

PWA = Path(__file__).resolve().parents[2] / "pwa"
SERVED_JS = sorted(p for p in PWA.rglob("*") if p.suffix in (".js", ".mjs")
                   and not p.relative_to(PWA).as_posix().startswith("vendor/pyodide/"))


def make(tmp_path, **config):
    return create_app({"DATABASE": str(tmp_path / "tk.db"), "TESTING": True, **config})


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    return make(tmp_path_factory.mktemp("pwa-served")).test_client()


def unpack(body: bytes) -> tuple[dict, dict[str, bytes]]:
    """A bundle's index and URL → body, as sw.js's precache() slices it."""
    cut = body.index(b"\n")
    index = json.loads(body[:cut])
    files, at = {}, cut + 1
    for entry in index["files"]:
        files[entry["url"]] = body[at:at + entry["size"]]
        at += entry["size"]
    assert at == len(body)
    return index, files


def tokens_and_breaks(source: str) -> tuple[list[tuple[str, str]], list[bool], list[str]]:
    """esprima's code tokens (type, value), whether a line break lies between each one and the next
    (in whitespace or a comment), and the comments: computed here, apart from api.web.jsstrip."""
    items = esprima.tokenize(source, {"comment": True, "range": True})
    code = [t for t in items if not t.type.endswith("Comment")]
    breaks = [any(ch in source[a.range[1]:b.range[0]] for ch in "\n\r\u2028\u2029") for a, b in zip(code, code[1:])]
    return [(t.type, t.value) for t in code], breaks, [t.value for t in items if t.type.endswith("Comment")]


def test_every_served_script_strips_to_the_same_tokens_and_lines():
    assert len(SERVED_JS) > 60
    for path in SERVED_JS:
        source = path.read_text(encoding="utf-8")
        stripped = strip_js(source)  # StripError if its own check fails: the file would then go out as it is
        # The proof: the same tokens (type and text; template literals and regexes verbatim), and a line
        # break between two tokens exactly when the original had one (in whitespace or in a removed comment).
        tokens, breaks, _ = tokens_and_breaks(source)
        tokens_after, breaks_after, comments_after = tokens_and_breaks(stripped)
        assert tokens_after == tokens, path
        assert breaks_after == breaks, path
        assert not comments_after or path.name == "qrcode.mjs", path  # only the vendored generator's copyright
        assert len(stripped) <= len(source), path  # (the vendored Preact and htm come minified)


@pytest.mark.parametrize("source, expected", [
    ("a - -b; x + +y; a++ +b", "a- -b;x+ +y;a++ +b\n"),        # never glued into -- or ++
    ("n = 1 .toFixed(2)", "n=1 .toFixed(2)\n"),                # not the number 1.
    ("a = b / /re/.source", "a=b/ /re/.source\n"),             # not a line comment
    ("a = b ? .5 : 1", "a=b? .5:1\n"),                         # not optional chaining
    ("return typeof x", "return typeof x\n"),                  # words stay apart
    ("x?.y ?? z", "x?.y??z\n"),
    ("a\n/*\n*/b", "a\nb\n"),                                  # the comment's line break is kept (ASI)
    ("x = a // one\n++b", "x=a\n++b\n"),
    ("a /* x */ b", "a b\n"),
    ("t = `a ${ b } /* c */`", "t=`a ${b} /* c */`\n"),       # a template literal's text stays as it is
    ('s = "/* no */" // yes', 's="/* no */"\n'),
    ("if (a) /re/.test(b)", "if(a) /re/.test(b)\n"),
    ("f(a, { b: 1 })", "f(a,{b:1})\n"),
])
def test_stripping_keeps_what_changes_meaning(source, expected):
    assert strip_js(source) == expected
    assert signature(expected) == signature(source)


def test_a_licence_header_is_kept_and_other_comments_go():
    source = "// Copyright (c) 2009 Someone\n// MIT licence\n\n// not part of it\nexport const a = 1; // gone\n"
    assert strip_js(source) == "// Copyright (c) 2009 Someone\n// MIT licence\nexport const a=1;\n"
    block = "/*! Copyright Someone\n\n   MIT licence */\n\n/* not part of it */ let b = 2;\n"
    assert strip_js(block) == "/*! Copyright Someone\n\n   MIT licence */\nlet b=2;\n"


def test_what_cannot_be_tokenized_raises():
    for source in ("class A { #x = 1 }", "let a = `open"):
        with pytest.raises(StripError):
            strip_js(source)


def test_css_loses_only_its_comments():
    source = '/* head */\na::before { content: "/* kept */"; }\n  /* gone */\nb{background:url(x/*y.png)}c/**/d{}\n'
    assert strip_css(source) == 'a::before { content: "/* kept */"; }\nb{background:url(x/*y.png)}c d{}\n'
    with pytest.raises(StripError):
        strip_css('a { content: "one \\\n two"; }')


def test_scripts_and_styles_are_served_stripped_with_the_etag_of_what_is_sent(served):
    for url in ("/js/sync.js", "/vendor/qrcode.mjs", "/css/app.css"):
        source = (PWA / url.lstrip("/")).read_text(encoding="utf-8")
        expected = (strip_css if url.endswith(".css") else strip_js)(source).encode()
        plain = served.get(url, headers={"Accept-Encoding": "identity"})
        assert plain.data == expected and len(plain.data) < len(source.encode())
        packed = served.get(url, headers={"Accept-Encoding": "br"})
        assert brotli.decompress(packed.data) == expected
        assert served.get(url, headers={"Accept-Encoding": "br", "If-None-Match": packed.headers["ETag"]}).status_code == 304
    index = served.get("/index.html", headers={"Accept-Encoding": "identity"})
    assert index.data == (PWA / "index.html").read_bytes()  # its inline import map is hashed into the CSP


def test_files_are_served_as_they_are_when_compression_is_off(tmp_path):
    client = make(tmp_path, COMPRESS_REGISTER=False).test_client()
    assert client.get("/js/sync.js", headers={"Accept-Encoding": "br"}).data == (PWA / "js" / "sync.js").read_bytes()
    _, files = unpack(client.get("/precache/later.bundle").data)
    assert files["/js/ui/editions.js"] == (PWA / "js" / "ui" / "editions.js").read_bytes()


def test_a_script_that_cannot_be_stripped_is_served_as_it_is_with_a_warning(tmp_path, caplog):
    folder = tmp_path / "pwa"
    folder.mkdir()
    (folder / "index.html").write_text("<!doctype html><title>tk</title>")
    (folder / "new.js").write_text("class A { #secret = 1 } // a comment\n")
    client = make(tmp_path, PWA_DIR=str(folder)).test_client()
    assert client.get("/precache/shell.bundle").status_code == 404  # no sw.js in this folder
    with caplog.at_level(logging.WARNING, logger="api.web.pwa"):
        resp = client.get("/new.js")
    assert resp.status_code == 200 and resp.data == (folder / "new.js").read_bytes()
    assert "new.js" in caplog.text and "not stripped" in caplog.text


def test_each_bundle_holds_its_list_byte_for_byte_as_served_file_by_file(served):
    version, lists = precache_lists((PWA / "sw.js").read_text())
    for name, listed in (("shell", lists["SHELL"]), ("later", lists["LATER"])):
        resp = served.get(f"/precache/{name}.bundle", headers={"Accept-Encoding": "br, gzip"})
        assert resp.status_code == 200 and resp.headers["Content-Encoding"] == "br"
        assert resp.headers["Cache-Control"] == "no-cache" and resp.headers["ETag"].endswith(':br"')
        index, files = unpack(brotli.decompress(resp.data))
        assert index["version"] == version and list(files) == listed
        one_by_one = 0
        for entry in index["files"]:
            alone = served.get(entry["url"], headers={"Accept-Encoding": "identity"})
            assert files[entry["url"]] == alone.data, entry["url"]
            assert entry["type"] == alone.headers["Content-Type"], entry["url"]
            for header, value in index["headers"].items():  # what a navigation served from the cache runs under
                assert alone.headers[header] == value, (entry["url"], header)
            one_by_one += len(served.get(entry["url"], headers={"Accept-Encoding": "br"}).data)
        assert "Content-Security-Policy" in index["headers"] and "X-Content-Type-Options" in index["headers"]
        assert len(resp.data) < 0.85 * one_by_one  # compressed across files
        again = served.get(f"/precache/{name}.bundle", headers={"Accept-Encoding": "br, gzip",
                                                                 "If-None-Match": resp.headers["ETag"]})
        assert again.status_code == 304 and not again.data
    module = next(e for e in unpack(served.get("/precache/shell.bundle").data)[0]["files"] if e["url"] == "/js/main.js")
    assert module["type"].startswith("text/javascript")  # module scripts need a JavaScript MIME type


def test_a_bundle_follows_its_files_and_is_404_when_one_is_missing(tmp_path):
    folder = tmp_path / "pwa"
    folder.mkdir()
    (folder / "index.html").write_text("<!doctype html><title>tk</title>")
    (folder / "a.js").write_text("export const a = 1; // one\n")
    (folder / "sw.js").write_text('const VERSION = "tk-1";\nconst SHELL = [\n  "/index.html",\n  "/a.js",\n];\n'
                                  'const LATER = [\n  "/b.js",\n];\n')
    client = make(tmp_path, PWA_DIR=str(folder)).test_client()
    first = client.get("/precache/shell.bundle")
    assert unpack(first.data)[1] == {"/index.html": b"<!doctype html><title>tk</title>", "/a.js": b"export const a=1;\n"}
    (folder / "a.js").write_text("export const a = 2;\n")
    second = client.get("/precache/shell.bundle", headers={"If-None-Match": first.headers["ETag"]})
    assert second.status_code == 200 and unpack(second.data)[1]["/a.js"] == b"export const a=2;\n"
    assert client.get("/precache/other.bundle").status_code == 404
    missing = client.get("/precache/later.bundle")
    assert missing.status_code == 404  # as for any missing file outside /api; sw.js then tries file by file


def test_a_cold_bundle_is_built_whole_even_past_the_request_budget(tmp_path):
    folder = tmp_path / "pwa"  # a copy of pwa/ under another path: nothing of it is cached in this process yet
    folder.mkdir()
    for entry in PWA.iterdir():
        (folder / entry.name).symlink_to(entry)
    client = make(tmp_path, PWA_DIR=str(folder), REQUEST_BUDGET_SECONDS=0.05).test_client()
    resp = client.get("/precache/later.bundle", headers={"Accept-Encoding": "br"})
    assert resp.status_code == 200  # stripping and compressing its files takes far longer than 0.05 s
    index, files = unpack(brotli.decompress(resp.data))
    assert files["/vendor/qrcode.mjs"] == strip_js((PWA / "vendor" / "qrcode.mjs").read_text()).encode()


def test_files_stripped_ahead_in_the_master_are_served_by_a_worker_without_stripping_them_again(
        tmp_path, monkeypatch):
    import shutil

    from api.web import pwa

    folder = tmp_path / "pwa"
    shutil.copytree(PWA, folder, ignore=shutil.ignore_patterns("pyodide"))
    assert pwa.strip_ahead(folder) > 20  # every script and stylesheet sw.js precaches
    calls = []
    real = pwa.stripped
    monkeypatch.setattr(pwa, "stripped", lambda name, content: calls.append(name) or real(name, content))
    client = make(tmp_path, PWA_DIR=str(folder)).test_client()
    resp = client.get("/js/main.js")
    assert resp.status_code == 200 and resp.get_data() == real("js/main.js", (folder / "js/main.js").read_bytes())
    assert calls == []  # the master's copy, inherited
    (folder / "js" / "main.js").write_text((folder / "js" / "main.js").read_text() + "\n// changed\n")
    assert client.get("/js/main.js").status_code == 200
    assert calls == ["js/main.js"]  # a changed file is stripped again
