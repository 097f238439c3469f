// The Board tab: one part of the table at a time (a Tiger, the global market, a player).
import { useState } from "preact/hooks";
import { html } from "../html.js";
import { t } from "../i18n.js";
import { tigerName } from "../labels.js";
import { GameDetails, GameHeader, Who } from "./common.js";
import { GlobalMarket, PlayerBoard, TigerBoard } from "./board.js";

export function BoardScreen({ s }) {
  const view = s.game && s.game.view && s.game.view.view;
  const [part, setPart] = useState(null);
  if (!view) {
    return html`<main class="screen"><${GameHeader} s=${s} current="board" title=${t("Board")} /><p>${t("Loading…")}</p></main>`;
  }
  const bm = view.board_model;
  if (!bm) return html`<main class="screen"><${GameHeader} s=${s} current="board" title=${t("Board")} /><p>${t("This server does not describe the board.")}</p></main>`;
  const tigers = bm.tigers.map((t) => t.id);
  const shown = part || tigers[0];
  const pick = (key, label) => html`<button type="button" class="choice small" aria-pressed=${shown === key}
    onClick=${() => setPart(key)}>${label}</button>`;
  const player = view.players.find((p) => `player:${p.id}` === shown);
  return html`<main class="screen">
    <${GameHeader} s=${s} current="board" title=${t("Board")} />
    <div class="part-picker" role="group" aria-label=${t("Show")}>
      ${tigers.map((t) => pick(t, tigerName(s.labels, t)))}
      ${pick("market", t("Global market"))}
      ${view.players.map((p) => pick(`player:${p.id}`, html`<${Who} view=${view} id=${p.id} />`))}
    </div>
    ${tigers.includes(shown) ? html`<${TigerBoard} L=${s.labels} t=${bm.tigers.find((t) => t.id === shown)} neutral=${!!view.neutral} />`
      : shown === "market" ? html`<${GlobalMarket} L=${s.labels} gm=${bm.global_market} />`
        : player && html`<${PlayerBoard} L=${s.labels} pb=${bm.player_boards.find((p) => p.id === player.id)} player=${player} />`}
    <p><a href=${`#/g/${s.game.game_id}/layout`}>${t("What the app drew at setup →")}</a></p>
    <${GameDetails} s=${s} />
  </main>`;
}
