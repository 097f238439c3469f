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
import { canRunOffline, EngineStalled } from "../offline/engine.js";
import { dropAll, replayOffline } from "../offline/play.js";
import { t } from "../i18n.js";

const label = (L, item, view) => (item.type === "undo" ? t("Undo the last move") : actionLabel(L, item.action, view));
const RACE = new Set(["version_mismatch", "stale_decision", "precondition_failed"]);
// A translated sentence with one value in bold: the value goes in as MARK, wherever the language puts it.
const MARK = "\u0000";
const bold = (text, value) => text.split(MARK).map((part, i) => (i ? html`<strong>${value}</strong>${part}` : part));
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
  const line = (e) => { const text = e.lines[0] || ""; const n = who(e); return n && !text.startsWith(n) ? `${n}: ${text}` : text; };
  return html`<div data-testid="race-theirs"><p>${t("Meanwhile another phone recorded:")}</p>
    <ul class="log">${entries.slice(-4).map((e) => html`<li key=${e.seq}>${line(e)}</li>`)}</ul>
    ${entries.length > 4 && html`<p class="hint">${t("… and {n} earlier.", { n: entries.length - 4 })}</p>`}</div>`;
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
    try { await (engine ? replayOffline(retryItem, syncNow) : retryItem()); } catch (err) {
      if (!(err instanceof EngineStalled)) throw err;  // the engine's card says so
    } finally { setBusy(false); }
  };
  const forget = () => (forgetting ? (n > 1 ? dropAll() : dropItem(bad.seq)) : setForgetting(true));
  
  return html`<section class="card race" aria-labelledby="conflict-h" data-testid="conflict" role="status">
    <h2 id="conflict-h">${race ? t("Another phone recorded first") : t("The server did not take a move")}</h2>
    ${race && html`<${TheirMoves} s=${s} entries=${theirs} />`}
    <p data-testid="conflict-why">${race
      ? bold(n > 1 ? t("So your {n} moves (first: {move}) are not recorded yet.", { n, move: MARK }) : t("So your move ({move}) is not recorded yet.", { move: MARK }), mine)
      : html`<strong>${mine}</strong>: ${p.detail || t("refused")}${p.rule ? html` (${t("rule")} <strong>${p.rule}</strong>)` : ""}.`}</p>
    ${!again && html`<p class="hint">${t("It no longer fits the game as it is now.")}</p>`}
    <div class="stack">${race ? html`
      <button class="primary" disabled=${busy} onClick=${go}>${!again ? t("Play on from the game as it is")
        : n > 1 ? t("Replay my {n} moves on the game as it is now", { n }) : t("Record my move again: {move}", { move: mine })}</button>
      ${again && html`<button onClick=${forget}>${forgetting ? (n > 1 ? t("Tap again to forget your {n} moves", { n }) : t("Tap again to forget your move"))
        : n > 1 ? t("Forget your {n} moves", { n }) : t("Forget your move")}</button>`}`
      : html`<button class="primary" onClick=${() => dropItem(bad.seq)}>${n > 1 ? t("Leave this move out and send the others") : t("Leave this move out")}</button>`}
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
  return html`<section aria-labelledby="outbox-h" data-testid="outbox"><h2 id="outbox-h">${t("Waiting to sync")}</h2>
    ${s.outbox.map((item) => html`<div class="card outbox-item pending" key=${item.seq}>
      <p><strong>${label(L, item, view)}</strong></p>
      <p class="hint">${t("pending: not sent yet")}</p></div>`)}
  </section>`;
}
