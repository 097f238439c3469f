"""Packaging the rules engine for the phone: the engine bundle that Pyodide runs.

The bundle is a plain zip of ``api/__init__.py``, ``api/games/``, ``api/offline/`` (their Python
sources) and the edition files of ``api/data/`` (``*.placeholder.json``; the server's own data files
stay on the server), byte-for-byte reproducible (fixed timestamps, sorted names).  Its content hash
(SHA-256 over every path and content) is the **engine version**.  ``api.web.engine_bundle`` serves it.

With a CPython of Pyodide's own version at hand (``TABLEKEEPER_ENGINE_PYTHON``,
or ``python3.12`` on the PATH), the bundle also carries each module's bytecode
(``__pycache__/*.cpython-312.pyc``, unchecked-hash: the bundle's version already
changes with any source), so the phone imports the engine without compiling it
(issue 35: about half the engine's import; docs/decisions/engine-bytecode.md).
Without one the bundle holds the sources only.  ``api/offline/validated.json`` names the
shipped editions this build validated, so the phone does not validate them again.

This is packaging, not HTTP: it lives outside ``api/web`` and outside the packages it ships
(``api/games`` and ``api/offline`` must stay pure).
"""
from __future__ import annotations

import hashlib
import io
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("api/games", "api/offline")
EDITIONS = "api/data/*.placeholder.json"
VALIDATED = "api/offline/validated.json"  # written here, not in the repository
EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest zip date: the same bytes on every machine
PYODIDE_PYTHON = (3, 12)  # the CPython inside the pinned Pyodide 0.27.7 (3.12.7): bytecode is per minor version
CACHE_TAG = "cpython-312"
PYODIDE_STDLIB = ROOT / "pwa" / "vendor" / "pyodide" / "0.27.7" / "python_stdlib.zip"
# The standard-library modules the engine imports that Pyodide's boot has not: Pyodide ships them as
# sources, compiled on every start (~0.1 s).  Their bytecode, compiled from Pyodide's own files, goes in
# STDLIB_DIR (first on the phone's sys.path).  Found by comparing sys.modules under Pyodide before and after
# `import api.offline.table, api.offline.scorers`; a module missing here is simply compiled as before.
STDLIB_MODULES = ("__future__", "_compat_pickle", "dataclasses", "hashlib", "json", "pickle")
STDLIB_DIR = "stdlib-cpython-312"
# Run by that interpreter on a copy of the bundle (argv[1]): the engine's modules into __pycache__ (as
# Pyodide finds them under /engine), the standard-library modules in their place (sourceless).
COMPILE = f"""import compileall, py_compile, sys
if sys.version_info[:2] != (3, 12):
    sys.exit(3)
root, mode = sys.argv[1], py_compile.PycInvalidationMode.UNCHECKED_HASH
ok = compileall.compile_dir(root + "/api", quiet=2, stripdir=root, prependdir="/engine", workers=1,
                            invalidation_mode=mode)
ok &= compileall.compile_dir(root + "/{STDLIB_DIR}", quiet=2, stripdir=root + "/{STDLIB_DIR}", workers=1,
                             prependdir="/lib/python312.zip", legacy=True, invalidation_mode=mode)
sys.exit(0 if ok else 1)
"""
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Bundle:
    """The zip's bytes and its content hash."""

    data: bytes
    version: str


def bundle_files(root: Path = ROOT) -> list[str]:
    """Repository-relative paths of the files in the bundle, sorted."""
    names = ["api/__init__.py"] + [p.relative_to(root).as_posix() for p in root.glob(EDITIONS)]
    for package in PACKAGES:
        names += [p.relative_to(root).as_posix() for p in (root / package).rglob("*")
                  if p.is_file() and p.suffix in (".py", ".json") and "__pycache__" not in p.parts]
    return sorted(set(names))


def bytecode_python() -> str | None:
    """A CPython of Pyodide's minor version to compile the bundle with, or None (sources only)."""
    if sys.version_info[:2] == PYODIDE_PYTHON:
        return sys.executable
    return os.environ.get("TABLEKEEPER_ENGINE_PYTHON") or shutil.which("python3.12")


def _stdlib_sources() -> dict[str, bytes]:
    """STDLIB_MODULES' files from the vendored Pyodide (its standard library); {} without it."""
    if not PYODIDE_STDLIB.is_file():
        return {}
    with zipfile.ZipFile(PYODIDE_STDLIB) as zf:
        return {name: zf.read(name) for name in zf.namelist()
                if name.endswith(".py") and name.split("/")[0].removesuffix(".py") in STDLIB_MODULES}


def bytecode(root: Path, names: list[str], python: str | None) -> dict[str, bytes]:
    """Bytecode for Pyodide, by its path in the bundle: each engine module's ``__pycache__`` file and
    ``STDLIB_DIR``'s sourceless standard-library modules; {} when not compiled."""
    if not python:
        return {}
    sources = {name: (root / name).read_bytes() for name in names if name.endswith(".py")}
    stdlib = _stdlib_sources()
    with tempfile.TemporaryDirectory() as tmp:
        for name, content in [*sources.items(), *((f"{STDLIB_DIR}/{n}", c) for n, c in stdlib.items())]:
            (Path(tmp) / name).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / name).write_bytes(content)
        (Path(tmp) / STDLIB_DIR).mkdir(exist_ok=True)
        try:
            done = subprocess.run([python, "-I", "-c", COMPILE, tmp], capture_output=True, timeout=300, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            log.warning("engine bundle without bytecode: %s could not compile it (%s)", python, exc)
            return {}
        if done.returncode != 0:
            log.warning("engine bundle without bytecode: %s is not a working CPython %d.%d (exit %s)",
                        python, *PYODIDE_PYTHON, done.returncode)
            return {}
        out = {}
        for name in sources:
            folder, _, file = name.rpartition("/")
            out[f"{folder}/__pycache__/{file[:-3]}.{CACHE_TAG}.pyc"] = b""
        out |= {f"{STDLIB_DIR}/{name}c": b"" for name in stdlib}
        return {name: (Path(tmp) / name).read_bytes() for name in out}


def validated_editions(root: Path, names: list[str]) -> bytes:
    """``api/offline/validated.json``: the SHA-256 of each shipped Asian Tigers edition this build validated
    (the phone then builds it without validating it again, `api.offline.editions`)."""
    from api.games.asian_tigers.edition.load import load_edition
    from api.games.provenance import EditionError

    validated = {}
    for name in names:
        if name.startswith("api/data/asian-tigers") and name.endswith(".json"):
            try:
                load_edition(root / name)
            except EditionError:
                continue  # the phone validates it, and says why it is refused
            validated[name] = hashlib.sha256((root / name).read_bytes()).hexdigest()
    return json.dumps(validated, indent=1, sort_keys=True).encode()


def build(root: Path = ROOT, python: str | None = "auto") -> Bundle:
    """Zip the engine files of `root` (deterministic) and hash their contents.

    `python`: the interpreter that compiles the bytecode ("auto": `bytecode_python()`; None: sources only).
    """
    digest = hashlib.sha256()
    buffer = io.BytesIO()
    files = {name: (root / name).read_bytes() for name in bundle_files(root)}
    files[VALIDATED] = validated_editions(root, list(files))
    files |= bytecode(root, list(files), bytecode_python() if python == "auto" else python)
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(files):
            content = files[name]
            digest.update(name.encode() + b"\0" + content + b"\0")
            info = zipfile.ZipInfo(name, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, content)
    return Bundle(buffer.getvalue(), digest.hexdigest())
