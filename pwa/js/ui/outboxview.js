// Moves recorded on this phone that the server has not confirmed yet.  While they wait, a short list;
// when the server did not take one (most often: another phone recorded first), one calm panel says
// what the other phone recorded and offers one obvious way on (record my move(s) again on the game as
// it is now), with a quieter "forget them" that asks for a second tap.  No codes, no browser dialogs.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { actionLabel, playerName } from "../labels.js";
import { api } from "../api.js";
import { dropItem, retryItem, syncNow } from "../sync.js";
import { rederive } from "../outbox.js";
import { canRunOffline } from "../offline/engine.js";
import { dropAll, replayOffline } from "../offline/play.js";

const label = (L, item, view) => (item.type === "undo" ? "Undo the last move" : actionLabel(L, item.action, view));
const RACE = new Set(["version_mismatch", "stale_decision", "precondition_failed"]);
export const lostRace = (p) => !!p && (RACE.has(p.code) || p.status === 412);

// The moves other phones recorded after the one this phone's move was based on (from the log).
function useTheirs(s, item) {
  const [entries, setEntries] = useState(null);
  const after = item && item.head;
  useEffect(() => {
    if (!item || after == null) return;
    let alive = true;
    api.log(s.game.game_id, s.game.token, after).then(({ data }) => alive && setEntries(data.entries.filter((e) => !e.reverted)))
      .catch(() => alive && setEntries([]));
    return () => { alive = false; };
  }, [item && item.seq, s.game.view.version]);
  return entries;
}

function TheirMoves({ s, entries }) {
  const view = s.game.view.view;
  if (!entries || !entries.length) return null;
  const who = (e) => { const p = (e.events || []).map((x) => x.participant).find((x) => x != null && x !== "setup"); return p != null ? playerName(view, p) : ""; };
  const line = (e) => { const t = e.lines[0] || ""; const n = who(e); return n && !t.startsWith(n) ? `${n}: ${t}` : t; };
  return html`<div data-testid="race-theirs"><p>Meanwhile another phone recorded:</p>
    <ul class="log">${entries.slice(-4).map((e) => html`<li key=${e.seq}>${line(e)}</li>`)}</ul>
    ${entries.length > 4 && html`<p class="hint">… and ${entries.length - 4} earlier.</p>`}</div>`;
}

function RacePanel({ s }) {
  const items = s.outbox;
  const at = items.findIndex((i) => i.status === "rejected");
  const bad = items[at];
  const [forgetting, setForgetting] = useState(false);
  const [busy, setBusy] = useState(false);
  const theirs = useTheirs(s, bad);
  const L = s.labels;
  const gv = s.game.view;
  const view = gv.view;
  const p = bad.problem || {};
  const n = items.length;
  const mine = label(L, bad, view);
  const race = lostRace(p);
  const engine = canRunOffline();
  // One way on: replay every waiting move on the game as it is now (the phone's engine names one that no
  // longer fits before anything is sent); without the engine, the refused move re-derived on the current decision.
  const again = !engine && n === 1 && bad.type === "action" ? rederive(bad, gv) : true;
  const go = async () => {
    setBusy(true);
    try { await (engine ? replayOffline(retryItem, syncNow) : retryItem()); } finally { setBusy(false); }
  };
  const forget = () => (forgetting ? (n > 1 ? dropAll() : dropItem(bad.seq)) : setForgetting(true));
  const moves = n > 1 ? `your ${n} moves` : "your move";
  return html`<section class="card race" aria-labelledby="conflict-h" data-testid="conflict" role="status">
    <h2 id="conflict-h">${race ? "Another phone recorded first" : "The server did not take a move"}</h2>
    ${race && html`<${TheirMoves} s=${s} entries=${theirs} />`}
    <p data-testid="conflict-why">${race
      ? html`So ${moves} (${n > 1 ? html`first: <strong>${mine}</strong>` : html`<strong>${mine}</strong>`}) ${n > 1 ? "are" : "is"} not recorded yet.`
      : html`<strong>${mine}</strong>: ${p.detail || "refused"}${p.rule ? html` (rule <strong>${p.rule}</strong>)` : ""}.`}</p>
    ${!again && html`<p class="hint">It no longer fits the game as it is now.</p>`}
    <div class="stack">${race ? html`
      <button class="primary" disabled=${busy} onClick=${go}>${!again ? "Play on from the game as it is"
        : n > 1 ? `Replay my ${n} moves on the game as it is now` : `Record my move again: ${mine}`}</button>
      ${again && html`<button onClick=${forget}>${forgetting ? `Tap again to forget ${moves}` : `Forget ${moves}`}</button>`}`
      : html`<button class="primary" onClick=${() => dropItem(bad.seq)}>Leave this move out${n > 1 ? " and send the others" : ""}</button>`}
    </div>
  </section>`;
}

export function Outbox({ s }) {
  if (!s.outbox.length) return null;
  const L = s.labels;
  const view = s.game && s.game.view && s.game.view.view;
  if (s.outbox.some((i) => i.status === "rejected")) return html`<${RacePanel} s=${s} />`;
  // Answered by this phone's engine: shown below the recorder (OfflineStatus), so the buttons never move.
  if (s.game && s.game.view && s.game.view.local) return null;
  return html`<section aria-labelledby="outbox-h" data-testid="outbox"><h2 id="outbox-h">Waiting to sync</h2>
    ${s.outbox.map((item) => html`<div class="card outbox-item pending" key=${item.seq}>
      <p><strong>${label(L, item, view)}</strong></p>
      <p class="hint">pending: not sent yet</p></div>`)}
  </section>`;
}
