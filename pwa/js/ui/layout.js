// "Lay out the table": what the app drew as a checklist (ticks stay on this phone).
import { useState } from "preact/hooks";
import { html } from "../html.js";
import { centerLabel, playerName, prosperityLabel, regionLabel, tigerName } from "../labels.js";
import { GameDetails, GameHeader, Who } from "./common.js";

// What the server's steps leave to the box (the same for every game of a mode): the board face and the
// flags for the player count (SETUP-01, SETUP-07), each player's energy, science, funds discs and
// global-market marker (PSETUP-05; a campaign's lowered science, CAMPAIGN-03), and the Automa's board,
// reserve and tiles (SOLO-SETUP-02..06).  Era I only: Era II keeps what is on the table.
function boxItems(L, view) {
  if (view.era !== 1) return [];
  const solo = view.solo;
  const automa = solo && solo.automa;
  const two = view.player_count <= 2;
  const items = [["face", two ? "Board: the 2-player face up. Flags: put back in the box every 3-dot and 4-dot flag"
    : view.player_count === 3 ? "Board: the 3–4-player face up. Flags: put back in the box every 4-dot flag"
      : "Board: the 3–4-player face up. Flags: all of them"]];
  const campaign = !!(solo && solo.variant === "campaign");
  for (const p of view.players) {
    if (p.id === automa) continue;
    const funds = [...new Set(Object.values(p.funds))];
    const discs = funds.length === 1 ? `a funds disc on ${funds[0]} on each Tiger`
      : `funds discs: ${Object.entries(p.funds).map(([t, n]) => `${tigerName(L, t)} ${n}`).join(", ")}`;
    const penalty = campaign && p.science < 2 ? ` (${p.science} instead of 2: the campaign's failed goals)` : "";
    items.push([`start-${p.id}`, `${p.name}: energy ${p.energy}, science ${p.science}${penalty}; ${discs}; global-market marker on ${p.global_market}`]);
  }
  if (automa) {
    const a = view.players.find((p) => p.id === automa);
    const board = solo.automa_board || {};
    const sectors = Object.values(board.sectors || {}).map((x) => `${x.pieces[0]}–${x.pieces[x.pieces.length - 1]} + ${x.factory} factory`);
    items.push(["automa-board", `Automa (${a ? a.color : "its colour"}): its board beside yours — generic pieces 1–18 on the numbered spaces, a factory on each goods space (${sectors.join("; ")})`]);
    items.push(["automa-reserve", `Automa's reserve: its 4 satellites, its headquarters and ${board.reserve_generics ?? 6} generic pieces. No energy, science, goods or funds discs; global-market marker on ${a ? a.global_market : 2}`]);
    items.push(["automa-tiles", solo.tiles_mode === "recorded" ? "Automa: mix the 10 action tiles face down in a pile (you tell the app each tile you reveal)"
      : "Automa: the app draws its action tiles (keep the 10 tiles at hand to show them)"]);
    if (solo.face_up && solo.face_up.length) items.push(["campaign-tile", `Campaign: the goal tile${solo.face_up.length > 1 ? "s" : ""} face up beside the board (${solo.face_up.join(", ")})`]);
  }
  return items;
}

export function layoutItems(L, view) {
  const steps = view.setup_instructions && view.setup_instructions.steps;
  if (steps && steps.length) return [...steps.map((text, i) => [`step-${view.era}-${i}`, text]), ...boxItems(L, view)];
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

// The checklist itself (ticks kept while the screen is open); the game screen shows it first at an era's start.
export function Checklist({ s, view }) {
  const [done, setDone] = useState({});
  const items = layoutItems(s.labels, view);
  const left = items.filter(([k]) => !done[k]).length;
  return html`<ul class="plain checklist" data-testid="layout">${items.map(([key, text]) => html`<li key=${key}>
      <label class="radio"><input type="checkbox" checked=${!!done[key]} onChange=${(e) => setDone({ ...done, [key]: e.target.checked })} />
        <span>${text}</span></label></li>`)}</ul>
    <p role="status">${left ? `${left} of ${items.length} still to do.` : "All laid out."}</p>`;
}

export function LayoutScreen({ s }) {
  const view = s.game && s.game.view && s.game.view.view;
  if (!view) return html`<main class="screen"><${GameHeader} s=${s} current="layout" title="Lay out the table" /><p>Loading…</p></main>`;
  return html`<main class="screen">
    <${GameHeader} s=${s} current="layout" title=${view.era === 2 ? "Era II: lay out the table" : "Lay out the table"} />
    <p class="hint">What the app drew, to put on the table. Tick each line when it is done (only on this phone).</p>
    ${(s.game.view.edition || {}).status === "PLACEHOLDER" && html`<p class="hint" data-testid="placeholder-note">This edition's printed
      values are placeholders: the numbers on your copy's tokens may differ from the ones here.</p>`}
    <${Checklist} s=${s} view=${view} />
    <p><a class="button primary" href=${`#/g/${s.game.game_id}`}>To the first turn: ${playerName(view, view.turn_order[0])}</a></p>
    <${GameDetails} s=${s} />
  </main>`;
}
