// The Board tab, read-only, drawn from the server's view.board_model: each Tiger in its
// columns A, B and C, the global market and every player's board; owners named in text.
// Components are named from the server's labels document, which is in the phone's language
// (the edition's names per language, issue 37); the view's own English names are the fallback.
import { html } from "../html.js";
import { t, tn } from "../i18n.js";
import { effectWords, isPlaceholder, nationName, serverLabel, tigerName, words } from "../labels.js";

const COLUMNS = ["A", "B", "C"];
const Mark = ({ on }) => (on ? html`<span class="placeholder-mark" title=${t("a placeholder edition value")}>*</span>` : null);

// A label built from an invented edition value may not match the table's copy: say so once.
export const PlaceholderNote = () => html`<p class="hint"><span class="placeholder-mark">*</span> ${t("a placeholder edition value: check it against your copy of the game.")}</p>`;
const ROWS = ["university", "factory", "power_plant", "laboratory"];

// The edition's names in the phone's language (labels document), else the code in words.
const good = (L, g) => serverLabel(L, "goods", g) || g;
const building = (L, kind) => serverLabel(L, "buildings", kind) || words(kind);
const flagName = (L, id, fallback) => serverLabel(L, "flags", id) || fallback;
const workerIn = (L, place) => (place.worker_type && serverLabel(L, "workers", place.worker_type)) || place.worker_label;

const Owner = ({ o }) => html`<span><span class=${`dot c-${o.color}`} aria-hidden="true"></span> ${o.name}</span>`;
const Owners = ({ list }) => (list.length
  ? html`${list.map((o, i) => html`${i ? ", " : ""}<${Owner} o=${o} />${o.parts_factory ? ` + ${t("parts factory")}` : ""}`)}`
  : html`<span class="hint">${t("free")}</span>`);
const bonusName = (L, table, id) => ((L && L.server && L.server.bonuses && L.server.bonuses[table]
  && L.server.bonuses[table][id]) || {}).label || effectWords(id);

// A space closed for this player count holds the neutral player's blocker when there is one (NEUTRAL-01).
function Space({ L, s, neutral }) {
  return html`<li><span class="space-name">${building(L, s.kind)}${s.good ? ` · ${good(L, s.good)}` : ""}</span>${": "}${s.open
    ? html`<${Owners} list=${s.owners} />` : html`<span class="hint">${neutral ? t("the neutral player's blocker") : t("closed with this many players")}</span>`}</li>`;
}

export function TigerBoard({ L, t: tiger, neutral = false }) {
  const hq = tiger.headquarters && tiger.headquarters.owner;
  const name = tigerName(L, tiger.id) || tiger.name;
  const pt = tiger.prosperity_token;
  const rt = tiger.region_token;
  return html`<section class="tiger-board" aria-labelledby=${`tb-${tiger.id}`} data-testid=${`tiger-${tiger.id}`}>
    <h2 id=${`tb-${tiger.id}`}>${name}</h2>
    <p>${t("Prosperity {token}", { token: pt ? pt.label : "—" })}${pt && html`<${Mark} on=${isPlaceholder(L, "prosperity_tokens", pt.id)} />`}${" · "}
      ${rt ? t("region bonus {token}", { token: rt.label }) : t("no region bonus")}${rt && html`<${Mark} on=${isPlaceholder(L, "region_tokens", rt.id)} />`}${" · "}
      ${hq ? html`${t("headquarters:")} <${Owner} o=${hq} />` : t("headquarters: none")}</p>
    <div class="columns">${COLUMNS.map((c) => {
      const centre = tiger.centers.find((x) => x.letter === c) || { workers: [] };
      const market = tiger.local_markets.find((m) => m.column === c);
      return html`<div class="column card" key=${c} role="group" aria-label=${t("Column {column}", { column: c })}>
        <h3>${t("Column {column}", { column: c })}</h3>
        <p><strong>${t("Centre {letter}", { letter: c })}</strong> (${tn("{n} fund", "{n} funds", centre.cost_funds)}): ${workerIn(L, centre) || t("any type (the first worker sets it)")}${" — "}<${Owners} list=${centre.workers.filter((w) => w.id !== "setup")} />${centre.workers.some((w) => w.id === "setup") ? ` + ${t("the setup worker")}` : ""}</p>
        <ul class="plain">${ROWS.flatMap((r) => tiger.spaces.filter((s) => s.column === c && s.row === r && !s.infinite)).map((s) => html`<${Space} L=${L} s=${s} neutral=${neutral} key=${s.id} />`)}</ul>
        ${market && html`<p><strong>${t("Market")}</strong>: ${t("{good} (+{influence} influence)", { good: good(L, market.wants), influence: market.influence })}${" — "}${market.sold
          ? html`${t("sold by")} <${Owner} o=${market.sold.seller || market.sold} />` : t("open")}</p>`}
      </div>`;
    })}</div>
    <h3>${t("Open rows (∞, no limit)")}</h3>
    <ul class="plain">${tiger.spaces.filter((s) => s.infinite).map((s) => html`<${Space} L=${L} s=${s} key=${s.id} />`)}</ul>
    <h3>${t("Satellite spaces")}</h3>
    <ul class="plain">${tiger.satellites.map((s) => html`<li key=${s.id}><span class="space-name">${serverLabel(L, "satellite_spaces", s.id) || t("{row} row satellite", { row: building(L, s.row) })}</span>${": "}${s.owner ? html`<${Owner} o=${s.owner} />` : html`<span class="hint">${t("free")}</span>`}</li>`)}</ul>
    <h3>${t("Funds and influence in {tiger}", { tiger: name })}</h3>
    <table class="stacks"><thead><tr><th scope="col">${t("Who")}</th><th scope="col" class="num">${t("Funds")}</th><th scope="col" class="num">${t("Influence")}</th></tr></thead>
      <tbody>${tiger.participants.map((p) => html`<tr key=${p.id}><th scope="row"><${Owner} o=${p} /></th>
        <td class="num" data-label=${t("Funds")}>${p.funds ?? "—"}</td><td class="num" data-label=${t("Influence")}>${p.influence ?? 0}</td></tr>`)}</tbody></table>
    ${(isPlaceholder(L, "prosperity_tokens", (pt || {}).id) || isPlaceholder(L, "region_tokens", (rt || {}).id)) && html`<${PlaceholderNote} />`}
  </section>`;
}

// The view says a demand of any goods as "3 different goods" (English): the count is said here.
const anyGoods = (demand) => /^(\d+) different goods$/.exec(String(demand));
const demandOf = (L, n) => (Array.isArray(n.demand) ? n.demand.map((g) => `1 ${good(L, g)}`).join(" + ")
  : anyGoods(n.demand) ? t("{n} different goods", { n: Number(anyGoods(n.demand)[1]) }) : n.demand);

export function GlobalMarket({ L, gm }) {
  const perf = gm.performance_tokens || [];
  const dollars = perf.filter((x) => x.startsWith("D")).length;
  const yens = perf.filter((x) => x.startsWith("Y")).length;
  return html`<section aria-labelledby="gm-h" data-testid="global-market"><h2 id="gm-h">${t("Global market")}</h2>
    <h3>${t("Track")}</h3>
    <ul class="plain">${[...gm.track].reverse().map((s) => html`<li key=${s.position}>${t("Space {position}:", { position: s.position })} <${Owners} list=${s.stack} />${s.stack.length > 1 ? ` ${t("(bottom to top)")}` : ""}</li>`)}</ul>
    <h3>${t("Nations: the flag on top of each stack")}</h3>
    <ul class="plain">${gm.nations.map((n) => html`<li key=${n.id}>${t("{nation} (a sale takes {demand}):", { nation: nationName(L, n.id) || n.name, demand: demandOf(L, n) })} ${n.top_flag
      ? t("{flag} · {n} left", { flag: flagName(L, n.top_flag.id, n.top_flag.label), n: n.flags_left }) : t("no flag left")}</li>`)}</ul>
    <h3>${t("Trade centres")}</h3>
    <ul class="plain">${gm.trade_centers.map((c) => html`<li key=${c.id}>${serverLabel(L, "centers", c.id) || words(c.kind)}: ${c.kind === "special" ? t("any type, always")
      : workerIn(L, c) || t("any type (the first worker sets it)")}</li>`)}</ul>
    ${gm.special_flags.length > 0 && html`<p>${t("Special flags still on the board: {flags}", { flags: { and: gm.special_flags.map((f) => serverLabel(L, "flags", f.flag) || tigerName(L, f.tiger)) } })}</p>`}
    <p>${t("Performance tokens left: {dollar} dollar, {yen} yen.", { dollar: dollars, yen: yens })}
      ${gm.leftover_region_tokens.length ? ` ${t("Region bonus tokens beside the board: {tokens}.", { tokens: gm.leftover_region_tokens.map((r) => r.label).join(", ") })}` : ""}</p>
  </section>`;
}

export function PlayerBoard({ L, pb, player }) {
  const goods = Object.entries(pb.goods).map(([g, n]) => `${good(L, g)} ${n}`).join(", ");
  return html`<section class="card" aria-labelledby=${`pb-${pb.id}`} data-testid=${`player-board-${pb.id}`}>
    <h2 id=${`pb-${pb.id}`}><${Owner} o=${pb} /></h2>
    <p>${t("Energy")} <strong>${pb.energy}</strong> · ${t("science")} <strong>${pb.science}</strong> · ${goods ? t("goods {goods}", { goods }) : t("goods: none")}</p>
    ${player && html`<p>${t("Next worker")} <strong>${player.next_worker ? serverLabel(L, "workers", player.next_worker) || player.next_worker : "—"}</strong> · ${t("{n} placed · global market space {space}", { n: player.workers_placed, space: player.global_market })}</p>`}
    <h3>${t("Sectors")}</h3>
    <ul class="plain sectors">${pb.sectors.map((s) => {
      const left = s.generic_left + (s.factory_left ? 1 : 0);
      const pieces = !left ? t("empty") : s.factory_left
        ? tn("{n} piece + {good} factory", "{n} pieces + {good} factory", s.generic_left, { good: good(L, s.factory) })
        : tn("{n} piece", "{n} pieces", s.generic_left);
      return html`<li key=${s.id}>${t("Sector {n}:", { n: s.id.replace(/^S/, "") })} ${pieces}${" · "}
        ${t("bonus {bonus}", { bonus: bonusName(L, "infrastructure_bonuses", s.bonus) })}${s.bonus_unlocked ? ` ${t("(unlocked)")}` : ""}</li>`;
    })}</ul>
    <h3>${t("Final scoring rows")}</h3>
    <ul class="plain">${pb.rows.map((r) => html`<li key=${r.id}>${t("Sector {sector}, row {row}", { sector: r.sector, row: r.id.slice(r.sector.length) })}
      (${r.accepts === "any" ? t("any nation") : r.accepts.map((n) => nationName(L, n)).join(" / ")}; ${t("bonus {bonus}", { bonus: bonusName(L, "nation_bonuses", r.nation_bonus) })}):
      ${r.flag ? serverLabel(L, "flags", r.flag.id || r.flag) || t("a flag") : t("empty")}</li>`)}</ul>
    <p>${t("Special flags:")} ${pb.special_flags.length ? pb.special_flags.map((f) => serverLabel(L, "flags", f) || tigerName(L, f.split(":")[1])).join(", ") : t("none")}</p>
    <p>${t("Satellites left:")} ${pb.satellites_left.map((r) => building(L, r)).join(", ") || t("none")} · ${pb.headquarters_left ? t("headquarters still to place") : t("headquarters placed")}</p>
  </section>`;
}
