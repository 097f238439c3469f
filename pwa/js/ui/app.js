// The frame every screen shares: the update offer and the screen for the route.
import { html } from "../html.js";
import { set, useStore } from "../store.js";
import { applyUpdate } from "../swupdate.js";
import { Home } from "./home.js";
import { t } from "../i18n.js";
import { HistoryRoute, ScorerRoute, lazy } from "./lazy.js";

// Every screen but the home screen loads on first use, so the first visit downloads only what the
// home screen needs (the service worker precaches the rest, so they still open offline).
const screen = (key, load, name) => lazy(key, () => load().then((m) => ({ default: m[name] })));
const Setup = screen("setup", () => import("./setup.js"), "Setup");
const Join = screen("join", () => import("./join.js"), "Join");
const Watch = screen("watch", () => import("./join.js"), "Watch");
const GameScreen = screen("game", () => import("./game.js"), "GameScreen");
const LogScreen = screen("log", () => import("./log.js"), "LogScreen");
const Management = screen("manage", () => import("./management.js"), "Management");
const ScoreScreen = screen("score", () => import("./score.js"), "ScoreScreen");
const ShareScreen = screen("share", () => import("./share.js"), "ShareScreen");
const BoardScreen = screen("board", () => import("./boardscreen.js"), "BoardScreen");
const Settings = screen("settings", () => import("./settings.js"), "Settings");
const LayoutScreen = screen("layout", () => import("./layout.js"), "LayoutScreen");

const solo = { solo: lazy("solo", () => import("./solo.js")), campaigns: lazy("campaigns", () => import("./campaignlist.js")),
               campaign: lazy("campaign", () => import("./campaign.js")) };

const plays = { stats: lazy("stats", () => import("./stats.js")), rules: lazy("rules", () => import("./rules.js")) };

const editionScreens = lazy("editions", () => import("./editions.js"));
const editions = { editions: editionScreens, edition: editionScreens, "edition-diff": editionScreens,
                   calibrate: lazy("calibrate", () => import("./calibrate.js")) };

const SCREENS = { home: Home, setup: Setup, join: Join, watch: Watch, game: GameScreen, log: LogScreen,
                  manage: Management, score: ScoreScreen, board: BoardScreen, settings: Settings, layout: LayoutScreen, share: ShareScreen, scorer: ScorerRoute,
                  history: HistoryRoute, ...plays, ...solo, ...editions };

// The update offer floats over the bottom edge, so nothing a person is about to tap moves when a
// new version is waiting; "Later" hides it for this visit.  A spacer at the end of the page lets
// the last buttons scroll above it.  The live region is always there, so its news is announced.
function UpdateOffer({ ready, midTurn }) {
  return html`<div class="update-slot" role="status">${ready && html`
    <div class="update-toast" data-testid="update-offer">
      <p>${t("Update available.")}${midTurn ? ` ${t("Finish this turn first if you like — nothing is lost either way.")}` : ""}</p>
      <div class="row"><button class="primary" onClick=${applyUpdate}>${t("Reload to update")}</button>
        <button onClick=${() => set({ updateReady: false })}>${t("Later")}</button></div>
    </div>`}</div>
    ${ready && html`<div class="update-spacer" aria-hidden="true"></div>`}`;
}

export function App() {
  const s = useStore();
  const Screen = SCREENS[s.route.name] || Home;
  const midTurn = s.game && s.game.view && s.game.view.decision && s.game.view.decision.kind !== "choose_placement";
  return html`
    <${Screen} s=${s} params=${s.route.params} />
    <${UpdateOffer} ready=${s.updateReady} midTurn=${midTurn} />`;
}
