// The engine worker: Pyodide running the server's own rules engine (the engine
// bundle from /api/engine-bundle), answering the page's calls off the main thread.
//
// prepare: download what is missing (progress reported), into Cache Storage;
// the service worker then serves /vendor/pyodide/ from that cache, so the
// engine starts with no connection.  The bundle is refreshed when the server
// has another version (ETag = content hash) and kept when it cannot be asked.
// call: {id, fn, args} → api.offline.table.<fn>(*args) (score_json: api.offline.scorers) → its JSON string.
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
const BUNDLE_SIZE = 180000;
let table = null;
let scorers = null;
let starting = null;

const post = (msg) => self.postMessage(msg);

async function download(cache, url, expected, done, total) {
  const hit = await cache.match(url);
  if (hit) return expected;
  const resp = await fetch(url, { cache: "no-store" });
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

async function bundle() {
  const cache = await caches.open(BUNDLE_CACHE);
  const cached = await cache.match(BUNDLE_URL);
  const headers = cached ? { "If-None-Match": cached.headers.get("ETag") || "" } : {};
  let resp = null;
  try { resp = await fetch(BUNDLE_URL, { headers, cache: "no-store" }); } catch { resp = null; }
  if (resp && resp.status === 200) {
    const data = await resp.arrayBuffer();
    await cache.put(BUNDLE_URL, new Response(data, { headers: { ETag: resp.headers.get("ETag") || "",
                                                             "Content-Type": "application/zip" } }));
    return { data, version: (resp.headers.get("ETag") || "").replace(/"/g, ""), fresh: true };
  }
  if (!cached) throw new Error(resp ? `engine bundle: HTTP ${resp.status}` : "engine bundle: no connection and none cached");
  return { data: await cached.arrayBuffer(), version: (cached.headers.get("ETag") || "").replace(/"/g, ""), fresh: false };
}

async function start() {
  const t0 = performance.now();
  const cache = await caches.open(PYODIDE_CACHE);
  const total = Object.values(FILES).reduce((a, b) => a + b, 0) + BUNDLE_SIZE;
  let done = 0;
  for (const [name, size] of Object.entries(FILES)) done += await download(cache, INDEX + name, size, done, total);
  for (const url of SCRIPTS) await fetch(url, { cache: "no-store" }).then((r) => r.ok && cache.put(url, r), () => null);
  const t1 = performance.now();
  const code = await bundle();
  post({ type: "progress", loaded: total, total });
  const t2 = performance.now();
  const pyodide = await loadPyodide({ indexURL: INDEX, packages: [] });
  const t3 = performance.now();
  pyodide.unpackArchive(code.data, "zip", { extractDir: "/engine" });
  pyodide.runPython("import sys; sys.path.insert(0, '/engine')");
  table = pyodide.pyimport("api.offline.table");
  scorers = pyodide.pyimport("api.offline.scorers");
  const t4 = performance.now();
  const steps = { files: t1 - t0, bundle: t2 - t1, pyodide: t3 - t2, engine: t4 - t3 };
  return { version: code.version, ms: Math.round(t4 - t0), steps };
}

self.onmessage = async (event) => {
  const { id, fn, args } = event.data;
  try {
    if (fn === "prepare") {
      starting ||= start();
      post({ id, ok: true, result: await starting });
      return;
    }
    if (!table) throw new Error("the engine is not loaded yet");
    const target = fn === "score_json" ? scorers : table;
    post({ id, ok: true, result: target[fn](...(args || [])) });
  } catch (err) {
    if (fn === "prepare") starting = null;
    post({ id, ok: false, error: String(err && err.message || err) });
  }
};
