// The engine worker: Pyodide running the server's own rules engine (the engine
// bundle from /api/engine-bundle), answering the page's calls off the main thread.
//
// prepare: download what is missing (progress reported, and each step of the start: the page
// gives up on a start that shows no progress for 30 s, pwa/js/offline/engine.js), into Cache Storage;
// the service worker then serves /vendor/pyodide/ from that cache, so the
// engine starts with no connection.  The bundle is refreshed when the server
// has another version (ETag = content hash) and kept when it cannot be asked.
// The first start of an engine version imports it, answers, and has a second
// worker ("snapshot") keep a memory snapshot (Python started, the engine imported
// and warmed up); later starts restore it instead of starting Python and
// importing again (~4× faster), and fall back to the import on any failure.
// call: {id, fn, args} → api.offline.table.<fn>(*args) (SCORER_CALLS: api.offline.scorers) → its JSON string.
import { loadPyodide } from "/vendor/pyodide/0.27.7/pyodide.mjs";

const INDEX = "/vendor/pyodide/0.27.7/";
const PYODIDE_CACHE = "engine-pyodide-0.27.7";
const BUNDLE_CACHE = "engine-bundle";
const BUNDLE_URL = "/api/engine-bundle";
// Decoded sizes (bytes) of the pinned files, for the progress bar.
const FILES = { "pyodide.asm.wasm": 10105545, "python_stdlib.zip": 2360737, "pyodide.asm.js": 1255688,
                "pyodide-lock.json": 112205, "pyodide.mjs": 13931 };
// This file and the page's local play module are not in the app shell: they are kept with Pyodide.
const SCRIPTS = ["/engine-worker.js", "/js/offline/local.js"];
const BUNDLE_SIZE = 980000;  // with the modules' bytecode (api/packaging.py)
const BUNDLE_CHECK_MS = 3000;
const SCORER_CALLS = new Set(["score_json", "scorer_edition_json"]);  // the rest: api.offline.table
let table = null;
let scorers = null;
let starting = null;

const post = (msg) => self.postMessage(msg);
// A step of the start is done: the page limits the start by its progress (a quiet worker counts as stuck).
const step = () => post({ type: "step" });

// Pyodide fetches its files by URL, through the service worker, which answers from the same cache
// (that path also keeps Chromium's compiled-wasm cache: a Response taken from Cache Storage here
// was measured to miss it, the first game after each start then running 1-4 s slower).  A worker
// started before the service worker took over its page is not controlled by it: its Pyodide
// fetches are answered from the cache here, or it would download the 6 MB a second time.
const networkFetch = self.fetch.bind(self);
let controlled = true;  // told by the page with "prepare"
self.fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input, self.location.href);
  if (!controlled && url.origin === self.location.origin && url.pathname.startsWith(INDEX)) {
    const hit = await caches.match(url.pathname, { cacheName: PYODIDE_CACHE });
    if (hit) return hit;
  }
  return networkFetch(input, init);
};

async function download(cache, url, expected, done, total) {
  const hit = await cache.match(url);
  if (hit) return expected;
  const resp = await networkFetch(url, { cache: "no-store" });
  if (!resp.ok) throw new Error(`${url}: HTTP ${resp.status}`);
  const reader = resp.body.getReader();
  const parts = [];
  let got = 0;
  for (;;) {
    const { done: end, value } = await reader.read();
    if (end) break;
    parts.push(value);
    got += value.length;
    post({ type: "progress", loaded: done + Math.min(got, expected), total });
  }
  await cache.put(url, new Response(new Blob(parts), { headers: { "Content-Type": resp.headers.get("Content-Type") || "" } }));
  return expected;
}

// A response's body, a step reported per chunk (~1 MB: on a slow connection that is the start's progress too).
async function readAll(resp) {
  const reader = resp.body.getReader();
  const parts = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    step();
  }
  return new Blob(parts).arrayBuffer();
}

async function bundle() {
  const cache = await caches.open(BUNDLE_CACHE);
  const cached = await cache.match(BUNDLE_URL);
  const headers = cached ? { "If-None-Match": cached.headers.get("ETag") || "" } : {};
  let resp = null;
  // With a copy kept, a network that does not answer (a train's "lie-fi") does not hold the start.
  const signal = cached ? AbortSignal.timeout(BUNDLE_CHECK_MS) : undefined;
  try { resp = await fetch(BUNDLE_URL, { headers, cache: "no-store", signal }); } catch { resp = null; }
  if (resp && resp.status === 200) {
    const data = await readAll(resp);
    await cache.put(BUNDLE_URL, new Response(data, { headers: { ETag: resp.headers.get("ETag") || "",
                                                             "Content-Type": "application/zip" } }));
    return { data, version: (resp.headers.get("ETag") || "").replace(/"/g, ""), fresh: true };
  }
  if (!cached) throw new Error(resp ? `engine bundle: HTTP ${resp.status}` : "engine bundle: no connection and none cached");
  return { data: await cached.arrayBuffer(), version: (cached.headers.get("ETag") || "").replace(/"/g, ""), fresh: false };
}

// Pyodide's heap after the engine was imported, one per Pyodide and engine version (~21 MB, on the phone only).
const SNAPSHOT_CACHE = "engine-snapshot";
const snapshotKey = (version) => `/engine-snapshot/0.27.7/${version}`;
const ENGINE_DIR = "/engine";
// Opened once before the snapshot (then dropped), so the first real game finds the edition loaded.
const WARM_UP = [{ players: [{ name: "A", color: "red" }], solo: { difficulty: 2, variant: "solo", tiles: "generated" } },
                 { players: [{ name: "A", color: "red" }, { name: "B", color: "blue" }] }];

const STDLIB_DIR = "stdlib-cpython-312";
const CACHE_TAG = "cpython-312";
// The bundle's files, written into Pyodide's file system: each module once, as its bytecode when the
// bundle has it (a sourceless .pyc in its package: half the files to write, nothing to compile), else
// as its source; the data files as they are.  After a restore (`missingOnly`): only the data files and the
// modules the snapshot does not hold (e.g. the Nippon and Asara scorers), as the file system lives outside
// the heap the snapshot keeps (nor the standard library's bytecode: Pyodide's own files serve then).
const UNPACK = (missingOnly) => `
def _engine_unpack(path, root, missing_only):
    import os, sys, zipfile
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        present = set(names)
        for name in names:
            folder, _, file = name.rpartition("/")
            target = name
            if folder.endswith("/__pycache__"):
                folder, file = folder[:-len("/__pycache__")], file.split(".")[0] + ".py"
                target = f"{folder}/{file}c"
            elif file.endswith(".py") and f"{folder}/__pycache__/{file[:-3]}.${CACHE_TAG}.pyc" in present:
                continue  # its bytecode is written instead
            module = ".".join(folder.split("/") + ([] if file == "__init__.py" else [file[:-3]]))
            if missing_only and (name.startswith("${STDLIB_DIR}/") or (file.endswith(".py") and module in sys.modules)):
                continue
            os.makedirs(f"{root}/{folder}", exist_ok=True)
            with open(f"{root}/{target}", "wb") as out:
                out.write(zf.read(name))
_engine_unpack("/engine.zip", "${ENGINE_DIR}", ${missingOnly ? "True" : "False"})
del _engine_unpack
`;

function unpack(pyodide, code, missingOnly) {
  pyodide.FS.writeFile("/engine.zip", new Uint8Array(code.data));
  pyodide.runPython(UNPACK(missingOnly));
  pyodide.FS.unlink("/engine.zip");
}

const engineModules = (pyodide) => ({ table: pyodide.pyimport("api.offline.table"),
                                     scorers: pyodide.pyimport("api.offline.scorers") });

// Pyodide 0.27.7's snapshot layout: a header (magic, heap offset, …) and then the heap, whole wasm pages.
// Pyodide checks its build id but sizes its memory by the length, and a wrong length leaves its start
// hanging: so the length is checked first, and a restore that takes too long is given up.
const SNAPSHOT_MAGIC = 1886286592;
const RESTORE_LIMIT_MS = 15000;

function wellFormed(bytes, stored) {
  if (bytes.byteLength < 64 || String(bytes.byteLength) !== stored.headers.get("X-Snapshot-Bytes")) return false;
  const [magic, heapAt] = new Uint32Array(bytes, 0, 2);
  const heap = bytes.byteLength - heapAt;
  return magic === SNAPSHOT_MAGIC && heap > 0 && heap % 65536 === 0;
}

// `codeP`: the bundle, still being checked with the server while Python starts (the check overlaps the start).
async function restore(saved, bytesP, codeP, steps) {
  const t0 = performance.now();
  const bytes = await bytesP;
  step();
  const t1 = performance.now();
  if (!wellFormed(bytes, saved)) throw new Error("a snapshot of another shape");
  const pyodide = await Promise.race([loadPyodide({ indexURL: INDEX, packages: [], _loadSnapshot: bytes }),
    new Promise((_, reject) => setTimeout(() => reject(new Error("the snapshot did not restore in time")), RESTORE_LIMIT_MS))]);
  step();
  const t2 = performance.now();
  const code = await codeP;
  const t3 = performance.now();
  // A snapshot of another engine, or one whose tables were not empty, is not used (Pyodide checks its own build).
  const check = pyodide.runPython("import random, api.offline.table as t; random.seed(); len(t.TABLES)");
  if (pyodide.globals.get("ENGINE_SNAPSHOT") !== code.version || check !== 0) throw new Error("not this engine's snapshot");
  const t4 = performance.now();
  unpack(pyodide, code, true);
  const engine = engineModules(pyodide);
  // Where a warm start goes (bench/phone_speed.py prints it): the read left after the files' check, the
  // restore, the wait for the bundle's check with the server, Python's first answer, the unpack.
  Object.assign(steps, { read: t1 - t0, restore: t2 - t1, check: t3 - t2, first: t4 - t3, unpack: performance.now() - t4 });
  return engine;
}

// A start with no snapshot: Python as plain as the bare boot (no snapshot mode, no warm-up); the snapshot
// is made aside, by a second worker (`makeSnapshot`), once this one answers (issue 35: the cold start).
// `steps` gets where the start went (bench/phone_speed.py prints it): Python's boot, the wait for the
// bundle after it, the unpack, the engine's import.
async function importFresh(codeP, makeSnapshot = false, steps = {}) {
  const t0 = performance.now();
  const pyodide = await loadPyodide({ indexURL: INDEX, packages: [], _makeSnapshot: makeSnapshot });
  step();
  const t1 = performance.now();
  // No .pyc written: the in-memory file system goes with the worker (the snapshot keeps only the heap);
  // the bundle brings its own bytecode when the server could compile it (api/packaging.py).
  // Its standard-library modules that Pyodide's boot did not import come compiled too (STDLIB_DIR there).
  pyodide.runPython(`import sys; sys.dont_write_bytecode = True; sys.path[:0] = ['${ENGINE_DIR}/${STDLIB_DIR}', '${ENGINE_DIR}']`);
  const code = await codeP;
  const t2 = performance.now();
  unpack(pyodide, code, false);
  step();
  const t3 = performance.now();
  const engine = engineModules(pyodide);
  Object.assign(steps, { boot: t1 - t0, wait: t2 - t1, unpack: t3 - t2, import: performance.now() - t3 });
  return { pyodide, code, engine };
}

// In a worker of its own (the page's engine.js starts it after a cold start): Python started, the engine
// imported and warmed up, its heap kept in Cache Storage for the next start; answers its size.
async function makeSnapshot() {
  const kept = await (await caches.open(BUNDLE_CACHE)).match(BUNDLE_URL);
  if (!kept) throw new Error("no engine bundle kept");
  const code = { data: await kept.arrayBuffer(), version: (kept.headers.get("ETag") || "").replace(/"/g, "") };
  const { pyodide, engine } = await importFresh(Promise.resolve(code), true);
  for (const [i, options] of WARM_UP.entries()) {
    engine.table.open_json(JSON.stringify({ game_id: `warm-up-${i}`, edition: null, options, seed: 1, actions: [], meta: { version: 1 } }));
  }
  pyodide.runPython("import api.offline.table as t; t.TABLES.clear()");
  pyodide.globals.set("ENGINE_SNAPSHOT", code.version);
  const heap = pyodide.makeMemorySnapshot();
  const snapshots = await caches.open(SNAPSHOT_CACHE);
  for (const req of await snapshots.keys()) await snapshots.delete(req);  // the older versions' snapshots go
  await snapshots.put(snapshotKey(code.version), new Response(heap, { headers: {
    "Content-Type": "application/octet-stream", "X-Snapshot-Bytes": String(heap.byteLength) } }));
  return { bytes: heap.byteLength, version: code.version };
}

async function start() {
  const t0 = performance.now();
  const cache = await caches.open(PYODIDE_CACHE);
  const total = Object.values(FILES).reduce((a, b) => a + b, 0) + BUNDLE_SIZE;
  // The kept bundle and its snapshot are looked up meanwhile (a warm start waits for nothing else).
  const lookups = (async () => {
    const kept = await (await caches.open(BUNDLE_CACHE)).match(BUNDLE_URL);
    const keptVersion = kept ? (kept.headers.get("ETag") || "").replace(/"/g, "") : "";
    const saved = keptVersion ? await (await caches.open(SNAPSHOT_CACHE)).match(snapshotKey(keptVersion)) : null;
    const bytes = saved ? saved.arrayBuffer() : null;  // ~21 MB: read while the Pyodide files are checked
    bytes?.catch(() => {});
    return { keptVersion, saved, bytes };
  })();
  const hits = await Promise.all(Object.keys(FILES).map((name) => cache.match(INDEX + name)));
  step();
  const scripts = Promise.all(SCRIPTS.map((url) => fetch(url, { cache: "no-store" }).then((r) => r.ok && cache.put(url, r))
    .catch(() => null)));
  if (!hits.every(Boolean)) {  // the first download: one file after the other, for the progress bar
    let done = 0;
    for (const [name, size] of Object.entries(FILES)) done += await download(cache, INDEX + name, size, done, total);
    await scripts;  // kept with Pyodide before the phone says it is ready (a later start refreshes them meanwhile)
  }
  const t1 = performance.now();
  const { keptVersion, saved, bytes } = await lookups;
  let bundleMs = 0;
  const codeP = bundle().then((code) => {
    bundleMs = performance.now() - t1;
    post({ type: "progress", loaded: total, total });
    return code;
  });
  codeP.catch(() => {});  // awaited below
  let engine = null;
  const detail = {};
  if (saved) {
    try { engine = await restore(saved, bytes, codeP, detail); } catch (err) {
      console.warn("engine snapshot not used:", err);
      await (await caches.open(SNAPSHOT_CACHE)).delete(snapshotKey(keptVersion)).catch(() => {});
    }
  }
  const restored = !!engine;
  engine ||= (await importFresh(codeP, false, detail)).engine;
  const code = await codeP;
  ({ table, scorers } = engine);
  const t3 = performance.now();
  const steps = { files: t1 - t0, bundle: bundleMs, [restored ? "snapshot" : "python"]: t3 - t1, ...detail };
  return { version: code.version, ms: Math.round(t3 - t0), steps, snapshot: restored, snapshotWanted: !restored };
}

// The page's language, handed with each call: the engine says its views in it (api/offline/language.py),
// with the same catalogue the page reads (/i18n/<lang>.json; the service worker keeps it for offline use).
// Calls wait on one chain, so a call made while the catalogue loads does not overtake an earlier one.
let spoken = "en";
let speaking = Promise.resolve();
async function speak(lang) {
  if (!lang || lang === spoken) return;
  let catalogue = "{}";
  try { const resp = lang === "en" ? null : await fetch(`/i18n/${lang}.json`); if (resp?.ok) catalogue = await resp.text(); } catch { /* English */ }
  table.set_language_json(lang, catalogue);
  spoken = lang;
}

self.onmessage = async (event) => {
  const { id, fn, args, lang } = event.data;
  try {
    if (fn === "snapshot") {
      controlled = args?.[0] !== false;
      post({ id, ok: true, result: await makeSnapshot() });
      return;
    }
    if (fn === "prepare") {
      controlled = args?.[0] !== false;
      starting ||= start();
      post({ id, ok: true, result: await starting });
      return;
    }
    if (!table) throw new Error("the engine is not loaded yet");
    speaking = speaking.then(() => speak(lang)).catch(() => {});
    await speaking;
    const target = SCORER_CALLS.has(fn) ? scorers : table;
    post({ id, ok: true, result: target[fn](...(args || [])) });
  } catch (err) {
    if (fn === "prepare") starting = null;
    post({ id, ok: false, error: String(err && err.message || err) });
  }
};
