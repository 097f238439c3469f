"""Lighthouse (mobile) on the home screen and on a game screen, as a phone opens them (issue 35).

    python bench/phone_lighthouse.py [--root CHECKOUT ...] [--runs 1]

For each checkout (default: this one) it starts that checkout's server (tests/pwa/conftest.py's
``Server``: gunicorn as the Procfile runs it, a fresh database), creates a two-player game through the
API and runs Lighthouse's mobile preset (simulated slow 4G, CPU ×4) against

- ``/``: the home screen;
- ``/#/g/<id>``: the game screen of a game this phone already knows: its record (table token and the
  last view, IndexedDB ``games`` as ``gamerecords.js``'s ``rememberGame`` keeps it) is written into a
  Chromium profile first; the service worker, Cache Storage and the HTTP cache are then emptied, so the
  load is a first load of the files, as on the home screen.

The files are served as the deployment serves them: ``make install`` makes each file's ``.gz`` / ``.br``
copy (``whitenoise.compress``), which WhiteNoise sends to a browser that asks for it; this bench does the
same in each checkout first (``--uncompressed``: not; the API's answers stay uncompressed here, where
Caddy compresses them in the deployment).

Needs ``lighthouse`` (npm) on PATH or ``--lighthouse PATH``; Chromium is Debian's.  Prints, for notes
(never asserted in tests): performance score, LCP, TBT, CLS, FCP, bytes transferred and the requests.
"""
from __future__ import annotations

import argparse
import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

NOT_COMPRESSED = ["jpg", "jpeg", "png", "gif", "webp", "zip", "gz", "br", "wasm"]  # as the Makefile's install
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
REMEMBER = """async ([id, token, view]) => {
  const { rememberGame } = await import('/js/gamerecords.js');
  await rememberGame({ game_id: id, token, view });
  // main.js registers the service worker: wait for it, so that it does not come back after the unregister.
  await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 10000))]);
  for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
  for (const k of await caches.keys()) await caches.delete(k);
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def audit(lighthouse: str, url: str, port: int, dump: str | None = None) -> dict:
    """One Lighthouse run on the Chromium listening on `port` (its storage kept: the game's record)."""
    out = subprocess.run([lighthouse, url, f"--port={port}", "--disable-storage-reset", "--output=json",
                          "--quiet", "--only-categories=performance,accessibility"],
                         check=True, capture_output=True, text=True).stdout
    lhr = json.loads(out)
    if dump:
        Path(dump).write_text(out)
    a = lhr["audits"]
    items = a["network-requests"]["details"]["items"]
    return {"perf": round(lhr["categories"]["performance"]["score"] * 100),
            "a11y": round(lhr["categories"]["accessibility"]["score"] * 100),
            "lcp": a["largest-contentful-paint"]["numericValue"], "tbt": a["total-blocking-time"]["numericValue"],
            "cls": a["cumulative-layout-shift"]["numericValue"], "fcp": a["first-contentful-paint"]["numericValue"],
            "si": a["speed-index"]["numericValue"],
            "bytes": sum(i.get("transferSize", 0) for i in items), "requests": len(items),
            "lcp_element": (a.get("largest-contentful-paint-element", {}).get("details") or {}),
            "urls": [(i["url"].split("/", 3)[-1], i.get("transferSize", 0), round(i.get("networkRequestTime", 0)),
                      round(i.get("networkEndTime", 0))) for i in items]}


def chromium(port: int, profile: Path) -> subprocess.Popen:
    proc = subprocess.Popen([shutil.which("chromium"), f"--remote-debugging-port={port}", f"--user-data-dir={profile}",
                             *FLAGS, "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            requests.get(f"http://127.0.0.1:{port}/json/version", timeout=1)
            return proc
        except requests.RequestException:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("chromium did not open its debugging port")


def compress(root: Path) -> None:
    """The ``.gz`` / ``.br`` copies ``make install`` makes (the Makefile's own command)."""
    subprocess.run([sys.executable, "-m", "whitenoise.compress", "-q", str(root / "pwa"), *NOT_COMPRESSED],
                   check=True)


def measure(root: Path, lighthouse: str, runs: int, verbose: bool) -> list[tuple[str, dict]]:
    sys.path.insert(0, str(root))
    for name in [m for m in sys.modules if m == "tests" or m.startswith("tests.")]:
        del sys.modules[name]
    from playwright.sync_api import sync_playwright
    from tests.pwa.conftest import Server

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        server.start()
        try:
            g = server.create_game(seed=5)
            view = server.game(g["game_id"], g["table_token"])
            for _ in range(runs):
                port = free_port()
                profile = Path(tempfile.mkdtemp(dir=tmp))
                browser = chromium(port, profile)
                try:
                    rows.append(("home", audit(lighthouse, server.url + "/", port)))
                    with sync_playwright() as p:
                        b = p.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
                        page = b.contexts[0].new_page()
                        page.goto(server.url + "/")
                        page.evaluate(REMEMBER, [g["game_id"], g["table_token"], view])
                        cdp = page.context.new_cdp_session(page)
                        cdp.send("Network.clearBrowserCache")
                        page.goto("about:blank")
                        page.close()
                    rows.append(("game", audit(lighthouse, f"{server.url}/#/g/{g['game_id']}", port,
                                               f"/tmp/lh-game-{root.name}.json" if verbose else None)))
                finally:
                    browser.kill()
                    browser.wait()
        finally:
            server.stop()
            sys.path.remove(str(root))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", action="append", type=Path, help="a checkout to measure (repeatable)")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--lighthouse", default=shutil.which("lighthouse") or "lighthouse")
    ap.add_argument("--uncompressed", action="store_true", help="do not make the .gz/.br copies first (delete copies made earlier to measure without them)")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every request")
    args = ap.parse_args()
    roots = args.root or [Path(__file__).resolve().parents[1]]
    if not args.uncompressed:
        for root in roots:
            compress(root.resolve())
    # Checkouts alternate run by run: a machine that gets busier halfway weighs on both alike.
    for root in [r for _ in range(args.runs) for r in roots]:
        for screen, r in measure(root.resolve(), args.lighthouse, 1, args.verbose):
            print(f"{root.name:>12} {screen:>4}: performance {r['perf']:3d}, accessibility {r['a11y']:3d} · "
                  f"FCP {r['fcp']:.0f} ms, LCP {r['lcp']:.0f} ms, TBT {r['tbt']:.0f} ms, CLS {r['cls']:.3f}, "
                  f"SI {r['si']:.0f} ms · {r['requests']} requests, {r['bytes'] / 1024:.1f} KiB")
            if args.verbose:
                items = r["lcp_element"].get("items") or [{}]
                print("      LCP element:", json.dumps(items[0])[:300])
                for url, size, start, end in r["urls"]:
                    print(f"      {start:6d}-{end:6d} ms {size / 1024:6.1f} KiB  {url}")


if __name__ == "__main__":
    main()
