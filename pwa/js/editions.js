// Editions on this phone: the REST calls (openapi.yaml, tag "editions"), the
// tokens of the editions this phone created, the calibration draft in progress
// (its edits not yet accepted by the server survive a reload), and the phone's
// own default edition for new games.  No rules here: the server validates.
import * as db from "./db.js";
import { request } from "./api.js";
import { t } from "./i18n.js";

const e = (id) => `/api/editions/${encodeURIComponent(id)}`;

export const editionsApi = {
  list: (game) => request("GET", `/api/editions${game ? `?game=${encodeURIComponent(game)}` : ""}`),
  get: (id) => request("GET", e(id)),
  create: (body) => request("POST", "/api/editions", { body }),
  patch: (id, token, body) => request("PATCH", e(id), { token, body }),
  put: (id, token, body) => request("PUT", e(id), { token, body }),
  exportDoc: (id) => request("GET", `${e(id)}/export`),
  diff: (id, other) => request("GET", `${e(id)}/diff/${encodeURIComponent(other)}`),
};

// ------------------------------------------------------------------ phone state
const TOKENS = "editions:tokens";      // {edition_id: token} of the editions made here
const DRAFT = "editions:draft";        // {edition_id, name} of the calibration in progress
const DEFAULT = "editions:default";    // {game: {edition_id, name}}: what new games and scorings on this phone use
const pendingKey = (id) => `editions:pending:${id}`;  // {path: value} edits the server has not accepted

export async function tokenFor(id) { return ((await db.get("kv", TOKENS)) || {})[id] || null; }

export async function rememberToken(id, token) {
  const all = (await db.get("kv", TOKENS)) || {};
  await db.put("kv", { ...all, [id]: token }, TOKENS);
}

export const currentDraft = () => db.get("kv", DRAFT);
export const setDraft = (draft) => db.put("kv", draft, DRAFT);
// The scorer routes spell the game "asian-tigers"; editions say "asian_tigers".
const kindOf = (game) => (game === "asian-tigers" ? "asian_tigers" : game || "asian_tigers");
export const phoneDefault = async (game) => ((await db.get("kv", DEFAULT)) || {})[kindOf(game)] || null;
export async function setPhoneDefault(game, value) {
  const all = (await db.get("kv", DEFAULT)) || {};
  await db.put("kv", { ...all, [kindOf(game)]: value }, DEFAULT);
}
// The last copy of an edition this phone saw, so a calibration opens without a connection.
export const cachedEdition = (id) => db.get("kv", `editions:copy:${id}`);
export const cacheEdition = (ed) => db.put("kv", ed, `editions:copy:${ed.edition_id}`);
export const pendingEdits = async (id) => (await db.get("kv", pendingKey(id))) || {};
export const savePending = (id, edits) => db.put("kv", edits, pendingKey(id));

// A new draft from the server's default edition (or from `base`), remembered on this phone.
export async function startDraft(name, base = "default", game = "asian_tigers") {
  const { data } = await editionsApi.create({ name, base, draft: true, game });
  await rememberToken(data.edition_id, data.edition_token);
  await setDraft({ edition_id: data.edition_id, name });
  return data;
}

// Import an edition file as a new draft of this phone.
export async function importFile(file, name) {
  const text = await file.text();
  let document;
  try { document = JSON.parse(text); } catch { throw { detail: t("{file} is not a JSON file.", { file: file.name }) }; }
  const game = document && document.edition && { Nippon: "nippon", Asara: "asara" }[document.edition.game];
  const { data } = await editionsApi.create({ name, document, draft: true, ...(game ? { game } : {}) });
  await rememberToken(data.edition_id, data.edition_token);
  return data;
}

export async function downloadEdition(id, name) {
  const { data } = await editionsApi.exportDoc(id);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `edition-${(name || id).replace(/[^A-Za-z0-9_-]+/g, "-")}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// ------------------------------------------------------------------ JSON pointers
const unesc = (k) => k.replace(/~1/g, "/").replace(/~0/g, "~");
export const keys = (path) => path.split("/").slice(1).map(unesc);
export const valueAt = (doc, path) => keys(path).reduce((o, k) => (o == null ? undefined : o[k]), doc);

// "412 of 1,024 values checked"
export const progressText = (ed) => t("{checked} of {total} values checked", { checked: ed.checked_count, total: ed.to_check_count });
