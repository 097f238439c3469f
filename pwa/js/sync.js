// Keeps the open game in step with the server and this phone's outbox.
//
// - The last known view of each game lives in IndexedDB ("games"), so the
//   game screen always has something to show, with an "offline" banner when
//   the server did not answer.
// - Live updates: while a game is open the phone follows its event stream
//   (GET /api/games/{id}/events); an event with a newer version fetches the
//   view.  While the stream is open there is no polling.  When the server
//   refuses the stream (an old server, too many streams) or it breaks, the
//   phone polls and tries the stream again a little later; a stream the server
//   ends on purpose is reopened at once with Last-Event-ID.
// - Polling asks every few seconds with If-None-Match (a 304 is cheap); a new
//   version this phone did not write means another phone recorded a move.
// - The outbox drains on app start, on "online", when the app becomes
//   visible (main.js's triggers call syncNow, loading this module only when
//   there is something to send), on every poll that finds the server back,
//   and from "Sync now".
import * as db from "./db.js";
import { ApiError, NetworkError, api, openEvents, readEvents } from "./api.js";
import * as outbox from "./outbox.js";
import { getState, set } from "./store.js";
import { actionLabel, decisionPrompt, loadLabels } from "./labels.js";
import * as offline from "./offline/play.js";
import { answerFirst, confirmed } from "./offline/optimistic.js";
import { gameTitle, loadGames } from "./games.js";
import { forgetGame, rememberGame, withBoard } from "./gamerecords.js";
import { tableLines } from "./loglines.js";
import { lang, t } from "./i18n.js";

export { forgetGame, gameTitle, loadGames, rememberGame, withBoard };

const POLL_MS = 4000;
const STREAM_RETRY_MS = 15000;  // after a refused or broken stream, poll this long before trying again
const STREAM_SILENCE_MS = 45000;  // no byte (not even a heartbeat) for this long: the stream is dead
let pollTimer = null;
let live = null;  // the open game's stream session: {gameId, token, lastId, controller, seen}
// "game:version" of each write this phone made: not "another phone" (two games share version numbers).
const ownVersions = new Set();
let dirty = false;  // the open game's view came from the server since the last local overlay

// A JSON Patch (RFC 6902; the server sends add, remove and replace only) applied to a copy of `doc`.
export function applyPatch(doc, ops) {
  let root = structuredClone(doc);
  for (const op of ops) {
    const parts = op.path.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    if (!parts.length) { root = structuredClone(op.value); continue; }
    const last = parts.pop();
    let target = root;
    for (const p of parts) target = target[Array.isArray(target) ? Number(p) : p];
    if (Array.isArray(target)) {
      const i = last === "-" ? target.length : Number(last);
      if (op.op === "add") target.splice(i, 0, structuredClone(op.value));
      else if (op.op === "remove") target.splice(i, 1);
      else target[i] = structuredClone(op.value);
    } else if (op.op === "remove") delete target[last];
    else target[last] = structuredClone(op.value);
  }
  return root;
}

// After the next frame is drawn (at most ~100 ms: a hidden page draws none).
const painted = () => new Promise((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 100);
});

export async function openGame(gameId) {
  stopLive();
  stopPolling();
  const record = await db.get("games", gameId);
  if (!record) {
    set({ game: null, error: { detail: t("This phone does not know that game: join it with its code.") } });
    return;
  }
  record.opened_at = new Date().toISOString();
  record.view = withBoard(record.view);  // a record saved without the copy (an older app's import) is mended
  await db.put("games", record);
  set({ game: record, outbox: await outbox.items(gameId), notice: null, lastLines: [], error: null, labels: null, labelsMissing: false,
        recent: (await db.get("kv", `recent:${gameId}`).catch(() => null)) || null, fromOther: null });
  await painted();  // the stored game is on the screen before the server is asked (issue 35: first paint)
  const named = (labels) => set({ labels, labelsMissing: false });
  const unnamed = () => set({ labelsMissing: true });
  loadLabels(record).then(named, unnamed);
  await syncNow();
  if (!getState().labels) loadLabels(getState().game).then(named, unnamed);
  offline.followGame(getState().game);
  startPolling();  // until the stream is open
  if (!offline.isLocalGame(record)) startLive(record);
}

export function closeGame() {
  stopLive();
  stopPolling();
}

function startLive(record) {
  stopLive();
  if (typeof ReadableStream === "undefined" || typeof AbortController === "undefined") return;  // polling only
  live = { gameId: record.game_id, token: record.token, lastId: null, controller: null, seen: Date.now() };
  followStream(live);
}

function stopLive() {
  const session = live;
  live = null;
  if (session && session.controller) session.controller.abort();
  if (session && session.wake) session.wake();
  if (getState().live) set({ live: false });
}

const pause = (ms, session) => new Promise((resolve) => {
  const t = setTimeout(resolve, ms);
  session.wake = () => { clearTimeout(t); resolve(); };
});

async function followStream(session) {
  while (live === session) {
    session.controller = new AbortController();
    const watchdog = setInterval(() => {
      if (Date.now() - session.seen > STREAM_SILENCE_MS) session.controller.abort();
    }, 5000);
    try {
      const resp = await openEvents(session.gameId, session.token, session.lastId, session.controller.signal);
      session.seen = Date.now();
      stopPolling();
      set({ live: true, online: true });
      await readEvents(resp, (event) => {
        if (event.id) session.lastId = event.id;
        if (event.event === "version") onVersion(session, JSON.parse(event.data).version);
      }, () => { session.seen = Date.now(); });
      if (live === session) set({ live: false });  // ended by the server: reopen at once, resuming
    } catch (err) {
      if (live !== session) return;  // closed by this phone
      set({ live: false });
      startPolling();
      await pause(STREAM_RETRY_MS, session);
    } finally {
      clearInterval(watchdog);
    }
  }
}

// Another phone (or this one) moved the game: fetch the view when it is newer than the one shown.
function onVersion(session, version) {
  if (live !== session) return;
  if (getState().syncing) {  // this phone's own write is on its way back: look again once it has landed
    setTimeout(() => onVersion(session, version), 300);
    return;
  }
  const game = getState().game;
  const known = game && game.game_id === session.gameId && game.view ? game.view.version : null;
  if (known != null && version <= known) return;
  const pending = getState().outbox.some((i) => i.status === "pending");
  (pending ? syncNow() : refresh()).catch(() => {});
}

// Whether the open game is being kept in step (a screen outside the game stops it).
export const gameIsLive = () => pollTimer !== null || live !== null;

function startPolling() {
  stopPolling();
  pollTimer = setInterval(() => {
    if (document.hidden || getState().syncing) return;
    // A game of this phone only: each poll tries to send it (a cheap health probe while the server is away).
    if (offline.isLocalGame(getState().game)) { syncNow().catch(() => {}); return; }
    const pending = getState().outbox.some((i) => i.status === "pending");
    (pending ? syncNow() : refresh()).catch(() => {});
  }, POLL_MS);
}

function stopPolling() {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
}

function failed(err) {
  if (err instanceof NetworkError || (err instanceof ApiError && err.transient)) set({ online: false });
  else if (err instanceof ApiError) set({ online: true, error: { detail: err.detail, code: err.code, rule: err.rule } });
  else throw err;
}

// Take a newer view of a game (versions only go up: an old replayed answer never wins).  A move's
// answer is an update: the board as a patch of the view at base_version, which this phone holds
// when it sent the move; if it holds another version, it fetches the whole view instead.
async function adopt(answer, { polled, also = null }) {
  const current = getState().game;
  let record = current && current.game_id === answer.game_id ? current : await db.get("games", answer.game_id);
  if (!record) return;
  // A view the phone's engine computed (offline) is no base for the server's patch: the saved server view is.
  if (record.view && record.view.local) record = { ...record, view: ((await db.get("games", answer.game_id)) || {}).view };
  const before = record.view ? record.view.version : null;
  if (before != null && answer.version <= before && answer.view_patch) return;
  if (before != null && answer.version < before) return;
  let view = answer;
  if (answer.view_patch) {
    // A patch between two views of the phone's language: a view kept in another (switched since) is no base.
    if (before !== answer.base_version || record.view_lang !== lang) { await refresh(); return; }
    const { base_version: _base, view_patch: patch, ...changed } = answer;
    view = { ...record.view, ...changed, view: applyPatch(record.view.view, patch) };
  }
  view = withBoard(view);
  // Another phone's move: said beside "Just recorded" (which names it), not in an overlay over the tabs.
  if (polled && before != null && view.version > before && !ownVersions.has(`${view.game_id}:${view.version}`)) set({ fromOther: view.version });
  const updated = { ...record, view, view_lang: lang, saved_at: new Date().toISOString() };
  // Shown while it is written (IndexedDB runs the write before any later read of the store): a frame sooner.
  const saving = db.put("games", updated);
  if (getState().game && getState().game.game_id === view.game_id) {
    set({ game: updated, ...also });
    dirty = true;
    if (view.version !== before || !getState().recent) loadRecent(updated);
  }
  await saving;
  if (polled && before !== view.version) offline.followGame(updated);
}

// "Just recorded": the game's last few moves from the log, whichever phone made them.
const RECENT = 3;
async function loadRecent(record) {
  try {
    const after = Math.max(0, (record.view.head_seq || 0) - RECENT - 2);
    const { data } = await api.log(record.game_id, record.token, after);
    const current = getState().game;
    const recent = data.entries.slice(-RECENT);
    await db.put("kv", recent, `recent:${record.game_id}`);  // shown after an offline reload too
    if (current && current.game_id === record.game_id) set({ recent });
  } catch { /* offline: the last ones kept, or the phone's own last lines */ }
}

async function refresh() {
  const record = getState().game;
  if (!record) return;
  try {
    // If-None-Match only for a view in the phone's language: after a switch in Settings the view comes again in the new one.
    const held = record.view && record.view_lang === lang ? offline.serverVersion(record.view) : null;
    const resp = await api.game(record.game_id, record.token, held);
    set({ online: true });
    if (resp.status !== 304) await adopt(resp.data, { polled: true });
  } catch (err) {
    failed(err);
  }
}

async function drainGame(gameId, token) {
  const [record, queued] = await Promise.all([db.get("games", gameId), outbox.items(gameId)]);
  if (offline.isLocalGame(record)) {
    // A campaign session goes with its campaign (offline/campaign.js: the campaign, then its sessions in order).
    if (record.campaign_id) return (await import("./offline/campaign.js")).syncCampaign(record.campaign_id);
    const result = await offline.importLocal(record);
    // The open game is now the server's: follow it as any joined game (live stream, mirror, polling).
    const now = getState().game;
    if (now && now.game_id !== gameId && now.imported_from === gameId) {
      const said = getState().notice;  // the notice that the game is now on the server too: opening again must not wipe it
      setTimeout(() => openGame(now.game_id).then(() => said && set({ notice: said })), 0);
    }
    return result;
  }
  const madeOffline = queued.some((i) => i.offline);
  const result = await outbox.drain(gameId, token);
  for (const write of result.applied) {
    ownVersions.add(`${gameId}:${write.version}`);
    await offline.acknowledged(gameId, write);
    await confirmed(gameId, write);  // issue 35: the phone's own answer, if it gave one
  }
  if (madeOffline && result.stopped === null && result.applied.length) offline.verifyAfterSync(await db.get("games", gameId));
  if (result.applied.length) {
    if (getState().online !== true) set({ online: true });
    const lastLines = result.applied.flatMap((w) => w.applied.flatMap((a) => tableLines(a))).concat(
      result.applied.filter((w) => w.undone && w.undone.length).map((w) => t("Undone: move {moves}", { moves: w.undone.join(", ") })));
    const taken = new Set(result.applied.map((w) => w.key));
    for (const [i, write] of result.applied.entries()) {  // each patches the last
      // The taken moves leave the screen's outbox with the last answer, in the same frame (not after the
      // refresh, nor after another read): the next question shows at once.
      const last = i === result.applied.length - 1 && getState().game && getState().game.game_id === gameId;
      await adopt(write.game, { polled: false, also: last ? { outbox: getState().outbox.filter((x) => !taken.has(x.key)), lastLines } : null });
    }
    if (getState().game && getState().game.game_id === gameId) set({ outbox: await outbox.items(gameId), lastLines });
  }
  if (result.stopped === "offline") set({ online: false });
  if (result.stopped === "rejected") {
    set({ online: true });
    if (result.error && result.error.code === "version_mismatch") await refresh();
  }
  return result;
}

// Drain the open game's outbox, then fetch its view (`queued`: the caller just queued a write).
export async function syncNow(queued = false) {
  const record = getState().game;
  if (!record) return drainAll();
  set({ syncing: true });
  try {
    if (queued || (await outbox.items(record.game_id)).length || offline.isLocalGame(record)) await drainGame(record.game_id, record.token);
    if (!offline.isLocalGame(getState().game)) await refresh();
  } catch (err) {
    failed(err);
  } finally {
    set({ syncing: false, outbox: getState().game ? await outbox.items(getState().game.game_id) : [] });
    await loadGames();
  }
  const shown = getState().game;
  // A local view is the phone's engine's: drawn again after a server view came, or in a language switched to since.
  if (dirty || !(shown && shown.view && shown.view.local) || (shown && shown.view_lang !== lang)) await offline.present();
  dirty = false;
}

// Every game with queued writes (app start, back online).
export async function drainAll() {
  const localOnly = (await db.all("games")).filter(offline.isLocalGame).map((g) => g.game_id);
  for (const gameId of new Set([...await outbox.pendingGames(), ...localOnly])) {
    const record = await db.get("games", gameId);
    if (record) {
      try { await drainGame(gameId, record.token); } catch (err) { failed(err); }
    }
  }
  await loadGames();
}

// Record a move (or an undo): to the outbox first, then try to send it.
export async function record(write) {
  const game = getState().game;
  if (!game || !game.view) return;
  const d = game.view.view && game.view.view.decision;
  // What the move answered, so a move that lost a race can be re-offered on the same kind of decision.
  if (write.type === "action" && d) write = { ...write, answers: { id: d.id, kind: d.kind, seat: d.seat } };
  // Based on the server's version (a local view counts the unsent moves too); `offline` marks moves
  // the local engine answered, so the server's state hash is compared with the phone's after the sync.
  // `head`: the last log entry the server had when the move was made (a local view counts the unsent
  // moves too), so a move that loses a race can say what the other phone recorded meanwhile.
  const before = await outbox.items(game.game_id);
  const head = game.view.local ? (game.view.head_seq || 0) - before.length : (game.view.head_seq || 0);
  const item = await outbox.enqueue(game.game_id, offline.serverVersion(game.view),
                                    { ...write, offline: getState().online === false, head,
                                      seat: game.view.decision ? game.view.decision.seat : null });
  // The queue as it now is (no second read: the move goes out sooner).
  set({ outbox: [...before, item], error: null, notice: null });
  // The phone's engine, when running, answers at once (offline/optimistic.js; offline it refuses an illegal
  // move too); the server's answer then confirms it.  Without the engine the server answers.
  if (!(await answerFirst(item))) return;
  await syncNow(true);
}

// Undo: a move still in the outbox is simply dropped (never sent); otherwise
// the server undoes the last move (itself an outbox write, so it works offline too).
export async function undoLast() {
  const game = getState().game;
  const queued = await outbox.items(game.game_id);
  if (queued.length && !getState().syncing) {
    await outbox.drop(queued[queued.length - 1].seq);
    set({ outbox: await outbox.items(game.game_id) });
    await offline.present();
    return;
  }
  await record({ type: "undo", count: 1 });
}

export async function dropItem(seq) {
  await outbox.drop(seq);
  const game = getState().game;
  set({ outbox: await outbox.items(game.game_id), error: null });
  await syncNow();
}

// "Try again on the current state": the refused move is re-derived on the game as it
// is now — the same choice (kind and fields) among the current decision's options,
// answering the current decision — and re-sent; when the game has moved on so that
// the choice no longer exists, it is dropped and the phone says why.
export async function retryItem() {
  const game = getState().game;
  await refresh();
  const now = getState().game.view;
  const [first] = await outbox.items(game.game_id);
  if (first && first.type === "action") {
    const again = outbox.rederive(first, now);
    if (!again) {
      await outbox.drop(first.seq);
      set({ outbox: await outbox.items(game.game_id), error: null });
      await syncNow();
      set({ notice: t("Not sent: “{move}” is no longer a choice. Now: {question}", {
        move: actionLabel(getState().labels, first.action, now.view), question: now.view.prompt || decisionPrompt(getState().labels, now.view.decision, now.view) }) });
      return;
    }
    await outbox.replace(first, again);
  }
  await outbox.rebase(game.game_id, now.version);
  set({ outbox: await outbox.items(game.game_id), error: null });
  await syncNow();
}
