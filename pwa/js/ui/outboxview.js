// Moves recorded on this phone that the server has not confirmed yet.  A
// refused one shows the server's reason and rule; the user drops it or tries
// it again on the current version.  Nothing leaves this list silently.
import { html } from "../html.js";
import { actionLabel } from "../labels.js";
import { dropItem, retryItem } from "../sync.js";
import { Problem } from "./common.js";
import { Conflict } from "../offline/conflict.js";

export function Outbox({ s }) {
  if (!s.outbox.length) return null;
  const L = s.labels;
  const view = s.game && s.game.view && s.game.view.view;
  // Answered by this phone's engine: shown below the recorder (OfflineStatus), so the buttons never move.
  if (s.game && s.game.view && s.game.view.local && s.outbox.every((i) => i.status === "pending")) return null;
  return html`<${Conflict} s=${s} /><section aria-labelledby="outbox-h" data-testid="outbox"><h2 id="outbox-h">Waiting to sync</h2>
    ${s.outbox.map((item, i) => html`<div class=${`card outbox-item ${item.status}`} key=${item.seq}>
      <p><strong>${item.type === "undo" ? "Undo the last move" : actionLabel(L, item.action, view)}</strong></p>
      <p class="hint">${item.status === "rejected" ? "refused by the server"
        : i && s.outbox[0].status === "rejected" ? "waiting behind a refused move" : "pending: not sent yet"}</p>
      ${item.status === "rejected" && html`
        <${Problem} error=${item.problem} />
        <div class="grid2">
          <button class="danger" onClick=${() => dropItem(item.seq)}>Drop it</button>
          <button onClick=${() => retryItem()}>Try again on the current state</button>
        </div>`}
    </div>`)}
  </section>`;
}
