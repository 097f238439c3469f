// The Board tab, read-only: each Tiger in its columns A, B and C, the global market and
// every player's board; owners named in text beside their colour.
import { html } from "../html.js";
import { effectWords, nationName, prosperityLabel, regionLabel, tigerName, words } from "../labels.js";
import { Who } from "./common.js";

const COLUMNS = ["A", "B", "C"];
const ROWS = ["university", "factory", "power_plant", "laboratory"];

const Owners = ({ view, ids }) => (ids.length
  ? html`${ids.map((id, i) => html`${i ? ", " : ""}<${Who} view=${view} id=${id} />`)}` : html`<span class="hint">free</span>`);

function participants(view) {
  return [...view.players.map((p) => ({ id: p.id, funds: p.funds, influence: p.influence })),
          ...(view.neutral ? [{ id: "neutral", funds: {}, influence: view.neutral.influence || {} }] : [])];
}

export function TigerBoard({ L, view, id }) {
  const b = view.board;
  const spaces = Object.entries((L && L.spaces) || {}).filter(([, s]) => s.tiger === id);
  const piecesOn = (sid) => b.pieces.filter((p) => p.space === sid);
  const space = ([sid, s]) => {
    const here = piecesOn(sid);
    return html`<li key=${sid}><span class="space-name">${words(s.kind)}${s.good ? ` · ${s.good}` : ""}</span>${": "}<${Owners} view=${view} ids=${here.map((p) => p.owner)} />${here.some((p) => p.parts_factory) ? " + parts factory" : ""}</li>`;
  };
  const hq = b.headquarters[id];
  return html`<section class="tiger-board" aria-labelledby=${`tb-${id}`} data-testid=${`tiger-${id}`}>
    <h2 id=${`tb-${id}`}>${tigerName(L, id)}</h2>
    <p>${prosperityLabel(L, b.prosperity_tokens[id], view.player_count)} · ${b.region_tokens[id] ? regionLabel(L, b.region_tokens[id]) : "no region token"}
      · headquarters: ${hq ? html`<${Who} view=${view} id=${hq} />` : "none"}</p>
    <div class="columns">${COLUMNS.map((c) => {
      const center = b.centers[`${id}.${c}`] || { workers: [] };
      const market = Object.entries(b.local_markets).find(([m]) => m === `${id}.M${c}`);
      const edMarket = L && L.markets[`${id}.M${c}`];
      return html`<div class="column card" key=${c} role="group" aria-label=${`Column ${c}`}>
        <h3>Column ${c}</h3>
        <p><strong>Centre ${c}</strong>: ${center.worker_type ? `${center.worker_type} workers` : "type not set"}${" — "}<${Owners} view=${view} ids=${center.workers.filter((w) => w !== "setup")} />${center.workers.includes("setup") ? " + the setup worker" : ""}</p>
        <ul class="plain">${ROWS.flatMap((r) => spaces.filter(([, s]) => s.column === c && s.row === r && !s.open && !s.satellite)
          .sort((x, y) => (x[1].position || 0) - (y[1].position || 0)).map(space))}</ul>
        ${edMarket && html`<p><strong>Market</strong>: ${edMarket.good} (+${edMarket.influence} influence)${" — "}${market && market[1] ? html`sold by <${Who} view=${view} id=${market[1].seller} />` : "open"}</p>`}
      </div>`;
    })}</div>
    <h3>Open rows, satellites</h3>
    <ul class="plain">${spaces.filter(([, s]) => s.open || s.satellite).map(space)}</ul>
    <h3>Funds and influence in ${tigerName(L, id)}</h3>
    <table><thead><tr><th scope="col">Who</th><th scope="col" class="num">Funds</th><th scope="col" class="num">Influence</th></tr></thead>
      <tbody>${participants(view).map((p) => html`<tr key=${p.id}><th scope="row"><${Who} view=${view} id=${p.id} /></th>
        <td class="num">${p.funds[id] ?? "—"}</td><td class="num">${p.influence[id] ?? 0}</td></tr>`)}</tbody></table>
  </section>`;
}

export function GlobalMarket({ L, view }) {
  const b = view.board;
  const stacks = Object.entries(b.global_market).sort((x, y) => Number(y[0]) - Number(x[0]));
  const flag = (f) => { const d = L && L.flags && L.flags[f]; return d ? `value ${d.value}, ${d.stars} star${d.stars === 1 ? "" : "s"}` : "flag"; };
  const perf = b.performance_tokens || [];
  return html`<section aria-labelledby="gm-h" data-testid="global-market"><h2 id="gm-h">Global market</h2>
    <h3>Track</h3>
    <ul class="plain">${stacks.map(([pos, ids]) => html`<li key=${pos}>Space ${pos}: <${Owners} view=${view} ids=${ids} />${ids.length > 1 ? " (bottom to top)" : ""}</li>`)}</ul>
    <h3>Flags on top of each nation's stack</h3>
    <ul class="plain">${Object.entries(b.flag_stacks).map(([n, list]) => html`<li key=${n}>${nationName(L, n)}: ${list.length
      ? `${flag(list[0])} · ${list.length} left` : "none left"}</li>`)}</ul>
    <h3>Trade centres</h3>
    <ul class="plain">${Object.entries(b.trade_centers).map(([t, type]) => html`<li key=${t}>${words(t === "ITC1" ? "international trade centre 1"
      : t === "ITC2" ? "international trade centre 2" : t === "RTC" ? "regional trade centre" : t)}: ${type ? `${type} workers` : "type not set"}</li>`)}</ul>
    <p>Performance tokens left: ${perf.filter((x) => x.startsWith("D")).length} dollar, ${perf.filter((x) => x.startsWith("Y")).length} yen.</p>
  </section>`;
}

export function PlayerBoard({ L, view, player: p }) {
  const rows = Object.entries((L && L.rows) || {});
  return html`<section class="card" aria-labelledby=${`pb-${p.id}`} data-testid=${`player-board-${p.id}`}>
    <h2 id=${`pb-${p.id}`}><${Who} view=${view} id=${p.id} /></h2>
    <p>Energy <strong>${p.energy}</strong> · science <strong>${p.science}</strong> · goods ${Object.entries(p.goods).map(([g, n]) => `${g} ${n}`).join(", ") || "none"}</p>
    <p>Next worker <strong>${p.next_worker || "—"}</strong> · ${p.workers_placed} placed · global market space ${p.global_market}</p>
    <h3>Sectors</h3>
    <ul class="plain sectors">${Object.entries(p.sectors).map(([sid, sec]) => {
      const ed = L && L.sectors[sid];
      const left = sec.generic + (sec.factory ? 1 : 0);
      return html`<li key=${sid}>Sector ${sid.replace(/^S/, "")}: ${left ? `${sec.generic} piece${sec.generic === 1 ? "" : "s"}${sec.factory ? ` + ${ed && ed.factory ? ed.factory + " " : ""}factory` : ""}` : "empty"}
        ${ed ? html` · bonus ${effectWords(ed.bonus)}${left ? "" : " (unlocked)"}` : ""}</li>`;
    })}</ul>
    <h3>Final scoring rows</h3>
    <ul class="plain">${rows.map(([rid, r]) => html`<li key=${rid}>Sector ${r.sector}, row ${rid.slice(1)}
      (${r.accepts === "any" ? "any nation" : r.accepts.map((n) => nationName(L, n)).join(" or ")}; bonus ${effectWords(r.bonus)}):
      ${p.rows[rid] ? `${nationName(L, String(p.rows[rid]).split("-")[0])} flag` : "empty"}</li>`)}</ul>
    <p>Special flags: ${p.special_flags.length ? p.special_flags.map((t) => tigerName(L, t)).join(", ") : "none"}</p>
    <p>Satellites left: ${p.satellites_available.map(words).join(", ") || "none"} · headquarters ${p.headquarters_available ? "still to place" : "placed"}</p>
  </section>`;
}
