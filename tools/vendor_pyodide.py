"""Fetch the pinned Pyodide release from the npm registry into ``pwa/vendor/pyodide/``.

Run by ``make pyodide`` (which ``make install`` and ``make test-deps`` depend on).
The binaries (~14 MB) are not committed: this step downloads the npm tarball,
checks it against the registry's published ``integrity`` (sha512) pinned
below, and unpacks only the five files the browser needs, plus a ``.gz``
sibling of each so Flask can send them compressed (~5.7 MB on the wire
instead of ~14 MB).  Nothing is done when the files are already there and
match the pin (``.stamp``).
"""
from __future__ import annotations

import base64
import gzip
import hashlib
import io
import os
import sys
import tarfile
import urllib.request
from pathlib import Path

VERSION = "0.27.7"
TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{VERSION}.tgz"
# `npm view pyodide@0.27.7 dist.integrity`
INTEGRITY = "sha512-RUSVJlhQdfWfgO9hVHCiXoG+nVZQRS5D9FzgpLJ/VcgGBLSAKoPL8kTiOikxbHQm1kRISeWUBdulEgO26qpSRA=="
FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
         "package.json", "README.md")
COMPRESS = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "pyodide-lock.json")  # the stdlib is a zip already
TARGET = Path(__file__).resolve().parents[1] / "pwa" / "vendor" / "pyodide" / VERSION


def integrity_of(data: bytes) -> str:
    """The npm ``integrity`` string (SRI, sha512) of `data`."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def download(url: str) -> bytes:
    """The bytes at `url` (honours the usual proxy variables)."""
    with urllib.request.urlopen(url, timeout=120) as resp:  # noqa: S310 - a fixed https URL
        return resp.read()


def unpack(data: bytes, target: Path) -> None:
    """Write the needed files of the tarball `data` (and their .gz) into `target`."""
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for name in FILES:
            member = tar.getmember(f"package/{name}")
            content = tar.extractfile(member).read()
            (target / name).write_bytes(content)
            if name in COMPRESS:
                # mtime=0: the same bytes on every machine, so ETags and caches agree.
                (target / f"{name}.gz").write_bytes(gzip.compress(content, 9, mtime=0))
    (target / ".stamp").write_text(INTEGRITY + "\n")


def install(target: Path, source: str | None) -> int:
    """Unpack the pinned tarball (`source`: a local copy, else the registry) into `target`; 0 when done."""
    stamp = target / ".stamp"
    if stamp.is_file() and stamp.read_text().strip() == INTEGRITY and all((target / f).is_file() for f in FILES):
        return 0
    data = Path(source).read_bytes() if source else download(TARBALL)
    found = integrity_of(data)
    if found != INTEGRITY:
        print(f"pyodide {VERSION}: integrity mismatch: expected {INTEGRITY}, got {found}", file=sys.stderr)
        return 1
    unpack(data, target)
    print(f"pyodide {VERSION} unpacked into {target}")
    return 0


if __name__ == "__main__":
    # PYODIDE_TARBALL: a local copy of the same tarball (a machine without the registry).
    sys.exit(install(TARGET, os.environ.get("PYODIDE_TARBALL")))
