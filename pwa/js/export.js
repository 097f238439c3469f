// Export: the server's JSON export as a download, and a BG Stats "push play" link
// (https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>).
import { api } from "./api.js";
import { t } from "./i18n.js";

export async function downloadExport(game) {
  const { data } = await api.exportGame(game.game_id, game.token);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `asian-tigers-${game.game_id}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// The start player: the first in the game's initial turn order (view.initial_turn_order; from an
// older server, the seat that made the game's first move in the log, else the entered turn order).
export function startSeat(gameView, log) {
  const initial = gameView.view && gameView.view.initial_turn_order;
  if (initial && initial.length) return String(initial[0]);
  const first = (log || []).find((e) => (e.events || []).some((ev) => ev.participant != null));
  const mover = first && first.events.find((ev) => ev.participant != null).participant;
  if (mover != null) return String(mover);
  const entered = ((gameView.options || {}).setup || {}).turn_order;
  return entered && entered.length ? String(entered[0]) : null;
}

// Built from the server's outcome (standings, winner) and the edition's BoardGameGeek id
// (left out while the edition does not confirm one).
export function bgStatsLink(gameView, outcome, { start = null, bggId = null } = {}) {
  const players = gameView.view.players;
  const pad = (n) => String(n).padStart(2, "0");
  const d = new Date(gameView.created_at || Date.now());
  const play = {
    board: "",
    durationMin: Math.max(1, Math.round((new Date(gameView.updated_at) - new Date(gameView.created_at)) / 60000)) || 0,
    comments: t("Recorded with tablekeeper (game {id})", { id: gameView.game_id }),  // BG Stats shows it to the player
    game: { name: "Asian Tigers: A Story of Prosperity", highestWins: true, noPoints: false, sourceGameId: "asian_tigers",
            ...(bggId ? { bggId: Number(bggId) } : {}) },
    location: "",
    playDate: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`,
    players: (outcome.standings || []).filter((s) => players.some((p) => p.id === s.participant)).map((s) => ({
      name: players.find((p) => p.id === s.participant).name, score: s.total, rank: s.rank,
      winner: s.participant === outcome.winner, startPlayer: s.participant === start, role: "",
      sourcePlayerId: `${gameView.game_id}:${s.participant}`,
    })),
    sourceName: "tablekeeper",
  };
  return `https://app.bgstatsapp.com/createPlay.html?data=${encodeURIComponent(JSON.stringify(play))}`;
}
