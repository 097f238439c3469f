// "Lay out the table": what the app drew as a checklist (ticks stay on this phone).
import { useState } from "preact/hooks";
import { html } from "../html.js";
import { t, tn } from "../i18n.js";
import { centerLabel, playerName, prosperityLabel, regionLabel, serverLabel, tigerName } from "../labels.js";
import { GameDetails, GameHeader, Who } from "./common.js";
import { colourName as colourWord } from "../labels.js";

// What the server's steps leave to the box (the same for every game of a mode): the board face and the
// flags for the player count (SETUP-01, SETUP-07), each player's energy, science, funds discs and
// global-market marker (PSETUP-05; a campaign's lowered science, CAMPAIGN-03), and the Automa's board,
// reserve and tiles (SOLO-SETUP-02..06).  Era I only: Era II keeps what is on the table.
function boxItems(L, view) {
  if (view.era !== 1) return [];
  const solo = view.solo;
  const automa = solo && solo.automa;
  const two = view.player_count <= 2;
  const items = [["face", two ? t("Board: the 2-player face up. Flags: put back in the box every 3-dot and 4-dot flag")
    : view.player_count === 3 ? t("Board: the 3–4-player face up. Flags: put back in the box every 4-dot flag")
      : t("Board: the 3–4-player face up. Flags: all of them")]];
  const campaign = !!(solo && solo.variant === "campaign");
  for (const p of view.players) {
    if (p.id === automa) continue;
    const funds = [...new Set(Object.values(p.funds))];
    const discs = funds.length === 1 ? t("a funds disc on {n} on each Tiger", { n: funds[0] })
      : t("funds discs: {discs}", { discs: Object.entries(p.funds).map(([tiger, n]) => `${tigerName(L, tiger)} ${n}`).join(", ") });
    const start = { name: p.name, energy: p.energy, science: p.science, discs, marker: p.global_market };
    items.push([`start-${p.id}`, campaign && p.science < 2
      ? t("{name}: energy {energy}, science {science} ({science} instead of 2: the campaign's failed goals); {discs}; global-market marker on {marker}", start)
      : t("{name}: energy {energy}, science {science}; {discs}; global-market marker on {marker}", start)]);
  }
  if (automa) {
    const a = view.players.find((p) => p.id === automa);
    const board = solo.automa_board || {};
    const sectors = Object.values(board.sectors || {}).map((x) => t("{first}–{last} + {good} factory",
      { first: x.pieces[0], last: x.pieces[x.pieces.length - 1], good: serverLabel(L, "goods", x.factory) || x.factory }));
    items.push(["automa-board", t("Automa ({colour}): its board beside yours — generic pieces 1–18 on the numbered spaces, a factory on each goods space ({sectors})",
      { colour: a ? colourWord(a.color) : t("its colour"), sectors: sectors.join("; ") })]);
    items.push(["automa-reserve", t("Automa's reserve: its 4 satellites, its headquarters and {n} generic pieces. No energy, science, goods or funds discs; global-market marker on {marker}",
      { n: board.reserve_generics ?? 6, marker: a ? a.global_market : 2 })]);
    items.push(["automa-tiles", solo.tiles_mode === "recorded" ? t("Automa: mix the 10 action tiles face down in a pile (you tell the app each tile you reveal)")
      : t("Automa: the app draws its action tiles (keep the 10 tiles at hand to show them)")]);
    if (solo.face_up && solo.face_up.length) {
      items.push(["campaign-tile", tn("Campaign: the goal tile face up beside the board ({tiles})", "Campaign: the goal tiles face up beside the board ({tiles})",
        solo.face_up.length, { tiles: solo.face_up.join(", ") })]);
    }
  }
  return items;
}

export function layoutItems(L, view) {
  const steps = view.setup_instructions && view.setup_instructions.steps;
  if (steps && steps.length) return [...steps.map((text, i) => [`step-${view.era}-${i}`, text]), ...boxItems(L, view)];
  const b = view.board;
  const entered = (view.options && view.options.setup) || {};
  const byTable = (kind) => (entered[kind] !== undefined ? ` ${t("(as the table drew it)")}` : "");
  const items = [];
  for (const tiger of Object.keys(b.prosperity_tokens)) {
    const region = b.region_tokens[tiger] ? `${t("the {token} token", { token: regionLabel(L, b.region_tokens[tiger]) })}${byTable("region_tokens")}` : t("no region token");
    const prosperity = t("the {token} token", { token: prosperityLabel(L, b.prosperity_tokens[tiger], view.player_count) });
    items.push([`tokens-${tiger}`, html`<strong>${tigerName(L, tiger)}</strong>${`: ${prosperity}${byTable("prosperity_tokens")}; ${region}`}`]);
  }
  for (const [c, info] of Object.entries(b.centers)) {
    if (info.workers.includes("setup")) {
      const [before, between, after] = t("A {worker} worker on {centre}", { worker: "\u0001", centre: "\u0001" }).split("\u0001");
      items.push([`setup-${c}`, html`${before}<strong>${info.worker_type}</strong>${between}<strong>${centerLabel(L, c)}</strong>${after}${byTable("setup_workers")}`]);
    }
  }
  items.push(["turn-order", html`${t("Turn order:")}${" "}${view.turn_order.map((id, i) => html`${i ? ` ${t("then")} ` : ""}<${Who} view=${view} id=${id} />`)}${byTable("turn_order")}`]);
  for (const p of view.players) {
    const goods = Object.entries(p.goods).map(([g, n]) => `${n} ${serverLabel(L, "goods", g) || g}`).join(", ");
    const team = { aside: p.set_aside.length ? { and: p.set_aside } : t("none"), team: p.team.join(" ") || t("empty") };
    const facts = `${goods ? t("starting good {goods}; ", { goods }) : ""}${t("set aside {aside}; team area left to right: {team}", team)}${byTable("workers")}`;
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
    <p role="status">${left ? t("{left} of {total} still to do.", { left, total: items.length }) : t("All laid out.")}</p>`;
}

export function LayoutScreen({ s }) {
  const view = s.game && s.game.view && s.game.view.view;
  if (!view) return html`<main class="screen"><${GameHeader} s=${s} current="layout" title=${t("Lay out the table")} /><p>${t("Loading…")}</p></main>`;
  return html`<main class="screen">
    <${GameHeader} s=${s} current="layout" title=${view.era === 2 ? t("Era II: lay out the table") : t("Lay out the table")} />
    <p class="hint">${t("What the app drew, to put on the table. Tick each line when it is done (only on this phone).")}</p>
    ${(s.game.view.edition || {}).status === "PLACEHOLDER" && html`<p class="hint" data-testid="placeholder-note">${t("This edition's printed values are placeholders: the numbers on your copy's tokens may differ from the ones here.")}</p>`}
    <${Checklist} s=${s} view=${view} />
    <p><a class="button primary" href=${`#/g/${s.game.game_id}`}>${t("To the first turn: {player}", { player: playerName(view, view.turn_order[0]) })}</a></p>
    <${GameDetails} s=${s} />
  </main>`;
}
