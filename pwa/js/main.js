// Boot: render the app, register the service worker, drain what was queued.
// The first load fetches only what the home screen needs; the sync machinery (sync.js: the outbox,
// live updates, offline play, labels) loads when a game opens or when something waits to be sent.
import { render } from "preact";
import { html } from "./html.js";
import { App } from "./ui/app.js";
import { registerServiceWorker } from "./swupdate.js";
import { hasQueuedWork, loadGames } from "./games.js";
import { getState, set } from "./store.js";
import { parse, startRouter } from "./router.js";
import { loadReadiness } from "./offline/ready.js";

// A game screen opened directly: index.html has already asked for its modules (GAME_MODULES there), beside these.
const GAME_SCREENS = ["game", "board", "layout", "log", "manage", "score", "share"];
const opening = parse(location.hash);

// A game's screens are drawn (their "Loading…") at once, not the home screen first: the router starts once
// the game list was read.
if (GAME_SCREENS.includes(opening.name)) set({ route: opening });
render(html`<${App} />`, document.getElementById("app"));

let synced = null;  // sync.js, once something needed it
const sync = () => (synced ||= import("./sync.js"));
if (GAME_SCREENS.includes(opening.name)) sync();  // evaluated while the game list is read

// Screens of one game share the open game (and its polling); others close it.
function onRoute(route) {
  const id = route.params.id;
  const open = getState().game;
  if (id && GAME_SCREENS.includes(route.name)) {
    // Another game's screen: the previous game leaves the state now, not when openGame has read the new one
    // (until then its recorder and its "ready" line were drawn under the new game's address).
    if (open && open.game_id !== id) set({ game: null });
    sync().then((s) => { if (!open || open.game_id !== id || !s.gameIsLive()) s.openGame(id); });
  } else if (route.name !== "watch" && synced) {
    synced.then((s) => s.closeGame());
  }
  // Move focus to the new screen's heading (screen-reader and keyboard users).
  requestAnimationFrame(() => { const h = document.querySelector("main h1"); h && h.focus(); });
}

// Back online, or the app shown again: sync the open game, or send what waits (else re-read the list).
async function wake() {
  if (getState().game || await hasQueuedWork()) await (await sync()).syncNow();
  else await loadGames();
}

loadGames().then(() => startRouter(onRoute));
loadReadiness();
hasQueuedWork().then(async (waiting) => { if (waiting) await (await sync()).drainAll(); });  // queued moves, offline games
// A server that comes back raises no "online" event (the phone's network never went away): while
// something waits to be sent and no open game's polling is sending it, try again every few seconds,
// whatever screen is shown.  Two IndexedDB reads when nothing waits.
const RESEND_MS = 5000;
setInterval(async () => {
  if (document.hidden || !(await hasQueuedWork())) return;
  const s = await sync();
  if (!s.gameIsLive() && !getState().syncing) await s.drainAll();
}, RESEND_MS);
window.addEventListener("online", wake);
document.addEventListener("visibilitychange", () => { if (!document.hidden) wake(); });
registerServiceWorker();
