"""No import cycles among the phone's modules (pwa/js, the service worker, the engine worker).

The JavaScript counterpart of `tests/test_import_graph.py`.  The graph is read from the source
line by line (comments dropped first).  What counts as an edge:

* ``import … from "x"``, ``import "x"`` and ``export … from "x"`` (static, drawn ``→``);
* ``import("x")`` (dynamic, drawn ``⇢``): a cycle closed through a lazy load is still a cycle, it has
  only been moved to run time, where the order modules finish loading in decides what each one sees.

Specifiers resolve as the browser resolves them: relative to the importing file's URL, absolute from the
site root (pwa/), bare names through index.html's import map.  Modules outside the checked files (the
vendored libraries) are leaves.  A dynamic import whose argument is not a plain string cannot be checked
and fails the test.
"""
from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

from tests.test_import_graph import cycles

PWA = Path(__file__).resolve().parents[1] / "pwa"


def module_urls(root: Path = PWA) -> dict[str, Path]:
    """URL path (as the browser asks for it, e.g. ``/js/sync.js``) → file, for every checked module."""
    files = sorted((root / "js").rglob("*.js")) + [root / name for name in ("sw.js", "engine-worker.js")
                                                      if (root / name).is_file()]
    return {"/" + path.relative_to(root).as_posix(): path for path in files}


def import_map(root: Path = PWA) -> dict[str, str]:
    """The bare names of index.html's import map."""
    index = root / "index.html"
    found = re.search(r'<script type="importmap">(.*?)</script>', index.read_text(encoding="utf-8"), re.S) \
        if index.is_file() else None
    return json.loads(found.group(1))["imports"] if found else {}


_STATIC = re.compile(r"^\s*(?:import|export)\b[^;()]*?\bfrom\s*(S\d+S)|^\s*import\s*(S\d+S)", re.M)
_DYNAMIC = re.compile(r"\bimport\s*\(\s*([^)]*?)\s*\)")


def _code_and_strings(source: str) -> tuple[str, list[str]]:
    """The source with comments dropped and every string literal replaced by ``S<n>S`` (its text is
    ``strings[n]``), so that nothing inside a string or a comment is read as code."""
    out, strings, i, n = [], [], 0, len(source)
    while i < n:
        ch = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i) if "\n" in source[i:] else n
        elif source.startswith("/*", i):
            i = source.find("*/", i + 2) + 2 if "*/" in source[i + 2:] else n
        elif ch in "\"'`":
            j = i + 1
            while j < n and source[j] != ch:
                j += 2 if source[j] == "\\" else 1
            strings.append(source[i + 1:j])
            # A template with a substitution is an expression, not a plain string.
            out.append("`…`" if ch == "`" and "${" in strings[-1] else f"S{len(strings) - 1}S")
            i = j + 1
        else:
            out.append(ch)
            i += 1
    return "".join(out), strings


def specifiers(source: str) -> list[tuple[str, bool]]:
    """(specifier, dynamic) for every import of a module's source.

    Each import or export-from statement starts a line (as in every file here), so a line-anchored
    reading of the code, its comments dropped and its strings set aside, is exact without a parser.
    """
    code, strings = _code_and_strings(source)

    def text(placeholder: str) -> str:
        return strings[int(placeholder[1:-1])]

    found = [(text(m.group(1) or m.group(2)), False) for m in _STATIC.finditer(code)]
    for m in _DYNAMIC.finditer(code):
        if not re.fullmatch(r"S\d+S", m.group(1)):
            raise ValueError(f"a dynamic import of an expression: import({m.group(1)})")
        found.append((text(m.group(1)), True))
    return found


def resolve(url: str, spec: str, names: dict[str, str]) -> str:
    """The URL path `spec` means when imported by the module at `url`."""
    if spec in names:
        return names[spec]
    if spec.startswith("/"):
        return posixpath.normpath(spec)
    return posixpath.normpath(posixpath.join(posixpath.dirname(url), spec))


def import_graph(root: Path = PWA) -> dict[str, dict[str, bool]]:
    """Module URL → {imported module URL: dynamic} (a static import wins over a dynamic one of the
    same module).  Imports of modules outside the checked files are left out."""
    modules, names = module_urls(root), import_map(root)
    graph: dict[str, dict[str, bool]] = {}
    for url, path in modules.items():
        edges: dict[str, bool] = {}
        for spec, dynamic in specifiers(path.read_text(encoding="utf-8")):
            target = resolve(url, spec, names)
            if target in modules and target != url:
                edges[target] = edges.get(target, True) and dynamic
        graph[url] = edges
    return graph


def describe(component: list[str], graph: dict[str, dict[str, bool]]) -> str:
    """One import chain around `component`, e.g. ``/js/a.js → /js/b.js ⇢ /js/a.js``."""
    members = set(component)
    path = [component[0]]
    while True:
        nxt = sorted(set(graph[path[-1]]) & members)
        step = next((m for m in nxt if m not in path), None)
        if step is None:
            back = next(m for m in nxt if m in path)
            chain = path[path.index(back):] + [back]
            return path_text(chain, graph)
        path.append(step)


def path_text(chain: list[str], graph: dict[str, dict[str, bool]]) -> str:
    text = chain[0]
    for here, there in zip(chain, chain[1:]):
        text += (" ⇢ " if graph[here][there] else " → ") + there
    return text


def test_the_graph_sees_every_kind_of_import(tmp_path):
    """The checker itself: static, side-effect, re-export and dynamic imports are edges; comments,
    strings, import.meta and the vendored modules are not."""
    js = tmp_path / "js"
    (js / "ui").mkdir(parents=True)
    (tmp_path / "index.html").write_text('<script type="importmap">{"imports": {"preact": "/vendor/p.js"}}</script>')
    (js / "a.js").write_text('import { b } from "./b.js";\nimport "/js/c.js";\nimport { h } from "preact";\n'
                             '// import "./d.js";\nconst s = "import(\'./d.js\')";\nconsole.log(import.meta.url);\n')
    (js / "b.js").write_text('export { x } from "./ui/e.js";\nexport const b = 1;\n')
    (js / "c.js").write_text("export * from './d.js';\n")
    (js / "d.js").write_text("export async function f() { return import('../js/a.js'); }\n")
    (js / "ui" / "e.js").write_text('export const x = 2;\nexport default {"from": "x"};\n')
    (tmp_path / "sw.js").write_text('import { b } from "/js/b.js";\n')
    graph = import_graph(tmp_path)
    assert graph == {"/js/a.js": {"/js/b.js": False, "/js/c.js": False}, "/js/b.js": {"/js/ui/e.js": False},
                     "/js/c.js": {"/js/d.js": False}, "/js/d.js": {"/js/a.js": True}, "/js/ui/e.js": {},
                     "/sw.js": {"/js/b.js": False}}
    [component] = cycles(graph)
    assert describe(component, graph) == "/js/a.js → /js/c.js → /js/d.js ⇢ /js/a.js"


def test_a_dynamic_import_of_an_expression_is_refused():
    for source in ("import(name);", "import(`./${name}.js`);", 'import("./a" + ".js");'):
        try:
            specifiers(source)
        except ValueError:
            continue
        raise AssertionError(f"accepted: {source}")


def test_no_import_cycles_among_the_phones_modules():
    graph = import_graph()
    assert "/js/main.js" in graph and graph["/js/main.js"] and "/sw.js" in graph
    assert any(any(graph[url].values()) for url in graph)  # the dynamic imports are seen too
    found = cycles(graph)
    assert not found, "import cycles in the phone's modules:\n" + "\n".join(
        f"{describe(c, graph)}   (all of: {', '.join(c)})" for c in found)
