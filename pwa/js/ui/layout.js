// "Lay out the table": what the app drew as a checklist (ticks stay on this phone).
import { useState } from "preact/hooks";
import { html } from "../html.js";
import { centerLabel, playerName, prosperityLabel, regionLabel, tigerName } from "../labels.js";
import { GameDetails, GameHeader, Who } from "./common.js";

export function layoutItems(L, view) {
  const steps = view.setup_instructions && view.setup_instructions.steps;
  if (steps && steps.length) return steps.map((text, i) => [`step-${view.era}-${i}`, text]);
  const b = view.board;
  const entered = (view.options && view.options.setup) || {};
  const byTable = (kind) => (entered[kind] !== undefined ? " (as the table drew it)" : "");
  const items = [];
  for (const t of Object.keys(b.prosperity_tokens)) {
    const region = b.region_tokens[t] ? `the ${regionLabel(L, b.region_tokens[t])} token${byTable("region_tokens")}` : "no region token";
    items.push([`tokens-${t}`, html`<strong>${tigerName(L, t)}</strong>${`: the ${prosperityLabel(L, b.prosperity_tokens[t], view.player_count)} token${byTable("prosperity_tokens")}; ${region}`}`]);
  }
  for (const [c, info] of Object.entries(b.centers)) {
    if (info.workers.includes("setup")) {
      items.push([`setup-${c}`, html`A <strong>${info.worker_type}</strong> worker on <strong>${centerLabel(L, c)}</strong>${byTable("setup_workers")}`]);
    }
  }
  items.push(["turn-order", html`Turn order:${" "}${view.turn_order.map((id, i) => html`${i ? " then " : ""}<${Who} view=${view} id=${id} />`)}${byTable("turn_order")}`]);
  for (const p of view.players) {
    const goods = Object.entries(p.goods).map(([g, n]) => `${n} ${g}`).join(", ");
    const facts = `${goods ? `starting good ${goods}; ` : ""}set aside ${p.set_aside.join(" and ") || "none"}; team area left to right: ${p.team.join(" ") || "empty"}${byTable("workers")}`;
    items.push([`player-${p.id}`, html`<${Who} view=${view} id=${p.id} />${`: ${facts}`}`]);
  }
  return items;
}

export function LayoutScreen({ s }) {
  const [done, setDone] = useState({});
  const view = s.game && s.game.view && s.game.view.view;
  if (!view) return html`<main class="screen"><${GameHeader} s=${s} current="layout" title="Lay out the table" /><p>Loading…</p></main>`;
  const items = layoutItems(s.labels, view);
  const left = items.filter(([k]) => !done[k]).length;
  return html`<main class="screen">
    <${GameHeader} s=${s} current="layout" title=${view.era === 2 ? "Era II: lay out the table" : "Lay out the table"} />
    <p class="hint">What the app drew, to put on the table. Tick each line when it is done (only on this phone).</p>
    ${(s.game.view.edition || {}).status === "PLACEHOLDER" && html`<p class="hint" data-testid="placeholder-note">This edition's printed
      values are placeholders: the numbers on your copy's tokens may differ from the ones here.</p>`}
    <ul class="plain checklist" data-testid="layout">${items.map(([key, text]) => html`<li key=${key}>
      <label class="radio"><input type="checkbox" checked=${!!done[key]} onChange=${(e) => setDone({ ...done, [key]: e.target.checked })} />
        <span>${text}</span></label></li>`)}</ul>
    <p role="status">${left ? `${left} of ${items.length} still to do.` : "All laid out."}</p>
    <p><a class="button primary" href=${`#/g/${s.game.game_id}`}>To the first turn: ${playerName(view, view.turn_order[0])}</a></p>
    <${GameDetails} s=${s} />
  </main>`;
}
