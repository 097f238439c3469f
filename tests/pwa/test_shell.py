"""The app shell without a browser: precache list, cache version, size budget, manifest, licences."""
from __future__ import annotations

import gzip
import re
import json

from tests.pwa.shell import (PWA, current_version, expected_version, first_load_files, first_load_urls,
                             home_module_graph, shell_urls)

SHELL_SUFFIXES = (".html", ".js", ".mjs", ".css", ".webmanifest", ".png", ".json")  # .json: the rules (LATER)
BUDGET = 106 * 1024  # was 105 KB: +1 KB for six languages (the refusals' labels said on the phone, the first visit's rule texts kept, issue 37); first load (SHELL), gzipped, icons excluded; the rarer screens are in LATER, cached right after
# (was 100 KB: +2.6 KB for six languages, pwa/js/i18n.js and the screens' t() calls, issue 37)
# What the home screen itself fetches, gzipped: its module graph with the page and its styles
# (22.9 KB; bench/first_load.py: 34.4 KiB on the wire in 18 requests with headers and the icon, was
# 60.6 KiB in 26 before the other screens' modules left the graph).  Issue 18's target: 40 KB.
HOME_BUDGET = 30 * 1024  # was 25 KB: +2 KB for six languages (i18n.js, issue 37), +0.7 KB scorer styles (issue 34), +1 KB (the first visit keeps its language's rule texts: swupdate.js, issue 37)
HOME_PAGE = ["/index.html", "/css/app.css", "/css/scorers.css"]


def test_every_shell_file_is_precached_and_exists():
    # The offline engine (Pyodide in vendor/pyodide/, fetched by `make pyodide`, and the engine worker's
    # script) is downloaded after the shell into the service worker's engine cache (see sw.js).
    on_disk = {"/" + str(p.relative_to(PWA)) for p in PWA.rglob("*") if p.suffix in SHELL_SUFFIXES
               and not p.relative_to(PWA).as_posix().startswith("vendor/pyodide/")}
    engine_files = re.search(r"const ENGINE_FILES = \[(.*?)\];", (PWA / "sw.js").read_text()).group(1)
    assert {"/engine-worker.js", "/js/offline/local.js"} <= set(re.findall(r'"([^"]+)"', engine_files))
    on_disk -= {"/engine-worker.js", "/js/offline/local.js"}
    on_disk.discard("/sw.js")
    on_disk -= {u for u in on_disk if re.fullmatch(r"/i18n/rules\.\w+\.json", u)}  # kept per language on use (sw.js)
    assert set(shell_urls()) == on_disk
    assert len(shell_urls()) == len(set(shell_urls()))


def test_cache_version_matches_the_shell_files():
    assert current_version() == expected_version(), "run: python tests/pwa/shell.py --bump"


def test_first_load_is_under_100_kb_gzipped():
    sizes = {url: len(gzip.compress(path.read_bytes(), 9)) for url, path in first_load_files().items()
             if not url.startswith("/icons/")}
    sizes["/sw.js"] = len(gzip.compress((PWA / "sw.js").read_bytes(), 9))
    total = sum(sizes.values())
    print(f"\nfirst load (precached shell + sw.js, gzipped, no icons): {total / 1024:.1f} KB")
    assert total <= BUDGET, sorted(sizes.items(), key=lambda kv: -kv[1])[:5]


def test_the_home_screen_loads_only_its_own_modules():
    graph = home_module_graph()
    # Services and screens the home screen does not draw load with import() when first needed.
    assert not {"/js/sync.js", "/js/labels.js", "/js/api.js", "/js/outbox.js", "/js/offline/play.js",
                "/js/offline/engine.js", "/js/campaigns.js", "/js/ui/common.js", "/js/ui/join.js"} & set(graph)
    assert set(graph) <= set(first_load_urls())  # precached at install, so it opens offline
    sizes = {url: len(gzip.compress((PWA / url.lstrip("/")).read_bytes(), 9)) for url in graph + HOME_PAGE}
    total = sum(sizes.values())
    print(f"\nhome screen ({len(sizes)} files, gzipped): {total / 1024:.1f} KB")
    assert total <= HOME_BUDGET, sorted(sizes.items(), key=lambda kv: -kv[1])[:5]


def test_a_precached_module_needs_no_module_that_is_cached_later():
    # A module of the first load that statically imports a LATER one fails to load offline until the LATER
    # files are cached (in the background after activation): the game screen once did, through its layout
    # checklist's colour words, and a reload with no signal right after install said "This screen could not be
    # loaded" now and then.
    shell = set(first_load_urls())
    needs_later = {url: sorted(set(home_module_graph(url)) - shell)
                   for url in shell if url.startswith("/js/") and set(home_module_graph(url)) - shell}
    assert not needs_later, needs_later


def test_index_preloads_exactly_the_home_screens_modules():
    # A stale list would fetch a module the home screen no longer needs (or leave one to the waterfall).
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', (PWA / "index.html").read_text())
    assert sorted(preloaded) == sorted(url for url in home_module_graph() if url != "/js/main.js")


def test_manifest_is_installable():
    manifest = json.loads((PWA / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["theme_color"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        data = (PWA / icon["src"].lstrip("/")).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert f"{width}x{height}" == icon["sizes"]


def test_vendored_libraries_carry_their_licences():
    vendor = PWA / "vendor"
    for name in ("LICENSE.preact", "LICENSE.htm", "LICENSE.qrcode-generator", "LICENSE.pyodide"):
        assert (vendor / name).stat().st_size > 500
    axe = PWA.parent / "tests" / "pwa" / "vendor"
    assert (axe / "LICENSE.axe-core").stat().st_size > 500 and (axe / "axe.min.js").exists()
