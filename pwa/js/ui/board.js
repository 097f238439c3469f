// Compact read-only views of the board and the players (what the server sent).
import { html } from "../html.js";
import { playerName, prosperityLabel, regionLabel, tigerName, words } from "../labels.js";
import { Dot, Who } from "./common.js";

function Tiger({ L, view, id }) {
  const b = view.board;
  const centers = ["A", "B", "C"].map((c) => [c, b.centers[`${id}.${c}`] || { workers: [] }]);
  const pieces = {};
  for (const p of b.pieces.filter((x) => x.space.startsWith(id + "."))) (pieces[p.kind] ||= []).push(p);
  const markets = Object.entries(b.local_markets).filter(([m]) => m.startsWith(id + "."));
  const hq = b.headquarters[id];
  return html`<section class="tiger" aria-label=${tigerName(L, id)}>
    <h3>${tigerName(L, id)}</h3>
    <p class="hint">${prosperityLabel(L, b.prosperity_tokens[id], view.player_count)} · ${b.region_tokens[id] ? regionLabel(L, b.region_tokens[id]) : "no region token"}${hq ? html` · headquarters <${Who} view=${view} id=${hq} />` : ""}</p>
    <ul>${centers.map(([c, info]) => html`<li>${c}: ${info.worker_type || "free"}
      ${info.workers.map((w) => html` <${Dot} view=${view} id=${w} />`)}</li>`)}</ul>
    ${Object.keys(pieces).length ? html`<ul>${Object.entries(pieces).map(([kind, list]) => html`<li>${words(kind)}:
      ${list.map((p) => html` <${Dot} view=${view} id=${p.owner} />${p.parts_factory ? "+" : ""}`)}</li>`)}</ul>` : html`<p class="hint">Nothing built</p>`}
    <ul>${markets.map(([m, held]) => html`<li>Market ${m.split(".")[1].replace(/^M/, "")}: ${held
      ? html`${held.good} <${Dot} view=${view} id=${held.seller} />` : (L && L.markets[m] ? `${L.markets[m].good} wanted` : "empty")}</li>`)}</ul>
  </section>`;
}

export function Board({ L, view }) {
  const tigers = Object.keys(view.board.prosperity_tokens || {});
  return html`<section aria-labelledby="board-h"><h2 id="board-h">The four Tigers</h2>
    <div class="tigers">${tigers.map((t) => html`<${Tiger} L=${L} view=${view} id=${t} key=${t} />`)}</div></section>`;
}

export function GlobalMarket({ view }) {
  const stacks = Object.entries(view.board.global_market).sort((a, b) => Number(b[0]) - Number(a[0]));
  return html`<section aria-labelledby="gm-h"><h2 id="gm-h">Global market</h2>
    <ul class="plain">${stacks.map(([pos, ids]) => html`<li>Space ${pos}: ${ids.map((id) => html`<${Dot} view=${view} id=${id} /> ${playerName(view, id)} `)}</li>`)}</ul>
  </section>`;
}

const perTiger = (obj) => Object.entries(obj || {}).map(([t, n]) => `${t} ${n}`).join(" · ");

export function Players({ view }) {
  return html`<section aria-labelledby="players-h"><h2 id="players-h">Players</h2>
    ${view.players.map((p) => html`<div class="card" key=${p.id}>
      <h3><${Dot} color=${p.color} /> ${p.name}</h3>
      <p>Next worker <strong>${p.next_worker || "—"}</strong> · placed ${p.workers_placed} · global market ${p.global_market}</p>
      <p>Energy <strong>${p.energy}</strong> · science <strong>${p.science}</strong> · goods ${Object.entries(p.goods).map(([g, n]) => `${g} ${n}`).join(", ") || "none"}</p>
      <p>Funds: ${perTiger(p.funds)}</p>
      <p>Influence: ${perTiger(p.influence)}</p>
      ${p.special_flags.length ? html`<p>Special flags: ${p.special_flags.join(", ")}</p>` : ""}
      ${Object.keys(p.rows).length ? html`<p>Flags: ${Object.entries(p.rows).map(([r, f]) => `${r} ${f}`).join(", ")}</p>` : ""}
    </div>`)}
    ${view.neutral && html`<div class="card"><h3><${Dot} color=${view.neutral.color} /> Neutral</h3>
      <p>Influence: ${perTiger(view.neutral.influence)}</p></div>`}
  </section>`;
}
