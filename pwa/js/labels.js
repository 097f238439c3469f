// Human words for what the server sends.  Display only: which options exist
// and what they do is decided by the server; this file just names them.
import * as db from "./db.js";
import { api } from "./api.js";
import { lang, ordinal as place, say, t } from "./i18n.js";

// A player's colour in the phone's language (the setup wizard, the layout checklist, the scorers' seats).
const COLOURS = { red: t("red"), blue: t("blue"), green: t("green"), yellow: t("yellow"), purple: t("purple"), black: t("black"), white: t("white") };
export const colourName = (c) => COLOURS[c] || c;

const words = (s) => String(s ?? "").replace(/_/g, " ");
const TRADE_CENTERS = { ITC1: t("International trade centre 1"), ITC2: t("International trade centre 2"),
                        RTC: t("Regional trade centre"), STC: t("Special trade centre") };

// Keep only the names and small facts a screen shows (the edition is ~100 KB).
export function compact(doc) {
  const spaces = {}, markets = {};
  for (const [tid, t] of Object.entries(doc.tigers || {})) {
    for (const group of ["spaces", "infinite_spaces", "satellite_spaces"]) {
      for (const [sid, s] of Object.entries(t[group] || {})) {
        spaces[sid] = { kind: s.kind || `${s.row} satellite`, good: s.good || null, tiger: tid, column: s.column || null,
                        position: s.position || null, open: group === "infinite_spaces", satellite: group === "satellite_spaces",
                        row: s.row || s.kind || null };
      }
    }
    for (const [mid, m] of Object.entries(t.local_markets || {})) markets[mid] = { ...m, tiger: tid };
  }
  const gm = doc.global_market || {};
  const sectors = {};
  for (const [sid, s] of Object.entries((doc.player_board || {}).infrastructure_sectors || {})) {
    const factory = (s.slots || []).find((x) => typeof x === "object");
    sectors[sid] = { bonus: s.bonus, factory: factory ? factory.factory : null };
  }
  const setup = doc.setup || {};
  const names = (doc.names || {})[lang] || {};  // the edition's names in the phone's language (issue 37)
  return {
    tigers: Object.fromEntries(Object.entries(doc.tigers || {}).map(([id, t]) => [id, (names.tigers || {})[id] || t.name])),
    spaces, markets, sectors,
    nations: Object.fromEntries(Object.entries(gm.nations || {}).map(([id, n]) => [id, (names.nations || {})[id] || n.name])),
    // Each flag's printed value and stars; the player board's final-scoring rows.
    flags: Object.fromEntries(Object.values(gm.nations || {}).flatMap((n) => (n.flags || []).map((f) => [f.id, { value: f.value, stars: f.stars }]))),
    rows: Object.fromEntries(Object.entries((doc.player_board || {}).final_scoring_sectors || {}).flatMap(([sector, sec]) =>
      (sec.rows || []).map((r) => [r.id, { sector, accepts: r.accepts, bonus: r.nation_bonus }]))),
    worker_types: doc.worker_types || [],
    player_colors: doc.player_colors || [],
    prosperity_tokens: Object.keys(doc.prosperity_tokens || {}),
    // The values printed on each prosperity token per player count, and each region token's effect.
    prosperity_values: Object.fromEntries(Object.entries(doc.prosperity_tokens || {}).map(([id, t]) =>
      [id, Object.fromEntries(Object.entries(t.by_player_count || {}).map(([n, v]) => [n, v.ranks || [v.headline]]))])),
    region_tokens: Object.keys(doc.region_bonus_tokens || {}),
    region_effects: Object.fromEntries(Object.entries(doc.region_bonus_tokens || {}).map(([id, t]) => [id, t.effect])),
    performance: Object.fromEntries(Object.values(doc.performance_tokens || {}).flatMap((kind) =>
      Object.entries(kind.tokens || {}).map(([id, t]) => [id, { ...t, symbol: kind.symbol }]))),
    automa_tiles: ((doc.solo || {}).action_tiles) || {},
    starting_goods: (setup.player || {}).starting_good_pool || [],
    goods: names.goods || {},  // a good's name in the phone's language, by its code (the code is its English name)
    team_slots: (setup.player || {}).team_area_slots || 10,
    rules_options: doc.rules_options || {},
    // The management's numbers: a Tiger icon every N influence spaces; a special flag's global-market advance.
    icon_every: ((doc.board || {}).influence_track || {}).tiger_icon_every || null,
    special_gm: ((doc.rules || {}).special_flags || {}).accept_global_market ?? null,
  };
}

// Labels for a game (by edition hash) or for the default edition (setup wizard),
// cached in IndexedDB so an offline phone can still name things.  A game's labels also
// carry the server's own (GET /labels: every component's printed name, built by the
// engine from the edition), which win over the names built here from the edition data.
// One fetch at a time per game: the game screen asks again when its first sync ends (the edition is ~100 KB).
const loading = new Map();
export function loadLabels(game) {
  const key = game ? game.game_id : "default";
  if (!loading.has(key)) loading.set(key, fetchLabels(game).finally(() => loading.delete(key)));
  return loading.get(key);
}

// The labels an older app kept under `key` (v4: one language for all; v3: before the management's numbers).
async function firstKept(key) {
  const bare = key.replace(`:v5:${lang}:`, ":v4:");
  return (await db.get("kv", bare)) || db.get("kv", bare.replace(":v4:", ":v3:"));
}

async function fetchLabels(game) {
  const hash = game ? game.view?.edition?.content_hash : "default";
  // v3: the server's labels; v4: the management's numbers; v5: per language (the server's sentences are said in it)
  const cacheKey = `labels:v5:${lang}:${hash || game.game_id}`;
  // A game opened before its view arrived kept its labels under its id: found again by a later, offline open.
  const byId = game && game.game_id ? `labels:v5:${lang}:${game.game_id}` : null;
  const cached = (await db.get("kv", cacheKey)) || (byId && byId !== cacheKey ? await db.get("kv", byId) : null);
  if (cached) return cached;
  let resp;
  try {
    resp = game ? await api.edition(game.game_id, game.token) : await api.defaultEdition();
  } catch (err) {  // offline: the labels an older app kept still name everything
    const older = (await firstKept(cacheKey)) || (byId && await firstKept(byId));
    if (older) return older;
    throw err;
  }
  const labels = compact(resp.data.document || {});
  if (game) {
    try {
      labels.server = (await api.labels(game.game_id, game.token)).data.labels;
    } catch (err) {
      if (!(err && err.code === "not_supported") && err && err.status !== 404) throw err;
    }
  }
  // Without the server's labels (an older server) keep them for this session only.
  if (!game || labels.server) {
    await db.put("kv", labels, cacheKey);
    if (byId && byId !== cacheKey) await db.put("kv", labels, byId);
  }
  return labels;
}

// "type 1 worker", as the server names it (also where its labels are not at hand: the setup wizard, offline).
export const workerName = (L, w) => serverLabel(L, "workers", w) || (/^W\d+$/.test(w || "") ? t("type {n} worker", { n: w.slice(1) }) : w);

// The game's BoardGameGeek id {value, placeholder} from the server's labels (none from an older server).
export function bggId(L) {
  const srv = L && L.server && L.server.edition && L.server.edition.bgg_id;
  return srv ? { value: srv.value ?? null, placeholder: !!srv.placeholder } : { value: null, placeholder: true };
}

// Whether the server built a component's label from an invented (placeholder) edition value.
export const isPlaceholder = (L, family, code) => !!(L && L.server && L.server[family] && (L.server[family][code] || {}).placeholder);

// The server's label for a component, or null: family is "spaces", "tigers", "nations", …
export function serverLabel(L, family, code) {
  const entry = L && L.server && L.server[family] && L.server[family][code];
  return entry ? entry.label : null;
}

export const tigerName = (L, id) => serverLabel(L, "tigers", id) || (L && L.tigers[id]) || id;

export function centerLabel(L, center) {
  const named = serverLabel(L, "centers", center);
  if (named) return named;
  if (TRADE_CENTERS[center]) return TRADE_CENTERS[center];
  const [tiger, letter] = String(center).split(".");
  return t("{tiger} centre {letter}", { tiger: tigerName(L, tiger), letter });
}

// A space as printed: "factory · column B · Electronics", "power plant · open row (no limit)".
export function spaceLabel(L, id) {
  const named = serverLabel(L, "spaces", id) || serverLabel(L, "satellite_spaces", id) || serverLabel(L, "headquarters", id);
  if (named) return named;
  const s = L && L.spaces[id];
  if (!s) return id;
  const kind = kindName(s.kind);
  if (s.satellite) return t("{kind} space", { kind });
  if (s.open) return t("{kind} · open row (no limit)", { kind });
  const sameRow = Object.values(L.spaces).filter((x) => x.tiger === s.tiger && x.kind === s.kind && x.column === s.column);
  const nth = sameRow.length > 1 && s.position
    ? ` · ${t("{place} space", { place: place(sameRow.filter((x) => (x.position || 0) <= s.position).length) })}` : "";
  return `${kind}${s.column ? ` · ${t("column {column}", { column: s.column })}` : ""}${s.good ? ` · ${s.good}` : ""}${nth}`;
}

// The kinds of space and piece in words (the edition's ids); an unknown kind as its id in words.
const KINDS = { university: t("university"), department: t("department"), factory: t("factory"), power_plant: t("power plant"),
  laboratory: t("laboratory"), headquarters: t("headquarters"), satellite: t("satellite"),
  "factory satellite": t("factory satellite"), "power_plant satellite": t("power plant satellite"),
  "laboratory satellite": t("laboratory satellite") };
const kindName = (kind) => KINDS[kind] || words(kind);

// A bonus code in words: "influence_any_5" → "+5 influence on any Tiger".
export function effectWords(code) {
  const c = String(code || "");
  let m;
  if ((m = /^influence_any_(\d+)$/.exec(c))) return t("+{n} influence on any Tiger", { n: m[1] });
  if ((m = /^influence_upper_(\d+)$/.exec(c))) return t("+{n} influence on an upper Tiger", { n: m[1] });
  if ((m = /^influence_lower_(\d+)$/.exec(c))) return t("+{n} influence on a lower Tiger", { n: m[1] });
  if ((m = /^influence_(\d+)$/.exec(c))) return t("+{n} influence", { n: m[1] });
  if ((m = /^good_(\d+)$/.exec(c))) return t("{n} good made here", { n: m[1] });
  if ((m = /^science_(\d+)$/.exec(c))) return t("+{n} science", { n: m[1] });
  if ((m = /^energy_(\d+)$/.exec(c))) return t("+{n} energy", { n: m[1] });
  const named = { performance_dollar: t("a dollar performance token"), performance_yen: t("a yen performance token"),
                  satellite_any: t("a satellite of any type"), headquarters: t("a headquarters"), parts_factory_free: t("a parts factory, free") };
  return named[c] || words(c);
}

export function sectorLabel(L, id, player) {
  const s = L && L.sectors[id];
  const left = player && player.sectors && player.sectors[id];
  // The sector empties when this is its last piece: its last generic, and no factory left in it.
  const pieces = left ? ` · ${left.factory ? t("{n} left + factory", { n: left.generic }) : t("{n} left", { n: left.generic })}${
    left.generic + (left.factory ? 1 : 0) === 1 ? ` — ${t("empties it")}` : ""}` : "";
  const n = id.replace(/^S/, "");
  return `${s ? t("Sector {n} (bonus: {bonus})", { n, bonus: effectWords(s.bonus) }) : t("Sector {n}", { n })}${pieces}`;
}

// A prosperity token by its printed values for this player count ("24 · 12"), a region token by its effect.
export function prosperityLabel(L, token, count) {
  const entry = L && L.server && L.server.prosperity_tokens && L.server.prosperity_tokens[token];
  if (entry) return t("prosperity {values}", { values: (entry.by_player_count || {})[String(count)] || entry.label });
  const v = L && L.prosperity_values && (L.prosperity_values[token] || {})[String(count)];
  return v ? t("prosperity {values}", { values: v.join(" · ") }) : t("prosperity token");
}

export function regionLabel(L, token) {
  const named = serverLabel(L, "region_tokens", token);
  if (named) return t("region bonus: {effect}", { effect: named });
  const e = L && L.region_effects && L.region_effects[token];
  return e ? t("region bonus: {effect}", { effect: effectWords(e) }) : t("region bonus token");
}

export function marketLabel(L, id) {
  const m = L && L.markets[id];
  return m ? t("Sell {good} to {tiger} market {column} (+{n} influence)", { good: m.good, tiger: tigerName(L, m.tiger), column: m.column, n: m.influence })
    : t("Sell at {market}", { market: id });
}

export const nationName = (L, code) => serverLabel(L, "nations", code) || (L && L.nations[code]) || code;

// A final-scoring row by its place on the player board: "sector E, row 2".
export const rowLabel = (L, id) => {
  const named = serverLabel(L, "rows", id);
  if (named) return named;
  const r = L && L.rows && L.rows[id];
  return r ? t("sector {sector}, row {row}", { sector: r.sector, row: String(id).slice(r.sector.length) }) : t("row {row}", { row: id });
};

// A performance token by what it does ("$: +2 influence on one or both upper Tigers").
export function performanceLabel(L, id) {
  const named = serverLabel(L, "performance_tokens", id);
  if (named) return named;
  const token = L && L.performance && L.performance[id];
  if (!token) return t("a performance token");
  if (token.amount_per_tiger) {
    const where = token.scope === "upper" ? t("one or both upper Tigers") : token.scope === "lower" ? t("one or both lower Tigers")
      : tigerName(L, token.scope);
    return t("{symbol} token: +{n} influence on {where}", { symbol: token.symbol, n: token.amount_per_tiger, where });
  }
  return t("{symbol} token: {effect}", { symbol: token.symbol, effect: words(token.effect) });
}

// An Automa action tile by its instruction ("invest in South Korea, +2 influence").
export function automaTileLabel(L, id) {
  const named = serverLabel(L, "automa_tiles", id);
  if (named) return named;
  const tile = L && L.automa_tiles && L.automa_tiles[id];
  if (!tile) return t("a tile");
  const target = tile.target || {};
  const what = target.type === "trade_center" ? t("sell at: {centre}", { centre: centerLabel(L, target.trade_center) })
    : target.type === "investment" ? t("invest in {tiger}", { tiger: tigerName(L, target.tiger) }) : words(target.type);
  return `${what}${tile.influence ? `, ${t("+{n} influence", { n: tile.influence })}` : ""}${tile.local_market_sale ? `, ${t("local sale")}` : ""}`;
}

export function bonusLabel(pending) {
  return pending ? effectWords(pending.bonus) : t("bonus");
}

// A space with its Tiger, once: the server's space names already start with their Tiger.
function onTiger(L, space) {
  const tiger = tigerName(L, String(space || "").split(".")[0]);
  const named = spaceLabel(L, space);
  return named.startsWith(tiger) ? named : t("{tiger} {space}", { tiger, space: named });
}

// One line for any action dict (buttons, the outbox, the log).
export function actionLabel(L, a, view) {
  switch (a.kind) {
    case "place_worker": return a.worker ? t("Place a {worker}: {centre}", { worker: workerName(L, a.worker), centre: centerLabel(L, a.center) })
      : t("Place worker: {centre}", { centre: centerLabel(L, a.center) });
    case "build": return t("Build on {space}, from sector {sector}", { space: onTiger(L, a.space), sector: String(a.sector).replace(/^S/, "") });
    case "build_department": return t("Build a department on {space}, from sector {sector}", { space: spaceLabel(L, a.space), sector: String(a.sector).replace(/^S/, "") });
    case "run_factory": return t("Run the factory on {space}", { space: onTiger(L, a.space) });
    case "attach_parts_factory": return t("Attach a parts factory to {space}", { space: spaceLabel(L, a.space) });
    case "sell_local": return marketLabel(L, a.market);
    case "skip_local_sale": return t("No local sale");
    case "sell_to_nation":
    case "special_sale": return t("Sell {goods} to {nation} → {row}", { goods: (a.goods || []).join(" + "), nation: nationName(L, a.nation), row: rowLabel(L, a.row) });
    case "finish_sales": return t("Finish selling");
    case "special_advance": return t("Advance on the global market instead");
    case "advance_with_flag": return t("Take flag {flag}", { flag: a.flag });
    case "ignore_bonus": {
      const p = view && (view.pending_bonuses || []).find((b) => b.id === a.bonus);
      return p ? t("Ignore the {bonus} bonus (gone for good)", { bonus: bonusLabel(p) }) : t("Ignore bonus #{n} (gone for good)", { n: a.bonus });
    }
    case "resolve_bonus": {
      const where = Object.entries(a).filter(([k]) => !["kind", "decision", "bonus"].includes(k)).map(([k, v]) =>
        k === "tiger" ? tigerName(L, v) : k === "tigers" ? say({ and: [].concat(v).map((id) => tigerName(L, id)) })
          : k === "space" || k === "satellite" ? onTiger(L, v)
            : k === "token" ? performanceLabel(L, v) : k === "row" ? rowLabel(L, v)
              : k === "sector" ? t("sector {n}", { n: String(v).replace(/^S/, "") }) : k === "special_flag" ? t("the {tiger} special flag", { tiger: tigerName(L, v) })
                : `${words(k)} ${Array.isArray(v) ? v.join(" + ") : v}`);
      return where.length ? where.join(", ") : t("Resolve it");
    }
    case "end_turn": return (view && (view.pending_bonuses || []).length) ? t("End turn (forfeit the bonuses left)") : t("End turn");
    case "accept_special_flag": return t("Accept the special flag");
    case "decline_special_flag": return t("Decline the special flag");
    case "draw_era2_setup": return t("Let the app draw the Era II workers");
    case "skip_university_action": return t("No university action");
    case "reveal_automa_tile": return t("The table revealed: {tile} (tile {n})", { tile: automaTileLabel(L, a.tile), n: Number(String(a.tile).replace(/\D/g, "")) });
    case "choose_automa_region": return t("Automa goes to {tiger}", { tiger: tigerName(L, a.tiger) });
    default: {
      const rest = Object.entries(a).filter(([k]) => !["kind", "decision"].includes(k))
        .map(([k, v]) => `${words(k)} ${Array.isArray(v) ? v.join("+") : typeof v === "object" ? JSON.stringify(v) : v}`);
      return `${words(a.kind)}${rest.length ? ` (${rest.join(", ")})` : ""}`;
    }
  }
}

// What the pending decision asks, in a sentence.
export function decisionPrompt(L, decision, view) {
  if (!decision) return view && view.over ? t("The game is over.") : t("Nothing to decide right now.");
  const who = playerName(view, decision.seat);
  const player = (view.players || []).find((p) => p.id === decision.seat);
  switch (decision.kind) {
    case "choose_placement": return player && player.next_worker ? t("{who}: place your {worker} worker", { who, worker: player.next_worker }) : t("{who}: place your worker", { who });
    case "choose_build": return t("{who}: choose where to build in {tiger}, then the sector the piece comes from", { who, tiger: tigerName(L, decision.tiger) });
    case "choose_local_sale": return t("{who}: sell a good at a local market?", { who });
    case "choose_sale": return t("{who}: sell to a nation at {centre}", { who, centre: centerLabel(L, decision.trade_center) });
    case "choose_special_trade": return t("{who}: special trade centre — a sale or a global-market advance", { who });
    case "choose_university_action": return t("{who}: university — an extra action?", { who });
    case "choose_bonus": return t("{who}: unlocked bonuses, then end the turn", { who });
    case "choose_special_flag": return t("{player}: take the {tiger} special flag?", { player: who, tiger: tigerName(L, decision.tiger) });
    case "choose_gm_flag": return t("{who}: choose a flag", { who });
    case "record_era2_draws": return t("Era II setup: record the draws");
    case "record_automa_tile": return t("Automa's turn: reveal the top tile of its pile, then tap the tile you see");
    case "choose_automa_region": return t("Automa's tie ({source}): you choose the Tiger", { source: decision.source || t("its effect") });
    default: return `${who}: ${words(decision.kind)}`;
  }
}

export function playerName(view, id) {
  if (id === "neutral") return t("Neutral");
  const p = view && (view.players || []).find((x) => x.id === String(id));
  return p ? p.name : t("Seat {id}", { id });
}

export function playerColor(view, id) {
  if (id === "neutral") return (view && view.neutral && view.neutral.color) || "neutral";
  if (id === "setup") return "setup";
  const p = view && (view.players || []).find((x) => x.id === String(id));
  return p ? p.color : "neutral";
}

export { words };
