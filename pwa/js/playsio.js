// Export of all plays (BG Stats' play JSON, the same shape as export.js's "push play" link, and CSV)
// and import of this app's own JSON export.
//   JSON: {sourceName: "tablekeeper", format: "tablekeeper-plays", version: 1, exported_at, plays: [BG Stats play]}
//   each BG Stats play also carries "tablekeeper": the play as this app keeps it, so an import is exact.
//   CSV: one row per player of each play (RFC 4180 quoting).
import { GAMES, MODES } from "./plays.js";
import { t } from "./i18n.js";

const FORMAT = "tablekeeper-plays";
const BGG_NAMES = { "asian-tigers": "Asian Tigers: A Story of Prosperity", nippon: "Nippon", asara: "Asara" };
const pad = (n) => String(n).padStart(2, "0");

function localDate(iso) {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
}

// One play in BG Stats' createPlay shape.
export function bgStatsPlay(play) {
  return {
    board: "", durationMin: play.duration_min || 0, location: "", sourceName: "tablekeeper",
    comments: `${MODES[play.mode] || play.mode} (tablekeeper)${play.solo ? ` · ${play.solo.rank_title}` : ""}`,
    game: { name: BGG_NAMES[play.game] || play.game, highestWins: true, noPoints: false, sourceGameId: play.game.replace(/-/g, "_") },
    playDate: localDate(play.date),
    players: play.players.map((p, i) => ({ name: p.name, score: p.score, rank: p.rank, winner: !!p.winner,
                                           startPlayer: !!p.start, role: p.automa ? "Automa" : "",
                                           sourcePlayerId: `${play.id}:${i}` })),
    tablekeeper: play,
  };
}

export const toJson = (plays) => JSON.stringify({ sourceName: "tablekeeper", format: FORMAT, version: 1,
                                                  exported_at: new Date().toISOString(), plays: plays.map(bgStatsPlay) }, null, 2);

const cell = (v) => (v == null ? "" : /[",\n\r]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

export function toCsv(plays) {
  const head = ["date", "game", "mode", "duration_min", "player", "score", "rank", "winner", "start_player", "solo_rank_title", "play_id"];
  const rows = plays.flatMap((p) => p.players.map((x) => [p.date, GAMES[p.game] || p.game, p.mode, p.duration_min, x.name, x.score,
    x.rank, x.winner ? "yes" : "no", x.start ? "yes" : "no", p.solo && !x.automa ? p.solo.rank_title : "", p.id]));
  return [head, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

// The plays of an export file's text; throws an Error saying what is wrong.
export function fromJson(text) {
  let doc;
  try { doc = JSON.parse(text); } catch { throw new Error(t("This file is not JSON: choose a plays export of this app (.json).")); }
  if (!doc || doc.format !== FORMAT || !Array.isArray(doc.plays)) throw new Error(t("This file is not a plays export of this app."));
  const plays = doc.plays.map((p) => p && p.tablekeeper).filter(Boolean);
  const ok = (p) => typeof p.id === "string" && GAMES[p.game] && Array.isArray(p.players) && typeof p.date === "string"
    && p.players.every((x) => typeof x.name === "string");
  const bad = plays.findIndex((p) => !ok(p));
  if (bad >= 0) throw new Error(t("Play {n} of the file is incomplete (id, game, date and players are needed).", { n: bad + 1 }));
  return plays;
}

export function download(name, text, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}
