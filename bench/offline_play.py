"""Offline play in Chromium (Playwright): what the phone downloads, how fast the engine answers.

Run by hand (`python bench/offline_play.py`); figures go in closing notes, never in tests.

- shell: the first load, gzipped (the same sum the shell test checks);
- download: Pyodide + the engine bundle on the wire (encoded bytes), cold profile;
- ready: from "Make this phone ready" to the engine answering, on a warm cache (new page, files cached):
  the engine worker restores its memory snapshot (`--no-snapshot` deletes it first: Python starts and
  imports the engine, as on the first start of an engine version);
- tap: offline, the solo screen reloaded (a prepared phone with no signal starts its engine in the
  background as the app opens): from "Start the solo game" tapped, and from the reload, to the first
  turn on screen;
- move: one offline move (apply + view through the worker), p50/p95 over whole random solo games;
- game: a whole solo game at difficulty 2 through the local engine, and the page's JS heap after it.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.pwa.conftest import ARGS, CHROMIUM, PHONE, Server  # noqa: E402
from tests.pwa.shell import PWA, first_load_files  # noqa: E402

GAME = """async ([seed, moves]) => {
  const e = await import('/js/offline/engine.js');
  const opts = {players: [{name: 'Ann', color: 'red'}], solo: {difficulty: 2, variant: 'solo', tiles: 'generated'}};
  let view = (await e.call('open_json', JSON.stringify({game_id: 'b' + seed, edition: null, options: opts, seed,
                                                         actions: [], meta: {version: 1}}))).view;
  let x = seed;  // a small LCG: the same choices on every run
  const rand = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
  const times = []; const t0 = performance.now(); let n = 0;
  while (!view.over && n < moves) {
    const action = view.legal_actions[rand(view.legal_actions.length)];
    const t = performance.now();
    const answer = await e.call('apply_json', 'b' + seed, JSON.stringify(action), JSON.stringify({version: n + 2}));
    times.push(performance.now() - t);
    if (!answer.ok) throw new Error(answer.problem.detail);
    view = answer.view; n += 1;
  }
  const outcome = await e.call('outcome_json', 'b' + seed);
  return {times, total: performance.now() - t0, moves: n, title: outcome.outcome.solo.rank_title};
}"""


def shell_kb() -> float:
    import gzip
    total = sum(len(gzip.compress(p.read_bytes(), 9)) for u, p in first_load_files().items() if not u.startswith("/icons/"))
    return (total + len(gzip.compress((PWA / "sw.js").read_bytes(), 9))) / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--warm", type=int, default=5)
    parser.add_argument("--no-snapshot", action="store_true", help="delete the engine snapshot before each start")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp())
    server = Server(tmp)
    server.start()
    try:
        with sync_playwright() as p:
            ctx = p.chromium.launch_persistent_context(str(tmp / "profile"), executable_path=CHROMIUM, args=ARGS,
                                                       viewport=PHONE)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            wire: dict[str, int] = {}

            def count(request):
                path = request.url.split(server.url, 1)[-1]
                if path.startswith(("/vendor/pyodide/", "/api/engine-bundle", "/engine-worker.js")):
                    sizes = request.sizes()
                    wire[path] = wire.get(path, 0) + sizes["responseBodySize"] + sizes["responseHeadersSize"]

            ctx.on("requestfinished", count)
            page.goto(server.url + "/")
            start = time.monotonic()
            page.get_by_role("button", name="Make this phone ready for offline").click()
            page.get_by_role("heading", name="Ready for offline play", exact=True).wait_for(timeout=300_000)
            cold = time.monotonic() - start
            page.wait_for_timeout(500)
            ctx.remove_listener("requestfinished", count)

            page.wait_for_timeout(2000)  # the snapshot is stored after the first start answered
            warm, taps = [], []
            for _ in range(args.warm):
                if args.no_snapshot:
                    page.evaluate("caches.delete('engine-snapshot')")
                page.reload()
                page.get_by_role("heading", name="Ready for offline play", exact=True).wait_for()
                start = time.monotonic()
                steps = page.evaluate("async () => { const e = await import('/js/offline/engine.js');"
                                      " const s = await e.prepare(); return s.steps; }")
                warm.append(time.monotonic() - start)
                print("warm start steps (ms):", {k: round(v) for k, v in steps.items()}, f"load {os.getloadavg()[0]:.1f}")
            ctx.set_offline(True)
            for _ in range(args.warm):
                if args.no_snapshot:
                    page.evaluate("caches.delete('engine-snapshot')")
                page.goto(server.url + "/#/solo")
                opened = time.monotonic()
                page.reload()  # the solo screen asks the engine for the shipped edition's options: it starts now
                page.get_by_label("Name").fill("Ann")
                start = time.monotonic()
                page.get_by_role("button", name="Start the solo game").click()
                page.locator("[data-testid=recorder]").wait_for(timeout=60_000)
                taps.append((time.monotonic() - start, time.monotonic() - opened))
            ctx.set_offline(False)

            times, games = [], []
            for seed in range(1, args.games + 1):
                result = page.evaluate(GAME, [seed, 1000])
                times += result["times"]
                games.append(result)
            cdp = ctx.new_cdp_session(page)
            cdp.send("HeapProfiler.collectGarbage")  # what the page keeps, not what it has not collected yet
            cdp.send("Performance.enable")
            heap = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}["JSHeapUsedSize"]
            ctx.close()
    finally:
        server.stop()

    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"shell first load (gzipped, no icons): {shell_kb():.1f} KB")
    print(f"engine download on the wire (Pyodide + bundle + worker): {sum(wire.values()) / 1e6:.2f} MB")
    for path, size in sorted(wire.items(), key=lambda kv: -kv[1]):
        print(f"  {path}: {size / 1e6:.2f} MB")
    print(f"cold ready (download + start): {cold:.1f} s; warm ready (cached, new worker): "
          f"median {statistics.median(warm):.2f} s, max {max(warm):.2f} s over {len(warm)}")
    tap, page_open = [t for t, _ in taps], [o for _, o in taps]
    print(f"offline solo start: tap 'Start the solo game' → first turn on screen median "
          f"{statistics.median(tap):.2f} s (max {max(tap):.2f}); from reloading the solo screen median "
          f"{statistics.median(page_open):.2f} s (max {max(page_open):.2f}) over {len(taps)}")
    print(f"offline move (apply + view via the worker): p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms "
          f"over {len(times)} moves")
    for g in games:
        g["times"].sort()
        print(f"  solo game: {g['moves']} moves in {g['total'] / 1000:.2f} s (p95 "
              f"{g['times'][int(0.95 * (len(g['times']) - 1))]:.1f} ms), rank {g['title']}")
    print(f"machine load (1 min) at the end: {os.getloadavg()[0]:.1f}")
    print(f"page JS heap after {len(games)} games: {heap / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
