// The REST client (openapi.yaml is the contract).  It only speaks HTTP: no
// retries and no storage here — the outbox decides what a failure means.
import { lang } from "./i18n.js";

export class ApiError extends Error {
  // A problem+json answer: `code`, `detail` and, for an illegal move, `rule`.
  constructor(status, problem) {
    super((problem && problem.detail) || `HTTP ${status}`);
    this.status = status;
    this.problem = problem || {};
    this.code = this.problem.code || `http_${status}`;
    this.rule = this.problem.rule || null;
    this.detail = this.message;
  }
  // Worth retrying later without the user doing anything (the server was busy or down).
  get transient() { return this.status >= 500 || this.status === 429 || this.status === 408; }
}

// fetch() itself failed: no server answered (offline, server stopped, lost answer).
export class NetworkError extends Error {}

const quote = (version) => `"${version}"`;
const unquote = (etag) => (etag ? Number(String(etag).replace(/^W\//, "").replace(/"/g, "")) : null);

export async function request(method, path, { token, body, ifMatch, key, etag } = {}) {
  const headers = { Accept: "application/json", "Accept-Language": lang }; // the answer's words in the phone's language
  if (token) headers.Authorization = "Bearer " + token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (ifMatch != null) headers["If-Match"] = quote(ifMatch);
  if (key) headers["Idempotency-Key"] = key;
  if (etag != null) headers["If-None-Match"] = quote(etag);
  let resp;
  try {
    resp = await fetch(path, { method, headers, cache: "no-store",
                               body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new NetworkError(err.message || "network error");
  }
  if (resp.status === 304) return { status: 304, version: etag, data: null };
  let data = null;
  try { data = await resp.json(); } catch { data = null; }
  if (!resp.ok) throw new ApiError(resp.status, data);
  return { status: resp.status, data, version: unquote(resp.headers.get("ETag")),
           replayed: resp.headers.get("Idempotent-Replayed") === "true" };
}

const g = (id) => `/api/games/${encodeURIComponent(id)}`;
const c = (id) => `/api/campaigns/${encodeURIComponent(id)}`;

export const api = {
  health: () => request("GET", "/api/health"),
  defaultEdition: () => request("GET", "/api/edition"),
  createGame: (body) => request("POST", "/api/games", { body }),
  importGame: (body, key) => request("POST", "/api/imports", { body, key }),
  join: (joinCode) => request("POST", "/api/join", { body: { join_code: joinCode } }),
  // `version`: the view this phone holds, in its language (the server's tag names the language: "12.de").
  game: (id, token, version) => request("GET", g(id), { token, etag: version == null || lang === "en" ? version : `${version}.${lang}` }),
  edition: (id, token) => request("GET", `${g(id)}/edition`, { token }),
  labels: (id, token) => request("GET", `${g(id)}/labels`, { token }),
  whyNot: (id, token) => request("GET", `${g(id)}/why-not`, { token }),
  action: (id, token, action, ifMatch, key) => request("POST", `${g(id)}/actions`, { token, ifMatch, key, body: { action } }),
  batch: (id, token, actions, ifMatch, key) => request("POST", `${g(id)}/batch`, { token, ifMatch, key, body: { actions } }),
  undo: (id, token, count, ifMatch, key) => request("POST", `${g(id)}/undo`, { token, ifMatch, key, body: { count } }),
  log: (id, token, after = 0) => request("GET", `${g(id)}/log?after=${after}&limit=1000`, { token }),
  outcome: (id, token) => request("GET", `${g(id)}/outcome`, { token }),
  provisionalScore: (id, token) => request("GET", `${g(id)}/score`, { token }),
  exportGame: (id, token) => request("GET", `${g(id)}/export`, { token }),
  newJoinCode: (id, token) => request("POST", `${g(id)}/join-code`, { token }),
  spectatorToken: (id, token) => request("POST", `${g(id)}/spectator-tokens`, { token }),
  // Stateless end-of-game scorers (no token): game is "asian-tigers", "nippon" or "asara".
  // `editionId`: this phone's own edition of that game (the editions screen), else the server's.
  score: (game, body, editionId) => request("POST", `/api/scorers/${game}${editionId ? `?edition_id=${encodeURIComponent(editionId)}` : ""}`, { body }),
  // What the Nippon / Asara entry forms draw: the map, the colours, the box's limits.
  scorerEdition: (game) => request("GET", `/api/scorers/${game}/edition`),
  // Solo campaigns (the campaign token; the session games have their own tokens).
  createCampaign: (body, key) => request("POST", "/api/campaigns", { body, key }),
  campaign: (id, token) => request("GET", c(id), { token }),
  startSession: (id, token, body, key, ifMatch) => request("POST", `${c(id)}/games`, { token, body, key, ifMatch }),
  recordSession: (id, token, body, key, ifMatch) => request("POST", `${c(id)}/sessions`, { token, body, key, ifMatch }),
};

// The game's live event stream (Server-Sent Events read through fetch, so the token travels in the
// Authorization header rather than in the URL).  Resolves to the open response; throws like `request`.
export async function openEvents(id, token, lastEventId, signal) {
  const headers = { Accept: "text/event-stream", Authorization: "Bearer " + token };
  if (lastEventId) headers["Last-Event-ID"] = lastEventId;
  let resp;
  try {
    resp = await fetch(`${g(id)}/events`, { headers, signal, cache: "no-store" });
  } catch (err) {
    throw new NetworkError(err.message || "network error");
  }
  if (!resp.ok || !resp.body) {
    let data = null;
    try { data = await resp.json(); } catch { data = null; }
    throw new ApiError(resp.status, data);
  }
  return resp;
}

// Read an event stream to its end: `onEvent({event, id, data})` for every event, `onBytes()` for
// anything received (heartbeats included).
export async function readEvents(resp, onEvent, onBytes = () => {}) {
  const reader = resp.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onBytes();
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = { event: "message", id: null, data: "" };
      for (const line of block.split("\n")) {
        if (!line || line.startsWith(":")) continue;  // a comment: the server's heartbeat
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        let text = colon < 0 ? "" : line.slice(colon + 1);
        if (text.startsWith(" ")) text = text.slice(1);
        if (field === "data") event.data += (event.data ? "\n" : "") + text;
        else if (field === "id") event.id = text;
        else if (field === "event") event.event = text;
      }
      if (event.data) onEvent(event);
    }
  }
}

// Every page of the log (the server pages by `after`).
export async function fullLog(id, token) {
  const entries = [];
  let after = 0;
  for (;;) {
    const { data } = await api.log(id, token, after);
    entries.push(...data.entries);
    if (!data.more) return entries;
    after = data.next_after;
  }
}
