// What the outbox looks like when the phone's engine answers: a count while moves
// wait, and on a conflict which move, why, and the two ways out (replay or drop).
import { html } from "../html.js";
import { actionLabel } from "../labels.js";
import { retryItem, syncNow } from "../sync.js";
import { canRunOffline } from "./engine.js";
import { ReadyCard } from "./ready.js";
import { Sending } from "./optimistic.js";
import { dropAll, replayOffline } from "./play.js";

const label = (L, item, view) => (item.type === "undo" ? "Undo the last move" : actionLabel(L, item.action, view));

// The last few waiting moves are listed (a whole game offline would be a long list).
export function Kept({ s }) {
  const n = s.outbox.length;
  const view = s.game.view.view;
  return html`<section aria-labelledby="kept-h" data-testid="kept">
    <h2 id="kept-h">${n} move${n > 1 ? "s" : ""} kept on this phone</h2>
    <p class="hint">${s.game.local ? "This game is on this phone only: it is created on the server, with every move, when the connection is back."
      : "This phone's engine answered them; the server checks each one again when they are sent."}</p>
    ${s.outbox.slice(-3).map((item) => html`<div class="card outbox-item pending" key=${item.seq}>
      <p><strong>${label(s.labels, item, view)}</strong></p><p class="hint">Based on version ${item.base_version} · pending</p></div>`)}
    ${n > 3 && html`<p class="hint">… and ${n - 3} earlier.</p>`}
  </section>`;
}

// Below the recorder on the game screen: the moves kept on this phone (offline) and the engine's download.
export function OfflineStatus({ s }) {
  const kept = s.game.view.local && s.outbox.length && s.outbox.every((i) => i.status === "pending")
    && (s.online === false || s.game.local);
  return html`${kept && html`<${Kept} s=${s} />`}<${Sending} s=${s} /><${ReadyCard} s=${s} compact=${true} />`;
}

export function Conflict({ s }) {
  const items = s.outbox;
  const at = items.findIndex((i) => i.status === "rejected");
  if (at < 0 || !canRunOffline()) return null;
  const bad = items[at];
  const p = bad.problem || {};
  const view = s.game && s.game.view && s.game.view.view;
  const why = p.code === "version_mismatch" || p.status === 412
    ? `Another phone recorded a move meanwhile${p.current_version ? ` (the server is at version ${p.current_version})` : ""}: this phone's moves were based on an older state.`
    : p.detail;
  return html`<section class="card" aria-labelledby="conflict-h" data-testid="conflict" role="alert">
    <h2 id="conflict-h">The server did not take move ${at + 1} of ${items.length}</h2>
    <p><strong>${label(s.labels, bad, view)}</strong></p>
    <p data-testid="conflict-why">${why}${p.rule ? html` (rule <strong>${p.rule}</strong>)` : ""}</p>
    <p class="hint">Replay: the phone's engine re-plays your ${items.length} waiting move${items.length > 1 ? "s" : ""} on the server's game and names any that no longer fits, before anything is sent.</p>
    <div class="grid2">
      <button class="danger" onClick=${() => confirm(`Drop all ${items.length} waiting moves?`) && dropAll()}>Drop them</button>
      <button class="primary" onClick=${() => replayOffline(retryItem, syncNow)}>Replay my moves on the server's game</button>
    </div>
  </section>`;
}
