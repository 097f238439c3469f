// Boot: render the app, register the service worker, drain what was queued.
import { render } from "preact";
import { html } from "./html.js";
import { App } from "./ui/app.js";
import { registerServiceWorker } from "./swupdate.js";
import { closeGame, drainAll, gameIsLive, installTriggers, loadGames, openGame } from "./sync.js";
import { getState, set } from "./store.js";
import { startRouter } from "./router.js";
import { loadReadiness } from "./offline/engine.js";
import { developerMode } from "./ui/settings.js";

set({ developer: developerMode() });
render(html`<${App} />`, document.getElementById("app"));

// Screens of one game share the open game (and its polling); others close it.
function onRoute(route) {
  const id = route.params.id;
  const open = getState().game;
  if (id && ["game", "board", "layout", "log", "manage", "score", "share"].includes(route.name)) {
    if (!open || open.game_id !== id || !gameIsLive()) openGame(id);
  } else if (route.name !== "watch") {
    closeGame();
  }
  // Move focus to the new screen's heading (screen-reader and keyboard users).
  requestAnimationFrame(() => { const h = document.querySelector("main h1"); h && h.focus(); });
}

loadGames().then(() => startRouter(onRoute));
installTriggers();
loadReadiness();
drainAll();
registerServiceWorker();
