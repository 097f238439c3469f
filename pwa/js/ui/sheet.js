// The result sheet the three scorers share: winner(s) and the tie rule, a bar chart,
// the scorepad (participants × categories) and every explanation line, with the
// numbers that rest on a placeholder edition value marked.  It only lays out a
// "model" that each scorer builds from the server's answer (no scoring here):
//   { people: [{id, label, color?}], rows: [{label, cells: {id: {v, mark}}, kind?, strong?}],
//     ranks?: {id: n}, totals: {id: n}, winners: [id], headline, notes: [text], solo?: {won, title, facts},
//     lines: {id: [{text, mark}]}, extra: [text], provisional, placeholders: [path] }
// A row's kind is "part" (indented under the subtotal it adds up to), "subtotal", "total"
// (always drawn last) or "plain"; without one, `strong` rows are subtotals.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "../html.js";
import { RuleLink, RuleText } from "./rulelink.js";
import { ordinal as place, say, t } from "../i18n.js";

const Mark = ({ on }) => (on ? html`<span class="placeholder-mark" title=${t("uses a placeholder edition value")}>*</span>` : null);
const Dot = ({ color }) => (color ? html`<span class=${`dot c-${color}`} aria-hidden="true"></span>` : null);

export function Chart({ m }) {
  const h = 34;
  const max = Math.max(1, ...m.people.map((p) => m.totals[p.id] || 0));
  const w = (id) => Math.max(2, (Math.max(0, m.totals[id] || 0) / max) * 120);
  const won = (id) => m.winners.includes(id);
  // Each bar in its player's colour; the winner is also named in text (not colour alone).
  return html`<svg role="img" aria-labelledby="chart-t" viewBox=${`0 0 320 ${m.people.length * h + 8}`} width="100%"
    data-testid="chart">
    <title id="chart-t">${t("Totals: {list}", { list: m.people.map((p) => `${p.label} ${m.totals[p.id]}${won(p.id) ? ` (${t("winner")})` : ""}`).join(", ") })}</title>
    ${m.people.map((p, i) => html`<g key=${p.id}>
      <rect class=${`bar${p.color ? ` fill-${p.color}` : ""}${won(p.id) ? " winner" : ""}`} x="104" y=${i * h + 6} width=${w(p.id)}
        height=${h - 12} rx="4" />
      <text class="bar-label" x="0" y=${i * h + h / 2 + 4}>${p.label.slice(0, 13)}</text>
      <text class="bar-label" x=${110 + w(p.id)} y=${i * h + h / 2 + 4}>${m.totals[p.id]}${won(p.id) ? ` ★ ${t("winner")}` : ""}</text></g>`)}
  </svg>`;
}

// A row's place in the pad: "part" (indented, adds up to the subtotal after it),
// "subtotal" (set apart), "total" (last, double rule) or "plain".
const kindOf = (r, i, rows) => r.kind || (r.label === "Total" ? "total" : r.strong ? "subtotal"
  : rows.slice(i + 1).some((x) => x.strong && x.label !== "Total") ? "part" : "plain");

const ordinal = (n) => (typeof n !== "number" ? String(n) : say(place(n)));

// The pad's rows and ranks: each subtotal heads the parts that add up to it (indented
// under it), a "Rank" row moves into the column headers, and the total comes last.
function pad(m) {
  const rankRow = m.rows.find((r) => r.label === "Rank");
  const ranks = m.ranks || (rankRow ? Object.fromEntries(Object.entries(rankRow.cells).map(([id, c]) => [id, c.v])) : null);
  const kept = m.rows.filter((r) => r.label !== "Rank").map((r, i, all) => ({ ...r, kind: kindOf(r, i, all) }));
  const rows = [];
  let parts = [];
  for (const r of kept.filter((x) => x.kind !== "total")) {
    if (r.kind === "part") parts.push(r);
    else { rows.push(r, ...parts.map((p) => ({ ...p, under: r.label }))); parts = []; }
  }
  return { ranks, rows: [...rows, ...parts, ...kept.filter((r) => r.kind === "total")] };
}

// A scorepad wider than the screen (large text, four players) says so above it: the columns it hides
// are otherwise invisible (issue 33).  Measured after each render and on resize.
function ScrollCue({ box }) {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const measure = () => box.current && setWide(box.current.scrollWidth > box.current.clientWidth + 2);
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  });
  return wide ? html`<p class="hint" data-testid="scroll-cue">${t("Swipe the table sideways: more players to the right →")}</p>` : null;
}

export function Sheet({ m }) {
  const padBox = useRef(null);
  const { rows, ranks } = pad(m);
  const names = m.winners.map((id) => (m.people.find((p) => p.id === id) || { label: id }).label);
  return html`<div data-testid="result">
    <section class="card turn" aria-labelledby="winner-h" data-testid="winner">
      <h2 id="winner-h">${m.headline || (names.length > 1 ? t("{players} share the win", { players: { and: names } })
        : names.length ? t("{player} wins", { player: names[0] }) : t("No winner"))}</h2>
      ${m.notes.map((t) => html`<p><${RuleText} text=${t} /></p>`)}
      ${m.provisional && html`<p class="hint"><span class="placeholder-mark">*</span> ${t("rests on a placeholder edition value: check it against your copy of the game.")}</p>`}
    </section>
    <${Chart} m=${m} />
    ${m.solo && html`<section class=${`card solo-result ${m.solo.won ? "won" : "lost"}`} data-testid="solo-result" aria-labelledby="solo-h">
      <h2 id="solo-h">${m.solo.won ? t("You win") : t("You lose")} · ${m.solo.title}</h2>
      <ul class="log">${m.solo.facts.map((t) => html`<li><${RuleText} text=${t} /></li>`)}</ul></section>`}
    <${ScrollCue} box=${padBox} />
    <div class="scroll-x" role="region" aria-labelledby="pad-cap" tabindex="0" ref=${padBox}>
      <table data-testid="scorepad" class="scorepad"><caption id="pad-cap">${t("Score by category")}</caption>
        <thead><tr><th scope="col">${t("Category")}</th>${m.people.map((p) => html`<th scope="col" class="num"><${Dot} color=${p.color} /> ${p.label}${
          ranks && ranks[p.id] != null ? html`<span class="rank">${ordinal(ranks[p.id])}${m.winners.includes(p.id) ? ` · ${t("winner")}` : ""}</span>` : ""}</th>`)}</tr></thead>
        <tbody>${rows.map((r) => html`<tr class=${`k-${r.kind}`}><th scope="row">${r.under && html`<span class="sr-only">${r.under}: </span>`}${r.label}</th>
          ${m.people.map((p) => { const c = r.cells[p.id] || {}; return html`<td class="num" data-pid=${p.id}>${c.v ?? "—"}<${Mark} on=${c.mark} /></td>`; })}</tr>`)}
        </tbody></table></div>
    ${m.rules && html`<p class="hint" data-testid="sheet-rules">${t("Rules:")} ${m.rules.map(([what, id], i) => html`${i ? " · " : ""}${what} <${RuleLink} id=${id} />`)}</p>`}
    <h2>${t("Where each number comes from")}</h2>
    ${Object.keys(m.lines).map((id) => { const p = m.people.find((x) => x.id === id) || { id, label: (m.linesLabel || {})[id] || id }; return html`<details key=${id}>
      <summary><${Dot} color=${p.color} />\u00a0${p.label}${m.totals[id] != null ? ` — ${m.totals[id]}` : ""}</summary>
      <ul class="log">${m.lines[id].map((l) => html`<li><${RuleText} text=${l.text} /><${Mark} on=${l.mark} /></li>`)}</ul></details>`; })}
    ${m.extra.length > 0 && html`<ul class="log">${m.extra.map((t) => html`<li>${t}</li>`)}</ul>`}
    ${m.placeholders.length > 0 && html`<details><summary>${t("Placeholder edition values used ({n})", { n: m.placeholders.length })}</summary>
      <ul class="log mono">${m.placeholders.map((p) => html`<li>${p}</li>`)}</ul></details>`}
  </div>`;
}

// The short form kept with a history entry.
export const summary = (m) => ({
  headline: m.headline || null,
  winners: m.winners.map((id) => (m.people.find((p) => p.id === id) || { label: id }).label),
  people: m.people.map((p) => ({ label: p.label, total: m.totals[p.id] })),
});

// The Nippon and Asara results share one shape (players with categories, lines and
// explanations; a ranking): only the category names and the tie note differ.
export function playerResultModel(r, labels, notes) {
  const ids = r.ranking.map((x) => x.player);
  const P = Object.fromEntries(r.players.map((p) => [p.id, p]));
  const cats = Object.keys((r.players[0] || {}).categories || {});
  const cells = (get, mark) => Object.fromEntries(ids.map((id) => [id, { v: get(P[id]), mark }]));
  return {
    people: ids.map((id) => ({ id, label: id })),
    rows: [...cats.map((c) => ({ label: labels[c] || c.replace(/_/g, " "), cells: cells((p) => p.categories[c]) })),
           { label: t("Total"), kind: "total", cells: cells((p) => p.total, !!r.provisional) }],
    ranks: Object.fromEntries(ids.map((id) => [id, r.ranking.find((x) => x.player === id).rank])),
    totals: Object.fromEntries(ids.map((id) => [id, P[id].total])),
    winners: r.winners || [],
    headline: r.winner_explanation,
    notes,
    lines: Object.fromEntries(ids.map((id) => [id, [...P[id].lines.map((l) => ({ text: l.explanation })),
                                                     { text: t("Total: {sum}", { sum: P[id].total_explanation }), mark: !!r.provisional }]])),
    extra: [], provisional: !!r.provisional, placeholders: r.placeholders_used || [],
  };
}

// Nippon live: the table after each scoring (VP so far, and what that scoring gave), players by name.
export function RunningTable({ running }) {
  if (!running || !running.length) return null;
  const people = running[0].players.map((x) => x.player);
  return html`<div class="scroll-x" role="region" aria-labelledby="run-cap" tabindex="0">
    <table class="running" data-testid="running"><caption id="run-cap">${t("Running table (VP after each scoring)")}</caption>
      <thead><tr><th scope="col">${t("After")}</th>${people.map((p) => html`<th scope="col" class="num">${p}</th>`)}</tr></thead>
      <tbody>${running.map((row) => html`<tr key=${row.scoring}><th scope="row">${t("Scoring {n}", { n: row.scoring })}</th>
        ${row.players.map((x) => html`<td class="num" data-pid=${x.player}>${x.vp_so_far} <span class="hint">(+${x.gained})</span></td>`)}</tr>`)}
      </tbody></table></div>`;
}
