// Solo campaigns on this phone: their tokens and last known views (IndexedDB "kv"),
// and the calls to the server.  What a session does to the campaign is the server's
// business: this file only stores and forwards.
import * as db from "./db.js";
import { api } from "./api.js";
import { rememberGame } from "./gamerecords.js";
import { words } from "./labels.js";
import { lang, t, tn } from "./i18n.js";

const LIST = "campaigns";  // kv key: [{campaign_id, token, title, status, saved_at}]
export const newKey = () => (crypto.randomUUID ? crypto.randomUUID()
  : "k" + Date.now().toString(36) + Math.random().toString(36).slice(2));

export const campaignTitle = (view) => (view
  ? tn("{name} · ×{difficulty} · {n} scenario", "{name} · ×{difficulty} · {n} scenarios", view.tiles.length,
    { name: view.player.name, difficulty: view.difficulty }) : t("Campaign"));

export async function savedCampaigns() {
  return (await db.get("kv", LIST)) || [];
}

async function keep(view, token) {
  return patchCampaign(view.campaign_id, { view, ...(token ? { token } : {}) });
}

// Change the saved record of a campaign (its view, or the offline work it holds: `document`, `pending`,
// `local`, `conflict`; see offline/campaign.js) and its entry in the list.
export async function patchCampaign(id, patch) {
  const list = (await savedCampaigns()).filter((c) => c.campaign_id !== id);
  const record = { ...((await db.get("kv", `campaign:${id}`)) || {}), ...patch, campaign_id: id };
  const view = record.view;
  const entry = { campaign_id: id, token: record.token, title: campaignTitle(view), status: view.status,
                  saved_at: new Date().toISOString(), local: !!record.local, waiting: (record.pending || []).length,
                  conflict: !!record.conflict };
  await db.put("kv", [entry, ...list], LIST);
  const kept = { ...record, title: entry.title, status: entry.status, saved_at: entry.saved_at };
  await db.put("kv", kept, `campaign:${id}`);
  return kept;
}

export async function forgetCampaign(id) {
  await db.put("kv", (await savedCampaigns()).filter((c) => c.campaign_id !== id), LIST);
  await db.del("kv", `campaign:${id}`);
}

// The saved record {campaign_id, token, view} (the view may be stale).
export const savedCampaign = (id) => db.get("kv", `campaign:${id}`);

export async function createCampaign(body) {
  const { data } = await api.createCampaign(body);
  await keep(data.campaign, data.campaign_token);
  return data;
}

export async function refreshCampaign(id) {
  const saved = await savedCampaign(id);
  if (!saved) throw new Error(t("This phone does not know that campaign."));
  const { data } = await api.campaign(id, saved.token);
  await keep(data, saved.token);
  return data;
}

// Start the next session: the game joins this phone's games, marked with its campaign.
export async function startSession(id, body, key) {
  const saved = await savedCampaign(id);
  const { data } = await api.startSession(id, saved.token, body, key);
  await keep(data.campaign, saved.token);
  await rememberGame({ game_id: data.game_id, token: data.table_token, join_code: data.join_code, view: data.game });
  await db.put("games", { ...(await db.get("games", data.game_id)), campaign_id: id });
  return data;
}

export async function recordSession(id, body, key) {
  const saved = await savedCampaign(id);
  const { data } = await api.recordSession(id, saved.token, body, key);
  await keep(data.campaign, saved.token);
  return data;
}

// The edition's requirement metrics in words (the data file's codes).
const METRICS = {
  universities_built: t("universities built"), laboratories_built: t("laboratories built"),
  power_plants_built: t("power plants built"), distinct_factory_goods_built: t("different goods of factories built"),
  distinct_flags_in_final_scoring_rows: t("different flags in final-scoring rows"),
  headquarters_and_satellite_rows: t("headquarters and a satellite in each row"),
  more_investment_points_than_automa_in_one_of: t("more investment points than the Automa in"),
  global_market_position: t("global-market space"),
};

// A requirement's data in words ("laboratories built ≥ 5"); the server's campaign view has the full text.
// A campaign tile has no printed code, so a person knows it by these words (Tigers by name in the
// phone's language from the edition's /names, not code).
function goalWords(req, id, doc) {
  if (!req) return words(id);
  const named = (tiger) => (((doc.names || {})[lang] || {}).tigers || {})[tiger] || ((doc.tigers || {})[tiger] || {}).name || tiger;
  const rows = (((doc.names || {})[lang] || {}).buildings) || {};
  const parts = [METRICS[req.metric] || words(req.metric)];
  if (req.at_least != null) parts.push(`≥ ${req.at_least}`);
  if (req.tigers) parts.push(req.tigers.map(named).join(" / "));
  if (req.satellite_rows) parts.push(`(${req.satellite_rows.map((r) => rows[r] || words(r)).join(", ")})`);
  return parts.join(" ");
}

// Campaign tiles and difficulties of the default edition (for the forms), cached.
// `loadDocument`: the server's default edition, or (offline) the one in this phone's engine bundle.
export async function soloInfo(loadDocument = async () => (await api.defaultEdition()).data.document || {}) {
  const key = `solo-info:v4:${lang}`;  // v3: Tigers by name; v4: in the phone's language
  const cached = await db.get("kv", key);
  if (cached) return cached;
  const doc = await loadDocument();
  const solo = doc.solo || {};
  const info = {
    difficulties: solo.difficulty_multipliers || [1, 2, 3, 4],
    tiles: Object.entries(solo.campaign_tiles || {}).map(([tile, data]) =>
      ({ tile, goal: goalWords(((doc.catalog || {}).campaign_requirements || {})[data.requirement], data.requirement, doc) })),
    min: (solo.campaign || {}).scenarios_min || 2,
    max: (solo.campaign || {}).scenarios_max || 9,
    colors: doc.player_colors || [],
  };
  await db.put("kv", info, key);
  return info;
}
