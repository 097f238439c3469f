// The list of games this phone knows (IndexedDB "games"), as the home screen shows it.  Kept apart
// from sync.js, so the home screen's first load does not fetch the sync machinery it does not run.
import * as db from "./db.js";
import { set } from "./store.js";

export async function loadGames() {
  const games = (await db.all("games")).sort((a, b) => (b.opened_at || "").localeCompare(a.opened_at || ""));
  const waiting = await db.all("outbox");
  for (const g of games) g.queued = waiting.filter((i) => i.game_id === g.game_id).length;
  set({ games });
  return games;
}

// A game made on this phone that the server does not have yet (its record is marked local).
export const isLocalGame = (record) => !!(record && record.local);

export function gameTitle(view) {
  const players = (view && view.view && view.view.players) || [];
  return players.length ? players.map((p) => p.name).join(" · ") : "Asian Tigers";
}

// Whether sync.js's drainAll has anything to send: a queued write, or a game made on this phone only.
export async function hasQueuedWork() {
  return (await db.all("outbox")).length > 0 || (await db.all("games")).some((g) => !!g.local);
}
