// The outbox: every write this phone records goes to IndexedDB first and is
// sent from there, in order.  Each item keeps its Idempotency-Key and the
// version it was based on, so a retry after a lost answer is replayed by the
// server instead of applied twice, and a move made on a stale view is refused
// (412) instead of landing on a game that moved on.
//
// item = {seq, game_id, type: "action"|"undo", action?, count?, key,
//         base_version, status: "pending"|"rejected", problem?, created_at}
import * as db from "./db.js";
import { ApiError, NetworkError, api } from "./api.js";

const uuid = () => (crypto.randomUUID ? crypto.randomUUID()
  : "k" + Date.now().toString(36) + Math.random().toString(36).slice(2));

export async function items(gameId) {
  return (await db.byGame(gameId)).sort((a, b) => a.seq - b.seq);
}

export async function pendingGames() {
  return [...new Set((await db.all("outbox")).map((i) => i.game_id))];
}

// Queue a write.  Every accepted write bumps the version by one, so an item
// queued behind others is based on "known version + items ahead of it".
export async function enqueue(gameId, knownVersion, write) {
  const ahead = (await items(gameId)).length;
  const item = { ...write, game_id: gameId, key: uuid(), base_version: knownVersion + ahead,
                 status: "pending", created_at: new Date().toISOString() };
  item.seq = await db.put("outbox", item);
  return item;
}

export const drop = (seq) => db.del("outbox", seq);

// "Try again on the current version": keep the Idempotency-Key (if the first
// try was in fact applied, the server replays it rather than applying twice)
// and re-base this item and the ones queued behind it.
export async function rebase(gameId, version) {
  let next = version;
  for (const item of await items(gameId)) {
    await db.put("outbox", { ...item, base_version: next++, status: "pending", problem: null });
  }
}

// The same choice on the game as it is now: the current decision must be of the same
// kind for the same seat, and one of its options must match the move in every field
// but the decision id.  Returns the current option (with the new decision id) or null.
export function rederive(item, gameView) {
  const d = gameView.view && gameView.view.decision;
  const was = item.answers;
  if (!d || (was && (was.kind !== d.kind || String(was.seat) !== String(d.seat)))) return null;
  const strip = (a) => JSON.stringify(Object.entries(a).filter(([k]) => k !== "decision").sort(([x], [y]) => (x < y ? -1 : 1)));
  const want = strip(item.action);
  return (gameView.legal_actions || []).find((a) => strip(a) === want) || null;
}

// Swap a refused item's action for its re-derived form (a new key when the body changes:
// the refused body was never applied, and the server would refuse a key reused for another body).
export async function replace(item, action) {
  const same = JSON.stringify(action) === JSON.stringify(item.action);
  const d = action.decision;
  await db.put("outbox", { ...item, action, key: same ? item.key : uuid(),
                           answers: item.answers ? { ...item.answers, id: d ?? item.answers.id } : item.answers });
}

function send(item, token) {
  if (item.type === "undo") return api.undo(item.game_id, token, item.count || 1, item.base_version, item.key);
  return api.action(item.game_id, token, item.action, item.base_version, item.key);
}

// Send one game's items, oldest first, stopping at the first one that cannot
// go: a network failure or a busy server (left pending, retried later) or a
// refusal (marked rejected: the user fixes or drops it; later items wait).
// Returns {applied: [write responses], stopped: null|"offline"|"rejected"}.
export async function drain(gameId, token) {
  const run = async () => {
    const applied = [];
    for (const item of await items(gameId)) {
      if (item.status === "rejected") return { applied, stopped: "rejected" };
      try {
        const resp = await send(item, token);
        await db.del("outbox", item.seq);
        applied.push({ ...resp.data, replayed: resp.replayed, key: item.key });  // key: offline/optimistic.js
      } catch (err) {
        if (err instanceof NetworkError || (err instanceof ApiError && err.transient)) {
          return { applied, stopped: "offline", error: err };
        }
        const p = err.problem || {};
        await db.put("outbox", { ...item, status: "rejected",
          problem: { status: err.status, code: err.code, rule: err.rule, detail: err.detail,
                     current_version: p.current_version ?? null } });
        return { applied, stopped: "rejected", error: err };
      }
    }
    return { applied, stopped: null };
  };
  // One drain per game at a time, across tabs too (the same item sent twice
  // concurrently would be harmless thanks to the key, but wasteful and noisy).
  if (navigator.locks) return navigator.locks.request(`tk-outbox-${gameId}`, run);
  return run();
}
