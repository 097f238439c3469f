"""The tests and the code carry their own data: nothing under tests/, api/ or pwa/js/ names a path outside
the repository (a machine path, or the reference folder beside the clone).  A test that read such a path
would skip on every other machine; the data it needs lives in tests/data/ (see its README)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("tests", "api", "pwa/js")
SUFFIXES = {".py", ".js", ".md", ".json", ".yaml", ".toml", ".txt", ".html"}
# A machine path (/work/..., /home/...) or the reference folder reached from the clone.
OUTSIDE = re.compile(r"/work/|/home/\w|\"shared\"\s*/|'shared'\s*/|\.\./shared\b|\bshared/(examples|components|rules)\b")


def _files():
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file() and "vendor" not in path.parts and path != Path(__file__):
                yield path


def test_no_file_names_a_path_outside_the_repository():
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()[:100]}"
             for path in _files()
             for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
             if OUTSIDE.search(line)]
    assert found == [], "\n".join(found)


def test_the_pattern_finds_what_it_is_for():
    # The check above cannot pass by matching nothing: each form a test once used is caught.
    for line in ('EXAMPLES = Path("/work/x/examples")', 'root.parent / "shared" / "examples"',
                 'COMPONENTS = "../shared/components"', "see shared/examples/README.md"):
        assert OUTSIDE.search(line), line
    assert not OUTSIDE.search("on a shared space the lower marker goes first")
