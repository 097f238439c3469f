"""The PWA's precached app shell: its file list (from pwa/sw.js) and its version hash.

``python tests/pwa/shell.py --bump`` writes the current hash into sw.js's VERSION;
``test_shell.py`` fails while it is stale, so no changed file ships under an old
cache name (phones would keep the old one forever).
"""
from __future__ import annotations

import hashlib
import json
import posixpath
import re
import sys
from pathlib import Path

PWA = Path(__file__).resolve().parents[2] / "pwa"
SW = PWA / "sw.js"
VERSION_RE = re.compile(r'const VERSION = "(tk-[0-9a-f]{12})";')


def _listed(name: str) -> list[str]:
    """The URLs of sw.js's ``const <name> = [...]`` list."""
    block = re.search(rf"const {name} = \[(.*?)\];", SW.read_text(), re.S)
    return re.findall(r'"([^"]+)"', block.group(1)) if block else []


def first_load_urls() -> list[str]:
    """The SHELL list in sw.js: what is precached before the first screen (the size budget)."""
    return _listed("SHELL")


def shell_urls() -> list[str]:
    """Every file the service worker caches: SHELL, then LATER (cached right after activation)."""
    return _listed("SHELL") + _listed("LATER")


# Static imports (``import … from "x"``, ``import "x"``, ``export … from "x"``); dynamic ``import()`` is not one.
STATIC_IMPORT_RE = re.compile(r'^\s*(?:import|export)\s+(?:[^"\';]*?\sfrom\s+)?["\']([^"\']+)["\']', re.M)


def home_module_graph(entry: str = "/js/main.js") -> list[str]:
    """Every module the home screen's first load fetches: the entry and its static imports, transitively.

    Bare names resolve through index.html's import map; modules loaded with ``import()`` are left out
    (they come when a screen or service first needs them).
    """
    imports = json.loads(re.search(r'<script type="importmap">(.*?)</script>', (PWA / "index.html").read_text(),
                                   re.S).group(1))["imports"]
    seen: list[str] = []
    todo = [entry]
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.append(url)
        for spec in STATIC_IMPORT_RE.findall((PWA / url.lstrip("/")).read_text()):
            todo.append(imports.get(spec) or posixpath.normpath(posixpath.join(posixpath.dirname(url), spec)))
    return seen


def first_load_files() -> dict[str, Path]:
    """URL → file for the first load (SHELL only)."""
    return {url: PWA / url.lstrip("/") for url in first_load_urls()}


def shell_files() -> dict[str, Path]:
    """URL → file for every precached URL."""
    return {url: PWA / url.lstrip("/") for url in shell_urls()}


def expected_version() -> str:
    """tk- + the first 12 hex digits of the SHA-256 over the shell files (path and content)."""
    digest = hashlib.sha256()
    for url, path in sorted(shell_files().items()):
        digest.update(url.encode() + b"\0" + path.read_bytes() + b"\0")
    return "tk-" + digest.hexdigest()[:12]


def current_version() -> str:
    return VERSION_RE.search(SW.read_text()).group(1)


def bump() -> str:
    version = expected_version()
    SW.write_text(VERSION_RE.sub(f'const VERSION = "{version}";', SW.read_text()))
    return version


if __name__ == "__main__":
    if "--bump" in sys.argv:
        print(bump())
    else:
        print(current_version(), "expected", expected_version())
