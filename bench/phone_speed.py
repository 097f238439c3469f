"""Speed where people feel it (issue 35), in one Chromium run (Playwright + CDP throttling).

    python bench/phone_speed.py [--taps 5] [--rounds 2] [--old-worker REF]

Prints side by side, for notes (never asserted in tests):

- bare Pyodide boot: ``loadPyodide`` alone, in a module worker of the app's origin, files from the
  browser's caches (the floor for any engine start);
- engine cold start: the app's engine worker with its files cached but no memory snapshot (Python
  starts and the bundle is imported; the snapshot is then made aside by a second worker, awaited
  before the warm start but not timed), from ``prepare()`` to its first answer; the ratio to the bare
  boot (target ≤ 1.25), and its parts (boot, wait for the bundle, unpack, import).  Set
  ``TABLEKEEPER_ENGINE_PYTHON`` to a CPython 3.12 if ``python3.12`` is not on the PATH: the bundle then
  carries its bytecode (api/packaging.py), as a deployment with one does;
- engine warm start: the same with the snapshot kept (target ≤ 0.5 s);
- after each start, the first view: a two-player game opened by that engine (not part of the start's time);
- with ``--old-worker REF`` (e.g. ``main``): the cold and warm starts of that commit's
  ``pwa/engine-worker.js`` too (served in its place), today's path beside the new one;
- tap → next question on screen, median of ``--taps`` taps on a two-player game: with the engine running
  (the phone answers first) and not running (the server answers, as before), each on this machine and
  with a 600 ms round trip + CPU ×4 (CDP ``Network.emulateNetworkConditions`` and
  ``Emulation.setCPUThrottlingRate``).  Targets: running ≤ 100 ms here and ≤ 250 ms throttled; not
  running ≤ one round trip + 150 ms throttled.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.pwa.conftest import ARGS, CHROMIUM, PHONE, Server  # noqa: E402

RTT_MS = 600
CPU = 4
BARE_WORKER = """import { loadPyodide } from "/vendor/pyodide/0.27.7/pyodide.mjs";
const t0 = performance.now();
const py = await loadPyodide({ indexURL: "/vendor/pyodide/0.27.7/", packages: [] });
py.runPython("1 + 1");
self.postMessage(performance.now() - t0);"""
BARE = """async () => new Promise((resolve, reject) => {
  const w = new Worker('/bench-bare-worker.js', { type: 'module' });
  w.onmessage = (e) => { resolve(e.data); w.terminate(); };
  w.onerror = (e) => reject(new Error(e.message || 'bare worker failed'));
})"""
PREPARE = """async (dropSnapshot) => {
  if (dropSnapshot) await caches.delete('engine-snapshot');
  const e = await import('/js/offline/engine.js');
  const t0 = performance.now();
  const info = await e.prepare();
  const ms = performance.now() - t0;
  // The first view: a two-player game opened by the engine just started (the edition loaded, if not yet).
  const t1 = performance.now();
  const opened = await e.call('open_json', JSON.stringify({ game_id: 'bench-first-view', edition: null, seed: 5,
    actions: [], meta: { version: 1 }, options: { players: [{ name: 'A', color: 'red' }, { name: 'B', color: 'blue' }] } }));
  if (!opened.ok) throw new Error('the first view failed');
  return { ms, first: performance.now() - t1, steps: info.steps, snapshot: info.snapshot };
}"""
# From the tap to the next question on screen (the header's version changes; read on the next frame).
TAP = """async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const q = (sel) => document.querySelector('[data-testid=recorder] ' + sel);
  while (!q('button[data-action]') && !q('button[data-pick]')) await frame();
  if (!q('button[data-action]')) {  // a two-level choice: its space first (not timed)
    q('button[data-pick]').click();
    while (!q('button[data-action]')) await frame();
  }
  return new Promise((resolve) => {
  const before = document.querySelector('header[data-version]').dataset.version;
  const button = q('button[data-action]');
  const t0 = performance.now();
  button.click();
  const look = () => {
    const h = document.querySelector('header[data-version]');
    if (h && h.dataset.version !== before && document.querySelector('[data-testid=recorder] button[data-action]'))
      resolve(performance.now() - t0);
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  });
}"""


def throttle(cdp, on: bool) -> None:
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": RTT_MS if on else 0,
                                                  "downloadThroughput": -1, "uploadThroughput": -1})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU if on else 1})


def taps(page, server, n: int, engine: bool, seed: int) -> list[float]:
    """Median-ready samples: n taps on a fresh game, each after the previous one was settled."""
    g = server.create_game(seed=seed)
    page.goto(f"{server.url}/#/join/{g['join_code']}")
    page.locator("[data-testid=recorder]").wait_for()
    if engine:
        page.get_by_test_id("game-offline-ready").wait_for(timeout=180_000)
    out = []
    for _ in range(n):
        page.wait_for_function("() => !document.querySelector('[data-testid=sending]')", timeout=60_000)
        page.wait_for_timeout(300)
        out.append(page.evaluate(TAP))
    page.wait_for_function("() => !document.querySelector('[data-testid=sending]')", timeout=60_000)
    return out


def starts(page, url: str, label: str, rows: list) -> None:
    page.goto(url + "/")
    cold = page.evaluate(PREPARE, True)
    # The snapshot is made and stored after the first answer: wait for it (a page closed sooner keeps none).
    # This worker's is stored by a second worker (the store says when: a key is listed before its body is
    # written); today's worker stored it itself.
    kept = ("async () => (await import('/js/store.js')).getState().engine.snapshotKept !== undefined" if label == "new"
            else "async () => (await (await caches.open('engine-snapshot')).keys()).length > 0")
    for _ in range(360):  # page.evaluate, not wait_for_function: that takes the pending promise for a yes
        if page.evaluate(kept):
            break
        page.wait_for_timeout(500)
    page.goto(url + "/")
    warm = page.evaluate(PREPARE, False)
    rows.append((label, cold, warm))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--taps", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=2, help="bare boot, cold and warm starts: how many times each")
    ap.add_argument("--old-worker", default=None, help="a git ref whose pwa/engine-worker.js is today's path")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        server = Server(Path(tmp))
        server.start()
        # Each server process builds its bundle (and compiles its bytecode) on its first request: done here
        # for both workers, as on a server that has been up for a while, so no start below waits for it.
        for _ in range(6):
            requests.get(server.url + "/api/engine-bundle", timeout=300)
        print(f"load average at the start: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            ctx = browser.new_context(viewport=PHONE, service_workers="block", is_mobile=True, has_touch=True)
            ctx.route("**/bench-bare-worker.js", lambda r: r.fulfill(body=BARE_WORKER, content_type="text/javascript"))
            page = ctx.new_page()
            page.goto(server.url + "/")
            page.evaluate("() => localStorage.setItem('tablekeeper.engine-background', 'yes')")
            page.evaluate(PREPARE, True)  # the download (not measured): every later start reads the caches
            page.goto(server.url + "/")
            page.evaluate(BARE)  # the wasm compiled once into the browser's cache, for both alike
            rows = []
            bare = []
            for _ in range(args.rounds):
                page.goto(server.url + "/")
                bare.append(page.evaluate(BARE))
                starts(page, server.url, "new", rows)
                if args.old_worker:
                    old = subprocess.run(["git", "show", f"{args.old_worker}:pwa/engine-worker.js"], cwd=ROOT,
                                         check=True, capture_output=True, text=True).stdout
                    ctx.route("**/engine-worker.js", lambda route: route.fulfill(body=old,
                                                                                  content_type="text/javascript"))
                    starts(page, server.url, f"today ({args.old_worker})", rows)
                    ctx.unroute("**/engine-worker.js")
            floor = min(bare)
            print(f"bare Pyodide boot (worker, cached files): {', '.join(f'{b / 1000:.2f} s' for b in bare)}")
            for label, cold, warm in rows:
                steps = ", ".join(f"{k} {v / 1000:.2f}" for k, v in cold["steps"].items())
                parts = ", ".join(f"{k} {v / 1000:.2f}" for k, v in (warm["steps"] or {}).items())
                print(f"engine {label:>12}: cold {cold['ms'] / 1000:.2f} s (×{cold['ms'] / floor:.2f} bare; {steps};"
                      f" then first view {cold['first'] / 1000:.2f})"
                      f" · warm {warm['ms'] / 1000:.2f} s (snapshot {'used' if warm['snapshot'] else 'NOT used'}; {parts};"
                      f" then first view {warm['first'] / 1000:.2f})")

            print(f"load average after the starts: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
            if not args.taps:
                return
            cdp = ctx.new_cdp_session(page)
            results = {}
            for slow in (False, True):
                throttle(cdp, slow)
                results[("running", slow)] = taps(page, server, args.taps, True, 11 + slow)
            page.evaluate("() => localStorage.setItem('tablekeeper.engine-background', 'no')")
            ctx2 = browser.new_context(viewport=PHONE, service_workers="block", is_mobile=True, has_touch=True)
            page2 = ctx2.new_page()
            page2.goto(server.url + "/")
            page2.evaluate("() => localStorage.setItem('tablekeeper.engine-background', 'no')")
            cdp2 = ctx2.new_cdp_session(page2)
            for slow in (False, True):
                throttle(cdp2, slow)
                results[("not running", slow)] = taps(page2, server, args.taps, False, 21 + slow)
            print(f"tap → next question, median of {args.taps} (ms):")
            for (state, slow), values in results.items():
                where = f"RTT {RTT_MS} ms + CPU ×{CPU}" if slow else "this machine"
                print(f"  engine {state:>11}, {where:>24}: {statistics.median(values):7.0f}"
                      f"   (all: {', '.join(f'{v:.0f}' for v in values)})")
            ctx2.close()
            ctx.close()
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
