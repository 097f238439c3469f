// The Score tab: before the end the provisional score (GET /score), after it the
// final outcome, both as the shared result sheet (ui/sheet.js): a scorepad where
// every number has its plain-language explanation from the server's "lines", a
// bar chart in the players' colours, the winner, the tie-break, and for a solo
// game win/lose, the rank title, the Automa's score and the goals.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import { t } from "../i18n.js";
import * as db from "../db.js";
import { api } from "../api.js";
import { canRunOffline, EngineStalled } from "../offline/engine.js";
import { outcomeHere } from "../offline/play.js";
import { soloInfo } from "../campaigns.js";
import { GameHeader } from "./common.js";
import { outcomeModel } from "./outcome.js";
import { Sheet } from "./sheet.js";

const RETRY_MS = 5000;

// The outcome once the game is over (cached for offline); null before.  With no server and no engine on
// this phone, `missing` says so (never "Loading…" for ever); the server is asked again when it is back.
// An engine that did not answer: its message, and `retry`.
export function useOutcome(game, online) {
  const [state, setState] = useState({ outcome: null, missing: null });
  const [tries, setTries] = useState(0);
  const over = game && game.view && game.view.over;
  useEffect(() => {
    if (!over) return;
    let live = true;
    const key = `outcome:${game.game_id}`;
    db.get("kv", key).then((cached) => cached && live && setState({ outcome: cached, missing: null }));
    const away = t("No connection: the final score comes when the server answers again.");
    // With no server (offline, or a game of this phone only) the phone's engine scores it.
    let retry = null;
    const wait = () => {
      if (!live) return;
      setState((s) => ({ ...s, missing: s.outcome ? null : away }));
      if (!game.local) retry = setTimeout(() => setTries((n) => n + 1), RETRY_MS);
    };
    const stalled = (err) => live && setState((s) => ({ ...s, missing: s.outcome ? null : err.message,
                                                       retry: () => setTries((n) => n + 1) }));
    const here = () => (canRunOffline() ? outcomeHere(game).then((o) => (o ? live && setState({ outcome: o, missing: null }) : wait()))
      .catch((err) => (err instanceof EngineStalled ? stalled(err) : wait())) : wait());
    if (game.local || game.view.local) { here(); return () => { live = false; clearTimeout(retry); }; }
    api.outcome(game.game_id, game.token).then(async ({ data }) => {
      await db.put("kv", data.outcome, key);
      if (live) setState({ outcome: data.outcome, missing: null });
    }).catch((err) => (err.code === "not_supported" ? live && setState((s) => ({ ...s, missing: err.detail })) : here()));
    return () => { live = false; clearTimeout(retry); };
  }, [game && game.game_id, over, online, tries]);
  return state;
}

// Before the end: the score as if the game ended now (GET /score), refetched per version and when the
// server is back.  The last one is kept on the phone: offline it is shown with the version it is of.
function useProvisional(game, online) {
  const [state, setState] = useState({ score: null, version: null, away: false });
  const [tries, setTries] = useState(0);  // with no answer, asked again every few seconds (the stream may hide the outage)
  const version = game && game.view ? game.view.version : null;
  const over = game && game.view && game.view.over;
  useEffect(() => {
    if (!game || over) return;
    let live = true;
    let retry = null;
    const key = `score:${game.game_id}`;
    db.get("kv", key).then((kept) => kept && live && setState((s) => (s.score ? s : { ...kept, away: s.away })));
    api.provisionalScore(game.game_id, game.token).then(async ({ data }) => {
      const fresh = { score: data.score, version: data.version };
      await db.put("kv", fresh, key);
      if (live) setState({ ...fresh, away: false });
    }).catch(() => {
      if (!live) return;
      setState((s) => ({ ...s, away: true }));
      retry = setTimeout(() => setTries((n) => n + 1), RETRY_MS);
    });
    return () => { live = false; clearTimeout(retry); };
  }, [game && game.game_id, version, over, online, tries]);
  return state;
}

// Scenario and campaign tiles' goals in words (from the edition; cached by soloInfo).
function useGoals(solo) {
  const [goals, setGoals] = useState({});
  useEffect(() => {
    if (!solo) return;
    soloInfo().then((info) => setGoals(Object.fromEntries(info.tiles.map((t) => [t.tile, t.goal])))).catch(() => {});
  }, [!!solo]);
  return goals;
}

export function ScoreSheet({ view, outcome, L, sofar = false }) {
  const goals = useGoals(outcome.solo);
  return html`<${Sheet} m=${outcomeModel(outcome, view, L, { goals, sofar })} />`;
}

export function ScoreScreen({ s }) {
  const game = s.game;
  const { outcome, missing, retry } = useOutcome(game, s.online);
  const provisional = useProvisional(game, s.online);
  // A finished game becomes a play (History, Stats) as soon as its outcome is known.
  useEffect(() => { if (outcome && game.view.over) import("../plays.js").then((m) => m.keepGame(game, outcome)).catch(() => {}); }, [outcome]);
  const view = game && game.view && game.view.view;
  let body;
  if (!game || !game.view) body = html`<p>${t("Loading…")}</p>`;
  else if (!game.view.over) {
    const old = provisional.score && provisional.version !== game.view.version;
    body = html`<div class="banner warn" data-testid="provisional">${t("Provisional: the score as if the game ended now (the Era II management phase done on the position as it is). It changes with every move.")}</div>
      ${provisional.away && html`<p role="status" data-testid="score-offline">${old
        ? t("No connection: the server works out the score so far; this is the last one this phone saw, before the latest moves.")
        : t("No connection: the server works out the score so far; it comes when the server answers again.")}</p>`}
      ${provisional.score ? html`<${ScoreSheet} view=${view} outcome=${provisional.score} L=${s.labels} sofar=${true} />`
        : !provisional.away && html`<p>${t("Loading…")}</p>`}`;
  }
  else if (outcome) body = html`<${ScoreSheet} view=${view} outcome=${outcome} L=${s.labels} />`;
  else if (missing) body = html`<p role="status" data-testid="score-offline">${missing}</p>
    ${retry && html`<div class="stack"><button class="primary" onClick=${retry}>${t("Try again")}</button></div>`}`;
  else body = html`<p>${t("Loading…")}</p>`;
  return html`<main class="screen"><${GameHeader} s=${s} current="score" title=${game && game.view && !game.view.over ? t("Score so far") : t("Final score")} />${body}</main>`;
}
