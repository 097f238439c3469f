// Solo campaigns with no signal.  The phone's engine (api.offline.campaign under Pyodide: the
// server's own campaign functions) creates a campaign, gives the next session's options and
// records a finished session; the session game is an ordinary game of this phone only.  The
// saved campaign record (campaigns.js) then holds the offline work:
//   local     the campaign itself is on this phone only (id "local-c-…", `settings` to create it with)
//   document  the campaign document as the phone's engine left it
//   pending   the sessions not on the server yet, in order: {game_id, seed, tile, tile_played,
//             base_version (the campaign version the first one was started on), number (once
//             recorded here), turn_down, server_game_id (once sent)}
//   conflict  the server refused a session (another phone changed the campaign): the person chooses
// Back online they go to the server in order, each write idempotent (a retry or a second sync
// creates nothing twice): the campaign, each session with its seed, moves and state hash (replayed
// and checked by the server's engine), its recording.  Then the server's campaign document must
// equal the phone's.
import * as db from "../db.js";
import { ApiError, NetworkError, api } from "../api.js";
import * as outbox from "../outbox.js";
import { forgetCampaign, patchCampaign, savedCampaign } from "../campaigns.js";
import { loadGames } from "../games.js";
import { forgetGame } from "../gamerecords.js";
import { go } from "../router.js";
import { set } from "../store.js";
import { call, prepare } from "./engine.js";
import { adoptImported, createOffline, exportLocal, importLocal, outcomeHere } from "./play.js";
import { t } from "../i18n.js";

const seed31 = () => crypto.getRandomValues(new Uint32Array(1))[0] % 2 ** 31;
const engine = async (fn, payload) => call(fn, JSON.stringify({ edition: null, ...payload }));
// Canonical JSON (sorted keys): the phone's and the server's documents compared as data.
const canon = (v) => (Array.isArray(v) ? `[${v.map(canon).join(",")}]`
  : v && typeof v === "object" ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(",")}}`
    : JSON.stringify(v));

export const hasOfflineWork = (saved) => !!(saved && (saved.local || (saved.pending || []).length));
const documentOf = (saved) => (hasOfflineWork(saved) ? saved.document : saved.view.document);
const openPending = (saved) => (saved.pending || []).find((p) => !p.number && !p.server_game_id);
const problem = (code, detail) => ({ problem: { code, detail } });

// The campaign screen's view: the server's, or (with offline work) the phone's engine's over the phone's document.
export async function campaignView(saved) {
  if (!hasOfflineWork(saved)) return saved.view;
  const answer = await engine("campaign_standing_json", { document: saved.document });
  const base = saved.view || {};
  const pending = saved.pending || [];
  const gameOf = Object.fromEntries((base.sessions || []).map((s) => [s.number, s.game_id]));
  for (const p of pending) if (p.number) gameOf[p.number] = p.server_game_id || p.game_id;
  let open = pending.length ? null : base.open_session || null;
  const games = (base.games || []).filter((g) => !pending.some((p) => p.server_game_id === g.game_id));
  for (const p of pending) {
    const id = p.server_game_id || p.game_id;
    const game = await db.get("games", id);
    const over = !!(game && game.view && game.view.over);
    games.push({ game_id: id, status: p.number ? "recorded" : "open", session: p.number || null, tile: p.tile_played,
                 over, created_at: p.created_at, links: {}, local: true });
    if (!p.number) {
      const outcome = over ? await outcomeHere(game) : null;
      const result = outcome ? (await engine("campaign_result_json", { document: saved.document, outcome })).result : null;
      open = { game_id: id, tile: p.tile_played, over, result };
    }
  }
  return { ...base, ...answer.standing, campaign_id: saved.campaign_id, version: base.version || 1,
           document: saved.document, edition_hash: base.edition_hash || answer.edition_hash,
           sessions: answer.standing.sessions.map((s) => ({ ...s, game_id: gameOf[s.number] || null })),
           games, open_session: open, local: !!saved.local, waiting: pending.length };
}

// -- with no signal -------------------------------------------------------------------
// A new campaign: a client id and seed, the document by the phone's engine (CAMPAIGN-01).
export async function createCampaignOffline(body) {
  await prepare();
  const settings = { ...body, seed: body.seed ?? seed31() };
  const made = await engine("campaign_new_json", { settings });
  if (!made.ok) return { problem: made.problem };
  const id = `local-c-${crypto.randomUUID()}`;
  const now = new Date().toISOString();
  const view = { campaign_id: id, version: 1, games: [], sessions: [], open_session: null, created_at: now,
                 updated_at: now, edition_hash: made.edition_hash, ...made.standing, document: made.document };
  await patchCampaign(id, { local: true, settings, document: made.document, pending: [], view, token: null });
  set({ online: false });
  return { campaign_id: id };
}

// The next session, played by the phone's engine: its options from the phone's copy of the document.
export async function startSessionOffline(id, body) {
  await prepare();
  const saved = await savedCampaign(id);
  if (saved.conflict) return problem("campaign_conflict", t("Settle the conflict with the server's campaign first."));
  const open = openPending(saved) || (!hasOfflineWork(saved) && saved.view.open_session);
  if (open) return problem("session_in_progress", t("Session game {game} is still open: play it to the end and record it first.", { game: open.game_id }));
  const document = documentOf(saved);
  const answer = await engine("campaign_session_json", { document, tile: body.tile || null });
  if (!answer.ok) return { problem: answer.problem };
  const seed = seed31();
  const made = await createOffline(answer.options, seed);
  if (made.problem) return made;
  const hash = made.view.edition.content_hash;
  if (saved.view.edition_hash && saved.view.edition_hash !== hash) {
    await forgetGame(made.game_id);
    return problem("edition_not_on_phone", t("This campaign uses another edition than the one in this phone's engine: play its next session online."));
  }
  await db.put("games", { ...(await db.get("games", made.game_id)), campaign_id: id });
  const first = !(saved.pending || []).length;
  const entry = { game_id: made.game_id, seed, tile: body.tile || null, tile_played: (made.view.view.solo || {}).campaign_tile || null,
                  base_version: first ? saved.view.version || 1 : null, number: null, turn_down: null,
                  created_at: new Date().toISOString() };
  await patchCampaign(id, { document, pending: [...(saved.pending || []), entry] });
  return { game_id: made.game_id };
}

// Record a finished session of this phone (CAMPAIGN-02..04), as POST /sessions would.
export async function recordSessionOffline(id, body) {
  const saved = await savedCampaign(id);
  const entry = (saved.pending || []).find((p) => p.game_id === body.game_id && !p.number);
  if (!entry) return null;  // not a session of this phone: the server records it
  const game = await db.get("games", entry.game_id);
  const outcome = game && (await outcomeHere(game));
  if (!outcome) return problem("game_not_over", t("The session game is not over yet; record it after its last move."));
  const answer = await engine("campaign_record_json", { document: saved.document, outcome, turn_down: body.turn_down || null });
  if (!answer.ok) return { problem: answer.problem };
  const pending = saved.pending.map((p) => (p === entry || p.game_id === entry.game_id
    ? { ...p, number: answer.session.number, turn_down: body.turn_down || null } : p));
  return { view: await campaignView(await patchCampaign(id, { document: answer.document, pending })) };
}

// -- back online ------------------------------------------------------------------------
const transient = (err) => err instanceof NetworkError || (err instanceof ApiError && err.transient);
let running = null;

// Send the campaign's offline work; one sync at a time.  {stopped: null|"offline"|"conflict"|"engine"}.
export function syncCampaign(id) {
  running ||= send(id).finally(() => { running = null; });
  return running;
}

async function createOnServer(saved) {
  const { data } = await api.createCampaign(saved.settings, `campaign-${saved.campaign_id}`);
  if (canon(data.campaign.document.campaign.tiles) !== canon(saved.document.campaign.tiles)) {
    throw new ApiError(409, { code: "campaign_diverged",
      detail: t("The server drew other tiles ({server}) than this phone ({phone}).", { server: data.campaign.document.campaign.tiles.join(", "), phone: saved.document.campaign.tiles.join(", ") }) });
  }
  const pending = (saved.pending || []).map((p, i) => (i === 0 ? { ...p, base_version: data.campaign.version } : p));
  const moved = await patchCampaign(data.campaign_id, { ...saved, local: false, settings: null, token: data.campaign_token,
                                                         view: data.campaign, pending });
  for (const p of pending) {
    const game = await db.get("games", p.game_id);
    if (game) await db.put("games", { ...game, campaign_id: data.campaign_id });
  }
  await forgetCampaign(saved.campaign_id);
  if (location.hash.startsWith(`#/c/${saved.campaign_id}`)) go(`#/c/${data.campaign_id}`);
  return moved;
}

// One pending session to the server: its game (seed, moves, state hash), then its recording.
async function sendSession(saved, p, ifMatch) {
  let serverId = p.server_game_id;
  let view = null;
  if (!serverId) {
    const game = await db.get("games", p.game_id);
    const items = await outbox.items(p.game_id);
    const doc = await exportLocal(game, items);
    if (!doc) return { stopped: "engine" };
    const body = { seed: doc.seed, actions: doc.actions, state_hash: doc.state_hash, ...(p.tile ? { tile: p.tile } : {}) };
    const { data } = await api.startSession(saved.campaign_id, saved.token, body, `session-${p.game_id}`, ifMatch);
    await adoptImported(game, data, items, { campaign_id: saved.campaign_id });
    serverId = data.game_id;
    view = data.campaign;
    saved = await patchCampaign(saved.campaign_id, { view, pending: saved.pending.map((q) => (q.game_id === p.game_id ? { ...q, server_game_id: serverId } : q)) });
  }
  if (p.number) {
    const body = { game_id: serverId, ...(p.turn_down ? { turn_down: p.turn_down } : {}) };
    // Just sent: based on the version it made; sent by an earlier sync: the server knows the game is ours.
    const { data } = await api.recordSession(saved.campaign_id, saved.token, body, `record-${p.game_id}`,
                                             view ? view.version : null);
    view = data.campaign;
  }
  if (!view) view = (await api.campaign(saved.campaign_id, saved.token)).data;
  saved = await patchCampaign(saved.campaign_id, { view, pending: saved.pending.filter((q) => q.game_id !== p.game_id) });
  return { saved, version: view.version };
}

async function send(id) {
  let saved = await savedCampaign(id);
  if (!saved || !hasOfflineWork(saved) || saved.conflict) return { stopped: saved && saved.conflict ? "conflict" : null };
  try { await api.health(); } catch { set({ online: false }); return { stopped: "offline" }; }
  let at = null;
  try {
    if (saved.local) saved = await createOnServer(saved);
    let version = null;
    for (const p of [...saved.pending]) {
      at = p;
      const sent = await sendSession(saved, p, version ?? p.base_version);
      if (sent.stopped) return sent;
      ({ saved, version } = sent);
    }
  } catch (err) {
    if (transient(err)) { set({ online: false }); return { stopped: "offline" }; }
    if (!(err instanceof ApiError)) throw err;  // a fault of this phone, not the server's answer
    const p = err.problem || {};
    // What the server's campaign holds now, against what this phone knew when it went offline.
    const server = saved.local ? null : await api.campaign(saved.campaign_id, saved.token).then((r) => r.data, () => null);
    await patchCampaign(saved.campaign_id, { conflict: { status: err.status, code: err.code, detail: err.detail,
      rule: err.rule || null, game_id: at ? at.game_id : null, current_version: p.current_version || null,
      known_sessions: (saved.view.sessions || []).length,
      server: server && { sessions: server.sessions.length, open: !!server.open_session, status: server.status } } });
    set({ online: true });
    return { stopped: "conflict", campaign_id: saved.campaign_id };
  }
  await loadGames();
  const same = canon(saved.view.document) === canon(saved.document);
  await patchCampaign(saved.campaign_id, { document: null, pending: [], verified: { same, version: saved.view.version } });
  set({ online: true, notice: same ? t("The campaign is on the server: same sessions, same standing.")
    : t("The server's campaign differs from this phone's copy: showing the server's.") });
  return { stopped: null, campaign_id: saved.campaign_id };
}

// -- a conflict: the campaign changed on the server while this phone played offline -----------------
// "separate": every waiting session becomes a game of its own (imported, not in the campaign);
// "drop": they are forgotten; either way the phone then shows the server's campaign.
// "replay": the one waiting session is replayed by the phone's engine as the server campaign's next
// session (its options from the server's document); a move that no longer fits is named, nothing sent.
export async function resolveConflict(id, how) {
  let saved = await savedCampaign(id);
  const fresh = (await api.campaign(id, saved.token)).data;
  if (how === "replay") {
    const [p, ...rest] = saved.pending;
    if (!p || rest.length || p.server_game_id) return problem("replay_not_possible", t("Only one waiting session can be replayed."));
    if (fresh.open_session) {
      // Said in words: the other session's game id means nothing to the person at the table.
      return problem("session_in_progress", t("Another phone's session of this campaign is open on the server: it must be recorded or abandoned there before yours can be the next session."));
    }
    const game = await db.get("games", p.game_id);
    const doc = await exportLocal(game, await outbox.items(p.game_id));
    const options = await engine("campaign_session_json", { document: fresh.document, tile: p.tile_played });
    if (!options.ok) return { problem: options.problem };
    const trial = await call("open_json", JSON.stringify({ game_id: `${p.game_id}-replay`, edition: null, options: options.options,
      seed: doc.seed, actions: doc.actions, meta: { with_hash: true } }));
    if (!trial.ok) {
      const at = trial.problem.index;
      return problem(trial.problem.code, t("On the campaign as it is now, move {n} of {total} no longer fits: {reason}", { n: at + 1, total: doc.actions.length, reason: trial.problem.detail }));
    }
    try {
      const body = { seed: doc.seed, actions: doc.actions, state_hash: trial.state_hash, tile: p.tile_played };
      const { data } = await api.startSession(id, saved.token, body, `replay-${p.game_id}-${fresh.version}`, fresh.version);
      await adoptImported(game, data, await outbox.items(p.game_id), { campaign_id: id });
      await patchCampaign(id, { view: data.campaign, document: null, pending: [], conflict: null });
      await loadGames();
    } catch (err) {
      return problem(err.code || "refused", err.detail || String(err));
    }
    set({ notice: t("Your session is now the campaign's next session on the server: record it below.") });
    return { view: (await savedCampaign(id)).view };
  }
  for (const p of saved.pending || []) {
    const game = await db.get("games", p.game_id);
    if (!game || p.server_game_id) continue;
    if (how === "separate") {
      const { campaign_id: _drop, ...alone } = game;
      await db.put("games", alone);
      await importLocal(alone);
    } else await forgetGame(p.game_id);
  }
  saved = await patchCampaign(id, { view: fresh, document: null, pending: [], conflict: null });
  await loadGames();
  return { view: saved.view };
}
