// Offline play: each game's copy of the server state on this phone (its
// "mirror": edition, options, seed and the server's live actions) and the
// local engine's view of the mirror plus this phone's unsent moves (the outbox).
// The server stays the referee: every move still goes out through the outbox
// and is judged again there; this file only lets the phone keep answering.
import * as db from "../db.js";
import { api } from "../api.js";
import { isLocalGame } from "../games.js";
import { withBoard } from "../gamerecords.js";
import { tableLines } from "../loglines.js";
import { call, canRunOffline, isReady, prepare, workerGeneration } from "./engine.js";

const mirrorKey = (id) => `mirror:${id}`;
export const getMirror = (id) => db.get("kv", mirrorKey(id));
const putMirror = (m) => db.put("kv", m, mirrorKey(m.game_id));
export const dropMirror = (id) => db.del("kv", mirrorKey(id));
const editionKey = (hash) => `edition:${hash}`;
// What each open table in the worker holds: the mirror's version and the action texts applied.
const tables = new Map();
const uuid = () => crypto.randomUUID();
const hold = (id, texts) => tables.set(id, { gen: workerGeneration(), texts });

// One at a time, in call order.  The worker keeps one table per game: a hash taken of the server's state
// while the screen's view moves the same table to the phone's moves would read the other's table.  And a
// log fetched before a move was acknowledged must not write back a mirror older than the acknowledgement.
function inTurn() {
  let last = Promise.resolve();
  return (fn) => (...args) => {
    const run = last.then(() => fn(...args));
    last = run.catch(() => {});
    return run;
  };
}
const tableTurn = inTurn();
const mirrorTurn = inTurn();


// The server view's record fields, for the local engine's view of the same game.
function metaOf(record, m, applied) {
  const v = record.view || {};
  return { version: m.version + applied, role: record.role || "table", head_seq: m.head_seq + applied,
           created_at: v.created_at || m.created_at || "", updated_at: v.updated_at || m.created_at || "" };
}

async function fetchLog(record, after) {
  const entries = [];
  let data;
  do {
    ({ data } = await api.log(record.game_id, record.token, after));
    entries.push(...data.entries);
    after = data.next_after;
  } while (data.more);
  return { entries, version: data.version, head_seq: data.head_seq };
}

// Bring the mirror of a server game up to the view this phone just saw (needs a connection).
export const syncMirror = mirrorTurn(async (record) => {
  const view = record && record.view;
  if (!view || isLocalGame(record)) return null;
  let m = await getMirror(record.game_id);
  if (m && m.version === view.version) return m;
  const hash = view.edition.content_hash;
  if (!(await db.get("kv", editionKey(hash)))) {
    const { data } = await api.edition(record.game_id, record.token);
    await db.put("kv", data.document, editionKey(hash));
  }
  const base = { game_id: record.game_id, edition_hash: hash, options: view.options, seed: view.seed,
                 created_at: view.created_at };
  if (m) {  // only what came after the mirror; an undo elsewhere shows as a wrong live count
    const tail = await fetchLog(record, m.head_seq);
    const live = [...m.actions, ...tail.entries.filter((e) => !e.reverted).map((e) => ({ seq: e.seq, action: e.action }))];
    if (tail.version === view.version && live.length === view.live_actions) {
      m = { ...m, actions: live, version: tail.version, head_seq: tail.head_seq };
      await putMirror(m);
      return m;
    }
  }
  const all = await fetchLog(record, 0);
  m = { ...base, actions: all.entries.filter((e) => !e.reverted).map((e) => ({ seq: e.seq, action: e.action })),
        version: all.version, head_seq: all.head_seq };
  await putMirror(m);
  return m;
});

// The phone's own write was accepted: move the mirror along without asking the server.
export const ackWrite = mirrorTurn(async (gameId, write) => {
  const m = await getMirror(gameId);
  if (!m || m.version !== write.version - 1) return;
  const actions = m.actions.filter((a) => !(write.undone || []).includes(a.seq))
    .concat((write.applied || []).map((a) => ({ seq: a.seq, action: a.action })));
  await putMirror({ ...m, actions, version: write.version, head_seq: write.game.head_seq });
});

// The actions the table should hold: the mirror's, then each pending outbox move (an undo pops).
function effective(m, items) {
  const list = m.actions.map((a) => ({ text: JSON.stringify(a.action) }));
  let writes = 0;
  for (const item of items) {
    if (item.status === "rejected") break;
    writes += 1;
    if (item.type === "undo") list.splice(Math.max(0, list.length - (item.count || 1)));
    else list.push({ text: JSON.stringify(item.action), item });
  }
  return { list, writes };
}

async function editionOf(m) {
  return m.edition_hash && !m.bundled ? (await db.get("kv", editionKey(m.edition_hash))) || null : null;
}

// Open (or move) the worker's table to `list`; {answer} or {refused: {item, problem}}.
async function reach(record, m, list, meta) {
  const id = record.game_id;
  const kept = tables.get(id);
  const held = kept && kept.gen === workerGeneration() ? kept.texts : null;
  const texts = list.map((e) => e.text);
  const prefix = (a, b) => a.length <= b.length && a.every((t, i) => t === b[i]);
  let answer = null;
  let at = 0;
  if (held && prefix(held, texts)) at = held.length;
  else if (held && prefix(texts, held)) {
    answer = await call("undo_json", id, held.length - texts.length, JSON.stringify(meta));
    at = texts.length;
  } else {
    const first = list.findIndex((e) => e.item);
    const replayed = first < 0 ? list : list.slice(0, first);
    answer = await call("open_json", JSON.stringify({ game_id: id, edition: await editionOf(m), options: m.options,
      seed: m.seed, actions: replayed.map((e) => JSON.parse(e.text)), meta }));
    if (!answer.ok) { tables.delete(id); return { refused: { item: null, problem: answer.problem } }; }
    at = replayed.length;
  }
  hold(id, texts.slice(0, at));
  for (let i = at; i < list.length; i++) {
    answer = await call("apply_json", id, list[i].text, JSON.stringify(meta));
    if (!answer.ok) return { refused: { item: list[i].item || null, problem: answer.problem } };
    hold(id, texts.slice(0, i + 1));
  }
  if (!answer) answer = await call("view_json", id, JSON.stringify(meta));
  return { answer };
}

// The view the game screens show: the local engine's, over the mirror and the pending moves.
// null when this phone cannot compute it (no mirror, engine never downloaded).
async function viewOf(record, items) {
  if (!record || !canRunOffline()) return null;
  const m = await getMirror(record.game_id);
  if (!m) return null;
  const { list, writes } = effective(m, items);
  const result = await reach(record, m, list, metaOf(record, m, writes));
  if (result.refused) return { refused: result.refused };
  return { view: withBoard({ ...result.answer.view, local: true, server_version: m.version }),
           lines: result.answer.lines ? tableLines(result.answer) : [] };
}
export const localView = tableTurn(viewOf);

// Replay `items` on the server's current state (the refreshed mirror) with the local engine: each
// move as recorded, or the same answer to the decision now asked of the same seat.
// {moves: [{item, action}]} (what to send), or also {refused: {item, problem}} at the first that no longer fits.
export const checkReplay = tableTurn(async (record, items) => {
  const m = await getMirror(record.game_id);
  if (!m || !canRunOffline()) return null;
  const { list } = effective(m, []);
  const base = await reach(record, m, list, metaOf(record, m, 0));
  if (base.refused) return base;
  const texts = list.map((e) => e.text);
  const moves = [];
  for (const item of items) {
    const meta = JSON.stringify(metaOf(record, m, moves.length + 1));
    const answer = item.type === "undo" ? await call("undo_json", record.game_id, item.count || 1, meta)
      : await call("replay_move_json", record.game_id, JSON.stringify(item.action), item.seat ?? null, meta);
    if (!answer.ok) { tables.delete(record.game_id); return { moves, refused: { item, problem: answer.problem } }; }
    if (item.type === "undo") texts.splice(Math.max(0, texts.length - (item.count || 1)));
    else texts.push(JSON.stringify(answer.action));
    hold(record.game_id, [...texts]);
    moves.push({ item, action: answer.action });
  }
  return { moves, refused: null };
});

// The state hash this phone's engine reaches from the game's start through `actions` (the server's live
// actions, from its export), to compare with the server's own.  Taken from the actions the server holds,
// not from the mirror: a mirror a log fetch left one move behind would otherwise look like a difference.
export const engineHash = tableTurn(async (record, actions) => {
  const m = await getMirror(record.game_id);
  if (!m) return null;
  const list = actions.map((action) => ({ text: JSON.stringify(action) }));
  const r = await reach(record, m, list, { ...metaOf(record, m, 0), with_hash: true });
  return r.refused ? null : r.answer.state_hash;
});

// The state hash of the screen's local view (the mirror and `items`), for the server's answer to confirm.
export const localHash = tableTurn(async (record, items) => {
  const m = await getMirror(record.game_id);
  if (!m) return null;
  const { list, writes } = effective(m, items);
  const kept = tables.get(record.game_id);
  const texts = list.map((e) => e.text);
  if (kept && kept.gen === workerGeneration() && kept.texts.length === texts.length && kept.texts.every((x, i) => x === texts[i]))
    return (await call("state_hash_json", record.game_id)).state_hash;  // the usual case: the table is there, no view is built
  const r = await reach(record, m, list, { ...metaOf(record, m, writes), with_hash: true });
  return r.refused ? null : r.answer.state_hash;
});

// A game started with no connection: a client id and seed, the bundled edition, no server yet.
export const startLocalGame = tableTurn(async (options, chosenSeed) => {
  await prepare();
  const id = `local-${uuid()}`;
  const seed = chosenSeed ?? crypto.getRandomValues(new Uint32Array(1))[0] % 2 ** 31;
  const now = new Date().toISOString();
  const m = { game_id: id, bundled: true, edition_hash: null, options, seed, actions: [], version: 1, head_seq: 0,
              created_at: now };
  const answer = await call("open_json", JSON.stringify({ game_id: id, edition: null, options, seed, actions: [],
    meta: { version: 1, role: "table", head_seq: 0, created_at: now, updated_at: now } }));
  if (!answer.ok) return { problem: answer.problem };
  hold(id, []);
  await putMirror({ ...m, edition_hash: answer.view.edition.content_hash });
  return { game_id: id, view: withBoard({ ...answer.view, local: true, server_version: 1 }) };
});

// The export document of a local table (mirror + pending moves), for POST /api/imports.
export const exportLocal = tableTurn(async (record, items) => {
  const shown = await viewOf(record, items);
  if (!shown || shown.refused) return null;
  const out = await call("export_json", record.game_id);
  return out.export;
});

export const localOutcome = tableTurn(async (record, items) => {
  const shown = await viewOf(record, items);
  if (!shown || shown.refused) return null;
  const out = await call("outcome_json", record.game_id);
  return out.ok ? out.outcome : null;
});

// What the current decision refuses, and why, by the phone's engine: {decision_id, why_not} (null when
// this phone cannot work it out).
export const localWhyNot = tableTurn(async (record, items) => {
  const shown = await viewOf(record, items);
  if (!shown || shown.refused) return null;
  const out = await call("why_not_json", record.game_id);
  return out.ok ? { decision_id: out.decision_id, why_not: out.why_not } : null;
});

export const bundledEdition = () => call("edition_json");

// Is the engine worth starting now? (It was downloaded before, or we are online to download it.)
export const engineUsable = () => isReady() || canRunOffline();
