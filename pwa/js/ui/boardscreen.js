// The Board tab: the four Tigers, the global market and every player's board, read-only
// (what the server's view says; the PWA adds no rules).
import { html } from "../html.js";
import { GameDetails, GameHeader } from "./common.js";
import { Board, GlobalMarket, Players } from "./board.js";

export function BoardScreen({ s }) {
  const view = s.game && s.game.view && s.game.view.view;
  return html`<main class="screen">
    <${GameHeader} s=${s} current="board" title="Board" />
    ${!view ? html`<p>Loading…</p>` : html`
      <${Board} L=${s.labels} view=${view} />
      <${GlobalMarket} L=${s.labels} view=${view} />
      <${Players} L=${s.labels} view=${view} />`}
    <${GameDetails} s=${s} />
  </main>`;
}
