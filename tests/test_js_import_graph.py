"""No import cycles among the phone's modules (pwa/js, the service worker, the engine worker).

The JavaScript counterpart of `tests/test_import_graph.py`.  The graph is read from the source with
esprima's tokenizer (comments and strings cannot be mistaken for imports).  What counts as an edge:

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

import esprima

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


def specifiers(source: str) -> list[tuple[str, bool]]:
    """(specifier, dynamic) for every import of a module's source, in order."""
    tokens = [(t.type, t.value) for t in esprima.tokenize(source)]
    found: list[tuple[str, bool]] = []

    def string_at(i: int) -> str | None:  # a module specifier has no escapes: the text between the quotes
        return tokens[i][1][1:-1] if i < len(tokens) and tokens[i][0] == "String" else None

    for i, (kind, value) in enumerate(tokens):
        following = tokens[i + 1] if i + 1 < len(tokens) else ("", "")
        if kind == "Keyword" and value == "import":
            if following == ("Punctuator", "("):
                spec = string_at(i + 2)
                closed = i + 3 < len(tokens) and tokens[i + 3] == ("Punctuator", ")")
                if spec is None or not closed:
                    raise ValueError(f"a dynamic import of an expression: import({tokens[i + 2][1]} …)")
                found.append((spec, True))
            elif following == ("Punctuator", "."):
                continue  # import.meta
            else:  # import "x" / import … from "x": the statement's first string is the module
                j = i + 1
                while j < len(tokens) and tokens[j][0] != "String" and tokens[j] != ("Punctuator", ";"):
                    j += 1
                if string_at(j) is not None:
                    found.append((string_at(j), False))
        elif kind == "Keyword" and value == "export" and following in (("Punctuator", "*"), ("Punctuator", "{")):
            j = i + 1
            if following == ("Punctuator", "{"):
                while j < len(tokens) and tokens[j] != ("Punctuator", "}"):
                    j += 1
            while j < len(tokens) and tokens[j] not in (("Identifier", "from"), ("Punctuator", ";")) \
                    and tokens[j][0] != "Keyword":
                j += 1
            if j < len(tokens) and tokens[j] == ("Identifier", "from") and string_at(j + 1) is not None:
                found.append((string_at(j + 1), False))
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
