// Plays: every finished game this phone knows, as one list (History) and the statistics over it (Stats).
// A play is {id, game, mode, date, duration_min, players: [{name, score, rank, winner, start?, automa?}],
//            solo?: {rank_title, won, variant, difficulty, automa_score}, sheet?: "#/…", source}.
// Where they come from (offline-first: IndexedDB "kv", nothing needs the server):
//   - a scorer result saved in the history (scorings.js): derived from it on every read, so deleting the
//     scoring deletes the play;
//   - a finished recorded game (solo included): kept as "play:game:<id>" from its outcome when the game
//     ends (score screen) or when History or Stats opens, so forgetting the game keeps the play;
//   - an imported export: kept as "play:import:<id>".
// Players are matched by name (trimmed, any case); a rename is an alias ("players:aliases") applied on
// read, so renaming one name to another merges their plays.
import * as db from "./db.js";
import * as scorings from "./scorings.js";
import { t } from "./i18n.js";

export const GAMES = { "asian-tigers": "Asian Tigers", nippon: "Nippon", asara: "Asara" };
// In English, for the export files (playsio.js); History says them in the phone's language.
export const MODES = { scored: "scorer", recorded: "recorded game", solo: "solo game", imported: "imported" };
const PREFIX = "play:";
const ALIASES = "players:aliases";

const minutes = (from, to) => (from && to ? Math.max(1, Math.round((new Date(to) - new Date(from)) / 60000)) : null);
export const nameKey = (name) => String(name || "").trim().toLowerCase();

// The result's own rank for a name (its tie rules applied), when it has a ranking.
function rankOf(result, label) {
  const s = ((result && result.standings) || []).find((x) => x.participant === label);
  const r = ((result && result.ranking) || []).find((x) => x.player === label);
  return (s && s.rank) ?? (r && r.rank) ?? null;
}

// A saved scoring (scorer screens) as a play.
export function fromScoring(entry) {
  const sm = entry.summary || {};
  const people = sm.people || [];
  const winners = sm.winners || [];
  return {
    id: `${PREFIX}${entry.id}`, game: entry.game, mode: "scored", date: entry.saved_at, duration_min: null,
    players: people.map((p) => ({
      name: p.label, score: p.total, winner: winners.includes(p.label),
      // Without a ranking in the result: 1 + the number of higher totals (equal totals share a rank).
      rank: rankOf(entry.result, p.label) ?? 1 + people.filter((q) => (q.total ?? -Infinity) > (p.total ?? -Infinity)).length,
    })),
    sheet: `#/scorer/${entry.game}?h=${encodeURIComponent(entry.id)}`, source: { scoring: entry.id },
  };
}

// A finished recorded game (its game view and its outcome) as a play.
export function fromGame(gameView, outcome) {
  const view = gameView.view || {};
  const solo = outcome.solo || null;
  const P = outcome.participants || {};
  const name = (id) => {
    const p = (view.players || []).find((x) => x.id === String(id));
    if (p) return p.name;
    return solo && String(id) !== String(solo.human) ? "Automa" : t("Seat {n}", { n: String(id) });
  };
  const first = (view.initial_turn_order || [])[0];
  const standings = (outcome.standings || []).filter((s) => !P[s.participant] || P[s.participant].recorded !== false);
  return {
    id: `${PREFIX}game:${gameView.game_id}`, game: "asian-tigers", mode: solo ? "solo" : "recorded",
    date: gameView.created_at || new Date().toISOString(), duration_min: minutes(gameView.created_at, gameView.updated_at),
    players: standings.map((s) => ({
      name: name(s.participant), score: s.total, rank: s.rank,
      winner: solo ? (String(s.participant) === String(solo.human)) === !!solo.human_wins : s.participant === outcome.winner,
      ...(first != null && String(first) === String(s.participant) ? { start: true } : {}),
      ...(solo && String(s.participant) !== String(solo.human) ? { automa: true } : {}),
    })),
    ...(solo ? { solo: { rank_title: solo.rank_title, won: !!solo.human_wins, variant: solo.variant || "solo",
                         difficulty: solo.difficulty, automa_score: solo.automa_total } } : {}),
    sheet: `#/g/${gameView.game_id}/score`, source: { game_id: gameView.game_id },
  };
}

// Keep the play of a finished recorded game (called when its outcome is known; idempotent).
export async function keepGame(record, outcome) {
  if (!record || !record.view || !record.view.over || !outcome) return null;
  const play = fromGame({ ...record.view, game_id: record.game_id }, outcome);
  const old = await db.get("kv", play.id);
  if (old && old.deleted) return null;  // deleted in History: not brought back
  await db.put("kv", play, play.id);
  return play;
}

// Every finished game on this phone without its play yet: its outcome from the cache, else the server
// (GET /outcome with the phone's token); a game whose outcome cannot be had now is tried next time.
export async function keepFinished() {
  const games = (await db.all("games")).filter((g) => g.view && g.view.over && g.role !== "spectator");
  for (const g of games) {
    if (await db.get("kv", `${PREFIX}game:${g.game_id}`)) continue;
    let outcome = await db.get("kv", `outcome:${g.game_id}`);
    if (!outcome && !g.local) {
      try {
        const { api } = await import("./api.js");
        outcome = (await api.outcome(g.game_id, g.token)).data.outcome;
        await db.put("kv", outcome, `outcome:${g.game_id}`);
      } catch { outcome = null; }
    }
    if (outcome) await keepGame(g, outcome);
  }
}

// The aliases: {old name key: new name}.
export const aliases = async () => (await db.get("kv", ALIASES)) || {};

// A name as the aliases make it (a chain of renames followed, at most 10 deep).
const canonical = (alias) => (n) => { let x = n; for (let i = 0; i < 10 && alias[nameKey(x)]; i++) x = alias[nameKey(x)]; return x; };

// Every play, newest first, with the aliases applied to the names.
export async function list() {
  const [stored, saved, alias] = await Promise.all([db.range("kv", PREFIX, `${PREFIX}\uffff`), scorings.list(), aliases()]);
  const plays = [...stored.filter((p) => !p.deleted), ...saved.map(fromScoring)];
  const canon = canonical(alias);
  return plays.map((p) => ({ ...p, players: p.players.map((x) => ({ ...x, name: canon(x.name) })) }))
    .sort((a, b) => String(b.date).localeCompare(String(a.date)));
}

// Rename a player everywhere (a later play under the old name counts for the new one): merges two names.
export async function rename(from, to) {
  const alias = await aliases();
  if (!to.trim() || nameKey(from) === nameKey(to)) return;
  for (const [k, v] of Object.entries(alias)) if (nameKey(v) === nameKey(from)) alias[k] = to.trim();
  delete alias[nameKey(to)];
  alias[nameKey(from)] = to.trim();
  await db.put("kv", alias, ALIASES);
}

// Delete a play: a scoring's play goes with its scoring; a game's play leaves a mark, so that the
// finished game still on this phone does not bring it back.
export async function remove(play) {
  if (play.source && play.source.scoring && !play.imported) await scorings.remove(play.source.scoring);
  else if (play.source && play.source.game_id) await db.put("kv", { id: play.id, deleted: true }, play.id);
  else await db.del("kv", play.id);
}

// Keep imported plays (ids already known are skipped); returns how many were new.
export async function keepImported(plays) {
  const known = new Set([...(await list()).map((p) => p.id), ...(await db.range("kv", PREFIX, `${PREFIX}\uffff`)).map((p) => p.id)]);
  let added = 0;
  for (const p of plays) {
    const id = known.has(p.id) ? null : p.id.startsWith(PREFIX) ? p.id : `${PREFIX}import:${p.id}`;
    if (!id || known.has(id)) continue;
    await db.put("kv", { ...p, id, sheet: null, imported: true }, id);  // its sheet is on the phone that made it
    known.add(id);
    added += 1;
  }
  return added;
}

// SOLO-SCORE-03: a player's best score in their solo games of Asian Tigers (null with none on record).
export async function soloHighScore(name) {
  const key = nameKey(canonical(await aliases())(name));
  const scores = (await list()).filter((p) => p.solo && p.game === "asian-tigers")
    .flatMap((p) => p.players.filter((x) => !x.automa && nameKey(x.name) === key && typeof x.score === "number").map((x) => x.score));
  return scores.length ? Math.max(...scores) : null;
}
