// The page's side of the engine worker (pwa/engine-worker.js): start it, follow
// its download, call the rules engine.  The store's `engine` says where it is:
//   {status: "none"|"loading"|"ready"|"failed", loaded, total, version, ms, error, prepared}
// `prepared` (kv "engine:ready") survives reloads: this phone has everything
// cached for offline play, even before the worker is started again.
import * as db from "../db.js";
import { getState, set } from "../store.js";

let worker = null;
let starting = null;
let nextId = 1;
const waiting = new Map();

const engineState = () => getState().engine || { status: "none" };
const patch = (p) => set({ engine: { ...engineState(), ...p } });

export async function loadReadiness() {
  const saved = await db.get("kv", "engine:ready");
  patch({ prepared: saved || null });
  return saved;
}

function spawn() {
  worker = new Worker("/engine-worker.js", { type: "module" });
  worker.onmessage = ({ data }) => {
    if (data.type === "progress") return patch({ loaded: data.loaded, total: data.total });
    const job = waiting.get(data.id);
    if (!job) return;
    waiting.delete(data.id);
    data.ok ? job.resolve(data.result) : job.reject(new Error(data.error));
  };
  worker.onerror = (e) => patch({ status: "failed", error: e.message || "the engine worker failed" });
}

function send(fn, args) {
  if (!worker) spawn();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, fn, args });
  });
}

// Download (what is missing) and start the engine; resolves when it answers.
export function prepare() {
  if (engineState().status === "ready") return Promise.resolve(engineState());
  starting ||= (async () => {
    patch({ status: "loading", error: null, loaded: 0, total: 0 });
    try {
      const t0 = performance.now();
      const info = await send("prepare", []);
      const prepared = { version: info.version, at: new Date().toISOString() };
      await db.put("kv", prepared, "engine:ready");
      patch({ status: "ready", version: info.version, ms: Math.round(performance.now() - t0), prepared });
      return engineState();
    } catch (err) {
      starting = null;
      patch({ status: "failed", error: err.message });
      throw err;
    }
  })();
  return starting;
}

export const isReady = () => engineState().status === "ready";
export const canRunOffline = () => isReady() || !!engineState().prepared;

// Call api.offline.table.<fn>(...args); the answer is parsed JSON.
export async function call(fn, ...args) {
  await prepare();
  const text = await send(fn, args);
  return typeof text === "string" ? JSON.parse(text) : text;
}
