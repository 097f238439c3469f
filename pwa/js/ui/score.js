// The Score tab: before the end the provisional score (GET /score), after it the
// final outcome, both as the shared result sheet (ui/sheet.js): a scorepad where
// every number has its plain-language explanation from the server's "lines", a
// bar chart in the players' colours, the winner, the tie-break, and for a solo
// game win/lose, the rank title, the Automa's score and the goals.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import * as db from "../db.js";
import { api } from "../api.js";
import { canRunOffline } from "../offline/engine.js";
import { outcomeHere } from "../offline/play.js";
import { soloInfo } from "../campaigns.js";
import { GameHeader } from "./common.js";
import { outcomeModel } from "./outcome.js";
import { Sheet } from "./sheet.js";

// The outcome once the game is over (cached for offline); null before.
export function useOutcome(game) {
  const [state, setState] = useState({ outcome: null, missing: null });
  const over = game && game.view && game.view.over;
  useEffect(() => {
    if (!over) return;
    let live = true;
    const key = `outcome:${game.game_id}`;
    db.get("kv", key).then((cached) => cached && live && setState({ outcome: cached, missing: null }));
    // With no server (offline, or a game of this phone only) the phone's engine scores it.
    const here = () => canRunOffline() && outcomeHere(game).then((o) => o && live && setState({ outcome: o, missing: null }))
      .catch(() => {});
    if (game.local || game.view.local) { here(); return () => { live = false; }; }
    api.outcome(game.game_id, game.token).then(async ({ data }) => {
      await db.put("kv", data.outcome, key);
      if (live) setState({ outcome: data.outcome, missing: null });
    }).catch((err) => (err.code === "not_supported" ? live && setState((s) => ({ ...s, missing: err.detail })) : here()));
    return () => { live = false; };
  }, [game && game.game_id, over]);
  return state;
}

// Before the end: the score as if the game ended now (GET /score), refetched per version.
function useProvisional(game) {
  const [score, setScore] = useState(null);
  const version = game && game.view ? game.view.version : null;
  const over = game && game.view && game.view.over;
  useEffect(() => {
    if (!game || over) return;
    let live = true;
    api.provisionalScore(game.game_id, game.token).then(({ data }) => live && setScore(data.score)).catch(() => {});
    return () => { live = false; };
  }, [game && game.game_id, version, over]);
  return score;
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

export function ScoreSheet({ view, outcome, L }) {
  const goals = useGoals(outcome.solo);
  return html`<${Sheet} m=${outcomeModel(outcome, view, L, { goals })} />`;
}

export function ScoreScreen({ s }) {
  const game = s.game;
  const { outcome, missing } = useOutcome(game);
  const provisional = useProvisional(game);
  // A finished game becomes a play (History, Stats) as soon as its outcome is known.
  useEffect(() => { if (outcome && game.view.over) import("../plays.js").then((m) => m.keepGame(game, outcome)).catch(() => {}); }, [outcome]);
  const view = game && game.view && game.view.view;
  let body;
  if (!game || !game.view) body = html`<p>Loading…</p>`;
  else if (!game.view.over) {
    body = html`<div class="banner warn" data-testid="provisional">Provisional: the score as if the game ended now
      (the Era II management phase done on the position as it is). It changes with every move.</div>
      ${provisional ? html`<${ScoreSheet} view=${view} outcome=${provisional} L=${s.labels} />` : html`<p>Loading…</p>`}`;
  }
  else if (outcome) body = html`<${ScoreSheet} view=${view} outcome=${outcome} L=${s.labels} />`;
  else if (missing) body = html`<p role="status">${missing}</p>`;
  else body = html`<p>Loading…</p>`;
  return html`<main class="screen"><${GameHeader} s=${s} current="score" title=${game && game.view && !game.view.over ? "Score so far" : "Final score"} />${body}</main>`;
}
