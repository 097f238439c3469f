// A very small promise wrapper over IndexedDB (no library: three stores, four verbs).
//   games  — one record per game this phone knows: token, role, last known view
//   outbox — recorded writes not yet acknowledged, in recording order (auto-increment key)
//   kv     — small things: edition labels by content hash, the setup draft
const DB_NAME = "tablekeeper";
const DB_VERSION = 1;
let opening = null;

function open() {
  opening ||= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      db.createObjectStore("games", { keyPath: "game_id" });
      db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true }).createIndex("game", "game_id");
      db.createObjectStore("kv");
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  return opening;
}

// Resolve only when the transaction commits, so a caller that awaited put()
// knows the record survives a crash or a reload.
async function run(store, mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode);
    let result;
    const req = work(tx.objectStore(store));
    if (req) req.onsuccess = () => { result = req.result; };
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export const get = (store, key) => run(store, "readonly", (s) => s.get(key));
export const put = (store, value, key) => run(store, "readwrite", (s) => s.put(value, key));
export const del = (store, key) => run(store, "readwrite", (s) => s.delete(key));
export const all = (store) => run(store, "readonly", (s) => s.getAll());
// Every value whose key lies in [lower, upper] (e.g. all "scoring:…" keys of kv), in key order.
export const range = (store, lower, upper) => run(store, "readonly", (s) => s.getAll(IDBKeyRange.bound(lower, upper)));
export const byGame = (gameId) => run("outbox", "readonly", (s) => s.index("game").getAll(gameId));
