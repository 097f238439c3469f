"""No import cycles anywhere under `api/` (ARCHITECTURE: "no import cycles"; issue 11).

The graph is built from the source with `ast`, not by importing it, so a cycle
that happens to import fine today is still caught.  What counts as an edge:

* every ``import`` / ``from … import`` statement, at module level AND inside
  functions or methods — a lazy import written to dodge a cycle is still the
  cycle, it has only been moved to run time;
* ``from package import name`` is an edge to the submodule ``package.name``
  when that module exists, otherwise to ``package`` itself;
* relative imports are resolved against the importing module's package.

Not counted: the implicit import of a module's parent packages (every module
would otherwise "depend" on its package's ``__init__``, which is how a package
exposes its public names), and imports of modules outside `api/`.
"""
from __future__ import annotations

import ast
from pathlib import Path

API = Path(__file__).resolve().parents[1] / "api"


def module_names(root: Path) -> dict[str, Path]:
    """Dotted module name → source file, for every module under `root`'s parent package."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules under `api/` that module `name` imports, anywhere in its body."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module
            submodules = [f"{source}.{alias.name}" for alias in node.names if f"{source}.{alias.name}" in modules]
            found.update(submodules)
            if len(submodules) < len(node.names):
                found.add(source)
    return {m for m in found if m in modules and m != name}


def import_graph(root: Path = API) -> dict[str, set[str]]:
    """Module → the modules it imports (both under `root`)."""
    modules = module_names(root)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected component with more than one module (or a self-import), as a path."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm, iterative enough for a few hundred modules
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def describe(component: list[str], graph: dict[str, set[str]]) -> str:
    """One import chain around `component`, e.g. ``a → b → a``."""
    members = set(component)
    path = [component[0]]
    while True:
        nxt = sorted(graph[path[-1]] & members)
        step = next((m for m in nxt if m not in path), None)
        if step is None:
            back = next(m for m in nxt if m in path)
            return " → ".join(path[path.index(back):] + [back])
        path.append(step)


def test_the_graph_sees_function_level_imports(tmp_path):
    """The checker itself: a lazy import inside a function closes a cycle."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text("def f():\n    from pkg.a import thing\n")
    (pkg / "c.py").write_text("from . import a\n")
    graph = import_graph(pkg)
    assert graph == {"pkg": set(), "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.a"}, "pkg.c": {"pkg.a"}}
    assert cycles(graph) == [["pkg.a", "pkg.b"]]
    assert describe(["pkg.a", "pkg.b"], graph) == "pkg.a → pkg.b → pkg.a"


def test_no_import_cycles_under_api():
    graph = import_graph()
    assert "api.games.asian_tigers.engine" in graph and graph["api.games.asian_tigers.engine"]
    found = cycles(graph)
    assert not found, "import cycles under api/:\n" + "\n".join(describe(c, graph) for c in found)
