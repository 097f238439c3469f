// The page's side of the engine worker (pwa/engine-worker.js): start it, follow
// its download, call the rules engine.  The store's `engine` says where it is:
//   {status: "none"|"loading"|"ready"|"failed", loaded, total, version, ms, steps, snapshot, error, prepared}
// (`snapshot`: the worker restored its memory snapshot instead of importing the engine)
// `prepared` (kv "engine:ready") survives reloads: this phone has everything
// cached for offline play, even before the worker is started again (read at app start by
// ready.js's loadReadiness, which loads this module only when the engine must start).
import * as db from "../db.js";
import { getState, set } from "../store.js";
import { t } from "../i18n.js";

let worker = null;
let generation = 0;  // bumped by each new worker: tables opened in an older one are gone
let starting = null;
let workerControlled = false;
let nextId = 1;
const waiting = new Map();

const engineState = () => getState().engine || { status: "none" };
const patch = (p) => set({ engine: { ...engineState(), ...p } });

function spawn() {
  generation += 1;
  // A worker's fetches go through the service worker if its page was controlled when it started.
  workerControlled = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  worker = new Worker("/engine-worker.js", { type: "module" });
  worker.onmessage = ({ data }) => {
    if (data.type === "progress") return patch({ loaded: data.loaded, total: data.total });
    const job = waiting.get(data.id);
    if (!job) return;
    waiting.delete(data.id);
    data.ok ? job.resolve(data.result) : job.reject(new Error(data.error));
  };
  worker.onerror = (e) => {  // e.g. its script could not be loaded: every call waiting on it fails
    const error = new Error(e.message || "the engine worker did not start");
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
    worker = null;
    patch({ status: "failed", error: t("The rules engine could not start: {reason}", { reason: error.message }) });
  };
}

function send(fn, args) {
  if (!worker) spawn();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, fn, args, lang: globalThis.document?.documentElement.lang || "en" });  // i18n.js sets it
  });
}

// Download (what is missing) and start the engine; resolves when it answers.
export function prepare() {
  if (engineState().status === "ready") return Promise.resolve(engineState());
  starting ||= (async () => {
    patch({ status: "loading", error: null, loaded: 0, total: 0 });
    try {
      const t0 = performance.now();
      if (!worker) spawn();
      const info = await send("prepare", [workerControlled]);
      const prepared = { version: info.version, at: new Date().toISOString() };
      await db.put("kv", prepared, "engine:ready");
      patch({ status: "ready", version: info.version, ms: Math.round(performance.now() - t0), steps: info.steps,
              snapshot: !!info.snapshot, prepared });
      if (info.snapshotWanted) snapshotAside();
      return engineState();
    } catch (err) {
      starting = null;
      patch({ status: "failed", error: t("The rules engine could not start: {reason}", { reason: err.message }) });
      throw err;
    }
  })();
  return starting;
}

// After a start without a snapshot: a second worker starts Python in snapshot mode, imports and warms up
// the engine and keeps its heap for the next start, then goes (the engine answered without waiting for it).
// The store's `engine.snapshotKept` says when it is kept (bench/phone_speed.py waits for it).
let aside = null;
function snapshotAside() {
  if (aside) return;
  aside = new Worker("/engine-worker.js", { type: "module" });
  const done = (kept) => {
    aside.terminate();
    aside = null;
    patch({ snapshotKept: kept });
  };
  aside.onmessage = ({ data }) => { if (data.id === 1) done(!!data.ok); };
  aside.onerror = () => done(false);
  aside.postMessage({ id: 1, fn: "snapshot", args: [workerControlled] });
}

export const isReady = () => engineState().status === "ready";

// A good connection that is not saving data (Save-Data, or a 2G/3G estimate); unknown counts as good.
export function goodConnection() {
  const c = navigator.connection;
  if (!c) return true;
  return !c.saveData && !["slow-2g", "2g", "3g"].includes(c.effectiveType);
}

// Whether a game screen may start the engine by itself (issue 35): a phone made ready starts it from its
// cache (no download); otherwise only if the person said yes to ready.js's one-time question, on a good connection.
export function mayStartEngine() {
  const e = engineState();
  if (e.prepared || e.status === "ready" || e.status === "loading") return true;
  let choice = null;
  try { choice = localStorage.getItem("tablekeeper.engine-background"); } catch { /* private mode */ }
  return choice === "yes" && goodConnection();
}
export const workerGeneration = () => generation;

// The server runs another engine (its health's engine_version): start again with its bundle.
// Offline the phone keeps its own; the server re-validates every move it syncs anyway.
export async function refreshIfStale(serverVersion) {
  const running = engineState().status === "ready" ? engineState().version : engineState().prepared?.version;
  if (!serverVersion || !running || running === serverVersion) return false;
  if (worker) worker.terminate();
  if (aside) aside.terminate();
  worker = null;
  aside = null;
  starting = null;
  for (const job of waiting.values()) job.reject(new Error("the engine was replaced by a newer one"));
  waiting.clear();
  patch({ status: "none" });
  await prepare();
  return true;
}
export const canRunOffline = () => isReady() || !!engineState().prepared;

// Call api.offline.table.<fn>(...args); the answer is parsed JSON.
export async function call(fn, ...args) {
  await prepare();
  const text = await send(fn, args);
  return typeof text === "string" ? JSON.parse(text) : text;
}
