// Final score: a scorepad (players × categories) where every number has its
// plain-language explanation from the server's outcome "lines", a bar chart,
// the winner and the tie-break.  Numbers that rest on a placeholder edition
// value are marked.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import * as db from "../db.js";
import { api } from "../api.js";
import { playerName, tigerName } from "../labels.js";
import { Dot, GameHeader } from "./common.js";
import { useLog } from "./uselog.js";
import { canRunOffline } from "../offline/engine.js";
import { outcomeHere } from "../offline/play.js";

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

function Mark({ on }) {
  return on ? html`<span class="placeholder-mark" title="uses a placeholder edition value">*</span>` : null;
}

function Chart({ view, outcome }) {
  const rows = outcome.standings.filter((s) => s.participant !== "neutral");
  const max = Math.max(1, ...rows.map((r) => r.total));
  const h = 34;
  return html`<svg role="img" aria-labelledby="chart-t" viewBox=${`0 0 320 ${rows.length * h + 8}`} width="100%">
    <title id="chart-t">Totals: ${rows.map((r) => `${playerName(view, r.participant)} ${r.total}`).join(", ")}</title>
    ${rows.map((r, i) => html`<g>
      <rect class=${`bar ${r.participant === outcome.winner ? "winner" : ""}`} x="100" y=${i * h + 6}
        width=${Math.max(2, (r.total / max) * 180)} height=${h - 12} rx="4" />
      <text class="bar-label" x="0" y=${i * h + h / 2 + 4}>${playerName(view, r.participant).slice(0, 12)}</text>
      <text class="bar-label" x=${106 + (r.total / max) * 180} y=${i * h + h / 2 + 4}>${r.total}</text></g>`)}
  </svg>`;
}

export function ScoreSheet({ view, outcome, L }) {
  const ids = Object.keys(outcome.participants).filter((id) => outcome.participants[id].recorded !== false);
  const lines = outcome.lines || [];
  const flagged = (pid, cat, key) => lines.some((l) => l.participant === pid && l.category === cat && (key == null || l.key === key) && l.placeholder);
  const P = outcome.participants;
  const tigers = Object.keys(P[ids[0]].prosperity_by_tiger || {});
  const sectors = Object.keys(P[ids[0]].final_scoring_bonuses || {}).filter((k) => k !== "total");
  const row = (label, get, cat, key, strong) => html`<tr>
    <th scope="row">${strong ? html`<strong>${label}</strong>` : label}</th>
    ${ids.map((id) => html`<td class="num">${strong ? html`<strong>${get(P[id])}</strong>` : get(P[id])}<${Mark} on=${flagged(id, cat, key)} /></td>`)}</tr>`;
  const winner = outcome.winner;
  return html`
    <section class="card turn" aria-labelledby="winner-h" data-testid="winner">
      <h2 id="winner-h">${winner ? html`<${Dot} view=${view} id=${winner} /> ${playerName(view, winner)} wins` : "No winner"}</h2>
      ${outcome.solo && html`<p data-testid="rank-title">Your rank: <strong>${outcome.solo.rank_title}</strong>${
        ` (${outcome.solo.human_total} points, the Automa ${outcome.solo.automa_total})`}</p>`}
      ${(outcome.standings_tie_breaks || []).map((t) => html`<p>Tie-break: ${t.detail}${t.rule ? ` (${t.rule})` : ""}</p>`)}
      ${outcome.provisional && html`<p class="hint"><span class="placeholder-mark">*</span> uses a placeholder edition value: check it against your copy of the game.</p>`}
    </section>
    <${Chart} view=${view} outcome=${outcome} />
    <div style="overflow-x:auto"><table data-testid="scorepad">
      <caption class="sr-only">Score by player and category</caption>
      <thead><tr><th scope="col">Category</th>${ids.map((id) => html`<th scope="col" class="num"><${Dot} view=${view} id=${id} /> ${playerName(view, id)}</th>`)}</tr></thead>
      <tbody>
        ${tigers.map((t) => row(`Prosperity: ${tigerName(L, t)}`, (p) => p.prosperity_by_tiger[t].points, "prosperity_from_influence", t))}
        ${row("Prosperity from influence", (p) => p.prosperity_from_influence, "prosperity_from_influence", null, true)}
        ${P[ids[0]].prosperity_from_influence_era1 != null && row("Prosperity after Era I", (p) => p.prosperity_from_influence_era1, "prosperity_from_influence_era1", null, true)}
        ${sectors.map((k) => row(`Sector ${k}`, (p) => (p.final_scoring_bonuses[k] ? p.final_scoring_bonuses[k].points : "—"), "final_scoring_bonus", k))}
        ${row("Final scoring bonuses", (p) => p.final_scoring_bonuses.total, "final_scoring_bonus", null, true)}
        ${row("Nations", (p) => p.nations.points, "nations", null, true)}
        ${row("Total", (p) => p.total, "total", null, true)}
        ${row("Rank", (p) => p.rank, "rank", null, false)}
      </tbody></table></div>
    <h2>Where each number comes from</h2>
    ${[...ids, ...Object.keys(P).filter((id) => !ids.includes(id))].map((id) => html`<details key=${id}>
      <summary><${Dot} view=${view} id=${id} />\u00a0${playerName(view, id)}</summary>
      <ul>${lines.filter((l) => l.participant === id).map((l) => html`<li>${l.text}</li>`)}</ul></details>`)}
    ${lines.some((l) => !l.participant) && html`<ul>${lines.filter((l) => !l.participant).map((l) => html`<li>${l.text}</li>`)}</ul>`}`;
}

export function ScoreScreen({ s }) {
  const game = s.game;
  const { outcome, missing } = useOutcome(game);
  const { log } = useLog(missing ? game : null);
  const view = game && game.view && game.view.view;
  let body;
  if (!game || !game.view) body = html`<p>Loading…</p>`;
  else if (!game.view.over) body = html`<p>The game is not over yet: the score sheet appears after the Era II management phase.</p>`;
  else if (outcome) body = html`<${ScoreSheet} view=${view} outcome=${outcome} L=${s.labels} />`;
  else if (missing) {
    // The server has no /outcome for this game yet: fall back to the scoring lines in the log.
    const events = (log || []).filter((e) => !e.reverted).flatMap((e) => e.events);
    const over = events.find((e) => e.kind === "game_over");
    const lines = events.filter((e) => e.kind === "score_line");
    body = html`<section class="card turn" data-testid="winner"><h2>${over ? over.text : "Game over"}</h2>
      <p class="hint">The detailed score sheet needs the server's final outcome, which it does not give yet; here are the scoring lines.</p></section>
      <ul class="log" data-testid="score-lines">${lines.map((l) => html`<li>${l.text}</li>`)}</ul>`;
  } else body = html`<p>Loading…</p>`;
  return html`<main class="screen"><${GameHeader} s=${s} current="score" title="Final score" />${body}</main>`;
}
