// The offline hooks of sync.js: show the local engine's view while moves wait in
// the outbox, start and import games created with no connection, and reconcile
// after a conflict (which move, why, and "replay my moves on the server's game").
import * as db from "../db.js";
import { api, ApiError, NetworkError } from "../api.js";
import * as outbox from "../outbox.js";
import { compact } from "../labels.js";
import { getState, set } from "../store.js";
import { go } from "../router.js";
import { isLocalGame } from "../games.js";
import { canRunOffline, mayStartEngine, prepare, refreshIfStale } from "./engine.js";
import { lang, say, t } from "../i18n.js";

// The engine side (local.js) comes with the engine download, not with the app shell: loaded on first use.
const engineSide = (name) => async (...args) => (await import("./local.js"))[name](...args);
const [ackWrite, checkReplay, dropMirror, engineHash, exportLocal, getMirror, localOutcome, localView, localWhyNot,
       startLocalGame, syncMirror] = ["ackWrite", "checkReplay", "dropMirror", "engineHash", "exportLocal", "getMirror",
                                      "localOutcome", "localView", "localWhyNot", "startLocalGame",
                                      "syncMirror"].map(engineSide);
export const bundledEdition = engineSide("bundledEdition");
export { isLocalGame };

// The server version a new move is based on (a local view counts the unsent moves too).
export const serverVersion = (view) => (view.local ? view.server_version : view.version);

const isOpen = (id) => getState().game && getState().game.game_id === id;
// A refusal of the phone's engine in the phone's language: its message (names already said in it), else its English.
const said = (p) => (p && p.message_message ? { ...p, detail: say(p.message_message) } : p);

// Show the open game as the local engine sees it (server state + unsent moves).
// A move the engine refuses is dropped from the outbox and its reason shown: the
// server would refuse it too.  Returns false then.
export async function present(item = null) {
  const game = getState().game;
  if (!game || !canRunOffline()) return true;
  const items = await outbox.items(game.game_id);
  // A game of this phone only, drawn in another language (switched in Settings since): its engine draws it again.
  const relang = isLocalGame(game) && game.view_lang !== lang;
  if ((!items.length && !relang) || items.some((i) => i.status === "rejected")) {
    const saved = await db.get("games", game.game_id);
    if (saved && saved.view && game.view && game.view.local && !isLocalGame(game)) set({ game: { ...game, view: saved.view } });
    return true;
  }
  let shown;
  try {
    const saved = await db.get("games", game.game_id);
    if (!isLocalGame(saved)) {  // the mirror must be the server state the saved view shows
      const m = await getMirror(game.game_id);
      if (!m || m.version !== saved.view.version) await syncMirror(saved);
    }
    shown = await localView(game, items);
  } catch { return true; }  // offline with no current mirror: the moves wait for the server
  if (!shown) return true;
  if (shown.refused) {
    // Online the server judges it (its refusal shows in the outbox); offline the phone's engine does.
    if (getState().online !== false && !isLocalGame(game)) return true;
    const bad = shown.refused.item || item;
    if (bad) await outbox.drop(bad.seq);
    const p = said(shown.refused.problem);
    set({ outbox: await outbox.items(game.game_id), error: { detail: p.detail, code: p.code, rule: p.rule } });
    await present();
    return false;
  }
  if (!isOpen(game.game_id)) return true;
  // A sync may have moved on while the engine worked: then its own present() shows the newer state.
  const now = await db.get("games", game.game_id);
  const still = (await outbox.items(game.game_id)).map((i) => i.key).join() === items.map((i) => i.key).join();
  if (!still || (!isLocalGame(now) && now.view.version !== shown.view.server_version)) return true;
  const record = { ...getState().game, view: shown.view, view_lang: lang };
  if (isLocalGame(record)) await db.put("games", { ...record, saved_at: new Date().toISOString() });
  set({ game: record, lastLines: item && shown.lines.length ? shown.lines : getState().lastLines });
  return true;
}

// Opening a game: download the engine in the background (progress on screen) and keep its mirror current.
export async function followGame(record) {
  if (!record || isLocalGame(record) || record.role === "spectator" || !record.view) return;
  try {
    if (!mayStartEngine()) return;  // asked once (ready.js); never on a connection saving data
    await prepare();
    await refreshIfStale((await api.health()).data.engine_version);
    await syncMirror(getState().game && getState().game.game_id === record.game_id ? getState().game : record);
    set({ offlineReady: record.game_id });
    await present();
  } catch { /* offline or not downloadable: online play goes on as before */ }
}

// After a write of this phone was accepted (outbox drain).
export async function acknowledged(gameId, write) {
  // A phone that never got its engine keeps no copy: loading local.js would cost a round trip per first move.
  if (canRunOffline()) await ackWrite(gameId, write);
}

// After a sync that sent moves made offline: the server's state hash must be the phone's.
export async function verifyAfterSync(record) {
  try {
    const theirs = await api.exportGame(record.game_id, record.token);
    const mine = await engineHash(record, theirs.data.actions);
    if (!mine) return;
    if (mine === theirs.data.state_hash) set({ notice: t("In step with the server (same state hash).") });
    else {
      await dropMirror(record.game_id);
      set({ notice: t("The server's game differs from this phone's copy: showing the server's.") });
    }
    set({ verified: { game_id: record.game_id, same: mine === theirs.data.state_hash, hash: theirs.data.state_hash } });
  } catch { /* checked again after the next sync */ }
}

// -- games started offline -----------------------------------------------------
export async function createOffline(options, seed) {
  set({ online: false });  // called when no server answered the create
  const made = await startLocalGame(options, seed);
  if (made.problem) return { problem: said(made.problem) };
  const doc = await bundledEdition();
  await db.put("kv", compact(doc), `labels:${made.view.edition.content_hash}`);
  const now = new Date().toISOString();
  await db.put("games", { game_id: made.game_id, token: null, role: "table", local: true, view: made.view,
                          view_lang: lang, join_code: null, saved_at: now, opened_at: now });
  return made;
}

// A game of this phone only goes to the server as an import of its export (replayed and verified there).
// A campaign session goes with its campaign instead (sync.js hands it to offline/campaign.js).
export async function importLocal(record) {
  try { await api.health(); } catch { set({ online: false }); return { stopped: "offline" }; }  // cheap probe first
  const items = await outbox.items(record.game_id);
  const doc = await exportLocal(record, items);
  if (!doc) return { stopped: "engine" };
  const key = record.import_key || `import-${record.game_id}`;
  let data;
  try {
    ({ data } = await api.importGame(doc, key));
  } catch (err) {
    if (err instanceof NetworkError || (err instanceof ApiError && err.transient)) { set({ online: false }); return { stopped: "offline" }; }
    set({ online: true, error: { detail: t("The server refused this game: {reason}", { reason: err.detail }), code: err.code, rule: err.rule } });
    return { stopped: "rejected" };
  }
  await adoptImported(record, data, items);
  set({ online: true, notice: t("Now on the server too (same moves, same state hash).") });
  return { stopped: null, game_id: data.game_id };
}

// The server created `data` (a GameCreated answer) from the local game `record`: the phone now keeps the
// server's game in its place (`extra`: fields kept on the record, e.g. its campaign), on the same screen.
export async function adoptImported(record, data, items, extra = {}) {
  const now = new Date().toISOString();
  // The screens read whose turn, the decision and its options beside the board, as sync.js's withBoard puts them
  // (a view saved without them showed "—" and no option on the creator's phone, for good: its ETag matched).
  const g = data.game;
  const view = g && g.view ? { ...g, view: { ...g.view, current_seat: g.current_seat, decision: g.decision,
                                             legal_actions: g.legal_actions } } : g;
  await db.put("games", { game_id: data.game_id, token: data.table_token, role: "table", join_code: data.join_code,
                          view, saved_at: now, opened_at: now, imported_from: record.game_id, ...extra });
  for (const item of items) await outbox.drop(item.seq);
  await db.del("games", record.game_id);
  await dropMirror(record.game_id);
  if (isOpen(record.game_id)) {
    set({ game: { ...(await db.get("games", data.game_id)) }, outbox: [] });
    go(location.hash.replace(record.game_id, data.game_id));  // the same screen, under the server's id
  }
}

// -- conflicts -------------------------------------------------------------------
// Replay the waiting moves on the server's current state: first by the local engine
// (so a move that no longer fits is named before anything is sent), then for real.
export async function replayOffline(retry, sendNow) {
  const game = getState().game;
  const items = await outbox.items(game.game_id);
  await syncMirror(game);
  const check = await checkReplay(game, items);
  if (!check) return retry();  // no engine here: the server judges them as they are
  // Same Idempotency-Keys with the re-derived bodies: had the server applied one already, it
  // answers idempotency_key_reused instead of applying it twice.
  let next = (await getMirror(game.game_id)).version;
  const fixed = new Map(check.moves.map((m) => [m.item.seq, m.action]));
  const bad = check.refused && check.refused.item;
  for (const item of items) {
    const p = bad && bad.seq === item.seq ? said(check.refused.problem) : null;
    await db.put("outbox", p
      ? { ...item, status: "rejected", problem: { status: 422, code: p.code, rule: p.rule, current_version: null,
          detail: t("On the game as it is now: {reason}", { reason: p.detail }) } }
      : { ...item, action: fixed.get(item.seq) || item.action, status: "pending", problem: null, base_version: next });
    next += 1;
  }
  // The moves that fit are sent; one that does not waits for the user (drop it, or all).
  set({ outbox: await outbox.items(game.game_id), error: null });
  await sendNow();
  return { refused: bad || null };
}

export async function dropAll() {
  const game = getState().game;
  for (const item of await outbox.items(game.game_id)) await outbox.drop(item.seq);
  set({ outbox: [], error: null });
  await present();
}

export { getMirror, exportLocal };

// The final outcome by the phone's engine (offline, or a game of this phone only).
export async function outcomeHere(game) {
  return localOutcome(game, await outbox.items(game.game_id));
}

// What the current decision refuses, and why ({decision_id, why_not}): asked when a person opens "not
// available now".  The server answers it; a local view, or a phone with no connection, asks its engine.
export async function whyNot(game) {
  if (!game.view.local && !isLocalGame(game)) {
    try {
      return (await api.whyNot(game.game_id, game.token)).data;
    } catch (err) {
      if (!(err instanceof NetworkError) || !canRunOffline()) throw err;
    }
  }
  const here = await localWhyNot(game, await outbox.items(game.game_id));
  if (!here) throw new NetworkError("no connection, and this phone has not downloaded the engine yet");
  return here;
}
