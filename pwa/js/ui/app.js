// The frame every screen shares: the update offer and the screen for the route.
import { html } from "../html.js";
import { useStore } from "../store.js";
import { applyUpdate } from "../swupdate.js";
import { Home, Join, Watch } from "./home.js";
import { Setup } from "./setup.js";
import { GameScreen } from "./game.js";
import { LogScreen } from "./log.js";
import { Management } from "./management.js";
import { ScoreScreen } from "./score.js";
import { BoardScreen } from "./boardscreen.js";
import { Settings } from "./settings.js";
import { LayoutScreen } from "./layout.js";
import { ShareScreen } from "./share.js";
import { HistoryRoute, ScorerRoute, lazy } from "./lazy.js";

const solo = { solo: lazy("solo", () => import("./solo.js")), campaigns: lazy("campaigns", () => import("./campaignlist.js")),
               campaign: lazy("campaign", () => import("./campaign.js")) };

const SCREENS = { home: Home, setup: Setup, join: Join, watch: Watch, game: GameScreen, log: LogScreen,
                  manage: Management, score: ScoreScreen, board: BoardScreen, settings: Settings, layout: LayoutScreen, share: ShareScreen, scorer: ScorerRoute,
                  history: HistoryRoute, ...solo };

export function App() {
  const s = useStore();
  const Screen = SCREENS[s.route.name] || Home;
  const midTurn = s.game && s.game.view && s.game.view.decision && s.game.view.decision.kind !== "choose_placement";
  return html`
    ${s.updateReady && html`
      <div class="banner ok" role="status" style="margin:.4rem .75rem 0">
        Update available.${midTurn ? " Finish this turn first if you like — nothing is lost either way." : ""}
        <div class="row"><button class="primary" onClick=${applyUpdate}>Reload to update</button></div>
      </div>`}
    <${Screen} s=${s} params=${s.route.params} />`;
}
