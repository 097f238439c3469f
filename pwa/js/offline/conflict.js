// What the outbox looks like when the phone's engine answers: a count while moves
// wait (a conflict is ui/outboxview.js's race panel).
import { html } from "../html.js";
import { actionLabel } from "../labels.js";
import { retryItem, syncNow } from "../sync.js";
import { canRunOffline } from "./engine.js";
import { ReadyCard } from "./ready.js";
import { Sending } from "./optimistic.js";
import { dropAll, replayOffline } from "./play.js";
import { t, tn } from "../i18n.js";

const label = (L, item, view) => (item.type === "undo" ? t("Undo the last move") : actionLabel(L, item.action, view));

// The last few waiting moves are listed (a whole game offline would be a long list).
export function Kept({ s }) {
  const n = s.outbox.length;
  const view = s.game.view.view;
  return html`<section aria-labelledby="kept-h" data-testid="kept">
    <h2 id="kept-h">${tn("{n} move kept on this phone", "{n} moves kept on this phone", n, { n })}</h2>
    <p class="hint">${s.game.local ? t("This game is on this phone only: it is created on the server, with every move, when the connection is back.")
      : t("This phone's engine answered them; the server checks each one again when they are sent.")}</p>
    ${s.outbox.slice(-3).map((item) => html`<div class="card outbox-item pending" key=${item.seq}>
      <p><strong>${label(s.labels, item, view)}</strong></p><p class="hint">${item.created_at ? t("recorded {time} · not sent yet", { time: new Date(item.created_at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) })
        : t("not sent yet")}</p></div>`)}
    ${n > 3 && html`<p class="hint">${t("… and {n} earlier.", { n: n - 3 })}</p>`}
  </section>`;
}

// Below the recorder on the game screen: the moves kept on this phone (offline) and the engine's download.
export function OfflineStatus({ s }) {
  const kept = s.game.view.local && s.outbox.length && s.outbox.every((i) => i.status === "pending")
    && (s.online === false || s.game.local);
  return html`${kept && html`<${Kept} s=${s} />`}<${Sending} s=${s} /><${ReadyCard} s=${s} compact=${true} />`;
}
