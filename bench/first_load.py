"""Bytes on the wire: the PWA's first load (home screen) and everything the service worker precaches.

    python bench/first_load.py            # with and without compression, side by side
    python bench/first_load.py --list     # also every request of the home screen's first load, largest first

Starts gunicorn on loopback twice (``TABLEKEEPER_COMPRESS=1`` and ``0``), opens
the home screen in Debian's Chromium (Playwright, service worker blocked so the
page's own requests are counted: bodies as transferred plus headers), then
fetches what the service worker precaches with ``Accept-Encoding: br, gzip``
and adds up the transferred body sizes, two ways:

* file by file (how ``cache.addAll`` fetched them, and the service worker's
  fallback): every URL of SHELL (cached at install; sw.js counted here) and of
  LATER (the rarer screens, cached right after);
* as the service worker fetches them: ``/precache/shell.bundle`` +
  ``/precache/later.bundle`` (each list as one response, compressed across
  files) + ``sw.js``: what really travels.

Files are served stripped of comments (api/web/jsstrip.py) unless
``TABLEKEEPER_COMPRESS=0``.  Figures are for notes, never asserted in tests.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from api.web.pwa import precache_lists  # noqa: E402  (the lists as the server reads them)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(database: str, compress: bool) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = {**os.environ, "TABLEKEEPER_DATABASE": database, "TABLEKEEPER_COMPRESS": "1" if compress else "0",
           "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-w", "1", "-b", f"127.0.0.1:{port}",
                             "--log-level", "warning", "-c", "python:api.web.gunicorn_conf", "api:create_app()"],
                            cwd=ROOT, env=env, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            requests.get(base + "/api/health", timeout=1)
            return proc, base
        except requests.RequestException:
            time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)
    raise SystemExit("gunicorn did not start")


def _listed(name: str) -> list[str]:
    return precache_lists((ROOT / "pwa" / "sw.js").read_text())[1][name]


def precache_urls() -> list[str]:
    """The SHELL list of pwa/sw.js (cached at install), plus sw.js itself."""
    return _listed("SHELL") + ["/sw.js"]


def later_urls() -> list[str]:
    """The LATER list of pwa/sw.js: the rarer screens, cached right after activation."""
    return _listed("LATER")


def precache_bytes(base: str, urls: list[str]) -> tuple[int, int]:
    """(transferred body bytes, uncompressed bytes) of `urls`."""
    wire = raw = 0
    for url in urls:
        resp = requests.get(base + url, headers={"Accept-Encoding": "br, gzip"}, stream=True, timeout=10)
        body = resp.raw.read(decode_content=False)
        wire += len(body)
        raw += (ROOT / "pwa" / url.lstrip("/")).stat().st_size
    return wire, raw


BUNDLED = ("/precache/shell.bundle", "/precache/later.bundle", "/sw.js")


def bundle_bytes(base: str) -> dict[str, tuple[int, int]]:
    """URL → (transferred body bytes, bytes served) of the two precache bundles and sw.js, fetched as the
    service worker fetches them."""
    sizes = {}
    for url in BUNDLED:
        resp = requests.get(base + url, headers={"Accept-Encoding": "br, gzip"}, stream=True, timeout=30)
        resp.raise_for_status()
        wire = len(resp.raw.read(decode_content=False))
        sizes[url] = wire, len(requests.get(base + url, headers={"Accept-Encoding": "identity"}, timeout=30).content)
    return sizes


def home_screen_bytes(base: str, listing: list | None = None) -> tuple[int, int]:
    """(bytes transferred, requests) for a first visit of the home screen in Chromium.

    ``listing``, when given, receives (bytes, path) for every request.
    """
    from playwright.sync_api import sync_playwright

    total = count = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        ctx = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="block")
        page = ctx.new_page()
        finished = []
        page.on("requestfinished", lambda request: finished.append(request))
        page.goto(base + "/", wait_until="networkidle")
        for request in finished:
            sizes = request.sizes()
            size = sizes["responseBodySize"] + sizes["responseHeadersSize"]
            total += size
            count += 1
            if listing is not None:
                listing.append((size, request.url.removeprefix(base)))
        browser.close()
    return total, count


def main() -> None:
    show = "--list" in sys.argv
    with tempfile.TemporaryDirectory() as tmp:
        for compress in (False, True):
            proc, base = _serve(str(Path(tmp) / f"c{int(compress)}.db"), compress)
            try:
                wire, raw = precache_bytes(base, precache_urls())
                later, later_raw = precache_bytes(base, later_urls())
                bundles = bundle_bytes(base)
                shell, later_bundle, sw = (bundles[url][0] / 1024 for url in BUNDLED)
                line = f"compression {'on ' if compress else 'off'}:\n" \
                       f"  file by file:           precache {wire / 1024:5.1f} KiB on the wire ({raw / 1024:.1f} KiB " \
                       f"in git) + later {later / 1024:5.1f} KiB ({later_raw / 1024:.1f}) = {(wire + later) / 1024:.1f} KiB\n" \
                       f"  as the worker fetches: shell bundle {shell:5.1f} KiB + later bundle {later_bundle:5.1f} KiB " \
                       f"+ sw.js {sw:.1f} KiB = {shell + later_bundle + sw:.1f} KiB " \
                       f"({sum(served for _, served in bundles.values()) / 1024:.1f} KiB served)"
                if CHROMIUM:
                    listing: list = []
                    home, n = home_screen_bytes(base, listing)
                    line += f"\n  home screen first load {home / 1024:5.1f} KiB in {n} requests"
                    if show and compress:
                        line += "".join(f"\n  {size / 1024:5.1f} KiB  {url}" for size, url in sorted(listing, reverse=True))
                print(line)
            finally:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=15)


if __name__ == "__main__":
    main()
