// This phone's record of each game (IndexedDB "games"): remember one, forget one, and the view as the
// screens read it.  Kept apart from sync.js so the offline play and the campaigns, which sync.js loads,
// can write these records without importing sync.js back (no import cycle; tests/test_js_import_graph.py).
import * as db from "./db.js";
import * as outbox from "./outbox.js";
import { loadGames } from "./games.js";
import { lang } from "./i18n.js";

// The server gives whose turn, the decision and the legal actions once, at the top of a game view;
// the screens also read them beside the board (view.view), so they are copied there.
export function withBoard(view) {
  if (!view || !view.view) return view;
  return { ...view, view: { ...view.view, current_seat: view.current_seat, decision: view.decision,
                            legal_actions: view.legal_actions } };
}

export async function rememberGame({ game_id, token, role = "table", join_code = null, view = null }) {
  const old = (await db.get("games", game_id)) || {};
  const record = { ...old, game_id, token, role, join_code: join_code || old.join_code || null,
                   view: withBoard(view) || old.view || null, view_lang: view ? lang : old.view_lang, saved_at: new Date().toISOString(),
                   opened_at: new Date().toISOString() };
  await db.put("games", record);
  await loadGames();
  return record;
}

export async function forgetGame(gameId) {
  for (const item of await outbox.items(gameId)) await outbox.drop(item.seq);
  await db.del("games", gameId);
  await loadGames();
}
