// The Board tab, read-only, drawn from the server's view.board_model: each Tiger in its
// columns A, B and C, the global market and every player's board; owners named in text.
import { html } from "../html.js";
import { effectWords, isPlaceholder, nationName, serverLabel, tigerName, words } from "../labels.js";

const COLUMNS = ["A", "B", "C"];
const Mark = ({ on }) => (on ? html`<span class="placeholder-mark" title="a placeholder edition value">*</span>` : null);

// A label built from an invented edition value may not match the table's copy: say so once.
export const PlaceholderNote = () => html`<p class="hint"><span class="placeholder-mark">*</span> a placeholder edition
  value: check it against your copy of the game.</p>`;
const ROWS = ["university", "factory", "power_plant", "laboratory"];

const Owner = ({ o }) => html`<span><span class=${`dot c-${o.color}`} aria-hidden="true"></span> ${o.name}</span>`;
const Owners = ({ list }) => (list.length
  ? html`${list.map((o, i) => html`${i ? ", " : ""}<${Owner} o=${o} />${o.parts_factory ? " + parts factory" : ""}`)}`
  : html`<span class="hint">free</span>`);
const bonusName = (L, table, id) => ((L && L.server && L.server.bonuses && L.server.bonuses[table]
  && L.server.bonuses[table][id]) || {}).label || effectWords(id);

// A space closed for this player count holds the neutral player's blocker when there is one (NEUTRAL-01).
function Space({ s, neutral }) {
  return html`<li><span class="space-name">${words(s.kind)}${s.good ? ` · ${s.good}` : ""}</span>${": "}${s.open
    ? html`<${Owners} list=${s.owners} />` : html`<span class="hint">${neutral ? "the neutral player's blocker" : "closed with this many players"}</span>`}</li>`;
}
const funds = (n) => `${n} fund${n === 1 ? "" : "s"}`;

export function TigerBoard({ L, t, neutral = false }) {
  const hq = t.headquarters && t.headquarters.owner;
  return html`<section class="tiger-board" aria-labelledby=${`tb-${t.id}`} data-testid=${`tiger-${t.id}`}>
    <h2 id=${`tb-${t.id}`}>${t.name}</h2>
    <p>Prosperity ${t.prosperity_token ? t.prosperity_token.label : "—"}${t.prosperity_token && html`<${Mark} on=${isPlaceholder(L, "prosperity_tokens", t.prosperity_token.id)} />`}
      · region bonus ${t.region_token ? t.region_token.label : "none"}${t.region_token && html`<${Mark} on=${isPlaceholder(L, "region_tokens", t.region_token.id)} />`}${" · headquarters: "}${hq ? html`<${Owner} o=${hq} />` : "none"}</p>
    <div class="columns">${COLUMNS.map((c) => {
      const centre = t.centers.find((x) => x.letter === c) || { workers: [] };
      const market = t.local_markets.find((m) => m.column === c);
      return html`<div class="column card" key=${c} role="group" aria-label=${`Column ${c}`}>
        <h3>Column ${c}</h3>
        <p><strong>Centre ${c}</strong> (${funds(centre.cost_funds)}): ${centre.worker_label || "any type (the first worker sets it)"}${" — "}<${Owners} list=${centre.workers.filter((w) => w.id !== "setup")} />${centre.workers.some((w) => w.id === "setup") ? " + the setup worker" : ""}</p>
        <ul class="plain">${ROWS.flatMap((r) => t.spaces.filter((s) => s.column === c && s.row === r && !s.infinite)).map((s) => html`<${Space} s=${s} neutral=${neutral} key=${s.id} />`)}</ul>
        ${market && html`<p><strong>Market</strong>: ${market.wants} (+${market.influence} influence)${" — "}${market.sold
          ? html`sold by <${Owner} o=${market.sold.seller || market.sold} />` : "open"}</p>`}
      </div>`;
    })}</div>
    <h3>Open rows (∞, no limit)</h3>
    <ul class="plain">${t.spaces.filter((s) => s.infinite).map((s) => html`<${Space} s=${s} key=${s.id} />`)}</ul>
    <h3>Satellite spaces</h3>
    <ul class="plain">${t.satellites.map((s) => html`<li key=${s.id}><span class="space-name">${words(s.row)} row satellite</span>${": "}${s.owner ? html`<${Owner} o=${s.owner} />` : html`<span class="hint">free</span>`}</li>`)}</ul>
    <h3>Funds and influence in ${t.name}</h3>
    <table class="stacks"><thead><tr><th scope="col">Who</th><th scope="col" class="num">Funds</th><th scope="col" class="num">Influence</th></tr></thead>
      <tbody>${t.participants.map((p) => html`<tr key=${p.id}><th scope="row"><${Owner} o=${p} /></th>
        <td class="num" data-label="Funds">${p.funds ?? "—"}</td><td class="num" data-label="Influence">${p.influence ?? 0}</td></tr>`)}</tbody></table>
    ${(isPlaceholder(L, "prosperity_tokens", (t.prosperity_token || {}).id) || isPlaceholder(L, "region_tokens", (t.region_token || {}).id)) && html`<${PlaceholderNote} />`}
  </section>`;
}

export function GlobalMarket({ L, gm }) {
  const perf = gm.performance_tokens || [];
  return html`<section aria-labelledby="gm-h" data-testid="global-market"><h2 id="gm-h">Global market</h2>
    <h3>Track</h3>
    <ul class="plain">${[...gm.track].reverse().map((t) => html`<li key=${t.position}>Space ${t.position}: <${Owners} list=${t.stack} />${t.stack.length > 1 ? " (bottom to top)" : ""}</li>`)}</ul>
    <h3>Nations: the flag on top of each stack</h3>
    <ul class="plain">${gm.nations.map((n) => html`<li key=${n.id}>${n.name} (a sale takes ${Array.isArray(n.demand) ? n.demand.map((g) => `1 ${g}`).join(" + ") : n.demand}): ${n.top_flag
      ? `${n.top_flag.label} · ${n.flags_left} left` : "no flag left"}</li>`)}</ul>
    <h3>Trade centres</h3>
    <ul class="plain">${gm.trade_centers.map((t) => html`<li key=${t.id}>${serverLabel(L, "centers", t.id) || words(t.kind)}: ${t.kind === "special" ? "any type, always"
      : t.worker_label || "any type (the first worker sets it)"}</li>`)}</ul>
    ${gm.special_flags.length > 0 && html`<p>Special flags still on the board: ${gm.special_flags.map((f) => serverLabel(L, "flags", f.flag) || tigerName(L, f.tiger)).join(", ")}</p>`}
    <p>Performance tokens left: ${perf.filter((x) => x.startsWith("D")).length} dollar, ${perf.filter((x) => x.startsWith("Y")).length} yen.
      ${gm.leftover_region_tokens.length ? ` Region bonus tokens beside the board: ${gm.leftover_region_tokens.map((r) => r.label).join(", ")}.` : ""}</p>
  </section>`;
}

export function PlayerBoard({ L, pb, player }) {
  return html`<section class="card" aria-labelledby=${`pb-${pb.id}`} data-testid=${`player-board-${pb.id}`}>
    <h2 id=${`pb-${pb.id}`}><${Owner} o=${pb} /></h2>
    <p>Energy <strong>${pb.energy}</strong> · science <strong>${pb.science}</strong> · goods ${Object.entries(pb.goods).map(([g, n]) => `${g} ${n}`).join(", ") || "none"}</p>
    ${player && html`<p>Next worker <strong>${player.next_worker ? serverLabel(L, "workers", player.next_worker) || player.next_worker : "—"}</strong> · ${player.workers_placed} placed · global market space ${player.global_market}</p>`}
    <h3>Sectors</h3>
    <ul class="plain sectors">${pb.sectors.map((s) => {
      const left = s.generic_left + (s.factory_left ? 1 : 0);
      return html`<li key=${s.id}>Sector ${s.id.replace(/^S/, "")}: ${left ? `${s.generic_left} piece${s.generic_left === 1 ? "" : "s"}${s.factory_left ? ` + ${s.factory} factory` : ""}` : "empty"}
        · bonus ${bonusName(L, "infrastructure_bonuses", s.bonus)}${s.bonus_unlocked ? " (unlocked)" : ""}</li>`;
    })}</ul>
    <h3>Final scoring rows</h3>
    <ul class="plain">${pb.rows.map((r) => html`<li key=${r.id}>Sector ${r.sector}, row ${r.id.slice(r.sector.length)}
      (${r.accepts === "any" ? "any nation" : r.accepts.map((n) => nationName(L, n)).join(" or ")}; bonus ${bonusName(L, "nation_bonuses", r.nation_bonus)}):
      ${r.flag ? serverLabel(L, "flags", r.flag.id || r.flag) || "a flag" : "empty"}</li>`)}</ul>
    <p>Special flags: ${pb.special_flags.length ? pb.special_flags.map((f) => serverLabel(L, "flags", f) || tigerName(L, f.split(":")[1])).join(", ") : "none"}</p>
    <p>Satellites left: ${pb.satellites_left.map(words).join(", ") || "none"} · headquarters ${pb.headquarters_left ? "still to place" : "placed"}</p>
  </section>`;
}
