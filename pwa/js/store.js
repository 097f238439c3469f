// The app's one observable state.  Services write it with set(); components
// read it with useStore().  Nothing here talks to the network.
import { useEffect, useState } from "preact/hooks";

export const DEVELOPER_KEY = "tablekeeper.developer";  // settings.js writes it
export const developerMode = () => { try { return localStorage.getItem(DEVELOPER_KEY) === "1"; } catch { return false; } };

let state = {
  route: { name: "home", params: {} },
  games: [],          // saved game records (IndexedDB "games"), newest first
  game: null,         // the open game's record: {game_id, token, role, view, saved_at, ...}
  outbox: [],         // the open game's outbox items, oldest first
  online: null,       // null = not known yet; false after a request found no server
  syncing: false,
  live: false,        // the open game's event stream is connected (no polling meanwhile)
  notice: null,       // "In step with the server", …
  fromOther: null,    // the version another phone made (said beside "Just recorded")
  lastLines: [],      // what the last write of this phone did (event lines)
  recent: null,       // the game's last few log entries (any phone), for "Just recorded"
  labels: null,       // display names from the game's edition
  labelsMissing: false,  // they could not be had (offline, none kept): screens name things by their codes
  updateReady: false, // a new app version is installed and waiting
  error: null,        // the last refusal shown to the user {detail, code, rule}
  developer: developerMode(),  // settings: show the raw JSON action box
};
const listeners = new Set();

export const getState = () => state;

export function set(patch) {
  state = { ...state, ...patch };
  for (const fn of listeners) fn(state);
}

export function useStore() {
  const [, bump] = useState(0);
  const rendered = state;
  useEffect(() => {
    const fn = () => bump((n) => n + 1);
    listeners.add(fn);
    // Effects run a frame after the render: a set() in between (e.g. the boot's reads of IndexedDB,
    // quick on a reload) found no listener, so render again or the screen keeps the older state.
    if (state !== rendered) fn();
    return () => listeners.delete(fn);
  }, []);
  return state;
}
