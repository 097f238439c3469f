// The page's side of the engine worker (pwa/engine-worker.js): start it, follow
// its download, call the rules engine.  The store's `engine` says where it is:
//   {status: "none"|"loading"|"ready"|"failed", loaded, total, version, ms, steps, snapshot, error, prepared}
// (`snapshot`: the worker restored its memory snapshot instead of importing the engine; `failed`: also
// when it did not answer in time)
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

// A call answers in ~8 ms (median), opening a long game <1 s; a slow phone is ~10x slower: 20 s is no honest answer.
const CALL_LIMIT_MS = 20000;
// The start, by its progress (each chunk and step), not its length: a slow connection still downloads the 6 MB.
const QUIET_LIMIT_MS = 30000;
const ASIDE_LIMIT_MS = 180000;  // the snapshot's worker: nobody waits, but a stuck one holds ~21 MB

/** The engine did not answer in time: its worker was terminated; the next call starts a fresh one. */
export class EngineStalled extends Error {}

const engineState = () => getState().engine || { status: "none" };
const patch = (p) => set({ engine: { ...engineState(), ...p } });

function spawn() {
  generation += 1;
  // A worker's fetches go through the service worker if its page was controlled when it started.
  workerControlled = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  worker = new Worker("/engine-worker.js", { type: "module" });
  worker.onmessage = ({ data }) => {
    if (data.type === "progress" || data.type === "step") {
      for (const job of waiting.values()) if (job.quiet) arm(job);
      if (data.type === "progress") patch({ loaded: data.loaded, total: data.total });
      return;
    }
    const job = waiting.get(data.id);
    if (!job) return;
    waiting.delete(data.id);
    clearTimeout(job.timer);
    data.ok ? job.resolve(data.result) : job.reject(new Error(data.error));
  };
  worker.onerror = (e) => {  // e.g. its script could not be loaded: every call waiting on it fails
    const error = new Error(e.message || "the engine worker did not start");
    failAll(error);
    worker = null;
    starting = null;
    patch({ status: "failed", error: t("The rules engine could not start: {reason}", { reason: error.message }) });
  };
}

function failAll(error) {
  for (const job of waiting.values()) {
    clearTimeout(job.timer);
    job.reject(error);
  }
  waiting.clear();
}

// Terminated: a stuck Python call cannot be interrupted otherwise.  A fresh worker is a new `generation`.
function stall(message) {
  if (worker) worker.terminate();
  worker = null;
  starting = null;
  patch({ status: "failed", error: message });
  failAll(new EngineStalled(message));
}

function arm(job) {
  clearTimeout(job.timer);
  job.timer = setTimeout(() => stall(job.quiet
    ? t("This phone's rules engine showed no progress for {seconds} s while getting ready, so it was stopped. Try again: it starts afresh.", { seconds: job.limit / 1000 })
    : t("This phone's rules engine did not answer within {seconds} s, so it was stopped. Try again: it starts afresh.", { seconds: job.limit / 1000 })),
  job.limit);
}

// `quiet`: the limit counts from the last progress event.
function send(fn, args, { quiet = false } = {}) {
  if (!worker) spawn();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const job = { resolve, reject, quiet, limit: quiet ? QUIET_LIMIT_MS : CALL_LIMIT_MS, timer: null };
    waiting.set(id, job);
    arm(job);
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
      const info = await send("prepare", [workerControlled], { quiet: true });
      const prepared = { version: info.version, at: new Date().toISOString() };
      await db.put("kv", prepared, "engine:ready");
      patch({ status: "ready", version: info.version, ms: Math.round(performance.now() - t0), steps: info.steps,
              snapshot: !!info.snapshot, prepared });
      if (info.snapshotWanted) snapshotAside();
      return engineState();
    } catch (err) {
      starting = null;
      if (!(err instanceof EngineStalled)) patch({ status: "failed", error: t("The rules engine could not start: {reason}", { reason: err.message }) });
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
  const mine = aside = new Worker("/engine-worker.js", { type: "module" });
  const done = (kept) => {
    clearTimeout(timer);
    if (aside !== mine) return;  // already gone
    aside.terminate();
    aside = null;
    patch({ snapshotKept: kept });
  };
  aside.onmessage = ({ data }) => { if (data.id === 1) done(!!data.ok); };
  aside.onerror = () => done(false);
  const timer = setTimeout(() => done(false), ASIDE_LIMIT_MS);
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
  failAll(new Error("the engine was replaced by a newer one"));
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
